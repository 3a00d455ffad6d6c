"""The compiled, frozen form of a variant, and its pure rules API.

A :class:`Variant` is built only by :func:`engine.load_variant` (through the compiler); the
interpreter and the bots read these objects, never the YAML data.

>>> from engine import load_variant
>>> standard = load_variant("standard")
>>> standard.trick_winner("H", ["AH", "JD", "KS", "9H"])  # the left bower beats the ace
1
>>> result = standard.score_hand(dealer=3, maker=0, tricks=[2, 1, 1, 1], scores=[0, 0, 0, 0])
>>> result.deltas, result.game_over
((1, 0, 1, 0), False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from engine.core.errors import InvalidArgument, NoSuchMechanic
from engine.rules.deal_rules import DealRules
from engine.rules.deck_rules import (
    DealerRules,
    Deck,
    DrawDealer,
    DrawJoker,
    DrawPartners,
    FirstDealer,
)
from engine.rules.expressions import CompiledExpression
from engine.rules.game_end import GameRules, Goal, Tie, Win
from engine.rules.hand_checks import (
    check_alone,
    check_bid,
    check_hand,
    check_lone,
    check_makers,
    check_no_maker,
    contract_fields,
    lone_seats,
    parse_trump,
    seats_out,
    trick_cards,
)
from engine.rules.scoring import NO_MAKER, ContractOutcome, Outcome, ScoringTable

__all__ = ["DealRules", "DealerRules", "Deck", "DrawDealer", "DrawJoker", "DrawPartners",
           "FirstDealer",
           "GameRules", "Goal", "HandScore", "Renege", "Sides", "SidesKind", "Tie", "Variant",
           "Win"]

_FROZEN = {"frozen": True, "slots": True, "kw_only": True}
_T = TypeVar("_T")


class SidesKind(StrEnum):
    """``sides.kind``: fixed teams, everyone alone, or the maker against the rest."""

    TEAMS = "teams"
    INDIVIDUAL = "individual"
    MAKER_VS_REST = "maker_vs_rest"


@dataclass(**_FROZEN)
class Sides:
    """Who plays together. ``teams`` lists the fixed sides (one seat each unless ``teams``)."""

    kind: SidesKind
    teams: tuple[tuple[int, ...], ...]

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The fixed side (team, or the seat alone) that ``seat`` scores with."""
        for team in self.teams:
            if seat in team:
                return team
        raise InvalidArgument(f"seat {seat} does not exist")

    def hand_sides(self, maker: int) -> tuple[tuple[int, ...], ...]:
        """The sides of one hand, the makers' side first."""
        makers = self.side_of(maker)
        others = tuple(team for team in self.teams if team != makers)
        if self.kind is SidesKind.MAKER_VS_REST:
            rest = tuple(sorted(seat for team in others for seat in team))
            return (makers, rest)
        return (makers, *others)


@dataclass(**_FROZEN)
class Renege:
    """Renege penalty (``penalties.renege``)."""

    allowed: bool
    void_hand: bool
    offender: CompiledExpression
    opponents: CompiledExpression
    correct: bool = False
    """``correct: before_turned``: a renege may be taken back before the trick is turned
    (RENEGE-A1)."""

    def points(self, *, offenders: tuple[int, ...], players: int, maker_alone: bool
               ) -> tuple[int, ...]:
        """Each seat's points for one renege: ``offender`` to every seat of the offender's
        fixed side (``offenders``), ``opponents`` to every other seat (`euchre rules cutthroat`)."""
        env = {"alone": maker_alone}
        own, others = self.offender.evaluate(env), self.opponents.evaluate(env)
        return tuple(int(own) if seat in offenders else int(others) for seat in range(players))


@dataclass(**_FROZEN)
class HandScore:
    """What :meth:`Variant.score_hand` returns."""

    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]
    label: str
    row: int


@dataclass(frozen=True, slots=True, kw_only=True, eq=False, weakref_slot=True)
class Variant:
    """A compiled variant. Build it with :func:`engine.load_variant`.

    Variants compare and hash by identity (``eq=False``): the interpreter caches per-variant
    tables keyed by the object."""

    name: str
    description: str
    path: str
    source: str
    """The published rules it follows (``source:``), empty when the file names none."""
    players: int
    sides: Sides
    deck: Deck
    dealer: DealerRules
    flow: tuple[str, ...]
    deal: DealRules
    configs: Mapping[str, object]
    """Each mechanic's config record, by mechanic key (see :meth:`rules`)."""
    scoring: ScoringTable
    game: GameRules
    renege: Renege
    rules_json: str
    """The resolved rules as canonical JSON (what records hash)."""
    rules_hash: str

    def __repr__(self) -> str:
        return f"<Variant {self.name} from {self.path}>"

    def rules(self, record: type[_T]) -> _T | None:
        """The config record of type ``record`` (``variant.rules(GoAloneRules)``), or None when
        the flow has no mechanic configured by it (a mechanic reads its own: :meth:`rules_of`)."""
        for config in self.configs.values():
            if type(config) is record:
                return config
        return None

    def rules_of(self, record: type[_T]) -> _T:
        """The config record of type ``record`` of a mechanic the flow has (its phase, its
        rule-book lines); raises :class:`~engine.core.errors.NoSuchMechanic` if it has none."""
        if (found := self.rules(record)) is None:
            raise NoSuchMechanic(f"variant {self.name} has no mechanic configured by "
                                 f"{record.__name__} (its flow: {', '.join(self.flow)})")
        return found

    # -- pure rules API --------------------------------------------------------------------

    def trick_winner(self, trump: str | None, cards: Sequence[str]) -> int:
        """Index of the card that wins a trick, given trump and the card codes in the order
        played. Trump is a suit (``"H"``, ``"hearts"``), ``"N"`` (or ``None``,
        ``"no-trump"``) for no-trump, or ``"L"`` (``"low"``, ``"low no-trump"``) for low
        no-trump, where the lowest card of the suit led wins (BID-A9). At either the joker is
        the highest card (BID-A8), so a trick it leads is its own: it wins whatever the suit
        its leader named, which only says what the others had to follow."""
        return self.deck.tables(parse_trump(trump)).winner(trick_cards(self, cards))

    def score_hand(
        self,
        *,
        dealer: int,
        maker: int,
        tricks: Sequence[int],
        scores: Sequence[int],
        bid: int | str | None = None,
        alone: Sequence[int] = (),
        sitting_out: Sequence[int] = (),
        makers: Sequence[int] | None = None,
        hands_before: int = 0,
        forced: bool = False,
    ) -> HandScore:
        """Score one hand with this variant's table and game-end rules.

        Seats count from 0 clockwise; ``tricks`` and ``scores`` are per seat (partners carry
        equal scores); ``bid`` is the winning bid in auction games: a number, or a special
        bid's name (``moon``); ``alone`` lists the seats that played alone (a special bid
        played alone makes the maker alone without saying so); ``sitting_out`` the seats out
        of the hand (a lone player's partners sit out in any case): they take no tricks, and
        awards see them as ``out``. ``maker`` is -1 for a hand without a maker, in variants
        that have them (the ``no_maker`` scoring name). ``makers`` lists the makers' side when
        it was decided during the hand (a partner called by a card, ``call_partner``): the
        maker and the seat that held the called card, or the maker alone when nobody held it
        (then list him in ``alone`` too for lone scoring, CALL-A5); everyone else defends.
        Without it the makers are the maker's fixed side. ``hands_before``: the hands scored
        before this one (a game of ``game.hands`` hands ends at the last). A bid table's bid
        is its name (``6S``, ``misere``); ``forced``: the dealer was held to the stuck bid.

        >>> from engine import load_variant
        >>> bid = load_variant("bid-euchre")
        >>> moon = bid.score_hand(dealer=3, maker=0, tricks=[6, 0, 0, 0], scores=[0] * 4,
        ...                       bid="moon", sitting_out=[2])
        >>> moon.deltas, moon.label
        ((12, 0, 12, 0), 'moon')
        >>> bid.score_hand(dealer=3, maker=1, tricks=[2, 3, 1, 0], scores=[0] * 4,
        ...                bid=4).deltas  # set: -4 to the bidders, +1 a trick to the others
        (3, -4, 3, -4)
        >>> ace = load_variant("call-ace")  # seat 1 called the ace that seat 3 held
        >>> ace.score_hand(dealer=0, maker=1, makers=(1, 3), tricks=[0, 2, 0, 3, 0],
        ...                scores=[0] * 5).deltas  # a march: +2 to each of the side
        (0, 2, 0, 2, 0)
        """
        check_hand(self, dealer=dealer, maker=maker, tricks=tricks, scores=scores)
        alone = lone_seats(self, maker=maker, bid=bid, alone=alone)
        if makers is not None:
            makers = check_makers(self, maker=maker, makers=makers, alone=alone)
        outcome = self.outcome_of(maker=maker, tricks=tricks, bid=bid, alone=alone,
                                  makers=makers, forced=forced)
        sides = self.hand_sides(maker, makers) if maker >= 0 else ((),)
        if maker >= 0:
            check_alone(self, maker=maker, tricks=tricks, alone=alone, sitting_out=sitting_out,
                        sides=sides)
        out = seats_out(self, maker=maker, alone=alone, sitting_out=sitting_out, sides=sides)
        deltas = self.award_points(maker=maker, tricks=tricks, alone=alone, outcome=outcome,
                                   sitting_out=out, makers=makers)
        new_scores = tuple(s + d for s, d in zip(scores, deltas, strict=True))
        made = maker >= 0 and self.contract_made(maker=maker, tricks=tricks, bid=bid,
                                                 makers=makers)
        over, winners = self.game_result(new_scores, makers=sides[0], made=made,
                                         hands=hands_before + 1)
        row = self.scoring.row_for(outcome)
        return HandScore(deltas=deltas, scores=new_scores, game_over=over, winners=winners,
                         label=row.label, row=row.index)

    # -- pieces shared with the interpreter ---------------------------------------------------

    def hand_sides(self, maker: int, makers: Sequence[int] | None = None
                   ) -> tuple[tuple[int, ...], ...]:
        """The sides of a hand, the makers' first: the maker's fixed side and the others
        (:meth:`Sides.hand_sides`), or, when the makers' side was decided during the hand
        (``makers``: a called partner), those seats against all the others.

        >>> from engine import load_variant
        >>> load_variant("call-ace").hand_sides(1, (1, 3))
        ((1, 3), (0, 2, 4))
        """
        if makers is None:
            return self.sides.hand_sides(maker)
        side = tuple(sorted(makers))
        return (side, tuple(seat for seat in range(self.players) if seat not in side))

    def outcome_of(
        self, *, maker: int, tricks: Sequence[int], bid: int | str | None, alone: Sequence[int],
        makers: Sequence[int] | None = None, forced: bool = False,
    ) -> Outcome:
        """The scoring outcome of a hand (checks ``bid`` and ``alone`` against the rules;
        ``maker`` -1: a hand without a maker; ``makers``: see :meth:`hand_sides`)."""
        if maker < 0:
            check_no_maker(self, bid=bid, alone=alone)
            return NO_MAKER
        side, *defenders = self.hand_sides(maker, makers)
        defending = {seat for others in defenders for seat in others}
        for seat in alone:
            if seat not in side and seat not in defending:
                raise InvalidArgument(f"alone seat {seat} does not exist")
        partner_alone = maker not in alone and any(seat in side for seat in alone)
        if partner_alone and not self.scoring.space.partner_alone:
            raise InvalidArgument(f"seat {alone[0]} is the maker's partner; only the maker of "
                                  "his side may go alone (`go_alone.partner` lets him take over)")
        maker_alone = maker in alone or partner_alone  # the makers' side played alone
        defender_alone = any(seat in defending for seat in alone)
        bid_tricks, special = check_bid(self, bid)
        check_lone(self, bid=bid, special=special, maker_alone=maker_alone,
                   defender_alone=defender_alone)
        outcome = Outcome(
            makers_tricks=sum(tricks[s] for s in side),
            alone=maker_alone,
            defender_alone=defender_alone,
            bid=bid_tricks,
            special=special,
            partner_alone=partner_alone,
        )
        contract = contract_fields(self, bid, forced=forced)
        outcome = ContractOutcome.of(outcome, **contract) if contract else outcome
        if outcome not in self.scoring.row_of:
            raise InvalidArgument(f"no hand of {self.name} can end like that ({outcome})")
        return outcome

    def award_points(
        self, *, maker: int, tricks: Sequence[int], alone: Sequence[int], outcome: Outcome,
        sitting_out: Sequence[int] = (), makers: Sequence[int] | None = None,
    ) -> tuple[int, ...]:
        """Per-seat points for a hand whose outcome is known (``maker`` -1: a hand without a
        maker, where every fixed side receives the defenders' award; ``makers``: the makers'
        side when it was decided during the hand, see :meth:`hand_sides`)."""
        points = self.scoring.points  # the award of every case, computed once
        deltas = [0] * self.players
        making = maker >= 0  # without a maker every side receives the defenders' award
        sides = self.hand_sides(maker, makers) if making else self.sides.teams
        for side in sides:
            side_tricks = sum(tricks[s] for s in side)
            for seat in side:
                deltas[seat] = points[(outcome, making, side_tricks, seat in alone,
                                       seat in sitting_out)]
            making = False
        return tuple(deltas)

    def game_result(self, scores: Sequence[int], *, makers: Sequence[int] = (),
                    made: bool = True, hands: int = 0) -> tuple[bool, tuple[int, ...]]:
        """Whether the game is over after a hand, and the winning seats.

        A side wins when its score reached the target (``game.goal: down``: at or below it);
        of several, the best score wins and a shared best plays on or shares the win
        (``game.tie``). With ``game.win: contract_result`` (BID-A7)
        only the side whose contract result the hand was may win: the ``makers`` (seats) if
        they ``made`` their contract, else the defenders. With ``game.hands`` the game is
        over once ``hands`` (the hands scored, this one included) reaches it, the best score
        winning; with ``game.lose_at`` a side at or below it loses, unless a side won by the
        target on the same hand (GAME-A1, GAME-A2: :meth:`GameRules.down`).

        >>> from engine import load_variant
        >>> bid = load_variant("bid-euchre")
        >>> bid.game_result([50, 44, 50, 44], makers=(1, 3), made=True)  # defenders at 50
        (False, ())
        >>> bid.game_result([50, 44, 50, 44], makers=(1, 3), made=False)  # they set the bid
        (True, (0, 2))
        """
        game = self.game
        teams = self.sides.teams
        if game.hands is not None:
            won = list(teams) if hands >= game.hands else []
        else:
            if game.win is Win.CONTRACT_RESULT:
                teams = tuple(team for team in teams if (team[0] in makers) is made)
            won = [team for team in teams if game.reached(scores[team[0]])]
        over, winners = game.top(scores, won, shared=game.tie is Tie.SHARED)
        if over or game.lose_at is None:
            return over, winners
        return game.down(scores, self.sides.teams)

    def contract_made(self, *, maker: int, tricks: Sequence[int], bid: int | str | None,
                      makers: Sequence[int] | None = None) -> bool:
        """The makers took the tricks they contracted for: the bid in an auction (a special
        bid's tricks), else a majority of the tricks (``makers``: see :meth:`hand_sides`)."""
        needed = self.deal.hand_size // 2 + 1 if bid is None else \
            self.scoring.space.bid_tricks(bid)
        taken = sum(tricks[seat] for seat in self.hand_sides(maker, makers)[0])
        return taken == 0 if needed == 0 else taken >= needed  # a misère: no trick (C500-A2)

    def leaders(self, scores: Sequence[int]) -> tuple[int, ...]:
        """The seats with the best score (the highest; the lowest in a countdown game)."""
        best = self.game.best(scores)
        return tuple(seat for seat in range(self.players) if scores[seat] == best)
