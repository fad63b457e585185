"""Mutation tests of the exercises' checks: every plausible wrong answer loses points.

The wrong answers are in ``tests/mutants/`` (see its docstring). For each one, the solution
notebook is run with the mutant's changes, in one namespace as the grader's kernel would, and
then every check of the solution - visible and hidden parts - is run on it, and then the visible
parts alone, as the learner runs them.
"""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

from ninetynine.grading.notebooks import check_mark, checks, read, solution_paths, visible_part

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import Mutant  # noqa: E402

EXERCISES = {path.name[:2]: path for path in solution_paths(SOLUTIONS)}


def mutants_of(number: str) -> list[Mutant]:
    """The wrong answers to exercise ``number`` (none when ``mutants/exNN.py`` is missing, which
    ``test_every_exercise_has_a_few_mutants`` reports)."""
    try:
        return importlib.import_module(f"mutants.ex{number}").MUTANTS
    except ModuleNotFoundError:
        return []


ALL = [(number, mutant) for number in EXERCISES for mutant in mutants_of(number)]


def mutated_cells(path: Path, mutant: Mutant) -> list[str]:
    """The solution's learner cells (not checks), with each of the mutant's snippets replaced."""
    sources = [cell.source for cell in read(path).cells
               if cell.cell_type == "code" and not check_mark(cell)]
    for old, new in mutant.replace.items():
        found = sum(source.count(old) for source in sources)
        assert found == 1, (f"{mutant.name}: the snippet {old!r} occurs {found} times in "
                            f"{path.name}; it must occur once.")
        sources = [source.replace(old, new) for source in sources]
    return sources


def failures(namespace: dict, sources: dict[str, str]) -> dict[str, BaseException]:
    """Run each check's source on its own copy of ``namespace``; the ones that raise."""
    failed = {}
    for grade_id, source in sources.items():
        try:
            exec(compile(source, grade_id, "exec"), dict(namespace))
        except Exception as error:  # noqa: BLE001 - any exception fails a check
            failed[grade_id] = error
    return failed


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


@pytest.mark.parametrize("number, mutant", ALL, ids=[f"{n}-{m.name}" for n, m in ALL])
def test_mutant_fails_exactly_its_checks_with_a_sentence(number, mutant):
    path = EXERCISES[number]
    namespace: dict = {"__name__": "__main__"}
    for source in mutated_cells(path, mutant):
        try:
            exec(compile(source, path.name, "exec"), namespace)
        except Exception as error:  # noqa: BLE001 - the grader stops here too: every check fails
            pytest.fail(f"{mutant.name}: a learner cell raised {error!r}; a mutant should be "
                        "wrong, not broken")
    the_checks = checks(read(path), path.name)
    failed = failures(namespace, {c.grade_id: c.source for c in the_checks})
    assert set(failed) == mutant.fails, (
        f"{mutant.name}: failed {sorted(failed)}, expected {sorted(mutant.fails)}: "
        + "; ".join(f"{k}: {v!r}" for k, v in failed.items()))
    for grade_id, error in failed.items():
        assert isinstance(error, AssertionError) and str(error).strip(), (
            f"{mutant.name}: check {grade_id} failed without a sentence: {error!r}")
    seen = failures(namespace, {c.grade_id: visible_part(c.source) for c in the_checks})
    assert bool(seen) == mutant.visible, (
        f"{mutant.name}: the visible checks {'missed it' if mutant.visible else 'caught it'}; "
        "set visible= to what happens")


def test_every_exercise_has_a_few_mutants():
    thin = [number for number in EXERCISES if len(mutants_of(number)) < 3]
    assert not thin, f"exercises with fewer than three wrong answers tested: {thin}"


def test_two_thirds_of_wrong_answers_fail_a_visible_check():
    visible = sum(mutant.visible for _, mutant in ALL)
    assert visible * 3 >= 2 * len(ALL), f"only {visible} of {len(ALL)} fail a visible check"
