"""The classic search toolkit: a horizon with a guess, deepening step by step, and chance.

Notebook 15 (``ninetynine.search``) solves open-hand endgames of two-player Quentin C: both
hands and the order of the deck are face up. It stops at its depth horizon with a value of 0,
and it takes chance away by fixing the order of the deck. This module adds the three tools of
every textbook (and notebook 15b builds them one at a time):

1. **an evaluation function** (``evaluate``): at the horizon, a guess at the value instead of 0,
   built from what the kit's bots already know;
2. **iterative deepening with move ordering** (``AlphaBeta``, ``iterative_deepening``): search
   1 play ahead, then 2, then 3 ..., and at each position try first the move that was best last
   time. Alpha-beta cuts off more when the best move comes first; ``nodes`` counts the work;
3. **expectimax** (``Expectimax``): the hands are open but the deck is face down, so each draw is
   a chance event. A chance node's value is the average over the cards that may be drawn.

The words, once:

- a **position** is a state of an ``endgame()`` (``ninetynine.search``); its **value** is the
  number of tokens the player to move wins over the other player from now to the end of the
  round, both playing their best (negamax: the other player's value is minus mine);
- the **horizon** is where a depth-limited search stops looking (``depth`` plays ahead);
- a **node** is a position whose moves a search lists (``nodes`` counts them);
- a **chance node** is the moment after a play when the player draws a card nobody has seen.

>>> game = endgame()
>>> state = game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="8C 5D 3S")
>>> evaluate(state)                      # the 6 lands on 33 at once: about a token
1.08
>>> round(AlphaBeta().value(state, depth=2), 2), AlphaBeta().value(state), solve(state)
(1.02, 5, 5)
>>> Expectimax().move_values(state)      # the same position with the deck face down
{'6C': Fraction(5, 1), '9D': Fraction(13, 3), 'KH': Fraction(3, 1)}
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from .bots.reading import Reader
from .search import Search, endgame, outcomes, position_key, round_over, solve, tokens_won

__all__ = ["ESCAPE_WORTH", "escape_power", "evaluate", "zero", "alphabeta", "AlphaBeta",
           "Iteration", "iterative_deepening", "with_on_top", "chance_key", "Expectimax",
           "endgame", "solve"]

# --- 1. an evaluation function ------------------------------------------------------------------

#: What one whole escape card (a 9, say) is worth at the horizon, in tokens. Measured, not
#: derived: on 150 seeded endgames (not notebook 15b's), a search 1 to 3 plays deep found a best
#: move most often with a weight from 0.25 to 1; 0.5 sits in the middle of that range.
ESCAPE_WORTH = 0.5


def escape_power(hand, rules) -> float:
    """How well ``hand`` gets its holder out of danger: the sum of its cards' escape powers.

    A card's escape power is the bots' own measure (``bots.reading.Reader.escape``): the share
    of the high counts, 70 to 99, at which it can be played without busting and without costing
    its player a token. The 9 and the 10 score 1, the Ace nearly 1, a King about two thirds.

    >>> state = endgame().setup(count=0, hands=["9C 10D", "KS 5H"], deck="")
    >>> round(escape_power(state.hands[0], state.rules), 2), round(escape_power(state.hands[1], state.rules), 2)
    (2.0, 1.5)
    """
    reader = Reader.for_rules(rules, 2)
    return sum(reader.escape[reader.group_of[card]] for card in hand)


def evaluate(state) -> float:
    """A guess at the value of ``state`` for the player to move, for a search that stops here.

    Two things the expert bot weighs (``bots/counting.py``), read from the open hands:

    - **now**: the most tokens the player to move can win with one play (landing on 33 wins 1,
      reaching 99 wins 2, busting loses 2), worked out by playing each move on a copy;
    - **escapes**: the escape cards each player keeps for later, ``ESCAPE_WORTH`` tokens for
      each whole card of escape power more than the other player holds.

    When every move ends the round, nothing is left to guess: the value is the best of what the
    moves win, the true result. A finished game is worth 0 (nothing more to win).

    >>> game = endgame()
    >>> evaluate(game.setup(count=95, hands=["KC QD", "9C 9D"], deck=""))   # both cards bust
    -2
    >>> evaluate(game.setup(count=27, hands=["6C KD", "9C 7D"], deck=""))   # the 6 lands on 33
    0.85
    """
    if state.is_over:
        return 0
    results = [(won, over) for _, _, won, over, _ in outcomes(state)]
    now = max(won for won, _ in results)
    if all(over for _, over in results):
        return now
    me, other = state.to_move, 1 - state.to_move         # two players: the endgames of search.py
    escapes = escape_power(state.hands[me], state.rules) - escape_power(state.hands[other], state.rules)
    return round(now + ESCAPE_WORTH * escapes, 2)        # hundredths: a guess needs no more


def zero(state) -> int:
    """Notebook 15's horizon: nothing more is counted beyond it."""
    return 0


# --- 2. alpha-beta at a horizon, node by node --------------------------------------------------


def alphabeta(state, depth: int, alpha: float = -math.inf, beta: float = math.inf,
              evaluate=zero, expanded: list | None = None) -> float:
    """Plain alpha-beta, ``depth`` plays ahead, ``evaluate`` at the horizon: notebook 15's
    search without a table, for measuring (and grading) the nodes it expands.

    The moves are tried in the engine's order (``state.legal_moves()``); the search stops at a
    position as soon as ``alpha >= beta``. Each position whose moves are listed is appended to
    ``expanded`` (when given), in the order the search reaches them; a position at the horizon
    is evaluated, not expanded. The result is the value when it lies strictly between ``alpha``
    and ``beta``, otherwise a bound on the same side.

    >>> state = endgame().setup(count=80, hands=["9C KD", "QS 5H"], deck="7C AD")
    >>> seen = []
    >>> alphabeta(state, 2, expanded=seen), len(seen)
    (0, 3)
    """
    if depth == 0:
        return evaluate(state)
    if expanded is not None:
        expanded.append(state)
    best = -math.inf
    for _, after, won, over, again in outcomes(state):
        if over:
            score = won
        elif again:                                 # a Jack: my turn again, my value
            score = won + alphabeta(after, depth - 1, alpha - won, beta - won, evaluate, expanded)
        else:                                       # the other player's value is my loss
            score = won - alphabeta(after, depth - 1, won - beta, won - alpha, evaluate, expanded)
        best = max(best, score)
        alpha = max(alpha, score)
        if alpha >= beta:
            break
    return best


class AlphaBeta(Search):
    """Notebook 15's ``Search`` with an evaluation at the horizon and move ordering.

    ``Search`` already keeps two tables, filled as it goes and kept from one search to the next:

    - ``table[(position, depth)]``: the range ``(low, high)`` the value is known to lie in (a
      depth-limited value depends on the depth);
    - ``best[position]``: the best move found at that position by the last search that
      expanded it, at any depth.

    This class changes the two places a search may differ: at the horizon it returns
    ``evaluate(state)`` instead of 0, and with ``ordering=True`` it tries the move ``best``
    holds first. ``nodes`` counts the positions expanded, over every search made.

    >>> state = endgame().setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="8C 5D 3S")
    >>> search = AlphaBeta()
    >>> search.value(state, depth=9), search.nodes
    (5, 113)
    >>> str(search.best_move(state, depth=9))
    '6C'
    """

    def __init__(self, evaluate=evaluate, ordering: bool = True):
        super().__init__()
        self.evaluate = evaluate
        self.ordering = ordering

    def horizon(self, state) -> float:
        """The guess at the horizon: ``evaluate(state)``."""
        return self.evaluate(state)

    def outcomes(self, state) -> list:
        """The outcomes of ``state``'s moves, the table's best move first when ordering is on."""
        found = list(outcomes(state))
        first = self.best.get(position_key(state)) if self.ordering else None
        found.sort(key=lambda outcome: outcome[0] != first)      # a stable sort: the rest keep order
        return found

    def best_move(self, state, depth: int | None = None):
        """A best move at ``depth``: the move the search kept at the root (its best, first found)."""
        key = position_key(state)
        self.table.pop((key, math.inf if depth is None else depth), None)    # expand the root anew
        self.value(state, depth)
        return self.best.get(key)


class Iteration(NamedTuple):
    """One step of iterative deepening: the depth, the value and best move found at that depth,
    and the nodes expanded so far (all steps up to this one)."""

    depth: int
    value: float
    move: object
    nodes: int


def iterative_deepening(state, depths, evaluate=evaluate, ordering: bool = True) -> list[Iteration]:
    """Search ``state`` at each depth of ``depths`` in turn, with one table for all of them.

    Each search is cheap next to the one after it (each play more multiplies the lines), and it
    leaves in ``best`` the move to try first at every position it expanded: with ``ordering``,
    the next search meets its best moves first and cuts off sooner.

    >>> state = endgame().setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="8C 5D 3S")
    >>> [(step.depth, round(step.value, 2), str(step.move), step.nodes)
    ...  for step in iterative_deepening(state, [1, 2, 3, 9])]
    [(1, 1.05, '6C', 1), (2, 1.02, '6C', 5), (3, 1.13, '6C', 14), (9, 5, '6C', 127)]
    """
    search = AlphaBeta(evaluate, ordering)
    steps = []
    for depth in depths:
        value = search.value(state, depth)
        steps.append(Iteration(depth, value, search.best.get(position_key(state)), search.nodes))
    return steps


# --- 3. expectimax: open hands, the deck face down ----------------------------------------------


def with_on_top(state, card):
    """A copy of ``state`` whose deck has ``card`` on top, the other cards in the same order.

    The deck is the one thing an open-hand position hides when its order is unknown, so trying
    each card on top is how a search plays out each draw.

    >>> state = endgame().setup(count=10, hands=["5C", "6D"], deck="7C 8D 9H")
    >>> [str(card) for card in with_on_top(state, state.deck[2]).deck]
    ['9H', '7C', '8D']
    """
    world = state.copy()
    world.deck.remove(card)
    world.deck.insert(0, card)
    return world


def chance_key(state) -> tuple:
    """``position_key`` with the deck as a set: when nobody knows its order, the order does not
    change the value, so positions that differ only in it are one position."""
    count, to_move, direction, hands, _, tokens = position_key(state)
    return count, to_move, direction, hands, frozenset(state.deck), tokens


class Expectimax:
    """Expectimax over the draws: the hands are open, the deck is shuffled face down.

    A player chooses a move knowing both hands and which cards are in the deck, not their
    order; then the card drawn is each card of the deck with the same chance. So a move's value
    is an average: over each card that may be drawn, what the move wins plus (or minus, when
    the other player moves next) the value of the position it leads to. Values are exact
    fractions. ``table`` remembers each position's value (by ``chance_key``); ``nodes`` counts
    the positions expanded.

    This is the right search for a game of chance with nothing hidden. It is **not** what a
    player who cannot see the other hand can use: it reads that hand.

    >>> state = endgame().setup(count=80, hands=["9C KD", "QS 5H"], deck="7C AD")
    >>> solve(state)                     # the deck face up, the 7 on top: every move loses 2
    -2
    >>> Expectimax().move_values(state)  # face down: the King breaks even on average
    {'9C': Fraction(-2, 1), 'KD': Fraction(0, 1)}
    """

    def __init__(self):
        self.table: dict[tuple, Fraction] = {}
        self.nodes = 0

    def value(self, state) -> Fraction:
        """The expected value of ``state`` for the player to move, to the end of the round."""
        if state.is_over:
            return Fraction(0)
        key = chance_key(state)
        if key not in self.table:
            self.nodes += 1
            self.table[key] = max(self.move_values(state, as_text=False).values())
        return self.table[key]

    def move_values(self, state, as_text: bool = True) -> dict:
        """Each legal move (as text, or the move itself) with its expected value."""
        return {(str(move) if as_text else move): self.move_value(state, move)
                for move in state.legal_moves()}

    def move_value(self, state, move) -> Fraction:
        """The average over the draws of what ``move`` wins and what follows it.

        Each card of the deck is put on top of a copy in turn, and the move played there: each
        card is drawn with the same chance, 1 in the deck's size. A move that ends the round
        draws nothing, so the first card tried settles it.
        """
        if not state.deck:                              # nothing to draw: no chance node
            return self._play(state.copy(), move)[0]
        total = Fraction(0)
        for card in state.deck:
            value, over = self._play(with_on_top(state, card), move)
            if over:
                return value
            total += value
        return total / len(state.deck)

    def _play(self, world, move) -> tuple[Fraction, bool]:
        """Play ``move`` in ``world`` (a copy, changed here): what it wins plus or minus the
        value of the position after it, and whether it ended the round."""
        me = world.to_move
        events = world.play(move)
        won = tokens_won(events, me)
        if round_over(events):
            return Fraction(won), True
        if world.to_move == me:                         # a Jack: my turn again, my value
            return won + self.value(world), False
        return won - self.value(world), False

    def best_move(self, state):
        """A move of greatest expected value (the first in the engine's order)."""
        values = self.move_values(state, as_text=False)
        return max(values, key=values.get)
