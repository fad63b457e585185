"""Mutation tests of the checks of exercises 01-08, and the rules they all follow: see ``tests/mutants``."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import case_id, cases, check_mutant  # noqa: E402

CASES = cases(1, 8)
pytestmark = pytest.mark.usefixtures("grading_mode")


@pytest.mark.slow                    # every mutant graded: make test-all
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


def test_a_visible_verdict_read_from_the_whole_check_is_the_one_running_it_gives():
    """``check_mutant`` reads the visible part's verdict from the whole check's run where it can
    (``visible_verdict``); where it says one, running the visible part alone must agree."""
    from mutants import failures, visible_verdict

    from ninetynine.grading.notebooks import visible_part
    hidden = "### BEGIN HIDDEN TESTS\n{}\n### END HIDDEN TESTS"
    sources = {
        "fails-in-sight": "x = 1\nassert x == 2, 'no'\n" + hidden.format("assert True"),
        "fails-hidden": "x = 1\nassert x == 1\n" + hidden.format("assert x == 2, 'no'"),
        "passes": "x = 1\n" + hidden.format("assert x == 1"),
        "hidden-calls-a-function-in-sight": "def f():\n    assert False, 'no'\n" + hidden.format("f()"),
        "in-sight-after": "x = 1\n" + hidden.format("x = 2") + "\nassert x == 1, 'no'",
        "no-hidden-lines": "assert 1 == 2, 'no'",
    }
    said = {}
    for grade_id, source in sources.items():
        error = failures({}, {grade_id: source}).get(grade_id)
        said[grade_id] = visible_verdict(grade_id, source, visible_part(source), error)
        if said[grade_id] is not None:
            assert said[grade_id] == (grade_id in failures({}, {grade_id: visible_part(source)})), grade_id
    assert said == {"fails-in-sight": True, "fails-hidden": False, "passes": False,
                    "hidden-calls-a-function-in-sight": False, "in-sight-after": None,
                    "no-hidden-lines": True}
