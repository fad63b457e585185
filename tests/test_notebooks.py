"""The teaching notebooks' shape: what nbval (which runs them and compares outputs) cannot see.

nbval, switched on in pyproject.toml, already runs every notebook and compares its outputs. These
tests check the promises the notebooks make to a learner: the first cell makes the kit importable
from any folder, every cell was run top to bottom before committing (so nbval has outputs to
compare), nothing failed, no ``interact`` (it hangs headless runs), and each notebook ends with a
live table. Start-here's table is the one the browser test clicks.
"""
from __future__ import annotations

import json
import runpy
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# "12b-..." follows "12-..." (a second notebook on the same game; 15-19 are taken by another track)
RULE_NOTEBOOKS = sorted(path.stem for path in NOTEBOOKS.glob("[0-9][0-9]*-*.ipynb"))


def code_cells(name: str) -> list[dict]:
    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_setup_makes_the_kit_importable_without_installing_it(tmp_path):
    """Without site-packages (python -S) the kit is not installed; ``import _setup`` finds it."""
    def run(code: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path,
                              capture_output=True, text=True)

    assert run("import ninetynine").returncode != 0, "the kit must not be importable here yet"
    found = run(f"import sys; sys.path.insert(0, {str(NOTEBOOKS)!r}); import _setup, ninetynine;"
                " print(ninetynine.__file__)")
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()) == ROOT / "ninetynine" / "__init__.py"


def test_setup_adds_nothing_when_the_kit_is_installed():
    before = list(sys.path)
    sys.path.insert(0, str(NOTEBOOKS))
    try:
        import _setup  # noqa: F401
        assert sys.path[1:] == before
    finally:
        sys.path.remove(str(NOTEBOOKS))
        sys.modules.pop("_setup", None)


@pytest.mark.parametrize("name", RULE_NOTEBOOKS)
def test_notebook_starts_with_setup_and_ends_with_a_live_table(name):
    cells = code_cells(name)
    assert source(cells[0]).startswith("import _setup")
    last = source(cells[-1])
    assert "Table(" in last or "Table.from_state(" in last
    assert "seed=" in last


@pytest.mark.parametrize("name", RULE_NOTEBOOKS)
def test_notebook_was_run_top_to_bottom_without_errors(name):
    cells = code_cells(name)
    assert [cell["execution_count"] for cell in cells] == list(range(1, len(cells) + 1))
    errors = [o for cell in cells for o in cell["outputs"] if o["output_type"] == "error"]
    assert errors == []


@pytest.mark.parametrize("name", RULE_NOTEBOOKS)
def test_notebook_has_no_interact(name):
    assert not any("interact" in source(cell) for cell in code_cells(name))


def test_start_here_ends_with_the_table_the_browser_test_plays():
    last = source(code_cells("00-start-here")[-1])
    assert 'Table(nn.make("quentin_c", players=2), seat=0, bots="cautious", seed=1)' in last


def test_nbval_kernels_talk_over_unix_sockets_of_their_own():
    """``tests/conftest.py``: over TCP, a port another worker took between Jupyter choosing it
    and the kernel binding it once cost a notebook every cell. Each kernel's socket files are
    named after it, in a folder of this run, and their paths fit a socket's 108 bytes."""
    nbval_kernel = pytest.importorskip("nbval.kernel")
    one, other = (nbval_kernel.KernelManager(kernel_name="python3") for _ in range(2))
    assert one.transport == other.transport == "ipc"
    assert one.ip != other.ip and Path(one.ip).parent == Path(other.ip).parent
    assert len(f"{one.ip}-99".encode()) < 108


def test_the_file_nbval_opens_for_a_kernel_s_errors_is_closed_with_the_kernel(monkeypatch, tmp_path):
    """nbval opens /dev/null for each kernel's errors and never closes it; the kernel manager of
    ``tests/conftest.py`` closes it when the kernel shuts down (no kernel is started here)."""
    nbval_kernel = pytest.importorskip("nbval.kernel")
    manager = nbval_kernel.KernelManager(kernel_name="python3")
    jupyters = type(manager).__mro__[1]                  # jupyter_client's own manager
    monkeypatch.setattr(jupyters, "start_kernel", lambda self, **options: None)
    monkeypatch.setattr(jupyters, "shutdown_kernel", lambda self, *args, **options: None)
    errors = (tmp_path / "errors").open("w")
    manager.start_kernel(stderr=errors)
    assert not errors.closed
    manager.shutdown_kernel(now=True)
    assert errors.closed


@pytest.mark.parametrize("folder", ["notebooks", "solutions"])
def test_a_cell_over_the_time_limit_fails_in_the_notebooks_and_the_solutions(folder, monkeypatch):
    """``notebooks/conftest.py`` (and ``solutions/conftest.py``, which reads it): an nbval cell
    whose kernel spends more than ``CELL_LIMIT`` seconds of processor time, or that takes more
    than ``CLOCK_LIMIT`` on the clock, fails with a sentence naming it; a cell slow on the clock
    only because the machine is busy passes, and other tests are never timed."""
    hook = runpy.run_path(str(ROOT / folder / "conftest.py"))["pytest_runtest_call"]
    limit, clock_limit = hook.__globals__["CELL_LIMIT"], hook.__globals__["CLOCK_LIMIT"]

    class IPyNbCell:                    # the name of nbval's cell items
        path, name = ROOT / folder / "99-slow.ipynb", "Cell 3"

    class SomeTest(IPyNbCell):
        pass

    def outcome(item, processor: float, clock: float) -> str:
        clock_readings, kernel_readings = iter([0.0, clock]), iter([100.0, 100.0 + processor])
        monkeypatch.setitem(hook.__globals__, "time",
                            types.SimpleNamespace(perf_counter=lambda: next(clock_readings)))
        monkeypatch.setitem(hook.__globals__, "_kernel_seconds", lambda item: next(kernel_readings))
        call = hook(item)
        next(call)
        try:
            call.send(None)
        except StopIteration:
            return "passed"
        except pytest.fail.Exception as failure:
            return str(failure)
        return "the hook did not end"

    assert outcome(IPyNbCell(), limit - 1, limit - 1) == "passed"
    assert outcome(IPyNbCell(), limit - 1, 2 * limit) == "passed"       # a busy machine
    assert outcome(SomeTest(), limit + 1, clock_limit + 1) == "passed"
    said = outcome(IPyNbCell(), limit + 1, limit + 2)
    assert said.startswith("99-slow.ipynb, Cell 3: the cell took 11.0 s of processor time")
    assert f"over the {limit} s limit" in said
    said = outcome(IPyNbCell(), 1, clock_limit + 1)
    assert said.startswith("99-slow.ipynb, Cell 3: the cell took")
    assert f"over the {clock_limit} s limit" in said


def test_the_time_limit_reads_the_processor_time_of_a_real_kernel():
    """The hook's ``_kernel_seconds`` finds nbval's kernel process: busy code run in a kernel
    adds its processor time, so the limit is never skipped for want of a reading."""
    nbval_kernel = pytest.importorskip("nbval.kernel")
    read = runpy.run_path(str(ROOT / "notebooks" / "conftest.py"))["_kernel_seconds"]
    kernel = nbval_kernel.RunningKernel("python3")
    try:
        item = types.SimpleNamespace(parent=types.SimpleNamespace(kernel=kernel))
        before = read(item)
        busy = kernel.execute_cell_input("import time\nend = time.process_time() + 0.5\n"
                                         "while time.process_time() < end: pass", allow_stdin=False)
        kernel.await_reply(busy, timeout=30)
        assert before is not None and read(item) - before >= 0.45
    finally:
        kernel.stop()
