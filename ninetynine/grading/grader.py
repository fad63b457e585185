"""Grade a class: find the submissions, grade them in parallel, hand each result back as it finishes.

Each submission is graded by a worker process of its own (``workers.py``), which runs
``runner.grade_submission`` and sends the result back to this process on a private pipe. The
grader keeps at most ``jobs`` workers running (a thread pool waits on them), stops any worker
that runs far past its time limit, and on Ctrl-C stops every worker - and everything below each
one - at once. With a Dask scheduler's address the same workers run on a Dask cluster instead
(``dask_backend.py``); both are handed the same tasks (``tasks.py``). Writing the results is
``results.py``'s job.

**Who handed a file in** is where it was handed in, never a name written inside another
student's folder (``handed_in``, ``survey``). A folder given on the command line is a class:
each folder directly inside it is one student's, named by the folder, and every notebook under
it is that student's whatever its file is called (``class/mallory/zed-03.ipynb`` is mallory's);
a notebook lying at the top of the class folder, or given on the command line itself, is named
by its file name without the exercise (``class/ada-03.ipynb`` is ada's), or by the folder it
lies in when it is named just like the exercise. No symbolic link is followed, given or found,
and no special file (a named pipe, a socket, a device) is opened: each is refused with one
sentence. Two files that answer one exercise for one student are both reported and neither is
graded.
"""
from __future__ import annotations

import os
import re
import stat
import unicodedata
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from . import workers
from .dask_backend import grade_on_dask
from .notebooks import checks, read, solution_paths
from .runner import CheckResult, Result
from .safe_text import learner_name, path_shown
from .tasks import Task, job_of, worker_limit

#: the statuses of claims reported instead of graded (``Reported``)
REFUSED, DUPLICATE = "refused", "duplicate"


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
    """The student a file's own name names ("ada-03-no-safe-card.ipynb", "ada.ipynb"), or its folder.

    The exercise's name, or its number standing alone ("-03", "_03"), is taken out of the file
    name ("ada05-03.ipynb" -> "ada05"); what is left names the student. When nothing is left
    (the file is called just like the exercise), the folder it lies in names the student, as
    written (a symbolic link is never followed to find it). This is the name of a file given on
    the command line, or lying at the top of a class folder; a file inside a student's folder
    is that student's, whatever it is called (``handed_in``). Names are kept as
    ``safe_text.learner_name`` makes them: composed (NFC, so "Zoë" is one student however it was
    typed), printable and at most 80 characters.
    """
    number = exercise.stem[:2]
    stem = unicodedata.normalize("NFC", submission.stem).replace(exercise.stem, " ")
    stem = re.sub(r"^exercises_", "", stem)   # the browser site's File > Download adds its folder
    stem = re.sub(rf"(^|[\s_.-]){number}(?=[\s_.-]|$)", r"\1 ", stem)
    stem = re.sub(r"[\s_.-]+", " ", stem).strip().replace(" ", "-")
    return learner_name(stem or Path(os.path.abspath(submission)).parent.name)


@dataclass(frozen=True)
class Found:
    """A file found among the paths given, and who handed it in.

    path     where it lies (reached without following any symbolic link)
    owner    the student whose folder holds it (a folder directly inside a class folder), or
             None for a file given on the command line or lying at the top of a class folder,
             whose own name names the student (``student_name``)
    refusal  the sentence saying why it is not read (a symbolic link, a named pipe...), or None
    """

    path: Path
    owner: str | None = None
    refusal: str | None = None


SPECIAL_FILES = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
                 (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def refusal(path: Path, mode: int) -> str | None:
    """The sentence refusing ``path`` when it is not a folder or a regular file, else None."""
    if stat.S_ISLNK(mode):
        return (f"{path_shown(path)} is a symbolic link, so it was not followed: hand in the "
                "file itself.")
    kind = next((kind for test, kind in SPECIAL_FILES if test(mode)), None)
    if kind:
        return f"{path_shown(path)} is {kind}, not a regular file, so it was not opened."
    return None


def handed_in(given: str | Path, suffixes: tuple[str, ...]) -> list[Found]:
    """Every file ending in one of ``suffixes`` that ``given`` holds, and who handed it in; and,
    refused, every symbolic link and special file (named pipe, socket, device) under it.

    ``given`` is a file, which is returned as it is (refused if it is a link or a special file),
    or a **class folder**: each folder directly inside it is one student's, named by the folder,
    and everything under it, however deep, is that student's; a file lying at the top has no
    owner (its own name names the student). Nothing is followed or opened: each entry is looked
    at with ``lstat``, so a link to another student's folder or to the solutions is refused,
    never read. ``.ipynb_checkpoints`` folders (Jupyter's own copies) are passed over.
    """
    given = Path(given)
    mode = os.lstat(given).st_mode
    if not stat.S_ISDIR(mode):
        return [Found(given, None, refusal(given, mode))]
    found: list[Found] = []
    _walk(given, None, suffixes, found)
    return found


def _walk(folder: Path, owner: str | None, suffixes: tuple[str, ...], found: list[Found]) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as error:
        found.append(Found(folder, owner, f"The folder {path_shown(folder)} could not be read "
                                          f"({error.strerror})."))
        return
    for entry in entries:
        if entry.name == ".ipynb_checkpoints":
            continue
        path = Path(entry.path)
        try:
            mode = entry.stat(follow_symlinks=False).st_mode
        except OSError:                     # gone since the folder was read
            continue
        if stat.S_ISDIR(mode):
            _walk(path, learner_name(entry.name) if owner is None else owner, suffixes, found)
        elif stat.S_ISREG(mode):
            if path.suffix in suffixes:
                found.append(Found(path, owner))
        else:
            found.append(Found(path, owner, refusal(path, mode)))


@dataclass(frozen=True)
class Reported:
    """A claim reported instead of graded: a refused file, or two or more files answering one
    exercise for one student (none of which is graded, so that none is silently preferred)."""

    student: str
    source: Path
    files: tuple[Path, ...]
    status: str         # REFUSED or DUPLICATE
    message: str

    def result(self) -> Result:
        """The result that says so: every check of the exercise failed, with the message."""
        checks_ = [CheckResult(c.grade_id, 0, c.points, False)
                   for c in checks(read(self.source), self.source.name)]
        return Result(self.student, self.source.stem, str(self.files[0]),
                      checks=checks_).fail_all(self.status, self.message)


@dataclass
class Survey:
    """What the paths given hold: the tasks to grade, the claims reported instead, and one
    sentence for each file or folder that cannot be graded (refusals and duplicates too)."""

    tasks: list[Task]
    reported: list[Reported]
    problems: list[str]


def _files(paths: list[Path]) -> str:
    shown = [path_shown(path) for path in paths]
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def survey(paths: Iterable[str | Path], solutions: str | Path,
           exercise: str | None = None) -> Survey:
    """Find every submitted notebook among ``paths`` (files, or class folders: ``handed_in``),
    its exercise and its student, and sort them into tasks, reported claims and sentences.

    Without ``exercise``, each file name must name its exercise ("03" or "03-no-safe-card").
    The student is the folder directly inside the class folder that holds the file, or, for a
    file given or lying at the top of a class folder, its name (``student_name``). Each
    (student, exercise) claimed by one file is a task; claimed by two or more, it is reported as
    a duplicate naming them all, and none is graded; claimed by a refused file alone, it is
    reported as refused. The same file given twice is one submission.
    Raises ``ValueError`` (one sentence) for a path that does not exist or an unknown exercise.
    """
    solutions = Path(solutions)
    fixed = find_exercise(exercise, solutions) if exercise else None
    claims: dict[tuple[str, Path], list[Found]] = {}
    problems: list[str] = []
    for given in map(Path, paths):
        if not os.path.lexists(given):
            raise ValueError(f"There is no file or folder called {path_shown(given)}: give "
                             "notebooks or folders of them.")
        found = handed_in(given, (".ipynb",))
        if not found:
            problems.append(f"The folder {path_shown(given)} holds no notebooks (.ipynb files).")
        for item in found:
            if item.refusal:
                problems.append(item.refusal)
            source = fixed or exercise_of(item.path, solutions)
            if source is None:
                if not item.refusal:
                    problems.append(f"The file {path_shown(item.path)} does not name an exercise, "
                                    "so it was not graded: rename it (e.g. ada-03.ipynb) or use "
                                    "--exercise.")
                continue
            claim = claims.setdefault((item.owner or student_name(item.path, source), source), [])
            if not any(os.path.abspath(c.path) == os.path.abspath(item.path) for c in claim):
                claim.append(item)
    tasks, reported = [], []
    for (student, source), items in claims.items():
        if len(items) > 1:
            files = tuple(item.path for item in items)
            every = "both" if len(files) == 2 else "all"
            message = (f"The files {_files(list(files))} {every} answer {source.stem} for "
                       f"{student}, so none of them was graded: keep one and grade again.")
            problems.append(message)
            reported.append(Reported(student, source, files, DUPLICATE, message))
        elif items[0].refusal:
            reported.append(Reported(student, source, (items[0].path,), REFUSED, items[0].refusal))
        else:
            tasks.append(Task(items[0].path, source, student))
    return Survey(tasks, reported, problems)


def find_tasks(paths: Iterable[str | Path], solutions: str | Path,
               exercise: str | None = None) -> tuple[list[Task], list[str]]:
    """The tasks of ``survey``, and its sentences for what cannot be graded."""
    found = survey(paths, solutions, exercise)
    return found.tasks, found.problems


def exercise_of(file: Path, solutions: Path) -> Path | None:
    """The solution notebook a file's name points to ("ada-03-no-safe-card", "ada_03"), or None."""
    for path in solution_paths(solutions):
        if path.stem in file.stem:
            return path
    for path in solution_paths(solutions):
        if re.search(rf"(^|[^0-9]){path.stem[:2]}([^0-9]|$)", file.stem):
            return path
    return None


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
