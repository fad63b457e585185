"""Worker processes: each submission is graded by ``runner.grade_submission`` in a process of its own.

The grader (the parent) starts one worker per submission and reads its result from a pipe that
only the worker holds - never from anything the learner's code can write to (the learner's code
runs in its sandbox, which gets none of the worker's open files). The worker sends the result as
JSON text, plain data; the parent turns it back into a ``Result``.

Stopping is the parent's job, and it is always complete:

- a worker leads a session of its own (``os.setsid``), so Ctrl-C in the terminal reaches the
  grader only, and the grader decides what stops;
- a worker is a *child subreaper* (Linux ``prctl``): a process its sandbox (or, with
  ``--no-sandbox``, the learner's process) leaves behind, even one that started a session of its own, is re-parented to the worker, so the worker
  can always find every process below it;
- on ``SIGTERM`` a worker kills every process below it, then itself; and when the grader dies
  (even by ``SIGKILL``) the worker receives ``SIGTERM`` (``PR_SET_PDEATHSIG``) and does the same.

Two ways of starting a worker, with the same body (``_grade_and_send``):

- ``grade_here``: a process forked from a *forkserver* that has already imported the grading
  code, so a worker starts in milliseconds rather than the half second Python takes to import
  nbformat, nbclient and the kit; used for local grading (``ninetynine grade --jobs N``);
- ``grade_in_subprocess``: ``python -m ninetynine.grading.workers``, used on Dask workers, whose
  own processes may not start multiprocessing children (they are daemons).
"""
from __future__ import annotations

import ctypes
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .runner import DIED, TIMEOUT, CheckResult, Result

PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36
STOP_GRACE = 2.0        # seconds a worker gets to stop the processes below it before SIGKILL


@dataclass(frozen=True)
class Job:
    """What a worker needs: the files, the student's name, the time limit, the sandbox choice,
    and the folders the sandbox must show empty (the class, the solutions, the results)."""

    submission: str
    source: str
    student: str
    timeout: float
    sandbox: bool = True
    hide: tuple[str, ...] = ()


def _prctl(option: int, value: int) -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):   # not Linux: the process group still stops what it can
        pass


def _stop_everything_below(signum=None, frame=None) -> None:
    """Kill every process below this one (the sandbox, whatever it started), then exit."""
    import psutil
    me = psutil.Process()
    for _ in range(20):     # orphans come back to us (we are their subreaper): look until none
        below = me.children(recursive=True)
        if not below:
            break
        for process in below:
            try:
                process.kill()
            except psutil.Error:
                pass
        psutil.wait_procs(below, timeout=0.5)
    os._exit(1)


def _become_a_worker() -> None:
    """Own session, subreaper, stop everything below on SIGTERM or when the grader dies; and no
    way to the grader's terminal (the learner's messages would mix with the progress bar)."""
    quiet = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(quiet, descriptor)
    os.close(quiet)
    try:
        os.setsid()
    except OSError:         # already a session leader
        pass
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    signal.signal(signal.SIGTERM, _stop_everything_below)
    signal.signal(signal.SIGINT, signal.SIG_IGN)    # only the grader answers Ctrl-C
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def grade_job(job: Job) -> Result:
    """Grade one job in this process (the worker's body, without the process around it)."""
    from .runner import grade_submission
    return grade_submission(job.submission, job.source, job.student, job.timeout,
                            sandbox=job.sandbox, hide=job.hide)


def _grade_and_send(job: Job, send) -> None:
    _become_a_worker()
    try:
        text = grade_job(job).to_json()
    except BaseException as error:      # the grader turns this into a clear failing row
        text = json.dumps({"crash": f"{type(error).__name__}: {error}"[:300]})
    send(text)


def sandbox_refusal() -> str | None:
    """The sentence refusing to grade where the sandbox cannot run (``sandbox.refusal``: no
    bubblewrap, an architecture the filter does not know, files its user cannot read), or None."""
    from .sandbox import refusal
    return refusal()


# --- local workers, forked from a forkserver ---------------------------------------------------

_context = None
_running: set = set()               # multiprocessing processes, and Popen for fresh workers
_running_lock = threading.Lock()
_stopping = threading.Event()       # set by stop_all: no new worker starts until ``allow_starts``


class Stopped(Exception):
    """Raised by ``grade_here`` when the grader is stopping and no worker may start."""


def allow_starts() -> None:
    """Let workers start again (a new grading run)."""
    _stopping.clear()


_preloaded: tuple = ()               # the kit's files as the forkserver imported them


def _kit_files() -> tuple:
    """(path, modification time, size) of every file of the ``ninetynine`` package."""
    package = Path(__file__).resolve().parents[1]
    return tuple((str(path), stat.st_mtime_ns, stat.st_size)
                 for path in sorted(package.rglob("*.py")) for stat in [path.stat()])


def _forkserver():
    """The forkserver context (started on first use, importing the grading code once), or None
    when the kit's files changed since it started: its workers would check with old code."""
    global _context, _preloaded
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(["ninetynine.grading.runner", "ninetynine.grading.workers",
                                         "psutil"])
        _preloaded = _kit_files()
    return _context if _kit_files() == _preloaded else None


def _child(job: Job, connection) -> None:
    _grade_and_send(job, connection.send)
    connection.close()


def _start(worker):
    """Start ``worker`` (a process or a function that starts one) unless the grader is stopping."""
    with _running_lock:
        if _stopping.is_set():
            raise Stopped()
        worker = worker() if callable(worker) else (worker.start() or worker)
        _running.add(worker)
    return worker


def grade_here(job: Job, limit: float) -> Result:
    """Grade ``job`` in a forked worker; stop it (and everything below it) after ``limit`` seconds.

    If the kit's files changed since the forkserver imported them (the kit was updated while a
    class was being graded), the worker is a fresh Python process instead, which reads them anew.
    """
    context = _forkserver()
    if context is None:
        return grade_in_subprocess(job, limit)
    receiver, sender = context.Pipe(duplex=False)
    try:
        process = _start(context.Process(target=_child, args=(job, sender), daemon=False))
    except Stopped:
        receiver.close()
        raise
    finally:
        sender.close()
    try:
        text = receiver.recv() if receiver.poll(limit) else None
    except (EOFError, OSError):
        text = ""
    finally:
        receiver.close()
        stop(process)
        with _running_lock:
            _running.discard(process)
    return read_result(job, text, limit)


def _wait(worker, seconds: float) -> None:
    """Wait up to ``seconds`` for a worker (a multiprocessing process or a Popen) to end."""
    if isinstance(worker, subprocess.Popen):
        try:
            worker.wait(seconds)
        except subprocess.TimeoutExpired:
            pass
    else:
        worker.join(seconds)


def stop(worker) -> None:
    """Stop a worker and everything below it: SIGTERM, then SIGKILL to its process group."""
    if worker.pid is None:
        return
    running = worker.poll() is None if isinstance(worker, subprocess.Popen) else worker.exitcode is None
    if running:
        try:
            os.kill(worker.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        _wait(worker, STOP_GRACE)
    try:
        os.killpg(worker.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    _wait(worker, STOP_GRACE)


def stop_all() -> None:
    """Stop every running local worker at once (Ctrl-C): all get SIGTERM together, then SIGKILL."""
    with _running_lock:
        _stopping.set()
        processes = list(_running)
    for process in processes:
        try:
            os.kill(process.pid, signal.SIGTERM)
        except (ProcessLookupError, TypeError):
            pass
    deadline = time.monotonic() + STOP_GRACE
    for process in processes:
        _wait(process, max(0.0, deadline - time.monotonic()))
    for process in processes:
        stop(process)


# --- a worker as a fresh Python process (for Dask workers) --------------------------------------

def grade_in_subprocess(job: Job, limit: float) -> Result:
    """Grade ``job`` in ``python -m ninetynine.grading.workers``; the result comes back on a pipe
    of its own (not stdout), and the worker is stopped after ``limit`` seconds."""
    reader, writer = os.pipe()
    try:
        process = _start(lambda: subprocess.Popen(
            [sys.executable, "-m", "ninetynine.grading.workers", str(writer)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(writer,), start_new_session=True))
    except Stopped:
        os.close(reader)
        raise
    finally:
        os.close(writer)
    process.stdin.write(json.dumps(job.__dict__).encode())
    process.stdin.close()
    chunks: list[bytes] = []
    thread = threading.Thread(target=lambda: chunks.extend(iter(lambda: os.read(reader, 65536), b"")),
                              daemon=True)
    thread.start()
    thread.join(limit)
    timed_out = thread.is_alive()
    stop(process)
    with _running_lock:
        _running.discard(process)
    thread.join(STOP_GRACE)
    os.close(reader)
    return read_result(job, None if timed_out else b"".join(chunks).decode("utf-8", "replace"), limit)


def _subprocess_main(argv: list[str]) -> int:
    data = json.loads(sys.stdin.read())
    job = Job(**{**data, "hide": tuple(data.get("hide", ()))})
    descriptor = int(argv[0])

    def send(text: str) -> None:
        with os.fdopen(descriptor, "w", encoding="utf-8") as pipe:
            pipe.write(text)

    _grade_and_send(job, send)
    return 0


# --- what came back ----------------------------------------------------------------------------

def read_result(job: Job, text: str | None, limit: float) -> Result:
    """The worker's result; ``None`` means it was stopped at ``limit``, ``""`` that it died."""
    if text is None:
        return failed(job, TIMEOUT, f"The notebook and its checks did not finish within the time "
                                    f"limit ({job.timeout:g} seconds per step; {limit:g} in all).")
    crash = "no result"
    try:
        data = json.loads(text)
        if "crash" not in data:
            return Result.from_json(text)
        crash = str(data["crash"]).split(":")[0]
    except (ValueError, TypeError, KeyError, AttributeError):
        pass
    return failed(job, DIED, f"Grading this notebook failed unexpectedly ({crash}); grade it again "
                             "or look at it by hand.")


def failed(job: Job, status: str, message: str) -> Result:
    """A result whose every check fails with ``message`` (the checks read from the source)."""
    from .notebooks import checks, read
    try:
        the_checks = checks(read(job.source))
    except Exception:
        the_checks = []
    result = Result(job.student, os.path.splitext(os.path.basename(job.source))[0], job.submission,
                    checks=[CheckResult(c.grade_id, 0, c.points, False) for c in the_checks])
    return result.fail_all(status, message)


if __name__ == "__main__":
    sys.exit(_subprocess_main(sys.argv[1:]))
