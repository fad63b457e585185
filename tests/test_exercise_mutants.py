"""Mutation tests of the checks of exercises 01-08, and the rules they all follow: see ``tests/mutants``."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import case_id, cases, check_mutant  # noqa: E402

CASES = cases(1, 8)
pytestmark = pytest.mark.usefixtures("grading_mode")


@pytest.mark.parametrize("number, mutant", CASES, ids=[case_id(case) for case in CASES])
def test_mutant_fails_exactly_its_checks_with_a_sentence(number, mutant):
    check_mutant(number, mutant)


def test_every_exercise_has_a_few_mutants():
    from mutants import EXERCISES, mutants_of
    thin = [number for number in EXERCISES if len(mutants_of(number)) < 3]
    assert not thin, f"exercises with fewer than three wrong answers tested: {thin}"


def test_two_thirds_of_wrong_answers_fail_a_visible_check():
    from mutants import EXERCISES, mutants_of
    every = [mutant for number in EXERCISES for mutant in mutants_of(number)]
    visible = sum(mutant.visible for mutant in every)
    assert visible * 3 >= 2 * len(every), f"only {visible} of {len(every)} fail a visible check"
