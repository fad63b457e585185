"""Solving a position you can see: negamax, a transposition table and alpha-beta.

In an **open-hand endgame** of two-player Quentin C every card is known: both hands and the
order of the deck (the players draw from it after each play). Nothing is hidden and nothing is
left to chance, so every position has a **value**: the tokens the player to move wins over the
other player (positive) or loses (negative) from now to the end of the round, when both play
their best. Notebook 15 builds this module's search step by step; this is the kit's version of
it, for bots and checks.

One rule of the table stands in the way of "nothing left to chance": when the deck runs out,
Quentin C shuffles the discard pile into a new deck. An endgame stops short of that shuffle, as
a variant of the rules (rules as data, notebook 11): ``ENDGAME`` is Quentin C with
``reshuffle=False``. When the deck is gone the players play out their hands, and a player whose
turn starts with no cards loses 3 tokens, as Quentin C says.

>>> game = endgame()
>>> state = game.setup(count=88, hands=["JC 6D 7D", "9C 9D 9H"], deck="KD 2C 3C")
>>> solve(state)                    # seat 0 loses 2 tokens, whatever it plays
-2
>>> state = game.setup(count=89, hands=["10C 6D", "9C 9D"], deck="")
>>> solve(state), str(best_move(state))     # 10 up lands on 99: the other player pays 2
(2, '10C +10')
"""
from __future__ import annotations

import math

from .counting import events as ev
from .counting.game import CountingGame
from .counting.rules import QUENTIN_C

#: Quentin C without the reshuffle: an endgame played with the cards on the table.
ENDGAME = QUENTIN_C.variant(name="quentin_c_endgame", title="Quentin C endgame (no reshuffle)",
                            reshuffle=False)


def endgame(tokens: int = 9, hand_size: int = 3) -> CountingGame:
    """Two-player Quentin C endgames: ``endgame().setup(count=..., hands=[...], deck="...")``."""
    return CountingGame(ENDGAME, players=2, tokens=tokens, hand_size=hand_size)


def tokens_won(events, seat: int) -> int:
    """Tokens the other players lost in ``events``, minus the tokens ``seat`` lost.

    >>> tokens_won([ev.TokensLost(1, 2, "ninety_nine", 0, 7)], seat=0)
    2
    """
    return sum(-e.tokens if e.seat == seat else e.tokens
               for e in events if type(e) is ev.TokensLost)


def round_over(events) -> bool:
    """True when ``events`` end the round (or the whole game): the search stops there."""
    return any(type(e) in (ev.RoundOver, ev.GameOver) for e in events)


def outcomes(state):
    """For each legal move: the move, the position after it, the tokens the mover won by it,
    whether the round is over, and whether the mover moves again (a Jack skips the only
    opponent).

    >>> state = endgame().setup(count=27, hands=["6C 9D", "KH 3S"], deck="")
    >>> [(str(move), won, over, again) for move, _, won, over, again in outcomes(state)]
    [('6C', 1, False, False), ('9D', 0, False, False)]
    """
    me = state.to_move
    for move in state.legal_moves():
        after = state.copy()
        events = after.play(move)
        yield move, after, tokens_won(events, me), round_over(events), after.to_move == me


def position_key(state) -> tuple:
    """Everything the rest of the round depends on, as one hashable value.

    Two move orders that reach the same key reach the same position: its value is worked out
    once. (The discard pile is left out: without a reshuffle it never comes back into play.)
    """
    return (state.count, state.to_move, state.direction,
            tuple(frozenset(hand) for hand in state.hands), tuple(state.deck), tuple(state.tokens))


class Search:
    """Alpha-beta search with a transposition table; ``nodes`` counts the positions expanded.

    The table keeps, for each position (and depth left), what is known of its value: a range
    ``(low, high)``. Alpha-beta often learns only a bound ("at least 1"), and a bound is worth
    keeping: it may be enough the next time the position comes up.

    It also keeps, in ``best``, the first best move it found at each position (after a
    cut-off, the move that caused it). Two methods are the places a search may differ, and
    notebook 15b's ``classic_search.AlphaBeta`` changes both: ``horizon`` (what a position is
    worth where the depth runs out: here nothing) and ``outcomes`` (the moves, in the order they
    are tried: here the engine's).

    >>> search = Search()
    >>> state = endgame().setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="8C 5D 3S")
    >>> search.value(state), search.nodes > 0, str(search.best[position_key(state)])
    (5, True, '6C')
    """

    def __init__(self):
        self.table: dict[tuple, tuple[float, float]] = {}
        self.best: dict[tuple, object] = {}
        self.nodes = 0

    def horizon(self, state) -> float:
        """What ``state`` is worth where the depth runs out: nothing more is counted."""
        return 0

    def outcomes(self, state):
        """The outcomes of ``state``'s moves (see ``outcomes``), in the order they are tried."""
        return outcomes(state)

    def value(self, state, depth: int | None = None) -> int:
        """The value of ``state`` for the player to move; ``depth``: plays to look ahead (None: to
        the end of the round; beyond the depth nothing more is counted)."""
        if state.is_over:
            return 0
        return self._alphabeta(state, math.inf if depth is None else depth, -math.inf, math.inf)

    def _alphabeta(self, state, depth, alpha, beta):
        """The value if it lies strictly between alpha and beta; otherwise a bound on the same
        side (at most alpha, or at least beta), which is all the caller needs."""
        if depth == 0:
            return self.horizon(state)
        position = position_key(state)
        key = (position, depth)
        low, high = self.table.get(key, (-math.inf, math.inf))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        window = alpha
        self.nodes += 1
        best, chosen = -math.inf, None
        for move, after, won, over, again in self.outcomes(state):
            if over:
                score = won
            elif again:                             # my turn again: my value, shifted by won
                score = won + self._alphabeta(after, depth - 1, alpha - won, beta - won)
            else:                                   # the other player's value is my loss
                score = won - self._alphabeta(after, depth - 1, won - beta, won - alpha)
            if score > best:
                best, chosen = score, move
            alpha = max(alpha, score)
            if alpha >= beta:                       # the player before me will not allow this
                break
        if best <= window:                          # every move failed low: value at most best
            self.table[key] = (low, best)           # (and no move is known to be best)
            return best
        self.best[position] = chosen
        if best >= beta:                            # a move was too good: value at least best
            self.table[key] = (best, high)
        else:                                       # inside the window: the exact value
            self.table[key] = (best, best)
        return best


def solve(state, depth: int | None = None) -> int:
    """The value of ``state`` for the player to move, both sides playing their best."""
    return Search().value(state, depth)


def best_move(state, depth: int | None = None):
    """A move of greatest value for the player to move (the first in the engine's order)."""
    search = Search()
    best, chosen = -math.inf, None
    for move, after, won, over, again in outcomes(state):
        if over:
            score = won
        elif again:
            score = won + search.value(after, None if depth is None else depth - 1)
        else:
            score = won - search.value(after, None if depth is None else depth - 1)
        if score > best:
            best, chosen = score, move
    return chosen


def open_hand_bot(start, choose=None):
    """A bot for a table that starts from the open-hand position ``start``.

    Make it before the table plays on ``start``. Every card was face up at the start, so the bot
    keeps its own copy of that position, follows the plays it sees in each view's history, and
    plays ``choose(copy)`` (by default ``best_move``: a best move of its copy). When the round is
    over the new cards are dealt face down: from then on the bot plays as the kit's expert, from
    its view alone.

    >>> start = endgame().setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="8C 5D 3S")
    >>> bot = open_hand_bot(start)
    >>> str(bot(start.view(0)))
    '6C'
    """
    from .bots import expert_bot
    from .counting.moves import Play

    known = start.copy()
    first_round = start.round
    followed = sum(type(e) is ev.CardPlayed for e in start.history)   # plays already in known

    def bot(view):
        nonlocal followed
        if view.round != first_round:
            return expert_bot(view)
        played = [e for e in view.history if type(e) is ev.CardPlayed]
        for event in played[followed:]:
            known.play(Play(event.card, event.amount))
        followed = len(played)
        return (choose or best_move)(known)

    return bot
