"""Grade one submitted notebook: the learner's code in a sandbox, the checks in this process.

The steps, for one submission (``grade_submission``):

1. start the learner's process in its own sandbox (``channel.Learner``, ``sandbox.py``), with
   ``NINETYNINE_GRADING=1`` so that notebooks skip live tables, its own copy of the notebook
   (read-only, in ``/tmp/given``), a scratch disk of its own, and nothing else of the machine's
   files to see or change;
2. run the learner's cells - every code cell except check cells - there, under one time limit
   for the whole notebook. A cell that raises stops the run, as "Restart and Run All" would,
   and the submission fails - except ``NotImplementedError``, the exercise's own stub: a learner
   who finished part of an exercise is noted ("Cell 5: `penalties` is not written yet: ...",
   ``exercise.unwritten``) and graded on the parts they finished; and except a cell tagged
   ``raises-exception`` (the exercise's try-it cells), which Run All goes on past in JupyterLab
   too: its error is noted and the checks decide;
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
   change what a check decides. Every call crosses when the check makes it (alone, or with
   others the check wrote down together: ``Learner.steps``): nothing of a check runs in the
   learner's process. A check that times the learner's code (``checking.timed_call``)
   reads the processor time from the sandbox's cgroup around each call. Each check has the time
   limit; a check that runs out of time
   fails, the checks after it are not run, and the submission is "out of time"; the checks
   before it keep their points. A check that fails says why in the sentence the learner's
   notebook shows for it (``check_text``, after ``exercise.check_message``).

An exercise's source notebook may say, with cell tags, where parts of its checks run
(``Placement``):

- a given cell tagged ``grader-helpers`` is run **in this process**, in the checks' namespace,
  over the learner's names: the checks call the exercise's own helpers, whatever the learner's
  notebook defined under those names. Exercise 20's helpers (``Planted``, ``outcome``,
  ``must_catch``) run here and call the learner's ``test_engine`` through the channel, lending
  it each engine (``lending.lend``: the engine stays here, and the test plays it through a
  stand-in that is the same for every engine) and timing each run here; exercise 21's given classes
  (its moves, events and view) become the channel's **given classes**, so the learner's
  instances of them come back as plain values of this process's own classes. Its
  ``check_game(FifteenGame())`` runs here too, on the learner's game through the channel
  (``game_check.ChannelGameRun``: the same checks, the calls asked a few dozen at a time, the
  learner's lists told apart by their numbers there);

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
import re
import sys
import time
from dataclasses import asdict, dataclass, field, is_dataclass
from pathlib import Path

from . import game_check  # noqa: F401  (check_game's run for a learner's game: testing.play_with)
from . import integrity
from ..exercise import (TAG, Unwritten, call_words, learner_line, raised, reported_stub, short_line,
                        unwritten)
from .channel import Learner, LearnerError, LearnerFailure, OutOfTime, TooMuchOutput, deadline
from .notebooks import BEGIN_SOLUTION, NotAFile, check_mark, checks, read, read_handed_in
from .sandbox import Limits, out_of_disk
from .withheld import METADATA

OUTPUT_LIMIT = 1_000_000          # bytes of output a submission may produce, checks included
MESSAGE_LIMIT = 300               # characters of an error message shown in feedback
GRADED, ERROR, TIMEOUT, OUTPUT, DIED, TAMPERED, UNREADABLE = (
    "graded", "error", "out of time", "too much output", "kernel stopped", "package changed",
    "unreadable")
MISSING = "grader missing package"   # the grader's Python lacks what the exercise itself imports
UNFINISHED = "NotImplementedError"   # an exercise stub not yet written: noted, not fatal
WITHHELD = "Withheld"    # a cell used one of the kit's answers the grader withholds: noted too


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


def _error_text(name: str, message: str | None, stub: str | None = None,
                line: str | None = None) -> str:
    """How a learner reads an error: the exercise's stub says what it means in words, naming
    the function still to write (``stub``) as the notebook does (``exercise.unwritten``), and so
    does a disk the notebook filled (``sandbox.out_of_disk``); another error is its name and
    message, with the learner's own ``line`` where it is known."""
    if name == UNFINISHED and not message:
        return unwritten(stub)
    full = out_of_disk(name, message)
    if full:
        return full
    words = f"{name}: {message}" if message else str(name)
    return words + (f", at your line `{short_line(line)}`" if line else "")


def stubs_in(notebook) -> list[str]:
    """The functions of the learner's notebook whose body still raises ``NotImplementedError``
    (the exercise's stub, or one of the learner's own), in order."""
    found = []
    for node in _code_nodes(notebook):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                isinstance(inner, ast.Raise) and inner.exc is not None
                and "NotImplementedError" in ast.unparse(inner.exc)
                for inner in ast.walk(node)) and node.name not in found:
            found.append(node.name)
    return found


def _code_nodes(notebook):
    """Every syntax node of every code cell of ``notebook`` that parses, cell after cell."""
    for cell in notebook.cells:
        try:
            tree = ast.parse(cell.source) if cell.cell_type == "code" else None
        except SyntaxError:
            continue
        yield from ast.walk(tree) if tree else ()


def _stub_named(stubs: list[str], code: str = "") -> str | None:
    """The stub an error most likely came from: the one stub still in the notebook, or the one
    of them that ``code`` (the cell that raised) names; None when that is not clear."""
    if len(stubs) == 1:
        return stubs[0]
    named = [name for name in stubs if re.search(rf"\b{re.escape(name)}\b", code)]
    return named[0] if len(named) == 1 else None


def _remote_call(error: BaseException):
    """``(name, args, kwargs)`` of the deepest call of a learner's function (a
    ``channel.Remote``) that ``error`` came through, or None."""
    from .channel import Remote
    found, tb = None, error.__traceback__
    while tb is not None:
        local = tb.tb_frame.f_locals
        if tb.tb_frame.f_code.co_name == "__call__" and isinstance(local.get("self"), Remote):
            found = (local["self"].__name__, local.get("args", ()), local.get("kwargs", {}))
        tb = tb.tb_next
    return found


def check_text(error: BaseException, source: str = "", filename: str = "",
               stubs: list[str] = ()) -> str:
    """The one sentence for a check that raised ``error`` here, as the learner's notebook shows
    it (``exercise.check_message``): a stub still in place names its function; a check's own
    ``assert`` gives its message (or its line); an error of the learner's code gives the call
    tried. ``source`` and ``filename`` are the check's code and the name it was compiled with."""
    name, text = type(error).__name__, str(error).strip()
    call = _remote_call(error)
    if isinstance(error, Unwritten):
        return text
    if isinstance(error, NotImplementedError):
        return unwritten(call[0] if call else _stub_named(list(stubs), source))
    if isinstance(error, AssertionError) and call is None:
        if reported_stub(text):
            return unwritten(reported_stub(text))
        if text:
            return text
        lines = [tb.tb_lineno for tb in _tracebacks(error) if tb.tb_frame.f_code.co_filename == filename]
        line = source.splitlines()[lines[-1] - 1].strip() if lines else ""
        return f"A check failed at `{line}`." if line else "A check failed."
    full = out_of_disk(name, text)
    if full:
        return full
    return raised(call_words(*call) if call is not None else None, name, text,
                  *(learner_line(error) or ()))


def _tracebacks(error: BaseException) -> list:
    found, tb = [], error.__traceback__
    while tb is not None:
        found.append(tb)
        tb = tb.tb_next
    return found


def _missing_package(error: LearnerError, source_notebook) -> str | None:
    """The sentence for a learner's cell whose import failed because **the grader** lacks a
    package: the exercise's own solution notebook meets the same error here (each of its import
    statements, whatever cell holds it, is run in this process, whose Python and packages are
    the learner's process's too). Such as ``from ninetynine.ui import Table`` without
    ipywidgets, in an environment that lacks the ``grading`` extra. None for any other error,
    and for a package that only the learner's notebook imports (``import tensorflow``): that
    stays the learner's error."""
    if "ImportError" not in error.bases:
        return None
    for node in _code_nodes(source_notebook):
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or getattr(node, "level", 0):
            continue
        try:
            exec(compile(ast.Module([node], []), "<the exercise's imports>", "exec"), {})
        except ImportError as ours:
            if (type(ours).__name__, str(ours).strip()[:2000]) != (error.name, error.text):
                continue
            what = (f"it lacks the package {ours.name}, which the exercise itself uses"
                    if isinstance(ours, ModuleNotFoundError) and ours.name else
                    f"the exercise's own imports fail there too ({error.name}: "
                    f"{error.text[:150]})")
            return (f"The grader cannot run this notebook: {what}; the instructor should "
                    "install 'ninetynine[grading]' and grade it again.")
        except Exception:   # noqa: BLE001 - any other failure of the exercise's own import
            continue
    return None


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
        notebook = read_handed_in(submission)
    except NotAFile as error:
        return result.fail_all(UNREADABLE, f"{error} Hand in the file itself.")
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
    place = Placement.of(source_notebook)
    if place.withheld:
        answer = learner.request("withhold", timeout, paths=list(place.withheld))
        if "error" in answer:
            raise ValueError(f"The exercise's solution notebook withholds what the kit does not "
                             f"have: {answer['error'].get('text')}")
    stubs = stubs_in(notebook)
    for index in learner_cells(notebook, {c.grade_id for c in the_checks}):
        cell = notebook.cells[index]
        try:
            learner.run(cell.source, f"<cell {index + 1}>", max(0.001, finish - time.monotonic()))
        except LearnerError as error:
            text = _error_text(error.name, error.text, _stub_named(stubs, cell.source), error.line)
            lacking = _missing_package(error, source_notebook)
            if lacking:
                result.fail_all(MISSING, lacking)
                return
            if error.name == WITHHELD:
                result.notes.append(f"Cell {index + 1} stopped where it used one of the kit's "
                                    f"own answers: {error.text}"[:MESSAGE_LIMIT])
                continue
            if error.name == UNFINISHED:
                result.notes.append(f"Cell {index + 1}: {text}"[:MESSAGE_LIMIT])
                continue
            if TAG not in cell.get("metadata", {}).get("tags", []):
                result.fail_all(ERROR, f"Cell {index + 1} raised {text}"[:MESSAGE_LIMIT] +
                                "; the notebook must run from top to bottom without errors.")
                return
            # a cell tagged raises-exception (a try-it cell): Run All goes on past it in
            # JupyterLab, and so does the grader
            result.notes.append(f"Cell {index + 1} raised {text}."[:MESSAGE_LIMIT])
    given = given_definitions(source_notebook)
    if given:
        try:
            learner.run(given, "<the exercise's helpers>", timeout)
        except LearnerError:
            pass        # the learner's own definitions stay; the checks will tell
    if _untouched(learner, result, timeout, place.withheld):
        _checks(learner, the_checks, result, timeout, place, stubs)


@dataclass(frozen=True)
class Placement:
    """Where an exercise's checks run, as its source notebook's cell tags declare:

    - ``grader-helpers`` on a given code cell (one without a solution): the grader runs it in
      its own process and the checks that run here see its definitions instead of whatever the
      learner's notebook holds under those names; the dataclasses it defines are the
      exercise's **given classes** (``Learner.give``: the learner's instances of them come
      back by their fields, as the grader's own), and the learner's objects are read ahead
      (``Learner.read_ahead``: the helpers read them field by field);
    - ``withheld`` in the notebook's metadata (``{"ninetynine": {"withheld": [...]}}``): the
      kit's own answers to the exercise, taken out of the kit in the learner's process before
      any of its code runs (``withheld.py``), so that "write it yourself" is kept by what the
      learner's process is given, not by watching it.

    Every call a check makes of the learner's code crosses the channel when the check makes it
    (alone, or with others it wrote down together): nothing runs in the learner's process ahead
    of the check, and no check's code is sent there.
    """

    helpers: str = ""
    withheld: tuple = ()

    HELPERS = "grader-helpers"

    @classmethod
    def of(cls, source_notebook) -> "Placement":
        def tagged(cell, tag):
            return tag in cell.get("metadata", {}).get("tags", [])
        helpers = [cell.source for cell in source_notebook.cells if cell.cell_type == "code"
                   and tagged(cell, cls.HELPERS) and not check_mark(cell)]
        withheld = source_notebook.get("metadata", {}).get(METADATA[0], {}).get(METADATA[1], [])
        return cls("\n\n".join(helpers), tuple(str(path) for path in withheld))


def _checks(learner: Learner, the_checks, result: Result, timeout: float,
            place: Placement, stubs: list[str] = ()) -> None:
    """Run every check here; stop after a check that ran out of time."""
    space = None
    for position, (check, outcome) in enumerate(zip(the_checks, result.checks)):
        if space is None:
            space = _check_space(learner, place, timeout)
        if not _check_here(learner, check, outcome, dict(space), timeout, stubs):
            _out_of_time(result, position, timeout)
            return


def _check_space(learner: Learner, place: Placement, timeout: float) -> dict:
    """The namespace the checks run in here: the exercise's grader-side helpers, then the
    learner's names (through the channel) under every other name."""
    space = {"__builtins__": builtins, "__name__": "__main__"}
    with deadline(timeout):
        if place.helpers:
            exec(compile(place.helpers, "<the exercise's helpers>", "exec", dont_inherit=True), space)
            learner.read_ahead = True
            learner.give({name: value for name, value in space.items()
                          if isinstance(value, type) and is_dataclass(value)
                          and value.__module__ == "__main__"})
        for name, value in learner.names().items():
            if name.startswith("__") or not hasattr(builtins, name):
                space.setdefault(name, value)
    return space


def _check_here(learner: Learner, check, outcome: CheckResult, space: dict, timeout: float,
                stubs: list[str] = ()) -> bool:
    """Run one check in this process, the learner's names reaching it through the channel;
    False if it ran out of time. A failed check's message is ``check_text``'s sentence."""
    name = f"<check {check.grade_id}>"
    try:
        with deadline(timeout):
            exec(compile(check.source, name, "exec", dont_inherit=True), space)
        outcome.passed, outcome.message = True, ""
    except OutOfTime:
        return False
    except LearnerFailure:
        raise
    except BaseException as error:  # noqa: BLE001 - a failed check, whatever it raised
        outcome.passed = False
        outcome.message = check_text(error, check.source, name, stubs)[:MESSAGE_LIMIT]
    finally:
        learner.forget()
    outcome.points = outcome.max_points if outcome.passed else 0
    return True


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


def _untouched(learner: Learner, result: Result, timeout: float, withheld=()) -> bool:
    """Compare the learner's ``ninetynine`` package with ours; fail ``result`` and return False
    if it changed.

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
            ours[key] = integrity.fingerprint(list(key), withheld=withheld)
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
