"""nbgrader itself takes the kit's solution notebooks - in the form ``for_nbgrader`` gives them.

In a temporary course folder: ``nbgrader generate_assignment`` on exercises 01, 03 and 13, then
``nbgrader autograde`` with each solution as a student's submission. nbgrader must release the
same code cells the kit's ``exercises build`` writes (stubs, visible checks, hidden tests left out),
and give the solutions full marks on every check, as ``ninetynine grade`` does. The raw solution
notebooks are refused by nbgrader's ``ClearSolutions`` step (the difference ``for_nbgrader`` fixes):
that is checked too, so that the instructors' guide stays true.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ninetynine.grading.nbgrader_export import for_nbgrader
from ninetynine.grading.notebooks import build_exercise, checks, dumps, read

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ["01-rs-games-rules", "03-no-safe-card", "13-tricks-trick-winner"]

# Found, not imported: importing nbgrader takes most of a second, in every worker that collects this.
if os.environ.get("CI") != "true" and importlib.util.find_spec("nbgrader") is None:
    pytest.skip("nbgrader is in the dev extra: pip install -e '.[dev]'", allow_module_level=True)

#: Nbgrader releases and grades the course: ``make test-all`` runs it (the ``slow`` mark, pyproject.toml).
pytestmark = pytest.mark.slow


def nbgrader(course: Path, *arguments: str) -> subprocess.CompletedProcess:
    """Run the nbgrader command in ``course`` (its database tool, alembic, found beside Python)."""
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run([sys.executable, "-m", "nbgrader", *arguments], cwd=course, env=environment,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    course = tmp_path_factory.mktemp("course")
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        "c.CourseDirectory.course_id = 'ninetynine'\n"
        # Kernels over Unix sockets, not TCP ports another worker could take (tests/conftest.py).
        f"c.KernelManager.transport = 'ipc'\nc.KernelManager.ip = {str(course / 'kernel')!r}\n",
        encoding="utf-8")
    source = course / "source" / "ps1"
    source.mkdir(parents=True)
    for name in EXERCISES:
        path = ROOT / "solutions" / f"{name}.ipynb"
        (source / path.name).write_text(dumps(for_nbgrader(read(path), name)), encoding="utf-8")
    return course


def test_nbgrader_refuses_the_raw_solution_notebooks_and_takes_them_for_nbgrader():
    """nbgrader's own preprocessor, the step of generate_assignment that refuses them."""
    from nbgrader.preprocessors import ClearSolutions
    raw = read(ROOT / "solutions" / "01-rs-games-rules.ipynb")
    resources = {"language": "python"}
    with pytest.raises(RuntimeError, match="Solution region detected in a non-solution cell"):
        ClearSolutions().preprocess(raw, dict(resources))
    ClearSolutions().preprocess(for_nbgrader(raw, "01-rs-games-rules"), dict(resources))


def test_nbgrader_releases_the_kit_s_exercises_and_gives_solutions_full_marks(course):
    run = nbgrader(course, "generate_assignment", "ps1", "--force")
    assert run.returncode == 0, run.stdout + run.stderr
    for name in EXERCISES:
        released = read(course / "release" / "ps1" / f"{name}.ipynb")
        ours = build_exercise(read(ROOT / "solutions" / f"{name}.ipynb"), name)
        assert ([c.source for c in released.cells if c.cell_type == "code"]
                == [c.source for c in ours.cells if c.cell_type == "code"]), name
    submitted = course / "submitted" / "ada" / "ps1"
    shutil.copytree(course / "source" / "ps1", submitted)
    run = nbgrader(course, "autograde", "ps1", "--force")
    assert run.returncode == 0, run.stdout + run.stderr
    assert gradebook_scores(course, "ada") == full_marks()


def gradebook_scores(course, student: str) -> dict:
    """What nbgrader's gradebook gave ``student`` for ps1: notebook -> check -> points."""
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        return {notebook.name: {grade.name: grade.score for grade in notebook.grades}
                for notebook in gradebook.find_submission("ps1", student).notebooks}


def full_marks() -> dict:
    """Every check of every exercise of ps1 with all its points."""
    return {name: {check.grade_id: check.points
                   for check in checks(read(ROOT / "solutions" / f"{name}.ipynb"))}
            for name in EXERCISES}


#: One line in a learner's cell: IPython runs every later cell through it, and it leaves nothing.
#: nbgrader gives a check cell its points when it shows no error, so every check passes.
EMPTIES_THE_CHECKS = "get_ipython().input_transformers_post.append(lambda lines: [])"


def test_a_cell_that_empties_the_checks_gets_full_marks_from_nbgrader_and_nothing_from_the_grader(
        course):
    """Why the instructors' guide calls no exercise safe to grade with nbgrader: its check cells
    run in the learner's own kernel, after the learner's cells, which can change how a cell
    runs. The exercises as released (stubs, nothing written) with that one line get every
    point; graded by ``ninetynine grade``, where the checks run in the grader, nothing."""
    import nbformat

    from ninetynine.grading.runner import grade_submission
    from ninetynine.grading.sandbox import available
    run = nbgrader(course, "generate_assignment", "ps1", "--force")
    assert run.returncode == 0, run.stdout + run.stderr
    submitted = course / "submitted" / "mallory" / "ps1"
    submitted.mkdir(parents=True)
    for name in EXERCISES:
        notebook = read(course / "release" / "ps1" / f"{name}.ipynb")
        notebook.cells.insert(1, nbformat.v4.new_code_cell(EMPTIES_THE_CHECKS))
        nbformat.write(notebook, submitted / f"{name}.ipynb")
    run = nbgrader(course, "autograde", "ps1", "--student", "mallory", "--force")
    assert run.returncode == 0, run.stdout + run.stderr
    assert gradebook_scores(course, "mallory") == full_marks()
    name = EXERCISES[0]
    result = grade_submission(submitted / f"{name}.ipynb", ROOT / "solutions" / f"{name}.ipynb",
                              "mallory", 30, sandbox=available())
    assert result.score == 0 and "get_ipython" in result.message, result
