"""Grading on a Dask distributed cluster: ``ninetynine grade ... --scheduler ADDRESS``.

For classes that outgrow one machine. Dask does the scheduling: the grader connects a
``dask.distributed.Client`` to the scheduler, submits one task per submission, and takes the
results as they complete. Each task carries the submission's and the solution's *contents*, so
the workers need the kit installed (``pip install 'ninetynine[grading]'``, and ``bwrap`` for the
sandbox) but no shared folder. On the worker, the task writes both notebooks into a temporary
folder and grades them in a fresh worker process (``workers.grade_in_subprocess``), which is
stopped, with everything below it, when it runs past its time limit - exactly as on one machine.
Results travel back as JSON text and are written by the grader alone.

A local cluster for trying it out::

    python -c "from dask.distributed import LocalCluster; c = LocalCluster(n_workers=2, \\
        threads_per_worker=1); print(c.scheduler_address); input()"

Ctrl-C cancels the tasks not yet started; the ones running finish on their workers (Dask cannot
interrupt a running task) and their results are dropped.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from .runner import DIED, Result
from .tasks import Task, job_of, worker_limit
from .workers import Job, failed, grade_in_subprocess, sandbox_refusal


def grade_remotely(files: dict[str, bytes], job: dict, limit: float) -> str:
    """The Dask task: write the two notebooks into a scratch folder, grade, return the JSON result."""
    if job["sandbox"] and sandbox_refusal():
        return failed(Job(**job), DIED, f"On the Dask worker: {sandbox_refusal()}").to_json()
    with tempfile.TemporaryDirectory(prefix="ninetynine-grading-") as scratch:
        folder = Path(scratch)
        for role in ("submission", "source"):
            (folder / role).mkdir()
            (folder / role / Path(job[role]).name).write_bytes(files[role])
        local = Job(**{**job, "submission": str(folder / "submission" / Path(job["submission"]).name),
                       "source": str(folder / "source" / Path(job["source"]).name)})
        return grade_in_subprocess(local, limit).to_json()


def grade_on_dask(tasks: list[Task], timeout: float, address: str,
                  on_result: Callable[[Task, Result], None], sandbox: bool = True) -> list[Result]:
    """Grade ``tasks`` on the Dask cluster whose scheduler is at ``address`` (one task each)."""
    from dask.distributed import Client, as_completed

    results = []
    with Client(address, set_as_default=False) as client:
        futures = {}
        for task in tasks:
            job = job_of(task, timeout, sandbox)
            files = {"submission": task.submission.read_bytes(), "source": task.source.read_bytes()}
            future = client.submit(grade_remotely, files, job.__dict__, worker_limit(task, timeout),
                                   pure=False)
            futures[future] = (task, job)
        try:
            for future in as_completed(futures, loop=client.loop):
                task, job = futures[future]
                try:
                    result = Result.from_json(future.result())
                    result.submission = str(task.submission)
                except Exception as error:    # the worker lacks the kit, died, was lost ...
                    result = failed(job, DIED, f"The Dask worker could not grade this notebook "
                                               f"({type(error).__name__}); grade it again.")
                results.append(result)
                on_result(task, result)
        except BaseException:
            client.cancel(list(futures))
            raise
    return results
