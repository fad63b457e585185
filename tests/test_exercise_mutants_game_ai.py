"""Mutation tests of the exercises' checks, exercises 16 to 21: every plausible wrong
answer loses points.

The wrong answers are in ``tests/mutants/`` (see its docstring). For each one, the solution
notebook is run with the mutant's changes, in one namespace as the grader's kernel would, and
then every check of the solution - visible and hidden parts - is run on it, and then the visible
parts alone, as the learner runs them.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import EXERCISES, case_id, cases, check_mutant, mutants_of  # noqa: E402,F401

CASES = cases(16, 21)


@pytest.fixture(scope="module", autouse=True)
def grading_mode():
    """As under the grader: notebooks skip their live tables."""
    old = os.environ.get("NINETYNINE_GRADING")
    os.environ["NINETYNINE_GRADING"] = "1"
    yield
    if old is None:
        del os.environ["NINETYNINE_GRADING"]
    else:
        os.environ["NINETYNINE_GRADING"] = old


@pytest.mark.parametrize("number, mutant", CASES, ids=[case_id(case) for case in CASES])
def test_mutant_fails_exactly_its_checks_with_a_sentence(number, mutant):
    check_mutant(number, mutant)
