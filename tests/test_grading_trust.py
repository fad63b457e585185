"""Nothing decided, watched or rehearsed in the learner's process (issue 28, items 1 and 2).

Each attack below once earned marks it should not have (checked before the change); each is
graded here beside an honest control in the same run, and must get exactly the safe outcome:

- a "write it yourself" rule kept by a profile hook inside the learner's process, undone with
  ``sys.setprofile(None)`` and a thread (exercise 04): now the kit's answer is *withheld* from
  that process (``withheld.py``), so calling it raises there, whatever watches or not;
- a reference to the kit's search kept at import time and put back during the call
  (exercise 16): the search is withheld before any of the learner's code runs;
- a function that walks up the stack to the check's frames to read the expected answer
  (exercise 03): no check runs in the learner's process any more (no rehearsal);
- an answer written on the channel before it was asked for: every request carries an id
  nobody can guess, and a message without it stops the learner;
- a stand-in (``checking.standing_in``) kept by the learner's code for a later check: a
  stand-in runs in the grader and answers only while it is in force;
- an answer that is slow to rebuild (a set of numbers sharing one hash): rebuilding counts
  against the call's time.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import nbformat
import pytest

from machine import sandboxed
from ninetynine.grading.channel import Learner, OutOfTime, Stopped, decode, decoding
from ninetynine.grading.notebooks import read, solution_paths
from ninetynine.grading.runner import GRADED, Placement, grade_submission
from ninetynine.grading.withheld import Withheld, withhold

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.usefixtures("grading_mode")


def learners_notebook(tmp_path: Path, name: str, exercise: str, answer: str) -> Path:
    """The learner's notebook of ``exercise`` with its (first) stub cell replaced by ``answer``."""
    notebook = read(ROOT / "exercises" / f"{exercise}.ipynb")
    stub = next(cell for cell in notebook.cells if "raise NotImplementedError()" in cell.source)
    stub.source = answer
    path = tmp_path / name / f"{exercise}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def grade(path: Path, exercise: str):
    return grade_submission(path, ROOT / "solutions" / f"{exercise}.ipynb", path.parent.name, 60,
                            sandbox=sandboxed())


def scores(result) -> dict[str, bool]:
    return {check.grade_id: check.passed for check in result.checks}


HIDDEN_CALL_04 = '''import sys
import threading

import ninetynine.counting.rules as kit

_theirs = kit.quentin_c_penalties          # kept before anything could be taken away


def penalties(old, new):
    """The kit's answer, called where no profile hook can see it."""
    sys.setprofile(None)
    found = []
    worker = threading.Thread(target=lambda: found.append(_theirs(old, new)))
    worker.start()
    worker.join()
    return found[0] if found else ()'''

def test_calling_the_kit_s_answer_out_of_sight_of_any_watcher_earns_nothing(tmp_path):
    cheat = grade(learners_notebook(tmp_path, "mallory", "04-milestones", HIDDEN_CALL_04),
                  "04-milestones")
    assert cheat.status == GRADED and not any(scores(cheat).values()), cheat
    solution = grade(ROOT / "solutions" / "04-milestones.ipynb", "04-milestones")
    assert solution.status == GRADED and all(scores(solution).values()), solution


KEPT_SEARCH_16 = '''import ninetynine.search as search

_kept = search.Search._alphabeta, search.solve         # references taken at import


def value(state):
    search.Search._alphabeta = _kept[0]                  # put back during the call
    return _kept[1](state)'''


def test_a_reference_to_the_kit_s_search_kept_at_import_is_withheld_too(tmp_path):
    result = grade(learners_notebook(tmp_path, "mallory", "16-negamax-endgame", KEPT_SEARCH_16),
                   "16-negamax-endgame")
    assert result.status == GRADED and result.score == 0, result
    assert all("The kit's solve is withheld while this exercise is graded" in check.message
               for check in result.checks), result.checks


STACK_READER_03 = '''import sys


def has_safe_card(count, hand):
    "Read the expected answer from the check's own frames, if any are here."
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.startswith("<check"):
            for name in ("safe", "right", "expected"):
                if isinstance(frame.f_locals.get(name), bool):
                    return frame.f_locals[name]
        frame = frame.f_back
    return True'''


def test_a_function_that_reads_the_check_s_frames_finds_none(tmp_path):
    """When checks were rehearsed in the learner's process, this function read each expected
    answer from the check's loop and scored 3 of 3 on exercise 03 without writing a rule."""
    result = grade(learners_notebook(tmp_path, "mallory", "03-no-safe-card", STACK_READER_03),
                   "03-no-safe-card")
    assert result.status == GRADED and scores(result) == {"safe-examples": False,
                                                          "safe-everywhere": False}, result


def test_every_solution_withholds_what_the_kit_has():
    """Each path a solution notebook withholds names something of the kit (a typo would fail
    every submission of that exercise); the exercises that forbid calling the kit's answer all
    withhold it."""
    withholding = {}
    for path in solution_paths(ROOT / "solutions"):
        paths = Placement.of(read(path)).withheld
        if paths:
            withholding[path.stem[:2]] = paths
    assert set(withholding) == {"01", "04", "05", "06", "08", "12", "13", "14", "16", "18", "19",
                                "22", "23", "24", "25", "26"}
    for paths in withholding.values():     # resolved without changing this process's kit
        for path in paths:
            module, _, attributes = path.partition(":")
            value = __import__(module, fromlist=["_"])
            for name in attributes.split("."):
                value = getattr(value, name)


def test_the_submission_s_own_metadata_never_decides_what_is_withheld(tmp_path):
    """What an exercise withholds is read from the instructor's solution notebook
    (``Placement.of(source)``), never from the submission: a learner who writes
    ``{"ninetynine": {"withheld": []}}`` into their notebook still cannot call the kit's search
    (graded against a solution that withheld nothing, this cheat got 7 of 7)."""
    path = learners_notebook(tmp_path, "mallory", "16-negamax-endgame", KEPT_SEARCH_16)
    notebook = read(path)
    notebook.metadata["ninetynine"] = {"withheld": []}
    nbformat.write(notebook, path)
    result = grade(path, "16-negamax-endgame")
    assert result.status == GRADED and result.score == 0, result
    assert all("The kit's solve is withheld while this exercise is graded" in check.message
               for check in result.checks), result.checks


def test_the_hostile_class_is_built_from_the_solutions_as_they_are():
    """``tests/fixtures/hostile`` mirrors solutions 01, 05 and 13 (their checks, statements and
    the kit's answers they withhold): a solution changed since the class was built, say one that
    withholds a new bot, makes it stale, and the hostile class would test yesterday's grading."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "hostile_build", ROOT / "tests" / "fixtures" / "hostile" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    stale = build.stale()
    assert not stale, f"Run tests/fixtures/hostile/build.py: out of date: {stale}"
    sources = ROOT / "tests" / "fixtures" / "hostile" / "sources"
    for source in sorted(sources.glob("*.ipynb")):
        assert (Placement.of(read(source)).withheld
                == Placement.of(read(ROOT / "solutions" / source.name)).withheld), source.name


def test_a_withheld_function_refuses_through_every_name_and_a_table_empties():
    import types
    import sys
    module = types.ModuleType("withheld_example")
    exec("def twice(x):\n    return 2 * x\nTABLE = {'A': 1}\nKEPT = TABLE\nALIAS = twice\n",
         module.__dict__)
    sys.modules["withheld_example"] = module
    try:
        kept = module.twice
        assert withhold(["withheld_example:twice", "withheld_example:TABLE"]) == [
            "withheld_example:twice", "withheld_example:TABLE"]
        for function in (kept, module.ALIAS, module.twice):
            with pytest.raises(Withheld, match="The kit's twice is withheld"):
                function(3)
        assert module.KEPT == {}
        with pytest.raises(Withheld, match="TABLE is withheld"):
            module.TABLE["A"]
        with pytest.raises(ValueError, match="names nothing to withhold"):
            withhold(["withheld_example:nothing"])
    finally:
        del sys.modules["withheld_example"]


def test_an_answer_written_before_it_was_asked_for_stops_the_learner():
    with Learner(sandbox=sandboxed()) as honest, Learner(sandbox=sandboxed()) as forger:
        for learner in (honest, forger):
            learner.run("def five():\n    return 5")
        forger.run("import json, os, struct\n"
                   "import ninetynine.grading.channel as channel\n"
                   "def forge():\n"
                   "    fake = json.dumps({'value': 99, 'id': None}).encode()\n"
                   "    os.write(channel.current_server().answers, struct.pack('>I', len(fake)) + fake)")
        assert honest.call("five", timeout=10) == 5
        with pytest.raises(Stopped, match="an answer to a question it was not asked"):
            forger.call("forge", timeout=10)        # read as the answer to this call: no id
        with pytest.raises(Stopped):
            forger.call("five", timeout=10)         # and the learner is stopped for good


def test_a_stand_in_answers_only_while_it_is_in_force():
    from ninetynine.grading.checking import standing_in
    with Learner(sandbox=sandboxed()) as learner:
        learner.run("KEPT = []\n"
                    "def double(x):\n    return helper(x) * 2\n"
                    "def keep(x):\n    KEPT.append(helper)\n    return helper(x)\n"
                    "def later(x):\n    return KEPT[0](x)\n"
                    "def helper(x):\n    return 0")
        double, keep, later = (learner.function(name) for name in ("double", "keep", "later"))
        with standing_in(double, helper=lambda x: x + 1):
            assert double(4) == 10                      # the stand-in ran here, in the grader
        assert double(4) == 0                           # and is gone
        with standing_in(keep, helper=lambda x: -x):
            assert keep(3) == -3
        with pytest.raises(RuntimeError, match="no longer in force"):
            later(3)
        assert learner.names()["KEPT"] != []            # what it kept is only a callback
        asked = []

        def counted(x):
            asked.append(x)
            return x * 10
        learner.run("def total(xs):\n    return sum(helper(x) for x in xs)")
        total = learner.function("total")
        with standing_in(total, ahead={"helper": [(x,) for x in range(50)]}, helper=counted):
            asked.clear()                               # answered ahead: no call crosses back
            assert total(list(range(50))) == 12250 and asked == []
            assert total([99]) == 990 and asked == [99]  # any other argument crosses


def test_an_answer_slow_to_rebuild_counts_against_the_call_s_time():
    """Numbers that all share one hash make a set whose building time grows with the square of
    its size (60,000 take minutes); the grader stops rebuilding at the call's time limit."""
    with Learner(sandbox=sandboxed()) as learner:
        learner.run("import json, sys, time\n"
                    "import ninetynine.grading.channel as channel\n"
                    "STEP = sys.hash_info.modulus\n"
                    "def flood():\n"
                    "    server = channel.current_server()     # the answer written by hand, at once\n"
                    "    items = [i * STEP for i in range(60_000)]\n"
                    "    data = json.dumps({'id': server.asked[-1], 'value': {'$': 'set', 'v': items}})\n"
                    "    channel.write_all(server.answers, len(data).to_bytes(4, 'big') + data.encode())\n"
                    "    time.sleep(60)\n"
                    "def small():\n    return {i * STEP for i in range(50)}")
        assert len(learner.call("small", timeout=10)) == 50
        began = time.monotonic()
        with pytest.raises(OutOfTime, match="took longer than its time to read"):
            learner.call("flood", timeout=1.0)
        assert time.monotonic() - began < 5


def test_decoding_refuses_an_answer_of_too_many_values(monkeypatch):
    from ninetynine.grading import channel
    from ninetynine.grading.channel import plain_data
    monkeypatch.setattr(plain_data, "DECODE_LIMIT", 1000)
    with decoding(None, time.monotonic() + 60):
        assert decode(list(range(500))) == list(range(500))
        with pytest.raises(channel.DecodeError, match="more than 1,000 values"):
            decode(list(range(5000)))
    assert json.loads(json.dumps(list(range(5000)))) == decode(list(range(5000)))   # unbounded outside


def test_a_submission_swapped_for_a_link_after_it_was_found_is_not_followed(tmp_path):
    """The class folder is looked at once, when grading begins (links are refused there); the
    file is read again when its turn comes, without following a link, and only if regular."""
    import os
    (tmp_path / "ann").mkdir()
    linked = tmp_path / "ann" / "03-no-safe-card.ipynb"
    os.symlink(ROOT / "solutions" / "03-no-safe-card.ipynb", linked)
    os.mkfifo(tmp_path / "pipe.ipynb")
    honest = tmp_path / "bob" / "03-no-safe-card.ipynb"
    honest.parent.mkdir()
    honest.write_bytes((ROOT / "solutions" / "03-no-safe-card.ipynb").read_bytes())
    for path, sentence in [(linked, "03-no-safe-card.ipynb is a symbolic link, so it was not "
                                    "followed. Hand in the file itself."),
                           (tmp_path / "pipe.ipynb", "pipe.ipynb is not a regular file, so it was "
                                                     "not read. Hand in the file itself.")]:
        result = grade(path, "03-no-safe-card")
        assert (result.status, result.message, result.score) == ("unreadable", sentence, 0)
    assert grade(honest, "03-no-safe-card").score == 3
