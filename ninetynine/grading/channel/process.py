"""The learner's process in its sandbox, and the pipe to it: the part of ``Learner`` that only
moves messages.

``LearnerProcess`` starts ``python -m ninetynine.grading.channel`` in a sandbox
(``sandbox.py``), counts what the learner prints without ever reading it, sends one request and
reads its answer (``_request``: an id nobody can guess, callbacks of stand-ins answered while it
waits), and fails and closes the process when it cannot answer (``failures.py``). What the
requests ask - run a cell, call a function, make steps - is ``learner.Learner``, built on it.
A module of its own so that the dangerous part (reading bytes a learner wrote) is short and
can be read whole.
"""
from __future__ import annotations

import itertools
import json
import os
import secrets
import select
import struct
import subprocess
import sys
import threading
import time
from typing import Self

from .. import sandbox as _sandbox
from .errors import error_data
from .failures import LearnerFailure, OutOfTime, Stopped, TooLong, TooMuchOutput, call_timeout
from .pickling import Histories, pickled
from .plain_data import Remote, decode, decoding
from .wire import ANSWER_VARIABLE, GRADING, MESSAGE_LIMIT, write_all


class LearnerProcess:
    """One learner's process, in a sandbox, and the pipe to it (``learner.Learner`` asks it
    things; see the package's docstring).

    ``sandbox=False`` runs it without bubblewrap (same limits, own process group); ``hide``
    names more folders the sandbox shows empty; ``limits`` are ``sandbox.Limits``; ``env`` the
    environment variables it gets besides the few the sandbox gives (``sandbox.environment``):
    nothing of this process's own environment is passed on. ``scratch`` is where the grader
    hands in files (a copy of the notebook), which the sandbox sees read-only at
    ``sandbox.GIVEN``; what the learner writes stays on its own disk, which nothing here reads.
    """

    def __init__(self, *, sandbox: bool = True, limits: _sandbox.Limits = _sandbox.Limits(),
                 hide=(), env: dict | None = None, grading: bool = True):
        _sandbox.require(sandbox)
        self.limits = limits
        self.folders = _sandbox.Scratch.make()
        self.scratch = self.folders.given
        variables = dict(env or {})
        if grading:
            variables[GRADING] = "1"
        answers_read, answers_write = os.pipe()
        variables[ANSWER_VARIABLE] = str(answers_write)
        try:
            self.process = _sandbox.start(
                [sys.executable, "-m", "ninetynine.grading.channel"], self.folders, limits=limits,
                sandbox=sandbox, hide=hide, env=variables, pass_fds=(answers_write,),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except BaseException:
            os.close(answers_read)
            os.close(answers_write)
            self.folders.remove()
            raise
        os.close(answers_write)
        self._answers = answers_read
        self.output_bytes = 0
        self.tail = b""                # the last of the learner's output, for a diagnosis
        self.failure: LearnerFailure | None = None
        self.live_calls = 0
        self.answer_limit = MESSAGE_LIMIT      # bytes of one answer (a league's moves: far less)
        #: the stand-ins in force (``RemoteStandIn``): callback number -> the function here
        self.callbacks: dict[int, object] = {}
        self.callback_numbers = itertools.count(1)
        self._asking: list[str] = []           # the ids of the requests waiting for an answer
        self.remotes: dict[int, Remote] = {}   # handle -> its Remote: one Remote per object
        self.given: dict[str, type] = {}       # the exercise's given classes, by name (``give``)
        self.reducers: dict = {}               # how ``pickled`` sends them: by their fields
        self.histories = Histories()           # the views' histories its side holds
        #: read ahead: a getattr also brings the object's own attributes, kept (as sent) in
        #: ``read`` until the learner's code next runs, so that reading a state's fields one
        #: by one crosses once (``Placement``'s grader-side helpers read many)
        self.read_ahead = False
        self.read: dict[tuple, object] = {}
        self._lock = threading.RLock()     # re-entered by a callback that calls the learner
        self._drain = threading.Thread(target=self._count_output, daemon=True)
        self._drain.start()
        self._expect_fd()

    def _expect_fd(self):
        """The learner's side starts with a note on the answer channel (so that a missing
        channel shows at once). An answer channel the sandbox did not pass would stop here."""
        self._receive(time.monotonic() + 30)

    # the learner's prints are counted, never read as anything
    def _count_output(self):
        stream = self.process.stdout
        while True:
            try:
                chunk = stream.read1(65536)
            except (OSError, ValueError):
                return
            if not chunk:
                return
            self.output_bytes += len(chunk)
            self.tail = (self.tail + chunk)[-2000:]
            if self.output_bytes > self.limits.output and self.failure is None:
                self.failure = TooMuchOutput(f"The notebook printed more than "
                                             f"{self.limits.output / 1_000_000:g} MB; print less.")
                process = self.process
                if process is not None:
                    _sandbox.stop(process)

    # --- requests ---
    def _send(self, message: dict) -> None:
        data = json.dumps(message).encode()
        try:
            write_all(self.process.stdin.fileno(), struct.pack(">I", len(data)) + data)
        except (BrokenPipeError, OSError, ValueError):
            self._fail(Stopped("The learner's process stopped (did the notebook end its own "
                               "process, or run out of memory?)."))

    def _read_exactly(self, size: int, deadline: float) -> bytes:
        parts, left = [], size
        while left:
            wait = deadline - time.monotonic()
            if wait <= 0:
                self._fail(OutOfTime("The learner's code did not answer in time."))
            ready, _, _ = select.select([self._answers], [], [], min(wait, 0.5))
            if not ready:
                if self.failure is not None:
                    self._fail(self.failure)
                continue
            chunk = os.read(self._answers, min(left, 1 << 20))
            if not chunk:
                time.sleep(0.05)        # let the output counter see a flood that ended it
                self._fail(self.failure or Stopped(
                    "The learner's process stopped (did the notebook end its own process, or "
                    "run out of memory?)."))
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)

    def _receive(self, deadline: float) -> dict:
        size = struct.unpack(">I", self._read_exactly(4, deadline))[0]
        if size > self.answer_limit:         # refused before it is read: the process must go
            limit = self.answer_limit
            self._fail(TooLong(f"The learner's code answered with more than "
                               f"{f'{limit // 1024 ** 2} MB' if limit >= 1024 ** 2 else f'{limit // 1024} KB'}"
                               ", far more than it was asked for."))
        try:
            answer = json.loads(self._read_exactly(size, deadline))
        except ValueError:
            self._fail(Stopped("The learner's process answered with something that is not plain data."))
        if not isinstance(answer, dict):
            self._fail(Stopped("The learner's process answered with something that is not plain data."))
        return answer

    def _fail(self, failure: LearnerFailure):
        if self.failure is None or isinstance(failure, TooMuchOutput):
            self.failure = failure
        self.close()
        raise self.failure

    def _request(self, message: dict, timeout: float | None = None) -> dict:
        """Send ``message`` and return its answer. Each request carries an id that nobody can
        guess (``secrets``), and only a message carrying that id is read as its answer or as a
        callback made while it runs: what the learner's code wrote on the channel before it was
        asked - a forged answer waiting in the pipe - stops the learner instead of being read."""
        if self.failure is not None:
            raise self.failure
        if message["op"] != "getattr":
            self.read.clear()              # the learner's code runs: what was read may change
        deadline = time.monotonic() + (timeout if timeout is not None else 3600)
        ask = secrets.token_hex(16)
        with self._lock:
            self._asking.append(ask)
            try:
                self._send({**message, "id": ask})
                answer = self._receive(deadline)
                while "callback" in answer and answer.get("id") == ask:
                    self._send({"op": "callback_result", "id": ask, **self._callback(answer)})
                    answer = self._receive(deadline)
            finally:
                self._asking.pop()
        if answer.pop("id", None) != ask:
            self._fail(Stopped("The learner's process wrote on the grader's channel an answer to "
                               "a question it was not asked, so it was stopped."))
        if self.failure is not None:
            self._fail(self.failure)
        return answer

    def _callback(self, message: dict) -> dict:
        """Run a stand-in that the learner's code called (``RemoteStandIn``) here, with the
        arguments it sent as plain data; its answer (or error) goes back."""
        function = self.callbacks.get(message.get("callback"))
        if function is None:
            return {"error": {"name": "RuntimeError", "bases": ["RuntimeError", "Exception"],
                              "text": "That stand-in is no longer in force: the grader answers "
                                      "it only during the check that put it there."}}
        try:
            with decoding(self, time.monotonic() + call_timeout()):
                args, kwargs = decode(message.get("args"), self)
            value = function(*args, **dict(kwargs))
            return {"value": pickled(value, self.reducers)}
        except LearnerFailure:
            raise
        except BaseException as error:  # noqa: BLE001 - the stand-in's error, sent back
            return {"error": error_data(error)}

    def close(self) -> None:
        """Stop the process and everything it started (its disk goes with it); delete the
        scratch folder."""
        if getattr(self, "process", None) is None:
            return
        _sandbox.stop(self.process)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except Exception:  # noqa: BLE001
                pass
        try:
            os.close(self._answers)
        except OSError:
            pass
        self.process = None
        self.folders.remove()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass
