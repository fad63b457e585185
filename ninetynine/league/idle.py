"""Processor time a learner's sandbox uses while it is not on move.

A bot has the processor while it chooses a move. Between its moves - while the other bots
choose theirs, or while other tables play - it should be idle: its process waits for the next
view. A bot that keeps a thread (or a process) busy in the background would take processor time
from the bots on move, and might make them run out of time. ``IdleWatch`` measures that time on
the referee's side, from Linux's own accounts in ``/proc``: every process of the sandbox, its
user and system time, plus what its finished children used (``cutime``, ``cstime``: a child
that burned and exited is still counted). The learner cannot change these numbers.

>>> import os
>>> watch = IdleWatch(os.getpid())
>>> watch.moved(); watch.idle() >= 0
True
"""
from __future__ import annotations

import os
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")       # /proc counts processor time in these ticks a second


def _processes(root: int) -> list[int]:
    """``root`` and every process below it (Linux: /proc/PID/task/TID/children)."""
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                waiting.extend(int(child) for child in (task / "children").read_text().split())
        except OSError:                 # it ended while we looked
            continue
    return found


def _seconds(pids: list[int]) -> float:
    """Processor seconds used by ``pids`` and their finished children."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(value) for value in fields[11:15])      # utime stime cutime cstime
    return ticks / TICK


class IdleWatch:
    """The processor time a process tree used since its last move (see the module docstring).

    ``moved()`` after each answer marks the time its processes used so far; ``idle()`` before
    the next request says how much was used in between: by the processes of the mark, and all of
    the time of any process started since (each call walks the tree: about half a millisecond).
    """

    def __init__(self, root: int):
        self.root, self.pids, self.mark = root, [root], None

    def moved(self) -> None:
        self.pids = _processes(self.root)
        self.mark = _seconds(self.pids)

    def idle(self) -> float:
        if self.mark is None:
            return 0.0
        known = set(self.pids)
        self.pids = _processes(self.root)
        new = [pid for pid in self.pids if pid not in known]
        return max(0.0, _seconds([pid for pid in self.pids if pid in known]) - self.mark
                   + _seconds(new))
