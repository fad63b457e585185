"""Looking inside any Python object, as a curious bot could: the helpers the checks share.

A bot receives a view and may poke at every attribute, item and field it can reach. To check
that a view holds nothing it should not, the checks walk through views the same way:

- ``parts(obj)``: the named parts one step away (fields, items, attributes, closures);
- ``reachable(obj)``: every object reachable from ``obj``, each with the path that reaches it;
- ``difference(a, b)``: the first path at which two objects differ, or None;
- ``swapped(obj, u, v)``: a copy of ``obj`` with ``u`` and ``v`` exchanged wherever they appear.

>>> difference({"hand": ["7C", "KD"]}, {"hand": ["7C", "QS"]}, "view")
("view['hand'][1]", 'KD', 'QS')
>>> [path for path, _ in reachable({"a": [1, (2, 3)]}, "x")]
['x', "x['a']", "x['a'][1]"]
>>> swapped(("7C", ["KD", "7C"]), "7C", "KD")
('KD', ['7C', 'KD'])
"""
from __future__ import annotations

import dataclasses
import re
import types
from collections import Counter
from enum import Enum

#: objects with no parts worth walking into
LEAVES = (str, bytes, bytearray, int, float, complex, bool, type(None), range, Enum, type,
          types.ModuleType)


def parts(obj) -> list[tuple[str, object]]:
    """The parts of ``obj`` one step away, each with the text that names it (``.hand``, ``[2]``)."""
    if isinstance(obj, LEAVES):
        return []
    if isinstance(obj, dict):
        return [(f"[{key!r}]", value) for key, value in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [(f"[{index}]", item) for index, item in enumerate(obj)]
    if isinstance(obj, (set, frozenset)):
        return [("{...}", item) for item in sorted(obj, key=repr)]
    if isinstance(obj, types.MethodType):
        return [(".__self__", obj.__self__)]
    if isinstance(obj, types.FunctionType):
        cells = obj.__closure__ or ()
        return [(f".<{name} seen by {obj.__name__}>", _cell(cell))
                for name, cell in zip(obj.__code__.co_freevars, cells)]
    found = {name: getattr(obj, name) for name in _attribute_names(type(obj)) if hasattr(obj, name)}
    found.update(getattr(obj, "__dict__", {}))
    return [(f".{name}", value) for name, value in found.items()]


_NAMES: dict[type, tuple[str, ...]] = {}


def _attribute_names(cls) -> tuple[str, ...]:
    """The fields of a dataclass and the slots of a class (worked out once per class); the
    attributes in an object's ``__dict__`` are added to these by ``parts``."""
    if cls not in _NAMES:
        names = [field.name for field in dataclasses.fields(cls)] \
            if dataclasses.is_dataclass(cls) else []
        for klass in cls.__mro__:
            slots = getattr(klass, "__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in names and name not in ("__dict__", "__weakref__"):
                    names.append(name)
        _NAMES[cls] = tuple(names)
    return _NAMES[cls]


def _cell(cell):
    try:
        return cell.cell_contents
    except ValueError:          # a cell not filled yet
        return None


def reachable(obj, path: str = "", seen: set | None = None, limit: int = 100_000):
    """Yield ``(path, part)`` for ``obj`` and everything reachable from it, each object once
    (objects whose id is in ``seen`` already are skipped; pass one set to several walks).
    Plain values - numbers, text, None - hold nothing, so they are not listed."""
    seen = set() if seen is None else seen
    stack = [(path, obj)]
    while stack and len(seen) < limit:
        path, obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield path, obj
        stack.extend(reversed([(path + name, part) for name, part in parts(obj)
                               if not isinstance(part, LEAVES)]))


def difference(a, b, path: str = "", _pairs=None):
    """The first place where ``a`` and ``b`` differ, as ``(path, part of a, part of b)``; None if
    they are alike (equal leaves, same types, same parts). Objects are compared by what they hold,
    so two views of different worlds compare even if their class defines no ``==``; a small
    record of plain values (a card) is named whole, not by the field that differs (its suit)."""
    if a is b:
        return None
    try:                         # lists and plain values: their ``==`` is quick and to be trusted;
        if type(a) is type(b) and isinstance(a, LEAVES + (list, tuple, dict)) and bool(a == b):
            return None          # other objects may hold more than their ``==`` compares
    except Exception:
        pass
    if type(a) is not type(b) or isinstance(a, LEAVES) or callable(a) and not parts(a):
        return path, a, b
    _pairs = set() if _pairs is None else _pairs
    if (id(a), id(b)) in _pairs:
        return None
    _pairs.add((id(a), id(b)))
    mine, theirs = parts(a), parts(b)
    if [name for name, _ in mine] != [name for name, _ in theirs]:
        return path, a, b
    if not mine:                 # nothing inside to compare: compare the text, minus addresses
        return None if _text(a) == _text(b) else (path, a, b)
    small = not isinstance(a, (list, tuple, dict)) and all(isinstance(x, LEAVES) for _, x in mine)
    if small:                    # a small record such as a card: name the card, not its suit
        return None if [x for _, x in mine] == [y for _, y in theirs] else (path, a, b)
    for (name, x), (_, y) in zip(mine, theirs):
        found = difference(x, y, path + name, _pairs)
        if found is not None:
            return found
    return None


def _text(obj) -> str:
    return re.sub(r"0x[0-9a-fA-F]+", "0x...", repr(obj))


def swapped(obj, u, v):
    """``obj`` with every part equal to ``u`` replaced by ``v`` and the reverse (a new object;
    lists, tuples and dataclasses are rebuilt, anything else is kept as it is)."""
    if type(obj) is type(u) and obj == u:
        return v
    if type(obj) is type(v) and obj == v:
        return u
    if type(obj) in (list, tuple):
        return type(obj)(swapped(item, u, v) for item in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {f.name: swapped(getattr(obj, f.name), u, v)
                   for f in dataclasses.fields(obj) if f.init and hasattr(obj, f.name)}
        if all(changes[name] is getattr(obj, name) for name in changes):
            return obj
        return dataclasses.replace(obj, **changes)
    return obj


def multiset(items) -> Counter:
    """How many of each item: a Counter, with items that cannot be hashed counted by their text."""
    counts = Counter()
    for item in items:
        try:
            counts[item] += 1
        except TypeError:
            counts[_text(item)] += 1
    return counts


def short(obj, most: int = 60) -> str:
    """``obj`` as short text for a sentence: its ``str`` (a move's text), at most ``most`` long."""
    text = str(obj) if not isinstance(obj, str) else repr(obj)
    text = _text(text) if text.startswith("<") else text
    return text if len(text) <= most else text[:most - 3] + "..."
