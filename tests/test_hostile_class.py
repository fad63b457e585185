"""A class of hostile submissions, graded as an instructor would: every cheat fails, nothing leaks.

``tests/fixtures/hostile/`` (built by its ``build.py``) holds small sources based on exercises
01, 05 and 13 and one submission per known cheat, each on top of a wrong or unfinished answer,
plus honest submissions. The class is graded once, through the command line, two at a time, in
the sandbox. Then: each cheat gets the row its honest answer deserves (a failing one) with the
status that says what happened; each honest student gets their true score; the results hold
exactly the class's rows; no file outside the grader's output changed (the class, the sources,
the kit's grading code, its solutions and a bait folder are hashed before and after); no process
is left.
"""
from __future__ import annotations

import csv
import hashlib
import shutil
import time
from pathlib import Path

import pytest

from machine import skip_without_bwrap
from ninetynine.grading.commands import main

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
TIMEOUT = 10

skip_without_bwrap("the hostile class")

#: student -> (exercise, status, score): what each submission must get
EXPECTED = {
    "ann": ("01-rs-games-rules", "graded", 3),
    "ben": ("05-beat-random", "graded", 5),
    "cat": ("13-tricks-trick-winner", "graded", 3),
    "dan-wrong": ("13-tricks-trick-winner", "graded", 0),
    "eve-swaps-module": ("13-tricks-trick-winner", "graded", 0),
    "fay-sets-attribute": ("01-rs-games-rules", "package changed", 0),
    "gil-patches-random": ("05-beat-random", "graded", 0),
    "hal-always-equal": ("13-tricks-trick-winner", "graded", 0),
    "ida-edits-checking": ("05-beat-random", "graded", 0),
    "jon-forges-stdout": ("01-rs-games-rules", "graded", 0),
    "kay-keeps-stdout": ("13-tricks-trick-winner", "graded", 0),
    "lou-overwrites-classmates": ("01-rs-games-rules", "graded", 0),
    "max-rewrites-results": ("01-rs-games-rules", "graded", 0),
    "ned-deletes-everything": ("01-rs-games-rules", "graded", 0),
    "oli-leaves-a-process": ("01-rs-games-rules", "graded", 0),
    "pam-uses-memory": ("01-rs-games-rules", "error", 0),
    "quin-kills-the-grader": ("01-rs-games-rules", "kernel stopped", 0),
    "ray-loops": ("01-rs-games-rules", "out of time", 0),
    "sam-exits": ("01-rs-games-rules", "error", 0),
    "tom-ends-the-process": ("01-rs-games-rules", "kernel stopped", 0),
    "uma-prints-50-mb": ("01-rs-games-rules", "too much output", 0),
}
#: marks in the command lines of the processes two cheats leave behind
LEFT_BEHIND = ("oli-30072", "time.sleep(301)")

#: A whole hostile class graded in sandboxes: ``make test-all`` runs it (the ``slow`` mark, pyproject.toml).
pytestmark = pytest.mark.slow


def tree(*folders: Path) -> dict[str, str]:
    """Every file under ``folders`` with the digest of its bytes."""
    files = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                files[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def left_behind() -> list[str]:
    """Command lines of running processes that a cheat started."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if any(mark in line for mark in LEFT_BEHIND):
            found.append(line)
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    klass = base / "class"
    shutil.copytree(HOSTILE / "class", klass)
    bait = base / "bait"
    bait.mkdir()
    (bait / "keep.txt").write_text("a file the instructor can reach", encoding="utf-8")
    out = base / "out" / "results.csv"
    # the kit's grading code (a cheat edits checking.py) and solutions; not all of ninetynine/,
    # which other work may change while the class is graded
    watched = [klass, HOSTILE / "sources", ROOT / "ninetynine" / "grading", ROOT / "solutions", bait]
    before = tree(*watched)
    started = time.monotonic()
    code = main(["grade", str(klass), "--solutions", str(HOSTILE / "sources"), "--out", str(out),
                 "--jobs", "2", "--timeout", str(TIMEOUT)])
    seconds = time.monotonic() - started
    time.sleep(0.5)
    with out.open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    return {"code": code, "rows": rows, "before": before, "after": tree(*watched),
            "left": left_behind(), "seconds": seconds, "out": out.parent}


def outcome(rows, student):
    mine = [row for row in rows if row["student"] == student]
    assert mine, f"no rows for {student}"
    return ({row["exercise"] for row in mine}, {row["status"] for row in mine},
            sum(float(row["points"]) for row in mine), mine)


@pytest.mark.parametrize("student", sorted(EXPECTED))
def test_each_submission_gets_its_true_row(graded, student):
    exercise, status, score = EXPECTED[student]
    exercises, statuses, points, rows = outcome(graded["rows"], student)
    assert (exercises, statuses, points) == ({exercise}, {status}, score), rows
    if status != "graded":
        assert all(row["passed"] == "no" and row["message"] for row in rows), rows


def test_the_run_finishes_and_holds_exactly_the_class(graded):
    assert graded["code"] == 0
    assert {row["student"] for row in graded["rows"]} == set(EXPECTED)
    # a forged line on the learner's output is only output: one student, the grader's rows
    assert len([r for r in graded["rows"] if r["student"] == "jon-forges-stdout"]) == 2
    assert graded["seconds"] < 180, graded["seconds"]


def test_cheats_say_what_happened(graded):
    rows = graded["rows"]
    assert "did not finish within 10 seconds" in outcome(rows, "ray-loops")[3][0]["message"]
    assert "MemoryError" in outcome(rows, "pam-uses-memory")[3][0]["message"]
    assert "SystemExit" in outcome(rows, "sam-exits")[3][0]["message"]
    assert "printed more than 1 MB" in outcome(rows, "uma-prints-50-mb")[3][0]["message"]
    assert "changed the ninetynine package" in outcome(rows, "fay-sets-attribute")[3][0]["message"]
    hal = outcome(rows, "hal-always-equal")[3]
    assert all("your winner is wrong" in row["message"] for row in hal), hal


def test_no_file_outside_the_scratch_folders_changed(graded):
    before, after = graded["before"], graded["after"]
    assert after == before, sorted(set(before.items()) ^ set(after.items()))[:10]
    feedback = sorted(p.stem for p in (graded["out"] / "feedback").glob("*.md"))
    assert feedback == sorted(EXPECTED)


def test_no_process_is_left(graded):
    assert graded["left"] == [], graded["left"]
