"""Counterfactual regret minimization: equilibrium and exploitability for small two-player games.

A bot that wins head to head may still be easy to beat: head-to-head play measures a strategy
against *one* opponent, while **exploitability** measures it against the *worst* opponent for it,
the one that knows the strategy and answers it as well as possible (a *best response*). A strategy
nobody can exploit is half of a **Nash equilibrium**; in a two-player zero-sum game it is the
strategy that does best against its worst opponent. This module computes all of that for any game
of the kit small enough to walk whole, through the protocol and views only (``ninetynine.protocol``).

>>> import ninetynine as nn
>>> tree = GameTree(nn.make("tiny99"))
>>> solver = CFR(tree, plus=True)
>>> tree.deals, tree.nodes, tree.infosets
(168, 12579, 2113)
>>> solver.run(20)
>>> exploitability(tree, solver.average_policy()) < 0.01
True

What is here, and what it is not
--------------------------------
``regret_matching(regrets)``
    Hart and Mas-Colell (2000), "A simple adaptive procedure leading to correlated equilibrium",
    Econometrica 68(5). Play each move in proportion to its positive regret (how much better it
    would have done than what was played); with no positive regret, play uniformly. On its own it
    is a rule for one repeated decision (rock-paper-scissors), not a way to solve a game tree.
``CFR``
    Zinkevich, Johanson, Bowling and Piccione (2007), "Regret minimization in games with incomplete
    information", NIPS 20. Regret matching at every information set, each one's regrets weighted
    by the *counterfactual* reach: the chance that the others (chance included) bring play there.
    The *current* strategies do not converge; their **average**, weighted by the player's own
    reach, does: in a two-player zero-sum game its exploitability falls like 1/sqrt(T). It is not
    a bot that learns from play (nothing is sampled: every deal and every line is walked each
    iteration), and with three or more players its average is not an equilibrium in general, so
    this module accepts two-player games only.
``CFR(tree, plus=True)`` - CFR+
    Tammelin (2014), "Solving large imperfect information games using CFR+", arXiv:1407.5042.
    Three changes: regrets are floored at 0 after each update (regret matching+), the players
    update in turn (alternating updates), and iteration t counts t times in the average. On the
    small game it gets under an exploitability of 0.01 in fewer iterations than CFR and keeps
    falling much faster (``benchmarks/cfr.py``), which is why it is the default. It is not a
    different equilibrium, only a faster road.
``best_response(tree, policy, seat)`` and ``exploitability(tree, policy)``
    Exact, by walking the whole tree: no sampling, no search depth.

How a game becomes a tree (``GameTree``)
----------------------------------------
- **Chance** happens once, at the deal. ``game.new_game(seed)`` is dealt, every hidden place of
  every seat is taken (``state.hidden_from(seat)``: the other hands and the deck, the state's own
  lists), and every distinct arrangement of the hidden items among those places is one *deal*. A
  uniform shuffle makes each of the n! orders of the n items equally likely; an arrangement of a
  pool with repeated items (two equal cards) comes from prod(m!) of them, so its probability is
  prod(m!) / n! (``deals``). A game that draws on its random generator later on (a reshuffle of
  the discard pile) is not walked correctly: choose options with no reshuffle.
- **An information set** is everything the mover's view shows (``information_set(view)``: every
  field of the view, its history of events included, made hashable), together with the mover's
  own previous decision (its set and its move). Two positions are in the same set exactly when
  the mover sees the same thing in both and got there the same way, so a policy - a function of
  the view - cannot tell them apart. The previous decision is there for *perfect recall*, which
  CFR needs: a seat must remember what it saw and did. The kit's views show every event, but not
  the order the first hand was dealt in: [5, 10] and [10, 5] are two views at the first move, yet
  after the 10 is played and a card drawn both hands read [5, drawn]. (Sets that differ only so are
  mirror images: CFR gives them the same strategy, and ``tree.index`` maps a view to the first.)
- **Payoffs** come from ``state.standings()``: a seat gets +1 for each seat ranked below it and -1
  for each seat ranked above it, divided by (seats - 1). With two seats: the winner +1, the loser
  -1, a shared first place 0 each. The game is zero-sum.

Policies
--------
A **policy** is a function ``view -> {move: probability}`` (moves the view's ``legal_moves`` holds,
probabilities that add up to 1). ``uniform_policy`` is the random bot's; ``bot_policy(bot)`` turns
a kit bot (``view -> move``, deterministic) into one; ``CFR.average_policy()`` is the equilibrium
CFR approaches. A policy is asked once per information set: ``policy_table(tree, policy)``.

Exploitability, exactly
-----------------------
For a policy pi of a two-player zero-sum game with payoffs u_0 + u_1 = 0::

    exploitability(pi) = ( max_b u_0(b, pi_1) + max_b u_1(pi_0, b) ) / 2  =  NashConv(pi) / 2

where ``max_b u_0(b, pi_1)`` is what seat 0's best response earns against seat 1 playing pi (and
the other way round), and NashConv(pi) = sum over seats of (best response value - value under pi)
(the sum of values under pi is 0). This is OpenSpiel's ``exploitability`` (NashConv divided by
the number of players). It is 0 exactly for an equilibrium, never negative, and at most 1 here
(payoffs from -1 to +1).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import fields, is_dataclass
from fractions import Fraction
from typing import Callable

__all__ = ["regret_matching", "information_set", "deals", "GameTree", "CFR", "uniform_policy",
           "bot_policy", "policy_table", "policy_value", "best_response", "exploitability"]


# --- regret matching ----------------------------------------------------------------------------

def regret_matching(regrets: dict) -> dict:
    """The strategy regret matching plays: each move in proportion to its positive regret, or all
    moves alike when no regret is positive (Hart and Mas-Colell 2000).

    >>> regret_matching({"rock": 2, "paper": 1, "scissors": -1})
    {'rock': 0.6666666666666666, 'paper': 0.3333333333333333, 'scissors': 0.0}
    >>> regret_matching({"rock": 0, "paper": -3})
    {'rock': 0.5, 'paper': 0.5}
    """
    positive = {move: max(regret, 0) for move, regret in regrets.items()}
    total = sum(positive.values())
    if total <= 0:
        return {move: 1 / len(regrets) for move in regrets}
    return {move: regret / total for move, regret in positive.items()}


def _matched(regrets: list) -> list:
    """``regret_matching`` on a list (one regret per action): the form the solver iterates on."""
    total = 0.0
    for regret in regrets:
        if regret > 0:
            total += regret
    if total <= 0:
        return [1 / len(regrets)] * len(regrets)
    return [regret / total if regret > 0 else 0.0 for regret in regrets]


# --- from a game to a tree ----------------------------------------------------------------------

def information_set(view, _made: dict | None = None):
    """What ``view`` shows, as a hashable value: two views give the same value exactly when they
    show the same thing (every field of a dataclass view, its history included, lists as tuples,
    dicts as sorted pairs). The kit's views are dataclasses; another view is read through its
    ``__dict__``, or its ``repr`` as a last resort. (``_made``: parts already frozen, by id, so
    that the rule set every view holds is frozen once per tree.)"""
    made = {} if _made is None else _made
    kind = type(view)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = (tuple(item.name for item in fields(view))
                                      if is_dataclass(view) else ())
    if not names:
        return _frozen(view, made)
    return (kind.__name__,) + tuple(_frozen(getattr(view, name), made) for name in names)


_FIELD_NAMES: dict[type, tuple] = {}       # the fields of each class of view, read once
_PLAIN = (type(None), bool, int, float, str)


def _frozen(value, made: dict):
    if type(value) in _PLAIN:
        return value
    if isinstance(value, (list, tuple)):
        items = tuple(value)
        try:
            hash(items)             # cards, moves, events: frozen already (the quick way)
            return items
        except TypeError:
            return tuple(_frozen(item, made) for item in items)
    if isinstance(value, dict):
        try:
            items = tuple(sorted(value.items()))
            hash(items)
            return ("dict",) + items
        except TypeError:
            return ("dict",) + tuple(sorted(((repr(k), _frozen(v, made))
                                             for k, v in value.items()), key=lambda kv: kv[0]))
    known = made.get(id(value))     # a part every view shares (the rule set): frozen once
    if known is not None and known[0] is value:
        return known[1]
    try:
        hash(value)                 # a card, a move, an event: frozen, compared by their fields
        return value
    except TypeError:
        pass
    if is_dataclass(value) and not isinstance(value, type):
        frozen = (type(value).__name__,) + tuple(
            _frozen(getattr(value, item.name), made) for item in fields(value))
    elif hasattr(value, "__dict__"):
        frozen = (type(value).__name__, _frozen(vars(value), made))
    else:
        frozen = repr(value)
    made[id(value)] = (value, frozen)   # the value is kept, so its id is not reused meanwhile
    return frozen


def _hidden_lists(state) -> list[list]:
    """Every list some seat may not see (``hidden_from``), each once, in seat and name order."""
    seats = state.players if isinstance(state.players, int) else len(state.players)
    lists, seen = [], set()
    for seat in range(seats):
        for items in state.hidden_from(seat).values():
            if id(items) not in seen:
                seen.add(id(items))
                lists.append(items)
    return lists


def _arrangements(counts: list, length: int):
    """Every distinct order of a multiset (``counts``: [item, how many] pairs), as lists."""
    if length == 0:
        yield []
        return
    for pair in counts:
        if pair[1]:
            pair[1] -= 1
            for rest in _arrangements(counts, length - 1):
                yield [pair[0]] + rest
            pair[1] += 1


def deals(game, seed=0) -> list[tuple[Fraction, object]]:
    """Every deal of ``game.new_game(seed)`` with its exact probability: ``[(p, state), ...]``.

    The hidden items of all seats are pooled and dealt again into the same places, keeping their
    sizes, in every distinct way. A uniform shuffle makes each of the n! orders of the pool equally
    likely, and a deal with m_k copies of item k arises from prod(m_k!) of them, so each deal has
    probability prod(m_k!) / n! and the probabilities add up to exactly 1.
    """
    start = game.new_game(seed)
    places = _hidden_lists(start)
    pool = [item for items in places for item in items]
    kinds = Counter(pool)
    probability = Fraction(math.prod(math.factorial(m) for m in kinds.values()),
                           math.factorial(len(pool)))
    counts = [[item, kinds[item]] for item in dict.fromkeys(pool)]
    found = []
    for order in _arrangements(counts, len(pool)):
        world = start.copy()
        at = 0
        for items in _hidden_lists(world):
            items[:] = order[at:at + len(items)]
            at += len(items)
        found.append((probability, world))
    return found


def _payoffs(state, seats: int) -> tuple:
    """+1 for each seat ranked below, -1 for each ranked above, over (seats - 1): zero-sum."""
    ranks = {standing.seat: standing.rank for standing in state.standings()}
    return tuple(sum((ranks[other] > ranks[seat]) - (ranks[other] < ranks[seat])
                     for other in range(seats)) / (seats - 1) for seat in range(seats))


class GameTree:
    """The whole game, every deal and every line of play, walked once into plain lists.

    Nodes are numbers. For node ``i``: ``mover[i]`` is the seat to move (-1 at the end of a game),
    ``infoset[i]`` its information set, ``children[i]`` the node after each legal move (in the
    order of ``legal_moves()``), ``payoff[i]`` seat 0's payoff at the end (seat 1's is minus it).
    ``roots`` holds (probability, node) for each deal. For information set ``s``: ``seat_of[s]``,
    ``moves_of[s]`` (the legal moves), ``view_of[s]`` (one view of it, for asking a policy) and
    ``parent_of[s]``: (set, action) of the same seat's previous decision, or None - with perfect
    recall there is one. ``sets`` numbers the sets by (what the view shows, previous decision);
    ``index`` maps what a view shows to the first such set (for answering a policy's question).
    Iterating on these lists is what makes CFR fast in pure Python: the game's own code (views,
    copies, moves) runs once, while the tree is built, and never while solving.

    max_nodes   refuse (ValueError) a game whose tree is larger: it would not be solved in time
    """

    def __init__(self, game, seed=0, max_nodes: int = 500_000):
        seats = game.players if isinstance(game.players, int) else len(game.players)
        if seats != 2:
            raise ValueError(f"CFR here solves two-player games; {getattr(game, 'name', game)} "
                             f"has {seats} seats: make it with players=2.")
        self.game, self.max_nodes = game, max_nodes
        self.mover: list[int] = []
        self.infoset: list[int] = []
        self.children: list[tuple] = []
        self.payoff: list[float] = []
        self.seat_of: list[int] = []
        self.moves_of: list[list] = []
        self.view_of: list = []
        self.parent_of: list = []
        self.sets: dict = {}           # (information_set(view), parent) -> set number
        self.index: dict = {}          # information_set(view) -> the first such set's number
        self._made: dict = {}
        self.roots = [(float(p), self._walk(state, [None, None])) for p, state in deals(game, seed)]
        self._made = {}
        self.deals = len(self.roots)

    def _walk(self, state, last: list) -> int:
        """Add ``state`` and everything after it; ``last[seat]``: (set, action) of seat's last
        decision on this line. Returns the node's number."""
        node = len(self.mover)
        if node >= self.max_nodes:
            raise ValueError(f"The game tree has more than {self.max_nodes} nodes: choose a "
                             "smaller game (fewer cards, smaller hands, fewer tokens).")
        self.mover.append(-1)
        self.infoset.append(-1)
        self.children.append(())
        self.payoff.append(0.0)
        if state.is_over:
            self.payoff[node] = _payoffs(state, 2)[0]
            return node
        seat = state.to_move
        view = state.view(seat)
        shown = information_set(view, self._made)
        key = (shown, last[seat])          # what the seat sees, and what it did before
        number = self.sets.get(key)
        if number is None:
            number = self.sets[key] = len(self.seat_of)
            self.index.setdefault(shown, number)
            self.seat_of.append(seat)
            self.moves_of.append(state.legal_moves())
            self.view_of.append(view)
            self.parent_of.append(last[seat])
        moves = self.moves_of[number]
        self.mover[node], self.infoset[node] = seat, number
        kids = []
        for action, move in enumerate(moves):
            after = state.copy()
            after.play(move)
            now = list(last)
            now[seat] = (number, action)
            kids.append(self._walk(after, now))
        self.children[node] = tuple(kids)
        return node

    @property
    def nodes(self) -> int:
        return len(self.mover)

    @property
    def infosets(self) -> int:
        return len(self.seat_of)

    def __repr__(self) -> str:
        return (f"<GameTree of {getattr(self.game, 'name', self.game)}: {self.deals} deals, "
                f"{self.nodes} nodes, {self.infosets} information sets>")


def _tree(game_or_tree) -> GameTree:
    return game_or_tree if isinstance(game_or_tree, GameTree) else GameTree(game_or_tree)


# --- policies -----------------------------------------------------------------------------------

def uniform_policy(view) -> dict:
    """Every legal move alike: the random bot as a policy."""
    moves = view.legal_moves
    return {move: 1 / len(moves) for move in moves}


def bot_policy(bot: Callable) -> Callable:
    """A bot (``view -> move``) as a policy: its move with probability 1. The random bot, which is
    not deterministic, becomes ``uniform_policy``, which is what it plays on average."""
    from .bots import random_bot
    if bot is random_bot:
        return uniform_policy
    return lambda view: {bot(view): 1.0}


def policy_table(tree: GameTree, policy: Callable) -> list[list[float]]:
    """``policy`` asked once for each information set: the probability of each legal move, in the
    order of ``tree.moves_of``. A move that is not legal, or probabilities that do not add up to
    1, is a ValueError."""
    table = []
    for number, view in enumerate(tree.view_of):
        moves = tree.moves_of[number]
        given = policy(view)
        row = [0.0] * len(moves)
        for move, probability in given.items():
            if move not in moves:
                raise ValueError(f"The policy gave {move}, which is not a legal move here "
                                 f"(legal: {', '.join(map(str, moves))}).")
            row[moves.index(move)] += probability
        if abs(sum(row) - 1) > 1e-9:
            raise ValueError(f"The policy's probabilities add up to {sum(row)}, not 1.")
        table.append(row)
    return table


def _table(tree: GameTree, policy) -> list[list[float]]:
    return policy if isinstance(policy, list) else policy_table(tree, policy)


# --- values, best responses and exploitability --------------------------------------------------

def policy_value(game_or_tree, policy) -> float:
    """Seat 0's expected payoff when both seats play ``policy`` (seat 1's is minus it)."""
    tree = _tree(game_or_tree)
    table = _table(tree, policy)
    mover, infoset, children, payoff = tree.mover, tree.infoset, tree.children, tree.payoff

    def value(node):
        if mover[node] < 0:
            return payoff[node]
        strategy = table[infoset[node]]
        return sum(p * value(child) for p, child in zip(strategy, children[node]) if p > 0)

    return sum(p * value(root) for p, root in tree.roots)


def best_response(game_or_tree, policy, seat: int) -> tuple[float, dict]:
    """What ``seat`` earns at best against the other seat playing ``policy``, and how: (value,
    {information set number: action}). Exact: a choice at an information set weighs each of its
    positions by how likely chance and the other seat make it (the counterfactual reach), and the
    later choices are made first (they are asked for recursively, once each)."""
    tree = _tree(game_or_tree)
    table = _table(tree, policy)
    mover, infoset, children, payoff = tree.mover, tree.infoset, tree.children, tree.payoff
    sign = 1.0 if seat == 0 else -1.0
    # where each of seat's information sets occurs, and how likely the others make each place
    occurs: dict[int, list] = {}
    stack = [(root, p) for p, root in tree.roots]
    while stack:
        node, reach = stack.pop()
        who = mover[node]
        if who < 0:
            continue
        if who == seat:
            occurs.setdefault(infoset[node], []).append((node, reach))
            stack.extend((child, reach) for child in children[node])
        else:
            stack.extend((child, reach * p)
                         for p, child in zip(table[infoset[node]], children[node]) if p > 0)
    choice: dict[int, int] = {}
    memo: dict[int, float] = {}

    def choose(number: int) -> int:
        if number not in choice:
            totals = [0.0] * len(tree.moves_of[number])
            for node, reach in occurs[number]:
                if reach > 0:
                    for action, child in enumerate(children[node]):
                        totals[action] += reach * value(child)
            choice[number] = max(range(len(totals)), key=totals.__getitem__)
        return choice[number]

    def value(node: int) -> float:
        if node in memo:
            return memo[node]
        who = mover[node]
        if who < 0:
            found = sign * payoff[node]
        elif who == seat:
            found = value(children[node][choose(infoset[node])])
        else:
            found = sum(p * value(child)
                        for p, child in zip(table[infoset[node]], children[node]) if p > 0)
        memo[node] = found
        return found

    total = sum(p * value(root) for p, root in tree.roots)
    for number in occurs:                   # sets only reached with probability 0: any move
        choose(number)
    return total, choice


def exploitability(game_or_tree, policy) -> float:
    """The mean over the two seats of what a best response earns against ``policy``: NashConv/2,
    as OpenSpiel's ``exploitability`` (see the module). 0 for an equilibrium, at most 1 here.

    ``policy``: a function ``view -> {move: probability}`` used by both seats, or a table from
    ``policy_table``."""
    tree = _tree(game_or_tree)
    table = _table(tree, policy)
    return (best_response(tree, table, 0)[0] + best_response(tree, table, 1)[0]) / 2


# --- counterfactual regret minimization ---------------------------------------------------------

class CFR:
    """Counterfactual regret minimization on a ``GameTree`` (or a game, walked into one).

    plus=False   vanilla CFR (Zinkevich et al. 2007): regrets summed as they come, every
                 iteration counts once in the average; ``alternating`` chooses whether the seats
                 update in turn (seat 0, then seat 1 against seat 0's new strategy) or together
    plus=True    CFR+ (Tammelin 2014): regrets floored at 0, alternating updates, iteration t
                 counts t times in the average

    ``run(iterations)`` iterates; ``average_policy()`` is the answer (the current strategy of CFR
    does not converge, its average does); ``current_policy()`` is the last iteration's.
    ``regrets[s]`` and ``strategy_sum[s]`` hold one number per action of information set ``s``.
    """

    def __init__(self, game_or_tree, plus: bool = True, alternating: bool = True):
        self.tree = _tree(game_or_tree)
        self.plus = plus
        self.alternating = alternating or plus
        count = self.tree.infosets
        sizes = [len(moves) for moves in self.tree.moves_of]
        self.regrets = [[0.0] * size for size in sizes]
        self.strategy_sum = [[0.0] * size for size in sizes]
        self.strategy = [[1 / size] * size for size in sizes]
        self.iterations = 0
        # each seat's sets, parents before children: the order to work out own reach in
        self._order = [[s for s in range(count) if self.tree.seat_of[s] == seat]
                       for seat in (0, 1)]

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        for _ in range(iterations):
            self.iterations += 1
            if self.alternating:
                for seat in (0, 1):
                    self._accumulate_average(seat)
                    self._iterate((seat,))
                    self._match(seat)
            else:
                for seat in (0, 1):
                    self._accumulate_average(seat)
                self._iterate((0, 1))
                self._match(0)
                self._match(1)

    def _match(self, seat: int) -> None:
        """Regret matching at each of ``seat``'s information sets: its next strategy."""
        for number in self._order[seat]:
            self.strategy[number] = _matched(self.regrets[number])

    def _accumulate_average(self, seat: int) -> None:
        """Add this iteration's strategy of ``seat`` to its average, weighted by the seat's own
        reach of each set (the product of its own earlier choices: the same at every position
        of the set) and, for CFR+, by the iteration's number."""
        weight = float(self.iterations) if self.plus else 1.0
        parent_of, strategy, sums = self.tree.parent_of, self.strategy, self.strategy_sum
        reach: dict[int, float] = {}
        for number in self._order[seat]:      # numbered as met: a parent before its children
            parent = parent_of[number]
            own = 1.0 if parent is None else reach[parent[0]] * strategy[parent[0]][parent[1]]
            reach[number] = own
            if own > 0:
                row, total = strategy[number], sums[number]
                for action, p in enumerate(row):
                    total[action] += weight * own * p

    def _iterate(self, updating: tuple) -> None:
        """One walk of the tree: counterfactual values, and the regrets of the seats updating.

        ``walk(node, reach0, reach1)`` returns seat 0's value at ``node`` under the current
        strategies; ``reach0``/``reach1`` are the chances that seat 0/seat 1 play to here, each
        times chance's. A seat's regrets are weighed by the *other* seat's reach (the
        counterfactual reach), never by its own: a set the seat itself avoids still learns. A
        move the updating seat's opponent never makes is not walked: it changes no regret, and
        its value counts for nothing above it.
        """
        tree = self.tree
        mover, infoset, children, payoff = tree.mover, tree.infoset, tree.children, tree.payoff
        strategy, regrets, plus = self.strategy, self.regrets, self.plus
        update0, update1 = 0 in updating, 1 in updating

        def walk(node, reach0, reach1):
            who = mover[node]
            if who < 0:
                return payoff[node]
            number = infoset[node]
            row = strategy[number]
            kids = children[node]
            if who == 0:
                if update0:
                    values = [walk(kid, reach0 * p, reach1) for p, kid in zip(row, kids)]
                    value = sum(p * v for p, v in zip(row, values))
                    if reach1 > 0:
                        regret = regrets[number]
                        for action, v in enumerate(values):
                            regret[action] += reach1 * (v - value)
                    return value
                value = 0.0
                for p, kid in zip(row, kids):
                    if p > 0:
                        value += p * walk(kid, reach0 * p, reach1)
                return value
            if update1:
                values = [walk(kid, reach0, reach1 * p) for p, kid in zip(row, kids)]
                value = sum(p * v for p, v in zip(row, values))
                if reach0 > 0:
                    regret = regrets[number]
                    for action, v in enumerate(values):
                        regret[action] -= reach0 * (v - value)     # seat 1's payoff is -value
                return value
            value = 0.0
            for p, kid in zip(row, kids):
                if p > 0:
                    value += p * walk(kid, reach0, reach1 * p)
            return value

        for probability, root in tree.roots:
            # a regret is weighed by the opponent's reach times chance's: chance goes into both
            # products (each seat's own reach is used for nothing else here)
            walk(root, probability, probability)
        if plus:
            for seat in updating:
                for number in self._order[seat]:
                    row = regrets[number]
                    for action, regret in enumerate(row):
                        if regret < 0:
                            row[action] = 0.0

    def average_policy(self) -> Callable:
        """The average strategy as a policy (``view -> {move: probability}``): the equilibrium
        CFR approaches. A set never reached by the seat's own play is played uniformly."""
        return self._as_policy(self.average_table())

    def average_table(self) -> list[list[float]]:
        """The average strategy as a table (``policy_table``'s form)."""
        table = []
        for row in self.strategy_sum:
            total = sum(row)
            table.append([x / total for x in row] if total > 0 else [1 / len(row)] * len(row))
        return table

    def current_policy(self) -> Callable:
        """The strategy of the last iteration, as a policy."""
        return self._as_policy([list(row) for row in self.strategy])

    def _as_policy(self, table: list) -> Callable:
        tree, made = self.tree, {}

        def policy(view) -> dict:
            number = tree.index.get(information_set(view, made))
            if number is None:
                return uniform_policy(view)
            return dict(zip(tree.moves_of[number], table[number]))

        policy.table = table
        return policy
