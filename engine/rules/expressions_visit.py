"""One walk over the typed tree of a compiled expression, for every reader of it.

:class:`ExprVisitor` dispatches on a node's type to one method per kind of node (``int_lit``,
``bool_lit``, ``name``, ``unary``, ``binary``, ``compare``, ``call``, ``hand_call``), each
returning a value of the visitor's result type. A kind a visitor does not override goes to
:meth:`ExprVisitor.other`, which raises; a visitor without a form for some node (the batch
engine has none for card-set calls, the rule book no words for some constructs) overrides
``other`` to raise its own error. The readers are the closure compiler of scalar evaluation
(:mod:`engine.rules.expressions_compile`), the batch engine's vectors and its bound on
intermediate values (:mod:`engine.batch.scoring`) and the rule book's words
(:mod:`engine.text.rulebook.conditions`); each reads :attr:`CompiledExpression.tree
<engine.rules.expressions.CompiledExpression.tree>`, so the text is parsed once, when the
variant compiles.

>>> from engine.rules.expressions_parse import parse
>>> class Depth(ExprVisitor[int]):
...     def int_lit(self, node: IntLit) -> int: return 1
...     def name(self, node: Name) -> int: return 1
...     def binary(self, node: Binary) -> int:
...         return 1 + max(self.visit(node.left), self.visit(node.right))
>>> Depth().visit(parse("1 + 2 * makers.tricks"))
3
>>> Depth().visit(parse("not alone"))
Traceback (most recent call last):
  ...
TypeError: Depth has no form for Unary
"""

from __future__ import annotations

from typing import Generic, TypeVar

from engine.rules.expressions_tree import (
    Binary,
    BoolLit,
    Call,
    Compare,
    Expr,
    HandCall,
    IntLit,
    Name,
    Unary,
)

__all__ = ["ExprVisitor"]

R = TypeVar("R")

_METHODS: dict[type, str] = {
    IntLit: "int_lit", BoolLit: "bool_lit", Name: "name", Unary: "unary", Binary: "binary",
    Compare: "compare", Call: "call", HandCall: "hand_call",
}
"""The method of :class:`ExprVisitor` that each kind of node goes to."""


class ExprVisitor(Generic[R]):
    """The base of every walk over an expression's typed tree: :meth:`visit` calls the method
    named for the node's kind; a kind not overridden goes to :meth:`other`."""

    __slots__ = ()

    def visit(self, node: Expr) -> R:
        """The result for ``node``, from the method for its kind."""
        method: str = _METHODS[type(node)]
        result: R = getattr(self, method)(node)
        return result

    def other(self, node: Expr) -> R:
        """A node whose kind this visitor has no method for: raise (override to raise the
        visitor's own error)."""
        raise TypeError(f"{type(self).__name__} has no form for {type(node).__name__}")

    def int_lit(self, node: IntLit) -> R:
        """A whole number."""
        return self.other(node)

    def bool_lit(self, node: BoolLit) -> R:
        """``true`` or ``false``."""
        return self.other(node)

    def name(self, node: Name) -> R:
        """A name of the scope."""
        return self.other(node)

    def unary(self, node: Unary) -> R:
        """``-x`` or ``not x``."""
        return self.other(node)

    def binary(self, node: Binary) -> R:
        """``+ - * and or``."""
        return self.other(node)

    def compare(self, node: Compare) -> R:
        """A comparison chain."""
        return self.other(node)

    def call(self, node: Call) -> R:
        """``min``, ``max``, ``abs`` or ``if``."""
        return self.other(node)

    def hand_call(self, node: HandCall) -> R:
        """``count(hand, cards)`` or ``holds(hand, cards)``."""
        return self.other(node)
