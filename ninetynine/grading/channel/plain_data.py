"""Answers as plain data: written on the learner's side, rebuilt on the trusted side.

Everything the learner's process answers is in the kit's plain-data form (``ninetynine/
plain_data.py``: numbers, text, lists, and dictionaries tagged with ``"$"`` for tuples, sets,
dictionaries and the kit's values by their fields or their path), with the channel's own tags
added: the exercise's given classes, game states, built-in functions, modules, and handles.
``Encoder`` writes a value so, on the learner's side; everything it cannot write as data (the
learner's functions and objects) it keeps and sends as a handle. ``decode`` reads the data on the
trusted side and rebuilds it with this process's own classes, bounded in size and time
(``decoding``); a handle becomes a ``Remote``, whose calls and attributes cross the channel
again. ``write_back`` makes an argument the trusted side sent look as the learner's code left it.

Both halves are in one module so that each tag can be read beside the code that reads it back.
"""
from __future__ import annotations

import builtins
import dataclasses
import sys
import threading
import time
import types

from ninetynine.kit_paths import field_set, init_fields
from ninetynine.plain_data import PlainDataError, Reader, Writer

from .failures import OutOfTime
from .running_server import learner_object
from .standins import RemoteStandIn


class Encoder(Writer):
    """Turns the learner's values into plain data; keeps a handle for everything else."""

    def __init__(self):
        super().__init__()
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
        """``value`` as plain data (``Writer.write``, with the channel's tags)."""
        return self.write(value, depth)

    def first(self, value, kind: type, depth: int):
        fields = self.given_fields.get(kind)
        if fields is None and self.given and kind.__qualname__ in self.given \
                and kind.__module__ == "__main__" and dataclasses.is_dataclass(kind):
            fields = self.given_fields[kind] = init_fields(kind)
        if fields is not None:          # one of the exercise's given classes (a move, an event)
            return {"$": "given", "c": kind.__qualname__,
                    "v": {name: self.write(getattr(value, name, None), depth + 1)
                          for name in fields}}
        if isinstance(value, types.BuiltinFunctionType) and getattr(builtins, value.__name__, None) is value:
            return {"$": "builtin", "v": value.__name__}
        return None

    def other(self, value, kind: type, depth: int):
        name = self.class_name(kind)
        if name and hasattr(value, "to_json") and hasattr(value, "legal_moves"):   # a game state
            return {"$": "state", "c": name, "v": value.to_json(), "h": self.number(value)}
        if isinstance(value, types.ModuleType):
            return {"$": "module", "v": value.__name__}
        return self.handle(value)


#: the error of an answer that is not plain data of the kinds ``decode`` knows
DecodeError = PlainDataError

#: the most values one answer may hold (each number, text, list, ... counts one)
DECODE_LIMIT = 2_000_000
_BOUNDS = threading.local()


class decoding:
    """Within ``with decoding(learner, ends):``, rebuilding an answer (``decode``) counts against
    the learner's time: past ``ends`` (a ``time.monotonic()`` reading) the learner is out of
    time, and an answer of more than ``DECODE_LIMIT`` values is refused. An answer is only data,
    but data can still be slow to rebuild: a set or dictionary of numbers that all share one
    hash takes time that grows with the square of its size."""

    def __init__(self, learner, ends: float):
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


class Answers(Reader):
    """Reads one learner's answers: the common tags (``Reader``), the channel's own (handles
    become ``Remote``), every value counted against the bounds of ``decoding``."""

    def __init__(self, learner):
        super().__init__()
        self.learner = learner

    def count(self) -> None:
        _count()

    def collection(self, items, depth: int, pairs: bool):
        """The items of a set (or the pairs of a dictionary), added one at a time so that the
        time it takes is watched (``_count``) however the items hash."""
        made = {} if pairs else set()
        for item in items:
            _count(now=len(made) > 4096)     # a big set: each item may cost as much as the rest
            if pairs:
                key, value = item
                made[self.read(key, depth)] = self.read(value, depth)
            else:
                made.add(self.read(item, depth))
        return made

    def tag(self, tag: str, data: dict, depth: int):
        learner, value = self.learner, data.get("v")
        if tag == "builtin":
            found = getattr(builtins, str(value), None)
            if not isinstance(found, types.BuiltinFunctionType):
                raise DecodeError(f"no built-in {value!r}")
            return found
        if tag == "given":
            cls = (getattr(learner, "given", None) or {}).get(str(data.get("c")))
            if cls is None:
                raise DecodeError(f"{data.get('c')!r} is none of the exercise's given classes")
            if not isinstance(value, dict) or value.keys() != field_set(cls):
                raise DecodeError(f"the fields of a {cls.__name__} are {', '.join(init_fields(cls))}")
            return cls(**{name: self.read(item, depth) for name, item in value.items()})
        if tag == "state":
            from ninetynine import load
            try:
                return load(str(value))
            except Exception:  # noqa: BLE001 - a game the save cannot name (an endgame): a handle
                return Remote(learner, int(data.get("h", 0)), str(data.get("c", "state")), False)
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
            remote = Remote(learner, int(value), str(data.get("n", "object"))[:80],
                            bool(data.get("call")))
            if known is not None:
                known[int(value)] = remote
            return remote
        raise DecodeError(f"unknown tag {tag!r}")


def decode(data, learner=None, depth: int = 0):
    """Plain data from the learner's side as values of this process (the trusted side).
    ``learner``: the ``Learner`` that answered (its given classes, its handles), or None."""
    return Answers(learner).read(data, depth)


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
        return (learner_object, (self._handle,))

    def _stand_in(self, names: dict, ahead: dict | None = None):
        """A context in which this function finds ``names`` among its global names (see
        ``checking.standing_in``)."""
        return RemoteStandIn(self, names, ahead or {})


def write_back(original, data, learner) -> None:
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
