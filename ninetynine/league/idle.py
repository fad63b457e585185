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

TICK = os.sysconf("SC_CLK_TCK")       # /proc counts processor time in these ticks a second


def _read(path: str) -> bytes:
    with open(path, "rb") as file:      # plain open: this runs twice a move
        return file.read()


def _processes(root: int) -> list[int]:
    """``root`` and every process below it (Linux: /proc/PID/task/TID/children)."""
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                waiting.extend(map(int, _read(f"/proc/{pid}/task/{task}/children").split()))
        except OSError:                 # it ended while we looked
            continue
    return found


def _seconds(pids: list[int]) -> float:
    """Processor seconds used by ``pids`` and their finished children."""
    ticks = 0
    for pid in pids:
        try:
            fields = _read(f"/proc/{pid}/stat").rsplit(b")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(map(int, fields[11:15]))        # utime stime cutime cstime
    return ticks / TICK


class IdleWatch:
    """The processor time a process tree used since its last move (see the module docstring).

    ``moved()`` after each answer marks the time used so far by the processes ``idle()`` found
    last; ``idle()`` before the next request walks the tree again and says how much was used in
    between: by those processes, and all of the time of any process found since (a process the
    bot started during its last move is counted whole once). Both together cost about half a
    millisecond a move.
    """

    def __init__(self, root: int):
        self.root, self.pids, self.mark = root, _processes(root), None

    def moved(self) -> None:
        self.mark = _seconds(self.pids)

    def idle(self) -> float:
        if self.mark is None:
            return 0.0
        known = set(self.pids)
        self.pids = _processes(self.root)
        new = [pid for pid in self.pids if pid not in known]
        return max(0.0, _seconds([pid for pid in self.pids if pid in known]) - self.mark
                   + _seconds(new))
