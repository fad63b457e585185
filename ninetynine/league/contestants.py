"""Contestants: the players of a league, each answering views with moves' text, within a time.

The referee (``referee.play``) knows a contestant only through three calls:

- ``begin(key)``: a new game starts (``key`` is the referee's secret name for it: a kit bot
  seeds its random generator with it, a learner's seat never sends it on; a contestant keeps
  nothing from one game to the next, and a sandbox that died in the last game is started again);
- ``answer(view, seconds) -> str``: the text of a move for this view, within ``seconds``; any
  failure raises ``Forfeit`` with one sentence saying what went wrong;
- ``close()``: the league is over.

Three kinds:

- ``HouseBot``: one of the kit's own bots (``--house expert``), trusted, in the referee's process
  and without a time limit;
- ``InProcess``: a learner's ``.py`` file run in the referee's own process, for the kit's own
  tests of the league; each move is waited for in a thread, at most the time limit;
- ``Sandboxed`` (``sandboxed.py``): a learner's file in its own sandbox, reached through the
  grader's plain-data channel.

Every kind of learner's seat goes through the same plain-data view (``plain.to_plain``) and
answers text, so the kit's tests of the in-process kind test the same path the sandbox takes.

**What a learner's bot is sent** (``PlainSeat.payload``): its seat's view, the game's name and
options, the number of history events sent before, and a random name for the game
(``secrets``, drawn afresh each game) so that its side can tell one game's history from the
next. Never the seed, the referee's key, or the game's number in the schedule: with the seed
of a deal, a bot could deal the same cards itself and read every hand.
"""
from __future__ import annotations

import dataclasses
import random
import runpy
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path

from .. import bots as _bots
from ..core import make
from .plain import install, to_plain
from .seat import answer as seat_answer, player_name

#: characters of a learner's error message kept in a forfeit's reason
MESSAGE_LIMIT = 200


class Forfeit(Exception):
    """A contestant cannot go on with this game; the message is one sentence saying why."""


@dataclass(frozen=True)
class Entry:
    """What a contestant is, in a form that can be sent to another machine (Dask).

    kind    "house" (a kit bot, ``source`` is its name) or "file" (a learner's notebook or .py)
    name    the name shown in the results (made unique by the league)
    source  the kit bot's name, or the file's path
    code    the file's text, sent along to a Dask worker that cannot read the file ("" here)
    """

    kind: str
    name: str
    source: str
    code: str = ""


@dataclass(frozen=True)
class Table:
    """The game a contestant is playing: its name and options (plain data), and, for a game of a
    learner's own, what rebuilds it where its module cannot be imported (``plain.game_source``:
    the module's name and text; () for the kit's games)."""

    game: str
    options: tuple
    source: tuple = ()

    def make(self):
        """The game, registered first from ``source`` where it is not known yet (a sandbox, a
        Dask worker)."""
        install(self.game, self.source)
        return make(self.game, **dict(self.options))


def one_line(text: str) -> str:
    """``text`` on one line, cut to ``MESSAGE_LIMIT`` characters, without a final full stop."""
    text = " ".join(str(text).split()).rstrip(".")
    return text if len(text) <= MESSAGE_LIMIT else text[:MESSAGE_LIMIT - 3] + "..."


def error_sentence(function: str, error: BaseException) -> str:
    """``my_bot raised ZeroDivisionError: division by zero.`` on one line, cut to a length."""
    message = one_line(str(error))
    kind = type(error).__name__[:60]            # a learner's own error class: any name at all
    text = f"{function} raised {kind}" + (f": {message}" if message else "")
    return text if text.endswith(".") else text + "."


def too_slow(function: str, seconds: float) -> str:
    unit = "second" if seconds == 1 else "seconds"
    return f"{function} took longer than {seconds:g} {unit} to choose a move."


class Contestant:
    """The shape every contestant has (see the module's docstring). ``timed``: whether its moves
    are held to the time limit (the referee's clock, ``referee._play_answer``)."""

    timed = True

    def __init__(self, entry: Entry, table: Table):
        self.entry, self.table = entry, table
        self.key = None

    def begin(self, key) -> None:
        self.key = key

    def answer(self, view, seconds: float) -> str:
        raise NotImplementedError

    def close(self) -> None:
        pass


class HouseBot(Contestant):
    """A bot of the kit, by name; its random generator (if any) is seeded by the game's key.

    It runs in the referee's process, trusted and without a time limit; the key, like the view
    it is shown, never leaves that process."""

    timed = False

    def begin(self, key) -> None:
        super().begin(key)
        self.bot = _bots.get(self.entry.source, self.table.game)
        if self.bot is _bots.random_bot:
            rng = random.Random(f"house:{key}")
            self.bot = lambda view: _bots.random_bot(view, rng)

    def answer(self, view, seconds: float) -> str:
        return str(self.bot(view))


class PlainSeat(Contestant):
    """A learner's seat reached with plain data: the view goes out with only the history the seat
    has not been sent yet in this game (``seat.HISTORY`` on the other side keeps the rest).

    The referee's ``key`` stays here: the learner's side knows the game by a name drawn at
    random for it (``game``), which tells it that a new game began and nothing else."""

    function = "my_bot"
    broken: str | None = None       # why the learner's file cannot play at all, once known

    def begin(self, key) -> None:
        """A game begins: run the learner's file now if it is not running (so that starting it
        is never counted as a move's time; a file that cannot play is not run again)."""
        super().begin(key)
        self.game, self.sent = secrets.token_hex(8), 0
        if not self._running() and self.broken is None:
            self._start()

    def _ready(self) -> None:
        """Before a move: run the learner's file if ``begin`` did not; a file that cannot play
        forfeits every game with the same reason, and is not run again."""
        if not self._running() and self.broken is None:
            self._start()
        if self.broken:
            raise Forfeit(self.broken)

    def _running(self) -> bool:
        raise NotImplementedError

    def _start(self) -> None:
        raise NotImplementedError

    def payload(self, view) -> dict:
        """All that crosses to the learner's side for one move: the view as plain data, with the
        events it has not been sent yet, and the game's random name (see the module's
        docstring)."""
        history = view.history
        data = to_plain(dataclasses.replace(view, history=history[self.sent:]),
                        self.table.game, dict(self.table.options))
        data["key"], data["start"] = self.game, self.sent
        self.sent = len(history)
        return data


class InProcess(PlainSeat):
    """A learner's ``.py`` file run in this process: for the kit's own tests of the league.

    Each move is asked for in a thread the referee waits for at most ``seconds``, as it would
    wait for a sandbox; a bot still thinking then forfeits, and its thread is left to finish on
    its own (it cannot be stopped). Learners' files in a real league run in sandboxes
    (``sandboxed.py``), where a bot that is too slow is stopped for good.
    """

    def __init__(self, entry: Entry, table: Table):
        super().__init__(entry, table)
        self.namespace = None
        self.history = {"key": None, "events": []}      # its own, as a sandbox would have

    def _running(self) -> bool:
        return self.namespace is not None

    def _start(self) -> None:
        path = Path(self.entry.source)
        try:
            if path.suffix != ".py":
                raise LookupError("Only .py files run in the referee's process: notebooks run "
                                  "in a sandbox.")
            self.namespace = runpy.run_path(str(path), run_name="__learner__")
            self.function = player_name(self.namespace)
        except LookupError as error:
            self.broken = str(error)
        except KeyboardInterrupt:
            raise
        except BaseException as error:      # noqa: BLE001 - sys.exit() too: anything a file does
            self.broken = f"The file did not run: {error_sentence('it', error)}"

    def answer(self, view, seconds: float) -> str:
        self._ready()
        data, done = self.payload(view), {}

        def move() -> None:
            try:
                done["text"] = seat_answer(self.namespace, data, self.history)
            except BaseException as error:      # noqa: BLE001
                done["error"] = error

        thread = threading.Thread(target=move, daemon=True)
        thread.start()
        thread.join(seconds)
        if thread.is_alive():
            self.history = {"key": None, "events": []}      # the old thread may still write
            raise Forfeit(too_slow(self.function, seconds))
        if "error" in done:
            raise Forfeit(error_sentence(self.function, done["error"]))
        return done["text"]
