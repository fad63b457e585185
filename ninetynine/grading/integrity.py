"""Has a submission changed the ``ninetynine`` package inside its kernel?

A notebook could replace ``ninetynine.arena.tournament`` with a function that always reports a
win, or change a card's effect, and then pass a check it should fail. The grader therefore takes a
*fingerprint* of every ``ninetynine`` module loaded in the kernel - the code of each function, the
contents of each class, table and constant - once the notebook's cells have run, before the
checks, and compares it with a fingerprint of the same modules taken in the grader's own,
untouched process.

This module must not import anything from ``ninetynine``: its source text is sent to the kernel
and run there, so that a submission that patched the package cannot also patch the inspector.

>>> import ninetynine.counting.rules
>>> prints = fingerprint(["ninetynine.counting.rules"])
>>> prints == fingerprint(["ninetynine.counting.rules"])
True
"""
from __future__ import annotations

import hashlib
import importlib
import sys
import types

PACKAGE = "ninetynine"


#: id -> path of what the exercise withholds (``withheld.py``), in the grader's process while
#: ``fingerprint`` runs. In the learner's process those objects refuse every use instead; both
#: are described as ("withheld",), and anything else put in their place is described as usual.
_WITHHELD: dict[int, str] = {}


def _refuses(value) -> bool:
    """Is ``value`` one of the kit's answers as ``withheld.py`` leaves it in the learner's
    process: a function whose code refuses, or the object standing where a table was?"""
    if type(value).__name__ == "Refusal" and type(value).__module__ == PACKAGE + ".grading.withheld":
        return True
    defaults = getattr(value, "__kwdefaults__", None)
    return isinstance(value, types.FunctionType) and isinstance(defaults, dict) \
        and "_withheld_" in defaults


def _describe(value, owner: str, depth: int = 0):
    """A stable, address-free description of ``value`` (functions by their code, tables by content)."""
    if depth > 6:
        return type(value).__name__
    if id(value) in _WITHHELD or _refuses(value):
        return ("withheld",)
    if isinstance(value, (types.FunctionType, types.MethodType)):
        function = getattr(value, "__func__", value)
        return ("function", function.__module__, function.__qualname__, _code(function.__code__),
                _describe(function.__defaults__, owner, depth + 1))
    if isinstance(value, (staticmethod, classmethod)):
        return (type(value).__name__, _describe(value.__func__, owner, depth + 1))
    if isinstance(value, property):
        return ("property", *(_describe(f, owner, depth + 1) for f in (value.fget, value.fset)))
    if isinstance(value, type):
        if value.__module__ != owner:       # described where it is defined
            return ("class", value.__module__, value.__qualname__)
        members = sorted((k, _describe(v, owner, depth + 1)) for k, v in vars(value).items()
                         if k not in ("__dict__", "__weakref__", "__doc__", "__slotnames__")
                         and not _private_data(k, v))
        return ("class", value.__qualname__, tuple(members))
    if isinstance(value, types.ModuleType):
        return ("module", value.__name__)
    if value is None or isinstance(value, (bool, int, float, str, bytes, range)):
        return repr(value)
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), _describe(v, owner, depth + 1))
                                     for k, v in value.items())))
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_describe(v, owner, depth + 1) for v in value]
        return (type(value).__name__, tuple(sorted(items, key=repr) if isinstance(value, (set, frozenset))
                                            else items))
    fields = getattr(type(value), "__dataclass_fields__", None)
    if fields is not None:      # what the value is: its fields that count for equality, not caches
        return ("dataclass", type(value).__qualname__,
                tuple((name, _describe(getattr(value, name, None), owner, depth + 1))
                      for name, field in fields.items() if field.compare))
    return type(value).__name__   # random generators, locks ...: their state changes in play


def _code(code: types.CodeType) -> str:
    """A digest of a code object: bytecode, constants (nested code too) and names."""
    digest = hashlib.sha256(code.co_code)
    for const in code.co_consts:
        digest.update((_code(const) if isinstance(const, types.CodeType) else repr(const)).encode())
    digest.update(repr((code.co_names, code.co_filename.rsplit("/", 1)[-1])).encode())
    return digest.hexdigest()[:16]


def _module_print(module: types.ModuleType) -> str:
    """One digest for a whole module: every public and private name it holds."""
    items = sorted((name, _describe(value, module.__name__)) for name, value in vars(module).items()
                   if _watched(module, name, value))
    return hashlib.sha256(repr(items).encode()).hexdigest()


def _private_data(name: str, value) -> bool:
    """Is ``name`` private data, such as a ``_cache = {}`` that the kit fills by itself in play?

    Such data is the kit's own working memory, in a module or in a class (``Reader._cache`` fills
    as soon as a bot reads a table), so it is not part of the fingerprint. Private *functions*
    are code, and stay in it.
    """
    return name.startswith("_") and not name.startswith("__") and not callable(value)


def _watched(module: types.ModuleType, name: str, value) -> bool:
    """Everything but import machinery, private data (see ``_private_data``) and genuine
    submodules (which are fingerprinted on their own, and loaded in any order)."""
    if name in ("__builtins__", "__loader__", "__spec__", "__cached__", "__doc__"):
        return False
    if isinstance(value, types.ModuleType):
        return value.__name__ != f"{module.__name__}.{name}"
    return not name.startswith("_") or callable(value)


def loaded_modules() -> list[str]:
    """Names of the ``ninetynine`` modules loaded in this process."""
    return sorted(name for name in list(sys.modules)
                  if name == PACKAGE or name.startswith(PACKAGE + "."))


#: Built-ins that Jupyter's kernel replaces itself while a cell runs (``input`` reads from the page).
KERNEL_BUILTINS = ("input",)


def _builtins_print() -> str:
    """One digest for the interpreter's own functions and classes (``range``, ``all``, ``len`` ...).

    A notebook that replaces one (``builtins.range = lambda *a: []`` would make a check's loop
    test nothing) changes it: the replacement is no built-in, or a built-in of another name.
    """
    import builtins
    items = sorted((name, type(value).__name__, getattr(value, "__qualname__", ""))
                   for name, value in vars(builtins).items()
                   if name not in KERNEL_BUILTINS and (
                       isinstance(value, types.BuiltinFunctionType)
                       or (isinstance(value, type) and value.__module__ == "builtins")))
    return hashlib.sha256(repr(items).encode()).hexdigest()


def _resolve(path: str):
    module, _, attributes = path.partition(":")
    value = importlib.import_module(module)
    for name in attributes.split("."):
        value = getattr(value, name)
    return value


def fingerprint(names: list[str] | None = None, withheld=()) -> dict[str, str]:
    """``{module name: digest}`` for ``names`` (importing them), or for every loaded module;
    the key ``"builtins"`` holds the digest of the interpreter's built-ins. What the paths
    ``withheld`` hold (in the grader's process) is described as the learner's process shows it
    once withheld (``_refuses``)."""
    _WITHHELD.clear()
    _WITHHELD.update({id(_resolve(path)): path for path in withheld})
    try:
        return _fingerprint(names)
    finally:
        _WITHHELD.clear()


def _fingerprint(names: list[str] | None) -> dict[str, str]:
    names = loaded_modules() + ["builtins"] if names is None else names
    prints = {}
    for name in names:
        if name == "builtins":
            prints[name] = _builtins_print()
            continue
        module = sys.modules.get(name) or importlib.import_module(name)
        prints[name] = _module_print(module) + " " + str(getattr(module, "__file__", None))
    return prints


def differences(theirs: dict[str, str], ours: dict[str, str]) -> list[str]:
    """Module names whose fingerprints differ (or that only the submission's kernel has)."""
    return sorted(name for name in theirs if theirs[name] != ours.get(name))
