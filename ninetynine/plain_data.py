"""The kit's one plain-data form: a value written as data JSON can carry, and read back as the
values of the reading process.

Two processes that must not share objects speak it: the grader and a learner's process (the
grading channel, ``grading/channel``), the league's referee and a learner's bot in its sandbox
(``league/plain.py``). Each side rebuilds what it reads with its **own** classes, so nothing the
other side made - a lying ``__eq__``, a patched method - crosses.

The form::

    None, True, 3, 2.5, "text"      as they are
    [a, b]                          a list
    {"$": "tuple", "v": [a, b]}     a tuple ("set", "frozenset" alike)
    {"$": "dict", "v": [[k, v]]}    a dictionary, as pairs (its keys need not be text)
    {"$": "kit", "v": path}         one of the kit's own objects by its path
                                    (``"ninetynine.counting.rules:QUENTIN_C"``, ``kit_paths.py``),
                                    or a kit class or function by ``module:qualname``
    {"$": "obj", "c": "module:Class", "v": {field: value}}
                                    a value class (a dataclass) by the fields it is made from;
                                    ``"t": [...]`` instead of ``"v"`` for a named tuple
    {"$": "fraction", "v": [n, d]}, {"$": "range", "v": [start, stop, step]},
    {"$": "bytes", "v": base64}

A tag is a one-key-more dict whose ``"$"`` says what it is, so a plain dict can never be taken for
anything but a dict (dicts are always written as pairs). ``Writer`` and ``Reader`` write and read
that much; each user adds the tags of its own: the grading channel's handles on a learner's
functions and objects, the exercise's given classes and game states, and the league's "the
game's own rule set". A value no tag covers is the user's to handle: the league refuses it in
one sentence, the grading channel keeps it and sends a handle.

>>> from fractions import Fraction
>>> data = Writer().write({"count": (1, Fraction(1, 3)), 7: [None]})
>>> data
{'$': 'dict', 'v': [['count', {'$': 'tuple', 'v': [1, {'$': 'fraction', 'v': [1, 3]}]}], [7, [None]]]}
>>> Reader().read(data)
{'count': (1, Fraction(1, 3)), 7: [None]}

(Saves are another thing: a file for people and for later versions of the kit, with cards as
their text and events by name; ``core.py`` writes them.)
"""
from __future__ import annotations

import base64
import dataclasses
import fractions
import numbers
import types

from .kit_paths import KIT, KIT_PATHS, init_fields, kit_name, resolve

#: the deepest nesting either side writes or reads
MAX_DEPTH = 200
_SIMPLE = (bool, int, float, str)


class PlainDataError(ValueError):
    """Data that is not the plain-data form, or names a class or object it may not."""


class Writer:
    """Writes values in the plain-data form. Subclasses choose what else may cross:
    ``first`` (tags of their own, asked before anything else), ``class_name`` (which value
    classes cross, by what name) and ``other`` (a value no tag covers: refuse it, by default)."""

    def __init__(self):
        self._classes: dict = {}        # a class -> how its values cross (``_class_of``)

    def write(self, value, depth: int = 0):
        kind = type(value)
        if value is None or kind in _SIMPLE:
            return value
        if depth > MAX_DEPTH:
            raise ValueError("a value nested too deeply to send")
        mine = self.first(value, kind, depth)
        if mine is not None:
            return mine
        if not isinstance(value, (int, float, str, bytes)):
            path = KIT_PATHS.path_of(value)
            if path is None and isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
                path = kit_name(value)
            if path is not None:
                return {"$": "kit", "v": path}
        if isinstance(value, bool):             # subclasses of the simple kinds: as the kind itself
            return bool(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, float):
            return float(value)
        if isinstance(value, str):
            return str.__str__(value)
        deeper = depth + 1
        if kind is list:
            return [self.write(item, deeper) for item in value]
        known = self._classes.get(kind)
        if known is None:
            known = self._class_of(kind)
        name, fields = known
        if name and fields is not None:
            return {"$": "obj", "c": name,
                    "v": {field: self.write(getattr(value, field, None), deeper) for field in fields}}
        if name and isinstance(value, tuple):
            return {"$": "obj", "c": name, "t": [self.write(item, deeper) for item in value]}
        if isinstance(value, list):
            return [self.write(item, deeper) for item in value]
        if isinstance(value, tuple):
            return {"$": "tuple", "v": [self.write(item, deeper) for item in value]}
        if isinstance(value, (set, frozenset)):
            return {"$": "frozenset" if isinstance(value, frozenset) else "set",
                    "v": [self.write(item, deeper) for item in value]}
        if isinstance(value, dict):
            return {"$": "dict", "v": [[self.write(key, deeper), self.write(item, deeper)]
                                       for key, item in value.items()]}
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
        return self.other(value, kind, depth)

    def _class_of(self, kind: type) -> tuple:
        """How values of ``kind`` cross, found once per class: its name and its fields (a
        dataclass), its name and None (a named tuple), or None and None (not a value class)."""
        name = fields = None
        if dataclasses.is_dataclass(kind) or (issubclass(kind, tuple) and hasattr(kind, "_fields")):
            name = self.class_name(kind)
            fields = init_fields(kind) if dataclasses.is_dataclass(kind) else None
        self._classes[kind] = found = (name, fields)
        return found

    def first(self, value, kind: type, depth: int):
        """A subclass's own tag for ``value``, or None to go on with the common ones."""
        return None

    def class_name(self, kind: type) -> str | None:
        """The name a value class crosses by (``module:qualname``), or None when it may not:
        the kit's own classes, by default."""
        return kit_name(kind)

    def other(self, value, kind: type, depth: int):
        """A value no tag covers: refused, by default."""
        raise TypeError(f"A {kind.__name__} cannot be sent as plain data.")


class Reader:
    """Reads the plain-data form back as this process's own values. Subclasses choose which
    value classes may be rebuilt (``value_class``), read tags of their own (``tag``) and may
    bound the work (``count``, called once per value read)."""

    def __init__(self):
        self._classes: dict = {}        # a class's name -> the class (``value_class``, asked once)

    def read(self, data, depth: int = 0):
        if depth > MAX_DEPTH:
            raise PlainDataError("a value nested too deeply")
        self.count()
        if data is None or type(data) in (bool, int, float, str):
            return data
        deeper = depth + 1
        if type(data) is list:
            return [self.read(item, deeper) for item in data]
        if type(data) is not dict or "$" not in data:
            raise PlainDataError("not plain data")
        tag, value = data["$"], data.get("v")
        if tag == "tuple":
            return tuple(self.read(item, deeper) for item in value)
        if tag in ("set", "frozenset"):
            items = self.collection(value, deeper, pairs=False)
            return items if tag == "set" else frozenset(items)
        if tag == "dict":
            return self.collection(value, deeper, pairs=True)
        if tag == "kit":
            try:
                return resolve(str(value))
            except Exception as error:  # noqa: BLE001 - a path the other side made up
                raise PlainDataError(f"no kit object {value!r}") from error
        if tag == "obj":
            cls = self._value_class(str(data.get("c")))
            if "t" in data:
                return cls._make(self.read(item, deeper) for item in data["t"])
            fields = init_fields(cls)
            if not isinstance(value, dict) or set(value) != set(fields):
                raise PlainDataError(f"the fields of a {cls.__name__} are {', '.join(fields)}")
            return cls(**{name: self.read(item, deeper) for name, item in value.items()})
        if tag == "fraction":
            return fractions.Fraction(int(value[0]), int(value[1]))
        if tag == "range":
            return range(*[int(v) for v in value])
        if tag == "bytes":
            return base64.b64decode(str(value))
        return self.tag(tag, data, deeper)

    def _value_class(self, name: str) -> type:
        """``value_class``, asked once per name."""
        found = self._classes.get(name)
        if found is None:
            found = self._classes[name] = self.value_class(name)
        return found

    def collection(self, items, depth: int, pairs: bool):
        """A set (or, with ``pairs``, a dictionary) from its items."""
        if pairs:
            return {self.read(key, depth): self.read(item, depth) for key, item in items}
        return {self.read(item, depth) for item in items}

    def value_class(self, name: str) -> type:
        """The class ``name`` (``module:qualname``) names, if it may be rebuilt here: one of the
        kit's value classes (a dataclass or a named tuple), by default."""
        return kit_value_class(name)

    def tag(self, tag: str, data: dict, depth: int):
        """A tag of a subclass's own; none, by default."""
        raise PlainDataError(f"unknown tag {tag!r}")

    def count(self) -> None:
        """Called once per value read: a subclass may bound the size or time of a read."""


_VALUE_CLASSES: dict = {}


def kit_value_class(name: str) -> type:
    """One of the kit's value classes (a dataclass or named tuple) by ``module:qualname``; the
    grading machinery's own classes are never rebuilt from data."""
    found = _VALUE_CLASSES.get(name)
    if found is None:
        try:
            value = resolve(name)
        except Exception as error:  # noqa: BLE001 - a name the other side made up
            raise PlainDataError(f"{name} is not one of the kit's value classes") from error
        if not is_value_class(value) or value.__module__.startswith(KIT + ".grading"):
            raise PlainDataError(f"{name} is not one of the kit's value classes")
        found = _VALUE_CLASSES[name] = value
    return found


def is_value_class(value) -> bool:
    """A class whose instances are their fields: a dataclass or a named tuple."""
    return isinstance(value, type) and (dataclasses.is_dataclass(value) or hasattr(value, "_fields"))
