"""Grade a class: find the submissions, grade them in parallel, write results as they finish.

Each submission is graded by its own worker process (``runner.py``), which starts its own kernel.
The grader runs up to ``jobs`` workers at a time and stops any worker that runs far past its time
limit (its kernel goes with it: a worker leads its own process group). After each submission the
CSV gets its rows and the student's feedback file is rewritten, so an interrupted run loses
nothing already graded.
"""
from __future__ import annotations

import csv
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from .notebooks import checks, read, solution_paths
from .runner import DIED, TIMEOUT, CheckResult, Result

CSV_FIELDS = ["student", "exercise", "check", "points", "max_points", "passed", "status", "message"]
KERNEL_START = 30          # seconds allowed on top of the time limits for starting a kernel


@dataclass(frozen=True)
class Task:
    """One submission to grade: the file, its solution notebook and the student's name."""

    submission: Path
    source: Path
    student: str


def find_exercise(name: str, solutions: Path) -> Path:
    """The solution notebook called ``name``: "03", "03-no-safe-card" or "03-no-safe-card.ipynb"."""
    wanted = Path(name).stem
    paths = solution_paths(solutions)
    for path in paths:
        if path.stem == wanted or path.stem.split("-")[0] == wanted:
            return path
    names = ", ".join(p.stem for p in paths)
    raise ValueError(f"There is no exercise called '{name}': choose one of {names}.")


def student_name(submission: Path, exercise: Path) -> str:
    """The student, from the file name ("ada-03-no-safe-card.ipynb", "ada.ipynb") or its folder.

    The exercise's name is taken out of the file name; what is left names the student. When
    nothing is left (the file is called just like the exercise), the folder names the student.
    """
    number = exercise.stem[:2]
    stem = submission.stem.replace(exercise.stem, " ")
    stem = re.sub(rf"(^|[^0-9]){number}(?=[^0-9]|$)", r"\1 ", stem)
    stem = re.sub(r"[\s_.-]+", " ", stem).strip().replace(" ", "-")
    return stem or submission.resolve().parent.name


def find_tasks(paths: Iterable[str | Path], solutions: str | Path, exercise: str | None = None) -> list[Task]:
    """A task for every submitted notebook among ``paths`` (files, or folders searched deeply).

    Without ``exercise``, each file name must name its exercise ("03" or "03-no-safe-card").
    """
    solutions = Path(solutions)
    fixed = find_exercise(exercise, solutions) if exercise else None
    tasks = []
    for path in map(Path, paths):
        if path.is_dir():
            files = sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        elif path.exists():
            files = [path]
        else:
            raise ValueError(f"There is no file or folder called {path}: give notebooks or folders of them.")
        for file in files:
            source = fixed or _exercise_of(file, solutions)
            tasks.append(Task(file, source, student_name(file, source)))
    return tasks


def _exercise_of(file: Path, solutions: Path) -> Path:
    for path in solution_paths(solutions):
        if path.stem in file.stem:
            return path
    for path in solution_paths(solutions):
        if re.search(rf"(^|[^0-9]){path.stem[:2]}([^0-9]|$)", file.stem):
            return path
    raise ValueError(f"The file {file} does not name an exercise: rename it or use --exercise.")


def worker_limit(task: Task, timeout: float) -> float:
    """How long a worker may run before it is stopped: the notebook, each check, and a margin."""
    return timeout * (1 + len(checks(read(task.source)))) + KERNEL_START


def _stopped(task: Task, status: str, message: str) -> Result:
    """The result of a worker that had to be stopped, or that failed without a result."""
    result = Result(task.student, task.source.stem, str(task.submission),
                    checks=[CheckResult(c.grade_id, 0, c.points, False)
                            for c in checks(read(task.source))])
    return result.fail_all(status, message)


def grade_all(tasks: list[Task], timeout: float = 60, jobs: int = 1,
              on_result: Callable[[Result], None] = lambda result: None) -> list[Result]:
    """Grade every task, ``jobs`` at a time; call ``on_result`` as each one finishes."""
    waiting, running, results = list(tasks), [], []
    while waiting or running:
        while waiting and len(running) < jobs:
            task = waiting.pop(0)
            process = subprocess.Popen(
                [sys.executable, "-m", "ninetynine.grading.runner", str(task.submission),
                 str(task.source), task.student, str(timeout)],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
            running.append((task, process, time.monotonic() + worker_limit(task, timeout)))
        time.sleep(0.05)
        for entry in list(running):
            task, process, deadline = entry
            if process.poll() is None and time.monotonic() < deadline:
                continue
            running.remove(entry)
            result = _collect(task, process, timeout)
            results.append(result)
            on_result(result)
    return results


def _collect(task: Task, process: subprocess.Popen, timeout: float) -> Result:
    """The worker's result; a worker still running past its limit is stopped with its kernel."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return _stopped(task, TIMEOUT, f"The notebook and its checks did not finish within the "
                                       f"time limit ({timeout:g} seconds per step).")
    output = process.stdout.read().strip().splitlines()
    try:
        return Result.from_json(output[-1])
    except (IndexError, ValueError, TypeError, KeyError):
        return _stopped(task, DIED, "Grading this notebook failed unexpectedly; grade it again "
                                    "or look at it by hand.")


def csv_rows(result: Result) -> list[dict]:
    """One row per check (tidy data: easy to filter, pivot and add up in any spreadsheet)."""
    return [{"student": result.student, "exercise": result.exercise, "check": check.grade_id,
             "points": check.points, "max_points": check.max_points,
             "passed": "yes" if check.passed else "no", "status": result.status,
             "message": check.message} for check in result.checks]


def start_csv(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.DictWriter(file, CSV_FIELDS).writeheader()


def append_csv(path: Path, result: Result) -> None:
    with path.open("a", newline="", encoding="utf-8") as file:
        csv.DictWriter(file, CSV_FIELDS).writerows(csv_rows(result))


def feedback_text(student: str, results: list[Result]) -> str:
    """A student's feedback, in sentences that read well aloud: each exercise, each failed check."""
    lines = [f"# Feedback for {student}", ""]
    for result in sorted(results, key=lambda r: r.exercise):
        lines += [f"## {result.exercise}", "",
                  f"Score: {result.score:g} out of {result.max_score:g}."]
        if result.message:
            lines.append(result.message)
        lines.append("")
        for check in result.checks:
            if check.passed:
                lines.append(f"- Check {check.grade_id} passed.")
            else:
                lines.append(f"- Check {check.grade_id} failed: {check.message or 'no reason given.'}")
        if result.notes:
            lines += ["", "Notes from running your notebook:"] + [f"- {note}" for note in result.notes]
        lines.append("")
    return "\n".join(lines)


def write_feedback(folder: Path, student: str, results: list[Result]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{re.sub(r'[^A-Za-z0-9_-]', '_', student)}.md"
    path.write_text(feedback_text(student, results), encoding="utf-8")
    return path
