"""Rule sets of the running-total game, written as data.

A rule set is a table of card effects plus a few named functions and fields. The state machine
(`state.py`) never asks *which* rule set it runs; it asks the rule set what a card does, what a
play costs, and how the round is scored. A new variant is a new ``RuleSet``, not a fork.

>>> QUENTIN_C.effect(parse_card("AS")).amounts
(1, 11)
>>> QUENTIN_C.penalties(27, 33)
(Penalty(who='others', tokens=1, reason='landing', ends_round=False),)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from ..cards import Card, parse_card, parse_rs_card, rs_deck, standard_deck

MAX_COUNT = 99


@dataclass(frozen=True, slots=True)
class Effect:
    """What one card does.

    amounts        the values the player may add; two values mean a choice (Ace: ``(1, 11)``)
    set_to         the count becomes this number (King of Spades in ``classic``: 99)
    double_or_halve  Quentin C's 2: halve an even count above 49, otherwise double
    reverse, skip  turn effects (ignored when only two players are in play)
    choose_next    the player names who plays next (the 5 of ``taiwanese``)
    """

    amounts: tuple[int, ...] = (0,)
    set_to: int | None = None
    double_or_halve: bool = False
    reverse: bool = False
    skip: bool = False
    choose_next: bool = False

    @property
    def has_choice(self) -> bool:
        return len(self.amounts) > 1

    def apply(self, count: int, amount: int) -> int:
        """The count after this card, before the floor, when played for ``amount``."""
        if self.set_to is not None:
            return self.set_to
        if self.double_or_halve:
            return count // 2 if count % 2 == 0 and count > 49 else count * 2
        return count + amount


@dataclass(frozen=True, slots=True)
class Penalty:
    """Tokens lost after a play: by the ``player`` who played, or by all living ``others``."""

    who: str
    tokens: int
    reason: str
    ends_round: bool


# Each penalty a rule can charge, made once: searches and bots ask for penalties millions of times.
BUST_COSTS_TWO = (Penalty("player", 2, "bust", True),)
BUST_COSTS_ONE = (Penalty("player", 1, "bust", True),)
NINETY_NINE_COSTS_THE_OTHERS_TWO = (Penalty("others", 2, "ninety_nine", True),)
LANDING_COSTS_THE_OTHERS_ONE = (Penalty("others", 1, "landing", False),)
PASSING_COSTS_ONE = (Penalty("player", 1, "passing", False),)


def quentin_c_penalties(old: int, new: int) -> tuple[Penalty, ...]:
    """Quentin C: bust 2; landing on 99 costs the others 2; 33 and 66 land (others 1) or pass (you 1).

    Only a rise can land on or pass a milestone, and a bust charges nothing else.
    """
    if new > MAX_COUNT:
        return BUST_COSTS_TWO
    if new <= old:
        return ()
    if new == MAX_COUNT:
        return NINETY_NINE_COSTS_THE_OTHERS_TWO
    for milestone in (33, 66):
        if new == milestone:
            return LANDING_COSTS_THE_OTHERS_ONE
        if old < milestone < new:
            return PASSING_COSTS_ONE
    return ()


def bust_costs_one(old: int, new: int) -> tuple[Penalty, ...]:
    """RS Games and the classic rules: going over 99 costs one token and ends the round."""
    if new > MAX_COUNT:
        return BUST_COSTS_ONE
    return ()


def no_penalties(old: int, new: int) -> tuple[Penalty, ...]:
    """Taiwanese "99 Rules" scores places, not tokens: a play never costs anything."""
    return ()


@dataclass(frozen=True)
class RuleSet:
    """Everything that makes one rule set differ from another.

    effects        card effects by rank (``"A"``), with exact cards (``"KS"``) taking precedence
    effects_with_players  extra effects for a given table size, e.g. ``{4: {"4": reverse}}``
    unsafe_plays   may a player push the count over 99?  ``"allowed"`` (and bust),
                   ``"if_no_safe_card"`` (only when every card busts), or ``"never"``
    penalties      ``penalties(old, new) -> tuple[Penalty, ...]`` after each play
    no_safe_card_penalty   tokens lost when a turn starts with no safe card (RS Games), or None
    scoring        ``"tokens"`` (lose them all and you are out) or ``"places"`` (Taiwanese points)
    """

    name: str
    title: str
    source: str
    deck: tuple[Card, ...]
    parse_card: Callable[[str], Card]
    effects: dict[str, Effect]
    players: range
    default_players: int = 3
    hand_sizes: range = range(1, 14)
    default_hand_size: int = 3
    tokens: range = range(1, 51)
    default_tokens: int = 9
    unsafe_plays: str = "allowed"
    penalties: Callable[[int, int], tuple[Penalty, ...]] = no_penalties
    no_safe_card_penalty: int | None = None
    empty_hand_penalty: int = 3
    scoring: str = "tokens"
    reshuffle: bool = True
    floor: int = 0
    starters: tuple[str, ...] = ("rotate", "first", "random", "loser")
    effects_with_players: dict[int, dict[str, Effect]] = field(default_factory=dict)

    def effect(self, card: Card, players: int = 0) -> Effect:
        """The effect of ``card`` at a table of ``players``: exact card first, then its rank."""
        table = self.effects_with_players.get(players)
        if table:                   # a rule set whose cards do something else at this table size
            for key in (str(card), card.rank):
                for effects in (table, self.effects):
                    if key in effects:
                        return effects[key]
        else:                       # most calls (searches make millions): one table, two looks
            effects = self.effects
            found = effects.get(str(card))
            if found is None:
                found = effects.get(card.rank)
            if found is not None:
                return found
        raise KeyError(f"The rule set {self.name} gives no effect for {card}.")

    def variant(self, **changes) -> "RuleSet":
        """A copy of this rule set with some fields changed: ``QUENTIN_C.variant(name="mine")``."""
        return replace(self, **changes)


def _face_values(ranks, **extra) -> dict[str, Effect]:
    table = {rank: Effect((int(rank),)) for rank in ranks}
    table.update(extra)
    return table


TEN = Effect((10,))

QUENTIN_C = RuleSet(
    name="quentin_c",
    title="Quentin C",
    source="source 000 (PlayPalace), Quentin C variant",
    deck=standard_deck(),
    parse_card=parse_card,
    players=range(2, 7),
    effects=_face_values(
        "35678",
        A=Effect((1, 11)),
        **{"2": Effect(double_or_halve=True), "4": Effect((4,), reverse=True),
           "9": Effect((0,)), "10": Effect((10, -10))},
        J=Effect((10,), skip=True), Q=TEN, K=TEN,
    ),
    penalties=quentin_c_penalties,
)

RS_GAMES = RuleSet(
    name="rs_games",
    title="RS Games",
    source="source 000 (PlayPalace), RS Games variant",
    deck=rs_deck(),
    parse_card=parse_rs_card,
    players=range(2, 7),
    effects=_face_values(
        "123456789",
        **{"+10": TEN, "-10": Effect((-10,)), "PASS": Effect((0,)),
           "REVERSE": Effect((0,), reverse=True), "SKIP": Effect((0,), skip=True),
           "99": Effect(set_to=99)},
    ),
    penalties=bust_costs_one,
    no_safe_card_penalty=1,
)

CLASSIC = RuleSet(
    name="classic",
    title="the classic party rules",
    source="source 004",
    deck=standard_deck(),
    parse_card=parse_card,
    players=range(2, 14),
    default_tokens=3,
    effects=_face_values(
        "235678",
        A=Effect((1, 11)),
        **{"4": Effect((0,), reverse=True), "9": Effect((0,)), "10": Effect((-10,))},
        J=TEN, Q=TEN, K=TEN, KS=Effect(set_to=99),
    ),
    unsafe_plays="if_no_safe_card",
    penalties=bust_costs_one,
)

TAIWANESE = RuleSet(
    name="taiwanese",
    title='the Taiwanese "99 Rules"',
    source="source 002",
    deck=standard_deck(),
    parse_card=parse_card,
    players=range(2, 6),
    hand_sizes=range(1, 11),
    default_hand_size=5,
    tokens=range(0),
    default_tokens=0,
    effects=_face_values(
        "2346789",
        A=Effect((1,)), AS=Effect(set_to=0),
        **{"5": Effect((0,), choose_next=True), "10": Effect((10, -10))},
        J=Effect((0,)), Q=Effect((20, -20)), K=Effect(set_to=99),
    ),
    effects_with_players={4: {"4": Effect((0,), reverse=True)}},
    unsafe_plays="never",
    scoring="places",
    reshuffle=False,
    starters=("draw", "rotate", "first", "random"),
)

#: Tiny Ninety-Nine: Quentin C cut down until its whole game tree can be solved (``ninetynine.cfr``;
#: issue 31). The decisions, each taken so that the game stays small and keeps its character - a
#: count, a line you must not cross, and a choice card:
#:
#: - the deck is eight cards: five 5s (+5), two 2s (Quentin C's 2: halve an even count above 49,
#:   otherwise double) and one 10 (+10 or -10). Suits mean nothing here, so every card is a Spade
#:   and the equal cards are copies (the RS Games deck has copies too): 8!/(5! 2!) = 168 deals.
#:   Eight cards, because every rule set is played by up to four at the kit's tables (two cards
#:   each), and copies, because each other card would multiply the deals to solve;
#: - Quentin C's penalties, with one token each, so that the first penalty ends the game: pass 33
#:   (or 66) and you lose; land on it and the other loses; land on 99 and the other loses; go
#:   over 99 and you lose (the bust). The count only ever holds multiples of 5, so 33 cannot be
#:   landed on: the game is about who is forced over 33 first - the bust of this small game. Its
#:   value lies between -1 and +1;
#: - two players by default (up to four can play), two cards each, four left in the deck; after
#:   playing you draw, and an empty deck is not reshuffled (a reshuffle is chance in the middle
#:   of a game, which a solver would have to walk as well); a turn that starts with an empty hand
#:   costs three tokens, as in every rule set;
#: - seat 0 always starts (``starter="first"``: a random starter would be chance again).
#:
#: The whole game: 168 deals, 12,579 positions, 2,113 information sets. CFR+ brings its
#: exploitability under 0.01 in about fifteen iterations (``benchmarks/cfr.py``), and its
#: equilibrium mixes: played always as the commonest choice it would be exploitable.
TINY99 = RuleSet(
    name="tiny99",
    title="Tiny Ninety-Nine",
    source="this kit (issue 31): Quentin C small enough to solve exactly",
    deck=tuple(parse_card(card) for card in "5S 5S 5S 5S 5S 2S 2S 10S".split()),
    parse_card=parse_card,
    players=range(2, 5),
    default_players=2,
    hand_sizes=range(1, 5),
    default_hand_size=2,
    tokens=range(1, 4),
    default_tokens=1,
    effects={"5": Effect((5,)), "2": Effect(double_or_halve=True), "10": Effect((10, -10))},
    penalties=quentin_c_penalties,
    reshuffle=False,
    starters=("first", "rotate", "loser", "random"),
)

RULE_SETS: dict[str, RuleSet] = {r.name: r for r in (QUENTIN_C, RS_GAMES, CLASSIC, TAIWANESE, TINY99)}
