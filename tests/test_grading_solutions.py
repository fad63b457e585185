"""Every reference solution gets full marks from ``ninetynine grade``, as an instructor runs it.

The grader runs with its default time limit, two submissions at a time, while the rest of the
test suite keeps the other core busy: an honest answer must never be marked down (or called a
cheat) because the machine was busy. The inverse - each untouched exercise fails every check -
is in ``test_exercises.py``; plausible wrong answers are in ``test_exercise_mutants.py``.
Without bubblewrap it grades with ``--no-sandbox`` (the solutions are the kit's own code), except
on CI, where bubblewrap must be there.
"""
from __future__ import annotations

import csv
from pathlib import Path

from machine import sandbox_flags
from ninetynine.grading.commands import main
from ninetynine.grading.notebooks import checks, read, solution_paths

SOLUTIONS = Path(__file__).resolve().parents[1] / "solutions"


def test_every_reference_solution_gets_full_marks_with_the_default_time_limit(tmp_path):
    out = tmp_path / "results.csv"
    assert main(["grade", str(SOLUTIONS), "--out", str(out), "--jobs", "2", *sandbox_flags()]) == 0
    with out.open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    expected = {(path.stem, check.grade_id) for path in solution_paths(SOLUTIONS)
                for check in checks(read(path))}
    assert {(row["exercise"], row["check"]) for row in rows} == expected
    failed = [f"{row['exercise']} {row['check']}: {row['status']}: {row['message']}"
              for row in rows if row["passed"] != "yes" or row["status"] != "graded"]
    assert not failed, "reference solutions lost points:\n" + "\n".join(failed)
