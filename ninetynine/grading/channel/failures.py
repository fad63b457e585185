"""What the trusted side raises when the learner's process can no longer answer, and the time
limit that makes it ``OutOfTime``.

``LearnerFailure`` and its kinds (``OutOfTime``, ``Stopped``, ``TooLong``, ``TooMuchOutput``)
end a learner: after one of them its ``Learner`` is closed. They are ``BaseException``, so that
a check's ``except Exception`` never mistakes them for a wrong answer. ``LearnerError`` is
different: the learner's code raised an error while a cell ran, and the process goes on.

``deadline`` sets how long every request may take within a block (a check's time limit), and
``call_timeout`` is what is left of it. They live here, beside ``OutOfTime``, because every
part of the trusted side that waits for the learner reads them: the requests (``process.py``,
``learner.py``), the stand-ins (``standins.py``) and an answer rebuilt late (``steps.py``).
"""
from __future__ import annotations

import time


class LearnerFailure(BaseException):
    """The learner's process can no longer answer: out of time, stopped, or too much output.

    A ``BaseException`` (like ``KeyboardInterrupt``), so that check code that catches
    ``Exception`` to word a learner's error never swallows it."""

    status = "stopped"


class OutOfTime(LearnerFailure):
    status = "out of time"


class Stopped(LearnerFailure):
    status = "stopped"


class TooLong(Stopped):
    """An answer longer than ``Learner.answer_limit``: refused before it is read, and the
    process stopped (the rest of the answer would still be in the pipe)."""


class TooMuchOutput(LearnerFailure):
    status = "too much output"


class LearnerError(Exception):
    """An error raised by the learner's code while running a cell (``Learner.run``)."""

    def __init__(self, name: str, text: str, bases: tuple = (), line: str | None = None):
        super().__init__(f"{name}: {text}" if text else name)
        self.name, self.text, self.bases, self.line = name, text, bases, line


#: the time one call may take when the caller names none (``deadline`` sets it for a block)
_DEADLINES: list[float] = []


def call_timeout() -> float:
    """The seconds a request that names no timeout may take: until the innermost ``deadline``,
    else an hour."""
    return max(0.001, _DEADLINES[-1] - time.monotonic()) if _DEADLINES else 3600


class deadline:
    """Within ``with deadline(seconds):``, every request to a learner that names no timeout
    must be answered before ``seconds`` from now (a check's time limit)."""

    def __init__(self, seconds: float):
        self.at = time.monotonic() + seconds

    def __enter__(self):
        _DEADLINES.append(self.at)
        return self

    def __exit__(self, *exc):
        _DEADLINES.remove(self.at)
        return False
