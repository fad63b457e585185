"""Running a league: here, game after game, or on a Dask cluster, one line-up per task.

``run_league(entries, table, fixtures, seconds, sandbox)`` plays every fixture and returns the
outcomes in the schedule's order, whatever order they finished in. Each contestant is opened
once (a learner's file is run once, in its sandbox) and asked for moves game after game.

With ``scheduler`` (the address of a Dask scheduler, ``tcp://host:8786``), each task plays the
games of one line-up: every deal, every rotation of seats. A worker keeps the contestants it has
opened for the next task that needs them (``_OPENED``), so a learner's notebook runs once per
worker, not once per task; at the end of the league every worker closes them
(``close_opened``). Dask ships the function and its arguments (the entries, the game's name and
options, the fixtures) and brings back the outcomes: plain dataclasses.
"""
from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Callable

from .contestants import Entry, HouseBot, InProcess, Table
from .referee import Fixture, Outcome, play


class ClusterRefusal(RuntimeError):
    """The Dask cluster cannot play: its scheduler cannot be reached, or bubblewrap is missing on
    a worker (the message is one sentence)."""


def open_contestant(entry: Entry, table: Table, sandbox: str, start_seconds: float = 60,
                    hide=()):
    """The contestant for ``entry``: a kit bot, or a learner's file run as ``sandbox`` says:
    "bwrap" (its own sandbox), "process" (its own process, no sandbox: ``--no-sandbox``) or
    "here" (this very process: the kit's own tests). ``start_seconds``: time for running the
    learner's file before its first move; ``hide``: folders the sandbox shows empty (every
    submission's folder, the results' folder)."""
    if entry.kind == "house":
        return HouseBot(entry, table)
    if sandbox == "here":
        return InProcess(entry, table)
    from .sandboxed import Sandboxed
    return Sandboxed(entry, table, use_bwrap=sandbox == "bwrap", start_seconds=start_seconds,
                     hide=hide)


def run_league(entries: list[Entry], table: Table, fixtures: list[Fixture], seconds: float,
               sandbox: str = "bwrap", scheduler: str | None = None,
               finished: Callable[[Outcome], None] | None = None,
               start_seconds: float = 60, hide=()) -> list[Outcome]:
    """Play every fixture; call ``finished(outcome)`` after each game (for a progress bar).
    ``hide``: folders no sandbox may see, besides every submission's own folder."""
    if scheduler is not None:
        return _on_dask(entries, table, fixtures, seconds, (sandbox, start_seconds), scheduler,
                        finished)
    hide = tuple(hide) + tuple(sorted({str(Path(entry.source).resolve().parent)
                                       for entry in entries if entry.kind == "file"}))
    game = table.make()
    contestants = [open_contestant(entry, table, sandbox, start_seconds, hide)
                   for entry in entries]
    outcomes = []
    try:
        for fixture in fixtures:
            outcomes.append(play(game, contestants, fixture, seconds))
            if finished:
                finished(outcomes[-1])
    finally:
        for contestant in contestants:
            contestant.close()
    return outcomes


# --- on Dask -----------------------------------------------------------------------------------

#: seconds to wait for the Dask scheduler to answer
CONNECT_SECONDS = 20

#: contestants a worker process has opened, kept for its next tasks: key -> (contestant, lock)
_OPENED: dict = {}
_OPENING = threading.Lock()


def _opened(entry: Entry, table: Table, sandbox: tuple[str, float]):
    with _OPENING:
        key = (entry, table, sandbox)
        if key not in _OPENED:
            _OPENED[key] = (open_contestant(entry, table, *sandbox), threading.Lock())
        return _OPENED[key]


def close_opened() -> int:
    """Run on every worker at the end of a league: close the contestants it opened (their
    sandboxes stop) and forget them. Returns how many there were."""
    with _OPENING:
        opened = list(_OPENED.values())
        _OPENED.clear()
    for contestant, lock in opened:
        with lock:
            contestant.close()
    return len(opened)


def play_lineup(lineup: dict[int, Entry], table: Table, fixtures: list[Fixture], seconds: float,
                sandbox: tuple[str, float]) -> list[Outcome]:
    """A Dask task: play the games of one line-up (``lineup`` maps the schedule's contestant
    numbers to their entries; ``sandbox`` is the mode and the start time of ``open_contestant``).
    A contestant serves one game at a time (its lock)."""
    if sandbox[0] == "bwrap":
        from .sandboxed import missing_sandbox
        if missing_sandbox():
            raise ClusterRefusal(f"On a Dask worker: {missing_sandbox()}")
    game = table.make()
    opened = {index: _opened(entry, table, sandbox) for index, entry in lineup.items()}
    locks = [opened[index][1] for index in sorted(opened)]      # always taken in the same order
    for lock in locks:
        lock.acquire()
    try:
        contestants = {index: contestant for index, (contestant, _) in opened.items()}
        return [play(game, contestants, fixture, seconds) for fixture in fixtures]
    finally:
        for lock in reversed(locks):
            lock.release()


def _on_dask(entries, table, fixtures, seconds, sandbox, scheduler, finished) -> list[Outcome]:
    from distributed import Client, as_completed
    by_lineup: dict[tuple, list[Fixture]] = defaultdict(list)
    for fixture in fixtures:
        by_lineup[tuple(sorted(fixture.seats))].append(fixture)
    # a worker may not see this machine's files: each learner's file travels as its text
    entries = [replace(entry, code=Path(entry.source).read_text(encoding="utf-8", errors="replace"))
               if entry.kind == "file" else entry for entry in entries]
    outcomes = []
    try:
        client = Client(scheduler, timeout=CONNECT_SECONDS)
    except (OSError, ValueError) as error:          # no scheduler there, or not an address
        raise ClusterRefusal(f"The Dask scheduler at {scheduler} cannot be reached: "
                             f"{str(error).rstrip('.')}.") from None
    with client:
        futures = [client.submit(play_lineup, {i: entries[i] for i in lineup}, table, batch,
                                 seconds, sandbox, pure=False)
                   for lineup, batch in by_lineup.items()]
        try:
            for future in as_completed(futures):
                for outcome in future.result():
                    outcomes.append(outcome)
                    if finished:
                        finished(outcome)
        finally:                        # done, failed or Ctrl-C: no game left running, no sandbox
            client.cancel(futures)
            try:
                client.run(close_opened)
            except Exception:           # noqa: BLE001 - a worker gone: its sandboxes went with it
                pass
    return sorted(outcomes, key=lambda outcome: outcome.fixture.number)
