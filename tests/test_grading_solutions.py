"""Every reference solution gets full marks from ``ninetynine grade``, as an instructor runs it:
installed with only the extra the docs name, ``pip install 'ninetynine[grading]'``.

The grading runs with the ``ninetynine`` command of a fresh venv that holds the kit (editable,
from this repository) with the ``grading`` extra and nothing else, so it also proves that the
extra installs everything the solutions import, live tables and all (without ipywidgets the
reference solution of 05 scored 0 of 5, as "the notebook must run from top to bottom"). uv
makes that venv in seconds from its cache (``make test`` filled it); without uv the test is
skipped, saying so, except on CI, where it must run.

The grader runs with its default time limit, two submissions at a time, while the rest of the
test suite keeps the other core busy: an honest answer must never be marked down (or called a
cheat) because the machine was busy. The inverse - each untouched exercise fails every check -
is in ``test_exercises.py``; plausible wrong answers are in ``test_exercise_mutants.py``.
Without bubblewrap it grades with ``--no-sandbox`` (the solutions are the kit's own code), except
on CI, where bubblewrap must be there.
"""
from __future__ import annotations

import contextlib
import csv
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from machine import required, sandbox_flags
from ninetynine.grading.notebooks import checks, read, solution_paths

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"

#: Every solution graded in sandboxes takes about three minutes: ``make test-all`` runs it.
pytestmark = pytest.mark.slow


@contextlib.contextmanager
def extra_venv(extra: str):
    """A fresh venv holding the kit (editable) with only ``extra``, for the ``with`` block: its
    ``bin`` folder. Made with uv (``uv venv``, ``uv pip install --compile-bytecode -e
    '.[extra]'``) in a folder of its own that others may read (the sandbox's user must read its
    Python and packages: pytest's ``tmp_path`` is private to root), removed afterwards. Without
    uv, the calling test is skipped (on CI it fails: ``machine.required``)."""
    uv = shutil.which("uv")
    if uv is None:
        required(f"uv is not installed, so no fresh venv with only the '{extra}' extra can be made "
                 "to prove that the extra is enough: pip install uv")
    folder = Path(tempfile.mkdtemp(prefix=f"ninetynine-{extra}-venv-"))
    try:
        folder.chmod(0o755)
        venv = folder / "venv"
        env = {key: value for key, value in os.environ.items()
               if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
        for command in ([uv, "venv", "-q", "--python", sys.executable, str(venv)],
                        [uv, "pip", "install", "-q", "--compile-bytecode", "--python",
                         str(venv / "bin" / "python"), "-e", f"{ROOT}[{extra}]"]):
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}"
        yield venv / "bin"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_every_reference_solution_gets_full_marks_with_only_the_grading_extra(tmp_path):
    with extra_venv("grading") as bin_folder:
        # Only the grading extra: nothing of the notebook or dev extras, and the kit is this one.
        probe = subprocess.run(
            [str(bin_folder / "python"), "-c", "import importlib.util as u, ninetynine; "
             "print(ninetynine.__file__); print([m for m in ('jupyterlab', 'pytest', 'hypothesis', "
             "'pygal', 'numpy') if u.find_spec(m)])"], capture_output=True, text=True, timeout=120)
        assert probe.stdout.splitlines() == [str(ROOT / "ninetynine" / "__init__.py"), "[]"], probe

        out = tmp_path / "results.csv"
        grading = subprocess.run(
            [str(bin_folder / "ninetynine"), "grade", str(SOLUTIONS), "--solutions", str(SOLUTIONS),
             "--out", str(out), "--jobs", "2", *sandbox_flags()],
            cwd=tmp_path, capture_output=True, text=True, timeout=1200,
            env={**os.environ, "COLUMNS": "200"})
        assert grading.returncode == 0, grading.stdout + grading.stderr
        with out.open(encoding="utf-8") as file:
            rows = list(csv.DictReader(file))
        expected = {(path.stem, check.grade_id) for path in solution_paths(SOLUTIONS)
                    for check in checks(read(path))}
        assert {(row["exercise"], row["check"]) for row in rows} == expected
        failed = [f"{row['exercise']} {row['check']}: {row['status']}: {row['message']}"
                  for row in rows if row["passed"] != "yes" or row["status"] != "graded"]
        assert not failed, "reference solutions lost points:\n" + "\n".join(failed)
