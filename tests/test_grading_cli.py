"""``ninetynine grade`` as an instructor runs it: nothing lost, nothing forged, Ctrl-C, --resume, Dask.

Every run grades a tiny exercise (``01-double``: one function, one check with a hidden part), so
each submission costs little more than starting its sandbox and kernel. The sandbox is used when
bubblewrap is installed; without it these tests pass ``--no-sandbox`` (they are about what the
grader does around the sandbox), except on CI, where bubblewrap must be there.
"""
from __future__ import annotations

import contextlib
import csv
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import nbformat
import pytest

from machine import sandbox_flags, skip_without_bwrap
from ninetynine.grading import workers
from ninetynine.grading.commands import main
from ninetynine.grading.results import feedback_name, safe_cell

SOLUTION = "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"
CHECK = ("assert double(2) == 4, 'double(2) is wrong'\n### BEGIN HIDDEN TESTS\n"
         "assert double(-3) == -6, 'double(-3) is wrong'\n### END HIDDEN TESTS")
RIGHT = "def double(x):\n    return 2 * x"
WRONG = "def double(x):\n    return x + 2"          # right for 2, wrong for -3 (hidden)


#: A test cluster's scheduler serves HTTP on a free port, not on 8787: tests on other workers
#: start clusters at the same time (with no dashboard it still serves /health there).
NO_FIXED_PORT = {"dashboard_address": ":0"}


def write(path: Path, *sources: str, check: bool = True) -> Path:
    """A notebook of code cells ``sources``, followed by the check cell when ``check``."""
    cells = [nbformat.v4.new_code_cell(source) for source in sources]
    if check:
        cells.append(nbformat.v4.new_code_cell(CHECK))
        cells[-1].metadata["nbgrader"] = {"grade": True, "grade_id": "doubles", "points": 1}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


@pytest.fixture(scope="module")
def solutions(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("solutions")
    write(folder / "01-double.ipynb", SOLUTION)
    return folder


def grade(*args, solutions: Path) -> int:
    """``ninetynine grade`` with two jobs and 20 s; ``args`` come last, so they can override."""
    return main(["grade", "--solutions", str(solutions), "--jobs", "2", "--timeout", "20",
                 *sandbox_flags(), *map(str, args)])


def rows(out: Path) -> dict[str, dict]:
    with out.open(encoding="utf-8") as file:
        return {row["student"]: row for row in csv.DictReader(file)}


def watch(monkeypatch, name: str) -> list[str]:
    """The students whose jobs go through ``workers.<name>`` from now on (it still grades them)."""
    students, real = [], getattr(workers, name)
    monkeypatch.setattr(workers, name, lambda job, limit: students.append(job.student) or real(job, limit))
    return students


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_csv_cells_never_start_a_formula_and_feedback_names_never_collide():
    assert [safe_cell(text) for text in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "ada")] == [
        "'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", "ada"]
    names = ["ada", "Ada", "Zoë", "Zoé", "Zoe", "zoe", "zoe--c6a12698", "../etc/passwd", "李雷", ""]
    files = [feedback_name(name) for name in names]
    assert len(set(files)) == len(names), files
    assert all(f and f.replace("-", "").replace("_", "").isalnum() and f.isascii() for f in files)
    assert feedback_name("Zoë") == feedback_name("Zoe\u0308")        # one student, however typed


@pytest.mark.parametrize("arguments, words", [
    (["--timeout", "nan"], "--timeout must be a number"),
    (["--timeout", "inf"], "--timeout must be a number"),
    (["--timeout", "0"], "--timeout must be a number"),
    (["--timeout", "-5"], "--timeout must be a number"),
    (["--jobs", "0"], "--jobs must be a whole number"),
    (["EMPTY"], "holds no notebooks"),
    (["NOEXERCISE"], "does not name an exercise"),
])
def test_bad_arguments_get_one_sentence_and_change_no_earlier_results(
        tmp_path, solutions, capsys, arguments, words):
    out = tmp_path / "out"
    write(tmp_path / "class" / "ada-01.ipynb", RIGHT)
    (tmp_path / "empty").mkdir()
    write(tmp_path / "notes" / "notes.ipynb", RIGHT)
    out.mkdir()
    (out / "results.csv").write_text("student,points\nbob,1\n", encoding="utf-8")
    (out / "results.grading.json").write_text('{"version": 1, "entries": []}', encoding="utf-8")
    write(out / "feedback" / "bob.md", "x", check=False)
    before = snapshot(out)
    given = {"EMPTY": tmp_path / "empty", "NOEXERCISE": tmp_path / "notes"}
    paths = [given.get(a, a) for a in arguments] if arguments[0] in given else [tmp_path / "class", *arguments]
    assert grade(*paths, "--out", out / "results.csv", solutions=solutions) == 2
    printed = capsys.readouterr().out.strip().splitlines()
    assert len(printed) == 1 and printed[0].startswith("Error: ") and words in printed[0], printed
    assert snapshot(out) == before


def test_without_bubblewrap_the_grader_refuses_unless_told_no_sandbox(tmp_path, solutions, capsys,
                                                                      monkeypatch):
    from ninetynine.grading import sandbox
    monkeypatch.setattr(sandbox, "available", lambda: False)
    write(tmp_path / "class" / "ada-01.ipynb", RIGHT)
    out = tmp_path / "out" / "results.csv"
    command = ["grade", str(tmp_path / "class"), "--out", str(out), "--solutions", str(solutions)]
    assert main(command) == 2
    assert capsys.readouterr().out.strip() == f"Error: {sandbox.MISSING}"
    assert not out.parent.exists()
    assert main(command + ["--no-sandbox"]) == 0
    assert rows(out)["ada"]["points"] == "1"


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory, solutions):
    """A class whose names and messages try the CSV, the file names and the screen."""
    folder = tmp_path_factory.mktemp("class")
    write(folder / "=1+1-01.ipynb", RIGHT)
    write(folder / "@SUM(A1)-01.ipynb", WRONG)
    write(folder / "Zoë-01.ipynb", RIGHT)
    write(folder / "Zoé-01.ipynb", WRONG)
    write(folder / "[bold]mark-01.ipynb", "raise ValueError('[/] closes nothing [red]')")
    write(folder / "notes.ipynb", RIGHT)                    # names no exercise
    out = tmp_path_factory.mktemp("out") / "results.csv"
    screen = io.StringIO()          # capsys is per test; this fixture is shared by several
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(screen):
        patch.setenv("COLUMNS", "250")      # the table's rows on one line each
        code = grade(folder, "--out", out, solutions=solutions)
    return folder, out, code, screen.getvalue()


def test_a_class_is_graded_safely_and_the_file_naming_no_exercise_is_reported(graded_class):
    folder, out, code, screen = graded_class
    assert code == 1, screen                          # finished, but one file was not graded
    assert "notes.ipynb does not name an exercise" in screen
    found = rows(out)
    assert {name: row["points"] for name, row in found.items()} == {
        "'=1+1": "1", "'@SUM(A1)": "0", "Zoë": "1", "Zoé": "0", "[bold]mark": "0"}
    assert found["[bold]mark"]["status"] == "error"
    assert "[/] closes nothing [red]" in found["[bold]mark"]["message"]
    assert "[/] closes nothing [red]" in screen and "[bold]mark" in screen   # shown, not parsed
    feedback = sorted((out.parent / "feedback").glob("*.md"))
    assert len(feedback) == 5, feedback
    texts = {path.read_text(encoding="utf-8").splitlines()[0] for path in feedback}
    # each name in full, as Markdown shows it: "\=" and "\[" are "=" and "[" as text
    assert texts == {f"# Feedback for {name}"
                     for name in ("\\=1+1", "@SUM(A1)", "Zoë", "Zoé", "\\[bold\\]mark")}
    assert not [p for p in out.parent.rglob("*") if p.name.endswith(".tmp")]


def test_resume_grades_only_what_is_new_or_changed(graded_class, solutions, tmp_path, monkeypatch):
    old_folder, old_out, _, _ = graded_class
    folder, out = tmp_path / "class", tmp_path / "out" / "results.csv"
    shutil.copytree(old_folder, folder)
    shutil.copytree(old_out.parent, out.parent)
    write(folder / "Zoé-01.ipynb", RIGHT)                 # changed since: graded again
    write(folder / "new-01.ipynb", RIGHT)                 # new: graded
    (folder / "notes.ipynb").unlink()
    graded = watch(monkeypatch, "grade_here")
    assert grade(folder, "--out", out, "--resume", solutions=solutions) == 0
    assert sorted(graded) == ["Zoé", "new"]
    points = {name: row["points"] for name, row in rows(out).items()}
    assert points == {"'=1+1": "1", "'@SUM(A1)": "0", "Zoë": "1", "Zoé": "1", "[bold]mark": "0", "new": "1"}


def marked(mark: str, sleep: str = "") -> list[str]:
    """Command lines of the processes whose environment holds ``mark`` (our grader and its
    workers), or whose command line is ``sleep`` (a learner's process: the sandbox starts from a
    clean environment, so the mark cannot reach it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
            if mark.encode() in (entry / "environ").read_bytes() or (sleep and line == sleep):
                found.append(line)
        except OSError:
            continue
    return found


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"waited {seconds} s for {what() if callable(what) else what}")


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux's /proc")
def test_ctrl_c_stops_every_worker_and_sandbox_and_keeps_finished_results(solutions, tmp_path, monkeypatch):
    folder, out = tmp_path / "class", tmp_path / "out" / "results.csv"
    write(folder / "a-01.ipynb", RIGHT)
    write(folder / "b-01.ipynb", RIGHT)
    seconds = f"300.{uuid.uuid4().int % 10 ** 9}"      # a sleep no other test starts
    write(folder / "c-01.ipynb", RIGHT, "import subprocess, time\n"
          f"subprocess.Popen(['sleep', '{seconds}'], start_new_session=True)\n"
          "while True:\n    time.sleep(0.1)")
    mark, sleep = f"NINETYNINE_TEST_MARK_{uuid.uuid4().hex}", f"sleep {seconds}"
    # c never ends by itself, and its time limit outlasts the waits below: only Ctrl-C can end
    # this grading.
    # A terminal starts its foreground job with Ctrl-C at its default. But make test may itself
    # run with SIGINT ignored (a shell's background job, nohup, a CI runner), and a program
    # inherits an ignored signal: the grader then never saw Ctrl-C and the test failed. So
    # SIGINT gets a handler while the grader starts: a caught signal is reset to its default in
    # the new program.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        grader = subprocess.Popen(
            [sys.executable, "-m", "ninetynine.grading", "grade", str(folder), "--out", str(out),
             "--solutions", str(solutions), "--jobs", "2", "--timeout", "600", *sandbox_flags()],
            env={**os.environ, mark: "1"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, start_new_session=True)  # its own process group, as a foreground job's
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        wait_for(lambda: out.exists() and {"a", "b"} <= set(rows(out)), 180, "a and b to be graded")
        wait_for(lambda: sleep in marked(mark, sleep), 180, "c's notebook to start its detached sleep")
        os.killpg(grader.pid, signal.SIGINT)                 # what Ctrl-C in a terminal sends
        try:                                        # a few seconds, even under load
            output, _ = grader.communicate(timeout=90)
        except subprocess.TimeoutExpired:
            os.killpg(grader.pid, signal.SIGKILL)
            pytest.fail(f"the grader did not stop within 90 s of Ctrl-C:\n{grader.communicate()[0]}")
    finally:
        if grader.poll() is None:
            os.killpg(grader.pid, signal.SIGKILL)
    assert grader.returncode == 130, output
    assert "Stopped" in output and "--resume" in output
    wait_for(lambda: not marked(mark, sleep), 30,
             lambda: f"every process to stop; left: {marked(mark, sleep)}")
    assert {name: row["points"] for name, row in rows(out).items()} == {"a": "1", "b": "1"}
    graded = watch(monkeypatch, "grade_here")
    write(folder / "c-01.ipynb", RIGHT)
    # the kit "changed" since the forkserver started: a fresh worker grades
    workers._forkserver()                               # started, with the kit as it is
    monkeypatch.setattr(workers, "_preloaded", ("the kit as it was",))
    fresh = watch(monkeypatch, "grade_in_subprocess")
    assert grade(folder, "--out", out, "--resume", solutions=solutions) == 0
    assert graded == ["c"] and fresh == ["c"]
    assert {name: row["points"] for name, row in rows(out).items()} == {"a": "1", "b": "1", "c": "1"}


def test_a_dask_cluster_grades_the_same_way(solutions, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    write(tmp_path / "class" / "ada-01.ipynb", RIGHT)
    write(tmp_path / "class" / "bob-01.ipynb", WRONG)
    out = tmp_path / "results.csv"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None,
                                  scheduler_kwargs=NO_FIXED_PORT) as cluster:
        assert grade(tmp_path / "class", "--out", out, "--scheduler", cluster.scheduler_address,
                     solutions=solutions) == 0
    found = rows(out)
    assert {name: (row["points"], row["status"]) for name, row in found.items()} == {
        "ada": ("1", "graded"), "bob": ("0", "graded")}
    assert found["bob"]["message"] == "double(-3) is wrong"


@pytest.mark.skipif(os.geteuid() != 0, reason="only a grader running as root gives each sandbox a "
                                             "user of its own, who may be unable to read a folder")
def test_a_sandbox_whose_user_cannot_read_the_temporary_folder_is_refused_in_one_sentence(
        solutions, tmp_path, monkeypatch, capsys):
    """The grader says why it cannot grade, before grading anything: not one row per submission
    saying that grading failed unexpectedly."""
    skip_without_bwrap("the sandbox's refusal")
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    write(tmp_path / "class" / "ada-01.ipynb", RIGHT)
    out = tmp_path / "out" / "results.csv"
    monkeypatch.setenv("TMPDIR", str(private))
    monkeypatch.setattr(tempfile, "tempdir", None)          # read TMPDIR again
    assert main(["grade", "--solutions", str(solutions), str(tmp_path / "class"),
                 "--out", str(out)]) == 2
    said = capsys.readouterr()
    assert f"cannot read {private}" in said.out + said.err and not out.exists()
