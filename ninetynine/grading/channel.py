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
import importlib
import io
import json
import numbers
import operator
import os
import pickle
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import types
from pathlib import Path

from . import sandbox as _sandbox

ANSWER_VARIABLE = "NINETYNINE_ANSWER_FD"   # names the descriptor the learner's side answers on
MESSAGE_LIMIT = 64 * 1024 * 1024   # bytes of one answer
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


def decode(data, learner: "Learner | None" = None, depth: int = 0):
    """Plain data from the learner's side as values of this process (the trusted side)."""
    if depth > 200:
        raise DecodeError("a value nested too deeply")
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
        items = [decode(item, learner, deeper) for item in value]
        return set(items) if tag == "set" else frozenset(items)
    if tag == "dict":
        return {decode(k, learner, deeper): decode(v, learner, deeper) for k, v in value}
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
        fields = _init_fields(cls)
        if not isinstance(value, dict) or set(value) != set(fields):
            raise DecodeError(f"the fields of a {cls.__name__} are {', '.join(fields)}")
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

    def _stand_in(self, names: dict):
        """A context in which this function finds ``names`` among its global names (see
        ``checking.standing_in``)."""
        return _RemoteStandIn(self, names)


class _RemoteStandIn:
    """A stand-in in the learner's process. A ``Learner`` sends it only before the first request
    that runs the learner's code under it (``Learner._pending``): a call answered from the
    rehearsal needs none, and a check that stands in for every call (exercise 17's) would
    otherwise cross the channel twice more per call."""

    def __init__(self, remote: Remote, names: dict):
        self.remote, self.names, self.sent = remote, names, False

    def __enter__(self):
        learner = self.remote._learner
        self.pickled = _pickled(self.names, learner.reducers)
        self.before = learner.standing
        learner.standing = _digest("stand_in", self.remote._handle, learner.standing, self.pickled)
        pending = getattr(learner, "_pending", None)
        if pending is None:             # the rehearsal's side: at once
            self.send()
        else:
            pending.append(self)
        return self

    def send(self):
        self.remote._learner._request({"op": "stand_in", "target": self.remote._handle,
                                       "names": self.pickled})
        self.sent = True

    def __exit__(self, *exc):
        learner = self.remote._learner
        learner.standing = self.before
        pending = getattr(learner, "_pending", None)
        if pending and pending[-1] is self:
            pending.pop()               # never needed: nothing ran under it
        elif self.sent and not isinstance(exc[1], LearnerFailure):
            learner._request({"op": "stand_back", "target": self.remote._handle})
        return False


# --- watching calls: checking.calls and checking.touches across the channel -------------------


class _Watch:
    def __init__(self, functions=(), things=()):
        self.functions = [p for p in (_named(f) for f in functions) if p]
        self.things = [t if isinstance(t, str) else _KIT.path_of(t) or _named(t) for t in things]
        self.things = [t for t in self.things if t]
        self.seen: set[str] = set()
        self.touched = False

    def request(self) -> dict:
        return {"functions": self.functions, "things": self.things}


_WATCHES: list[_Watch] = []


class watching:
    """While inside ``with watching(functions=[...], things=[...]) as watch:``, every call to
    the learner's side also reports the names of ``functions`` (kit functions) its code
    reached (``watch.seen``), and whether it handed one of ``things`` to a function or got one
    back (``watch.touched``). ``checking.calls`` and ``checking.touches`` use it, so that they
    see into the learner's process as they see into this one."""

    def __init__(self, functions=(), things=()):
        self.watch = _Watch(functions, things)

    def __enter__(self) -> _Watch:
        _WATCHES.append(self.watch)
        return self.watch

    def __exit__(self, *exc):
        _WATCHES.remove(self.watch)
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
    cls = error_class(data)
    text = str(data.get("text", ""))
    try:
        error = cls(text) if text else cls()
    except Exception:  # noqa: BLE001 - a kit class that wants other arguments
        error = Exception(f"{data.get('name')}: {text}")
    raise error


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
    the learner's side uses its own, as a call rehearsed there did."""
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
    names more folders the sandbox shows empty; ``limits`` are ``sandbox.Limits``.
    """

    def __init__(self, *, sandbox: bool = True, limits: _sandbox.Limits = _sandbox.Limits(),
                 hide=(), env: dict | None = None, grading: bool = True):
        _sandbox.require(sandbox)
        self.limits = limits
        self.scratch = Path(tempfile.mkdtemp(prefix="ninetynine-learner-"))
        environment = dict(os.environ if env is None else env)
        if grading:
            environment[GRADING] = "1"
        environment.pop("PYTHONSTARTUP", None)
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        answers_read, answers_write = os.pipe()
        environment[ANSWER_VARIABLE] = str(answers_write)
        try:
            self.process = _sandbox.start(
                [sys.executable, "-m", "ninetynine.grading.channel"], self.scratch, limits=limits,
                sandbox=sandbox, hide=hide, env=environment, pass_fds=(answers_write,),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except BaseException:
            os.close(answers_read)
            os.close(answers_write)
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise
        os.close(answers_write)
        self._answers = answers_read
        self.output_bytes = 0
        self.tail = b""                # the last of the learner's output, for a diagnosis
        self.failure: LearnerFailure | None = None
        self.rehearsed: dict = {}          # digest of a call -> the answer a rehearsal recorded
        self.standing = ""                 # the stand-ins in force (part of a call's digest)
        self._pending: list = []           # stand-ins entered but not yet sent (_RemoteStandIn)
        self.live_calls = 0
        self.remotes: dict[int, Remote] = {}   # handle -> its Remote: one Remote per object
        self.given: dict[str, type] = {}       # the exercise's given classes, by name (``give``)
        self.reducers: dict = {}               # how ``_pickled`` sends them: by their fields
        self.histories = _Histories()          # the views' histories its side holds
        #: read ahead: a getattr also brings the object's own attributes, kept (as sent) in
        #: ``read`` until the learner's code next runs, so that reading a state's fields one
        #: by one crosses once (``Placement``'s grader-side helpers read many)
        self.read_ahead = False
        self.read: dict[tuple, object] = {}
        self._lock = threading.Lock()
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
        if size > MESSAGE_LIMIT:
            self._fail(Stopped("The learner's code answered with more than 64 MB."))
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
        if self.failure is not None:
            raise self.failure
        if self._pending and message["op"] not in ("stand_in", "stand_back"):
            waiting, self._pending = self._pending, []
            for stand_in in waiting:        # the learner's code may run: its stand-ins first
                stand_in.send()
        if message["op"] != "getattr":
            self.read.clear()              # the learner's code runs: what was read may change
        deadline = time.monotonic() + (timeout if timeout is not None else 3600)
        with self._lock:
            self._send(message)
            answer = self._receive(deadline)
        if self.failure is not None:
            self._fail(self.failure)
        return answer

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

    def call(self, target, *args, timeout: float | None = None, live: bool = False, **kwargs):
        """``target(*args, **kwargs)`` in the learner's process: ``target`` is a name in its
        namespace or a ``Remote``. Returns the answer rebuilt here; raises the learner's error.
        ``live=True`` never takes the answer from the rehearsal (a call that is being timed)."""
        handle = target._handle if isinstance(target, Remote) else str(target)
        answer = None
        self.read.clear()
        if self.rehearsed and not _WATCHES and not live:
            text = _canon((args, kwargs))
            if text is not None:
                answer = self.rehearsed.get(_digest("call", handle, self.standing, text))
        if answer is None:
            message = {"op": "call", "target": handle,
                       "args": _pickled((args, kwargs), self.reducers, self.histories)}
            if _WATCHES:
                message["watch"] = [watch.request() for watch in _WATCHES]
            if self.read_ahead:
                message["ahead"] = True
            try:
                answer = self._request(message, timeout if timeout is not None else _call_timeout())
            except BaseException:
                self.histories.forget()
                raise
            if "error" in answer:          # perhaps before the arguments were unpickled there
                self.histories.forget()
            else:
                self.histories.commit()
            self.live_calls += 1
            self._remember(answer)
        else:
            self._check_deadline(timeout)
        for watch, report in zip(_WATCHES, answer.get("watched", [])):
            watch.seen.update(str(name) for name in report.get("seen", []))
            watch.touched = watch.touched or bool(report.get("touched"))
        for index, after in (answer.get("after") or {}).items():
            _write_back(args[int(index)], after, self)
        if "error" in answer:
            _raise(answer["error"])
        return decode(answer.get("value"), self)

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
        answer = self.rehearsed.get(_digest("getattr", handle, self.standing, name))
        if answer is None and (handle, name) in self.read:
            return decode(self.read[handle, name], self)       # a fresh copy each time
        if answer is None:
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

    def _check_deadline(self, timeout):
        if (timeout if timeout is not None else _call_timeout()) <= 0.001:
            self._fail(OutOfTime("The learner's code did not answer in time."))

    def rehearse(self, code: str, name: str = "<check>", timeout: float | None = None) -> int:
        """Let the learner's side run ``code`` (a check) once on its own, recording the answer
        its code gives to each call the check makes; until ``forget``, a call of this side
        with the same target and arguments gets that answer without crossing the channel.

        Nothing the rehearsal decides counts: the check runs again here, with this process's
        modules. The rehearsal records for at most ``timeout`` seconds and then stops (the calls
        after that cross live); it fails with ``OutOfTime`` only when one of the learner's calls
        is still running a fifth as long again and a second more - a call that the check, run
        again here, would also wait for past ``timeout``. A recorded answer is only what the
        learner's code answered to those very arguments (found by a digest of them, pickled the
        same way on both sides), which is all a live call would bring back too; calls watched by
        ``checking.calls`` and anything not rehearsed cross the channel live. Returns how many
        answers were recorded."""
        budget = timeout if timeout is not None else _call_timeout()
        answer = self._request({"op": "rehearse", "code": code, "name": name, "budget": budget},
                               budget * 1.2 + 1)
        self.rehearsed = {str(k): v for k, v in (answer.get("answers") or {}).items()
                          if isinstance(v, dict)}
        return len(self.rehearsed)

    def _remember(self, answer: dict) -> None:
        """Keep what an answer brought of its objects' attributes (``_Server.read_ahead``)."""
        for handle, seen in answer.get("read") or ():
            if isinstance(handle, int) and isinstance(seen, dict):
                for key, value in seen.items():
                    self.read[handle, str(key)] = value

    def forget(self) -> None:
        """Drop the answers of the last rehearsal (and the attributes read ahead)."""
        self.rehearsed = {}
        self.standing = ""
        self._pending.clear()
        self.read.clear()

    def function(self, name: str) -> Remote:
        """The learner's ``name`` as a ``Remote`` (calling it calls the learner's function)."""
        return Remote(self, name, name, True)

    def names(self) -> dict:
        """The learner's namespace, rebuilt here: plain values as values, the kit's objects as
        this process's own, the learner's functions and objects as ``Remote``."""
        answer = self._request({"op": "names"}, _call_timeout())
        names = {}
        for name, value in (answer.get("value") or {}).items():
            try:
                names[str(name)] = decode(value, self)
            except (DecodeError, RecursionError, TypeError, ValueError, AttributeError):
                names[str(name)] = Remote(None, None, str(name), False)
        return names

    def request(self, op: str, timeout: float | None = None, **fields) -> dict:
        """Any other request of the learner's side (``check``, ``fingerprint``), as plain data."""
        return self._request({"op": op, **fields}, timeout)

    def close(self) -> None:
        """Stop the process and everything it started; delete the scratch folder."""
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
        shutil.rmtree(self.scratch, ignore_errors=True)

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


_CANON: dict = {}          # id -> (object, its canonical text): frozen kit values, worked out once


_PLAIN = frozenset((type(None), bool, int, float, str))


def _canon(value) -> str | None:
    """A text that says exactly what ``value`` is, the same in every process (no addresses, no
    hashes of text): the key of a call's arguments (``Learner.rehearse``). None for a value it
    cannot describe (the call is then never taken from a rehearsal)."""
    kind = type(value)
    if kind in _PLAIN:
        return f"{kind.__name__[0]}{value!r}"
    if kind is range:                   # a rule set's players, hand sizes and tokens
        return f"r{value.start},{value.stop},{value.step}"
    cached = _CANON.get(id(value))
    if cached is not None and cached[0] is value:
        return cached[1]
    if kind in (list, tuple):
        if all(map(_PLAIN.__contains__, map(type, value))):    # numbers and text only: their
            return f"{'[' if kind is list else '('}P{value!r})"  # repr says it, written in C
        parts = _canon_items(value)
        return None if parts is None else f"{'[' if kind is list else '('}{','.join(parts)})"
    if kind is dict:
        parts = [(_canon(k), _canon(v)) for k, v in value.items()]
        return None if any(None in p for p in parts) else "{" + ",".join(f"{k}:{v}" for k, v in parts) + "}"
    if kind in (set, frozenset):
        parts = [_canon(item) for item in value]
        return None if None in parts else "<" + ",".join(sorted(parts)) + ">"
    if kind is Remote:
        return f"R{value._handle!r}"
    path = _KIT.path_of(value)
    if path is not None:                # a kit object (a card of the deck): it stays, and so
        _CANON[id(value)] = (value, f"K{path}")             # does its text
        return f"K{path}"
    if isinstance(value, (type, types.FunctionType)):
        path = _named(value)
        if path is not None:
            return f"K{path}"
    if isinstance(value, types.BuiltinFunctionType) and getattr(builtins, value.__name__, None) is value:
        return f"B{value.__name__}"
    record = _record_plan(kind)
    if record is not None:
        opening, fields_of, frozen = record
        fields = fields_of(value)
        parts = _canon_items(fields)
        if parts is None:
            return None
        text = opening + ",".join(parts) + ")"
        if frozen and not any(isinstance(f, (list, dict, set)) for f in fields):
            if len(_CANON) > 300_000:
                _CANON.clear()
            _CANON[id(value)] = (value, text)
        return text
    name = _named(kind)
    if name and hasattr(value, "to_json") and hasattr(value, "legal_moves"):
        return f"S{name}{value.to_json()}"
    return None


_RECORDS: dict = {}         # type -> how _canon writes its instances (_record_plan)


def _record_plan(kind):
    """How ``_canon`` writes an instance of ``kind`` when it is a kit dataclass (one ``_named``
    finds): ``(opening text, a function giving the fields it is made from, frozen?)``, worked
    out once per type (the fields as ``_from_fields`` reads them); None for any other type. A
    view is such a record of 27 fields, and a match asks for thousands of views."""
    if kind in _RECORDS:
        return _RECORDS[kind]
    plan = None
    name = _named(kind)
    if name and dataclasses.is_dataclass(kind):
        plan = (f"D{name}(", _fields_getter(kind), kind.__dataclass_params__.frozen)
    _RECORDS[kind] = plan
    return plan


_FIRST, _SECOND = operator.itemgetter(0), operator.itemgetter(1)


def _canon_items(items) -> list[str] | None:
    """``_canon`` of each item, the frozen ones already worked out taken straight from the
    cache (most of a view: its cards and its history)."""
    if len(items) > 8:                                   # a hand, a history: try it in C
        cached = list(map(_CANON.get, map(id, items)))
        if None not in cached and all(map(operator.is_, map(_FIRST, cached), items)):
            return list(map(_SECOND, cached))
    get, parts = _CANON.get, []
    for item in items:
        kind = type(item)
        if kind in _PLAIN:                               # as _canon writes them, without a call
            parts.append(f"{kind.__name__[0]}{item!r}")
            continue
        cached = get(id(item))
        if cached is not None and cached[0] is item:
            parts.append(cached[1])
            continue
        text = _canon(item)
        if text is None:
            return None
        parts.append(text)
    return parts


_COPY_KINDS: dict = {}
_SHARED: set = set()        # the types _copy_kind says "share" of, to test a whole list in C


def _copy_kind(kind) -> str:
    """How ``_light_copy`` treats values of a type, worked out once per type."""
    found = _COPY_KINDS.get(kind)
    if found is None:
        if kind in (list, tuple, dict, set):
            found = kind.__name__
        elif dataclasses.is_dataclass(kind) and not kind.__dataclass_params__.frozen \
                and "__dict__" in dir(kind):
            found = "record"
        elif hasattr(kind, "to_json") and hasattr(kind, "legal_moves") and hasattr(kind, "copy"):
            found = "state"
        else:
            found = "share"          # numbers, text, frozen records, functions: nothing to copy
            _SHARED.add(kind)
        _COPY_KINDS[kind] = found
    return found


def _light_copy(value):
    """A copy of ``value`` whose lists, dictionaries, sets and mutable kit records are new, and
    whose frozen parts are shared: what the learner's code may change is its own."""
    how = _copy_kind(type(value))
    if how == "share":
        return value
    if how in ("list", "tuple"):
        if all(map(_SHARED.__contains__, map(type, value))):      # cards, events, numbers
            return list(value) if how == "list" else value
        items = [item if type(item) in _SHARED else _light_copy(item) for item in value]
        return items if how == "list" else tuple(items)
    if how == "dict":
        return {key: _light_copy(item) for key, item in value.items()}
    if how == "set":
        return set(value)
    if how == "record":
        twin = object.__new__(type(value))
        twin.__dict__.update({key: item if type(item) in _SHARED else _light_copy(item)
                              for key, item in vars(value).items()})
        return twin
    return value.copy()


def _digest(*parts) -> str:
    """A call's fingerprint: what is called, the stand-ins in force, the arguments' text.

    Text is hashed as it is (a call's text is kilobytes: ``repr`` would copy and escape it) and
    anything else by its ``repr`` after a byte text never holds, so that no two calls share one."""
    import hashlib
    return hashlib.sha256("\x00".join([part if type(part) is str else "\x01" + repr(part)
                                       for part in parts]).encode()).hexdigest()


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
        self.answer({"ready": True})
        kind = type(self)       # taken before any learner's code runs: requests are answered by
        send = kind.answer      # the class's methods, whatever the learner sets on this object
        while True:
            head = requests.read(4)
            if len(head) < 4:
                return
            message = json.loads(requests.read(struct.unpack(">I", head)[0]))
            try:
                reply = getattr(kind, "op_" + message["op"])(self, message)
            except BaseException as error:  # noqa: BLE001 - every error of the learner's code
                reply = {"error": _error_data(error)}
            try:
                send(self, reply)
            except (TypeError, ValueError) as error:
                send(self, {"error": _error_data(error)})

    def op_run(self, message):
        code = _transform(message["code"])
        exec(compile(code, message.get("name", "<cell>"), "exec", dont_inherit=True), self.space)
        sys.stdout.flush()
        return {"ok": True}

    def op_call(self, message):
        args, kwargs = _unpickled(message["args"])
        reply = self.invoke(message["target"], args, kwargs, message.get("watch", []))
        if message.get("ahead"):   # the object whose method it was, and the object it made
            target, value = message["target"], reply.get("value")
            things = [self.encoder.handles.get(target[0]) if isinstance(target, list) else None,
                      self.encoder.handles.get(value.get("v")) if isinstance(value, dict)
                      and value.get("$") == "remote" else None]
            reply["read"] = [self.read_ahead(thing) for thing in things if thing is not None]
        return reply

    def invoke(self, target, args, kwargs, watch=()) -> dict:
        """Call the learner's ``target``; the reply as plain data (value or error, the
        arguments it changed, what the watches saw)."""
        function = self.target(target)
        watches = [_Watching(w) for w in watch]
        before = {i: _shallow(arg) for i, arg in enumerate(args) if _mutable(arg)}
        try:
            if watches:
                value = _watched(watches, function, args, kwargs)
            else:
                value = function(*args, **kwargs)
        except BaseException as error:  # noqa: BLE001
            reply = {"error": _error_data(error)}
            value = None
        else:
            reply = {"value": self.encoder.encode(value)}
        if watches:
            reply["watched"] = [w.report(value) for w in watches]
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
        names = _unpickled(message["names"])
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

    def op_check(self, message):
        """Run a check's code here (exercises whose checks need the learner's objects
        themselves); the result is plain data: passed, or the error's name and text."""
        names = {name: value for name, value in self.space.items()
                 if name.startswith("__") or not hasattr(builtins, name)}
        names["__builtins__"] = builtins
        try:
            exec(compile(message["code"], message.get("name", "<check>"), "exec", dont_inherit=True), names)
        except BaseException as error:  # noqa: BLE001
            return {"passed": False, "error": _error_data(error)}
        finally:
            sys.stdout.flush()
        return {"passed": True}

    def op_rehearse(self, message):
        """Run a check here, once, recording what the learner's code answers to each call (see
        ``Learner.rehearse``). The check sees exactly what the trusted side will see: the
        namespace sent as plain data and rebuilt, the learner's things as ``Remote`` handles
        that call them here."""
        side = _LocalSide(self, time.monotonic() + float(message.get("budget", 3600)))
        names = {name: decode(value, side) for name, value in self.op_names({})["value"].items()
                 if not hasattr(builtins, name)}
        names.update(__builtins__=builtins, __name__="__main__")
        try:
            exec(compile(message["code"], message.get("name", "<check>"), "exec", dont_inherit=True), names)
        except BaseException:  # noqa: BLE001 - the trusted side will see it for itself
            pass
        return {"answers": side.recorded}

    def op_fingerprint(self, message):
        space = {"__name__": "ninetynine_integrity"}
        exec(compile(message["code"], "<integrity>", "exec", dont_inherit=True), space)
        return {"prints": space["fingerprint"](server=self)}


_METHODS: dict = {}


def _methods(kind: type) -> list[str]:
    """The public methods (plain functions) of a learner's class, worked out once (one that
    is added later is read as any attribute; one taken away fails when it is called)."""
    found = _METHODS.get(kind)
    if found is None:
        found = _METHODS[kind] = [key for key in dir(kind) if not key.startswith("_")
                                  and isinstance(getattr(kind, key, None), types.FunctionType)]
    return found


class _RehearsalOver(BaseException):
    """The rehearsal used its time: it ends here (the rest of the check's calls cross live)."""


class _LocalSide:
    """What a ``Remote`` talks to during a rehearsal: the learner's own process, which records
    each answer under the digest the trusted side will compute for the same call."""

    def __init__(self, server: _Server, until: float):
        self.server, self.recorded, self.standing, self.until = server, {}, "", until
        self.remotes: dict = {}
        self.given = {name: server.space[name] for name in server.encoder.given
                      if isinstance(server.space.get(name), type)}
        self.reducers: dict = {}

    def call(self, target, *args, **kwargs):
        if time.monotonic() > self.until:
            raise _RehearsalOver()
        handle = target._handle
        text = None if _WATCHES else _canon((args, kwargs))
        copies = _light_copy((args, kwargs))   # the learner's code gets copies, as from the other side
        reply = self.server.invoke(handle, *copies)
        if text is not None:
            self.recorded.setdefault(_digest("call", handle, self.standing, text), reply)
        for index, after in (reply.get("after") or {}).items():
            _write_back(args[int(index)], after, self)
        if "error" in reply:
            _raise(reply["error"])
        return decode(reply.get("value"), self)

    def setattr(self, target, name, value):
        setattr(self.server.target(target._handle), name, _light_copy(value))

    def getattr(self, target, name):
        reply = self.server.op_getattr({"target": target._handle, "name": name})
        self.recorded.setdefault(_digest("getattr", target._handle, self.standing, name), reply)
        return decode(reply.get("value"), self)

    def _request(self, message: dict, timeout=None) -> dict:
        return getattr(self.server, "op_" + message["op"])(message)


class _Watching:
    """One watch on the learner's side: the kit functions to notice, the things to look for."""

    def __init__(self, request: dict):
        self.codes = {}
        for path in request.get("functions", []):
            try:
                self.codes[resolve(path).__code__] = path.rpartition(":")[2].rpartition(".")[2]
            except Exception:  # noqa: BLE001
                pass
        self.objects, self.texts = [], set()
        for thing in request.get("things", []):
            if ":" in thing and thing.startswith(KIT):
                try:
                    self.objects.append(resolve(thing))
                except Exception:  # noqa: BLE001
                    pass
            else:
                self.texts.add(thing)
        self.seen: set[str] = set()
        self.touched = False

    def known(self, value) -> bool:
        if isinstance(value, str):
            return value in self.texts
        return any(value is thing for thing in self.objects)

    def look(self, frame, event):
        if event != "call":
            return
        name = self.codes.get(frame.f_code)
        if name:
            self.seen.add(name)
        if not self.touched and (self.objects or self.texts):
            if any(self.known(v) for v in frame.f_locals.values()):
                self.touched = True

    def report(self, value) -> dict:
        touched = self.touched
        if value is not None and (self.objects or self.texts):
            values = list(value.values()) if isinstance(value, dict) else (
                list(value) if isinstance(value, (list, tuple, set)) else [])
            touched = touched or self.known(value) or any(self.known(v) for v in values)
        return {"seen": sorted(self.seen), "touched": touched}


def _watched(watches, function, args, kwargs):
    def profile(frame, event, arg):
        for watch in watches:
            watch.look(frame, event)
    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        return function(*args, **kwargs)
    finally:
        sys.setprofile(before)


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
