"""A bot's time budget is relative to a yardstick timed on the same machine (checking.Budget):
a bot's verdict must not depend on how fast or busy the machine is, only on how much work it
does a move."""
from __future__ import annotations

import pytest

from ninetynine.grading.checking import Budget, positions, yardstick

VIEWS = [view for view in positions(games=2, seed=7, tokens=1) if len(view.legal_moves) > 1][:8]


def bot_doing(yardsticks: int):
    """A bot that does ``yardsticks`` times the yardstick's work for each move."""
    def bot(view):
        for seed in range(yardsticks):
            yardstick(view, seed=seed + 1)
        return view.legal_moves[0]
    return bot


def test_a_bot_doing_the_yardstick_s_work_is_within_three_times_it():
    budget = Budget(bot_doing(1), times=3)
    moves = [budget(view) for view in VIEWS]
    assert moves == [view.legal_moves[0] for view in VIEWS]
    assert budget.moves == budget.measured == len(VIEWS)
    assert 0 < budget.spent / budget.moves <= budget.allowed()


def test_a_bot_doing_six_times_the_work_is_stopped_with_a_sentence():
    budget = Budget(bot_doing(6), times=3, name="greedy_bot")
    with pytest.raises(AssertionError) as stopped:
        for view in VIEWS:
            budget(view)
    assert budget.moves == 4                         # judged from the fourth move (after=4)
    message = str(stopped.value)
    assert message.startswith("greedy_bot took ") and "over 4 moves" in message
    assert "its budget on this machine is" in message
    assert "3 times what 90 random playouts in guessed worlds took on the same positions" in message


def test_the_yardstick_is_timed_on_the_first_moves_then_every_nth_move_only():
    budget = Budget(bot_doing(0), times=3, after=2, every=3)
    for view in VIEWS:
        budget(view)
    assert (budget.moves, budget.measured) == (8, 4)    # moves 1, 2, 3 and 6


def test_errors_of_the_bot_become_a_sentence_and_are_not_counted():
    def broken(view):
        raise ValueError("no cards")
    budget = Budget(broken, times=3)
    with pytest.raises(AssertionError, match="At the start, broken raised ValueError: no cards"):
        budget.answer("At the start", VIEWS[0])
    assert budget.moves == 0
