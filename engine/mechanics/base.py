"""What every mechanic module provides: one :class:`Mechanic` declares all of it.

A mechanic is one step of a hand (deal, upcard bidding, going alone, ...). Its module holds,
and names in one ``MECHANIC = Mechanic(...)`` value:

- ``key``: its name in a variant's ``flow`` and the key of its YAML block;
- ``schema``: its block's JSON-schema fragment (``None``: no block); ``tools/build_schema.py``
  assembles the fragments with :mod:`engine.rules.schema_base` into the checked-in schema;
- ``compile(ctx)``: reads its resolved block through the compiler's
  :class:`~engine.rules.mechanic_rules.CompileContext`, reports located errors and returns its
  frozen, slotted, keyword-only config record (``variant.rules_of(Record)`` gives it back);
- ``block``: the :class:`~engine.rules.config_fields.Block` of that record, whose fields declare
  each setting once (``option(...)``): it makes ``schema`` and ``compile`` (with the mechanic's
  ``check`` hook) and the defaults ``euchre show`` adds;
- flow constraints: ``required`` (every flow has it), ``chooses_trump``, ``after_trump``,
  ``group`` (a flow needs exactly one of the group) and ``check_flow`` for the rest;
- ``space``: its part of the scoring outcome space (lone hands, bids);
- ``phase``: the :class:`Phase` subclass the interpreter runs (``start``/``legal``/``apply``/
  ``reason``/``describe``); its ``start`` puts the phase's own :class:`Scratch` record (what
  only the running phase keeps: a queue, a round, a high bid) in ``s.hand.scratch``, and it calls
  ``s.advance()`` when it is over (the state then starts the next phase: a loop, never a
  phase inside another); ``s.make(maker)`` records the maker and the sides of the hand;
- ``kinds``: the action kinds it introduces (:func:`engine.core.actions.declare_kind`);
- ``words``: narration verbs per action kind, the prompt question, and its section of the
  rule book (``title`` and ``rules``: :class:`Rule` lines, plain strings, or a
  :class:`BookPart` where the book puts its own words for a part of the variant that is no
  mechanic's, such as the scoring table); ``euchre rules`` reads every phase's section here.
  The lines are written in the mechanic's module, or in a sibling ``<key>_words`` module when
  the mechanic's would pass 400 lines (auction) (:func:`book_lines` hands them the config record);
- ``decide``: the hook a bot uses to choose among its actions (``decide(tools, view, legal)``,
  ``tools`` being the :class:`BotTools` the heuristic bot implements);
- ``result``: its part of the hand's result (a :class:`ResultHook`: the
  :class:`ResultPart` type, and the builder the score phase calls), and ``stats``: the
  figures it adds to simulation reports (:class:`StatsHook`).

Why a value and not a subclass: the rules layer reads it through the
:class:`~engine.rules.mechanic_rules.MechanicRules` protocol without importing this layer, and a
test builds a toy mechanic in a few lines. Adding one: a module + a line in the registry.

A phase object is configured by the variant and shared by every state of that variant. The
state holds all the data (the hand in progress in ``s.hand``, a
:class:`~engine.mechanics.hand.Hand`; in a hot loop bind ``h = s.hand`` once); a phase only reads
and changes it. ``legal`` is the single source of truth: ``apply`` is only called with an
action from ``legal`` (``State.check`` decides, for ``State.can`` and ``State.apply`` alike),
and ``reason`` explains why any other action is refused: a
:class:`~engine.core.errors.Refused`, its :class:`~engine.core.errors.Refusal` kind and the
player's words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self, TypeVar

from engine.core.actions import ActionKind, cards_to_actions
from engine.core.errors import Refusal, Refused
from engine.mechanics.bot_tools import BotTools
from engine.mechanics.parts import Part, SaysItself, Slotted, Speaker, ViewHook, ViewPart
from engine.rules.config_fields import Block
from engine.rules.mechanic_rules import CompileContext, FlowCheck, OutcomeSetting
from engine.rules.results import ResultHook, ResultPart

if TYPE_CHECKING:
    from engine.core.errors import VariantWarning
    from engine.core.play_position import PlayPosition
    from engine.mechanics.hand import Hand
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.resolved import Resolved
    from engine.rules.source_rows import KeyedList
    from engine.rules.variant import Variant

__all__ = ["DISCARD_STEP", "LEGAL_NOW", "OFFER_STEP", "TERMINAL", "BookLine", "BookPart",
           "BotTools", "ExchangeScratch", "Figure", "Mechanic", "Part", "Phase", "Refusal",
           "Refused", "ResultHook", "ResultPart", "Rule", "SaysItself", "Scratch", "StatsHook",
           "ViewHook", "ViewPart", "Words", "book_lines", "cards_to_actions"]

LEGAL_NOW = "; legal now: "
"""Where the default refusal lists the legal actions by name, for a program; the terminal,
which numbers its options in words, says the reason without that list."""

TERMINAL = -1
"""``State.current_player`` once the game is over."""


class Phase:
    """Base class: subclasses set ``name`` and override the four methods."""

    name = "phase"

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.players = variant.players

    def start(self, s: Table) -> None:
        """Begin the phase: set ``s.current``, or call ``s.advance()`` when there is nothing
        to decide."""
        s.advance()

    def legal(self, s: Table) -> list[int]:
        """The legal action ids for ``s.current``, ascending."""
        return []

    def apply(self, s: Table, action: int) -> None:
        """Carry out a legal action."""
        raise NotImplementedError(self.name)

    def accepts_renege(self, s: Table, action: int) -> bool:
        """Whether ``action``, not legal, is a renege the variant allows (only in ``play``)."""
        return False

    def apply_renege(self, s: Table, action: int) -> None:
        """Carry out a renege that :meth:`accepts_renege` allowed."""
        raise NotImplementedError(self.name)

    def reason(self, s: Table, action: int) -> Refused:
        """Why ``action`` (an action id of the variant, not legal now and not an accepted
        renege) is refused: its :class:`~engine.core.errors.Refusal` kind and the player's
        words. Asked by :meth:`State.check <engine.play.state.State.check>` only."""
        legal = ", ".join(s.action_name(a) for a in self.legal(s))
        return Refused(Refusal.WRONG_PHASE,
                       f"it is not an action of the {self.describe(s)}{LEGAL_NOW}{legal}")

    def describe(self, s: Table) -> str:
        """A few words naming where the hand is (``bidding, round 2``)."""
        return self.name.replace("_", " ")

    def solver_position(self, s: Table) -> PlayPosition | None:
        """The exact solver's position (hands face up); None but in the play."""
        return None

    shows_view = True
    """Its mechanic's ``view`` hook may show something in this configuration (a subclass
    that never does says False: the hook is then not asked)."""

    def hides_hand(self, s: Table, seat: int) -> bool:
        """Whether ``seat`` may not see his own cards now (a dealer naming trump blind): his
        view then shows none."""
        return False


class Scratch(Slotted):
    """Base of a mechanic's per-hand scratch record: what only the running phase keeps (whose
    turn in a queue, the bidding round, the high bid). The hand holds the running phase's
    record in ``s.hand.scratch``; a new one is made at each phase start and dropped at its end.
    Subclasses are slotted dataclasses; :meth:`copy` copies their lists (for ``clone``)."""

    __slots__ = ()


    @classmethod
    def of(cls, h: Hand) -> Self:
        """The hand's running scratch record, checked to be of this class (a phase reads its
        own record: any other is a bug)."""
        x = h.scratch
        if type(x) is not cls:
            raise AssertionError(f"the hand's scratch is {type(x).__name__}, not {cls.__name__}")
        return x

    def question(self) -> str:
        """The prompt's question where the mechanic's own would not say what the choice means
        to the seat asked (a defender asked to go alone defends alone); empty: the own."""
        return ""

    def discard_question(self, hint: str) -> str:
        """The prompt's question while the running phase asks for discards of its own kind
        (``Discard 2 cards face down; your partner then gives you as many``), ``hint`` added
        where one answer may name several cards; empty: discard down to the hand size."""
        return ""


OFFER_STEP, DISCARD_STEP = 0, 1
"""The two steps of an exchange of cards (dealer pickup, dummy merge): the offer to take the
cards (optional modes), then the discards."""


@dataclass(slots=True, kw_only=True)
class ExchangeScratch(Scratch):
    """Where an exchange of cards is: the offer (optional modes) or the discards."""

    step: int = DISCARD_STEP


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    """One rule of the rule book in plain English. ``alternative`` says, when the rule is a
    choice among house rules, what the other choice would be and which setting makes it."""

    text: str
    alternative: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BookPart:
    """A place in a mechanic's rule-book lines where the book puts its own words for a part
    of the variant that belongs to no mechanic: ``scoring.table`` (each row of the scoring
    table in words) or ``penalties.renege`` (the renege penalty)."""

    key: str


BookLine = str | Rule | BookPart
"""One line of a mechanic's section of the rule book (a string is a rule with no
alternative)."""

_Config = TypeVar("_Config")


def book_lines(record: type[_Config], lines: Callable[[Variant, _Config], Sequence[BookLine]]
               ) -> Callable[[Variant], Sequence[BookLine]]:
    """Rule-book lines written against a mechanic's config record: ``lines(variant, config)``
    with ``config = variant.rules_of(record)`` (the book only asks a mechanic of the flow, so
    the record is there). It lets a sibling ``*_words`` module take the record as an argument
    instead of importing the mechanic module that imports it."""

    def declared(variant: Variant) -> Sequence[BookLine]:
        return lines(variant, variant.rules_of(record))

    return declared


Offers = Callable[["Variant", list[str]], list[str]]
"""What a mechanic's legal actions offer, in a player's words (``order up``, ``bid 3 to 5``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Words:
    """How a mechanic's actions read.

    ``verbs``: the narration of each action kind it lists (``orders up``), a template that may
    use ``{card}`` (the card, shown), ``{card_words}`` (the card in words: ``the ace of
    spades``), ``{suit}`` (the suit named as trump), ``{arg}`` and
    ``{extra_hand}`` (the hand a swap takes). ``prompt``: the question at the ``euchre play``
    prompt; ``{offers}`` is replaced by what ``offers`` lists for the legal actions, joined.
    ``title``: the heading of its section of the rule book (default: the key, capitalised);
    ``rules``: the section's lines for a variant (see :data:`BookLine`; :func:`book_lines`
    passes the config record). Narration also asks, where a mechanic has them: ``verb``,
    an action's verb phrase in the variant's words where a template cannot say it (a special
    bid, a show by its label; None: the template); ``bid_noun`` and ``on_bid``, a winning bid
    in words (``shoot the moon``; ``on a bid to shoot the moon``); ``terms``, names the
    templates may use (``extra_hand``: the hand a swap takes)."""

    verbs: Mapping[str, str] = field(default_factory=dict)
    dealer_verbs: Mapping[str, str] = field(default_factory=dict)
    """An action kind's narration when the dealer takes it (``picks it up``), if it differs."""
    prompt: str = ""
    offers: Offers | None = None
    title: str = ""
    rules: Callable[[Variant], Sequence[BookLine]] | None = None
    verb: Callable[[Variant, str, str], str | None] | None = None
    bid_noun: Callable[[Variant, int | str], str] | None = None
    on_bid: Callable[[Variant, int | str], str] | None = None
    terms: Callable[[Variant], Mapping[str, str]] | None = None
    trumpless: Callable[[Variant], tuple[int, ...]] | None = None
    """The trumpless contracts (``NO_TRUMP``, ``LOW_NO_TRUMP``) a maker may make in this
    mechanic, for the rule book's ranks."""
    to_act: Callable[[View, Speaker], list[str]] | None = None
    """Lines to the seat to act in its phase, before his hand (``You hold 7 cards: ...``)."""
    sides: str = ""
    """The kind of sides the rule book names when this mechanic decides them in each hand
    (``called``: the maker and the partner he calls), and ``players``, its paragraph on who
    plays with whom; empty: the variant's fixed kind of sides says it."""
    players: str = ""
    order: Callable[[Variant, str], int] | None = None
    """Where an offer (an action's name) stands in the list a player reads, lowest first (a
    bid table's rank order; a stable sort keeps ties in the engine's order); None: that order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Figure:
    """One figure a mechanic adds to simulation reports (``euchre simulate``): the counter
    its result parts count (:meth:`ResultPart.counts`) or its ``game`` hook adds to, written
    only when it is not zero."""

    name: str
    """The report's key, and the counter's name."""
    rank: int
    """Its place among the report's optional figures (the core's: ``reneges`` 40, ``no_maker``
    50), so that reports keep the order they have always had."""
    rate: bool = True
    """Written as a rate over the hands scored (else as a count)."""
    per_seat: bool = False
    """Also written in each seat's figures (as a count)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StatsHook:
    """What a mechanic adds to simulation reports: its figures, and ``game``, the counts a
    finished game adds beyond its hands' parts (``(figure, how many)``)."""

    figures: tuple[Figure, ...]
    game: Callable[[Table], Sequence[tuple[str, int]]] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Mechanic:
    """Everything about one mechanic (see the module docstring)."""

    key: str
    phase: type[Phase]
    schema: Mapping[str, Any] | None = None
    config: type | None = None
    compile: Callable[[CompileContext], object] | None = None
    check_flow: Callable[[FlowCheck], None] | None = None
    space: Callable[[Any], Mapping[str, Any]] | None = None
    required: bool = False
    chooses_trump: bool = False
    after_trump: bool = False
    group: tuple[str, str] | None = None
    kinds: tuple[ActionKind, ...] = ()
    words: Words = field(default_factory=Words)
    decide: Callable[[BotTools, View, list[int]], int] | None = None
    block: Block[Any] | None = None
    """The config record's block (:class:`~engine.rules.config_fields.Block`): what made
    ``schema`` and ``compile``, and what ``euchre show`` orders the block by."""
    batch: str | None = None
    """Its batch form, ``"module:Class"`` (a module of ``engine/mechanics/`` beside this one:
    ``engine.mechanics.go_alone_batch:GoAlone``), a
    :class:`~engine.mechanics.batch.hand.BatchForm`; named, not imported, so that only the batch
    engine imports it (and numpy). None: the batch engine cannot play a flow with it."""
    decisions: Callable[[Variant], int] | None = None
    """The decisions its phase may add to one deal beyond the few a seat that the adapters'
    bound allows any phase (:func:`engine.adapters.game_shape.decisions_per_deal`): an
    auction's round of passes per bid level. None: no more than those."""
    result: ResultHook[Table] | None = None
    stats: StatsHook | None = None
    part: type[Part] | None = None
    """Its per-hand part (:class:`Part`), made fresh at each deal; None: it keeps none."""
    view: ViewHook | None = None
    """Its part of a seat's view (:class:`ViewPart`); None: it shows nothing of its own."""
    needs_maker: bool = False
    """It runs only in a hand with a maker; ``uses_upcard``: it uses the upcard;
    ``decides_sides``: it decides the makers' side during the hand; ``outcome_settings``: its
    settings that decide a hand's outcomes; ``warnings``: its own warnings about a valid file
    (each as :class:`~engine.rules.mechanic_rules.MechanicRules` says)."""
    uses_upcard: bool = False
    decides_sides: bool = False
    outcome_settings: tuple[OutcomeSetting, ...] = ()
    warnings: Callable[[Resolved], Sequence[VariantWarning]] | None = None
    lends_a_hand: bool = False
    """The maker may take another hand into his own (a dummy): the bots count its help."""
    keyed_lists: tuple[KeyedList, ...] = ()
    """The list of its block that a child file may edit by its items' names, as the scoring
    table by label (:class:`~engine.rules.source_rows.KeyedList`; one a block)."""
    contract: Callable[[Table], Mapping[str, int | str]] | None = None
    """The settings of other mechanics that the hand's contract fixes (a bid table's per-bid
    ``settings``), by their path (``pass_cards.cards``); read with ``Table.contract_setting``."""
    contract_settings: tuple[str, ...] = ()
    """Its settings that a contract may fix (see :attr:`contract`)."""
    show_notes: Callable[[Variant], Mapping[str, str]] | None = None
    """What ``euchre show`` notes beside settings of its block, by key, from the compiled
    variant (the bid table's bids, a setting the table leaves unused)."""
