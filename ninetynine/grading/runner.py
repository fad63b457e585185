"""Grade one submitted notebook: the learner's code in a sandbox, the checks in this process.

The steps, for one submission (``grade_submission``):

1. start the learner's process in its own sandbox (``channel.Learner``, ``sandbox.py``), with
   ``NINETYNINE_GRADING=1`` so that notebooks skip live tables, its own copy of the notebook in
   a private scratch folder, and nothing else of the machine's files to see or change;
2. run the learner's cells - every code cell except check cells - there, under one time limit
   for the whole notebook. A cell that raises stops the run, as "Restart and Run All" would,
   and the submission fails - except ``NotImplementedError``, the exercise's own stub: a learner
   who finished part of an exercise is noted and graded on the parts they finished;
3. define again there the exercise's own helpers (the imports, functions and constants of the
   source notebook's cells that hold no solution), so that a notebook that rewrote a helper the
   checks use gains nothing;
4. take a fingerprint of the ``ninetynine`` package there and compare it with this process's
   (``integrity.py``): a notebook that changed the kit is told so ("package changed");
5. run each check *from the source notebook* - visible and hidden parts - **in this process**,
   with this process's own, untouched modules. The learner's names reach the check through the
   channel: its functions and objects as ``channel.Remote`` handles (calling one calls it in the
   sandbox; arguments go there, answers come back as plain data and are rebuilt here), the kit's
   objects it holds as this process's own, plain values as values. So nothing the learner did
   in its process - a patched module, a class swapped, an ``__eq__`` that is always true - can
   change what a check decides. Each check has the time limit; a check that runs out of time
   fails, the checks after it are not run, and the submission is "out of time"; the checks
   before it keep their points.

Exercises whose checks judge the learner's own objects as a whole (``LEARNER_SIDE_CHECKS``: a
property test run on engines with planted bugs, a game class checked by ``check_game``) run
their checks in the sandbox instead, each followed by a fingerprint; only the check's outcome
comes back, as plain data.

A notebook that runs out of time, prints too much, stops its process or changes the package gets
a result whose every check fails with one sentence saying why. Everything else is graded.

``grade_submission(submission, source, student, timeout=60, *, sandbox=True, hide=()) -> Result``
is the trusted entry point: it returns the ``Result`` in the caller's memory; nothing the
learner's process writes is read as a result. Run as ``python -m ninetynine.grading.runner
SUBMISSION SOURCE STUDENT TIMEOUT`` it prints the result as JSON.
"""
from __future__ import annotations

import ast
import builtins
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import integrity
from .channel import Learner, LearnerError, LearnerFailure, OutOfTime, TooMuchOutput, deadline
from .notebooks import BEGIN_SOLUTION, check_mark, checks, read
from .sandbox import Limits

OUTPUT_LIMIT = 1_000_000          # bytes of output a submission may produce, checks included
MESSAGE_LIMIT = 300               # characters of an error message shown in feedback
#: exercises whose checks run in the sandbox, on the learner's own objects (see the docstring)
LEARNER_SIDE_CHECKS = ("20-property-test", "21-your-own-game")
GRADED, ERROR, TIMEOUT, OUTPUT, DIED, TAMPERED, UNREADABLE = (
    "graded", "error", "out of time", "too much output", "kernel stopped", "package changed",
    "unreadable")
UNFINISHED = "NotImplementedError"   # an exercise stub not yet written: noted, not fatal


@dataclass
class CheckResult:
    """One check of one submission: passed or not, and why not (never the expected answer)."""

    grade_id: str
    points: float
    max_points: float
    passed: bool
    message: str = ""


@dataclass
class Result:
    """Everything the grader learned about one submission."""

    student: str
    exercise: str
    submission: str
    status: str = GRADED
    message: str = ""
    notes: list[str] = field(default_factory=list)
    checks: list[CheckResult] = field(default_factory=list)

    @property
    def score(self) -> float:
        return sum(check.points for check in self.checks)

    @property
    def max_score(self) -> float:
        return sum(check.max_points for check in self.checks)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "Result":
        data = json.loads(text)
        data["checks"] = [CheckResult(**check) for check in data["checks"]]
        return cls(**data)

    def fail_all(self, status: str, message: str) -> "Result":
        """Mark the submission failed: every check scores 0 and says ``message``."""
        self.status, self.message = status, message
        for check in self.checks:
            check.points, check.passed, check.message = 0, False, message
        return self


def _error_text(name: str, message: str | None) -> str:
    """How a learner reads an error: the exercise's stub says what it means in words."""
    if name == UNFINISHED and not message:
        return f"{UNFINISHED}: this part is not written yet (the exercise's stub is still there)"
    return f"{name}: {message}" if message else str(name)


def learner_cells(submission, check_ids: set[str]) -> list[int]:
    """Indexes of the submission's cells to run: code cells that are not check cells."""
    indexes = []
    for index, cell in enumerate(submission.cells):
        mark = check_mark(cell) or {}
        is_check = bool(mark) or cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") in check_ids
        if cell.cell_type == "code" and not is_check and cell.source.strip():
            indexes.append(index)
    return indexes


def given_definitions(source_notebook) -> str:
    """The exercise's own helpers: the imports, functions and constants of the source
    notebook's code cells that are neither checks nor hold a solution, as one piece of code.

    Classes are left as the learner's notebook made them: objects made from them earlier (such
    as a ``DRAW = Draw()``) must stay instances of them."""
    kept = []
    for cell in source_notebook.cells:
        if cell.cell_type != "code" or check_mark(cell) or BEGIN_SOLUTION in cell.source:
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        lines = cell.source.splitlines()
        for node in tree.body:
            constant = isinstance(node, ast.Assign) and all(
                isinstance(n, (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.Load,
                               ast.UnaryOp, ast.USub)) for n in ast.walk(node.value))
            if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef)) or constant:
                first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
                kept.append("\n".join(lines[first - 1:node.end_lineno]))
    return "\n\n".join(kept)


def grade_submission(submission: str | Path, source: str | Path, student: str,
                     timeout: float = 60, *, sandbox: bool = True, hide=()) -> Result:
    """Grade ``submission`` against the checks of the solution notebook ``source``.

    ``sandbox=False`` runs the learner's code without bubblewrap (``--no-sandbox``); ``hide``
    names more files or folders the sandbox must not show (the class's results and feedback).
    The folders of the submission and of the source are never shown."""
    submission, source = Path(submission), Path(source)
    source_notebook = read(source)
    the_checks = checks(source_notebook, source.name)
    result = Result(student, source.stem, str(submission),
                    checks=[CheckResult(c.grade_id, 0, c.points, False) for c in the_checks])
    try:
        notebook = read(submission)
    except Exception as error:  # any unreadable file: not JSON, not a notebook, missing
        return result.fail_all(UNREADABLE, f"The file could not be read as a notebook ({type(error).__name__}).")
    limits = Limits(output=OUTPUT_LIMIT, cpu=int(timeout * (2 + len(the_checks))) + 30)
    learner = Learner(sandbox=sandbox, limits=limits,
                      hide=[submission.resolve().parent, source.resolve().parent, *hide])
    try:
        (learner.scratch / submission.name).write_text(json.dumps(notebook), encoding="utf-8")
        _run(learner, notebook, source_notebook, the_checks, result, timeout)
    except LearnerFailure as failure:
        _failed(result, failure, timeout)
    finally:
        learner.close()
    return result


def _failed(result: Result, failure: LearnerFailure, timeout: float) -> None:
    """The learner's process could not go on: say why, in the words of the status."""
    if isinstance(failure, TooMuchOutput):
        result.fail_all(OUTPUT, f"The notebook printed more than {OUTPUT_LIMIT // 1_000_000} MB; print less.")
    elif isinstance(failure, OutOfTime):
        result.fail_all(TIMEOUT, f"The notebook did not finish within {timeout:g} seconds.")
    else:
        result.fail_all(DIED, "The notebook's process stopped (did the notebook end its own "
                              "process, or use too much memory?).")


def _run(learner: Learner, notebook, source_notebook, the_checks, result: Result,
         timeout: float) -> None:
    """Steps 2 to 5 of the module docstring, with the learner's process started."""
    finish = time.monotonic() + timeout
    for index in learner_cells(notebook, {c.grade_id for c in the_checks}):
        try:
            learner.run(notebook.cells[index].source, f"<cell {index + 1}>",
                        max(0.001, finish - time.monotonic()))
        except LearnerError as error:
            text = _error_text(error.name, error.text)
            if error.name != UNFINISHED:
                result.fail_all(ERROR, f"Cell {index + 1} raised {text}"[:MESSAGE_LIMIT] +
                                "; the notebook must run from top to bottom without errors.")
                return
            result.notes.append(f"Cell {index + 1} raised {text}."[:MESSAGE_LIMIT])
    given = given_definitions(source_notebook)
    if given:
        try:
            learner.run(given, "<the exercise's helpers>", timeout)
        except LearnerError:
            pass        # the learner's own definitions stay; the checks will tell
    if not _untouched(learner, result, timeout):
        return
    if result.exercise in LEARNER_SIDE_CHECKS:
        _checks_in_sandbox(learner, the_checks, result, timeout)
    else:
        _checks_here(learner, the_checks, result, timeout)


def _checks_here(learner: Learner, the_checks, result: Result, timeout: float) -> None:
    """Run each check in this process, the learner's names reaching it through the channel."""
    with deadline(timeout):
        names = learner.names()
    visible = {name: value for name, value in names.items()
               if name.startswith("__") or not hasattr(builtins, name)}
    for position, (check, outcome) in enumerate(zip(the_checks, result.checks)):
        space = dict(visible, __builtins__=builtins, __name__="__main__")
        name = f"<check {check.grade_id}>"
        try:
            learner.rehearse(check.source, name, timeout)
            with deadline(timeout):
                exec(compile(check.source, name, "exec"), space)
            outcome.passed, outcome.message = True, ""
        except OutOfTime:
            _out_of_time(result, position, timeout)
            return
        except LearnerFailure:
            raise
        except BaseException as error:  # noqa: BLE001 - a failed check, whatever it raised
            outcome.passed = False
            outcome.message = _error_text(type(error).__name__, str(error).strip())[:MESSAGE_LIMIT]
        finally:
            learner.forget()
        outcome.points = outcome.max_points if outcome.passed else 0


def _checks_in_sandbox(learner: Learner, the_checks, result: Result, timeout: float) -> None:
    """Run each check in the learner's process; only its outcome comes back, as plain data."""
    for position, (check, outcome) in enumerate(zip(the_checks, result.checks)):
        try:
            answer = learner.request("check", timeout, code=check.source,
                                     name=f"<check {check.grade_id}>")
        except OutOfTime:
            _out_of_time(result, position, timeout)
            return
        outcome.passed = answer.get("passed") is True
        error = answer.get("error") or {}
        outcome.message = ("" if outcome.passed else _error_text(
            str(error.get("name", "Error")), str(error.get("text", "")).strip()))[:MESSAGE_LIMIT]
        outcome.points = outcome.max_points if outcome.passed else 0
        if not _untouched(learner, result, timeout):
            return


def _out_of_time(result: Result, position: int, timeout: float) -> None:
    """The check at ``position`` ran out of time: it fails, and the checks after it are not run.

    The checks before it keep their points. The learner's process is not used again (it is
    still busy with the check), so a timeout is reported as what it is - out of time.
    """
    late = result.checks[position]
    result.status = TIMEOUT
    result.message = (f"The check {late.grade_id} did not finish within {timeout:g} seconds, so "
                      "the checks after it were not run.")
    late.passed, late.points = False, 0
    late.message = f"The check did not finish within {timeout:g} seconds."
    for outcome in result.checks[position + 1:]:
        outcome.passed, outcome.points = False, 0
        outcome.message = f"Not run: the check {late.grade_id} before it ran out of time."


#: module name -> digest of its file when this process loaded it (see ``_edited_on_disk``)
_LOADED_FILES: dict[str, str] = {}


def _file_digest(name: str) -> str:
    import hashlib
    path = getattr(sys.modules.get(name), "__file__", None)
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest() if path else ""
    except OSError:
        return ""


def _remember_files() -> None:
    for name in integrity.loaded_modules():
        if name not in _LOADED_FILES:
            _LOADED_FILES[name] = _file_digest(name)


def _edited_on_disk(name: str) -> bool:
    """Was the file of module ``name`` changed since this process loaded it? Then the
    learner's process loaded the new file: a difference that is no doing of the learner (its
    sandbox cannot write the kit), such as someone updating the kit while a class is graded."""
    return name in _LOADED_FILES and _file_digest(name) != _LOADED_FILES[name]


_remember_files()


def _untouched(learner: Learner, result: Result, timeout: float) -> bool:
    """Compare the learner's ``ninetynine`` package with ours; fail ``result`` if it changed.

    Ours is taken before this submission's checks run here (they fill caches and the like),
    once per set of modules, and only for this submission."""
    answer = learner.request("fingerprint", timeout,
                             code=Path(integrity.__file__).read_text(encoding="utf-8"))
    theirs = answer.get("prints")
    if not isinstance(theirs, dict) or not all(isinstance(v, str) for v in theirs.values()):
        result.fail_all(TAMPERED, "The grader could not inspect the ninetynine package in the "
                                  "notebook's process, so the checks cannot be trusted.")
        return False
    _remember_files()
    ours = learner.__dict__.setdefault("our_prints", {})
    key = tuple(sorted(theirs))
    if key not in ours:
        try:
            ours[key] = integrity.fingerprint(list(key))
        except Exception:   # the learner holds a module that does not exist in the package
            ours[key] = {}
    changed = [name for name in integrity.differences(theirs, ours[key])
               if not _edited_on_disk(name)]
    modules = [name for name in changed if name != "builtins"]
    if modules:
        result.fail_all(TAMPERED, f"The notebook changed the ninetynine package ({', '.join(modules)}); "
                                  "solve the exercise without modifying the kit.")
        return False
    if changed:
        result.fail_all(TAMPERED, "The notebook replaced some of Python's built-in functions (such as "
                                  "abs or all), which the checks rely on; solve the exercise without "
                                  "changing them.")
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    """Worker entry point: grade one submission and print its result as one line of JSON."""
    submission, source, student, timeout = argv if argv is not None else sys.argv[1:]
    print(grade_submission(submission, source, student, float(timeout)).to_json(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
