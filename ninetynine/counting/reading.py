"""Reading a position of the running-total game, as a bot must: from the view alone.

A bot sees its own hand, the count, the discard pile and the table (``state.view(seat)``). From
that it can work out three things, and every counting bot of the kit is built on them:

1. **What a play does** (``outcomes``): the count it leads to and the tokens it costs, asked of
   the rule set itself (``rules.effect`` and ``rules.penalties``), so the bots follow any rule
   set, even one a learner writes.
2. **Which cards are still unseen** (``unseen``): a full deck minus my hand minus the discard
   pile. The unseen cards are in the deck and in the other hands, so "the next player holds a 9"
   has a probability we can compute (card counting).
3. **Who plays next** (``next_seat``) after a reverse, a skip or a named player.

Everything here depends only on the rule set, the table size and the count, so results are kept
in small tables (``Reader``) and each decision costs microseconds.

>>> from ninetynine.counting.rules import QUENTIN_C
>>> reader = Reader.for_rules(QUENTIN_C, 2)
>>> six = reader.group_of[QUENTIN_C.parse_card("6C")]
>>> reader.outcomes(six, 27)          # the 6 at 27 makes 33: each other player loses a token
(Outcome(amount=None, new=33, mine=0, theirs=1, ends=False),)
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from .moves import Play
from .rules import MAX_COUNT


class Outcome(NamedTuple):
    """One way to play a card, as a bot reads it (a tuple, so bots may unpack it)."""

    amount: int | None      # the value chosen, None for a card with one value
    new: int                # the count after the play
    mine: int               # tokens the player loses
    theirs: int             # tokens each other living player loses
    ends: bool              # does the round end?


class Reader:
    """Facts about one rule set at one table size, computed once and then looked up.

    Cards with the same effect (the Queen and King of Quentin C, say) form one *group*: for a
    bot they are the same card. ``groups`` lists the effects, ``size[g]`` how many cards of the
    deck are in group ``g``, and ``group_of[card]`` the group of a card.
    """

    _cache: dict = {}

    def __init__(self, rules, players: int):
        self.rules = rules
        self.players = players
        self.places = rules.scoring == "places"
        effects = {card: rules.effect(card, players) for card in set(rules.deck)}
        self.groups = sorted(set(effects.values()), key=repr)
        index = {effect: g for g, effect in enumerate(self.groups)}
        self.group_of = {card: index[effect] for card, effect in effects.items()}
        self.size = [0] * len(self.groups)
        for card in rules.deck:
            self.size[self.group_of[card]] += 1
        self._outcomes: dict = {}
        self._values: dict = {}
        self.escape = [self._escape_power(g) for g in range(len(self.groups))]
        self.special = [self._is_special(effect) for effect in self.groups]

    @classmethod
    def for_rules(cls, rules, players: int) -> "Reader":
        """The shared Reader of a rule set and table size (built the first time it is asked for)."""
        key = (id(rules), players)
        reader = cls._cache.get(key)
        if reader is None or reader.rules is not rules:
            reader = cls._cache[key] = cls(rules, players)
        return reader

    # --- what a play does ------------------------------------------------------------------

    def outcomes(self, group: int, count: int) -> tuple[Outcome, ...]:
        """Every way to play a card of ``group`` at ``count``, as the engine allows it.

        As in the engine, a value of a two-way card that would go over 99 is not offered unless
        every value would (then only the lowest). Under the Taiwanese rules a play over 99 is
        never allowed, so a card with no outcome cannot be played at all.
        """
        key = (group, count)
        found = self._outcomes.get(key)
        if found is None:
            found = self._outcomes[key] = self._compute_outcomes(group, count)
        return found

    def _compute_outcomes(self, group: int, count: int) -> tuple[Outcome, ...]:
        effect, rules = self.groups[group], self.rules
        amounts = effect.amounts if effect.has_choice else (None,)
        results = [(a, max(rules.floor, effect.apply(count, effect.amounts[0] if a is None else a)))
                   for a in amounts]
        allowed = [(a, new) for a, new in results if new <= MAX_COUNT]
        if not allowed:
            if rules.unsafe_plays == "never":
                return ()
            allowed = [min(results, key=lambda pair: pair[1])]
        found = []
        for amount, new in allowed:
            mine = theirs = 0
            ends = False
            for penalty in rules.penalties(count, new):
                if penalty.who == "player":
                    mine += penalty.tokens
                else:
                    theirs += penalty.tokens
                ends = ends or penalty.ends_round
            found.append(Outcome(amount, new, mine, theirs, ends))
        return tuple(found)

    def values(self, others: int, weight: float) -> list[list[float]]:
        """``values[group][count]``: the best a card of ``group`` does for its holder at ``count``,
        in tokens: minus what they lose, plus ``weight`` times what each of ``others`` loses.

        Built once per table size and weight, so a bot looks values up instead of working them
        out again at every step of its look-ahead.
        """
        key = (others, weight)
        table = self._values.get(key)
        if table is None:
            table = self._values[key] = [
                [max((-mine + weight * theirs * others for _, _, mine, theirs, _ in
                      self.outcomes(group, count)), default=-1.0)
                 for count in range(MAX_COUNT + 1)]
                for group in range(len(self.groups))]
        return table

    def is_safe(self, group: int, count: int) -> bool:
        """Does a card of ``group`` keep the count at 99 or below (or, Taiwanese, may it be played)?"""
        return any(new <= MAX_COUNT for _, new, *_ in self.outcomes(group, count))

    # --- kinds of cards --------------------------------------------------------------------

    @staticmethod
    def _is_special(effect) -> bool:
        """A card that does more than add a fixed positive number: choices, passes, turn effects."""
        return (effect.has_choice or effect.set_to is not None or effect.double_or_halve
                or effect.reverse or effect.skip or effect.choose_next or effect.amounts[0] <= 0)

    def _escape_power(self, group: int) -> float:
        """How good the card is at getting out of danger: the share of high counts (70-99) at
        which it can be played without going over 99 or costing its player anything.

        A 9 (a pass) scores 1.0, a King that adds 10 scores 0.0; nothing is hand-written, so a
        new rule set gets sensible values too.
        """
        high = range(70, MAX_COUNT + 1)
        good = 0
        for count in high:
            if any(new <= MAX_COUNT and mine == 0 for _, new, mine, _, _ in self._compute_outcomes(group, count)):
                good += 1
        return good / len(high)

    # --- what has not been seen ----------------------------------------------------------------

    def unseen(self, view) -> list[int]:
        """How many cards of each group I have not seen: the deck minus my hand and the discards."""
        left = list(self.size)
        group_of = self.group_of
        for card in view.hand:
            left[group_of[card]] -= 1
        for card in view.discard:
            left[group_of[card]] -= 1
        return left


def reader_of(view) -> Reader:
    """The Reader for the rule set and table size of ``view``."""
    return Reader.for_rules(view.rules, view.players)


def plays(view) -> list[Play]:
    """The card plays among the legal moves (not DRAW or END)."""
    return [move for move in view.legal_moves if isinstance(move, Play)]


def living_in_play(view) -> int:
    """How many players are still in this round."""
    return sum(view.in_round)


def next_seat(view, seat: int, effect, target: int | None = None) -> int:
    """Who plays after ``seat`` plays a card with ``effect`` (a reverse, skip or named player).

    This follows RULES.md 1.1: with two players in the round a reverse does nothing and a skip
    gives the same player another turn.
    """
    if target is not None:
        return target
    direction = view.direction
    if effect.reverse and living_in_play(view) > 2:
        direction = -direction
    following = _step(view, seat, direction)
    if effect.skip:
        following = _step(view, following, direction)
    return following


def _step(view, seat: int, direction: int) -> int:
    order, n = view.order, len(view.order)
    i = order.index(seat)
    for _ in range(n):
        i = (i + direction) % n
        if view.in_round[order[i]]:
            return order[i]
    return seat


def unseen_counter(view) -> Counter:
    """The unseen cards themselves (not grouped), for tests and for teaching."""
    left = Counter(view.rules.deck)
    left.subtract(view.hand)
    left.subtract(view.discard)
    return +left
