"""Start a learner's process in its own bubblewrap sandbox, with limits.

A submission's code - a notebook's cells, a bot in a ``.py`` file - never runs in the grader's
process. ``start(argv, scratch)`` starts it under `bubblewrap <https://github.com/containers/bubblewrap>`_
(Debian's ``bwrap``), which gives it:

- a read-only view of the system, of Python and of the kit's ``ninetynine`` package, and nothing
  else of the machine: ``/home``, ``/root``, ``/tmp``, ``/mnt``, ``/srv``, ``/opt``, ``/work``,
  the kit's own folder (its ``solutions/``, ``tests/`` ...) and every folder the caller names in
  ``hide`` (the class's submissions, ``results.csv``, ``feedback/``), with the top-level folder
  each lies in, are empty there;
- one writable folder, ``/tmp/submission``: the private scratch folder where its own copy of the
  notebook lies (a fresh folder per submission, deleted afterwards);
- no network (its own empty network namespace), its own PID namespace (every process it starts
  dies with it: ``--die-with-parent``, and killing the sandbox kills them all), no capabilities,
  a new session (no terminal to write into);
- limits (``Limits``), set with ``setrlimit`` before it starts: address space (memory), processor
  time, size of any file it writes, no core files. Output is limited by whoever reads it (see
  ``channel.py``, which stops a learner that prints more than ``Limits.output`` bytes);
- a cap on all its processes together (``Cap``): the kernel's cgroups hold at most
  ``Limits.processes`` processes and threads (a fork bomb gets "Resource temporarily
  unavailable", and root is not exempt, as it is from ``RLIMIT_NPROC``) and at most
  ``Limits.memory`` bytes of memory in all, and counts their processor time (``Cap.cpu_seconds``,
  for checks that time the learner's code); ``stop`` kills every process left in them. Where the
  cgroups cannot be written (not root, or a container without them), ``Cap`` does nothing and
  ``caps_available()`` says so.

Without ``bwrap`` the grader refuses to grade (``require``) unless the instructor passes
``--no-sandbox``; then ``start(..., sandbox=False)`` runs the same command with the same limits
and in its own process group, but with the user's own view of the files.

>>> command(["python", "-c", "pass"], "/tmp/x")[:4]
['bwrap', '--unshare-all', '--die-with-parent', '--new-session']
"""
from __future__ import annotations

import itertools
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: Where the scratch folder appears inside the sandbox (the learner's working folder).
INSIDE = "/tmp/submission"
#: Folders that hold people's files on a usual machine: empty in the sandbox.
PRIVATE_ROOTS = ("/home", "/root", "/tmp", "/var/tmp", "/mnt", "/media", "/srv", "/opt", "/work")

MISSING = ("Bubblewrap (bwrap) is not installed, so submissions cannot run in a sandbox: install "
           "it (apt-get install bubblewrap) or pass --no-sandbox to grade without one, only for "
           "code you trust.")


class SandboxMissing(RuntimeError):
    """``bwrap`` is not installed and the caller did not accept grading without a sandbox."""


@dataclass(frozen=True)
class Limits:
    """What one learner process may use. Memory is address space (``RLIMIT_AS``): a process
    that asks for more gets ``MemoryError``; processor time is ``RLIMIT_CPU`` seconds (then
    the kernel stops it); ``file_size`` is the largest file it may write; ``output`` the bytes
    it may print (counted by the reader)."""

    memory: int = 3 * 1024 ** 3
    cpu: int = 3600
    file_size: int = 50 * 1024 ** 2
    output: int = 1_000_000
    processes: int = 256            # processes and threads at once, all of them (``Cap``)


def available() -> bool:
    """True when bubblewrap is installed (``bwrap`` on the PATH)."""
    return shutil.which("bwrap") is not None


def require(sandbox: bool = True) -> None:
    """Refuse, in one sentence (``MISSING``), to run learners' code without a sandbox unless
    ``sandbox`` is False (the instructor passed ``--no-sandbox``)."""
    if sandbox and not available():
        raise SandboxMissing(MISSING)


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


def command(argv: list[str], scratch: str | Path, hide=()) -> list[str]:
    """The ``bwrap`` command line that runs ``argv`` in a sandbox whose only writable folder is
    ``scratch`` (seen inside as ``INSIDE``, the working folder)."""
    line = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--ro-bind", "/", "/"]
    for path in _hidden(hide):
        line += ["--tmpfs", str(path)]
    for path in _needed():
        line += ["--ro-bind", str(path), str(path)]
    line += ["--dev", "/dev", "--proc", "/proc", "--bind", str(scratch), INSIDE,
             "--chdir", INSIDE, "--setenv", "HOME", INSIDE, "--setenv", "TMPDIR", INSIDE, "--"]
    return line + list(argv)


def _limit(limits: Limits, cap: "Cap | None" = None):
    """A function that sets ``limits`` on the process about to start (``preexec_fn``), and
    moves it into ``cap``'s cgroups."""
    def apply() -> None:
        if cap is not None:
            cap.enter()
        for kind, value in ((resource.RLIMIT_AS, limits.memory), (resource.RLIMIT_CPU, limits.cpu),
                            (resource.RLIMIT_FSIZE, limits.file_size), (resource.RLIMIT_CORE, 0)):
            resource.setrlimit(kind, (value, value))
    return apply


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


def start(argv: list[str], scratch: str | Path, *, limits: Limits = Limits(), sandbox: bool = True,
          hide=(), env: dict | None = None, pass_fds=(), **popen) -> subprocess.Popen:
    """Start ``argv`` in a sandbox (or, with ``sandbox=False``, without one but with the same
    limits), in a session of its own so that ``stop`` can end it and everything it started."""
    require(sandbox)
    line = command(argv, scratch, hide) if sandbox else list(argv)
    environment = dict(os.environ if env is None else env)
    if not sandbox:
        environment["HOME"] = environment["TMPDIR"] = str(scratch)
    cap = Cap(limits)
    try:
        process = subprocess.Popen(line, cwd=None if sandbox else scratch, env=environment,
                                   preexec_fn=_limit(limits, cap), start_new_session=True,
                                   pass_fds=tuple(pass_fds), **popen)
    except BaseException:
        cap.close()
        raise
    process.cap = cap
    return process


def stop(process: subprocess.Popen) -> None:
    """End ``process`` and every process it started: the sandbox (PID namespace) goes with it.
    Without a sandbox, its process group goes (a child that made a session of its own escapes
    that: one reason to grade in the sandbox)."""
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
