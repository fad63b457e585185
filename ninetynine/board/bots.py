"""Bots for The Game of 99: a heuristic bot and a search bot, both plain ``bot(view) -> move``.

The heuristic scores every empty square by the lines of five through it: a line that only your
team holds is worth more the more markers it has (4 markers -> placing the fifth wins), and a line
that only the opponents hold is worth blocking, urgently when they have four. Playing a card on a
square far above its number wastes it (low cards are the only way into the centre), so that is
charged. Dead cards (no empty square left for them) are discarded; a short hand draws.

The search bot samples the cards it cannot see, tries its best few moves in each sample, plays the
next few moves of everyone with the heuristic, and keeps the move that leaves the best position on
average (a line it is sure to complete counts hugely; a threat it cannot stop counts against).
"""
from __future__ import annotations

import random

from ninetynine.protocol import random_bot

from .layout import lines_of_five
from .moves import CARDS, DRAW, Discard, DrawCard, Place
from .state import BoardView

LINES = lines_of_five()
LINES_THROUGH: dict[int, list[int]] = {square: [] for square in range(100)}
for _index, _line in enumerate(LINES):
    for _square in _line:
        LINES_THROUGH[_square].append(_index)

#: what a line is worth by how many markers one side holds in it (and the other none)
LINE_WORTH = (0, 1, 4, 16, 80, 10_000)
WASTE = 0.15          # cost per square between a card's number and where it is played


def line_counts(owner: list, team_of, team: int) -> list[tuple[int, int]]:
    """For every line of five: (markers of ``team``, markers of the other teams)."""
    counts = []
    for line in LINES:
        mine = theirs = 0
        for square in line:
            holder = owner[square]
            if holder is not None:
                if team_of(holder) == team:
                    mine += 1
                else:
                    theirs += 1
        counts.append((mine, theirs))
    return counts


def square_values(owner: list, team_of, team: int) -> dict[int, float]:
    """How good each empty square is for ``team``: building its lines plus blocking the others'.

    A line adds the same to each of its empty squares, so each line's worth is worked out once."""
    worth = []
    for mine, theirs in line_counts(owner, team_of, team):
        if theirs == 0:
            worth.append(LINE_WORTH[mine + 1])
        elif mine == 0:
            worth.append(LINE_WORTH[theirs] * (40 if theirs == 4 else 0.7))
        else:
            worth.append(0)                 # both sides are in it: it can never be completed
    values = {}
    for square in range(100):
        if owner[square] is None:
            value = 0.0
            for index in LINES_THROUGH[square]:
                value += worth[index]
            values[square] = value
    return values


def best_plays(view, values: dict[int, float]) -> list[tuple[float, Place]]:
    """Every legal play with its score, best first (square value minus the card's waste)."""
    scored = []
    for move in view.legal_moves:
        if isinstance(move, Place):
            waste = WASTE * (move.square - move.card.value)
            scored.append((values[move.square] - waste, move))
    scored.sort(key=lambda pair: (-pair[0], pair[1].card.value, pair[1].square))
    return scored


def heuristic_bot(view):
    """Win if possible, block a line of four, build lines, discard dead cards, draw when short."""
    values = square_values(view.owner, view.team_of, view.team)
    plays = best_plays(view, values)
    best_score, best = plays[0] if plays else (float("-inf"), None)
    if best_score >= LINE_WORTH[5] / 2 or best_score >= LINE_WORTH[4] * 30:   # win or urgent block
        return best
    dead = [card for card in view.hand if not any(
        view.owner[square] is None for square in range(card.value, 100))]
    if dead:
        return Discard(max(dead))
    can_draw = DRAW in view.legal_moves
    if can_draw and len(view.hand) < 3 and best_score < LINE_WORTH[3]:
        return DRAW
    if best is not None and best_score > 1:
        return best
    if can_draw:
        return DRAW
    if best is not None:
        return best
    return Discard(max(view.hand))


class SearchBot:
    """Sample the unseen cards, look a few moves ahead, keep the move with the best average.

    samples     how many guesses of the hidden cards to try
    candidates  how many of the heuristic's best plays to compare (a draw and the heuristic's
                own choice are always compared too)
    depth       how many moves (everyone's, played by the heuristic) to look ahead after ours
    """

    def __init__(self, samples: int = 6, candidates: int = 5, depth: int = 4, seed: int = 0):
        self.samples, self.candidates, self.depth = samples, candidates, depth
        self.seed = seed

    def __call__(self, view):
        # The samples are drawn from a generator seeded by the bot's seed and the position, so
        # the same view always gets the same move, whatever the bot played before.
        self.rng = random.Random(f"{self.seed}:{view.seat}:{view.owner}:{view.hand}:{view.deck_size}")
        values = square_values(view.owner, view.team_of, view.team)
        plays = best_plays(view, values)
        if plays and plays[0][0] >= LINE_WORTH[4] * 30:
            return plays[0][1]                     # a win or a forced block: no need to search
        moves = [move for _, move in plays[:self.candidates]]
        moves += [m for m in view.legal_moves if isinstance(m, DrawCard)]
        moves.append(heuristic_bot(view))
        moves = list(dict.fromkeys(moves))
        if len(moves) == 1:
            return moves[0]
        totals = dict.fromkeys(moves, 0.0)
        for _ in range(self.samples):
            world = self._sample_world(view)
            for move in moves:
                totals[move] += self._score_after(world.copy(), move, view)
        return max(moves, key=lambda move: totals[move])

    def _sample_world(self, view):
        """A full state consistent with the view: the unseen cards dealt at random."""
        from ..board.game import BoardGame
        seen = set(view.hand) | set(view.discard)
        unseen = [card for card in CARDS if card not in seen]
        self.rng.shuffle(unseen)
        hands = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(list(view.hand))
            else:
                hands.append(unseen[:size])
                unseen = unseen[size:]
        game = BoardGame(players=view.players, replay_ties=False)
        markers = {square: seat for square, seat in enumerate(view.owner) if seat is not None}
        return game.setup(markers=markers, hands=hands, to_move=view.seat, deck=unseen[:view.deck_size],
                          discard=list(view.discard), seed=self.rng.randrange(2**32))

    def _score_after(self, state, move, view) -> float:
        """Play ``move``, then ``depth`` more moves by the heuristic, then judge the board."""
        state.play(move)
        for _ in range(self.depth):
            if state.is_over:
                break
            state.play(heuristic_bot(_sampled_view(state)))
        if state.is_over:
            return 1e6 if state.winning_team == view.team else -1e6
        score = position_value(state.owner, view.team_of, view.team, state.hands[view.seat])
        mine = winning_squares(state.owner, view.team_of, view.team, state.hands[view.seat])
        theirs = set()
        for seat in range(view.players):
            if view.team_of(seat) != view.team:
                theirs |= winning_squares(state.owner, view.team_of, view.team_of(seat), state.hands[seat])
        if mine and state.to_move == view.seat:
            score += 1e5                           # we win on our next move
        elif len(theirs) > 1 or (theirs and not mine):
            score -= 5e4 * len(theirs)             # they threaten more than we can block
        return score


def winning_squares(owner: list, team_of, team: int, hand) -> set[int]:
    """Empty squares that would complete a line of five for ``team`` and a card in ``hand`` allows."""
    lowest = min((card.value for card in hand), default=100)
    found = set()
    for line in LINES:
        empty = [square for square in line if owner[square] is None]
        if len(empty) == 1 and empty[0] >= lowest and all(
                team_of(owner[square]) == team for square in line if owner[square] is not None):
            found.add(empty[0])
    return found


def position_value(owner: list, team_of, team: int, hand) -> float:
    """Lines only ``team`` can still complete, minus the opponents' (which count a little more:
    they move next), plus how many empty squares the cards in hand can still reach."""
    mine = theirs = 0
    for own, other in line_counts(owner, team_of, team):
        if other == 0:
            mine += LINE_WORTH[own]
        elif own == 0:
            theirs += LINE_WORTH[other]
    empty = [square for square in range(100) if owner[square] is None]
    reach = sum(sum(1 for square in empty if square >= card.value) for card in hand) / 20
    return mine - 1.2 * theirs + reach


def _sampled_view(state) -> BoardView:
    """A view of the bot's own imagined world, without the history the heuristic never reads."""
    seat = state.to_move
    return BoardView(seat=seat, players=state.players, team=state.team(seat), teams=state.game.teams,
                     owner=state.owner, hand=state.hands[seat], hand_sizes=[], deck_size=len(state.deck),
                     discard=[], to_move=seat, legal_moves=state.legal_moves())


def search_bot(view):
    """A ready-made SearchBot (6 samples, 5 candidates, 4 plies ahead, seed 0)."""
    return _DEFAULT_SEARCH(view)


_DEFAULT_SEARCH = SearchBot()

BOTS = {"board_random": random_bot, "board_heuristic": heuristic_bot, "board_search": search_bot}
