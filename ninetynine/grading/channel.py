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
  (``_Histories``), and the kit's events, which never change, are made once there and shared.
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

Run as ``python -m ninetynine.grading.channel`` it is the learner's side: it reads requests on
standard input, runs them in one namespace (``__name__ == "__main__"``), and writes answers on
a pipe of its own (``NINETYNINE_ANSWER_FD``), while the learner's own prints go to standard output, which the trusted side
only counts.
"""
from __future__ import annotations

import base64
import builtins
import collections
import dataclasses
import fractions
import functools
import hashlib
import importlib
import io
import itertools
import json
import numbers
import operator
import os
import pickle
import secrets
import select
import shutil
import struct
import subprocess
import sys
import threading
import time
import types
from pathlib import Path

from . import sandbox as _sandbox

ANSWER_VARIABLE = "NINETYNINE_ANSWER_FD"   # names the descriptor the learner's side answers on
#: bytes of one answer (``Learner.answer_limit`` may set less): an answer is read and parsed whole
#: before anything can stop it, and 16 MB of the worst JSON takes Python about 3 s to parse
MESSAGE_LIMIT = 16 * 1024 * 1024
KIT = "ninetynine"
GRADING = "NINETYNINE_GRADING"


# --- failures ---------------------------------------------------------------------------------


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

    def __init__(self, name: str, text: str, bases: tuple = ()):
        super().__init__(f"{name}: {text}" if text else name)
        self.name, self.text, self.bases = name, text, bases


# --- plain data: encoding on the learner's side, decoding on the trusted side ------------------


class _Kit:
    """The kit's public module-level objects by identity, and a path for each: ``RS_GAMES`` is
    ``"ninetynine.counting.rules:RS_GAMES"``, its table ``"...:RS_GAMES.effects"`` and one
    effect ``"...:RS_GAMES.effects['PASS']"``. Rebuilt when more kit modules are loaded.

    Only public names are paths: a private one may be a cache, filled in one process and not in
    another, and a path must name the same object in the grader and in the learner's process."""

    def __init__(self):
        self.loaded, self.paths = -1, {}

    def path_of(self, value):
        if len(sys.modules) != self.loaded:
            self._build()
        return self.paths.get(id(value))

    def _build(self):
        modules = [name for name in list(sys.modules) if name == KIT or name.startswith(KIT + ".")]
        self.loaded, paths = len(sys.modules), {}
        for name in sorted(modules):
            module = sys.modules.get(name)
            for attr, value in list(vars(module).items()) if module else ():
                if attr.startswith("_") or _plain(value) or isinstance(value, types.ModuleType):
                    continue                    # private names may be caches (this module's own
                                                # _RESOLVED): what they hold differs between processes
                where = f"{name}:{attr}"
                if getattr(value, "__module__", name) != name and isinstance(value, (type, types.FunctionType)):
                    continue                    # an import: named where it is defined
                paths.setdefault(id(value), where)
                if isinstance(value, dict):     # a table of kit records: the deck's cards
                    for key, item in value.items():
                        if isinstance(key, str) and dataclasses.is_dataclass(item) \
                                and not isinstance(item, type):
                            paths.setdefault(id(item), f"{where}[{key!r}]")
                if dataclasses.is_dataclass(value) and not isinstance(value, type):
                    for field in dataclasses.fields(value):
                        inner = getattr(value, field.name, None)
                        if isinstance(inner, (dict, list, tuple)):
                            paths.setdefault(id(inner), f"{where}.{field.name}")
                        if isinstance(inner, dict):
                            for key, item in inner.items():
                                if isinstance(key, str) and not _plain(item):
                                    paths.setdefault(id(item), f"{where}.{field.name}[{key!r}]")
        self.paths = paths


_KIT = _Kit()


def _plain(value) -> bool:
    return value is None or type(value) in (bool, int, float, str)


_RESOLVED: dict = {}        # kit path -> the object it names here (a card crosses by its path)


def resolve(path: str):
    """The object a kit path names (``"ninetynine.counting.rules:RS_GAMES.effects['PASS']"``),
    in this process's own modules. Only ``ninetynine`` modules are looked in. Each path is
    looked up once: a view holds dozens of cards, and a match sends thousands of views."""
    found = _RESOLVED.get(path)
    if found is not None:
        return found
    _RESOLVED[path] = found = _resolve(path)
    return found


def _resolve(path: str):
    module_name, _, rest = path.partition(":")
    if not (module_name == KIT or module_name.startswith(KIT + ".")):
        raise ValueError(f"not a kit path: {path!r}")
    value = sys.modules.get(module_name) or importlib.import_module(module_name)
    key = None
    if rest.endswith("]") and "[" in rest:
        rest, _, key = rest[:-1].partition("[")
    for part in rest.split("."):
        value = getattr(value, part)
    if key is not None:
        value = value[json.loads(key.replace("'", '"'))]
    return value


_NAMED_CLASSES: dict = {}


def _named(value) -> str | None:
    """``module:qualname`` of a kit function or class that can be found again by that name."""
    if isinstance(value, type):
        if value not in _NAMED_CLASSES:
            _NAMED_CLASSES[value] = _find_name(value)
        return _NAMED_CLASSES[value]
    return _find_name(value)


def _find_name(value) -> str | None:
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if not (isinstance(module, str) and isinstance(qualname, str)) or "<" in qualname:
        return None
    if not (module == KIT or module.startswith(KIT + ".")):
        return None
    try:
        return f"{module}:{qualname}" if resolve(f"{module}:{qualname}") is value else None
    except Exception:  # noqa: BLE001 - anything the learner's process holds
        return None


class Encoder:
    """Turns the learner's values into plain data; keeps a handle for everything else."""

    def __init__(self):
        self.handles: dict[int, object] = {}
        self.numbers: dict[int, int] = {}      # id(value) -> its handle: one handle per object
        self.given: frozenset = frozenset()    # names of the exercise's given classes (``give``)
        self.given_fields: dict = {}           # a given class -> its fields, once one was sent

    def number(self, value) -> int:
        number = self.numbers.get(id(value))
        if number is None:
            number = self.numbers[id(value)] = len(self.handles) + 1
            self.handles[number] = value
        return number

    def handle(self, value) -> dict:
        number = self.number(value)
        name = getattr(value, "__name__", None)
        return {"$": "remote", "v": number,
                "n": name if isinstance(name, str) else type(value).__name__,
                "call": callable(value)}

    def encode(self, value, depth: int = 0):
        if depth > 200:
            raise ValueError("a value nested too deeply to send")
        kind = type(value)
        if value is None or kind in (bool, int, float, str):
            return value
        fields = self.given_fields.get(kind)
        if fields is not None:          # one of the given classes (a move, an event): the branch
            return {"$": "given", "c": kind.__qualname__,      # below, found without the rest
                    "v": {name: self.encode(getattr(value, name, None), depth + 1)
                          for name in fields}}
        path = _KIT.path_of(value) if not isinstance(value, (int, float, str, bytes)) else None
        if path is None and isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
            path = _named(value)
        if path is not None:
            return {"$": "kit", "v": path}
        if isinstance(value, types.BuiltinFunctionType) and getattr(builtins, value.__name__, None) is value:
            return {"$": "builtin", "v": value.__name__}
        if isinstance(value, bool):
            return bool(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, float):
            return float(value)
        if isinstance(value, str):
            return str.__str__(value)
        deeper = depth + 1
        if self.given and kind.__qualname__ in self.given and kind.__module__ == "__main__" \
                and dataclasses.is_dataclass(kind):
            self.given_fields[kind] = _init_fields(kind)
            return {"$": "given", "c": kind.__qualname__,
                    "v": {name: self.encode(getattr(value, name, None), deeper)
                          for name in _init_fields(kind)}}
        cls_name = _named(kind)
        if cls_name and dataclasses.is_dataclass(value):
            return {"$": "obj", "c": cls_name,
                    "v": {name: self.encode(getattr(value, name, None), deeper)
                          for name in _init_fields(kind)}}
        if cls_name and isinstance(value, tuple) and hasattr(kind, "_fields"):
            return {"$": "obj", "c": cls_name, "t": [self.encode(v, deeper) for v in value]}
        if cls_name and hasattr(value, "to_json") and hasattr(value, "legal_moves"):
            return {"$": "state", "c": cls_name, "v": value.to_json(), "h": self.number(value)}
        if isinstance(value, list):
            return [self.encode(v, deeper) for v in value]
        if isinstance(value, tuple):
            return {"$": "tuple", "v": [self.encode(v, deeper) for v in value]}
        if isinstance(value, (set, frozenset)):
            return {"$": "frozenset" if isinstance(value, frozenset) else "set",
                    "v": [self.encode(v, deeper) for v in value]}
        if isinstance(value, dict):
            return {"$": "dict", "v": [[self.encode(k, deeper), self.encode(v, deeper)]
                                       for k, v in value.items()]}
        if isinstance(value, bytes):
            return {"$": "bytes", "v": base64.b64encode(value).decode()}
        if isinstance(value, range):
            return {"$": "range", "v": [value.start, value.stop, value.step]}
        if isinstance(value, numbers.Rational) and not isinstance(value, numbers.Integral):
            return {"$": "fraction", "v": [int(value.numerator), int(value.denominator)]}
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, numbers.Real):
            return float(value)
        if isinstance(value, types.ModuleType):
            return {"$": "module", "v": value.__name__}
        return self.handle(value)


_FIELDS: dict = {}


def _init_fields(cls) -> tuple:
    """The fields a dataclass is made from (the others, such as a card's hash, it works out)."""
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return _FIELDS[cls]


_FIELD_SETS: dict = {}


def _field_set(cls) -> frozenset:
    """``_init_fields`` as a set, to compare an answer's field names with at once."""
    found = _FIELD_SETS.get(cls)
    if found is None:
        found = _FIELD_SETS[cls] = frozenset(_init_fields(cls))
    return found


def _positional(cls) -> bool:
    """Can ``cls(*fields)`` rebuild an instance (a kit dataclass whose made-from fields are
    all positional)?"""
    if not dataclasses.is_dataclass(cls):
        return False
    return all(f.kw_only is not True for f in dataclasses.fields(cls) if f.init)


class DecodeError(ValueError):
    """An answer that is not plain data of the kinds ``decode`` knows."""


_KIT_CLASSES: dict = {}


def _kit_class(path: str) -> type:
    found = _KIT_CLASSES.get(path)
    if found is None:
        found = _KIT_CLASSES[path] = _find_kit_class(path)
    return found


def _find_kit_class(path: str) -> type:
    value = resolve(path)
    if not isinstance(value, type) or not (dataclasses.is_dataclass(value) or hasattr(value, "_fields")):
        raise DecodeError(f"{path} is not one of the kit's value classes")
    if value.__module__.startswith(KIT + ".grading"):
        raise DecodeError(f"{path} is not one of the kit's value classes")
    return value


#: the most values one answer may hold (each number, text, list, ... counts one)
DECODE_LIMIT = 2_000_000
_BOUNDS = threading.local()


class decoding:
    """Within ``with decoding(learner, ends):``, rebuilding an answer (``decode``) counts against
    the learner's time: past ``ends`` (a ``time.monotonic()`` reading) the learner is out of
    time, and an answer of more than ``DECODE_LIMIT`` values is refused. An answer is only data,
    but data can still be slow to rebuild: a set or dictionary of numbers that all share one
    hash takes time that grows with the square of its size."""

    def __init__(self, learner: "Learner | None", ends: float):
        self.learner, self.ends = learner, ends

    def __enter__(self):
        self.outer = getattr(_BOUNDS, "now", None)
        _BOUNDS.now = [self.learner, self.ends, 0]
        return self

    def __exit__(self, *exc):
        _BOUNDS.now = self.outer
        return False


def _count(now: bool = False) -> None:
    """Count one more value rebuilt; stop when the answer is too big or too slow (the clock is
    read every 64 values, or ``now``)."""
    bounds = getattr(_BOUNDS, "now", None)
    if bounds is None:
        return
    bounds[2] += 1
    if bounds[2] > DECODE_LIMIT:
        raise DecodeError(f"an answer of more than {DECODE_LIMIT:,} values")
    if (now or bounds[2] & 63 == 0) and time.monotonic() > bounds[1]:
        failure = OutOfTime("The learner's answer took longer than its time to read.")
        if bounds[0] is not None:
            bounds[0]._fail(failure)
        raise failure


def _hashed(items, learner, depth, pairs: bool):
    """The items of a set (or the pairs of a dictionary), added one at a time so that the time
    it takes is watched (``_count``) however the items hash."""
    made = {} if pairs else set()
    for item in items:
        _count(now=len(made) > 4096)     # a big set: each item may cost as much as the rest
        if pairs:
            key, value = item
            made[decode(key, learner, depth)] = decode(value, learner, depth)
        else:
            made.add(decode(item, learner, depth))
    return made


def decode(data, learner: "Learner | None" = None, depth: int = 0):
    """Plain data from the learner's side as values of this process (the trusted side)."""
    if depth > 200:
        raise DecodeError("a value nested too deeply")
    _count()
    if data is None or type(data) in (bool, int, float, str):
        return data
    deeper = depth + 1
    if type(data) is list:
        return [decode(item, learner, deeper) for item in data]
    if type(data) is not dict or "$" not in data:
        raise DecodeError("not plain data")
    tag, value = data["$"], data.get("v")
    if tag == "tuple":
        return tuple(decode(item, learner, deeper) for item in value)
    if tag in ("set", "frozenset"):
        items = _hashed(value, learner, deeper, pairs=False)
        return items if tag == "set" else frozenset(items)
    if tag == "dict":
        return _hashed(value, learner, deeper, pairs=True)
    if tag == "kit":
        try:
            return resolve(str(value))
        except Exception as error:  # noqa: BLE001 - a path the learner made up
            raise DecodeError(f"no kit object {value!r}") from error
    if tag == "builtin":
        found = getattr(builtins, str(value), None)
        if not isinstance(found, types.BuiltinFunctionType):
            raise DecodeError(f"no built-in {value!r}")
        return found
    if tag == "given":
        cls = (getattr(learner, "given", None) or {}).get(str(data.get("c")))
        if cls is None:
            raise DecodeError(f"{data.get('c')!r} is none of the exercise's given classes")
        if not isinstance(value, dict) or value.keys() != _field_set(cls):
            raise DecodeError(f"the fields of a {cls.__name__} are {', '.join(_init_fields(cls))}")
        return cls(**{name: decode(item, learner, deeper) for name, item in value.items()})
    if tag == "obj":
        cls = _kit_class(str(data.get("c")))
        if "t" in data:
            return cls._make(decode(item, learner, deeper) for item in data["t"])
        fields = _init_fields(cls)
        if not isinstance(value, dict) or set(value) != set(fields):
            raise DecodeError(f"the fields of a {cls.__name__} are {', '.join(fields)}")
        return cls(**{name: decode(item, learner, deeper) for name, item in value.items()})
    if tag == "state":
        from ninetynine import load
        try:
            return load(str(value))
        except Exception:  # noqa: BLE001 - a game the save cannot name (an endgame): a handle
            return Remote(learner, int(data.get("h", 0)), str(data.get("c", "state")), False)
    if tag == "bytes":
        return base64.b64decode(str(value))
    if tag == "range":
        return range(*[int(v) for v in value])
    if tag == "fraction":
        return fractions.Fraction(int(value[0]), int(value[1]))
    if tag == "module":
        found = sys.modules.get(str(value))
        return found if found is not None else Remote(learner, None, f"module {value}", False)
    if tag == "method":     # a method of the learner's object, read when it is called
        known = getattr(learner, "remotes", None)
        key = (int(value), str(data.get("n")))
        if known is not None and key in known:
            return known[key]
        remote = Remote(learner, list(key), key[1][:80], True)
        if known is not None:
            known[key] = remote
        return remote
    if tag == "remote":
        known = getattr(learner, "remotes", None)
        if known is not None and int(value) in known:     # the same object: the same handle
            return known[int(value)]
        remote = Remote(learner, int(value), str(data.get("n", "object"))[:80], bool(data.get("call")))
        if known is not None:
            known[int(value)] = remote
        return remote
    raise DecodeError(f"unknown tag {tag!r}")


class Remote:
    """Something the learner made - a function, an object - held in its process.

    Calling it calls it there (``Learner.call``); reading an attribute reads it there. It is
    equal only to itself: a learner's object cannot claim to equal an expected answer.
    """

    def __init__(self, learner, handle, name: str, is_callable: bool):
        self.__dict__.update(_learner=learner, _handle=handle, __name__=name, _callable=is_callable)

    def __call__(self, *args, **kwargs):
        if self._learner is None or not self._callable:
            raise TypeError(f"the learner's {self.__name__} cannot be called")
        return self._learner.call(self, *args, **kwargs)

    def __getattr__(self, name):
        if name.startswith("__") or self._learner is None:
            raise AttributeError(name)
        return self._learner.getattr(self, name)

    def __setattr__(self, name, value):
        """``remote.total = 9`` sets the attribute of the learner's object, in its process
        (``value`` is sent as an argument is)."""
        if name.startswith("_"):
            raise AttributeError(f"the learner's {self.__name__}: {name} cannot be set from here")
        if self._learner is None:
            raise AttributeError(f"the learner's {self.__name__} cannot be changed")
        self._learner.setattr(self, name, value)

    def __repr__(self):
        return f"<the learner's {self.__name__}>"

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return id(self)

    def __bool__(self):
        return True

    def __reduce__(self):
        return (_handle, (self._handle,))

    def _stand_in(self, names: dict, ahead: dict | None = None):
        """A context in which this function finds ``names`` among its global names (see
        ``checking.standing_in``)."""
        return _RemoteStandIn(self, names, ahead or {})


class _RemoteStandIn:
    """A stand-in for one of the learner's functions: while it is in force, the learner's
    function finds, under each name of ``names``, a **callback** (``_Callback``) - calling it
    asks this process to run the stand-in here and send back its answer. No stand-in's code
    ever enters the learner's process (it could keep it and call it for a later check), and a
    callback is answered only while its stand-in is in force (``Learner.callbacks``)."""

    def __init__(self, remote: Remote, names: dict, ahead: dict):
        self.remote, self.names, self.numbers, self.ahead = remote, names, {}, ahead

    def __enter__(self):
        learner = self.remote._learner
        tables = {}
        for name, function in self.names.items():
            number = next(learner.callback_numbers)
            learner.callbacks[number] = function
            self.numbers[name] = number
            tables[name] = [[_call_key(tuple(args), {}), _ahead_value(function(*args))]
                            for args in self.ahead.get(name, ())]
        learner._request({"op": "stand_in", "target": self.remote._handle,
                          "names": self.numbers, "ahead": tables}, _call_timeout())
        return self

    def __exit__(self, *exc):
        learner = self.remote._learner
        for number in self.numbers.values():
            learner.callbacks.pop(number, None)
        if not isinstance(exc[1], LearnerFailure) and learner.failure is None:
            learner._request({"op": "stand_back", "target": self.remote._handle}, _call_timeout())
        return False


# --- errors across the channel ------------------------------------------------------------------


def _error_data(error: BaseException) -> dict:
    bases = [c.__name__ for c in type(error).__mro__
             if c.__module__ == "builtins" and issubclass(c, Exception)]
    kit = [p for p in (_named(c) for c in type(error).__mro__) if p]
    return {"name": type(error).__name__, "text": str(error).strip()[:2000], "bases": bases,
            "kit": kit}


_MADE: dict[tuple, type] = {}


def error_class(data: dict) -> type:
    """The exception class to raise for an error the learner's code raised: the built-in or
    kit class of that name, or a new class of that name under its nearest built-in base."""
    name = str(data.get("name", "Exception"))
    for path in data.get("kit", [])[:1]:
        try:
            found = resolve(path)
            if isinstance(found, type) and issubclass(found, Exception) and found.__name__ == name:
                return found
        except Exception:  # noqa: BLE001
            pass
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, Exception) and name in data.get("bases", []):
        return found
    base = next((getattr(builtins, b) for b in data.get("bases", [])
                 if isinstance(getattr(builtins, b, None), type)
                 and issubclass(getattr(builtins, b), Exception)), Exception)
    safe = name if name.isidentifier() else "LearnerError"
    key = (safe, base)
    if key not in _MADE:
        _MADE[key] = type(safe, (base,), {"__module__": "learner"})
    return _MADE[key]


def _raise(data: dict):
    raise _rebuilt(data)


def _rebuilt(data: dict) -> Exception:
    """The learner's error as an exception of this process (``error_class``), not raised."""
    cls = error_class(data)
    text = str(data.get("text", ""))
    try:
        return cls(text) if text else cls()
    except Exception:  # noqa: BLE001 - a kit class that wants other arguments
        return Exception(f"{data.get('name')}: {text}")


# --- steps: many calls written down ahead, made in one message ----------------------------------


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
            with decoding(self.learner, time.monotonic() + _call_timeout()):
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


# --- the trusted side ---------------------------------------------------------------------------


def _by_name(value):
    """Pickle a kit module-level object by its path (the learner's side finds its own)."""
    path = _KIT.path_of(value)
    return (resolve, (path,)) if path else value.__reduce_ex__(pickle.HIGHEST_PROTOCOL)


_GETTERS: dict = {}


def _from_fields(value):
    """Pickle a kit dataclass as a call of its class with the fields it is made of: fast, and a
    card's hash is worked out again (each process hashes text its own way). One of the kit's
    module-level objects (``QUENTIN_C``, inside a game sent by value) goes by its name, so that
    the learner's side uses its own."""
    path = _KIT.path_of(value)
    if path is not None:
        return resolve, (path,)
    kind = type(value)
    return kind, _fields_getter(kind)(value)


def _event_fields(value):
    """Pickle one of the kit's events (frozen; the bulk of every view is its history) as its
    fields, which the learner's side makes into an event with ``_event``."""
    kind = type(value)
    return _event, (kind, _fields_getter(kind)(value))


_EVENTS: dict = {}      # (event class, fields) -> the event with those fields, in this process


def _event(kind, fields):
    """An event, on the learner's side: each one is made once and then shared. A match sends
    thousands of views whose histories repeat the same events, and making a frozen dataclass
    takes several times as long as finding it again (an event never changes once made)."""
    try:
        found = _EVENTS.get((kind, fields))
    except TypeError:                       # a field that cannot be a key: make it each time
        return kind(*fields)
    if found is None:
        if len(_EVENTS) >= 100_000:
            _EVENTS.clear()
        found = _EVENTS[kind, fields] = kind(*fields)
    return found


class _Histories:
    """The views' histories one learner's side already holds, so that a view sends only the
    events after them (the trusted side's half; ``_history`` is the other).

    A match sends thousands of views, and each view's history repeats the one before it with an
    event or two more: sent whole, the history is most of what a call costs. Instead, each
    history the learner's side is sent stays there under a *slot* number (at most ``SLOTS``, the
    least recently used given up first), and a view whose history begins with the events held
    under a slot sends the slot, how many of its events to keep and the events after them. The
    learner's side rebuilds the whole list, a new one for every view: its code may change what
    it is given, never what is held.

    Nothing is assumed about what arrived: the slots a message writes are ``pending`` until its
    answer comes back without an error (``commit``); after an error (``forget``) every history
    is sent whole again. Holding a history gives the learner's side nothing it was not sent."""

    SLOTS = 8

    def __init__(self):
        self.held: dict[int, tuple] = {}       # slot -> the events the learner's side holds there
        self.pending: dict[int, tuple] = {}    # slots the message being pickled writes
        self._table, self._made_for = {}, (None, None)    # the table, and what it was made for

    def table(self, given: dict | None) -> dict:
        """``_Pickler``'s table with ``given`` and a reducer for each kit view (a dataclass with a
        ``history`` field): one plain dictionary, which the pickler looks up in C."""
        base = _Pickler.table()
        made_for = self._made_for
        if made_for[0] != _Pickler._built or made_for[1] is not given:
            table = {**base, **(given or {})}
            for kind, reducer in base.items():
                fields = _init_fields(kind) if reducer is _from_fields else ()
                if "history" in fields:
                    table[kind] = self.reducer(kind, fields.index("history"))
            self._table, self._made_for = table, (_Pickler._built, given)
        return self._table

    def reducer(self, kind, index: int):
        """A reducer for the view class ``kind``, whose field number ``index`` is its history."""
        getter = _fields_getter(kind)

        def reduce(view):
            fields = getter(view)
            history = fields[index]
            if type(history) is list and history:
                fields = fields[:index] + (self.since(history),) + fields[index + 1:]
            return kind, fields
        return reduce

    def since(self, history: list) -> _HistorySince:
        events = tuple(history)
        slots = {**self.held, **self.pending}
        found, keep = None, 0
        for slot, held in slots.items():
            size = len(held)
            if keep < size <= len(events) and events[size - 1] is held[-1] and events[:size] == held:
                found, keep = slot, size
        if found is None:
            free = [slot for slot in range(self.SLOTS) if slot not in slots]
            found = free[0] if free else next(iter(slots))   # the least recently used (a slot an
            # earlier view of this message wrote is fine too: the learner's side reads in order)
        self.pending[found] = events
        return _HistorySince(found, keep, events[keep:])

    def commit(self) -> None:
        for slot, events in self.pending.items():
            self.held.pop(slot, None)
            self.held[slot] = events           # the most recently used last
        self.pending.clear()

    def forget(self) -> None:
        self.held.clear()
        self.pending.clear()


class _HistorySince:
    """A view's history as the events after those held under ``slot`` (``_Histories.since``)."""

    __slots__ = ("keep", "new", "slot")

    def __init__(self, slot: int, keep: int, new: tuple):
        self.slot, self.keep, self.new = slot, keep, new

    def __reduce__(self):
        return _history, (self.slot, self.keep, self.new)


_HELD: dict = {}        # slot -> a history, on the learner's side (see ``_Histories``)


def _history(slot: int, keep: int, new: tuple) -> list:
    """A view's history, on the learner's side: the first ``keep`` events held under ``slot``,
    then ``new``; held under ``slot`` from now on."""
    held = _HELD.get(slot, ())
    if len(held) < keep:
        raise ValueError("the channel lost a view's history: the grader's side must resend it")
    _HELD[slot] = events = held[:keep] + tuple(new)
    return list(events)


def _fields_getter(kind):
    """A function giving the fields an instance of the dataclass ``kind`` is made from, as a
    tuple, read all at once (``operator.attrgetter``); made once per type."""
    getter = _GETTERS.get(kind)
    if getter is None:
        names = _init_fields(kind)
        getter = _GETTERS[kind] = (lambda v: ()) if not names else (
            (lambda v, get=operator.attrgetter(names[0]): (get(v),)) if len(names) == 1
            else operator.attrgetter(*names))
    return getter


class _Pickler(pickle.Pickler):
    """Pickles kit dataclasses that work out some fields (cards) from the others, and the kit's
    module-level objects (rule sets, games) by name; everything else as ``pickle`` does. The
    table is looked up by exact type, in C, so other values cost nothing more."""

    _tables: dict = {}
    _built = 0              # how many times the table was made (``_Histories.table`` follows it)

    @classmethod
    def table(cls) -> dict:
        if len(sys.modules) != _KIT.loaded:
            _KIT.path_of(None)
            cls._tables.clear()
        if not cls._tables:
            table = {}
            for name in [n for n in list(sys.modules) if n == KIT or n.startswith(KIT + ".")]:
                for value in list(vars(sys.modules[name]).values()):
                    if isinstance(value, type) and value.__module__ == name and _positional(value):
                        table[value] = _event_fields if name.endswith(".events") else _from_fields
            for path in list(_KIT.paths.values()):
                value = resolve(path)
                kind = type(value)
                if kind.__module__.startswith(KIT) and kind not in table and not isinstance(value, type):
                    table[kind] = _by_name
            cls._tables.update(table)
            cls._built += 1
        return cls._tables

    def __init__(self, file, protocol, given: dict | None = None, histories: _Histories | None = None):
        super().__init__(file, protocol)
        if histories is not None:
            self.dispatch_table = histories.table(given)
        else:
            self.dispatch_table = collections.ChainMap(given, self.table()) if given else self.table()


def _pickled(value, given: dict | None = None, histories: _Histories | None = None) -> str:
    """``value`` pickled for the learner's side: kit values by their fields or names, the
    exercise's given classes (``given``: class -> reducer, see ``Learner.give``) by their fields,
    views with only the events of their history that the learner's side does not hold yet
    (``histories``, which then holds them as pending), and, when plain ``pickle`` cannot (a
    check cell's functions, a class made in a check), by value with ``cloudpickle``, kit values
    and given classes still pickled as above, histories whole."""
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, pickle.HIGHEST_PROTOCOL, given, histories).dump(value)
    except Exception:  # noqa: BLE001 - functions of a check cell: by value
        if histories is not None:
            histories.pending.clear()
        buffer = io.BytesIO()
        _ByValue(buffer, collections.ChainMap(given or {}, _Pickler.table())).dump(value)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


@functools.lru_cache(maxsize=None)
def _by_value_pickler() -> type:
    import cloudpickle

    class ByValue(cloudpickle.Pickler):
        """cloudpickle's pickler (functions and classes of a check by value), with the kit's
        values and the given classes pickled as ``_Pickler`` does: the C pickler reads its
        table once, when it starts, so it is set before."""

        def __init__(self, file, table):
            self.dispatch_table = collections.ChainMap(table, cloudpickle.Pickler.dispatch_table)
            super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
    return ByValue


def _ByValue(file, table):
    return _by_value_pickler()(file, table)


def _given_value(name: str, fields: dict):
    """One of the exercise's given values, on the learner's side: made with the learner's own
    class of that name (``Learner.give``), so that the learner's code sees its own classes."""
    cls = _SERVER.space.get(name) if _SERVER is not None else None
    if not isinstance(cls, type):
        raise NameError(f"the exercise's class {name} is not defined in the notebook")
    return cls(**fields)


def _given_reducer(name: str, cls):
    fields = _init_fields(cls)
    return lambda value: (_given_value, (name, {field: getattr(value, field) for field in fields}))


def _unpickled(text: str):
    return pickle.loads(base64.b64decode(text))


class Learner:
    """One learner's process, in a sandbox, and the channel to it (see the module docstring).

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
        #: the stand-ins in force (``_RemoteStandIn``): callback number -> the function here
        self.callbacks: dict[int, object] = {}
        self.callback_numbers = itertools.count(1)
        self._asking: list[str] = []           # the ids of the requests waiting for an answer
        self.remotes: dict[int, Remote] = {}   # handle -> its Remote: one Remote per object
        self.given: dict[str, type] = {}       # the exercise's given classes, by name (``give``)
        self.reducers: dict = {}               # how ``_pickled`` sends them: by their fields
        self.histories = _Histories()          # the views' histories its side holds
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
            _write_all(self.process.stdin.fileno(), struct.pack(">I", len(data)) + data)
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
        """Run a stand-in that the learner's code called (``_RemoteStandIn``) here, with the
        arguments it sent as plain data; its answer (or error) goes back."""
        function = self.callbacks.get(message.get("callback"))
        if function is None:
            return {"error": {"name": "RuntimeError", "bases": ["RuntimeError", "Exception"],
                              "text": "That stand-in is no longer in force: the grader answers "
                                      "it only during the check that put it there."}}
        try:
            with decoding(self, time.monotonic() + _call_timeout()):
                args, kwargs = decode(message.get("args"), self)
            value = function(*args, **dict(kwargs))
            return {"value": _pickled(value, self.reducers)}
        except LearnerFailure:
            raise
        except BaseException as error:  # noqa: BLE001 - the stand-in's error, sent back
            return {"error": _error_data(error)}

    def run(self, code: str, name: str = "<cell>", timeout: float | None = None) -> None:
        """Run ``code`` in the learner's namespace; its error is raised as ``LearnerError``."""
        answer = self._request({"op": "run", "code": code, "name": name}, timeout)
        if "error" in answer:
            data = answer["error"]
            raise LearnerError(str(data.get("name")), str(data.get("text", "")), tuple(data.get("bases", ())))

    def load(self, path: str | Path, timeout: float | None = None) -> None:
        """Run a learner's file: every non-empty code cell of a notebook except check cells
        (cells with ``nbgrader.grade``), in order, or a ``.py`` file. The first error stops it
        (``LearnerError``, with the cell's number)."""
        path = Path(path)
        shutil.copy(path, self.scratch / path.name)
        if path.suffix == ".py":
            self.run(path.read_text(encoding="utf-8"), str(path.name), timeout)
            return
        from .notebooks import check_mark, read
        deadline = time.monotonic() + (timeout if timeout is not None else 3600)
        for index, cell in enumerate(read(path).cells):
            if cell.cell_type == "code" and not check_mark(cell) and cell.source.strip():
                try:
                    self.run(cell.source, f"<cell {index + 1}>", max(0.001, deadline - time.monotonic()))
                except LearnerError as error:
                    raise LearnerError(error.name, f"{error.text} (cell {index + 1})", error.bases) from None

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
                   "args": _pickled((args, kwargs), self.reducers, self.histories)}
        if self.read_ahead:
            message["ahead"] = True
        timeout = timeout if timeout is not None else _call_timeout()
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
                _write_back(args[int(index)], after, self)
            if "error" in answer:
                _raise(answer["error"])
            return decode(answer.get("value"), self)

    def call_many(self, target, calls, timeout: float | None = None) -> list:
        """``[target(*args, **kwargs) for args, kwargs in calls]`` in the learner's process, asked
        in a few messages instead of one per call: for a check that asks a function without
        state about thousands of inputs (exercise 03 asks about 27,000 hands), where each
        crossing would cost more than the learner's answer. Every call is made, in order, even
        after one that raised; each answer is ``("value", value)`` or ``("error", exception)``,
        rebuilt here as ``call`` would."""
        handle = target._handle if isinstance(target, Remote) else str(target)
        timeout = timeout if timeout is not None else _call_timeout()
        ends = time.monotonic() + timeout
        results = []
        calls = [(tuple(args), dict(kwargs)) for args, kwargs in calls]
        for start in range(0, len(calls), self.BATCH):
            batch = calls[start:start + self.BATCH]
            answer = self._request({"op": "call_many", "target": handle,
                                    "args": _pickled(batch, self.reducers)},
                                   max(0.001, ends - time.monotonic()))
            replies = answer.get("replies")
            if "error" in answer or not isinstance(replies, list) or len(replies) != len(batch):
                _raise(answer.get("error") or {"name": "ValueError",
                                               "text": "the answers do not match the questions"})
            self.live_calls += len(batch)
            with decoding(self, ends):
                for (args, _), reply in zip(batch, replies):
                    reply = reply if isinstance(reply, dict) else {}
                    for index, after in (reply.get("after") or {}).items():
                        _write_back(args[int(index)], after, self)
                    if "error" in reply:
                        results.append(("error", _rebuilt(reply["error"])))
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
        timeout = timeout if timeout is not None else _call_timeout()
        ends = time.monotonic() + timeout
        steps = list(steps)
        answer = self._request({"op": "steps", "steps": _pickled(steps, self.reducers)}, timeout)
        replies = answer.get("replies")
        if "error" in answer or not isinstance(replies, list) or len(replies) != len(steps):
            _raise(answer.get("error") or {"name": "ValueError",
                                           "text": "the answers do not match the steps"})
        self.live_calls += len(steps)
        answers = []
        with decoding(self, ends):
            for reply in replies:
                reply = reply if isinstance(reply, dict) else {}
                if isinstance(reply.get("error"), dict):
                    error = _rebuilt(reply["error"])
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
                                "value": _pickled(value, self.reducers), "ahead": self.read_ahead},
                               _call_timeout())
        if "error" in answer:
            _raise(answer["error"])
        self._remember(answer)

    def give(self, classes: dict[str, type]) -> None:
        """Name the exercise's given classes (dataclasses the grader defined from the source
        notebook, such as a game's moves and events): from now on the learner's instances of its
        classes of those names come back by their fields, as instances of ``classes``, and
        instances of ``classes`` sent as arguments arrive as the learner's own classes, so that
        ``==`` in a check compares plain data."""
        if set(classes) != set(self.given):
            self._request({"op": "give", "names": sorted(classes)}, _call_timeout())
        self.given = dict(classes)
        self.reducers = {cls: _given_reducer(name, cls) for name, cls in classes.items()}

    def getattr(self, target: Remote, name: str):
        handle = target._handle
        with decoding(self, time.monotonic() + _call_timeout()):
            if (handle, name) in self.read:
                return decode(self.read[handle, name], self)       # a fresh copy each time
            return self._getattr(handle, name)

    def _getattr(self, handle, name: str):
        answer = self._request({"op": "getattr", "target": handle, "name": name,
                                "ahead": self.read_ahead}, _call_timeout())
        if not answer.get("plain"):
            self.read.clear()          # the learner's code ran: what was read may be old
        self._remember(answer)
        if answer.get("plain") and "value" in answer:
            self.read[handle, name] = answer["value"]
        if "error" in answer:
            _raise(answer["error"])
        return decode(answer.get("value"), self)

    def _remember(self, answer: dict) -> None:
        """Keep what an answer brought of its objects' attributes (``_Server.read_ahead``)."""
        for handle, seen in answer.get("read") or ():
            if isinstance(handle, int) and isinstance(seen, dict):
                for key, value in seen.items():
                    self.read[handle, str(key)] = value

    def forget(self) -> None:
        """Drop the attributes read ahead (after a check: the next one reads afresh)."""
        self.read.clear()

    def fork(self, timeout: float | None = None) -> None:
        """From now on a copy of the learner's process, as it is now, answers
        (``_Server.op_fork``); ``end_fork`` ends the copy and everything it changed, and the
        process it was copied from answers again. What this side knows the learner's side holds
        (handles, histories, attributes read) is forgotten each time."""
        self._request({"op": "fork"}, timeout)
        self._forget_held()

    def end_fork(self, timeout: float | None = None) -> None:
        """End the copy that ``fork`` made; the learner's process answers as it was before."""
        self._request({"op": "end_fork"}, timeout)
        self._forget_held()

    def _forget_held(self) -> None:
        self.histories, self.remotes = _Histories(), {}
        self.read.clear()

    def function(self, name: str) -> Remote:
        """The learner's ``name`` as a ``Remote`` (calling it calls the learner's function)."""
        return Remote(self, name, name, True)

    def names(self) -> dict:
        """The learner's namespace, rebuilt here: plain values as values, the kit's objects as
        this process's own, the learner's functions and objects as ``Remote``."""
        ends = time.monotonic() + _call_timeout()
        answer = self._request({"op": "names"}, _call_timeout())
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

    def __enter__(self) -> "Learner":
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass


#: the time one call may take when the caller names none (``deadline`` sets it for a block)
_DEADLINES: list[float] = []


def _call_timeout() -> float:
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


def _write_back(original, data, learner) -> None:
    """Make ``original`` (an argument this side sent) look as the learner's code left it."""
    if isinstance(data, dict) and data.get("$") == "state" and hasattr(original, "game"):
        if original.to_json() != data.get("v"):
            try:
                vars(original).update(vars(original.game.from_json(str(data.get("v")))))
            except Exception:  # noqa: BLE001 - the learner broke it beyond saving
                original.__dict__["_broken_by_the_learner"] = True
        return
    after = decode(data, learner)
    if isinstance(original, list) and isinstance(after, list):
        if original != after:
            original[:] = after
    elif isinstance(original, dict) and isinstance(after, dict):
        if original != after:
            original.clear()
            original.update(after)
    elif isinstance(original, set) and isinstance(after, (set, frozenset)):
        if original != after:
            original.clear()
            original.update(after)


def _call_key(args: tuple, kwargs: dict) -> str:
    """A digest of the text of a call's arguments (``repr``), the same on both sides for the
    kit's values (cards, numbers, lists, tuples...): a stand-in's answers sent ahead are found
    by it. A learner's object that writes itself like one of those only gets the answer the
    stand-in would give it for that value."""
    return hashlib.blake2b(repr((args, kwargs)).encode(), digest_size=12).hexdigest()


def _ahead_value(value):
    """An answer sent ahead: a number, text or nothing as itself, anything else pickled."""
    return value if value is None or type(value) in (bool, int, float, str) else {"p": _pickled(value)}


def _from_ahead(sent):
    return _unpickled(sent["p"]) if isinstance(sent, dict) else sent


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


# --- the learner's side -------------------------------------------------------------------------


_SERVER = None


def _handle(number):
    """The learner's object behind a handle or name (unpickled on the learner's side)."""
    return _SERVER.target(number)


def _shallow(value):
    """What a mutable argument holds, to see whether a call changed it: the identities of a
    list's, set's or dictionary's items (not their own ``==``), or a state's save."""
    if isinstance(value, list):
        return [id(item) for item in value]
    if isinstance(value, dict):
        return [(id(key), id(item)) for key, item in value.items()]
    if isinstance(value, set):
        return sorted(id(item) for item in value)
    try:
        return value.to_json()
    except Exception:  # noqa: BLE001 - a state the learner broke
        return None


def _mutable(value) -> bool:
    return isinstance(value, (list, dict, set)) or (hasattr(value, "to_json") and hasattr(value, "legal_moves"))


class _Server:
    def __init__(self, answers):
        self.answers = answers
        self.encoder = Encoder()
        global _SERVER
        _SERVER = self
        self.space = {"__name__": "__main__", "__builtins__": builtins}
        self.space["display"] = _display
        self.stood: dict = {}
        self.asked: list = []          # the ids of the requests being answered, innermost last
        self.forked = False            # a copy of the process made for one game (op_fork)

    def target(self, handle):
        if isinstance(handle, str):
            return self.space[handle]
        if isinstance(handle, list):                  # [object, method name]: read now
            return getattr(self.encoder.handles[handle[0]], str(handle[1]))
        return self.encoder.handles[handle]

    def answer(self, message: dict) -> None:
        data = json.dumps(message, allow_nan=True).encode()
        _write_all(self.answers, struct.pack(">I", len(data)) + data)

    def serve(self, requests) -> None:
        self.requests = requests
        self.answer({"ready": True})
        while self.serve_one() is not None:
            pass

    def serve_one(self) -> dict | None:
        """Read one message and answer it; return it (None at the end of the stream). A
        ``callback_result`` is not answered: it is returned to the ``_Callback`` waiting for it."""
        kind = type(self)       # requests are answered by the class's methods, whatever the
        send = kind.answer      # learner's code sets on this object
        head = self.requests.read(4)
        if len(head) < 4:
            return None
        message = json.loads(self.requests.read(struct.unpack(">I", head)[0]))
        if message.get("op") == "callback_result":
            return message
        self.asked.append(message.get("id"))
        try:
            try:
                reply = getattr(kind, "op_" + message["op"])(self, message)
            except BaseException as error:  # noqa: BLE001 - every error of the learner's code
                reply = {"error": _error_data(error)}
            if reply is None:               # answered by a copy of this process (op_fork)
                return message
            try:
                send(self, {**reply, "id": message.get("id")})
            except (TypeError, ValueError) as error:
                send(self, {"error": _error_data(error), "id": message.get("id")})
        finally:
            self.asked.pop()
        return message

    def callback(self, number: int, args: tuple, kwargs: dict):
        """Ask the trusted side to run stand-in ``number`` (``_Callback``) and wait for its
        answer, answering any request it makes meanwhile (a stand-in may call the learner)."""
        self.answer({"id": self.asked[-1] if self.asked else None, "callback": number,
                     "args": self.encoder.encode((args, kwargs))})
        while True:
            message = self.serve_one()
            if message is None:
                raise SystemExit(0)             # the trusted side has gone
            if message.get("op") == "callback_result":
                if "error" in message:
                    _raise(message["error"])
                return _unpickled(message["value"])

    def op_run(self, message):
        code = _transform(message["code"])
        exec(compile(code, message.get("name", "<cell>"), "exec", dont_inherit=True), self.space)
        sys.stdout.flush()
        return {"ok": True}

    def op_call(self, message):
        args, kwargs = _unpickled(message["args"])
        reply = self.invoke(message["target"], args, kwargs)
        if message.get("ahead"):   # the object whose method it was, and the object it made
            target, value = message["target"], reply.get("value")
            things = [self.encoder.handles.get(target[0]) if isinstance(target, list) else None,
                      self.encoder.handles.get(value.get("v")) if isinstance(value, dict)
                      and value.get("$") == "remote" else None]
            reply["read"] = [self.read_ahead(thing) for thing in things if thing is not None]
        return reply

    def op_call_many(self, message):
        return {"replies": [self.invoke(message["target"], args, kwargs)
                            for args, kwargs in _unpickled(message["args"])]}

    def invoke(self, target, args, kwargs) -> dict:
        """Call the learner's ``target``; the reply as plain data (value or error, and the
        arguments it changed)."""
        function = self.target(target)
        before = {i: _shallow(arg) for i, arg in enumerate(args) if _mutable(arg)}
        try:
            value = function(*args, **kwargs)
        except BaseException as error:  # noqa: BLE001
            reply = {"error": _error_data(error)}
        else:
            reply = {"value": self.encoder.encode(value)}
        changed = {str(i): self.encoder.encode(args[i]) for i, old in before.items()
                   if _shallow(args[i]) != old}
        if changed:
            reply["after"] = changed
        return reply

    def op_getattr(self, message):
        target, name = self.target(message["target"]), message["name"]
        reply = {"value": self.encoder.encode(getattr(target, name))}
        if message.get("ahead"):
            kind, own = type(target), getattr(target, "__dict__", None)
            # read without running the learner's code: an attribute of the object itself that
            # its class does not define, or a method its class defines
            reply["plain"] = kind.__getattribute__ is object.__getattribute__ and (
                (isinstance(own, dict) and name in own and not hasattr(kind, name))
                or (isinstance(getattr(kind, name, None), types.FunctionType)
                    and not (isinstance(own, dict) and name in own)))
            reply["read"] = [self.read_ahead(target)]
        return reply

    def read_ahead(self, thing) -> list:
        """``[handle, {name: value}]``: the attributes of the learner's object ``thing`` that
        reading runs none of its code for - its own (``vars``) and its class's methods, as
        ``{"$": "method"}`` (called by name) - or ``[handle, {}]`` when its class reads
        attributes its own way, or ``thing`` is no object of the learner's (a plain value)."""
        kind, own = type(thing), getattr(thing, "__dict__", None)
        if kind.__getattribute__ is not object.__getattribute__ or not isinstance(own, dict) \
                or kind.__module__ != "__main__":
            return [None, {}]
        number = self.encoder.number(thing)
        seen = {key: self.encoder.encode(value) for key, value in list(own.items())
                if isinstance(key, str) and not hasattr(kind, key)}
        seen.update({key: {"$": "method", "v": number, "n": key} for key in _methods(kind)
                     if key not in own})
        return [number, seen]

    def op_setattr(self, message):
        target = self.target(message["target"])
        setattr(target, message["name"], _unpickled(message["value"]))
        return {"ok": True, "read": [self.read_ahead(target)] if message.get("ahead") else []}

    def op_give(self, message):
        self.encoder.given = frozenset(str(name) for name in message["names"])
        self.encoder.given_fields = {}
        return {"ok": True}

    def op_names(self, message):
        names = {}
        for name, value in list(self.space.items()):
            if name.startswith("__") or name == "display":
                continue
            try:
                names[name] = self.encoder.encode(value)
            except Exception:  # noqa: BLE001 - too deep: a handle will do
                names[name] = self.encoder.handle(value)
        return {"value": names}

    def op_stand_in(self, message):
        function = self.target(message["target"])
        ahead = message.get("ahead") or {}
        names = {str(name): _Callback(self, int(number), str(name), dict(ahead.get(name, [])))
                 for name, number in message["names"].items()}
        space = getattr(function, "__globals__", {})
        missing = object()
        self.stood[message["target"]] = (space, {n: space.get(n, missing) for n in names}, missing)
        space.update(names)
        return {"ok": True}

    def op_stand_back(self, message):
        space, old, missing = self.stood.pop(message["target"])
        for name, value in old.items():
            if value is missing:
                space.pop(name, None)
            else:
                space[name] = value
        return {"ok": True}

    def op_steps(self, message):
        """Make a message of steps (``Learner.steps``): each a call or a read of the learner's
        objects, in order, answered as plain data or its error; a ``Step`` among a step's
        target and arguments is what that earlier step made."""
        made, replies = [], []
        for kind, on, name, args, kwargs, reply, when in _unpickled(message["steps"]):
            if when is not None and not _condition(made, when):
                made.append(_SKIPPED)
                replies.append({"skipped": True})
                continue
            try:
                target = _made_by(on, made)
                if kind == "get":
                    value = getattr(target, str(name))
                else:
                    function = getattr(target, str(name)) if name is not None else target
                    value = function(*[_made_by(arg, made) for arg in args],
                                     **{str(key): _made_by(arg, made)
                                        for key, arg in kwargs.items()})
            except BaseException as error:  # noqa: BLE001 - every error of the learner's code
                made.append(_FAILED)
                replies.append({"error": {**_error_data(error), "at": _learner_place(error)}})
                continue
            made.append(value)
            try:
                if reply == "none":
                    replies.append({"ok": True})
                elif reply == "numbers":
                    replies.append({"value": [[self.encoder.encode(label),
                                               self.encoder.number(thing)]
                                              for label, thing in value]})
                elif reply == "text":       # as text of its own: equal answers, equal texts
                    replies.append({"text": json.dumps(self.encoder.encode(value), allow_nan=True)})
                else:
                    replies.append({"value": self.encoder.encode(value)})
            except Exception as error:  # noqa: BLE001 - an answer too deep, or not pairs
                replies.append({"error": {**_error_data(error), "at": None}})
        sys.stdout.flush()
        return {"replies": replies}

    def op_fork(self, message):
        """Go on in a copy of this process (``Learner.fork``): the copy answers this request and
        every request after it, until ``end_fork`` ends it; this process waits, untouched by
        whatever the copy does, then answers again. A league plays each game in such a copy, so
        that nothing a bot remembers of one game reaches the next."""
        if self.forked:
            raise RuntimeError("This process is already a copy made for one game.")
        sys.stdout.flush()
        child = os.fork()
        if child == 0:
            self.forked = True
            return {"forked": True}
        _, status = os.waitpid(child, 0)
        if os.waitstatus_to_exitcode(status) != 0:  # the copy stopped otherwise than by end_fork:
            os._exit(1)                             # so does this process, and the channel closes
        return None

    def op_end_fork(self, message):
        """End the copy made by ``op_fork``: it answers, then exits; the process it was copied
        from answers from now on."""
        if not self.forked:
            raise RuntimeError("This process is no copy made for one game.")
        sys.stdout.flush()
        self.answer({"ended": True, "id": message.get("id")})
        os._exit(0)

    def op_withhold(self, message):
        """Take the exercise's own answers out of the kit here (``withheld.py``), before any of
        the learner's code runs."""
        from .withheld import withhold
        return {"withheld": withhold([str(path) for path in message["paths"]])}

    def op_fingerprint(self, message):
        space = {"__name__": "ninetynine_integrity"}
        exec(compile(message["code"], "<integrity>", "exec", dont_inherit=True), space)
        return {"prints": space["fingerprint"]()}


_FAILED, _SKIPPED = object(), object()     # what a step made when it raised / was not made


def _condition(made: list, when) -> bool:
    """Is a step's condition ``(index, "ok" | "failed")`` met by what the steps made so far?"""
    index, wanted = when
    done = made[int(index)]
    return done is _FAILED if wanted == "failed" else done is not _FAILED and done is not _SKIPPED


def _made_by(value, made: list):
    """``value``, or, for a ``Step``, what that earlier step made."""
    if type(value) is not Step:
        return value
    done = made[value.index]
    if done is _FAILED or done is _SKIPPED:
        raise LookupError(f"step {value.index} made nothing (it raised, or was not made)")
    return done


def _learner_place(error: BaseException) -> list | None:
    """``[file, line, function]`` of the deepest frame of ``error`` in the learner's code (or
    the kit's), past the channel's and the conformance suite's own frames; None if none."""
    import traceback
    found = None
    for frame, line in traceback.walk_tb(error.__traceback__):     # no source lines read
        filename = frame.f_code.co_filename
        if filename not in _OURS and not filename.startswith(_TESTING):
            found = [filename.rpartition("/")[2], line, frame.f_code.co_name]
    return found


_OURS = (__file__, str(Path(__file__).with_name("game_check.py")))
_TESTING = str(Path(__file__).parents[1] / "testing") + "/"


class _Callback:
    """A stand-in as the learner's function finds it (``_RemoteStandIn``): calling it asks the
    trusted side to run the stand-in there, with the arguments sent as plain data."""

    def __init__(self, server: "_Server", number: int, name: str, ahead: dict):
        self._server, self._number, self.__name__ = server, number, name
        self._ahead = ahead         # call key -> the answer, pickled, sent ahead by the grader

    def __call__(self, *args, **kwargs):
        if self._ahead:
            key = _call_key(args, kwargs)
            if key in self._ahead:
                return _from_ahead(self._ahead[key])    # a fresh copy each time
        return self._server.callback(self._number, args, kwargs)

    def __repr__(self):
        return f"<the grader's {self.__name__}>"


_METHODS: dict = {}


def _methods(kind: type) -> list[str]:
    """The public methods (plain functions) of a learner's class, worked out once (one that
    is added later is read as any attribute; one taken away fails when it is called)."""
    found = _METHODS.get(kind)
    if found is None:
        found = _METHODS[kind] = [key for key in dir(kind) if not key.startswith("_")
                                  and isinstance(getattr(kind, key, None), types.FunctionType)]
    return found


def _display(*values, **options):
    """``display`` as notebooks have it, printing the text of each value."""
    for value in values:
        print(repr(value))


def _transform(code: str) -> str:
    """A cell's code as Python: IPython's magics and shell lines (``%time``, ``!ls``) are
    translated by IPython itself, only for cells that have them."""
    if not any(line.lstrip().startswith(("%", "!")) for line in code.splitlines()):
        return code
    from IPython.core.inputtransformer2 import TransformerManager
    return TransformerManager().transform_cell(code)


def serve() -> None:
    """The learner's side: answer requests from standard input on file descriptor 3."""
    answers = int(os.environ.pop(ANSWER_VARIABLE))
    sys.stdin = io.StringIO("")              # input() in a learner's cell reads nothing
    requests = os.fdopen(0, "rb", buffering=0)
    reader = io.BufferedReader(requests)
    _Server(answers).serve(_Exact(reader))


class _Exact:
    """Reads exactly n bytes (or fewer at the end of the stream)."""

    def __init__(self, stream):
        self.stream = stream

    def read(self, size: int) -> bytes:
        parts, left = [], size
        while left:
            chunk = self.stream.read(left)
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)


if __name__ == "__main__":
    from ninetynine.grading import channel    # the module itself, not a second copy as __main__
    channel.serve()
