"""Start a learner's process in its own bubblewrap sandbox, with limits.

A submission's code - a notebook's cells, a bot in a ``.py`` file - never runs in the grader's
process. ``start(argv, scratch)`` starts it under `bubblewrap <https://github.com/containers/bubblewrap>`_
(Debian's ``bwrap``), which gives it:

- **a user of its own**: a grader that runs as root starts each sandbox as a user that owns
  nothing on the machine, uid ``FIRST_UID`` + the process id (``2000012345``), a different one
  for each sandbox, so it reads only what everyone may read (not ``/etc/shadow``), and no
  per-user count of the kernel's (pipe buffers, queued signals, message queues) is shared
  between two sandboxes. The files Python and the kit need must be readable by others: where
  they are not (a virtual environment under ``/root``), ``require`` refuses in one sentence.
  A grader that is not root runs its sandboxes as itself;
- **a clean environment**: only ``PATH``, ``LANG``/``LC_ALL`` (``C.UTF-8``), ``HOME`` and
  ``TMPDIR`` (the scratch folder), ``PYTHONDONTWRITEBYTECODE``, and the variables the caller
  names (``env``: the channel's ``NINETYNINE_GRADING`` and ``NINETYNINE_ANSWER_FD``). Nothing
  of the grader's own environment reaches it, with or without the sandbox (``environment``);
- a read-only view of the system, of Python and of the kit's ``ninetynine`` package, and nothing
  else of the machine: ``/home``, ``/root``, ``/tmp``, ``/mnt``, ``/srv``, ``/opt``, ``/work``,
  the kit's own folder (its ``solutions/``, ``tests/`` ...) and every folder the caller names in
  ``hide`` (the class's submissions, ``results.csv``, ``feedback/``), with the top-level folder
  each lies in, are empty there, and read-only too;
- **one disk of its own**: ``/tmp/submission`` (``INSIDE``, its working folder, ``HOME`` and
  ``TMPDIR``) and ``/dev/shm`` are two folders of one tmpfs that holds at most ``Limits.disk``
  bytes (200 MB) and ``Limits.files`` files and folders (10,000). Writing more fails with
  ``OSError: [Errno 28] No space left on device`` (one file past ``Limits.file_size``, also
  200 MB, with ``[Errno 27] File too large``); ``out_of_disk`` words both for the learner.
  The tmpfs is mounted in a mount namespace that only the sandbox's processes hold, so it is
  gone with the last of them, however they end (killed with SIGKILL too); the grader's machine
  never sees it. bwrap's own ``--size --tmpfs`` caps bytes but not files (it has no
  ``nr_inodes``), so ``start`` mounts the tmpfs itself, in a user namespace of its own, just
  before bwrap starts. Nothing else in the sandbox can be written;
- ``/tmp/given`` (``GIVEN``): read-only, the files the grader hands in (``Scratch.given``: a
  copy of the notebook), and nothing the learner writes;
- **nothing lockable or watchable in common**: a seccomp filter (``seccomp.py``) refuses file
  locks (``flock``, ``fcntl`` locks and leases) and file watches (``inotify``, ``fanotify``,
  ``F_NOTIFY``) with ``PermissionError``, so two sandboxes cannot signal each other through the
  files they both see; their own IPC namespaces (System V IPC, message queues) and ``/dev/shm``
  are private;
- no network (its own empty network namespace), its own PID namespace (every process it starts
  dies with it: ``--die-with-parent``, and killing the sandbox kills them all), no capabilities,
  no further user namespaces (``--disable-userns``: it cannot mount a tmpfs of its own), a new
  session (no terminal to write into);
- limits (``Limits``), set with ``setrlimit`` before it starts: address space (memory), processor
  time, size of any file it writes, no core files. Output is limited by whoever reads it (see
  ``channel/process.py``, which stops a learner that prints more than ``Limits.output`` bytes);
- a cap on all its processes together (``Cap``): the kernel's cgroups hold at most
  ``Limits.processes`` processes and threads (a fork bomb gets "Resource temporarily
  unavailable", and root is not exempt, as it is from ``RLIMIT_NPROC``) and at most
  ``Limits.memory`` bytes of memory in all - its disk's pages and files count there too - and
  count their processor time (``Cap.cpu_seconds``, for checks that time the learner's code);
  ``stop`` kills every process left in them. Where the cgroups cannot be written (not root, or a
  container without them), ``Cap`` does nothing and ``caps_available()`` says so.

What stays in common: the processor and the machine's memory (one sandbox's load slows
another, which a patient pair could time), and the page cache of the shared read-only files.

On the grader's side a sandbox has a folder, ``Scratch`` (``ninetynine-learner-<pid>-...`` in
the temporary folder): ``given/``, which the grader writes into, and ``disk/``, an empty folder
where the sandbox's tmpfs is mounted (in the sandbox's mount namespace only). ``Scratch.remove``
deletes it; one that a grader killed with SIGKILL leaves is deleted by the next ``Scratch.make``.

Without ``bwrap`` the grader refuses to grade (``require``) unless the instructor passes
``--no-sandbox``; then ``start(..., sandbox=False)`` runs the same command with the same limits,
the same clean environment and in its own process group, but as the grader's user, with its
view of the files, and working in ``Scratch.disk``, a folder of the grader's disk (only each
file is capped, at ``Limits.file_size``).

>>> line = command(["python", "-c", "pass"], Scratch(Path("/tmp/x")))
>>> line[:4], "--clearenv" in line
(['bwrap', '--unshare-all', '--die-with-parent', '--new-session'], True)
"""
from __future__ import annotations

import ctypes
import errno
import itertools
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import seccomp

#: Where the sandbox's disk appears inside (the learner's working folder, HOME and TMPDIR).
INSIDE = "/tmp/submission"
#: Where the files the grader hands in appear inside, read-only.
GIVEN = "/tmp/given"
#: Shared memory (POSIX semaphores, ``multiprocessing``): a second folder of the same disk.
SHARED_MEMORY = "/dev/shm"
#: A sandbox started by root runs as this uid plus the process id of its first process.
FIRST_UID = 2_000_000_000
#: Folders that hold people's files on a usual machine: empty in the sandbox.
PRIVATE_ROOTS = ("/home", "/root", "/tmp", "/var/tmp", "/mnt", "/media", "/srv", "/opt", "/work")

MISSING = ("Bubblewrap (bwrap) is not installed, so submissions cannot run in a sandbox: install "
           "it (apt-get install bubblewrap) or pass --no-sandbox to grade without one, only for "
           "code you trust.")


class SandboxMissing(RuntimeError):
    """``bwrap`` is not installed and the caller did not accept grading without a sandbox."""


class SandboxUnusable(RuntimeError):
    """The sandbox cannot start here: its user could not read what it needs, or this machine
    lacks what it is built from (user namespaces, a known architecture). Said in one sentence."""


@dataclass(frozen=True)
class Limits:
    """What one learner process may use. Memory is address space (``RLIMIT_AS``): a process
    that asks for more gets ``MemoryError``; processor time is ``RLIMIT_CPU`` seconds (then
    the kernel stops it); ``file_size`` is the largest file it may write (``RLIMIT_FSIZE``; in
    the sandbox the disk is the tighter cap); ``output`` the bytes it may print (counted by the
    reader); ``disk`` and ``files`` the bytes and the files and folders its disk holds (its
    scratch folder and ``/dev/shm`` together)."""

    memory: int = 3 * 1024 ** 3
    cpu: int = 3600
    file_size: int = 200 * 1024 ** 2
    output: int = 1_000_000
    processes: int = 256            # processes and threads at once, all of them (``Cap``)
    disk: int = 200 * 1024 ** 2
    files: int = 10_000


def available() -> bool:
    """True when bubblewrap is installed (``bwrap`` on the PATH)."""
    return shutil.which("bwrap") is not None


def refusal(sandbox: bool = True) -> str | None:
    """The sentence saying why learners' code cannot run in a sandbox on this machine, or None
    when it can (or when ``sandbox`` is False: the instructor passed ``--no-sandbox``):
    bubblewrap is missing (``MISSING``); the machine's architecture is not one the seccomp
    filter knows; or, for a grader that runs as root, the sandbox's user could not read what
    Python and the kit need."""
    if not sandbox:
        return None
    if not available():
        return MISSING
    try:
        seccomp.program()
    except seccomp.Unsupported as error:
        return str(error)
    if os.geteuid() == 0:
        for path in [*_needed(), Path(sys.executable), Path(tempfile.gettempdir())]:
            if not _others_may_read(path):
                return (f"Learners' code runs as a user who owns nothing on this machine, who "
                        f"cannot read {path}: make it and the folders above it readable by others "
                        f"(chmod o+rx), or put the kit and its virtual environment where others "
                        f"may read them (not under /root).")
    return None


def require(sandbox: bool = True) -> None:
    """Refuse, in one sentence (``refusal``), to run learners' code without a sandbox unless
    ``sandbox`` is False: ``SandboxMissing`` without bubblewrap, ``SandboxUnusable`` when it
    cannot work here."""
    sentence = refusal(sandbox)
    if sentence is not None:
        raise (SandboxMissing if sentence == MISSING else SandboxUnusable)(sentence)


def _others_may_read(path: Path) -> bool:
    """Whether a user who owns none of it, in none of its groups, may reach ``path`` and read it:
    every folder on the way must let others search it (``o+x``), and the path itself let them
    read it (``o+r``; a folder ``o+rx``). Checked on the path as given and on where its
    symbolic links lead. (The permission bits only: an access control list is not read.)"""
    for candidate in {path.absolute(), path.resolve()}:
        try:
            for folder in reversed(candidate.parents):
                if not os.stat(folder).st_mode & stat.S_IXOTH:
                    return False
            mode = os.stat(candidate).st_mode
        except OSError:
            return False
        wanted = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
        if mode & wanted != wanted:
            return False
    return True


def _kit_paths() -> tuple[Path, Path]:
    """The ``ninetynine`` package folder, and the folder that holds it (the kit's root)."""
    package = Path(__file__).resolve().parents[1]
    return package, package.parent


def _needed() -> list[Path]:
    """What Python and the kit need to run: the interpreter's prefixes, the folders of the
    installed packages, and the ``ninetynine`` package itself (never the rest of the kit)."""
    package, root = _kit_paths()
    paths = {Path(sys.base_prefix).resolve(), Path(sys.prefix), package}
    for entry in sys.path:
        path = Path(entry or ".").resolve()
        if path.is_dir() and path != root and "site-packages" in path.parts + (path.name,):
            paths.add(path)
    executable = Path(sys.executable)
    paths.add(executable.parent)
    paths.add(executable.resolve().parent)
    return sorted(paths, key=lambda p: len(p.parts))


#: Top-level folders of the system itself, never hidden whole
SYSTEM_ROOTS = ("/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc", "/proc",
                "/dev", "/sys", "/run", "/boot", "/var", "/nix", "/snap")


def _hidden(hide) -> list[Path]:
    """Folders to show empty: the private roots, the kit's folder, and the caller's ``hide``
    (a file stands for its folder: a folder cannot be shown empty over a file), each with the
    top-level folder it lies in, unless that is one of the system's (``/data/class/ada`` hides
    all of ``/data``: classmates in ``/data/class/bob`` too). What Python and the kit need is
    shown again, read-only, on top."""
    _, root = _kit_paths()
    paths = {Path(p) for p in PRIVATE_ROOTS} | {root}
    for item in hide:
        path = Path(item).resolve()
        path = path if path.is_dir() else path.parent
        if len(path.parts) > 1 and f"/{path.parts[1]}" not in SYSTEM_ROOTS:
            paths |= {path, Path("/", path.parts[1])}     # never a folder of the system itself
    return sorted((p for p in paths if p.is_dir() and p != Path("/")), key=lambda p: len(p.parts))


# --- the grader's side of a sandbox's files ----------------------------------------------------

SCRATCH_PREFIX = "ninetynine-learner-"


@dataclass(frozen=True)
class Scratch:
    """A sandbox's folder on the grader's side, ``ninetynine-learner-<grader's pid>-XXXX``:

    - ``given``: the grader writes here (a copy of the learner's notebook); the sandbox sees it,
      read-only, at ``GIVEN``;
    - ``disk``: where the sandbox's tmpfs is mounted, in the sandbox's own mount namespace: on
      the grader's machine an empty folder, whatever the learner writes. Without the sandbox,
      the learner's working folder.
    """

    root: Path

    @property
    def given(self) -> Path:
        return self.root / "given"

    @property
    def disk(self) -> Path:
        return self.root / "disk"

    @classmethod
    def make(cls) -> "Scratch":
        """A new, empty one, readable by the sandbox's user (``given``) or reachable only
        (the rest); first delete those that graders that are no longer running left."""
        _sweep_scratch()
        root = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-"))
        root.chmod(0o711)
        for folder, mode in ((root / "given", 0o755), (root / "disk", 0o711)):
            folder.mkdir()
            folder.chmod(mode)
        return cls(root)

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def _sweep_scratch() -> None:
    """Delete the scratch folders of graders that are gone (killed with SIGKILL, say)."""
    for folder in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        maker = folder.name[len(SCRATCH_PREFIX):].split("-")[0]
        if maker.isdigit() and not Path(f"/proc/{maker}").exists():
            shutil.rmtree(folder, ignore_errors=True)


# --- the command and its environment -----------------------------------------------------------

def environment(home: str | Path, extra=None) -> dict[str, str]:
    """All the environment variables a learner's process gets: what Python needs, ``HOME`` and
    ``TMPDIR`` at ``home``, and the caller's ``extra`` ones (names and values are text)."""
    variables = {"PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
                 "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": str(home), "TMPDIR": str(home),
                 "PYTHONDONTWRITEBYTECODE": "1"}
    for name, value in dict(extra or {}).items():
        if not (isinstance(name, str) and isinstance(value, str)):
            raise TypeError(f"An environment variable for the sandbox must be text, name and "
                            f"value: got {name!r}={value!r}.")
        variables[name] = value
    return variables


def command(argv: list[str], scratch: Scratch, hide=(), *, env=None,
            seccomp_fd: int | None = None) -> list[str]:
    """The ``bwrap`` command line that runs ``argv`` in a sandbox whose only writable folders
    are those of its disk, ``scratch.disk`` (mounted by ``start``), seen inside as ``INSIDE``,
    the working folder, and ``SHARED_MEMORY``; with ``env`` (see ``environment``) and nothing
    else of the grader's environment; under the seccomp filter read from ``seccomp_fd``."""
    hidden = _hidden(hide)
    line = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
            "--unshare-user", "--disable-userns", "--cap-drop", "ALL", "--ro-bind", "/", "/"]
    for path in hidden:
        line += ["--tmpfs", str(path)]
    for path in _needed():
        line += ["--ro-bind", str(path), str(path)]
    line += ["--dev", "/dev", "--proc", "/proc",
             "--bind", str(scratch.disk / "work"), INSIDE,
             "--bind", str(scratch.disk / "shm"), SHARED_MEMORY,
             "--ro-bind", str(scratch.given), GIVEN]
    for path in [*hidden, Path("/dev")]:                  # nothing else can be written
        line += ["--remount-ro", str(path)]
    if seccomp_fd is not None:
        line += ["--seccomp", str(seccomp_fd)]
    line += ["--chdir", INSIDE, "--clearenv"]
    for name, value in environment(INSIDE, env).items():
        line += ["--setenv", name, value]
    return line + ["--"] + list(argv)


# --- set up in the new process, before bwrap starts: its user, its disk, its limits -----------

_LIBC = ctypes.CDLL(None, use_errno=True)       # loaded here: never load a library after fork
_LIBC.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong,
                        ctypes.c_char_p]
_LIBC.unshare.argtypes = [ctypes.c_int]
CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
MS_NOSUID, MS_NODEV, MS_REC, MS_PRIVATE = 2, 4, 1 << 14, 1 << 18
PR_SET_DUMPABLE = 4


def _checked(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")


def _become(uid: int) -> None:
    """(Root only) become ``uid`` - its group too, no other groups - which drops every
    capability. Changing user made the process "not dumpable", which would make its
    ``/proc/self`` files root's and stop ``_mount_disk`` from writing its ``uid_map``: undo it."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    _LIBC.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)


def _mount_disk(folder: Path, limits: Limits) -> None:
    """Mount the sandbox's disk on ``folder``: a tmpfs of at most ``limits.disk`` bytes and
    ``limits.files`` files and folders (``nr_inodes``), with the folders ``work`` and ``shm`` in
    it. The mount is made in a user and a mount namespace of this process's own (any user may
    make them; in them it may mount a tmpfs), so that only this process and the sandbox that
    bwrap makes from it ever see it, and it goes when the last of them ends. Mounts are made
    private first: nothing mounted here reaches the grader's machine."""
    uid, gid = os.getuid(), os.getgid()
    _checked(_LIBC.unshare(CLONE_NEWUSER | CLONE_NEWNS), "unshare")
    Path("/proc/self/setgroups").write_text("deny")        # required before gid_map
    Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
    Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    _checked(_LIBC.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "private mounts")
    options = f"size={limits.disk},nr_inodes={limits.files},mode=0700"
    _checked(_LIBC.mount(b"tmpfs", bytes(folder), b"tmpfs", MS_NOSUID | MS_NODEV,
                         options.encode()), "mount the disk")
    for name in ("work", "shm"):
        (folder / name).mkdir(mode=0o700)


def _prepare(limits: Limits, cap: "Cap | None" = None, scratch: Scratch | None = None):
    """A function that prepares the process about to start (``preexec_fn``, run in it as the
    grader's user, before ``exec``): moves it into ``cap``'s cgroups (as root: before it gives
    root up), sets ``limits``, and, for a sandbox (``scratch``), gives it a user of its own when
    the grader is root (``FIRST_UID`` + its process id) and mounts its disk."""
    def prepare() -> None:
        if cap is not None:
            cap.enter()
        for kind, value in ((resource.RLIMIT_AS, limits.memory), (resource.RLIMIT_CPU, limits.cpu),
                            (resource.RLIMIT_FSIZE, limits.file_size), (resource.RLIMIT_CORE, 0)):
            resource.setrlimit(kind, (value, value))
        if scratch is not None:
            if os.geteuid() == 0:
                _become(FIRST_UID + os.getpid())
            _mount_disk(scratch.disk, limits)
    return prepare


# --- a cap on the sandbox as a whole: cgroups ------------------------------------------------------

CGROUPS = Path("/sys/fs/cgroup")
#: controller -> (the file that caps it under cgroup v1, under cgroup v2)
CAP_FILES = {"pids": ("pids.max", "pids.max"), "memory": ("memory.limit_in_bytes", "memory.max")}
#: the processor time a cgroup has used: cgroup v1's cpuacct (nanoseconds), v2's cpu.stat
CPU_FILES = ("cpuacct.usage", "cpu.stat")
_NAMES = itertools.count()


def _cgroup_root(controller: str) -> Path | None:
    """Where a cgroup with ``controller`` can be made: cgroup v1's ``/sys/fs/cgroup/pids`` (one
    folder per controller), or cgroup v2's ``/sys/fs/cgroup`` when the controller is enabled
    there; None when neither can be written."""
    v1 = CGROUPS / controller
    if (v1 / "cgroup.procs").exists():
        return v1 if os.access(v1, os.W_OK) else None
    try:
        enabled = (CGROUPS / "cgroup.subtree_control").read_text().split()
    except OSError:
        return None
    return CGROUPS if controller in enabled and os.access(CGROUPS, os.W_OK) else None


class Cap:
    """Cgroups of one sandbox's own: every process it starts is counted together.

    ``Cap(limits)`` makes them (``/sys/fs/cgroup/pids/ninetynine-<pid>-<n>`` and the same under
    ``memory``), ``enter()`` - called in the new process, before it runs anything - moves it in,
    and its children follow; ``close()`` kills whatever is left inside and removes them. A
    controller that cannot be used is left out: ``controllers`` names those in use."""

    def __init__(self, limits: Limits):
        self.folders: list[Path] = []           # one per controller (v1), or one for all (v2)
        self.controllers: list[str] = []
        name = f"ninetynine-{os.getpid()}-{next(_NAMES)}"
        _sweep()
        for controller, value in (("pids", limits.processes), ("memory", limits.memory)):
            root = _cgroup_root(controller)
            if root is None:
                continue
            folder, (v1, v2) = root / name, CAP_FILES[controller]
            try:
                folder.mkdir(exist_ok=True)
                (folder / (v1 if root.name == controller else v2)).write_text(str(value))
            except OSError:
                if folder not in self.folders:
                    _remove_cgroup(folder)
                continue
            if folder not in self.folders:
                self.folders.append(folder)
            self.controllers.append(controller)
        self.cpu_file = self._cpu_file(name)

    def _cpu_file(self, name: str) -> Path | None:
        """Where the kernel counts the processor time of every process of the sandbox: a
        cpuacct cgroup of its own (v1), or the cgroup above (v2); None without cgroups."""
        root = _cgroup_root("cpuacct")          # v1 only: v2 has no cpuacct controller
        if root is not None:
            try:
                (root / name).mkdir(exist_ok=True)
                self.folders.append(root / name)
                return root / name / CPU_FILES[0]
            except OSError:
                return None
        for folder in self.folders:
            if (folder / CPU_FILES[1]).exists():
                return folder / CPU_FILES[1]
        return None

    def cpu_seconds(self) -> float | None:
        """The processor time all the sandbox's processes and threads have used so far, as the
        kernel counts it (nothing the learner's code can change); None without cgroups."""
        try:
            text = self.cpu_file.read_text() if self.cpu_file else None
        except OSError:
            return None
        if text is None:
            return None
        if self.cpu_file.name == CPU_FILES[0]:
            return int(text) / 1e9
        usage = dict(line.split() for line in text.splitlines() if line.strip())
        return int(usage["usage_usec"]) / 1e6

    def enter(self) -> None:
        """Move the calling process into the cgroups (in the child, before ``exec``). A cgroup
        that refuses it is left out: the sandbox then runs without that cap, as it would on a
        machine without cgroups, rather than not at all."""
        for folder in self.folders:
            try:
                with open(folder / "cgroup.procs", "w") as procs:
                    procs.write(str(os.getpid()))
            except OSError:
                pass

    def members(self) -> set[int]:
        found: set[int] = set()
        for folder in self.folders:
            try:
                found |= {int(pid) for pid in (folder / "cgroup.procs").read_text().split()}
            except OSError:
                pass
        return found

    def close(self) -> None:
        """Kill every process still inside (a child that made a session of its own too), then
        remove the cgroups (a cgroup goes once its last process has gone: up to a second)."""
        deadline = time.monotonic() + 1.0
        while True:
            for pid in self.members():
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            self.folders = [folder for folder in self.folders if not _remove_cgroup(folder)]
            if not self.folders or time.monotonic() > deadline:
                return
            time.sleep(0.02)


def _sweep() -> None:
    """Remove the empty cgroups a grader that was killed left behind (once per process)."""
    if _SWEPT:
        return
    _SWEPT.append(True)
    for controller in (*CAP_FILES, "cpuacct"):
        root = _cgroup_root(controller)
        for folder in root.glob("ninetynine-*-*") if root is not None else ():
            creator = folder.name.split("-")[1]
            if creator.isdigit() and not Path(f"/proc/{creator}").exists():
                _remove_cgroup(folder)


_SWEPT: list[bool] = []


def _remove_cgroup(folder: Path) -> bool:
    try:
        folder.rmdir()
        return True
    except FileNotFoundError:
        return True
    except OSError:
        return False


def caps_available() -> list[str]:
    """The controllers a sandbox is capped with on this machine (``["pids", "memory"]`` as root
    with cgroups; ``[]`` where they cannot be written)."""
    return [controller for controller in CAP_FILES if _cgroup_root(controller) is not None]


def start(argv: list[str], scratch: Scratch, *, limits: Limits = Limits(), sandbox: bool = True,
          hide=(), env=None, pass_fds=(), **popen) -> subprocess.Popen:
    """Start ``argv`` in a sandbox (or, with ``sandbox=False``, without one but with the same
    limits), in a session of its own so that ``stop`` can end it and everything it started.
    ``scratch`` is its ``Scratch``; ``env`` the environment variables it gets besides those of
    ``environment`` - nothing of this process's own environment is passed on."""
    require(sandbox)
    cap = Cap(limits)
    passed, filter_fd = tuple(pass_fds), None
    if sandbox:
        filter_fd, writer = os.pipe()           # bwrap reads the seccomp filter from a pipe
        os.write(writer, seccomp.program())
        os.close(writer)
        line, cwd = command(argv, scratch, hide, env=env, seccomp_fd=filter_fd), None
        variables, passed = environment(INSIDE, env), passed + (filter_fd,)
    else:
        line, cwd, variables = list(argv), scratch.disk, environment(scratch.disk, env)
    try:
        process = subprocess.Popen(line, cwd=cwd, env=variables, start_new_session=True,
                                   preexec_fn=_prepare(limits, cap, scratch if sandbox else None),
                                   pass_fds=passed, **popen)
    except subprocess.SubprocessError as error:     # raised in _prepare: the reason is lost
        cap.close()
        if not sandbox:
            raise
        raise SandboxUnusable(
            "The sandbox could not be prepared (its limits, a user of its own, its disk mounted "
            "in a user namespace of its own): check that this machine lets users make user "
            "namespaces (sysctl user.max_user_namespaces), which bubblewrap needs too.") from error
    except BaseException:
        cap.close()
        raise
    finally:
        if filter_fd is not None:
            os.close(filter_fd)
    process.cap = cap
    return process


def stop(process: subprocess.Popen) -> None:
    """End ``process`` and every process it started: the sandbox (PID namespace) goes with it,
    and its disk with them. Without a sandbox, its process group goes (a child that made a
    session of its own escapes that: one reason to grade in the sandbox)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, 9)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:   # pragma: no cover - a process that ignores SIGKILL
        pass
    cap = getattr(process, "cap", None)
    if cap is not None:
        cap.close()


#: the error numbers of a full disk: no space left (28), over a quota (122), a file too large (27)
DISK_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def out_of_disk(name: str, text: str | None, limits: Limits = Limits()) -> str | None:
    """How a learner reads an error that says its disk is full: ``OSError: [Errno 28] No space
    left on device: 'big.bin'`` becomes ``OSError: the notebook used more than 200 MB of disk,
    or more than 10,000 files, in its scratch folder ([Errno 28] No space left on device:
    'big.bin')``. None for any other error (``name`` and ``text`` as the channel gives them)."""
    found = re.match(r"\[Errno (\d+)\]", text or "")
    if name != "OSError" or found is None or int(found.group(1)) not in DISK_FULL:
        return None
    return (f"OSError: the notebook used more than {limits.disk / 1024 ** 2:g} MB of disk, or "
            f"more than {limits.files:,} files, in its scratch folder ({text})")
