"""The rules side of a mechanic, and the ordered registry the rules layer reads.

The rules layer (schema, loader, compiler) must not import the mechanics, which sit above it.
So it declares here what it needs from one (:class:`MechanicRules`: its YAML key, its schema
block, how it compiles that block and which flow orders it accepts) and keeps the ordered
:data:`REGISTRY` that :mod:`engine.mechanics.registry` fills when it is first used. The
registry's ``version`` changes with every registration, so caches built from it (the
assembled schema) know when to rebuild.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from engine.core.errors import Location, VariantWarning
    from engine.rules.expressions import CompiledExpression, Scope, Type
    from engine.rules.resolved import Resolved
    from engine.rules.results import ResultHook
    from engine.rules.source_rows import KeyedList
    from engine.rules.variant import DealRules, Sides
    from engine.rules.yamlsource import Path_

__all__ = ["REGISTRY", "CompileContext", "FlowCheck", "MechanicRules", "OutcomeSetting",
           "Registry"]


class OutcomeSetting(NamedTuple):
    """A setting that decides which outcomes a hand can have. When a scoring table inherited
    through ``extends`` has a gap or a dead row, the scoring check blames the first of these
    settings the file writes, by ``rank`` (most likely culprit first; the core's are ``flow``
    20, ``sides.kind`` and ``players`` 50, ``deck.jokers`` 70)."""

    rank: int
    path: Path_


class CompileContext(Protocol):
    """What the compiler offers a mechanic compiling its block."""

    @property
    def data(self) -> dict[str, Any]:
        """The whole resolved document (defaults filled in)."""

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def sides(self) -> Sides:
        """The compiled ``sides``."""

    @property
    def flow(self) -> tuple[str, ...]:
        """The flow as written."""

    @property
    def deal(self) -> DealRules:
        """The compiled deal (the deal mechanic compiles first)."""

    def deck_cards(self) -> tuple[int, ...]:
        """The cards of the deck."""

    def deck_size(self) -> int:
        """How many cards the deck holds as written, jokers and every copy counted (also when
        the deck is refused, so that later checks count what the file meant)."""

    def fail(self, message: str, path: Path_, hint: str = "", *, key: bool = False,
             also: tuple[Path_, ...] = ()) -> None:
        """Report a located error about ``path``; ``also`` names the other settings of a
        check across settings: the error is then at the first of ``path`` and ``also`` the
        file being checked writes itself, naming where the inherited ones come from."""

    def expr(self, value: Any, scope: Scope, expected: Type, path: Path_
             ) -> CompiledExpression | None:
        """Compile an expression, reporting a located error on failure."""

    def cause(self, settings: tuple[Path_, ...]) -> Path_:
        """The first of ``settings`` that the file being checked writes itself."""

    def inherited(self, settings: tuple[Path_, ...], blame: Path_) -> str:
        """Where the inherited ones among ``settings`` come from (for a message)."""

    def award_names(self) -> Sequence[str]:
        """The names a scoring award may use, given only the deal (names a bid may not take)."""

    def locate(self, path: Path_) -> Location:
        """Where a path of the document was written."""


class FlowCheck(Protocol):
    """What the compiler offers a mechanic checking where the flow puts it."""

    @property
    def flow(self) -> tuple[str, ...]:
        """The flow as written."""

    @property
    def deal(self) -> DealRules:
        """The compiled deal."""

    @property
    def makers(self) -> bool:
        """Some hand can have a maker (false when every upcard fixes trump, unbid)."""

    def where(self, phase: str) -> Path_:
        """The path of ``phase`` in the flow (the flow itself when it is absent)."""

    def fail(self, message: str, path: Path_, hint: str = "", *,
             also: tuple[Path_, ...] = ()) -> None:
        """Report a located error (``also``: as :meth:`CompileContext.fail`)."""


class MechanicRules(Protocol):
    """The part of a mechanic the rules layer reads (:class:`engine.mechanics.base.Mechanic`)."""

    @property
    def key(self) -> str:
        """Its name in ``flow`` and the key of its block."""

    @property
    def schema(self) -> Mapping[str, Any] | None:
        """Its block's JSON-schema fragment, or None when it takes no block."""

    @property
    def required(self) -> bool:
        """Every flow has it; its block is never dropped as unused."""

    @property
    def chooses_trump(self) -> bool:
        """It is where trump is chosen (phases that come after trump check against it)."""

    @property
    def after_trump(self) -> bool:
        """It must come after trump is chosen."""

    @property
    def group(self) -> tuple[str, str] | None:
        """``(group, hint)``: a flow needs exactly one mechanic of ``group``."""

    @property
    def compile(self) -> Callable[[CompileContext], object] | None:
        """Compiles its block into its config record (None: it has no config)."""

    @property
    def check_flow(self) -> Callable[[FlowCheck], None] | None:
        """Reports flows it cannot run in (called for every registered mechanic)."""

    @property
    def space(self) -> Callable[[Any], Mapping[str, Any]] | None:
        """Its part of the scoring outcome space, from its config."""

    @property
    def result(self) -> ResultHook[Any] | None:
        """Its part of a hand's result (None: it adds nothing to it)."""

    @property
    def needs_maker(self) -> bool:
        """It runs only in a hand with a maker (bidding, what the maker's side does): never
        when no hand can have one (the rule book leaves it out, a file is warned)."""

    @property
    def uses_upcard(self) -> bool:
        """It bids on the upcard or gives it to a player: a flow with no such phase deals an
        upcard for nothing."""

    @property
    def decides_sides(self) -> bool:
        """It decides the makers' side during the hand (a called partner): ``score_hand``
        then takes that side (``makers``)."""

    @property
    def outcome_settings(self) -> tuple[OutcomeSetting, ...]:
        """Its settings that decide which outcomes a hand can have."""

    @property
    def warnings(self) -> Callable[[Resolved], Sequence[VariantWarning]] | None:
        """Its warnings about settings a valid file writes that cannot affect play, asked when
        it is in the flow (see :mod:`engine.rules.variant_warnings`)."""

    @property
    def keyed_lists(self) -> tuple[KeyedList, ...]:
        """The list in its block that a child file may edit by its items' names (the
        auction's special bids by name, :mod:`engine.rules.source_rows`); one a block."""

    @property
    def contract_settings(self) -> tuple[str, ...]:
        """Its settings that the hand's contract may fix (``pass_cards.cards``), which it reads
        with ``Table.contract_setting``."""


class Registry:
    """The registered mechanics, in order (the order of the schema's blocks and ``flow`` enum).

    The package ``engine`` names, with :meth:`fill_on_first_use`, the import that registers
    the built-in mechanics; it runs when the registry is first read or added to, so that a
    command that loads no variant (``euchre --help``) never imports the mechanics.
    """

    def __init__(self) -> None:
        self._items: dict[str, MechanicRules] = {}
        self._version = 0
        self._fill: Callable[[], object] | None = None

    def fill_on_first_use(self, fill: Callable[[], object]) -> None:
        """Run ``fill`` (an import that registers mechanics) before the registry is first
        used. An import may run again while it is running (it registers through
        :meth:`add`) and makes another thread wait until it is done."""
        self._fill = fill

    def _filled(self) -> dict[str, MechanicRules]:
        fill = self._fill
        if fill is not None:
            fill()
            self._fill = None
        return self._items

    @property
    def version(self) -> int:
        """Changes with every registration and removal (caches built from it rebuild)."""
        self._filled()
        return self._version

    def add(self, mechanic: MechanicRules) -> None:
        """Register one more mechanic (its key must be new)."""
        items = self._filled()
        if mechanic.key in items:
            raise ValueError(f"a mechanic {mechanic.key!r} is already registered")
        items[mechanic.key] = mechanic
        self._version += 1

    def remove(self, key: str) -> None:
        """Unregister a mechanic (tests and plug-ins undo their registration)."""
        del self._filled()[key]
        self._version += 1

    def get(self, key: str) -> MechanicRules:
        """The mechanic of ``key``; raises ``KeyError``."""
        return self._filled()[key]

    def keys(self) -> tuple[str, ...]:
        """Every key, in registration order."""
        return tuple(self._filled())

    def __iter__(self) -> Iterator[MechanicRules]:
        return iter(tuple(self._filled().values()))

    def __contains__(self, key: object) -> bool:
        return key in self._filled()

    def select(self, phases: Iterable[str], declared: Callable[[MechanicRules], bool]
               ) -> tuple[str, ...]:
        """The keys among ``phases`` whose registered mechanic ``declared`` holds for, in
        their order (a key no mechanic has is left out)."""
        items = self._filled()
        return tuple(key for key in phases if key in items and declared(items[key]))

    def phase_keys(self) -> tuple[str, ...]:
        """Keys of optional mechanics with a block: dropped when the flow leaves them out."""
        return tuple(m.key for m in self if m.schema is not None and not m.required)


REGISTRY = Registry()
"""Filled by :mod:`engine.mechanics.registry`, imported when the registry is first used."""
