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
  ``channel.py``, which stops a learner that prints more than ``Limits.output`` bytes).

Without ``bwrap`` the grader refuses to grade (``require``) unless the instructor passes
``--no-sandbox``; then ``start(..., sandbox=False)`` runs the same command with the same limits
and in its own process group, but with the user's own view of the files.

>>> command(["python", "-c", "pass"], "/tmp/x")[:4]
['bwrap', '--unshare-all', '--die-with-parent', '--new-session']
"""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
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


def _limit(limits: Limits):
    """A function that sets ``limits`` on the process about to start (``preexec_fn``)."""
    def apply() -> None:
        for kind, value in ((resource.RLIMIT_AS, limits.memory), (resource.RLIMIT_CPU, limits.cpu),
                            (resource.RLIMIT_FSIZE, limits.file_size), (resource.RLIMIT_CORE, 0)):
            resource.setrlimit(kind, (value, value))
    return apply


def start(argv: list[str], scratch: str | Path, *, limits: Limits = Limits(), sandbox: bool = True,
          hide=(), env: dict | None = None, pass_fds=(), **popen) -> subprocess.Popen:
    """Start ``argv`` in a sandbox (or, with ``sandbox=False``, without one but with the same
    limits), in a session of its own so that ``stop`` can end it and everything it started."""
    require(sandbox)
    line = command(argv, scratch, hide) if sandbox else list(argv)
    environment = dict(os.environ if env is None else env)
    if not sandbox:
        environment["HOME"] = environment["TMPDIR"] = str(scratch)
    return subprocess.Popen(line, cwd=None if sandbox else scratch, env=environment,
                            preexec_fn=_limit(limits), start_new_session=True,
                            pass_fds=tuple(pass_fds), **popen)


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
