"""The scoring table and the renege penalty in words: the parts of a variant that the
``score`` mechanic's section names (``scoring.table``, ``penalties.renege``) but that are the
variant's, not a mechanic's.

>>> from engine import load_variant
>>> rows = table_rules(load_variant("standard"))
>>> rows[0].text
'Made — the makers take 3 or 4 tricks: the makers score 1.'
"""

from __future__ import annotations

from engine.core.printable import printable
from engine.mechanics.base import Rule
from engine.mechanics.registry import flow_words
from engine.mechanics.wording import join, setting
from engine.rules.expressions import CompiledExpression
from engine.rules.scoring import ScoreRow
from engine.rules.variant import Variant
from engine.text.rulebook.conditions import Vocabulary, condition_words, value_words
from engine.text.rulebook.words import CALLED, Party, party, sides_kind

__all__ = ["award_words", "renege_penalty_rules", "table_rules"]


def table_rules(v: Variant) -> list[Rule]:
    """Each row of the scoring table in words (``scoring.table``)."""
    return [Rule(text=_row_text(v, row)) for row in v.scoring.rows]


def renege_penalty_rules(v: Variant) -> list[Rule]:
    """The renege penalty (``penalties.renege``), or why there is none."""
    if v.renege.allowed:
        text = _renege_text(v)
        return [Rule(text=text[0].upper() + text[1:])]
    return [Rule(text="There is no renege penalty, since reneges are refused.",
                 alternative=f"With {setting('penalties.renege.allowed', 'true')}, "
                 f"{_renege_text(v)}")]


def _vocabulary(v: Variant, receiver: Party | None = None,
                tricks_of: Party | None = None) -> Vocabulary:
    noun = next((w.bid_noun for w in flow_words(v) if w.bid_noun),
                None)  # the auction's words name a special bid by its label
    specials = tuple((name, printable(noun(v, name) if noun else name))
                     for name, _, _ in v.scoring.space.specials)
    return Vocabulary.for_scoring(
        kind=sides_kind(v), hand_size=v.deal.hand_size,
        special_bids=specials, receiver=receiver,
        tricks_of=tricks_of)


_DEFENDERS_TOGETHER = Party(subject="the defenders", plural=True, pronoun="they")
"""Whose tricks ``tricks`` counts for each defender where the defenders are one side for the
hand (``maker_vs_rest``, a called partner): theirs together (``Variant.award_points``)."""


def _row_text(v: Variant, row: ScoreRow) -> str:
    label = printable(row.label).replace("_", " ").capitalize() + " — " if row.label else ""
    when = condition_words(row.when, _vocabulary(v))
    when_text = when if when is not None else f"when `{printable(row.when.text)}`"
    if _without_maker(v, row):  # every player scores as a defender (no_maker)
        awards = [award_words(v, row.defenders, makers=False, every_player=True)]
    else:
        awards = [award_words(v, row.makers, makers=True), award_words(v, row.defenders,
                                                                       makers=False)]
    said = [text for text in awards if text]
    return f"{label}{when_text}: {join(said) if said else 'nobody scores'}."


def _without_maker(v: Variant, row: ScoreRow) -> bool:
    """The row applies only to hands nobody made (``no_maker``)."""
    table = v.scoring
    applies = [outcome for outcome, index in table.row_of.items() if index == row.index]
    return bool(applies) and all(outcome.no_maker for outcome in applies)


def award_words(v: Variant, expression: CompiledExpression, *, makers: bool,
                every_player: bool = False) -> str:
    """What one party receives in words (``the makers score 2``); empty for nothing
    (``every_player``: a hand without a maker, where every player is scored alike)."""
    who = party(kind=sides_kind(v), makers=makers, players=v.players)
    if every_player:
        who = (Party(subject="each side", plural=False, pronoun="it")
               if v.sides.kind == "teams" else Party(subject="each player", plural=False,
                                                      pronoun="he"))
    if expression.text.strip() == "0":
        return ""
    together = not makers and not every_player and not who.plural and sides_kind(v) in (
        "maker_vs_rest", CALLED)
    tricks_of = _DEFENDERS_TOGETHER if together else None
    cases = value_words(expression, _vocabulary(v, receiver=who, tricks_of=tricks_of))
    if cases is None:
        return (f"{who.subject} {who.verb('score', 'scores')} `{printable(expression.text)}` "
                "points")
    terms = [_term(who, value, together=together) + (f" if {condition}" if condition else "")
             for condition, value in cases]
    return f"{who.subject} {join(terms) if len(terms) < 3 else '; '.join(terms)}"


def _term(who: Party, value: int | str, *, together: bool = False) -> str:
    score, lose = who.verb("score", "scores"), who.verb("lose", "loses")
    if value == "tricks":
        if together:  # each defender scores the tricks of the defenders' side
            return f"{score} 1 point for each trick the defenders took together"
        return f"{score} 1 point for each trick {who.pronoun} took"
    if isinstance(value, int):
        if value == 0:
            return f"{score} nothing"
        return f"{score} {value}" if value > 0 else f"{lose} {-value}"
    if value.startswith("-"):
        return f"{lose} as many points as {value[1:]}"
    return f"{score} as many points as {value}"


def _renege_text(v: Variant) -> str:
    rules = v.renege
    teams = v.sides.kind == "teams"
    offender = _penalty_words(rules.offender, "the offending side" if teams else "the offender")
    opponents = _penalty_words(rules.opponents, "the other side" if teams else "each opponent")
    said = join([text for text in (offender, opponents) if text]) or "nothing changes"
    if rules.void_hand:
        return (f"if a player reneged during the hand, the hand's own score is cancelled and "
                f"{said} (STD-A8).")
    return (f"if a player reneged during the hand, the hand is scored as played and in "
            f"addition {said} (GH-A11).")


def _penalty_words(expression: CompiledExpression, subject: str) -> str:
    who = Party(subject=subject, plural=False, pronoun="he")
    if expression.text.strip() == "0":
        return ""
    words = Vocabulary(hand_size=0, flags={"alone": ("the maker played alone",
                                                     "the maker did not play alone")})
    cases = value_words(expression, words)
    if cases is None:
        return f"{subject} scores `{printable(expression.text)}` points"
    terms = [_term(who, value) + (f" if {condition}" if condition else "")
             for condition, value in cases]
    return f"{subject} {join(terms)}"
