"""Plausible wrong answers to the exercises, to prove that the checks catch them.

Each module ``exNN.py`` holds ``MUTANTS``, a list of ``Mutant``: the reference solution of
exercise NN with a few lines changed, the way a learner might get it wrong (off by one at a
boundary, a rule of the wrong rule set, a forgotten special case, a bot that only avoids busting,
a hard-coded answer ...). ``check_mutant`` grades each one and asserts that:

- exactly the checks in ``fails`` fail (so a mistake in one function never fails the check of
  another), each with a sentence (an ``AssertionError`` with a message, not a bare error);
- a mutant marked ``visible=True`` already fails a check the learner can run, and at least two
  thirds of all mutants are.

The mutants are split over four test files (exercises 01-08, 09-15, 16-18 with 22-26, 19-21), so that
``make test`` shares them out between its parallel workers.

These live in ``tests/``, never in ``exercises/``: they are answers (wrong ones), not hints.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Mutant:
    """One wrong answer: ``replace`` maps a snippet of the solution's code to what replaces it.

    Each snippet must occur exactly once in the solution's code cells (the test says so when a
    solution changes under it). ``fails`` names the checks (grade ids) that must fail.
    """

    name: str
    replace: dict[str, str]
    fails: frozenset[str] = field(default_factory=frozenset)
    visible: bool = True

    def __post_init__(self):
        object.__setattr__(self, "fails", frozenset(self.fails))


# --- running a mutant -------------------------------------------------------------------------

import importlib  # noqa: E402
from pathlib import Path  # noqa: E402

import traceback  # noqa: E402

from ninetynine.grading.notebooks import (BEGIN_HIDDEN, check_mark, checks, read,  # noqa: E402
                                          solution_paths, visible_part)

SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions"
EXERCISES = {path.name[:2]: path for path in solution_paths(SOLUTIONS)}


def mutants_of(number: str) -> list[Mutant]:
    """The wrong answers to exercise ``number`` (none when ``exNN.py`` is missing, which
    ``test_every_exercise_has_a_few_mutants`` reports)."""
    try:
        return importlib.import_module(f"mutants.ex{number}").MUTANTS
    except ModuleNotFoundError:
        return []


def cases(first: int, last: int) -> list[tuple[str, Mutant]]:
    """(exercise number, mutant) for the exercises numbered ``first`` to ``last``."""
    return [(number, mutant) for number in EXERCISES if first <= int(number) <= last
            for mutant in mutants_of(number)]


def case_id(case) -> str:
    number, mutant = case
    return f"{number}-{mutant.name}"


#: The tag of a given cell where the learner tries an answer (examples, a short match, a live
#: table). No check depends on one, so a mutant skips them: they are not what is tested, and
#: some play matches (exercise 18's is 20 games, about a second).
TRY_IT = "try-it"


def mutated_cells(path: Path, mutant: Mutant) -> list[str]:
    """The solution's learner cells (not checks, not try-it cells), with each of the mutant's
    snippets replaced."""
    sources = [cell.source for cell in read(path).cells if cell.cell_type == "code"
               and not check_mark(cell) and TRY_IT not in cell.metadata.get("tags", [])]
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


def visible_verdict(grade_id: str, whole: str, visible: str,
                    error: BaseException | None) -> bool | None:
    """Does the visible part of a check fail, as far as running the whole check already tells?

    A check without hidden lines is the same code again: it fails when the whole did. When the
    hidden lines end the check, the visible part is the code the whole ran first: it fails when
    the whole failed on one of its lines, and passes when the whole got past them. None when
    only running the visible part can tell (visible code after the hidden lines, or an error
    raised outside the check's own lines)."""
    if visible == whole:
        return error is not None
    lines = whole.splitlines()
    hidden = next(number for number, line in enumerate(lines, start=1) if line.strip() == BEGIN_HIDDEN)
    if "\n".join(lines[:hidden - 1]).rstrip() != visible:
        return None
    if error is None:
        return False
    at = [frame.lineno for frame in traceback.extract_tb(error.__traceback__)
          if frame.filename == grade_id]
    return at[0] < hidden if at else None


def check_mutant(number: str, mutant: Mutant) -> None:
    """Run the solution of exercise ``number`` with ``mutant``'s changes, then its checks: exactly
    the checks in ``mutant.fails`` must fail, each with a sentence, and the visible parts must
    catch it when ``mutant.visible`` says so. Raises AssertionError saying what went wrong."""
    path = EXERCISES[number]
    namespace: dict = {"__name__": "__main__"}
    for source in mutated_cells(path, mutant):
        try:
            exec(compile(source, path.name, "exec"), namespace)
        except Exception as error:  # noqa: BLE001 - the grader stops here too: every check fails
            raise AssertionError(f"{mutant.name}: a learner cell raised {error!r}; a mutant "
                                 "should be wrong, not broken") from error
    the_checks = checks(read(path), path.name)
    whole = {c.grade_id: c.source for c in the_checks}
    failed = failures(namespace, whole)
    assert set(failed) == mutant.fails, (
        f"{mutant.name}: failed {sorted(failed)}, expected {sorted(mutant.fails)}: "
        + "; ".join(f"{k}: {v!r}" for k, v in failed.items()))
    for grade_id, error in failed.items():
        assert isinstance(error, AssertionError) and str(error).strip(), (
            f"{mutant.name}: check {grade_id} failed without a sentence: {error!r}")
    visible = {grade_id: visible_part(source) for grade_id, source in whole.items()}
    seen, again = {}, {}
    for grade_id, source in whole.items():
        known = visible_verdict(grade_id, source, visible[grade_id], failed.get(grade_id))
        if known is None:
            again[grade_id] = visible[grade_id]
        elif known:
            seen[grade_id] = failed[grade_id]
    seen.update(failures(namespace, again))
    assert bool(seen) == mutant.visible, (
        f"{mutant.name}: the visible checks {'missed it' if mutant.visible else 'caught it'}; "
        "set visible= to what happens")
