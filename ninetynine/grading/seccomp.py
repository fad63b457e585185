"""A seccomp filter that takes file locks and file watches away from a sandbox.

Why: every sandbox sees the same system files (``/usr``, the kit's package), read-only. Read-only
bind mounts share inodes, so two sandboxes that could lock the same file (``flock``, ``fcntl``
record locks and leases) or watch it (``inotify``, ``fanotify``, ``fcntl``'s ``F_NOTIFY``: a
watch sees another process open or read a file) could pass messages to each other - two bots of
one league agreeing on their moves, say. Nothing they do needs either, so the kernel refuses
them: each such call fails with ``EPERM`` ("Operation not permitted"), which Python raises as
``PermissionError``.

How: ``bwrap --seccomp FD`` reads a *classic BPF* program from FD and has the kernel run it on
every system call the sandbox makes (seccomp, ``man 2 seccomp``). The program sees a
``struct seccomp_data``::

    offset 0   int   nr                    the system call's number
    offset 4   u32   arch                  which calling convention (AUDIT_ARCH_*)
    offset 8   u64   instruction_pointer
    offset 16  u64   args[6]               its arguments, 8 bytes each

and returns what happens: go ahead (``ALLOW``), fail with an error number (``ERRNO``), or kill
the process (``KILL_PROCESS``). Each instruction is a ``struct sock_filter`` - a 16-bit
operation, two 8-bit jump offsets (to take when a test is true, when it is false, counted in
instructions after this one) and a 32-bit operand - eight bytes, packed here with ``struct``.

System call numbers differ between architectures, so the program first checks the ``arch``
field and knows two: x86_64 and aarch64. A call made under any other convention - a 32-bit
``int 0x80`` call on x86_64, or an x32 one (numbers from ``0x40000000``) - kills the process:
its numbers would mean other calls, and Python never makes such calls. On a machine of another
architecture ``program()`` refuses, in one sentence (``Unsupported``), and the grader with it.

>>> len(program("x86_64")) % 8, len(program("aarch64")) % 8
(0, 0)
"""
from __future__ import annotations

import errno
import platform
import struct

# --- the kernel's constants (linux/audit.h, linux/seccomp.h, linux/filter.h, fcntl.h) ---------

AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}

#: the system calls refused outright, by architecture (asm/unistd.h); aarch64 has no
#: ``inotify_init``, only ``inotify_init1``
REFUSED = {
    "x86_64": {"flock": 73, "inotify_init": 253, "inotify_init1": 294, "fanotify_init": 300},
    "aarch64": {"flock": 32, "inotify_init1": 26, "fanotify_init": 262},
}
FCNTL = {"x86_64": 72, "aarch64": 25}

#: ``fcntl`` commands refused: record locks (classic and open-file-description ones), leases
#: (the holder is told when another process opens the file) and directory notifications
#: (``F_NOTIFY``, the old inotify). Reading a lock (``F_GETLK``) stays: with no lock set in any
#: sandbox, there is nothing of another sandbox's to read.
FCNTL_REFUSED = {"F_SETLK": 6, "F_SETLKW": 7, "F_OFD_SETLK": 37, "F_OFD_SETLKW": 38,
                 "F_SETLEASE": 1024, "F_NOTIFY": 1026}

#: x86_64's x32 calls have this bit set in their number
X32_BIT = 0x40000000

ALLOW = 0x7FFF0000
ERRNO = 0x00050000                      # | the error number
KILL_PROCESS = 0x80000000

# classic BPF operations: load a 32-bit word of seccomp_data, compare with a constant, return
LOAD_WORD = 0x20                        # BPF_LD | BPF_W | BPF_ABS
JUMP_IF_EQUAL = 0x15                    # BPF_JMP | BPF_JEQ | BPF_K
JUMP_IF_AT_LEAST = 0x35                 # BPF_JMP | BPF_JGE | BPF_K
RETURN = 0x06                           # BPF_RET | BPF_K

NR, ARCH = 0, 4
#: the low 32 bits of the second argument (``cmd`` of ``fcntl(fd, cmd, arg)``): both
#: architectures are little-endian, so the low half comes first. The kernel reads ``cmd`` as an
#: ``unsigned int``, so the high half is ignored there and must be here too: a test on all 64
#: bits would let ``F_SETLK | 1 << 32`` through
SECOND_ARGUMENT = 16 + 8 * 1


class Unsupported(RuntimeError):
    """This machine's architecture is not one whose system call numbers the filter knows."""


def machine() -> str:
    """This machine's architecture as the filter names it (``arm64`` is ``aarch64``)."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(name, name)


def program(arch: str | None = None) -> bytes:
    """The filter for ``arch`` (this machine's by default), ready for ``bwrap --seccomp FD``."""
    arch = arch or machine()
    if arch not in AUDIT_ARCH:
        raise Unsupported(f"The sandbox's seccomp filter knows the system calls of x86_64 and "
                          f"aarch64 only, not of this machine's {arch}: grade on one of those, "
                          f"or pass --no-sandbox, only for code you trust.")
    code = [
        (LOAD_WORD, None, None, ARCH),
        (JUMP_IF_EQUAL, None, "kill", AUDIT_ARCH[arch]),      # another convention: kill
        (LOAD_WORD, None, None, NR),
    ]
    if arch == "x86_64":
        code.append((JUMP_IF_AT_LEAST, "kill", None, X32_BIT))
    for number in REFUSED[arch].values():
        code.append((JUMP_IF_EQUAL, "refuse", None, number))
    code += [
        (JUMP_IF_EQUAL, None, "allow", FCNTL[arch]),           # not fcntl: allowed
        (LOAD_WORD, None, None, SECOND_ARGUMENT),
    ]
    for command in FCNTL_REFUSED.values():
        code.append((JUMP_IF_EQUAL, "refuse", None, command))
    ends = {"allow": ALLOW, "refuse": ERRNO | errno.EPERM, "kill": KILL_PROCESS}
    code += [(RETURN, label, None, value) for label, value in ends.items()]
    return _assemble(code)


def _assemble(code: list[tuple]) -> bytes:
    """Pack the instructions, turning each jump's label into an offset. In ``code`` a jump's
    target is None (the next instruction) or the label of one of the ``RETURN`` instructions at
    the end, which carry their label in the place of the true-jump."""
    where = {jt: index for index, (op, jt, _, _) in enumerate(code) if op == RETURN}
    packed = []
    for index, (op, jt, jf, k) in enumerate(code):
        if op == RETURN:
            jt = jf = None
        offsets = [0 if label is None else where[label] - index - 1 for label in (jt, jf)]
        assert all(0 <= offset < 256 for offset in offsets), "a jump too far for classic BPF"
        packed.append(struct.pack("=HBBI", op, *offsets, k))
    return b"".join(packed)
