"""The kit's own objects named by a path, so that each side of a channel uses its own copy.

A card, a rule set or a bot of the kit crosses between processes as a path - ``"ninetynine.counting.
rules:RS_GAMES.effects['PASS']"`` - and the other process finds the object of that path in its
own, untouched modules (``resolve``). ``KitPaths`` builds the table of those paths,
``kit_name`` names a kit function or class by ``module:qualname``, and ``init_fields`` gives
the fields a kit dataclass is made from, with which both sides write and rebuild it.

A module of its own because both sides use it, in both directions: the kit's plain-data form
writes and reads paths with it (``ninetynine/plain_data.py``: the grading channel's answers, the
league's views), and the grading channel pickles arguments with it
(``grading/channel/pickling.py``).
"""
from __future__ import annotations

import dataclasses
import importlib
import json
import sys
import types

KIT = "ninetynine"


class KitPaths:
    """The kit's public module-level objects by identity, and a path for each: ``RS_GAMES`` is
    ``"ninetynine.counting.rules:RS_GAMES"``, its table ``"...:RS_GAMES.effects"`` and one
    effect ``"...:RS_GAMES.effects['PASS']"``. Rebuilt when more kit modules are loaded.

    Only public names are paths: a private one may be a cache, filled in one process and not in
    another, and a path must name the same object in the grader and in the learner's process."""

    def __init__(self):
        self.loaded, self.paths = -1, {}

    def path_of(self, value):
        """``value``'s path if it is one of the kit's objects, else None (the table is rebuilt
        first when more modules were loaded)."""
        if len(sys.modules) != self.loaded:
            self.build()
        return self.paths.get(id(value))

    def build(self):
        """Find the public objects of every loaded kit module, and the tables and records they
        hold."""
        modules = [name for name in list(sys.modules) if name == KIT or name.startswith(KIT + ".")]
        self.loaded, paths = len(sys.modules), {}
        for name in sorted(modules):
            module = sys.modules.get(name)
            for attr, value in list(vars(module).items()) if module else ():
                if attr.startswith("_") or _simple(value) or isinstance(value, types.ModuleType):
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
                                if isinstance(key, str) and not _simple(item):
                                    paths.setdefault(id(item), f"{where}.{field.name}[{key!r}]")
        self.paths = paths


#: the table of this process (one: building it reads every kit module)
KIT_PATHS = KitPaths()


def _simple(value) -> bool:
    """None, a number or a text: written as itself, never as a path."""
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


def kit_name(value) -> str | None:
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


_FIELDS: dict = {}


def init_fields(cls) -> tuple:
    """The fields a dataclass is made from (the others, such as a card's hash, it works out)."""
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return _FIELDS[cls]


_FIELD_SETS: dict = {}


def field_set(cls) -> frozenset:
    """``init_fields`` as a set, to compare an answer's field names with at once."""
    found = _FIELD_SETS.get(cls)
    if found is None:
        found = _FIELD_SETS[cls] = frozenset(init_fields(cls))
    return found


def positional(cls) -> bool:
    """Can ``cls(*fields)`` rebuild an instance (a kit dataclass whose made-from fields are
    all positional)?"""
    if not dataclasses.is_dataclass(cls):
        return False
    return all(f.kw_only is not True for f in dataclasses.fields(cls) if f.init)
