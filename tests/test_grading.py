"""The grader: exercise building, naming, tamper detection, and a whole fixture class graded.

The fixture class (tests/fixtures/class) holds: ada (solutions of exercises 3 and 8, in her own
folder), bob (the untouched exercise 3), and one submission of exercise 3 for each misbehaviour:
carl loops forever (asleep: the hostile class has the busy loop), dora raises, eve calls
sys.exit, fay kills her kernel, gus prints megabytes, hal changes the RS Games rules in his
kernel, ivy deletes the checks and answers "always True", kim answers only the visible examples
and hides the built-ins range, all and any behind her own (vacuous) versions, lee replaces a
built-in in Python itself.
"""
from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import nbformat
import pytest

from machine import sandboxed, skip_without_bwrap
import ninetynine.counting.rules as rules
from ninetynine.grading import integrity
from ninetynine.grading.commands import main
from ninetynine.grading.grader import find_tasks, student_name
from ninetynine.grading.notebooks import NotebookFormatError, build_exercise

ROOT = Path(__file__).resolve().parents[1]
CLASS = ROOT / "tests" / "fixtures" / "class"


def notebook(*sources, check_id=None):
    cells = [nbformat.v4.new_code_cell(s) for s in sources]
    if check_id:
        cells[-1].metadata["nbgrader"] = {"grade": True, "grade_id": check_id, "points": 1}
    return nbformat.v4.new_notebook(cells=cells)


def test_build_replaces_solutions_removes_hidden_checks_and_outputs():
    source = notebook("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION",
                      "assert f() == 1, 'f'\n### BEGIN HIDDEN TESTS\nassert f() > 0\n### END HIDDEN TESTS",
                      check_id="f-works")
    source.cells[0].outputs = [nbformat.v4.new_output("stream", text="x")]
    exercise = build_exercise(source)
    assert exercise.cells[0].source == "def f():\n    # YOUR CODE HERE\n    raise NotImplementedError()"
    assert exercise.cells[1].source == "assert f() == 1, 'f'"
    assert exercise.cells[0].outputs == []
    assert exercise.cells[1].metadata["nbgrader"]["grade_id"] == "f-works"


@pytest.mark.parametrize("sources, check_id, words", [
    (["### BEGIN SOLUTION\nx = 1"], None, "never closes"),
    (["x = 1\n### END SOLUTION"], None, "without"),
    (["assert True"], "bad id!", "grade_id"),
])
def test_build_refuses_wrong_marks_in_one_sentence(sources, check_id, words):
    with pytest.raises(NotebookFormatError, match=words):
        build_exercise(notebook(*sources, check_id=check_id))


def test_student_names_come_from_file_names_or_folders(tmp_path):
    exercise = Path("03-no-safe-card.ipynb")
    assert student_name(Path("ada/03-no-safe-card.ipynb"), exercise) == "ada"
    assert student_name(Path("x/bob_03-no-safe-card.ipynb"), exercise) == "bob"
    assert student_name(Path("x/carl-03.ipynb"), exercise) == "carl"


def test_find_tasks_names_exercises_and_refuses_unknown_ones(tmp_path):
    tasks, problems = find_tasks([CLASS / "ada"], ROOT / "solutions")
    assert problems == []
    assert [(t.student, t.source.stem) for t in tasks] == [
        ("ada", "03-no-safe-card"), ("ada", "08-tournament-stats")]
    with pytest.raises(ValueError, match="no exercise called"):
        find_tasks([CLASS / "ada"], ROOT / "solutions", exercise="99")


def test_fingerprint_notices_a_patched_function_and_a_changed_table(monkeypatch):
    names = ["ninetynine.counting.rules"]
    clean = integrity.fingerprint(names)
    monkeypatch.setattr(rules, "bust_costs_one", lambda old, new: ())
    assert integrity.differences(integrity.fingerprint(names), clean) == names
    monkeypatch.undo()
    monkeypatch.setitem(rules.RS_GAMES.effects, "9", rules.Effect((0,)))
    assert integrity.differences(integrity.fingerprint(names), clean) == names
    monkeypatch.undo()
    assert integrity.differences(integrity.fingerprint(names), clean) == []


def test_fingerprint_ignores_caches_the_kit_fills_in_play_but_not_changed_methods(monkeypatch):
    """Playing against cautious_bot fills ``Reader._cache``: that is not tampering (exercise 06)."""
    import ninetynine as nn
    from ninetynine.bots import cautious_bot, reading
    names = ["ninetynine.counting.reading"]
    monkeypatch.setattr(reading.Reader, "_cache", {})
    clean = integrity.fingerprint(names)
    state = nn.make("quentin_c", players=2).new_game(seed=1)
    state.play(cautious_bot(state.view(state.to_move)))
    assert reading.Reader._cache, "the bot should have filled the cache"
    assert integrity.differences(integrity.fingerprint(names), clean) == []
    monkeypatch.setattr(reading.Reader, "outcomes", lambda self, group, count: ())
    assert integrity.differences(integrity.fingerprint(names), clean) == names


def test_a_check_out_of_time_is_reported_as_out_of_time_and_earlier_checks_keep_points(tmp_path):
    """A slow answer is "out of time", never "package changed"; the check before it still counts."""
    from ninetynine.grading.runner import TIMEOUT, grade_submission
    source = notebook("def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION",
                      "assert f(1) == 1, 'f(1) is wrong'",
                      "assert MODE == '1', 'not graded'",
                      "assert f(2) == 2, 'f(2) is wrong'")
    for index, grade_id in [(1, "quick"), (2, "grading-mode"), (3, "slow")]:
        source.cells[index].metadata["nbgrader"] = {"grade": True, "grade_id": grade_id, "points": 1}
    nbformat.write(source, tmp_path / "01-slow.ipynb")
    submission = notebook("import os, time\nMODE = os.environ.get('NINETYNINE_GRADING')\n"
                          "def f(x):\n    if x == 2:\n        time.sleep(120)\n    return x")
    nbformat.write(submission, tmp_path / "zed.ipynb")
    result = grade_submission(tmp_path / "zed.ipynb", tmp_path / "01-slow.ipynb", "zed", timeout=2,
                              sandbox=sandboxed())
    assert result.status == TIMEOUT, result
    assert [(c.grade_id, c.passed) for c in result.checks] == [
        ("quick", True), ("grading-mode", True), ("slow", False)]
    assert "did not finish within 2 seconds" in result.checks[2].message
    assert "NINETYNINE_GRADING" not in os.environ, "grading mode must stay in the learner's process"
    assert "slow" in result.message and "package" not in result.message


def test_every_call_of_a_check_crosses_when_it_is_made(tmp_path):
    """Nothing runs in the learner's process ahead of a check (no rehearsal): the check's calls
    of the learner's code are made one by one, as the check makes them, so a function that
    counts its calls answers 1, then 2 - and the check is graded like any other."""
    from ninetynine.grading.runner import GRADED, grade_submission
    source = notebook("def tick():\n    ### BEGIN SOLUTION\n    global N\n    N = N + 1\n"
                      "    return N\n    ### END SOLUTION",
                      "assert [tick(), tick()] == [1, 2], 'tick counts wrong'")
    source.cells[1].metadata["nbgrader"] = {"grade": True, "grade_id": "counts", "points": 1}
    nbformat.write(source, tmp_path / "01-tick.ipynb")
    nbformat.write(notebook("N = 0\ndef tick():\n    global N\n    N += 1\n    return N"),
                   tmp_path / "ann.ipynb")
    result = grade_submission(tmp_path / "ann.ipynb", tmp_path / "01-tick.ipynb", "ann", timeout=20,
                              sandbox=sandboxed())
    assert result.status == GRADED and [(c.grade_id, c.passed) for c in result.checks] == [
        ("counts", True)], result


def test_fingerprint_notices_a_replaced_built_in(monkeypatch):
    import builtins
    clean = integrity.fingerprint(["builtins"])
    assert "builtins" in integrity.fingerprint()
    for name, fake in [("abs", lambda number: 0), ("range", len), ("ValueError", KeyError)]:
        monkeypatch.setattr(builtins, name, fake)
        assert integrity.differences(integrity.fingerprint(["builtins"]), clean) == ["builtins"]
        monkeypatch.undo()
    monkeypatch.setattr(builtins, "input", lambda prompt="": "")     # Jupyter replaces input itself
    assert integrity.differences(integrity.fingerprint(["builtins"]), clean) == []


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Grade the fixture class once, through the command line, two submissions at a time.

    The time limit must hold ada's answer to 03 on a slow, busy machine: its check asks about
    27,000 hands, in a few messages (``checking.answers``), about 1 s on a quiet machine. carl's endless loop runs for the whole limit,
    asleep, so that it leaves the processor to the rest of the suite."""
    skip_without_bwrap("the fixture class")
    out = tmp_path_factory.mktemp("grading") / "results.csv"
    code = main(["grade", str(CLASS), "--out", str(out), "--jobs", "2", "--timeout", "15"])
    assert code == 0
    with out.open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    return out.parent, rows


def outcome(rows, student, exercise="03-no-safe-card"):
    mine = [r for r in rows if r["student"] == student and r["exercise"] == exercise]
    assert mine, f"no rows for {student}"
    return {r["status"] for r in mine}, sum(float(r["points"]) for r in mine), mine


@pytest.mark.parametrize("student, status, score", [
    ("ada", "graded", 3),            # the solution passes every check
    ("bob", "graded", 0),            # the untouched exercise passes none
    ("ivy", "graded", 0),            # deleting the checks gains nothing: they come from the source
    ("carl-loops", "out of time", 0),
    ("dora-raises", "error", 0),
    ("eve-exits", "error", 0),
    ("fay-kills", "kernel stopped", 0),
    ("gus-prints", "too much output", 0),
    ("hal-tampers", "package changed", 0),
    ("kim-shadows", "graded", 1),    # her own range/all/any do not reach the checks
    ("lee-builtins", "package changed", 0),
])
def test_each_submission_gets_the_expected_row(graded, student, status, score):
    _, rows = graded
    statuses, points, _ = outcome(rows, student)
    assert statuses == {status} and points == score, rows


def test_every_other_exercise_is_graded_too(graded):
    _, rows = graded
    assert outcome(rows, "ada", "08-tournament-stats")[:2] == ({"graded"}, 3)


def test_failing_rows_say_why_without_the_answer(graded):
    _, rows = graded
    _, _, bob = outcome(rows, "bob")
    # the sentence bob's notebook shows for the stub (ninetynine.exercise.unwritten)
    assert all(r["message"] == "`has_safe_card` is not written yet: replace `raise "
               "NotImplementedError()` in its cell with your code." for r in bob)
    _, _, ivy = outcome(rows, "ivy")
    assert any("wrong" in r["message"] or "over 99" in r["message"] for r in ivy)
    _, _, hal = outcome(rows, "hal-tampers")
    assert all("changed the ninetynine package" in r["message"] for r in hal)
    _, _, kim = outcome(rows, "kim-shadows")
    assert [r["passed"] for r in kim] == ["yes", "no"] and "is wrong" in kim[1]["message"]
    _, _, lee = outcome(rows, "lee-builtins")
    assert all("replaced some of Python's built-in functions" in r["message"] for r in lee)


def test_one_feedback_file_per_student_names_the_failed_checks(graded):
    folder, _ = graded
    files = sorted(p.stem for p in (folder / "feedback").glob("*.md"))
    assert files == ["ada", "bob", "carl-loops", "dora-raises", "eve-exits", "fay-kills",
                     "gus-prints", "hal-tampers", "ivy", "kim-shadows", "lee-builtins"]
    bob = (folder / "feedback" / "bob.md").read_text(encoding="utf-8")
    assert "Score: 0 out of 3." in bob and "Check safe-examples failed" in bob
    ada = (folder / "feedback" / "ada.md").read_text(encoding="utf-8")
    assert "03-no-safe-card" in ada and "08-tournament-stats" in ada and "failed" not in ada
    assert ada.count("All 2 checks pass.") == 2
    assert "`has_safe_card` is not written yet" in re.sub(r"\\(.)", r"\1", bob)   # as shown
