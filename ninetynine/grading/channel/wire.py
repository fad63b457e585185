"""What both sides of the channel agree on: how a message is written, and where it goes.

A message, either way, is four bytes of length (big-endian) and then that many bytes of JSON.
Requests go to the learner's standard input; answers come back on a pipe of their own, whose
descriptor the learner's side finds in the variable ``ANSWER_VARIABLE`` (its standard output
is the learner's prints, which the trusted side only counts). ``GRADING`` tells the kit it runs
under the grader (notebooks then skip their live tables), and one answer holds at most
``MESSAGE_LIMIT`` bytes.

A module of its own because both sides import it - the trusted side's ``process.py`` and the
learner's side's ``server.py`` - and neither side imports the other.
"""
from __future__ import annotations

import os

ANSWER_VARIABLE = "NINETYNINE_ANSWER_FD"   # names the descriptor the learner's side answers on
#: bytes of one answer (``Learner.answer_limit`` may set less): an answer is read and parsed whole
#: before anything can stop it, and 16 MB of the worst JSON takes Python about 3 s to parse
MESSAGE_LIMIT = 16 * 1024 * 1024
GRADING = "NINETYNINE_GRADING"


def write_all(descriptor: int, data: bytes) -> None:
    """Write the whole of ``data`` on ``descriptor`` (one ``os.write`` may write only part)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]
