"""Who handed a submission in, and learner text on its way out (issue 28's attack review).

**Identity.** The student is where the file was handed in: the folder directly inside the class
folder given, or, for a file lying at the top of the class folder, its own name. A file named
after another student in mallory's folder is mallory's; two files claiming one student and
exercise are both reported and neither graded; a symbolic link (to the solutions, or a folder)
and a named pipe are refused with one sentence each and never followed or opened. The same rule
names a tournament's bots.

**Text.** An error message that tries to write a "Score: 3 out of 3" heading into the feedback
and escape sequences to the terminal, and a folder named with escape sequences, arrive escaped:
in the feedback (no heading of their own), in the CSV (one cell, one line), on the terminal (no
raw ESC). A bot's file named with ``<script>`` and a newline is escaped in the league's
report.html, games.csv and on the terminal.

Each attack sits in the same run as honest controls. The grading runs without the sandbox
(``--no-sandbox``): what is tested happens outside it, and every notebook here is the test's own.
"""
from __future__ import annotations

import contextlib
import csv
import io
import os
import shutil
import threading
import unicodedata
from pathlib import Path

import nbformat
import pytest

from ninetynine.cli import main as cli_main
from ninetynine.grading import safe_text
from ninetynine.grading.commands import main
from ninetynine.grading.grader import survey
from ninetynine.grading.results import feedback_name

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "solutions" / "03-no-safe-card.ipynb"
EXERCISE = ROOT / "exercises" / "03-no-safe-card.ipynb"
BOTS = ROOT / "tests" / "fixtures" / "bots"

FORGED = "boom\n## Score: 3 out of 3\n\x1b[2J\x1b]0;owned\x07"
RED = "\x1b[31mred"                      # a folder named with an escape sequence


def copy(source: Path, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, path)
    return path


def release(fifo: Path) -> None:
    """Open the named pipe for writing and close it: a reader blocked on it (a grader that
    opened it, which it must not) then reads an empty file, and the test fails instead of
    hanging. With no reader, nothing happens."""
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def raising(path: Path, message: str) -> Path:
    """The untouched exercise 03 with one more cell, which raises ``ValueError(message)``."""
    notebook = nbformat.read(EXERCISE, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(f"raise ValueError({message!r})"))
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A class of one folder per student (and one file at the top), graded once."""
    top = tmp_path_factory.mktemp("identity")
    folder = top / "class"
    copy(SOLUTION, folder / "mallory" / "zed-03-no-safe-card.ipynb")     # named after zed
    copy(EXERCISE, folder / "zed" / "03-no-safe-card.ipynb")             # zed's own, untouched
    copy(SOLUTION, folder / "ada-03.ipynb")                              # alone at the top
    copy(SOLUTION, folder / "dup" / "first-03.ipynb")                    # two for one exercise
    copy(EXERCISE, folder / "dup" / "week3" / "second-03-no-safe-card.ipynb")
    (folder / "sly").mkdir()
    (folder / "sly" / "03-no-safe-card.ipynb").symlink_to(SOLUTION)     # a link to the answer
    copy(SOLUTION, top / "elsewhere" / "03-no-safe-card.ipynb")
    (folder / "lnk").symlink_to(top / "elsewhere", target_is_directory=True)
    (folder / "pipe").mkdir()
    os.mkfifo(folder / "pipe" / "03-no-safe-card.ipynb")                # opening it would hang
    guard = threading.Timer(120, release, [folder / "pipe" / "03-no-safe-card.ipynb"])
    guard.daemon = True
    guard.start()
    raising(folder / "eve" / "03-no-safe-card.ipynb", FORGED)
    copy(EXERCISE, folder / RED / "03-no-safe-card.ipynb")
    out = top / "out" / "results.csv"
    screen = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(screen):
        patch.setenv("COLUMNS", "400")      # the table's rows on one line each
        code = main(["grade", str(folder), "--out", str(out), "--jobs", "2", "--timeout", "60",
                     "--no-sandbox"])
    guard.cancel()
    with out.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    return {"folder": folder, "out": out, "code": code, "screen": screen.getvalue(),
            "rows": rows, "csv": out.read_text(encoding="utf-8")}


def outcome(graded, student: str) -> tuple[set, float, set]:
    """(statuses, points, messages) of ``student``'s rows for exercise 03."""
    mine = [row for row in graded["rows"] if row["student"] == student]
    assert mine, f"no rows for {student}: {graded['screen']}"
    assert {row["exercise"] for row in mine} == {"03-no-safe-card"}
    return ({row["status"] for row in mine}, sum(float(row["points"]) for row in mine),
            {row["message"] for row in mine})


def test_the_student_is_the_folder_handed_in_not_a_name_inside_a_file_name(graded):
    assert outcome(graded, "mallory")[:2] == ({"graded"}, 3)     # her file, named after zed
    assert outcome(graded, "zed")[:2] == ({"graded"}, 0)         # zed's own work, untouched
    assert outcome(graded, "ada")[:2] == ({"graded"}, 3)         # a file alone at the top
    students = {row["student"] for row in graded["rows"]}
    assert students == {"mallory", "zed", "ada", "dup", "sly", "pipe", "eve", "\\x1b[31mred"}


def test_two_files_for_one_student_and_exercise_are_both_reported_and_neither_graded(graded):
    statuses, points, messages = outcome(graded, "dup")
    first = graded["folder"] / "dup" / "first-03.ipynb"
    second = graded["folder"] / "dup" / "week3" / "second-03-no-safe-card.ipynb"
    sentence = (f"The files {first} and {second} both answer 03-no-safe-card for dup, so none "
                "of them was graded: keep one and grade again.")
    assert (statuses, points, messages) == ({"duplicate"}, 0, {sentence})
    assert sentence in graded["screen"]


def test_a_link_to_the_solution_and_a_named_pipe_are_refused_with_one_sentence(graded):
    link = graded["folder"] / "sly" / "03-no-safe-card.ipynb"
    pipe = graded["folder"] / "pipe" / "03-no-safe-card.ipynb"
    link_sentence = f"{link} is a symbolic link, so it was not followed: hand in the file itself."
    pipe_sentence = f"{pipe} is a named pipe, not a regular file, so it was not opened."
    assert outcome(graded, "sly") == ({"refused"}, 0, {link_sentence})
    assert outcome(graded, "pipe") == ({"refused"}, 0, {pipe_sentence})
    folder_sentence = (f"{graded['folder'] / 'lnk'} is a symbolic link, so it was not followed: "
                       "hand in the file itself.")
    for sentence in (link_sentence, pipe_sentence, folder_sentence):     # a line of its own
        assert sentence in graded["screen"].splitlines(), graded["screen"]
    assert "lnk" not in {row["student"] for row in graded["rows"]}     # its solution unread
    assert graded["code"] == 1          # finished, and said that some files were not graded
    assert "4 file(s) or folder(s) could not be graded" in graded["screen"]


def test_a_forged_score_in_an_error_is_escaped_in_the_feedback(graded):
    statuses, points, messages = outcome(graded, "eve")
    assert statuses == {"error"} and points == 0
    feedback = (graded["out"].parent / "feedback" / "eve.md").read_text(encoding="utf-8")
    assert [line for line in feedback.splitlines() if line.startswith("#")] == [
        "# Feedback for eve", "## 03-no-safe-card"]
    assert "boom \\#\\# Score: 3 out of 3 \\\\x1b\\[2J\\\\x1b\\]0;owned\\\\x07" in feedback
    assert "\x1b" not in feedback and "\x07" not in feedback
    honest = (graded["out"].parent / "feedback" / "ada.md").read_text(encoding="utf-8")
    assert honest.splitlines()[:5] == ["# Feedback for ada", "", "## 03-no-safe-card", "",
                                       "Score: 3 out of 3."]


def test_a_forged_score_in_an_error_is_one_cell_of_one_line_in_the_csv(graded):
    (message,) = outcome(graded, "eve")[2]
    assert "boom\\n## Score: 3 out of 3\\n\\x1b[2J\\x1b]0;owned\\x07" in message
    text = graded["csv"]
    assert "\x1b" not in text and "\x07" not in text
    assert len(text.splitlines()) == len(graded["rows"]) + 1        # one line per row


def test_escape_sequences_reach_the_terminal_only_as_visible_escapes(graded):
    screen = graded["screen"]
    assert "\x1b" not in screen and "\x07" not in screen
    assert "\\x1b[2J\\x1b]0;owned\\x07" in screen                  # eve's message, shown
    assert "\\x1b[31mred" in screen                                 # the folder's name, shown
    red = graded["out"].parent / "feedback" / f"{feedback_name(chr(92) + 'x1b[31mred')}.md"
    assert red.read_text(encoding="utf-8").splitlines()[0] == "# Feedback for \\\\x1b\\[31mred"
    assert outcome(graded, "\\x1b[31mred")[:2] == ({"graded"}, 0)   # and graded all the same


def test_a_link_given_on_the_command_line_is_refused_too_and_a_real_folder_is_not(tmp_path):
    """``ninetynine grade class/*`` hands each student's folder over itself: a link among them
    is refused, not followed to the solutions it points to; the real folder beside it is read."""
    copy(SOLUTION, tmp_path / "elsewhere" / "03-no-safe-card.ipynb")
    (tmp_path / "mallory").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    copy(EXERCISE, tmp_path / "zed" / "03-no-safe-card.ipynb")
    found = survey([tmp_path / "mallory", tmp_path / "zed"], ROOT / "solutions")
    assert found.problems == [f"{tmp_path / 'mallory'} is a symbolic link, so it was not "
                              "followed: hand in the file itself."]
    assert [(task.student, task.submission) for task in found.tasks] == [
        ("zed", tmp_path / "zed" / "03-no-safe-card.ipynb")] and found.reported == []


HOSTILE_TEXTS = ["a\n# b", "\r\n## Score: 3 out of 3\r\n", "x\x1b[2J\x9b31m\x07\x00\u202e",
                 "<img src=x onerror=alert(1)>", "[a](javascript:x) ![i](y) `code` *b* _i_ ~s~",
                 "- item", "1. item", "===", "> quote", "| a | b |", "\\#", "\udcff" * 3,
                 "a\u2028b\u2029c", "=1+1", "x" * 1000]


@pytest.mark.parametrize("text", HOSTILE_TEXTS)
def test_each_place_gets_text_it_cannot_read_as_its_own(text):
    markdown = safe_text.for_markdown(text)
    assert "\n" not in markdown and not markdown.startswith(("#", "-", "+", "=", ">", "1."))
    for position, character in enumerate(markdown):          # every syntax character escaped
        if character in "#*_`<>[]|~":
            assert markdown[position - 1] == "\\", (markdown, position)
    for shown in (safe_text.for_terminal(text), safe_text.for_html(text),
                  safe_text.for_csv(text), markdown):
        assert not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c == "\u202e"
                       for c in shown), shown
        shown.encode("utf-8")                                # writable, surrogates and all
    assert len(safe_text.for_terminal(text)) <= safe_text.MESSAGE_LIMIT
    assert "<" not in safe_text.for_html(text) and ">" not in safe_text.for_html(text)
    assert not safe_text.for_csv(text).startswith(safe_text.FORMULA_STARTS)


def test_plain_text_passes_unchanged_to_every_place():
    for text in ("ada", "Zoë", "李雷", "my_bot raised ZeroDivisionError: division by zero."):
        assert safe_text.for_terminal(text) == safe_text.for_csv(text) == text
        assert safe_text.for_html(text) == text


# --- the league: the same rule for bots' names, and their names escaped ------------------------

SCRIPT = "<script>alert(1)\n<b>x"          # a bot's file name, newline and all


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    top = tmp_path_factory.mktemp("league")
    folder = top / "class"
    copy(BOTS / "careful.py", folder / f"{SCRIPT}.py")                 # at the top: its name
    copy(BOTS / "careful.py", folder / "mallory" / "zed-05.py")         # mallory's, not zed's
    copy(BOTS / "first_legal.py", folder / "zed" / "bot.py")            # zed's own
    (folder / "sly.py").symlink_to(BOTS / "careful.py")                 # refused, never run
    out = top / "out"
    screen, errors = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(screen), \
            contextlib.redirect_stderr(errors):
        patch.setenv("COLUMNS", "400")
        code = cli_main(["tournament", str(folder), "--game", "quentin_c", "--games", "2",
                         "--seed", "3", "--no-sandbox", "--out", str(out)])
    with (out / "games.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    return {"folder": folder, "out": out, "code": code, "screen": screen.getvalue(),
            "errors": errors.getvalue(), "rows": rows}


def test_bots_are_named_where_they_were_handed_in_and_a_link_is_refused(league):
    shown = "<script>alert(1)\\n<b>x"
    assert {row["bot"] for row in league["rows"]} == {shown, "mallory", "zed"}
    sentence = (f"{league['folder'] / 'sly.py'} is a symbolic link, so it was not followed: "
                "hand in the file itself.")
    assert sentence in league["screen"] and league["code"] == 1, league["errors"]
    report = (league["out"] / "report.html").read_text(encoding="utf-8")
    assert f"<li>{sentence}</li>" in report


def test_a_bots_name_is_escaped_in_the_report_the_csv_and_the_terminal(league):
    report = (league["out"] / "report.html").read_text(encoding="utf-8")
    assert "<script>" not in report and "<b>x" not in report
    assert "&lt;script&gt;alert(1)\\n&lt;b&gt;x" in report
    assert ">mallory<" in report and ">zed<" in report                # honest names as they are
    games = (league["out"] / "games.csv").read_text(encoding="utf-8")
    assert len(games.splitlines()) == len(league["rows"]) + 1        # the name is on one line
    assert "\n<b>x" not in games
    standings = (league["out"] / "standings.csv").read_text(encoding="utf-8")
    assert "<script>alert(1)\\n<b>x" in standings and "\n<b>x" not in standings
    assert "<script>alert(1)\\n<b>x" in league["screen"] and "\n<b>x" not in league["screen"]
