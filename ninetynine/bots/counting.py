"""Bots for the running-total games: a cautious bot and an expert bot, both plain functions.

Each takes a view (``state.view(seat)``) and returns one of ``view.legal_moves``. They work for
all four rule sets, and for a new rule set too, because they ask the rule set what each card does
(see ``reading.py``) instead of knowing card names.

**cautious_bot** looks one play ahead and at nothing else. It never loses tokens when it has a
card that avoids it, plays ordinary number cards before special ones (the 9, Ace, 10, 2, 4 and
Jack; the Pass, Skip, -10, Reverse and 99 cards), and among number cards keeps the count low.

**expert_bot** looks three plays ahead, with card counting for the two it cannot see:

1. *my play*: what it costs me and the others now (landing on 33 or 66, reaching 99, a bust);
2. *the next player's reply*: the unseen cards give the chance that the next player holds each
   kind of card; they will play their best one, so the bot works out the expected best of their
   hand (a trap such as a count of 31 with two players leaves most cards losing a token);
3. *my answer after that*: the best my remaining cards (and the card I draw) can do then, so
   escape cards (the 9, the 10 as -10, the Pass) are kept for danger rather than wasted.

Under the Taiwanese rules nobody loses tokens: a player with no playable card drops out of the
round with the fewest points. There the expert plays to leave the next player stuck and to keep
itself from being stuck, and names with a 5 the weakest player: the one with fewest cards (the
likeliest to be stuck), then the one with fewest points.

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=2).setup(count=27, hands=["6C 9D KH", "7C 7D 7H"])
>>> str(expert_bot(state.view(0)))      # the 6 lands on 33: the opponent loses a token
'6C'
>>> str(cautious_bot(state.view(0)))    # the 6 is a number card that costs nothing
'6C'
"""
from __future__ import annotations

import random

from ..counting.moves import DRAW, END, Play
from ..counting.rules import MAX_COUNT
from .reading import Reader, next_seat, plays, reader_of

# How much the expert cares about each thing, in tokens (token games) or in chances of dropping
# out (Taiwanese). These were tuned by playing the bots against each other (benchmarks/bots.py).
OTHERS_WEIGHT_MANY = 0.6   # with 3+ players, a token lost by each other player is worth this much
MY_ANSWER_WEIGHT = 0.8     # step 3 is further away and less certain than steps 1 and 2
KEEP_ESCAPES = 0.05        # the cost of spending a card by its escape power (0..1)
STUCK_WEIGHT = 1.0         # Taiwanese: the next player being stuck, as against me being stuck


def draw_or_end(view):
    """Manual drawing: draw whenever the hand is short and there is a card to draw."""
    if DRAW in view.legal_moves and len(view.hand) < view.hand_size:
        return DRAW
    return END


def _outcome_of(reader: Reader, move: Play, count: int):
    """The (amount, new, mine, theirs, ends) outcome that ``move`` chooses at ``count``."""
    for outcome in reader.outcomes(reader.group_of[move.card], count):
        if outcome[0] == move.amount:
            return outcome
    raise ValueError(f"{move} is not a way to play that card at a count of {count}.")


# --- the cautious bot ---------------------------------------------------------------------------


def cautious_bot(view):
    """Avoid losing tokens; spend number cards first and special cards last (weakest first).

    Among moves that cost the same, a number card beats a special card; among number cards the
    one that keeps the count lowest wins; among special cards the one that is worst at getting
    out of danger goes first (a Jack before a 9). Ties go to the first legal move. A card that
    names the next player (the Taiwanese 5) names one at random, as the rules ask of a bot, from
    a generator seeded by the view: the same view always gets the same move.
    """
    if view.phase == "draw":
        return draw_or_end(view)
    reader = reader_of(view)

    def key(indexed):
        index, move = indexed
        group = reader.group_of[move.card]
        _, new, mine, _, _ = _outcome_of(reader, move, view.count)
        special = reader.special[group]
        return (mine, new > MAX_COUNT, special, reader.escape[group] if special else 0, new, index)

    moves = plays(view)
    best = min(enumerate(moves), key=key)[1]
    if best.target is None:
        return best
    targets = [move for move in moves if (move.card, move.amount) == (best.card, best.amount)]
    return random.Random(f"{view.round}:{len(view.history)}:{view.seat}:{view.count}").choice(targets)


# --- the expert bot -----------------------------------------------------------------------------


def expert_bot(view):
    """Play each rule set well by looking three plays ahead with card counting (see the module)."""
    if view.phase == "draw":
        return draw_or_end(view)
    reader = reader_of(view)
    unseen = reader.unseen(view)
    score = _places_score if reader.places else _tokens_score
    shared: dict = {}                # work that the candidate moves can share
    scores: dict = {}                # cards of one group played the same way score the same
    best, best_key = None, None
    for index, move in enumerate(plays(view)):
        same = (reader.group_of[move.card], move.amount, move.target)
        if same not in scores:
            scores[same] = score(view, reader, unseen, move, shared)
        key = (scores[same], _weakness(view, move), -index)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def _weakness(view, move: Play) -> tuple:
    """For a move that names the next player: prefer the one with fewest cards, then fewest points."""
    if move.target is None:
        return (0, 0)
    points = view.points[move.target] if view.points else 0
    return (-view.hand_sizes[move.target], -points)


def _best_of_hand(chances: list[tuple[float, float]], cards: int) -> float:
    """The expected best value of a hand of ``cards`` cards drawn from a pool of card kinds.

    ``chances`` lists (probability of the kind, value to the holder), any order. The best card
    of the hand is of kind i when the hand holds one of kind i and none better:
    P = (1 - better)^cards - (1 - better - p_i)^cards (drawing with replacement, a close
    approximation for a hand of a few cards from a deck of dozens).
    """
    total, better = 0.0, 0.0
    for p, value in sorted(chances, key=lambda pair: -pair[1]):
        share = (1 - better) ** cards - max(0.0, 1 - better - p) ** cards
        total += share * value
        better += p
    return total


def _probabilities(unseen: list[int]) -> list[tuple[int, float]]:
    total = sum(unseen)
    if total <= 0:
        return []
    return [(group, left / total) for group, left in enumerate(unseen) if left > 0]


# --- token games: Quentin C, RS Games, classic --------------------------------------------------


def _tokens_score(view, reader: Reader, unseen: list[int], move: Play, shared: dict) -> float:
    """Tokens I expect to come out ahead by, over my play, the reply and my answer."""
    others = sum(view.in_round) - 1
    weight = 1.0 if others == 1 else OTHERS_WEIGHT_MANY
    group = reader.group_of[move.card]
    _, new, mine, theirs, ends = _outcome_of(reader, move, view.count)
    value = -mine + weight * theirs * others
    value -= KEEP_ESCAPES * reader.escape[group]
    if ends:
        return value
    rest = list(view.hand)
    rest.remove(move.card)
    answer = _Answer(view, reader, [reader.group_of[card] for card in rest], unseen,
                     reader.values(others, weight), shared)
    follower = next_seat(view, view.seat, reader.groups[group], move.target)
    if follower == view.seat:        # a skip with two players: I play again
        return value + answer(new)
    cards = view.hand_sizes[follower] or 1
    my_turn_next = others == 1
    chances = []
    for group_o, p in answer.probabilities:
        best = None
        for _, new_o, mine_o, theirs_o, ends_o in reader.outcomes(group_o, new):
            theirs_value = -mine_o + weight * theirs_o * others
            my_value = -theirs_o + weight * mine_o
            if my_turn_next:
                # Two players: what is good for them is bad for me, so they pick what leaves
                # me worst off, my answer included (a minimax view of their reply).
                if not ends_o:
                    my_value += MY_ANSWER_WEIGHT * answer(new_o)
                theirs_value = -my_value
            if best is None or theirs_value > best[0]:
                best = (theirs_value, my_value)
        chances.append((p, best))
    return value + _expected_reply(chances, cards)


def _expected_reply(chances, cards: int) -> float:
    """Like ``_best_of_hand``, but the holder picks by their value and we add up ours."""
    total, better = 0.0, 0.0
    for p, (_, mine) in sorted(chances, key=lambda item: -item[1][0]):
        share = (1 - better) ** cards - max(0.0, 1 - better - p) ** cards
        total += share * mine
        better += p
    return total


class _Answer:
    """``answer(count)``: the best I can do at ``count`` with my remaining cards and, if I will
    draw, one more card from the unseen ones (its expected value).

    The expected value with a drawn card depends only on the count and on the best of my known
    cards, so it is remembered in ``shared`` under (count, best known value) for the whole
    decision: the candidate moves of one turn reuse each other's work.
    """

    def __init__(self, view, reader: Reader, rest_groups: list[int], unseen: list[int], values,
                 shared: dict):
        self.rest_groups, self.values, self.shared = rest_groups, values, shared
        self.probabilities = _probabilities(unseen)
        self.draws = _will_draw(view)

    def __call__(self, count: int) -> float:
        values = self.values
        known = max((values[g][count] for g in self.rest_groups), default=None)
        if not self.draws:
            return known if known is not None else -1.0
        key = (count, known)
        found = self.shared.get(key)
        if found is None:
            found = self.shared[key] = self._with_a_draw(count, known)
        return found

    def _with_a_draw(self, count: int, known: float | None) -> float:
        values = self.values
        if known is None:
            return sum(p * values[g][count] for g, p in self.probabilities)
        return sum(p * (v if (v := values[g][count]) > known else known)
                   for g, p in self.probabilities)


def _will_draw(view) -> bool:
    return view.deck_size > 0 or (view.rules.reshuffle and len(view.discard) > 1)


# --- Taiwanese: places, not tokens ----------------------------------------------------------------


def _places_score(view, reader: Reader, unseen: list[int], move: Play, shared: dict) -> float:
    """The chance the next player is stuck, minus the chance I am stuck at my next turn."""
    group = reader.group_of[move.card]
    _, new, _, _, _ = _outcome_of(reader, move, view.count)
    value = -KEEP_ESCAPES * reader.escape[group]
    rest = list(view.hand)
    rest.remove(move.card)
    if not rest and not view.deck_size:
        return value + 2.0           # my last card: I finish, the best result there is
    rest_groups = [reader.group_of[card] for card in rest]
    probabilities = _probabilities(unseen)
    follower = next_seat(view, view.seat, reader.groups[group], move.target)
    cards = view.hand_sizes[follower] or 1
    stuck_chance = sum(p for g, p in probabilities if not reader.outcomes(g, new))
    value += STUCK_WEIGHT * stuck_chance ** cards
    # If they can play, they play one of their playable cards; then it may be my turn.
    if sum(view.in_round) == 2:
        playable = [(g, p) for g, p in probabilities if reader.outcomes(g, new)]
        total = sum(p for _, p in playable)
        if total > 0:
            risk = 0.0
            for g, p in playable:
                outcomes = reader.outcomes(g, new)
                risk += p / total * max(_stuck_risk(view, reader, rest_groups, probabilities, o[1])
                                        for o in outcomes)
            value -= (1 - stuck_chance ** cards) * risk
    return value


def _stuck_risk(view, reader: Reader, rest_groups: list[int], probabilities, count: int) -> float:
    """The chance that none of my cards (the remaining ones and the one I draw) can be played."""
    if any(reader.outcomes(g, count) for g in rest_groups):
        return 0.0
    if view.deck_size == 0:           # nothing left to draw
        return 1.0
    return sum(p for g, p in probabilities if not reader.outcomes(g, count))
