"""Plausible wrong answers to the exercises, to prove that the checks catch them.

Each module ``exNN.py`` holds ``MUTANTS``, a list of ``Mutant``: the reference solution of
exercise NN with a few lines changed, the way a learner might get it wrong (off by one at a
boundary, a rule of the wrong rule set, a forgotten special case, a bot that only avoids busting,
a hard-coded answer ...). ``tests/test_exercise_mutants.py`` grades each one and asserts that:

- exactly the checks in ``fails`` fail (so a mistake in one function never fails the check of
  another), each with a sentence (an ``AssertionError`` with a message, not a bare error);
- a mutant marked ``visible=True`` already fails a check the learner can run, and at least two
  thirds of all mutants are.

These live in ``tests/``, never in ``exercises/``: they are answers (wrong ones), not hints.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Mutant:
    """One wrong answer: ``replace`` maps a snippet of the solution's code to what replaces it.

    Each snippet must occur exactly once in the solution's code cells (the test says so when a
    solution changes under it). ``fails`` names the checks (grade ids) that must fail.
    """

    name: str
    replace: dict[str, str]
    fails: frozenset[str] = field(default_factory=frozenset)
    visible: bool = True

    def __post_init__(self):
        object.__setattr__(self, "fails", frozenset(self.fails))
