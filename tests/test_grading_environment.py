"""What the grader's own environment lacks is never blamed on the learner, and the ``league``
extra is enough for a tournament of the strategy solutions.

- A learner's cell that fails to import a package **the exercise's own solution notebook imports
  too** (here a module that exists nowhere, standing for ipywidgets in a grader installed without
  the ``grading`` extra) gets the status "grader missing package" and a sentence that names the
  package and the extra - in ``results.csv``, the feedback and the table on screen - and
  ``--resume`` grades it again. A package only the learner wanted, or a name the kit does not
  have, stays the learner's ordinary "error".
- ``pip install 'ninetynine[league]'`` alone plays the reference solutions of 05 and 06 (whole
  notebooks, live tables included) without a forfeit (it forfeited every game for want of
  ipywidgets). The ``grading`` extra is proven in ``test_grading_solutions.py``.
"""
from __future__ import annotations

import csv
import re
import shutil
import subprocess

import nbformat

from machine import sandbox_flags
from ninetynine.grading.commands import main
from ninetynine.grading.runner import ERROR, MISSING
from test_grading_solutions import SOLUTIONS, extra_venv

ABSENT = "ninetynine_absent_package_for_tests"     # installed nowhere


def notebook(*cells):
    """A notebook of code cells; a cell given as (source, grade_id) is a check worth 1 point."""
    made = []
    for cell in cells:
        source, grade_id = cell if isinstance(cell, tuple) else (cell, None)
        made.append(nbformat.v4.new_code_cell(source))
        if grade_id:
            made[-1].metadata["nbgrader"] = {"grade": True, "grade_id": grade_id, "points": 1}
    return nbformat.v4.new_notebook(cells=made)


ANSWER = "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"
ANSWERED = "def double(x):\n    return 2 * x"
CHECK = ("assert double(2) == 4, 'double(2) should be 4'", "doubles")


def test_a_package_the_exercise_uses_that_the_grader_lacks_is_not_the_learners_error(
        tmp_path, monkeypatch, capsys):
    solutions, class_folder = tmp_path / "solutions", tmp_path / "class"
    solutions.mkdir()
    class_folder.mkdir()
    # The exercise ends with a try-it cell that imports a package, as 05-07 end with a live table.
    nbformat.write(notebook(ANSWER, CHECK, f"import {ABSENT}\n{ABSENT}.show(double)"),
                   solutions / "01-uses-a-package.ipynb")
    submissions = {
        "ada": notebook(ANSWERED, f"import {ABSENT}\n{ABSENT}.show(double)"),   # as the exercise
        "bob": notebook(ANSWERED, "import tensorflow_absent_for_tests"),      # his own choice
        "cat": notebook(ANSWERED, "from ninetynine.ui import Tabel"),         # a typo: hers
    }
    for student, submission in submissions.items():
        nbformat.write(submission, class_folder / f"{student}-01.ipynb")
    out = tmp_path / "results" / "results.csv"
    monkeypatch.setenv("COLUMNS", "400")            # the table on screen, one line per row
    command = ["grade", str(class_folder), "--solutions", str(solutions), "--out", str(out),
               "--jobs", "2", *sandbox_flags()]
    assert main(command) == 0
    screen = capsys.readouterr().out

    sentence = (f"The grader cannot run this notebook: it lacks the package {ABSENT}, which the "
                "exercise itself uses; the instructor should install 'ninetynine[grading]' and "
                "grade it again.")
    with out.open(encoding="utf-8") as file:
        rows = {row["student"]: row for row in csv.DictReader(file)}
    assert (rows["ada"]["status"], rows["ada"]["message"], rows["ada"]["passed"]) == (
        MISSING, sentence, "no")
    assert "top to bottom" not in rows["ada"]["message"]
    assert f"{MISSING}: {sentence}" in screen
    feedback = (out.parent / "feedback" / "ada.md").read_text(encoding="utf-8")
    assert sentence in re.sub(r"\\(.)", r"\1", feedback)     # as Markdown shows it (\_ is _)
    for student, words in (("bob", "No module named 'tensorflow_absent_for_tests'"),
                           ("cat", "cannot import name 'Tabel'")):
        assert rows[student]["status"] == ERROR, rows[student]
        assert words in rows[student]["message"], rows[student]
        assert rows[student]["message"].endswith("the notebook must run from top to bottom "
                                                 "without errors."), rows[student]

    # --resume keeps the learners' own errors, and grades again what the grader could not run.
    assert main([*command, "--resume"]) == 0
    screen = capsys.readouterr().out
    assert "Resuming: 2 of 3 submissions were graded before and are kept; 1 to grade." in screen
    assert f"{MISSING}: {sentence}" in screen


def test_the_league_extra_alone_plays_the_strategy_solutions_without_a_forfeit(tmp_path):
    with extra_venv("league") as bin_folder:
        bots = tmp_path / "bots"
        bots.mkdir()
        for student, exercise in (("ada", "05-beat-random"), ("bob", "06-beat-cautious")):
            shutil.copy(SOLUTIONS / f"{exercise}.ipynb", bots / f"{student}-{exercise}.ipynb")
        out = tmp_path / "tournament"
        playing = subprocess.run(
            [str(bin_folder / "ninetynine"), "tournament", str(bots), "--game", "quentin_c",
             "--games", "2", "--seed", "5", "--out", str(out), *sandbox_flags()],
            cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert playing.returncode == 0, playing.stdout + playing.stderr
        with (out / "games.csv").open(encoding="utf-8") as file:
            seats = list(csv.DictReader(file))
        assert {seat["bot"] for seat in seats} == {"ada", "bob"}
        assert [seat["reason"] for seat in seats if seat["forfeited"] != "no"] == []
