"""The parts of the rule book outside a hand's flow: the players, the cards, the first
dealer, and the end of the game."""

from __future__ import annotations

from engine.core import cards as C
from engine.mechanics.registry import flow_words, trumpless_contracts
from engine.mechanics.wording import join, number, setting
from engine.rules.variant import Variant
from engine.text.narrate import seat_names
from engine.text.rulebook.model import Rule, Section
from engine.text.rulebook.words import RANK_WORDS, ranks_text

__all__ = ["cards_section", "dealer_section", "game_end_section", "players_section"]


_LOWEST = {24: "9", 28: "8", 32: "7", 36: "6"}


def _other_packs(size: int) -> str:
    """``deck.size: 28`` plays 8 to ace, ... for the sizes other than ``size``."""
    return "; ".join(f"{setting('deck.size', other)} plays {lowest} to ace"
                     for other, lowest in _LOWEST.items() if other != size)


def players_section(v: Variant) -> Section:
    """Who plays, where they sit and who scores together."""
    names = seat_names(v.players)
    count = number(v.players).capitalize()
    rules = []
    if v.sides.kind == "teams":
        teams = [join([names[seat] for seat in team]) for team in v.sides.teams]
        rules.append(Rule(text=f"{count} players in {number(len(teams))} fixed partnerships: "
                          f"{join(teams, 'against')}. Partners share one score."))
    elif own := next((w.players for w in flow_words(v) if w.players), ""):  # a called partner
        rules.append(Rule(text=own.format(count=count)))
    elif v.sides.kind == "maker_vs_rest":
        rules.append(Rule(text=f"{count} players, each scoring for himself. In each hand the "
                          "maker plays against all the others, who defend together for that "
                          "hand; what the defenders win, each of them scores."))
    else:
        rules.append(Rule(text=f"{count} players, each playing and scoring for himself."))
    rules.append(Rule(text=f"The seats are {join(list(names))}, clockwise. Eldest is the "
                      "player at the dealer's left."))
    return Section(title="Players and partnerships", rules=tuple(rules))


def _deck_ranks(v: Variant) -> list[int]:
    """Ranks in the deck, highest first."""
    return sorted({C.rank_of(c) for c in v.deck.cards if C.rank_of(c) != C.RANK_JOKER},
                  key=C.RANK_ORDER.index, reverse=True)


def _trump_ranking(v: Variant) -> tuple[list[str], int]:
    """The trumps of the deck in words, high to low, as play ranks them (the core's trump
    tables, here for hearts), and how many bowers the deck has (0 without jacks: a jack-less
    deck has neither bower, 2 with them; 0 in a deck without bowers, DECK-A5)."""
    tables = v.deck.tables(C.HEARTS)
    names = {C.card_name(c): c for c in v.deck.cards}  # the two copies share a name
    trumps = sorted((c for c in names.values() if tables.effective[c] == C.HEARTS),
                    key=tables.power[C.HEARTS].__getitem__, reverse=True)
    words = {"JK": "the joker", "JH": "the right bower (the jack of trump)",
             "JD": "the left bower (the other jack of the same colour)"}
    if "JL" in names:  # two jokers (DECK-A4)
        words |= {"JK": "the high joker", "JL": "the low joker"}
    if not v.deck.bowers:
        words = {name: word for name, word in words.items() if name not in ("JH", "JD")}
    said = [words.get(C.card_name(c)) or RANK_WORDS[C.rank_of(c)] for c in trumps]
    bowers = sum(name in names for name in ("JH", "JD")) if v.deck.bowers else 0
    return said, bowers


def _pack_text(v: Variant, ranks: list[int]) -> str:
    """The ranks of each suit: ``the 9 to ace of each suit``, or by suit where they differ
    (DECK-A6): ``the 4 to ace of diamonds and hearts, the 5 to ace of clubs and spades``."""
    per_suit = [sorted({C.rank_of(c) for c in v.deck.cards if C.suit_of(c) == suit},
                       key=C.RANK_ORDER.index) for suit in range(4)]
    if all(r == per_suit[0] for r in per_suit):
        return f"the {ranks_text(ranks[::-1])} of each suit"
    groups: dict[tuple[int, ...], list[str]] = {}
    for suit, suit_ranks in enumerate(per_suit):
        groups.setdefault(tuple(suit_ranks), []).append(C.SUIT_WORDS[suit])
    return ", ".join(f"the {ranks_text(list(r)) or 'no cards'} of {join(suits)}"
                     for r, suits in groups.items())


def cards_section(v: Variant) -> Section:
    """The pack, the bowers, the joker and the ranking of the suits."""
    ranks = _deck_ranks(v)
    joker = v.deck.jokers > 0
    low_joker = bool(v.deck.mask >> C.JOKER_LOW & 1)
    each = "two copies of " if v.deck.copies == 2 else ""
    jokers = "two jokers (the Bennies)" if v.deck.jokers == 2 else "one joker (the Benny)"
    if low_joker:
        jokers = ("two jokers, a high joker and a low joker (shown JK and JL), both above every "
                  "other card, the high one first (DECK-A4)")
    pack = (f"The pack has {v.deck.size} cards: {each}{_pack_text(v, ranks)}"
            + (f", and {jokers}: {len(v.deck.cards)} cards in all." if joker else "."))
    if v.deck.copies == 2:
        pack += (" Of two identical cards in one trick, the first played ranks higher "
                 "(DECK-A3).")
    rules = [Rule(text=pack, alternative=f"{_other_packs(v.deck.size)}; "
                  f"{setting('deck.jokers', 1 if low_joker else 1 - v.deck.jokers)} "
                  + ("plays one joker." if low_joker else "leaves the joker out." if joker
                     else "adds a joker as the highest trump."))]
    trumps, bowers = _trump_ranking(v)
    rules.append(Rule(text=f"Trumps rank, high to low: {join(trumps)}."))
    if not v.deck.bowers:
        rules.append(Rule(text="There are no bowers: the jack of trump ranks between the queen "
                          "and the ten, and the jack of the same colour is a card of its own "
                          "suit (DECK-A5).", alternative=f"Without {setting('deck.bowers', False)} "
                          "the jacks of trump's colour are the right and left bowers."))
    special = (["the joker"] if joker else []) + (["the left bower"] if bowers == 2 else [])
    if low_joker:
        rules.append(Rule(text="Both jokers belong to the trump suit in every respect"
                          + (", and so does the left bower" if bowers == 2 else "")
                          + ": they are led and followed as trumps."))
    elif len(special) == 2:
        rules.append(Rule(text="The joker and the left bower belong to the trump suit in "
                          "every respect: they are led and followed as trumps, never as cards "
                          "of a printed suit."))
    elif special == ["the left bower"]:
        rules.append(Rule(text="The left bower belongs to the trump suit in every respect: it "
                          "is led and followed as a trump, never as a card of its printed "
                          "suit."))
    elif joker:
        rules.append(Rule(text="The joker belongs to the trump suit in every respect: it is "
                          "led and followed as a trump."))
    lacks = ("; the suit of trump's colour lacks its jack, which became the left bower"
             if bowers == 2 else "")
    rules.append(Rule(text=f"The other suits rank, high to low: {ranks_text(ranks)}{lacks}."))
    contracts = trumpless_contracts(v)
    if contracts:
        bowers_gone = "there are no bowers: " if bowers else ""
        text = (f"In a no-trump hand {bowers_gone}every suit ranks {ranks_text(ranks)}.")
        if C.LOW_NO_TRUMP in contracts:
            text += (" In a low no-trump hand every suit ranks the other way up, "
                     f"{ranks_text(ranks[::-1])} (BID-A9).")
        if low_joker:
            text += (" The high joker is then the highest card of all, the low joker the next. "
                     "They belong to no suit: their holder must still follow the suit led if "
                     "he can (BID-A8).")
        elif joker:
            text += (" The joker is then the highest card of all. It belongs to no suit: its "
                     "holder must still follow the suit led if he can (BID-A8).")
        rules.append(Rule(text=text))
    return Section(title="The cards", rules=tuple(rules))


def _draw_joker(v: Variant) -> str:
    """Where the joker is in the draw for the first dealer (STD-A4, DECK-A7)."""
    place = v.dealer.draw_joker
    if place == "out" or not v.deck.jokers:
        return "the joker left out"
    which = "the jokers" if v.deck.mask >> C.JOKER_LOW & 1 else "the joker"
    over = "above" if place == "highest" else "below"
    order = ", the high joker above the low one" if which == "the jokers" else ""
    return (f"{which} included: in the draw {'they rank' if order else 'it ranks'} {over} "
            f"every other card{order} ({setting('dealer.draw.joker', place)}, DECK-A7)")


def dealer_section(v: Variant) -> Section:
    """The first dealer (by a draw or at random) and how the deal moves."""
    rules: list[Rule] = []
    rules_of = v.dealer
    if rules_of.first == "random":
        rules.append(Rule(text="The first dealer is chosen at random.",
                          alternative=f"With {setting('dealer.first', 'draw')} the players "
                          "draw cards for it."))
    else:
        in_deck = set(_deck_ranks(v))
        order = [r for r in rules_of.draw_ranking if r in in_deck]
        rules.append(Rule(text=f"Each player draws a card from the pack, {_draw_joker(v)}. "
                          f"Suits do not count; for the draw the ranks go, high to low, "
                          f"{ranks_text(order)}. Players who tie draw again (STD-A4).",
                          alternative="With `dealer.first: random` a seat is picked at "
                          "random."))
        other = "highest" if rules_of.draw_dealer == "lowest" else "lowest"
        rules.append(Rule(text=f"The player with the {rules_of.draw_dealer} card deals first.",
                          alternative=f"With {setting('dealer.draw.dealer', other)} the "
                          f"{other} card deals."))
        if v.sides.kind == "teams" and v.players == 4:
            if rules_of.draw_partners == "high_vs_low":
                rules.append(Rule(
                    text="The draw also makes the partnerships: the two highest cards play "
                    "together against the two lowest, and the players sit down accordingly.",
                    alternative=f"With {setting('dealer.draw.partners', 'as_seated')} the "
                    "players keep their seats and partners."))
            else:
                rules.append(Rule(
                    text="The players keep their seats and partners whatever they draw.",
                    alternative=f"With {setting('dealer.draw.partners', 'high_vs_low')} the "
                    "two highest cards play together against the two lowest."))
        elif v.sides.kind == "teams":
            rules.append(Rule(text="The draw picks the first dealer only: the players keep "
                              "their seats and partners whatever they draw."))
    rules.append(Rule(text="After every hand, a hand thrown in included, the deal passes to "
                      "the left (clockwise)."))
    return Section(title="The first dealer", rules=tuple(rules))


def game_end_section(v: Variant) -> Section:
    """The start, the target (or the number of hands), who may win, a losing score, ties,
    and the safety stop."""
    game = v.game
    who = "side" if v.sides.kind == "teams" else "player"
    its = "its" if who == "side" else "his"
    down = game.goal == "down"
    best = "lowest" if down else "highest"
    rules = []
    if game.start:
        rules.append(Rule(text=f"Every {who} starts the game with {game.start} points."))
    if game.hands is not None:
        rules.append(Rule(text=f"The game lasts {game.hands} hands and has no target: it ends "
                          f"after the {_nth(game.hands)} hand scored (a deal thrown in does "
                          f"not count), and the {best} score then wins (GAME-A1).",
                          alternative=f"Without {setting('game.hands', game.hands)} the game "
                          "is played to a target."))
        several = f"If the {best} score is shared after the last hand"
        if game.tie == "play_on":
            rules.append(Rule(text=f"{several}, more hands are played, one at a time, until "
                              f"one {who} alone has the {best} score.",
                              alternative=f"With {setting('game.tie', 'shared')} the {who}s "
                              "tied at the top share the win."))
        else:
            rules.append(Rule(text=f"{several}, those {who}s share the win.",
                              alternative=f"With {setting('game.tie', 'play_on')} more hands "
                              "are played to break the tie."))
    else:
        rules.extend(_target_rules(v, who=who, its=its, best=best))
    if game.lose_at is not None:
        rules.append(_losing_rule(v, who=who, its=its))
    if not down and (min(v.scoring.points.values()) < 0 or _renege_can_cost(v)):
        rules.append(Rule(text="Scores can go below zero."))
    rules.append(Rule(text=f"As a safety stop the game ends after {game.max_hands} hands, "
                      f"thrown-in deals included; the {best} score then wins, shared if tied "
                      f"({setting('game.max_hands', game.max_hands)})."))
    return Section(title="The end of the game", rules=tuple(rules))


def _nth(number: int) -> str:
    """``1st``, ``2nd``, ``8th``, ``11th``, ``22nd``."""
    tail = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                             "th")
    return f"{number}{tail}"


def _target_rules(v: Variant, *, who: str, its: str, best: str) -> list[Rule]:
    """The target, who may win at it (BID-A7), and ties at the target."""
    game = v.game
    rules = []
    if game.goal == "down":
        rules.append(Rule(text=f"The game counts down to {game.target}: a {who} wins as soon "
                          f"as {its} score is {game.target} or less at the end of a hand."))
    else:
        rules.append(Rule(text=f"The game is played to {game.target} points: a {who} wins as "
                          f"soon as {its} score is {game.target} or more at the end of a hand "
                          "(STD-A10)."))
    if game.win == "contract_result":
        rules.append(Rule(text=f"A {who} wins only at the end of a hand in which {its} bid was "
                          "made, or in which it set the bidders; reaching the target as "
                          "defenders of a bid that was made does not win, and play goes on "
                          "(BID-A7).",
                          alternative=f"With {setting('game.win', 'reach')} any {who} that "
                          "reaches the target wins."))
    several = f"If several {who}s reach {game.target} on the same hand, the {best} score wins"
    if game.tie == "play_on":
        rules.append(Rule(text=f"{several}; if the {best} score is shared, more hands are "
                          f"played until one {who} alone has the {best} score.",
                          alternative=f"With {setting('game.tie', 'shared')} the {who}s tied "
                          "at the top share the win."))
    else:
        rules.append(Rule(text=f"{several}; if the {best} score is shared, those {who}s share "
                          "the win.",
                          alternative=f"With {setting('game.tie', 'play_on')} more hands are "
                          "played to break the tie."))
    return rules


def _losing_rule(v: Variant, *, who: str, its: str) -> Rule:
    """``game.lose_at`` (GAME-A2) in words."""
    game = v.game
    others = ("the other side wins" if len(v.sides.teams) == 2 else
              f"the {who} with the highest score among the others wins, shared if tied")
    first = "" if game.hands is not None else (
        f" If on the same hand a {who} wins by reaching {game.target}, it wins all the same.")
    return Rule(text=f"A {who} whose score is {game.lose_at} or less at the end of a hand "
                f"loses the game at once, and {others} (GAME-A2).{first}",
                alternative=f"Without {setting('game.lose_at', game.lose_at)} no score loses "
                f"the game; a {who} may go below {game.lose_at} and play on.")


def _renege_can_cost(v: Variant) -> bool:
    if not v.renege.allowed:
        return False
    values = [v.renege.offender.evaluate({"alone": alone}) for alone in (False, True)]
    return any(isinstance(value, int) and value < 0 for value in values)
