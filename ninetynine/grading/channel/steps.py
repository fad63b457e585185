"""Steps: many calls of the learner's objects written down ahead and made in one message.

A check that makes thousands of calls (``check_game``) would spend its time crossing the
channel. With ``Learner.steps`` it writes the calls down as a list, each a tuple that may name
what an earlier one made (``Step``); the learner's side makes them one after the other
(``server.Server.op_steps``) and answers each as plain data, which comes back as a
``StepAnswer``. Nothing is decided there: every answer is judged here.
"""
from __future__ import annotations

import json
import time

from .failures import call_timeout
from .plain_data import decode, decoding


class Step:
    """In a message of steps (``Learner.steps``), what an earlier step of the same message made:
    ``Step(0)`` is the first step's answer, as the learner's side holds it (a state, a list)."""

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index

    def __reduce__(self):
        return Step, (self.index,)

    def __repr__(self):
        return f"Step({self.index})"


class StepAnswer:
    """The answer to one step: its value, or the learner's error, or ``skipped`` (its condition
    was not met). ``result()`` gives the value or raises the error.

    A value asked as text (``reply="text"``) comes as the JSON text the learner's side wrote
    (``text``) and is rebuilt here only when it is read (``value``): a check that only needs to
    know whether two answers are alike compares their texts first (``alike``) - equal texts make
    equal values - and rebuilds them only when they differ.

    An error carries ``learner_place``: ``(file, line, function)`` of the learner's code that
    raised it, or None (``ninetynine.testing`` names it in its sentences)."""

    __slots__ = ("learner", "text", "error", "skipped", "_value", "_made")

    def __init__(self, value=None, error: BaseException | None = None, skipped: bool = False,
                 text: str | None = None, learner=None):
        self.learner, self.text, self.error, self.skipped = learner, text, error, skipped
        self._value, self._made = value, text is None

    @property
    def value(self):
        if not self._made:              # rebuilt once, bounded as any answer is (``decoding``)
            with decoding(self.learner, time.monotonic() + call_timeout()):
                self._value = decode(json.loads(self.text), self.learner)
            self._made = True
        return self._value

    def result(self):
        if self.error is not None:
            raise self.error
        if self.skipped:
            raise LookupError("this step was not made: its condition was not met")
        return self.value

    @property
    def ok(self) -> bool:
        return self.error is None and not self.skipped

    def alike(self, other: "StepAnswer") -> bool:
        """Both answered the same text (so the same value, rebuilt alike) - or not known."""
        return self.text is not None and self.text == other.text
