"""A learner's bot in its own sandbox, reached through the grader's plain-data channel.

``Sandboxed`` starts the learner's process with ``grading.channel.Learner`` (bubblewrap: no
network, a read-only view of the system and the kit, no view of the other submissions or of the
league's results, limits on memory, processor time and output), runs the learner's file there
once (a notebook's code cells except its check cells, or a ``.py`` file), and adds two small
functions to its namespace that call ``league.seat``. At each move the referee sends the view as
plain data (``PlainSeat.payload``: the view, the game's name and options, and a random name for
the game; never a seed) and gets the move's text back, within the time limit.

The file runs when a game begins (``begin``), not when the first move is asked for, so that the
time it takes to start is never counted as a move's. A move's time - the channel's call,
reading and rebuilding its answer, and the referee's parsing of the text - is the referee's
clock (``referee._play_answer``); the channel's own limit is what is left of it.

**Each game is played by a fresh copy of the bot's process** (``Learner.fork``), made from it as
its file left it: a bot's process lives for the whole league, and the same deal comes back in
other seats and line-ups (duplicate deals), so a bot that remembered the hands of one game could
know its opponents' hands when the deal comes back. The copy ends with its game, and all it
learnt with it (a copy takes about 3 ms to make). An answer is at most ``ANSWER_BYTES``: a longer
one is refused before it is read (reading it would take the referee's time, not the bot's).

A bot that is too slow, prints too much, or ends its own process loses its sandbox with the game;
the next game starts it again (and runs the file again). A file that does not run at all, or
defines no bot, forfeits every game with the same reason, and is not started again; nor is one
whose answer is not text at all (only a file that changed the league's code in its sandbox can
send one, and reading it may cost the referee dearly).

Between its moves a bot must be idle (``idle.IdleWatch``): one that keeps the processor busy
while the others play - more than ``IDLE_SECONDS`` in all, and more than ``IDLE_SHARE`` of the
time it waited - would slow the bots on move down. It forfeits, its sandbox is stopped, and it
plays no more games in the league.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import time

from .contestants import Entry, Forfeit, PlainSeat, Table, error_sentence, one_line, too_slow
from .idle import IdleWatch
from .plain import install_code
from .seat import BOT_NAMES

#: bytes of memory (address space) for each bot's process: every bot of a league has its sandbox
#: at once, so less than a graded notebook gets (a kit bot's process takes about 30 MB)
MEMORY = 1024 ** 3

#: bytes of one answer a bot's process may send (a move's text is a few characters)
ANSWER_BYTES = 64 * 1024

#: a bot busy between its moves for more than this many processor seconds in all...
IDLE_SECONDS = 1.0
#: ...and for more than this share of the time it waited, is stopped (a bot that waits for the
#: next view uses none; Linux counts processor time in ticks, so a few are noise)
IDLE_SHARE = 0.1

#: run in the learner's namespace after its file: the referee calls these two by name
SEAT_CODE = """\
import ninetynine.league.seat as _league_seat
def _league_player():
    return _league_seat.player_name(globals())
def _league_answer(data):
    return _league_seat.answer(globals(), data)
"""


def missing_sandbox() -> str | None:
    """The grader's sentence saying why learners' bots cannot run in a sandbox here
    (``sandbox.refusal``), or None when they can."""
    from ..grading import sandbox
    return sandbox.refusal()


class Sandboxed(PlainSeat):
    """A learner's notebook or ``.py`` file in a sandbox (``use_bwrap=False``: in a process of
    its own without one, for ``--no-sandbox``)."""

    def __init__(self, entry: Entry, table: Table, use_bwrap: bool = True,
                 start_seconds: float = 60, hide=()):
        super().__init__(entry, table)
        self.use_bwrap, self.start_seconds, self.hide = use_bwrap, start_seconds, tuple(hide)
        self.learner, self.copy, self.forked = None, None, False
        self.idle_seconds, self.waited, self.watch, self.since = 0.0, 0.0, None, None
        self.idle_limits = (IDLE_SECONDS, IDLE_SHARE)

    def _file(self) -> Path:
        """The learner's file; on a Dask worker, a private copy of the text sent with the entry."""
        if not self.entry.code:
            return Path(self.entry.source)
        if self.copy is None:
            folder = Path(tempfile.mkdtemp(prefix="ninetynine-league-"))
            self.copy = folder / Path(self.entry.source).name
            self.copy.write_text(self.entry.code, encoding="utf-8")
        return self.copy

    def _start(self) -> None:
        from ..grading.channel import Learner, LearnerError, LearnerFailure, OutOfTime
        from ..grading.sandbox import Limits, out_of_disk
        try:
            self.learner = Learner(sandbox=self.use_bwrap, hide=self.hide,
                                   limits=Limits(memory=MEMORY))
            self.learner.answer_limit = ANSWER_BYTES
            if self.table.source:               # a game of a learner's own: its module first
                self.learner.run(install_code(self.table.game, self.table.source), "<game>",
                                 timeout=self.start_seconds)
            self.learner.load(self._file(), timeout=self.start_seconds)
            self.learner.run(SEAT_CODE, "<league>", timeout=self.start_seconds)
            named = self.learner.call("_league_player", timeout=self.start_seconds)
            self.function = named if named in BOT_NAMES else "my_bot"     # whatever it claims
            self.watch = IdleWatch(self.learner.process.pid)
            self._moved()
        except LearnerError as error:           # raised by a cell: its name, text and cell
            said = out_of_disk(error.name, error.text) or f"{error.name}: {error.text}"
            self.broken = f"The file did not run: {one_line(said)}."
        except LookupError as error:            # neither my_bot nor my_bid
            self.broken = str(error)
        except OutOfTime:
            self.broken = f"The file did not run within {self.start_seconds:g} seconds."
        except LearnerFailure as error:
            self.broken = f"The file did not run: {error}"
        except Exception as error:              # noqa: BLE001 - unreadable, not a notebook...
            self.broken = f"The file could not be read: {error_sentence('reading it', error)}"
        if self.broken:
            self._stop()

    def begin(self, key) -> None:
        if self.learner is not None and self.learner.failure is not None:
            self._stop()                        # stopped in the last game: start afresh
        super().begin(key)
        if self.learner is not None:
            self._fresh_copy()

    def _fresh_copy(self) -> None:
        """End the last game's copy of the bot's process, and make a new one for this game (see
        the module's docstring); the idle watch starts again on the new copy."""
        from ..grading.channel import LearnerFailure
        try:
            if self.forked:
                self.learner.end_fork(timeout=self.start_seconds)
            self.forked = False
            self.learner.fork(timeout=self.start_seconds)
            self.forked = True
        except LearnerFailure as failure:
            self.broken = f"The bot's process could not be copied for a new game: {failure}"
            self._stop()
            return
        self.watch = IdleWatch(self.learner.process.pid)
        self._moved()

    def _running(self) -> bool:
        return self.learner is not None

    def answer(self, view, seconds: float) -> str:
        from ..grading.channel import DecodeError, LearnerFailure, OutOfTime, TooLong
        asked = time.monotonic()
        self._ready()
        self._check_idle()
        data = self.payload(view)
        left = max(0.001, seconds - (time.monotonic() - asked))
        try:
            text = self.learner.call("_league_answer", data, timeout=left)
        except OutOfTime:
            raise Forfeit(too_slow(self.function, seconds)) from None
        except TooLong:
            raise Forfeit(f"{self.function} answered more than {ANSWER_BYTES // 1024} KB, far "
                          "more than any move of this game.") from None
        except LearnerFailure as failure:
            raise Forfeit(str(failure)) from None       # the channel's sentence: stopped...
        except DecodeError:                     # not plain data: no text, whatever it was
            self._refuse_changed_seat()
        except Exception as error:              # noqa: BLE001 - the learner's error, rebuilt
            self._moved()
            raise Forfeit(error_sentence(self.function, error)) from None
        if not isinstance(text, str):
            self._refuse_changed_seat()
        self._moved()
        return text

    def _refuse_changed_seat(self):
        """The league's code in the sandbox (``SEAT_CODE``, ``seat.answer``) always answers text:
        an answer that is anything else means the learner's file changed it, perhaps to send
        answers that are slow to read. Such a bot plays no more games in the league."""
        self.broken = (f"{self.function} answered something that is not text (the league's code "
                       "in its sandbox always answers text, so the file changed it), so it plays "
                       "no more games in this league.")
        self._stop()
        raise Forfeit(self.broken) from None

    def _moved(self) -> None:
        self.watch.moved()
        self.since = time.monotonic()

    def _check_idle(self) -> None:
        """Add the processor time used since the last move; stop a bot that keeps busy."""
        self.idle_seconds += self.watch.idle()
        self.waited += time.monotonic() - self.since
        most, share = self.idle_limits
        if self.idle_seconds > most and self.idle_seconds > share * self.waited:
            self.broken = (f"{self.function} kept the processor busy between its moves "
                           f"({self.idle_seconds:.1f} seconds while the others played), so it "
                           "plays no more games in this league.")
            self._stop()
            raise Forfeit(self.broken)

    def _stop(self) -> None:
        if self.learner is not None:
            self.learner.close()
            self.learner = None
        self.forked = False

    def close(self) -> None:
        """The league is over: stop the sandbox, and delete the copy a Dask worker made."""
        self._stop()
        if self.copy is not None:
            shutil.rmtree(self.copy.parent, ignore_errors=True)
            self.copy = None
