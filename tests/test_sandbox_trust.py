"""What a learner's sandbox keeps from the grader and from the other sandboxes (issue 28).

Each test sets up what a determined class would try, asserts the safe outcome exactly, and
beside it a control in the same run that shows the attempt itself works where it is allowed:

- the grader's environment: a secret variable in the grader's environment never reaches the
  learner's process (with the sandbox or without), while a variable the caller names does;
- the user: as root the sandbox runs as a user of its own, not root, and ``/etc/shadow``, which
  the grader reads, is refused; a kit its user could not read is refused in one sentence;
- the disk: 10 MB is written, 300 MB is not, and the grader says why in words; 200,000 empty
  files stop at ``Limits.files``; nothing but the disk can be written; the disk is gone when the
  sandbox is killed mid-write, and when its grader is; only the grader's empty folder is left
  then, and the next sandbox deletes it;
- nothing in common: two sandboxes can neither lock nor watch a file they both see, while the
  grader can lock it; their ``/dev/shm`` are their own; a sandbox makes no user namespace.

Each test starts one or two learners (about a quarter of a second each).
"""
from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from machine import skip_without_bwrap
from ninetynine.grading import sandbox, seccomp
from ninetynine.grading.channel import Learner, LearnerError

ROOT = Path(__file__).resolve().parents[1]
AS_ROOT = os.geteuid() == 0
SHARED = "/usr/bin/env"                 # a file every sandbox sees, read-only
MB = 1024 ** 2


@pytest.fixture(autouse=True)
def _bwrap():
    skip_without_bwrap("a learner's code")


def needs_root():
    if not AS_ROOT:
        pytest.skip("the grader is not root here, so its sandboxes run as the grader's own user "
                    "(no user of their own): not tested")


def facts(learner: Learner, code: str):
    """Run ``code`` there and bring back the value it left in ``facts``."""
    learner.run(code)
    return learner.names()["facts"]


# --- the grader's environment ----------------------------------------------------------------

ENVIRONMENT = "import os\nfacts = dict(os.environ)"
BASE = {"PATH", "LANG", "LC_ALL", "HOME", "TMPDIR", "PYTHONDONTWRITEBYTECODE", "NINETYNINE_GRADING"}


def test_the_grader_s_environment_never_reaches_the_learner(monkeypatch):
    monkeypatch.setenv("NINETYNINE_TEST_SECRET", "hunter2")
    monkeypatch.setenv("PYTHONSTARTUP", "/nowhere/startup.py")
    assert os.environ["NINETYNINE_TEST_SECRET"] == "hunter2"            # control: the grader has it
    with Learner() as boxed, Learner(sandbox=False) as plain, \
            Learner(env={"NINETYNINE_TEST_SECRET": "given"}) as told:
        inside, outside, named = (facts(one, ENVIRONMENT) for one in (boxed, plain, told))
    assert set(inside) == BASE | {"PWD"}, inside            # bwrap's --chdir sets PWD
    assert set(outside) == BASE, outside
    assert inside["HOME"] == inside["TMPDIR"] == sandbox.INSIDE and inside["LC_ALL"] == "C.UTF-8"
    assert "hunter2" not in repr(inside) + repr(outside)
    assert named["NINETYNINE_TEST_SECRET"] == "given"       # control: a named variable arrives


def test_an_environment_variable_for_the_sandbox_must_be_text():
    with pytest.raises(TypeError, match="must be text") as refusal:
        sandbox.environment("/tmp/x", {"N": 3})
    assert str(refusal.value).count(". ") == 0


# --- the user -------------------------------------------------------------------------------

SHADOW = """import os
try:
    open("/etc/shadow").readline()
    shadow = "read"
except OSError as error:
    shadow = type(error).__name__
facts = dict(uid=os.getuid(), gid=os.getgid(), groups=os.getgroups(), shadow=shadow)
"""


def test_as_root_each_sandbox_runs_as_a_user_of_its_own_who_cannot_read_shadow():
    needs_root()
    assert open("/etc/shadow").readline()                  # control: the grader reads it
    with Learner() as one, Learner() as other:
        first, second = facts(one, SHADOW), facts(other, SHADOW)
        assert first["uid"] == sandbox.FIRST_UID + one.process.pid
    for seen in (first, second):
        assert seen["shadow"] == "PermissionError" and seen["uid"] >= sandbox.FIRST_UID, seen
        assert seen["gid"] == seen["uid"] and set(seen["groups"]) <= {seen["gid"]}, seen
    assert first["uid"] != second["uid"]


def test_a_kit_the_sandbox_s_user_cannot_read_is_refused_in_one_sentence(tmp_path, monkeypatch):
    needs_root()
    assert sandbox.refusal() is None                        # control: this kit is readable
    private = tmp_path / "venv"
    private.mkdir(mode=0o700)
    private.chmod(0o700)
    needed = sandbox._needed()
    monkeypatch.setattr(sandbox, "_needed", lambda: [*needed, private])
    with pytest.raises(sandbox.SandboxUnusable) as refusal:
        Learner()
    text = str(refusal.value)
    assert str(private) in text and "chmod o+rx" in text and text.count(". ") == 0, text
    assert sandbox.refusal(sandbox=False) is None           # --no-sandbox: nothing to refuse


def test_a_machine_of_another_architecture_is_refused_and_another_convention_is_killed(monkeypatch):
    other = "aarch64" if seccomp.machine() == "x86_64" else "x86_64"
    reader, writer = os.pipe()
    os.write(writer, seccomp.program(other))               # the other's numbers, checked by arch
    os.close(writer)
    killed = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--seccomp", str(reader), "--",
                             "/bin/true"], pass_fds=(reader,), timeout=30)
    os.close(reader)
    assert killed.returncode == 128 + signal.SIGSYS         # its first call, execve, is killed
    monkeypatch.setattr(seccomp, "machine", lambda: "riscv64")
    text = sandbox.refusal()
    assert "riscv64" in text and "x86_64 and aarch64" in text and text.count(". ") == 0, text


# --- the disk -------------------------------------------------------------------------------

def write(megabytes: int) -> str:
    """A cell that writes ``megabytes`` in files of 10 MB (one file alone would meet the
    largest file, ``Limits.file_size``, first: "[Errno 27] File too large", worded alike)."""
    return (f"for number in range({megabytes // 10}):\n"
            f"    with open(f'part{{number}}.bin', 'wb') as file:\n"
            f"        file.write(b'x' * 10 * 1024 ** 2)\n"
            f"DONE = True")


def test_ten_megabytes_are_written_three_hundred_are_not_and_the_grader_says_why(tmp_path):
    from ninetynine.grading.runner import ERROR, GRADED, grade_submission
    source = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\nDONE = True\n### END SOLUTION"),
        nbformat.v4.new_code_cell("assert DONE, 'not done'")])
    source.cells[1].metadata["nbgrader"] = {"grade": True, "grade_id": "done", "points": 1}
    nbformat.write(source, tmp_path / "01-disk.ipynb")
    results = {}
    for student, megabytes in (("ann", 10), ("bob", 300)):
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
            write(megabytes))]), tmp_path / f"{student}.ipynb")
        results[student] = grade_submission(tmp_path / f"{student}.ipynb", tmp_path / "01-disk.ipynb",
                                            student, timeout=30)
    assert results["ann"].status == GRADED and results["ann"].checks[0].passed, results["ann"]
    bob = results["bob"]
    assert bob.status == ERROR and not bob.checks[0].passed, bob
    assert bob.checks[0].message.startswith(
        "Cell 1 raised OSError: the notebook used more than 200 MB of disk, or more than 10,000 "
        "files, in its scratch folder ([Errno 28] No space left on device"), bob.checks[0].message


def test_the_disk_holds_limits_files_files_and_folders():
    """200,000 empty files: the disk stops them at ``Limits.files`` inodes, three of which are
    its own folders (its root, ``work`` and ``shm``). Control: a bigger limit lets more in."""
    code = """import os
made = 0
try:
    for number in range(200_000):
        open(f"f{number}", "w").close()
        made += 1
except OSError as error:
    stopped = str(error)
facts = dict(made=made, stopped=stopped)
"""
    with Learner() as default, Learner(limits=sandbox.Limits(files=20_000)) as bigger:
        few, more = facts(default, code), facts(bigger, code)
    assert few["made"] == sandbox.Limits().files - 3 == 9_997, few
    assert few["stopped"].startswith("[Errno 28] No space left on device"), few
    assert more["made"] == 20_000 - 3, more


def test_nothing_but_the_disk_can_be_written():
    code = """import os
wrote = {}
for folder in ("/tmp/submission", "/dev/shm", "/tmp", "/tmp/given", "/home", "/root", "/dev",
               "/work", "/usr", "/etc", KIT):
    try:
        with open(os.path.join(folder, "mark"), "w") as file:
            file.write("x")
        wrote[folder] = "yes"
    except OSError as error:
        wrote[folder] = error.strerror
facts = wrote
"""
    with Learner() as learner:
        wrote = facts(learner, code.replace("KIT", repr(str(ROOT))))
    assert wrote.pop("/tmp/submission") == wrote.pop("/dev/shm") == "yes", wrote   # control
    assert set(wrote.values()) == {"Read-only file system"}, wrote


def namespaces_of(pid: int) -> set[str]:
    """The mount namespaces of ``pid`` and of every process below it."""
    import psutil
    found = set()
    root = psutil.Process(pid)
    for process in [root, *root.children(recursive=True)]:
        try:
            found.add(os.readlink(f"/proc/{process.pid}/ns/mnt"))
        except OSError:
            pass
    return found


def held(namespaces: set[str]) -> list[int]:
    """The processes still in one of ``namespaces``: while one is, its mounts exist."""
    holders = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and os.readlink(entry / "ns" / "mnt") in namespaces:
                holders.append(int(entry.name))
        except OSError:
            pass
    return holders


def gone(namespaces: set[str], seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while held(namespaces):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


FILLING = """import threading
def fill():
    with open("filling.bin", "wb") as file:
        while True:
            file.write(b"x" * 1024 ** 2)
threading.Thread(target=fill, daemon=True).start()
import time; time.sleep(0.3)
"""


def test_the_disk_goes_with_a_sandbox_killed_mid_write():
    learner = Learner()
    learner.run(FILLING)
    mine = namespaces_of(learner.process.pid)
    own = os.readlink("/proc/self/ns/mnt")
    assert own not in mine and len(mine) == 2 and held(mine)      # control: its own, alive
    os.kill(learner.process.pid, signal.SIGKILL)
    assert gone(mine), held(mine)
    learner.close()
    assert not learner.folders.root.exists()
    assert str(learner.folders.root) not in Path("/proc/self/mountinfo").read_text()


GRADER = """import sys, time
from ninetynine.grading.channel import Learner
learner = Learner()
learner.run(sys.argv[1])
print(learner.folders.root, learner.process.pid, flush=True)
time.sleep(120)
"""


def test_the_disk_goes_with_a_grader_killed_mid_write_and_its_folder_with_the_next_sandbox():
    grader = subprocess.Popen([sys.executable, "-c", GRADER, FILLING], stdout=subprocess.PIPE,
                              text=True, cwd=ROOT)
    try:
        folder, pid = grader.stdout.readline().split()
        theirs = namespaces_of(int(pid))
        assert len(theirs) == 2 and held(theirs)                   # control: alive, writing
        grader.kill()                                              # SIGKILL: no close() runs
        grader.wait(timeout=10)
        assert gone(theirs), held(theirs)                          # bwrap died with its parent
    finally:
        grader.kill()
        grader.stdout.close()
    left = Path(folder)
    assert sorted(p.name for p in left.iterdir()) == ["disk", "given"]
    assert list((left / "disk").iterdir()) == []                  # nothing of the 1 MB writes
    sandbox.Scratch.make().remove()                               # the next sandbox sweeps
    assert not left.exists()


# --- nothing in common ----------------------------------------------------------------------

LOCKS = f"""import ctypes, errno, fcntl, os
libc = ctypes.CDLL(None, use_errno=True)
shared = open({SHARED!r}, "rb")
def attempt(call):
    try:
        call()
        return "ok"
    except OSError as error:
        return type(error).__name__
def calls(function, *args):
    if function(*args) >= 0:
        return "ok"
    return "PermissionError" if ctypes.get_errno() == errno.EPERM else os.strerror(ctypes.get_errno())
facts = dict(
    flock=attempt(lambda: fcntl.flock(shared, fcntl.LOCK_SH | fcntl.LOCK_NB)),
    lockf=attempt(lambda: fcntl.lockf(shared, fcntl.LOCK_SH | fcntl.LOCK_NB)),
    lease=attempt(lambda: fcntl.fcntl(shared, 1024, fcntl.F_RDLCK)),       # F_SETLEASE
    notify=attempt(lambda: fcntl.fcntl(os.open("/usr/bin", os.O_RDONLY), 1026, 1)),  # F_NOTIFY
    inotify=calls(libc.inotify_init1, 0),
    fanotify=calls(libc.fanotify_init, 0, 0),
    flags=attempt(lambda: fcntl.fcntl(shared, fcntl.F_GETFL)),
)
"""
REFUSED = {"flock", "lockf", "lease", "notify", "inotify", "fanotify"}


def test_two_sandboxes_can_neither_lock_nor_watch_a_file_they_both_see():
    with open(SHARED, "rb") as shared:                             # control: the grader locks it
        fcntl.flock(shared, fcntl.LOCK_SH | fcntl.LOCK_NB)
        fcntl.flock(shared, fcntl.LOCK_UN)
    with Learner() as one, Learner() as other, Learner(sandbox=False) as plain:
        first, second, unboxed = (facts(learner, LOCKS) for learner in (one, other, plain))
    for seen in (first, second):
        assert {name: seen.pop(name) for name in REFUSED} == dict.fromkeys(REFUSED, "PermissionError")
        assert seen == {"flags": "ok"}                             # other fcntl calls work
    assert unboxed["flock"] == unboxed["lockf"] == unboxed["inotify"] == "ok", unboxed


def test_each_sandbox_has_its_own_shared_memory_and_makes_no_user_namespace():
    mark = "import os\nopen('/dev/shm/mark', 'w').close()\nfacts = os.listdir('/dev/shm')"
    userns = """import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
facts = "ok" if libc.unshare(0x10000000) == 0 else os.strerror(ctypes.get_errno())
"""
    with Learner() as one, Learner() as other, Learner(sandbox=False) as plain:
        assert facts(one, mark) == ["mark"]                        # control: it sees its own
        assert facts(other, "import os\nfacts = os.listdir('/dev/shm')") == []
        assert facts(other, userns) != "ok"                        # --disable-userns
        assert facts(plain, userns) == "ok"                        # control: where allowed


# --- what still works ----------------------------------------------------------------------

def test_the_cgroup_still_counts_the_sandbox_s_processor_time():
    if sandbox.caps_available() != ["pids", "memory"]:
        pytest.skip("the kernel's cgroups cannot be written on this machine: not tested")
    with Learner() as learner:
        before = learner.process.cap.cpu_seconds()
        learner.run("import time\nend = time.process_time() + 0.5\n"
                    "while time.process_time() < end:\n    pass")
        spent = learner.process.cap.cpu_seconds() - before
    assert 0.45 < spent < 2, spent


def test_a_learner_error_that_is_not_a_full_disk_keeps_its_words():
    with Learner() as learner, pytest.raises(LearnerError) as error:
        learner.run("open('/usr/nothing-here', 'w')")
    assert sandbox.out_of_disk(error.value.name, error.value.text) is None
    assert sandbox.out_of_disk("OSError", "[Errno 122] Disk quota exceeded").startswith(
        "OSError: the notebook used more than 200 MB of disk")
