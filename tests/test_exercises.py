"""The exercises: built from their solutions, up to date, and failing every check untouched.

The solutions themselves are run by nbval (``pytest --nbval solutions/``): their check cells, hidden
parts included, must pass there.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from ninetynine.grading.notebooks import (BEGIN_HIDDEN, BEGIN_SOLUTION, build_all, check_mark,
                                          checks, read, solution_paths)

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS, EXERCISES = ROOT / "solutions", ROOT / "exercises"
NAMES = [path.name for path in solution_paths(SOLUTIONS)]


def test_there_are_at_least_eight_exercises_numbered_in_order():
    assert len(NAMES) >= 8
    assert [name[:2] for name in NAMES] == [f"{n:02d}" for n in range(1, len(NAMES) + 1)]


def test_every_exercise_is_up_to_date_with_its_solution():
    stale = build_all(SOLUTIONS, EXERCISES, write=False)
    assert not stale, f"Run 'ninetynine exercises build': out of date: {[p.name for p in stale]}"


@pytest.mark.parametrize("name", NAMES)
def test_exercise_has_a_stub_no_solution_no_hidden_checks_and_no_outputs(name):
    exercise = read(EXERCISES / name)
    text = "\n".join(cell.source for cell in exercise.cells)
    assert "raise NotImplementedError()" in text
    assert BEGIN_SOLUTION not in text and BEGIN_HIDDEN not in text
    assert all(not cell.get("outputs") and cell.get("execution_count") is None
               for cell in exercise.cells if cell.cell_type == "code")


@pytest.mark.parametrize("name", NAMES)
def test_solution_has_checks_with_hidden_parts(name):
    found = checks(read(SOLUTIONS / name), name)
    assert found and all(check.points > 0 for check in found)
    assert any(BEGIN_HIDDEN in check.source for check in found)


@pytest.mark.parametrize("name", NAMES)
def test_untouched_exercise_fails_every_check(name, grading_mode):
    """The inverse check: the learner's copy as handed out passes nothing.

    The exercise's cells run in one namespace (an unfinished stub may raise, as it would for the
    learner); then every check of the *source* must raise.
    """
    namespace: dict = {"__name__": "__main__"}
    exercise = read(EXERCISES / name)
    for cell in exercise.cells:
        if cell.cell_type == "code" and not check_mark(cell):
            try:
                exec(compile(cell.source, name, "exec"), namespace)
            except NotImplementedError:
                pass
    for check in checks(read(SOLUTIONS / name), name):
        with pytest.raises(Exception):
            exec(compile(check.source, check.grade_id, "exec"), dict(namespace))
