"""The narrow channel between the grader (or a tournament's referee) and a learner's process.

The learner's code - a notebook's cells or a ``.py`` file - runs in its own process, in a
sandbox (``sandbox.py``). The trusted side holds a ``Learner`` and asks it for things: run
this cell, call this function with these arguments. Answers come back as **plain data**
(JSON: numbers, text, lists, and tagged dictionaries for tuples, sets, dictionaries and the
kit's own values), and the trusted side rebuilds them with its own, untouched classes. Whatever
the learner patched in its process - a module, a class, an ``__eq__`` that is always true - an
answer is only data, judged by code the learner never touched.

Start a learner, call its function, close it::

    from ninetynine.grading.channel import Learner
    import ninetynine as nn

    with Learner() as learner:                          # a sandboxed process (bwrap)
        learner.load("ada-05-beat-random.ipynb")        # its code cells (not check cells); or a .py
        state = nn.make("quentin_c", players=2).new_game(seed=1)
        move = learner.call("my_bot", state.view(state.to_move), timeout=1.0)
        state.play(move)                                # a Play rebuilt in this process
    # here the process and everything it started are gone

    bot = learner.function("my_bot")     # a Remote: call it like the learner's function
    bot(view)                            # the same as learner.call("my_bot", view)

What crosses the channel:

- **to the learner**: any value ``pickle`` can carry (views, states, cards, moves, kit
  functions by name, functions and classes of a check cell by value with ``cloudpickle``, the
  given classes as the learner's own classes of those names). Only the learner's side
  unpickles, so this is safe for the trusted side. A view's history repeats the events of the
  views before it, so a view sends only the events after a history the learner's side holds
  (``Histories``), and the kit's events, which never change, are made once there and shared.
- **back**: JSON only, read by ``decode``, which rebuilds the kit's own dataclasses (cards,
  moves, effects, rule sets, penalties, events, views) from their fields, names the kit's
  module-level objects (``RS_GAMES``, ``expert_bot``) by reference so that they arrive as the
  trusted side's own untouched objects, rebuilds the exercise's **given classes** (dataclasses
  the grader defined from the source notebook, named with ``Learner.give``: a game's moves,
  events and view) from their fields as the trusted side's own classes, and turns everything
  else the learner made - its functions, its objects - into a ``Remote``: a handle whose calls
  and attributes cross the channel again (setting an attribute sets it there), one per object,
  and which is equal to nothing but itself.
- **errors**: an error the learner's code raised comes back as its name and message, and is
  raised again as an exception of that name (a ``ValueError`` stays a ``ValueError`` and a
  ``NotImplementedError`` a ``NotImplementedError``).
- **reading ahead** (``Learner.read_ahead``, for checks that read a learner's objects field by
  field): an answer about one of the learner's objects also brings its own attributes and the
  names of its class's methods, which the trusted side keeps, as sent, until the learner's code
  next runs (any call, setting an attribute, or reading one that runs its code), so that a
  state read field by field crosses once and is never older than the learner's last code.
- **mutations**: a list, dictionary, set or kit state given as an argument comes back as the
  learner's code left it, and the trusted side's own object is updated to match (a check can
  see that ``allowed_squares`` changed the board it was given).
- **steps** (``Learner.steps``, for a check that makes thousands of calls, such as
  ``check_game``): calls and reads of the learner's objects written down ahead and made there one
  after the other in one message, a later step using what an earlier one made (``Step``); each is
  answered as plain data or its error (``StepAnswer``) - as JSON text of its own when asked, so
  that two answers can be compared before either is rebuilt - and an object may be answered by
  its **number** in the learner's side's table of handles (one number per object, never reused),
  so that the trusted side can tell which lists are the same list there.

Limits: ``call(..., timeout=S)`` waits at most S seconds (``OutOfTime``); a learner that dies
(``Stopped``), prints more than ``Limits.output`` bytes (``TooMuchOutput``) or answers with
something that is not the protocol (``Stopped``) is closed. These three are ``LearnerFailure``,
a ``BaseException``, so that a check's ``except Exception`` never mistakes them for a wrong
answer. After one of them the ``Learner`` is closed and every later request raises it again.

Run as ``python -m ninetynine.grading.channel`` it is the learner's side (``server.py``): it
reads requests on standard input, runs them in one namespace (``__name__ == "__main__"``), and
writes answers on a pipe of its own (``NINETYNINE_ANSWER_FD``), while the learner's own prints
go to standard output, which the trusted side only counts.

The channel is a package of modules, one part each; the names other modules use are imported
from the package itself (``from ninetynine.grading.channel import Learner``):

- ``wire``            how a message is written, and the pipe and variables both sides agree on
- ``failures``        what ends a learner (``LearnerFailure`` and its kinds), a cell's error
                      (``LearnerError``), and a check's time limit (``deadline``)
- ``plain_data``      answers in the kit's plain-data form (``ninetynine/plain_data.py``) with
                      the channel's own tags: written by the learner's side (``Encoder``),
                      rebuilt by the trusted side (``decode``, ``decoding``, ``Remote``); the
                      kit's objects cross by path (``ninetynine/kit_paths.py``)
- ``errors``          the learner's errors, sent by name and raised here as that class
- ``pickling``        arguments on their way to the learner (``KitPickler``, ``Histories``)
- ``standins``        a check's stand-ins for the learner's helpers, and their callbacks
- ``steps``           many calls written ahead and made in one message (``Step``, ``StepAnswer``)
- ``process``         the learner's process in its sandbox and the pipe to it (``LearnerProcess``)
- ``learner``         ``Learner``: what the trusted side asks of that process
- ``running_server``  the one ``Server`` of the learner's process, which pickled values reach
- ``server``          the learner's side: ``Server`` answers each request (``serve``)
"""
from __future__ import annotations

from ninetynine.kit_paths import KIT, KIT_PATHS, KitPaths, init_fields, kit_name, positional, resolve

from .errors import error_class, error_data, raise_error, rebuilt_error
from .failures import (LearnerError, LearnerFailure, OutOfTime, Stopped, TooLong, TooMuchOutput,
                       call_timeout, deadline)
from .learner import Learner
from .pickling import Histories, KitPickler, event_fields, fields_getter, pickled, unpickled
from .plain_data import DECODE_LIMIT, DecodeError, Encoder, Remote, decode, decoding, write_back
from .process import LearnerProcess
from .running_server import current_server
from .server import Server, serve
from .steps import Step, StepAnswer
from .wire import ANSWER_VARIABLE, GRADING, MESSAGE_LIMIT, write_all

__all__ = [
    "ANSWER_VARIABLE", "DECODE_LIMIT", "GRADING", "KIT", "KIT_PATHS", "MESSAGE_LIMIT",
    "DecodeError", "Encoder", "Histories", "KitPaths", "KitPickler", "Learner", "LearnerError",
    "LearnerFailure", "LearnerProcess", "OutOfTime", "Remote", "Server", "Step", "StepAnswer",
    "Stopped", "TooLong", "TooMuchOutput", "call_timeout", "current_server", "deadline",
    "decode", "decoding", "error_class", "error_data", "event_fields", "fields_getter",
    "init_fields", "kit_name", "pickled", "positional", "raise_error", "rebuilt_error",
    "resolve", "serve", "unpickled", "write_all", "write_back",
]
