"""Grade a class: find the submissions, grade them in parallel, hand each result back as it finishes.

Each submission is graded by a worker process of its own (``workers.py``), which runs
``runner.grade_submission`` and sends the result back to this process on a private pipe. The
grader keeps at most ``jobs`` workers running (a thread pool waits on them), stops any worker
that runs far past its time limit, and on Ctrl-C stops every worker - and everything below each
one - at once. With a Dask scheduler's address the same workers run on a Dask cluster instead
(``dask_backend.py``). Writing the results is ``results.py``'s job.
"""
from __future__ import annotations

import re
import unicodedata
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from . import workers
from .notebooks import checks, read, solution_paths
from .runner import Result

START_MARGIN = 30          # seconds allowed on top of the time limits for starting a sandbox


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

    The exercise's name, or its number standing alone ("-03", "_03"), is taken out of the file
    name ("ada05-03.ipynb" -> "ada05"); what is left names the student. When
    nothing is left (the file is called just like the exercise), the folder names the student.
    Names are in Unicode's composed form (NFC), so "Zoë" is one student however it was typed.
    """
    number = exercise.stem[:2]
    stem = unicodedata.normalize("NFC", submission.stem).replace(exercise.stem, " ")
    stem = re.sub(r"^exercises_", "", stem)   # the browser site's File > Download adds its folder
    stem = re.sub(rf"(^|[\s_.-]){number}(?=[\s_.-]|$)", r"\1 ", stem)
    stem = re.sub(r"[\s_.-]+", " ", stem).strip().replace(" ", "-")
    return stem or unicodedata.normalize("NFC", submission.resolve().parent.name)


def find_tasks(paths: Iterable[str | Path], solutions: str | Path,
               exercise: str | None = None) -> tuple[list[Task], list[str]]:
    """A task for every submitted notebook among ``paths`` (files, or folders searched deeply),
    and one sentence for each file or folder that cannot be graded (the rest are graded).

    Without ``exercise``, each file name must name its exercise ("03" or "03-no-safe-card").
    Raises ``ValueError`` (one sentence) for a path that does not exist or an unknown exercise.
    """
    solutions = Path(solutions)
    fixed = find_exercise(exercise, solutions) if exercise else None
    tasks, problems = [], []
    for path in map(Path, paths):
        if path.is_dir():
            files = sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            if not files:
                problems.append(f"The folder {path} holds no notebooks (.ipynb files).")
        elif path.exists():
            files = [path]
        else:
            raise ValueError(f"There is no file or folder called {path}: give notebooks or folders of them.")
        for file in files:
            source = fixed or exercise_of(file, solutions)
            if source is None:
                problems.append(f"The file {file} does not name an exercise, so it was not graded: "
                                "rename it (e.g. ada-03.ipynb) or use --exercise.")
            else:
                task = Task(file, source, student_name(file, source))
                twin = next((t for t in tasks if (t.student, t.source) == (task.student, source)), None)
                if twin:
                    problems.append(f"The files {twin.submission} and {file} both answer "
                                    f"{source.stem} for {task.student}, so the second was not "
                                    "graded: rename one of them.")
                else:
                    tasks.append(task)
    return tasks, problems


def exercise_of(file: Path, solutions: Path) -> Path | None:
    """The solution notebook a file's name points to ("ada-03-no-safe-card", "ada_03"), or None."""
    for path in solution_paths(solutions):
        if path.stem in file.stem:
            return path
    for path in solution_paths(solutions):
        if re.search(rf"(^|[^0-9]){path.stem[:2]}([^0-9]|$)", file.stem):
            return path
    return None


def worker_limit(task: Task, timeout: float) -> float:
    """How long a worker may run before it is stopped: the notebook, each check, and a margin."""
    return timeout * (1 + len(checks(read(task.source)))) + START_MARGIN


def job_of(task: Task, timeout: float, sandbox: bool = True, hide=()) -> workers.Job:
    return workers.Job(str(task.submission), str(task.source), task.student, timeout, sandbox,
                       tuple(map(str, hide)))


def grade_all(tasks: list[Task], timeout: float = 60, jobs: int = 1,
              on_result: Callable[[Task, Result], None] = lambda task, result: None,
              scheduler: str | None = None, sandbox: bool = True, hide=()) -> list[Result]:
    """Grade every task, ``jobs`` at a time (or on the Dask cluster at ``scheduler``); call
    ``on_result(task, result)`` in this thread as each one finishes. ``hide``: folders the
    sandboxes show empty (on this machine; a Dask task's files are in its own scratch folder).

    Ctrl-C (``KeyboardInterrupt``) stops every worker before it is raised again; the results
    already handed to ``on_result`` are kept by the caller.
    """
    if scheduler:
        from .dask_backend import grade_on_dask
        return grade_on_dask(tasks, timeout, scheduler, on_result, sandbox)
    results = []
    workers.allow_starts()
    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="grading")
    try:
        futures = {pool.submit(workers.grade_here, job_of(task, timeout, sandbox, hide),
                               worker_limit(task, timeout)): task for task in tasks}
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            on_result(futures[future], result)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        workers.stop_all()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return results
