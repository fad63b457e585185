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
   a chance event. A chance node's value is the average over the cards that may be drawn;
4. **a search that plays from a seat's view** (``SampledSearch``): a real seat sees neither the
   other hand nor the deck, so the search guesses them, many times (notebook 16's sampled
   worlds), and searches each guess with open hands, the evaluation at its horizon. Exercise 26
   grades an evaluation by how well this search plays with it.

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
           "grow", "back_up", "SampledSearch", "endgame", "solve"]

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


# --- 4. a search that plays from a seat's view ----------------------------------------------------


def grow(state, depth: int, horizon: list):
    """The tree of plays below ``state``, ``depth`` plays deep, with nothing valued yet.

    The tree is a list with one entry per legal move (in the engine's order): ``(won, over,
    again, below)``, as ``outcomes`` gives them, where ``below`` is ``None`` when the move ends
    the round, the tree below the position after the move otherwise. Each position at the
    horizon is appended to ``horizon`` and stands in the tree as its place in that list (an
    ``int``): ``back_up`` values the tree once the horizon's positions are valued.

    >>> state = endgame().setup(count=27, hands=["6C 9D", "KH 3S"], deck="")
    >>> horizon = []
    >>> [(won, over, again, below) for won, over, again, below in grow(state, 1, horizon)]
    [(1, False, False, 0), (0, False, False, 1)]
    >>> [position.count for position in horizon]
    [33, 27]
    """
    if depth == 0:
        horizon.append(state)
        return len(horizon) - 1
    return [(won, over, again, None if over else grow(after, depth - 1, horizon))
            for _, after, won, over, again in outcomes(state)]


def back_up(tree, values: list) -> float:
    """The negamax value of a tree made by ``grow``, ``values[i]`` standing for the ``i``-th
    position at its horizon (each seen by the player to move there).

    >>> state = endgame().setup(count=27, hands=["6C 9D", "KH 3S"], deck="")
    >>> tree = grow(state, 1, [])
    >>> back_up(tree, [0, 0]), back_up(tree, [2.5, 0])     # the 6 wins 1 now; the 9 nothing
    (1, 0)
    """
    if isinstance(tree, int):
        return values[tree]
    best = -math.inf
    for won, over, again, below in tree:
        if over:
            score = won
        elif again:                                 # a Jack: my turn again, my value
            score = won + back_up(below, values)
        else:                                       # the other player's value is my loss
            score = won - back_up(below, values)
        best = max(best, score)
    return best


class SampledSearch:
    """A depth-limited search that plays a real game from its seat's view: a bot.

    A seat sees its own hand, the count and the cards played; not the other hand, not the
    deck. So the search guesses them: it deals the unseen cards at random into ``worlds``
    whole positions that agree with everything the view shows (``sample_world``, notebook 16),
    and in each it searches every legal move ``depth`` plays ahead with both hands open
    (negamax, notebook 15), ``evaluate`` at the horizon. It plays the move with the greatest
    total over the worlds (the first in the engine's order on a tie). This is determinization,
    or Perfect Information Monte Carlo, with a horizon; it has the weakness notebook 16 names
    (strategy fusion), and the same weakness whatever the evaluation, so two searches that
    differ only in ``evaluate`` measure the evaluations.

    The worlds are dealt by a generator seeded from the view (``search_rng``): the same view,
    the same worlds, the same move. The search works in two passes, so that all the positions
    at its horizon are valued at once: ``grow`` the tree in every world, then value the
    horizon with ``evaluate_all(positions)`` (by default ``[evaluate(p) for p in positions]``;
    a caller whose function runs in another process can ask about all of them in one message),
    then ``back_up``. It does not cut off (alpha-beta would need each value before deciding
    what to look at next): at one or two plays ahead the horizon is a few dozen positions a move.

    >>> import ninetynine as nn
    >>> game = nn.make("quentin_c", players=2, tokens=1)
    >>> state = game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], to_move=0)
    >>> str(SampledSearch(zero)(state.view(0)))                # lands on 33: the other pays
    '6C'
    """

    def __init__(self, evaluate=evaluate, depth: int = 1, worlds: int = 8, seed: int = 0,
                 evaluate_all=None):
        if depth < 1 or worlds < 1:
            raise ValueError(f"A search looks at least 1 play ahead in at least 1 world, not "
                             f"depth {depth} in {worlds} worlds.")
        self.evaluate, self.depth, self.worlds, self.seed = evaluate, depth, worlds, seed
        self.evaluate_all = evaluate_all or (lambda positions: [self.evaluate(p) for p in positions])
        self.__name__ = f"the search with {getattr(evaluate, '__name__', 'an evaluation')}"

    def move_values(self, view) -> dict:
        """Each legal move of ``view`` with its total over the worlds: what it wins, plus or
        minus the value of what follows, ``depth - 1`` plays deeper."""
        from .counting.bots import sample_world, search_rng, unseen_cards
        rng, unseen = search_rng(view, self.seed), unseen_cards(view)
        trees, horizon = [], []
        for _ in range(self.worlds):
            world = sample_world(view, rng, unseen)
            trees.append(grow(world, self.depth, horizon))
        values = self.evaluate_all(horizon) if horizon else []
        totals = dict.fromkeys(view.legal_moves, 0)
        for tree in trees:                          # the root: one entry per move, in order
            for move, entry in zip(view.legal_moves, tree):
                totals[move] += back_up([entry], values)
        return totals

    def __call__(self, view):
        """The move with the greatest total over the worlds (no search when only one is legal)."""
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        totals = self.move_values(view)
        return max(totals, key=totals.get)
