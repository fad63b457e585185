"""Mutation tests of the checks of exercises 16-18 and 22-26 (game AI): see ``tests/mutants``."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import case_id, cases, check_mutant  # noqa: E402

CASES = cases(16, 18) + cases(22, 26)
pytestmark = pytest.mark.usefixtures("grading_mode")


@pytest.mark.slow                    # every mutant graded: make test-all
@pytest.mark.parametrize("number, mutant", CASES, ids=[case_id(case) for case in CASES])
def test_mutant_fails_exactly_its_checks_with_a_sentence(number, mutant):
    check_mutant(number, mutant)
