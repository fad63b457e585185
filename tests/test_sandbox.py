"""The sandbox (``grading/sandbox.py``) and the channel to a learner's process (``grading/channel/``).

What a learner's process can see and do inside bubblewrap, and what comes back through the
channel: plain data rebuilt with this process's own classes, handles that equal nothing but
themselves, errors by name, changed arguments, and the failures that end a learner (time,
output, a process that dies). Each test starts one or two learners (about half a second each).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from machine import HAS_BWRAP, ON_CI, required, without_bwrap
import ninetynine as nn
from ninetynine.grading import sandbox
from ninetynine.grading.channel import (DecodeError, Learner, LearnerError, OutOfTime, Remote, Stopped,
                                        TooMuchOutput, decode)

ROOT = Path(__file__).resolve().parents[1]

if ON_CI and not HAS_BWRAP:
    required(without_bwrap("a learner's code"))     # fails: CI must run every sandbox test
needs_bwrap = pytest.mark.skipif(not HAS_BWRAP, reason=without_bwrap("a learner's code"))


def appears(mark: str, seconds: float = 5) -> bool:
    """Whether a process whose command line holds ``mark`` shows up within ``seconds``."""
    import time
    deadline = time.monotonic() + seconds
    while not running(mark):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def running(mark: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if mark in line:
            found.append(line)
    return found


def test_without_bwrap_the_grader_refuses_in_one_sentence_unless_told(monkeypatch):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    with pytest.raises(sandbox.SandboxMissing) as refusal:
        sandbox.require(True)
    text = str(refusal.value)
    assert text == sandbox.MISSING and text.count(". ") == 0 and "--no-sandbox" in text
    sandbox.require(False)          # --no-sandbox: no refusal


def test_the_command_hides_the_kit_and_private_folders_and_binds_only_the_scratch_folder(tmp_path):
    scratch = sandbox.Scratch(tmp_path)
    line = sandbox.command(["python"], scratch, hide=[tmp_path / "results.csv"])
    assert line[:4] == ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"]
    assert {"--cap-drop", "--disable-userns", "--clearenv"} <= set(line)
    hidden = {line[i + 1] for i, word in enumerate(line) if word == "--tmpfs"}
    assert {str(ROOT), "/tmp", "/root", "/home", str(tmp_path)} <= hidden
    read_only = {line[i + 1] for i, word in enumerate(line) if word == "--remount-ro"}
    assert read_only == hidden | {"/dev"}
    writable = [line[i + 1:i + 3] for i, word in enumerate(line) if word == "--bind"]
    assert writable == [[str(scratch.disk / "work"), sandbox.INSIDE],
                        [str(scratch.disk / "shm"), sandbox.SHARED_MEMORY]]
    assert ["--ro-bind", str(ROOT / "ninetynine"), str(ROOT / "ninetynine")] == \
        line[line.index(str(ROOT / "ninetynine")) - 1:line.index(str(ROOT / "ninetynine")) + 2]


@needs_bwrap
def test_a_learner_sees_no_solutions_writes_only_its_scratch_folder_and_has_no_network():
    with Learner() as learner:
        learner.run('''import os, socket
from pathlib import Path
import ninetynine
kit = Path(ninetynine.__file__).resolve().parents[1]
seen = sorted(os.listdir(kit))
Path("mine.txt").write_text("ok")
try:
    (kit / "ninetynine" / "x.txt").write_text("no")
    wrote_kit = True
except OSError:
    wrote_kit = False
try:
    socket.create_connection(("1.1.1.1", 80), timeout=2)
    online = True
except OSError:
    online = False
facts = dict(seen=seen, wrote_kit=wrote_kit, online=online, pid=os.getpid(), cwd=os.getcwd(),
             grading=os.environ.get("NINETYNINE_GRADING"), mine=Path("mine.txt").exists(),
             home=sorted(os.listdir(Path.home())))''')
        facts = learner.names()["facts"]
        assert not (learner.scratch / "mine.txt").exists()     # on the sandbox's own disk only
    assert "solutions" not in facts["seen"] and "tests" not in facts["seen"], facts
    assert not facts["wrote_kit"] and not facts["online"], facts
    assert facts["pid"] < 10 and facts["cwd"] == sandbox.INSIDE and facts["grading"] == "1", facts
    assert facts["mine"], facts
    assert not (ROOT / "ninetynine" / "x.txt").exists()


@needs_bwrap
def test_answers_are_plain_data_rebuilt_here_and_learner_objects_equal_nothing():
    with Learner() as learner:
        learner.run('''
class Always:
    def __eq__(self, other):
        return True
def first(view):
    return view.legal_moves[0]
def liar():
    return Always()
def grow(items):
    items.append(len(items))
class Mine(ValueError):
    pass
def refuse():
    raise Mine("no")
def leave():
    raise SystemExit(3)
def stub():
    raise NotImplementedError()
''')
        state = nn.make("quentin_c", players=2).new_game(seed=1)
        move = learner.call("first", state.view(state.to_move))
        assert move in state.legal_moves() and type(move).__module__ == "ninetynine.counting.moves"
        lie = learner.call("liar")
        assert isinstance(lie, Remote) and lie != 3 and lie != lie.__class__
        items = [7]
        learner.call("grow", items)
        assert items == [7, 1]
        with pytest.raises(ValueError, match="no") as error:
            learner.call("refuse")
        assert type(error.value).__name__ == "Mine"
        with pytest.raises(Exception) as error:         # a SystemExit there is an error here
            learner.call("leave")
        assert type(error.value).__name__ == "SystemExit" and not isinstance(error.value, SystemExit)
        with pytest.raises(NotImplementedError):
            learner.call("stub")
        names = learner.names()
        assert isinstance(names["first"], Remote) and names["first"](state.view(state.to_move)) == move


@needs_bwrap
def test_a_history_sent_again_arrives_whole_with_each_event_made_once_there():
    """The events of views sent one call after another reach the learner equal to the
    originals, for every game of the kit, and an event sent again is the same object there
    (``channel.pickling._event``): only what differs between the two histories is made twice."""
    import random
    with Learner() as learner:
        learner.run('''
kept = []
def keep(view):
    kept[:] = view.history
    return [repr(event) for event in view.history]
def same_objects(view):
    return [a is b for a, b in zip(kept, view.history)]
''')
        for name in ("quentin_c", "taiwanese", "tricks", "board"):
            state, rng = nn.make(name).new_game(seed=3), random.Random(3)
            for _ in range(12):
                state.play(rng.choice(state.legal_moves()))
            earlier = state.view(state.to_move)
            for _ in range(3):
                state.play(rng.choice(state.legal_moves()))
            later = state.view(0)
            assert learner.call("keep", earlier) == [repr(event) for event in earlier.history], name
            alike = [a == b for a, b in zip(earlier.history, later.history)]
            assert any(alike) and learner.call("same_objects", later) == alike, name


def test_a_view_sends_only_the_events_its_learner_does_not_hold_and_arrives_whole():
    """``channel.Histories``: a view whose history begins with one the learner's side holds
    sends only the events after it. Whatever the order of the views (more games at once than
    there are slots), whatever the learner's code does to the history it is given, after an
    error there and through the cloudpickle path, every history arrives whole and in order."""
    import random

    from ninetynine.grading.channel import Histories, pickled
    with Learner(sandbox=False) as learner:
        learner.run('''
def seen(view, *rest):
    events = [repr(event) for event in view.history]
    view.history.clear()                  # the learner's own copy: nothing held changes
    view.history.append("junk")
    return events
def fails(view):
    raise ValueError("no")
def seen_all(views):
    return [seen(view) for view in views]
''')
        rng = random.Random(5)
        games = [nn.make(name).new_game(seed=seed) for name in ("quentin_c", "taiwanese", "tricks",
                                                                 "board") for seed in (1, 2, 3)]
        assert len(games) > Histories.SLOTS
        for number in range(40):
            state = rng.choice([game for game in games if not game.is_over])
            state.play(rng.choice(state.legal_moves()))
            view = state.view(rng.randrange(state.players))
            whole = [repr(event) for event in view.history]
            if number % 7 == 3:
                with pytest.raises(ValueError):
                    learner.call("fails", view)
            extra = (lambda: 1,) if number % 5 == 4 else ()       # by value, with cloudpickle
            assert learner.call("seen", view, *extra) == whole
        assert learner.histories.held and not learner.histories.pending
        views = [game.view(0) for game in games]             # more histories in one call than slots
        assert learner.call("seen_all", views) == [[repr(e) for e in v.history] for v in views]

    state = nn.make("quentin_c").new_game(seed=4)
    for _ in range(30):
        state.play(state.legal_moves()[0])
    histories = Histories()
    first = pickled(((state.view(0),), {}), None, histories)
    histories.commit()
    state.play(state.legal_moves()[0])
    again = pickled(((state.view(0),), {}), None, histories)
    assert len(state.view(0).history) > 30 and len(again) < len(first) / 2, (len(first), len(again))
    fresh = Histories()
    pickled([game.view(0) for game in games], None, fresh)
    assert len(fresh.pending) == Histories.SLOTS        # sent by slots, not whole by cloudpickle


def test_the_decoder_builds_only_the_kit_s_value_classes():
    with pytest.raises(DecodeError):
        decode({"$": "obj", "c": "ninetynine.grading.channel:Learner", "v": {}})
    with pytest.raises(DecodeError):
        decode({"$": "kit", "v": "os:system"})
    with pytest.raises(DecodeError):
        decode({"not": "tagged"})
    card = decode({"$": "obj", "c": "ninetynine.cards:Card", "v": {"rank": "Q", "suit": "H"}})
    assert card == nn.cards.Card("Q", "H") and hash(card) == hash(nn.cards.Card("Q", "H"))


def test_a_kit_path_names_the_same_object_in_a_fresh_process_whatever_this_one_cached():
    """A kit object crosses the channel by its path, which the other process resolves in its
    own modules. A process that already graded other exercises has resolved many paths (the
    channel caches them); the paths it gives must still name the same objects in a fresh
    learner's process. (They once named entries of that cache: a grader that graded exercise
    14, then 15, in one process, failed 15's reference.)"""
    import json
    import re
    import subprocess
    import sys

    from ninetynine.grading import channel
    from ninetynine.grading.channel import resolve
    import ninetynine.tricks.bots  # noqa: F401 - tables in modules named after the channel's
    channel.KIT_PATHS.build()
    for path in list(channel.KIT_PATHS.paths.values()):
        resolve(path)                           # as grading a few exercises does
    channel.KIT_PATHS.build()

    def described(text):
        return re.sub(r" at 0x[0-9a-f]+", "", text)            # a function's address differs

    given = {path: described(repr(resolve(path))) for path in channel.KIT_PATHS.paths.values()
             if "[" in path}
    fresh = subprocess.run(
        [sys.executable, "-c", "import json, sys, ninetynine.tricks.bots\n"
         "from ninetynine.grading.channel import resolve\n"
         "print(json.dumps({path: repr(resolve(path)) for path in json.loads(sys.stdin.read())}))"],
        input=json.dumps(list(given)), capture_output=True, text=True, check=True)
    there = {path: described(text) for path, text in json.loads(fresh.stdout).items()}
    assert there == given and len(given) > 52


@needs_bwrap
def test_time_output_and_a_dying_process_end_a_learner_and_everything_it_started():
    learner = Learner()
    learner.run("import subprocess, sys\n"
                "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)  # sandbox-30073'],"
                " start_new_session=True)")
    assert appears("sandbox-30073")
    with pytest.raises(OutOfTime):
        learner.run("while True:\n    pass", timeout=1)
    with pytest.raises(OutOfTime):              # closed: every later request fails the same way
        learner.call("print")
    assert not running("sandbox-30073") and not learner.scratch.exists()
    with Learner() as flood, pytest.raises(TooMuchOutput):
        flood.run("for _ in range(50):\n    print('x' * 1_000_000)")
    with Learner() as dying, pytest.raises(Stopped):
        dying.run("import os\nos._exit(0)")
    with Learner() as hungry, pytest.raises(LearnerError, match="MemoryError"):
        hungry.run("hoard = bytearray(64 * 1024 ** 3)")


CAPS = sandbox.caps_available()
needs_caps = pytest.mark.skipif(
    CAPS != ["pids", "memory"], reason="the kernel's cgroups cannot be written on this machine "
    "(the grader caps a sandbox's processes and memory with them when run as root): not tested")

FORK_BOMB = """import os, time
while True:
    if os.fork() == 0:
        os.execv("/bin/sleep", ["sleep", "301.25"])
"""

MEMORY_HOARDERS = """import os
children = []
for _ in range(4):
    pid = os.fork()
    if pid == 0:
        hoard = b"x" * (250 * 1024 ** 2)      # touched, so really used: 1,000 MB in all
        import time; time.sleep(1)
        os._exit(0)
    children.append(pid)
statuses = [os.waitpid(pid, 0)[1] for pid in children]
"""


@needs_bwrap
@needs_caps
def test_a_fork_bomb_meets_the_process_cap_and_everything_it_made_dies_with_the_sandbox():
    """As root ``RLIMIT_NPROC`` caps nothing: the sandbox's cgroup does (40 processes here)."""
    with Learner(limits=sandbox.Limits(processes=40)) as learner:
        cap = learner.process.cap
        assert cap.controllers == ["pids", "memory"] and all(f.exists() for f in cap.folders)
        with pytest.raises(LearnerError, match="BlockingIOError"):
            learner.run(FORK_BOMB, timeout=20)
        assert 30 < len(cap.members()) <= 40 and appears("301.25")
        learner.run("def size(items):\n    return len(items)")   # the learner still answers
        assert learner.call("size", [1, 2]) == 2
    assert not any(folder.exists() for folder in cap.folders) and not running("301.25")


@needs_bwrap
@needs_caps
def test_the_memory_of_all_a_sandbox_s_processes_together_is_capped():
    """Each process may use ``Limits.memory`` (``RLIMIT_AS``); the cgroup holds them to it in all:
    four children of 250 MB each under a cap of 800 MB, and the kernel kills one."""
    with Learner(limits=sandbox.Limits(memory=800 * 1024 ** 2)) as learner:
        learner.run(MEMORY_HOARDERS, timeout=20)
        statuses = learner.names()["statuses"]
    assert len(statuses) == 4 and 9 in statuses and statuses.count(0) < 4, statuses


def test_without_the_sandbox_the_same_channel_works(tmp_path):
    script = tmp_path / "bot.py"
    script.write_text("def my_bot(view):\n    return view.legal_moves[-1]\n", encoding="utf-8")
    with Learner(sandbox=False) as learner:
        learner.load(script)
        state = nn.make("quentin_c", players=2).new_game(seed=2)
        assert learner.call("my_bot", state.view(state.to_move), timeout=5) == state.legal_moves()[-1]
