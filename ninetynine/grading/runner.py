"""Grade one submitted notebook in its own kernel.

The steps, for one submission (``grade_submission``):

1. start a fresh kernel, with ``NINETYNINE_GRADING=1`` so that notebooks skip live tables, in
   the submission's folder;
2. run the learner's cells - every cell except check cells - under one time limit for the whole
   notebook. A cell that raises stops the run, as "Restart and Run All" would, and the
   submission fails - except ``NotImplementedError``, the exercise's own stub: a learner who
   finished part of an exercise is noted and graded on the parts they finished;
3. take a fingerprint of the ``ninetynine`` package in the kernel (see ``integrity.py``);
4. run each check *from the source notebook* - visible and hidden parts - in that kernel, each
   under the time limit, so deleting or editing a check in the submission gains nothing, and
   take the fingerprint again after each one (a strategy could patch the package while it
   plays). A check that runs out of time fails, the checks after it are not run, and the
   submission is "out of time"; the checks before it keep their points.

A notebook that runs out of time, prints too much, stops its kernel or changes the package gets
a result whose every check fails with one sentence saying why. Everything else is graded.

Run as ``python -m ninetynine.grading.runner SUBMISSION SOURCE STUDENT TIMEOUT`` it prints the
result as JSON: the grader starts one such process per submission, so that a runaway submission
can always be stopped (its kernel with it) without touching the others.
"""
from __future__ import annotations

import json
import os
import secrets
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

from . import integrity
from .notebooks import check_mark, checks, read

MIME = "application/x-ninetynine-grading+json"
OUTPUT_LIMIT = 1_000_000          # bytes of output a submission may produce, checks included
MESSAGE_LIMIT = 300               # characters of an error message shown in feedback

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


class _Client(NotebookClient):
    """An nbclient that counts the output it receives and keeps none past ``OUTPUT_LIMIT``."""

    output_bytes = 0

    def output(self, outs, msg, display_id, cell_index):
        self.output_bytes += len(json.dumps(msg.get("content", {})))
        if self.output_bytes > OUTPUT_LIMIT:
            return None
        return super().output(outs, msg, display_id, cell_index)


def _published(cell, nonce: str):
    """The grader's own message in a cell's outputs (identified by ``nonce``), or None."""
    for output in cell.get("outputs", []):
        data = output.get("data", {}).get(MIME)
        if isinstance(data, dict) and data.get("nonce") == nonce:
            return data
    return None


def _errors(cell) -> list[str]:
    """The errors a cell raised, each as "Name: message" ("Name" alone when it has no message)."""
    return [_error_text(o.get("ename"), o.get("evalue")) for o in cell.get("outputs", [])
            if o.get("output_type") == "error"]


def _error_text(name: str, message: str | None) -> str:
    """How a learner reads an error: the exercise's stub says what it means in words."""
    if name == UNFINISHED and not message:
        return f"{UNFINISHED}: this part is not written yet (the exercise's stub is still there)"
    return f"{name}: {message}" if message else str(name)


def _check_code(source: str, grade_id: str, nonce: str) -> str:
    """A cell that runs one check and publishes whether it passed, whatever the check raises.

    The check sees the learner's names, except those that hide a built-in (``range = ...``,
    ``all = ...`` would make a check's loop or test vacuous): there it sees the built-in.
    """
    return f"""def __ninetynine_check():
    import builtins
    from IPython.display import publish_display_data
    names = {{name: value for name, value in get_ipython().user_ns.items()
             if name.startswith("__") or not hasattr(builtins, name)}}
    names["__builtins__"] = builtins
    try:
        exec(compile({source!r}, "<check {grade_id}>", "exec"), names)
        result = {{"passed": True, "message": ""}}
    except BaseException as error:
        result = {{"passed": False, "error": type(error).__name__, "text": str(error).strip()}}
    publish_display_data({{{MIME!r}: dict(result, nonce={nonce!r})}})
__ninetynine_check()"""


def _integrity_code(nonce: str) -> str:
    """A cell that fingerprints the kernel's ``ninetynine`` modules with a fresh copy of integrity.py."""
    source = Path(integrity.__file__).read_text(encoding="utf-8")
    return f"""def __ninetynine_integrity():
    from IPython.display import publish_display_data
    space = {{"__name__": "ninetynine_integrity"}}
    exec(compile({source!r}, "<integrity>", "exec"), space)
    publish_display_data({{{MIME!r}: {{"nonce": {nonce!r}, "prints": space["fingerprint"]()}}}})
__ninetynine_integrity()"""


def learner_cells(submission, check_ids: set[str]) -> list[int]:
    """Indexes of the submission's cells to run: code cells that are not check cells."""
    indexes = []
    for index, cell in enumerate(submission.cells):
        mark = check_mark(cell) or {}
        is_check = bool(mark) or cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") in check_ids
        if cell.cell_type == "code" and not is_check and cell.source.strip():
            indexes.append(index)
    return indexes


def grade_submission(submission: str | Path, source: str | Path, student: str,
                     timeout: float = 60) -> Result:
    """Grade ``submission`` against the checks of the solution notebook ``source``."""
    submission, source = Path(submission), Path(source)
    the_checks = checks(read(source), source.name)
    result = Result(student, source.stem, str(submission),
                    checks=[CheckResult(c.grade_id, 0, c.points, False) for c in the_checks])
    try:
        notebook = read(submission)
    except Exception as error:  # any unreadable file: not JSON, not a notebook, missing
        return result.fail_all(UNREADABLE, f"The file could not be read as a notebook ({type(error).__name__}).")
    client = _Client(notebook, timeout=timeout, allow_errors=True, kernel_name="python3",
                     resources={"metadata": {"path": str(submission.parent.resolve())}})
    try:
        with client.setup_kernel(env={**os.environ, "NINETYNINE_GRADING": "1"}):
            _run(client, notebook, the_checks, result, timeout)
    except CellTimeoutError:
        result.fail_all(TIMEOUT, f"The notebook did not finish within {timeout:g} seconds.")
    except DeadKernelError:
        result.fail_all(DIED, "The notebook's kernel stopped (did the notebook end its own process?).")
    if client.output_bytes > OUTPUT_LIMIT and result.status in (GRADED, TIMEOUT):
        result.fail_all(OUTPUT, f"The notebook printed more than {OUTPUT_LIMIT // 1_000_000} MB; "
                                "print less.")
    return result


def _run(client: _Client, notebook, the_checks, result: Result, timeout: float) -> None:
    """Steps 2 to 4 of the module docstring, in a kernel that is already running."""
    deadline = time.monotonic() + timeout
    client.timeout_func = lambda cell: max(1, int(deadline - time.monotonic() + 0.999))
    for index in learner_cells(notebook, {c.grade_id for c in the_checks}):
        cell = client.execute_cell(notebook.cells[index], index)
        errors = _errors(cell)
        fatal = [error for error in errors if not error.startswith(UNFINISHED)]
        if fatal:
            result.fail_all(ERROR, f"Cell {index + 1} raised {fatal[0]}"[:MESSAGE_LIMIT] +
                            "; the notebook must run from top to bottom without errors.")
            return
        result.notes += [f"Cell {index + 1} raised {error}."[:MESSAGE_LIMIT] for error in errors]
        if client.output_bytes > OUTPUT_LIMIT:
            return
    client.timeout_func = None
    client.timeout = timeout
    notebook.cells.append(nbformat.v4.new_code_cell(""))   # where the grader's own cells run
    scratch = len(notebook.cells) - 1
    if _tampered(client, result, scratch) is None:
        return
    for position, (check, outcome) in enumerate(zip(the_checks, result.checks)):
        nonce = secrets.token_hex(16)
        cell = nbformat.v4.new_code_cell(_check_code(check.source, check.grade_id, nonce))
        try:
            client.execute_cell(cell, scratch, store_history=False)
        except CellTimeoutError:
            _out_of_time(result, position, timeout)
            return
        published = _published(cell, nonce) or {"passed": False, "message": "The check gave no result."}
        outcome.passed = bool(published["passed"])
        outcome.points = outcome.max_points if outcome.passed else 0
        if "error" in published:
            published["message"] = _error_text(published["error"], published["text"])
        outcome.message = str(published["message"])[:MESSAGE_LIMIT]
        if client.output_bytes > OUTPUT_LIMIT or _tampered(client, result, scratch) is None:
            return


def _out_of_time(result: Result, position: int, timeout: float) -> None:
    """The check at ``position`` ran out of time: it fails, and the checks after it are not run.

    The checks before it keep their points: each was followed by a fingerprint of the package,
    so they are known to be honest. The kernel is not used again (it is still busy with the
    check, and an interrupted kernel does not always answer), so a timeout is reported as what
    it is - out of time - and never as a kernel the grader could not inspect.
    """
    late = result.checks[position]
    result.status = TIMEOUT
    result.message = (f"The check {late.grade_id} did not finish within {timeout:g} seconds, so "
                      "the checks after it were not run.")
    late.message = f"The check did not finish within {timeout:g} seconds."
    for outcome in result.checks[position + 1:]:
        outcome.message = f"Not run: the check {late.grade_id} before it ran out of time."


def _tampered(client: _Client, result: Result, scratch: int):
    """Compare the kernel's package with ours; fail ``result`` and return None if it was changed."""
    nonce = secrets.token_hex(16)
    cell = nbformat.v4.new_code_cell(_integrity_code(nonce))
    client.execute_cell(cell, scratch, store_history=False)
    published = _published(cell, nonce)
    if published is None:
        result.fail_all(TAMPERED, "The grader could not inspect the ninetynine package in the "
                                  "notebook's kernel, so the checks cannot be trusted.")
        return None
    theirs = published["prints"]
    try:
        ours = integrity.fingerprint(sorted(theirs))
    except Exception:   # the kernel holds a module that does not exist in the package
        ours = {}
    changed = integrity.differences(theirs, ours)
    modules = [name for name in changed if name != "builtins"]
    if modules:
        result.fail_all(TAMPERED, f"The notebook changed the ninetynine package ({', '.join(modules)}); "
                                  "solve the exercise without modifying the kit.")
        return None
    if changed:
        result.fail_all(TAMPERED, "The notebook replaced some of Python's built-in functions (such as "
                                  "abs or all), which the checks rely on; solve the exercise without "
                                  "changing them.")
        return None
    return ours


def main(argv: list[str] | None = None) -> int:
    """Worker entry point: grade one submission and print its result as one line of JSON."""
    submission, source, student, timeout = argv if argv is not None else sys.argv[1:]
    print(grade_submission(submission, source, student, float(timeout)).to_json(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
