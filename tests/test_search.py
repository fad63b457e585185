"""The solver of open-hand endgames (``ninetynine.search``) against the plainest search there is.

Alpha-beta and the transposition table only save work: on every position they must give what
plain negamax gives, looking to the end of the round or only a few plays ahead.
"""
from __future__ import annotations

import math
import random

import pytest

from ninetynine.search import (ENDGAME, Search, best_move, endgame, open_hand_bot, outcomes,
                               position_key, solve)
from ninetynine.counting.controller import TableController


def negamax(state, depth=99) -> int:
    """Every line of play, nothing remembered, nothing cut off."""
    if depth == 0:
        return 0
    best = -math.inf
    for _, after, won, over, again in outcomes(state):
        if over:
            score = won
        elif again:
            score = won + negamax(after, depth - 1)
        else:
            score = won - negamax(after, depth - 1)
        best = max(best, score)
    return best


def random_endgames(number: int, seed: int):
    """Small seeded endgames: 1-3 cards a hand, 0-3 in the deck, counts near the milestones
    often, and tokens low enough that a round may end the game."""
    rng = random.Random(seed)
    game, deck = endgame(), [str(card) for card in ENDGAME.deck]
    found = 0
    while found < number:
        rng.shuffle(deck)
        size, left = rng.randint(1, 3), rng.randint(0, 3)
        count = rng.choice([rng.randrange(100), rng.randrange(28, 36), rng.randrange(60, 68),
                            rng.randrange(86, 100)])
        state = game.setup(count=count, hands=[" ".join(deck[:size]), " ".join(deck[size:2 * size])],
                           deck=" ".join(deck[2 * size:2 * size + left]), to_move=rng.randrange(2),
                           tokens=[rng.choice([1, 2, 9]), rng.choice([1, 2, 9])])
        found += 1
        yield state


@pytest.mark.parametrize("depth", [None, 1, 2, 4])
def test_alphabeta_with_a_table_gives_the_negamax_value(depth):
    for state in random_endgames(40, seed=depth or 0):
        assert solve(state, depth) == negamax(state, 99 if depth is None else depth), position_key(state)


def test_the_best_move_scores_the_value():
    for state in random_endgames(25, seed=7):
        chosen = best_move(state)
        for move, after, won, over, again in outcomes(state):
            if move == chosen:
                score = won if over else won + (1 if again else -1) * solve(after)
                assert score == solve(state), position_key(state)


def test_pruning_and_the_table_search_fewer_positions_than_plain_negamax():
    state = endgame().setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="2C 6H 3S AC")
    search = Search()
    assert search.value(state) == negamax(state)
    assert 0 < search.nodes < 500


def test_a_finished_game_is_worth_nothing_more():
    state = endgame(tokens=1).setup(count=98, hands=["KC", "9C"], deck="")
    state.play("KC")                         # seat 0 busts with its last token: the game is over
    assert state.is_over and solve(state) == 0


def test_the_open_hand_bot_plays_best_moves_and_then_as_the_expert():
    start = endgame().setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="2C 6H 3S AC")
    position = start.copy()
    table = TableController(start.game, seat=0, bots=open_hand_bot(start), state=start)
    while table.state.round == 1 and not table.state.is_over:
        mine = table.state.legal_moves()[-1]             # not always the best: the bot must follow
        assert table.play(str(mine))
        position.play(mine)
        while position.round == 1 and position.to_move == 1:
            position.play(best_move(position))            # what the bot should answer
        assert table.state.history[:len(position.history)] == position.history
    for _ in range(3):                                     # later rounds: cards face down again
        if table.state.is_over:
            break
        if table.paused:                                   # the round's summary waits
            assert table.next_round()
            continue
        assert table.play(str(table.state.legal_moves()[0]))
