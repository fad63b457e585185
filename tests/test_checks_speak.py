"""Checks that speak, in every exercise (``ninetynine.exercise``).

Each exercise, as handed out, is run headless with nbclient the way JupyterLab's Run All runs
it: the try-it and check cells carry the ``raises-exception`` tag, so the run goes on past
them. Its errors must each be one sentence - the stub's names a function still to write - with
no line of the kit and no traceback, the checks after the try-it cell must have run, and the
last cell must count them. The solutions' stored outputs (which nbval compares on every run)
say "All N visible checks pass.". A learner's exception planted in exercise 4 gives one sentence
with the input and the learner's own line, and the grader's feedback gives the same sentences.

Every exercise runs one after the other in one kernel (its namespace reset between them, as
a kernel restart would), so that no exercise pays for a kernel's start and the kit's imports.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from machine import sandboxed
from ninetynine.exercise import (HEADER, HIDDEN_HEADER, TAG, check_message, raised,
                                 reported_stub, unwritten)
from ninetynine.grading.notebooks import (check_headers, check_mark, checks, read,
                                          solution_paths)
from ninetynine.grading.runner import grade_submission, stubs_in

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS, EXERCISES = ROOT / "solutions", ROOT / "exercises"
NAMES = [path.name for path in solution_paths(SOLUTIONS)]
SUMMARY = "check_summary()"
UNWRITTEN = re.compile(r"^`(\w+)` is not written yet: replace `raise NotImplementedError\(\)` in "
                       r"its cell with your code\.$")
RESET = "%reset -f\nimport os\nos.chdir({folder!r})"


@pytest.fixture(scope="module")
def kernel():
    """One kernel for the whole file (nbclient uses it and leaves it running)."""
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(EXERCISES))
    yield manager
    manager.shutdown_kernel(now=True)


def run(kernel, notebook, folder=EXERCISES):
    """Run ``notebook`` (a copy) in ``kernel`` as Run All would; the cells after its reset cell.
    A cell without the tag that raises stops the run (nbclient's CellExecutionError)."""
    notebook = nbformat.from_dict(notebook)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(RESET.format(folder=str(folder))))
    NotebookClient(notebook, km=kernel, timeout=120,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return notebook.cells[1:]


def outputs(cell, kind):
    return [output for output in cell.get("outputs", []) if output.output_type == kind]


def text_of(cell) -> str:
    return "".join(output.text for output in outputs(cell, "stream"))


def visible_checks(cells) -> list:
    """The check cells with visible tests (``# Check k of N: id``), in order."""
    return [cell for cell in cells
            if check_mark(cell) and HEADER.match(cell.source.split("\n", 1)[0])]


@pytest.fixture(scope="module")
def handed_out(kernel):
    """Every exercise as handed out, run; and the seconds each took."""
    ran, seconds = {}, {}
    for name in NAMES:
        start = time.perf_counter()
        ran[name] = run(kernel, read(EXERCISES / name))
        seconds[name] = time.perf_counter() - start
    print("seconds per exercise:", {name[:2]: round(s, 1) for name, s in seconds.items()})
    return ran


@pytest.mark.parametrize("name", NAMES)
def test_an_untouched_exercise_names_the_function_to_write_in_one_sentence(handed_out, name):
    cells = handed_out[name]
    errors = [output for cell in cells for output in outputs(cell, "error")]
    assert errors, "the untouched exercise raised nothing"
    stubs = stubs_in(read(EXERCISES / name))
    named = set()
    for error in errors:
        assert len(error.traceback) == 1 and "\n" not in error.traceback[0], error.traceback
        sentence = error.traceback[0]
        assert "ninetynine/" not in sentence and "Traceback" not in sentence, sentence
        found = UNWRITTEN.match(sentence)
        if found:
            named.add(found[1])
    assert named and named <= set(stubs), (named, stubs)
    printed = "".join(text_of(cell) for cell in cells)
    assert "ninetynine/" not in printed and "Traceback" not in printed


@pytest.mark.parametrize("name", NAMES)
def test_run_all_reaches_every_check_and_the_count_after_a_failing_try_it_cell(handed_out, name):
    cells = handed_out[name]
    the_checks = visible_checks(cells)
    try_its = [cell for cell in cells if "try-it" in cell.metadata.get("tags", [])]
    assert any(outputs(cell, "error") for cell in try_its), "no try-it cell failed"
    assert all(cell.execution_count for cell in cells if check_mark(cell))
    # an untouched exercise passes no visible check
    assert the_checks and all(outputs(cell, "error") for cell in the_checks)
    assert SUMMARY in cells[-1].source
    ids = [cell.metadata["nbgrader"]["grade_id"] for cell in the_checks]
    listed = ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]
    assert text_of(cells[-1]) == (f"0 of {len(ids)} visible checks pass; still to do: "
                                  f"{listed}.\n")


@pytest.mark.parametrize("name", NAMES)
def test_a_solution_says_every_visible_check_passes(name):
    """The stored outputs of the solution (nbval runs it again and compares them)."""
    notebook = read(SOLUTIONS / name)
    the_checks = visible_checks(notebook.cells)
    total = len(the_checks)
    for number, cell in enumerate(the_checks, start=1):
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        assert text_of(cell).endswith(f"Check {number} of {total} ({grade_id}) passes.\n")
    assert not any(outputs(cell, "error") for cell in notebook.cells)
    assert text_of(notebook.cells[-1]) == (f"All {total} visible checks pass.\n" if total > 1
                                           else "The visible check passes.\n")


@pytest.mark.parametrize("name", NAMES)
def test_every_solution_turns_checks_speak_on_and_tags_its_cells(name):
    """The marks the exercise's cells need: written in the solution, the single source."""
    notebook = read(SOLUTIONS / name)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code[0].source.startswith("from ninetynine.exercise import checks_speak\n"
                                     "checks_speak()\n")
    assert SUMMARY in code[-1].source
    headers = check_headers(notebook, name)
    for check in checks(notebook, name):
        first, wanted = check.source.split("\n", 1)[0], headers[check.grade_id]
        assert first == wanted and (HEADER.match(first) or HIDDEN_HEADER.match(first)), (
            f"{name}: the check {check.grade_id} must start with the line '{wanted}'")
    for cell in code:
        if check_mark(cell) or "try-it" in cell.metadata.get("tags", []):
            assert TAG in cell.metadata.get("tags", []), (name, cell.source[:60])


PLANTED = ("# YOUR CODE HERE\n    raise NotImplementedError()",
           "ratio = old / (new - new)\n    return ()")
LINE = "ratio = old / (new - new)"


def planted(tmp_path) -> Path:
    notebook = read(EXERCISES / "04-milestones.ipynb")
    cell = next(cell for cell in notebook.cells if PLANTED[0] in cell.source)
    cell.source = cell.source.replace(*PLANTED)
    path = tmp_path / "04-milestones.ipynb"
    nbformat.write(notebook, path)
    return path


def test_a_learners_exception_names_the_input_and_the_learners_line(kernel, tmp_path):
    cells = run(kernel, read(planted(tmp_path)))
    try_it = next(cell for cell in cells if "try-it" in cell.metadata.get("tags", []))
    assert [error.traceback for error in outputs(try_it, "error")] == [[
        f"penalties(27, 33) raised ZeroDivisionError: division by zero, at your line `{LINE}`."]]
    for cell in (cell for cell in cells if check_mark(cell)):
        [error] = outputs(cell, "error")
        assert error.traceback == [f"For a play from 0 to 0, penalties raised ZeroDivisionError: "
                                   f"division by zero, at your line `{LINE}`."]


def test_the_grader_gives_the_same_sentences(tmp_path):
    source = SOLUTIONS / "04-milestones.ipynb"
    untouched = grade_submission(EXERCISES / "04-milestones.ipynb", source, "ada", 60,
                                 sandbox=sandboxed())
    sentence = unwritten("penalties")
    assert [check.message for check in untouched.checks] == [sentence, sentence]
    assert untouched.notes == [f"Cell 5: {sentence}"]
    broken = grade_submission(planted(tmp_path), source, "bob", 60, sandbox=sandboxed())
    # the learner's line comes over from the learner's process, as text: the same sentence
    words = (f"For a play from 0 to 0, penalties raised ZeroDivisionError: division by zero, "
             f"at your line `{LINE}`.")
    assert [check.message for check in broken.checks] == [words, words]
    assert broken.status == "graded" and broken.notes == [
        f"Cell 5 raised ZeroDivisionError: division by zero, at your line `{LINE}`."]


def test_a_checks_own_assert_and_a_kit_assert_speak_their_message():
    cell = 'def helper():\n    assert 1 + 1 == 3, "One and one should make three."\nhelper()'
    with pytest.raises(AssertionError) as caught:       # a check cell, not rewritten by pytest
        exec(compile(cell, "/tmp/ipykernel_0/1.py", "exec"), {})
    error = caught.value.with_traceback(caught.value.__traceback__.tb_next)   # from the cell on
    # raised in the cell that ran (by a check's own helper): the check's message
    assert check_message(error) == "One and one should make three."
    from ninetynine.grading.checking import answer
    with pytest.raises(AssertionError) as caught:
        answer("For the text 'seven'", int, "seven")
    assert check_message(caught.value) == ("For the text 'seven', int raised ValueError: invalid "
                                           "literal for int() with base 10: 'seven'.")
    assert raised(None, "KeyError", "'x'") == "Your code raised KeyError: 'x'."


def test_an_error_on_a_checks_own_line_is_not_called_the_learners():
    import linecache
    cell, filename = "# Check 1 of 1: sums\nint(None)", "/tmp/ipykernel_0/2.py"
    linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)   # as IPython
    with pytest.raises(TypeError) as caught:
        exec(compile(cell, filename, "exec"), {})
    error = caught.value.with_traceback(caught.value.__traceback__.tb_next)
    assert check_message(error, in_check=True) == (
        "The check raised TypeError: int() argument must be a string, a bytes-like object or a "
        "real number, not 'NoneType', at its line `int(None)`.")
    assert check_message(error).startswith("Your code raised TypeError: ")


def test_a_stub_that_check_game_reports_is_named_as_in_the_notebook():
    """check_game words a game's error with its place (``testing.runner.crashed``): a stub
    still in place there gives the stub's sentence, in the notebook and in the grader."""
    from ninetynine.testing.runner import crashed

    def new_game(seed):
        raise NotImplementedError()
    try:
        new_game(0)
    except NotImplementedError as error:
        report = f"play, seed 0, at the start: new_game(seed=0) failed: {crashed(error)}."
    assert reported_stub(report) == "new_game"
    assert check_message(AssertionError(report)) == unwritten("new_game")


def test_checks_speak_does_nothing_outside_ipython(capsys):
    from ninetynine.exercise import check_summary, checks_speak
    checks_speak()
    check_summary()
    assert capsys.readouterr().out == ""


class _PyodideShell:
    """What ``go_on_in_jupyterlite`` reads of Pyodide's kernel: the error its cell will answer
    with, and the request that ran the cell."""

    def __init__(self, stop_on_error: bool):
        self._last_traceback = {"ename": "NotImplementedError", "evalue": "",
                                "traceback": [unwritten("penalties")]}
        request = {"content": {"code": "penalties(27, 33)", "stop_on_error": stop_on_error}}
        self.kernel = type("Kernel", (), {"get_parent": staticmethod(lambda: request)})()


@pytest.mark.parametrize("platform, stop_on_error, goes_on", [
    ("emscripten", False, True),        # JupyterLite, a cell tagged raises-exception
    ("emscripten", True, False),        # JupyterLite, any other cell: Run All stops, as it should
    ("linux", False, False),            # ipykernel does as the request asks by itself
])
def test_in_jupyterlite_a_raises_exception_cell_shows_its_error_and_lets_run_all_go_on(
        monkeypatch, capsys, platform, stop_on_error, goes_on):
    from ninetynine.exercise import _Speaker
    monkeypatch.setattr("sys.platform", platform)
    shell = _PyodideShell(stop_on_error)
    _Speaker(shell).go_on_in_jupyterlite()
    shown = capsys.readouterr().err
    if goes_on:
        assert shell._last_traceback is None, "the cell answers that it ran"
        assert shown == unwritten("penalties") + "\n", "its sentence, on stderr"
    else:
        assert shell._last_traceback is not None and shown == ""
