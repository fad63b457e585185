"""``Learner``: what the trusted side asks of a learner's process - run a cell or a file, call
a function once or thousands of times, make steps, read and set attributes, name the given
classes, fork a copy for one game - each answer rebuilt here as plain data.

How a request travels (the process, the pipe, the ids, the failures) is ``process.py``; this
module is the list of questions, each a few lines over ``_request``.
"""
from __future__ import annotations

import shutil
import time
from pathlib import Path

from .errors import learner_line_of, raise_error, rebuilt_error
from .failures import LearnerError, call_timeout
from .pickling import Histories, given_reducer, pickled
from .plain_data import DecodeError, Remote, decode, decoding, write_back
from .process import LearnerProcess
from .steps import StepAnswer


class Learner(LearnerProcess):
    """One learner's process, in a sandbox, and the channel to it (see the package's
    docstring). ``Learner()`` starts it (``process.LearnerProcess`` describes the options);
    each method asks it one thing."""

    def run(self, code: str, name: str = "<cell>", timeout: float | None = None) -> None:
        """Run ``code`` in the learner's namespace; its error is raised as ``LearnerError``."""
        answer = self._request({"op": "run", "code": code, "name": name}, timeout)
        if "error" in answer:
            data = answer["error"]
            raise LearnerError(str(data.get("name")), str(data.get("text", "")),
                               tuple(data.get("bases", ())), learner_line_of(data)[0])

    def load(self, path: str | Path, timeout: float | None = None) -> None:
        """Run a learner's file: every non-empty code cell of a notebook except check cells
        (cells with ``nbgrader.grade``), in order, or a ``.py`` file. The first error stops it
        (``LearnerError``, with the cell's number)."""
        path = Path(path)
        shutil.copy(path, self.scratch / path.name)
        if path.suffix == ".py":
            self.run(path.read_text(encoding="utf-8"), str(path.name), timeout)
            return
        from ..notebooks import check_mark, read
        deadline = time.monotonic() + (timeout if timeout is not None else 3600)
        for index, cell in enumerate(read(path).cells):
            if cell.cell_type == "code" and not check_mark(cell) and cell.source.strip():
                try:
                    self.run(cell.source, f"<cell {index + 1}>", max(0.001, deadline - time.monotonic()))
                except LearnerError as error:
                    raise LearnerError(error.name, f"{error.text} (cell {index + 1})", error.bases,
                                       error.line) from None

    def cpu_seconds(self) -> float:
        """The processor time the learner's process (with its threads and children) has used
        so far, as the kernel counts it: the sandbox's cgroup, else the processes themselves.
        A check that times the learner's code reads it around a live call (``checking.timed_call``)."""
        cap = getattr(self.process, "cap", None)
        seconds = cap.cpu_seconds() if cap is not None else None
        if seconds is not None:
            return seconds
        import psutil
        try:
            root = psutil.Process(self.process.pid)
            total = 0.0
            for process in [root, *root.children(recursive=True)]:
                times = process.cpu_times()
                total += times.user + times.system
            return total
        except psutil.Error:
            return 0.0

    def call(self, target, *args, timeout: float | None = None, **kwargs):
        """``target(*args, **kwargs)`` in the learner's process: ``target`` is a name in its
        namespace or a ``Remote``. Returns the answer rebuilt here; raises the learner's error.
        Every call crosses the channel when it is made: nothing is answered ahead of time."""
        handle = target._handle if isinstance(target, Remote) else str(target)
        message = {"op": "call", "target": handle,
                   "args": pickled((args, kwargs), self.reducers, self.histories)}
        if self.read_ahead:
            message["ahead"] = True
        timeout = timeout if timeout is not None else call_timeout()
        ends = time.monotonic() + timeout
        try:
            answer = self._request(message, timeout)
        except BaseException:
            self.histories.forget()
            raise
        if "error" in answer:          # perhaps before the arguments were unpickled there
            self.histories.forget()
        else:
            self.histories.commit()
        self.live_calls += 1
        with decoding(self, ends):     # rebuilding the answer is part of the call's time
            self._remember(answer)
            for index, after in (answer.get("after") or {}).items():
                write_back(args[int(index)], after, self)
            if "error" in answer:
                raise_error(answer["error"])
            return decode(answer.get("value"), self)

    def call_many(self, target, calls, timeout: float | None = None) -> list:
        """``[target(*args, **kwargs) for args, kwargs in calls]`` in the learner's process, asked
        in a few messages instead of one per call: for a check that asks a function without
        state about thousands of inputs (exercise 03 asks about 27,000 hands), where each
        crossing would cost more than the learner's answer. Every call is made, in order, even
        after one that raised; each answer is ``("value", value)`` or ``("error", exception)``,
        rebuilt here as ``call`` would."""
        handle = target._handle if isinstance(target, Remote) else str(target)
        timeout = timeout if timeout is not None else call_timeout()
        ends = time.monotonic() + timeout
        results = []
        calls = [(tuple(args), dict(kwargs)) for args, kwargs in calls]
        for start in range(0, len(calls), self.BATCH):
            batch = calls[start:start + self.BATCH]
            answer = self._request({"op": "call_many", "target": handle,
                                    "args": pickled(batch, self.reducers)},
                                   max(0.001, ends - time.monotonic()))
            replies = answer.get("replies")
            if "error" in answer or not isinstance(replies, list) or len(replies) != len(batch):
                raise_error(answer.get("error") or {"name": "ValueError",
                                                    "text": "the answers do not match the questions"})
            self.live_calls += len(batch)
            with decoding(self, ends):
                for (args, _), reply in zip(batch, replies):
                    reply = reply if isinstance(reply, dict) else {}
                    for index, after in (reply.get("after") or {}).items():
                        write_back(args[int(index)], after, self)
                    if "error" in reply:
                        results.append(("error", rebuilt_error(reply["error"])))
                    else:
                        results.append(("value", decode(reply.get("value"), self)))
        return results

    #: calls asked in one message by ``call_many``
    BATCH = 2000

    def steps(self, steps: list, timeout: float | None = None) -> list[StepAnswer]:
        """Make ``steps`` in the learner's process, in order, in one message, and answer each:
        a list of ``StepAnswer``. Each step is a tuple ``(kind, on, name, args, kwargs, reply,
        when)``:

        - ``kind`` ``"call"``: ``on.name(*args, **kwargs)``, or ``on(*args, **kwargs)`` when
          ``name`` is None (``on`` may be a kit function, pickled by its name); ``"get"``:
          ``on.name``;
        - ``on`` and the arguments are sent as ``call`` sends them; a ``Step`` among them (at the
          top) stands for what that earlier step made, there;
        - ``reply``: ``"value"`` (the value, as ``call`` answers it), ``"text"`` (the same, sent
          as JSON text of its own and rebuilt here only when read, so that two answers can be
          compared as text first: ``StepAnswer.alike``), ``"none"`` (only whether it
          raised), or ``"numbers"``: the value is pairs ``(label, object)`` and each object is
          answered by its number in the learner's side's table of handles (``Encoder.number``:
          one number per object while the learner's process lives), to tell the same list from
          an equal one;
        - ``when``: None, or ``(index, "ok")`` / ``(index, "failed")``: made only if that
          earlier step succeeded / raised, else answered ``skipped``.

        A step whose error stops nothing: the steps after it are made all the same (one that
        uses what it made raises). Nothing is decided there: the answers are plain data, judged
        here."""
        timeout = timeout if timeout is not None else call_timeout()
        ends = time.monotonic() + timeout
        steps = list(steps)
        answer = self._request({"op": "steps", "steps": pickled(steps, self.reducers)}, timeout)
        replies = answer.get("replies")
        if "error" in answer or not isinstance(replies, list) or len(replies) != len(steps):
            raise_error(answer.get("error") or {"name": "ValueError",
                                                "text": "the answers do not match the steps"})
        self.live_calls += len(steps)
        answers = []
        with decoding(self, ends):
            for reply in replies:
                reply = reply if isinstance(reply, dict) else {}
                if isinstance(reply.get("error"), dict):
                    error = rebuilt_error(reply["error"])
                    place = reply["error"].get("at")
                    error.learner_place = (str(place[0])[:80], int(place[1]), str(place[2])[:80]) \
                        if isinstance(place, list) and len(place) == 3 \
                        and isinstance(place[1], int) else None
                    answers.append(StepAnswer(error=error))
                elif reply.get("skipped") is True:
                    answers.append(StepAnswer(skipped=True))
                elif isinstance(reply.get("text"), str):
                    answers.append(StepAnswer(text=reply["text"], learner=self))
                else:
                    answers.append(StepAnswer(decode(reply.get("value"), self)))
        return answers

    def setattr(self, target: Remote, name: str, value) -> None:
        """Set ``name`` of the learner's object ``target`` to ``value`` (sent as an argument)."""
        answer = self._request({"op": "setattr", "target": target._handle, "name": name,
                                "value": pickled(value, self.reducers), "ahead": self.read_ahead},
                               call_timeout())
        if "error" in answer:
            raise_error(answer["error"])
        self._remember(answer)

    def give(self, classes: dict[str, type]) -> None:
        """Name the exercise's given classes (dataclasses the grader defined from the source
        notebook, such as a game's moves and events): from now on the learner's instances of its
        classes of those names come back by their fields, as instances of ``classes``, and
        instances of ``classes`` sent as arguments arrive as the learner's own classes, so that
        ``==`` in a check compares plain data."""
        if set(classes) != set(self.given):
            self._request({"op": "give", "names": sorted(classes)}, call_timeout())
        self.given = dict(classes)
        self.reducers = {cls: given_reducer(name, cls) for name, cls in classes.items()}

    def getattr(self, target: Remote, name: str):
        handle = target._handle
        with decoding(self, time.monotonic() + call_timeout()):
            if (handle, name) in self.read:
                return decode(self.read[handle, name], self)       # a fresh copy each time
            return self._getattr(handle, name)

    def _getattr(self, handle, name: str):
        answer = self._request({"op": "getattr", "target": handle, "name": name,
                                "ahead": self.read_ahead}, call_timeout())
        if not answer.get("plain"):
            self.read.clear()          # the learner's code ran: what was read may be old
        self._remember(answer)
        if answer.get("plain") and "value" in answer:
            self.read[handle, name] = answer["value"]
        if "error" in answer:
            raise_error(answer["error"])
        return decode(answer.get("value"), self)

    def _remember(self, answer: dict) -> None:
        """Keep what an answer brought of its objects' attributes (``Server.read_ahead``)."""
        for handle, seen in answer.get("read") or ():
            if isinstance(handle, int) and isinstance(seen, dict):
                for key, value in seen.items():
                    self.read[handle, str(key)] = value

    def forget(self) -> None:
        """Drop the attributes read ahead (after a check: the next one reads afresh)."""
        self.read.clear()

    def fork(self, timeout: float | None = None) -> None:
        """From now on a copy of the learner's process, as it is now, answers
        (``Server.op_fork``); ``end_fork`` ends the copy and everything it changed, and the
        process it was copied from answers again. What this side knows the learner's side holds
        (handles, histories, attributes read) is forgotten each time."""
        self._request({"op": "fork"}, timeout)
        self._forget_held()

    def end_fork(self, timeout: float | None = None) -> None:
        """End the copy that ``fork`` made; the learner's process answers as it was before."""
        self._request({"op": "end_fork"}, timeout)
        self._forget_held()

    def _forget_held(self) -> None:
        self.histories, self.remotes = Histories(), {}
        self.read.clear()

    def function(self, name: str) -> Remote:
        """The learner's ``name`` as a ``Remote`` (calling it calls the learner's function)."""
        return Remote(self, name, name, True)

    def names(self) -> dict:
        """The learner's namespace, rebuilt here: plain values as values, the kit's objects as
        this process's own, the learner's functions and objects as ``Remote``."""
        ends = time.monotonic() + call_timeout()
        answer = self._request({"op": "names"}, call_timeout())
        names = {}
        with decoding(self, ends):
            for name, value in (answer.get("value") or {}).items():
                try:
                    names[str(name)] = decode(value, self)
                except (DecodeError, RecursionError, TypeError, ValueError, AttributeError):
                    names[str(name)] = Remote(None, None, str(name), False)
        return names

    def request(self, op: str, timeout: float | None = None, **fields) -> dict:
        """Any other request of the learner's side (``withhold``, ``fingerprint``), as plain
        data."""
        return self._request({"op": op, **fields}, timeout)
