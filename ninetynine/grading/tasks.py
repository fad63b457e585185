"""One submission to grade (``Task``), the worker's job made from it (``job_of``), and how long
that worker may run (``worker_limit``).

Grading a class on this machine (``grader.grade_all``) and on a Dask cluster
(``dask_backend.grade_on_dask``) hand out the same tasks and give their workers the same time,
so both import these from here, and neither imports the other for them.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import workers
from .notebooks import checks, read

START_MARGIN = 30          # seconds allowed on top of the time limits for starting a sandbox


@dataclass(frozen=True)
class Task:
    """One submission to grade: the file, its solution notebook and the student's name."""

    submission: Path
    source: Path
    student: str


def worker_limit(task: Task, timeout: float) -> float:
    """How long a worker may run before it is stopped: the notebook, each check, and a margin."""
    return timeout * (1 + len(checks(read(task.source)))) + START_MARGIN


def job_of(task: Task, timeout: float, sandbox: bool = True, hide=()) -> workers.Job:
    """What a worker needs to grade ``task``, as plain data that crosses to another process."""
    return workers.Job(str(task.submission), str(task.source), task.student, timeout, sandbox,
                       tuple(map(str, hide)))
