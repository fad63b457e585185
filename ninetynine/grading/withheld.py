"""The kit's own answers to an exercise, withheld from the learner's process while it is graded.

Exercise 04 asks for Quentin C's penalties; the kit has them (``quentin_c_penalties``). A rule
such as "write it yourself, do not call the kit's function" cannot be kept by *watching* the
learner's code: whatever watches inside the learner's process (a profile hook, a flag) the
learner's code can switch off, or dodge in a thread. So the grader keeps it by what the
learner's process is *given*: before any of the learner's code runs there, the exercise's
answers are taken out of the kit in that process, and using one raises ``Withheld`` with a
sentence that says why. The grader's own process keeps the whole kit, so the checks still
compare the learner's answers with the kit's.

An exercise names what it withholds in its solution notebook's metadata::

    {"ninetynine": {"withheld": ["ninetynine.counting.rules:quentin_c_penalties",
                                 "ninetynine.counting.rules:RS_GAMES.effects"]}}

Each entry is ``module:attribute.path``, and is withheld according to what it holds:

- **a function** (a method too, named through its class) keeps its identity but loses its
  code: its ``__code__`` is swapped for one that raises. Every reference to it refuses - the
  module's name, an import made earlier, a rule set's field (``QUENTIN_C.penalties``), a bot
  registry, a default argument - so there is nothing left to keep a reference to;
- **anything else** (a table) is replaced where it is held by an object that refuses every use,
  and a list, dictionary or set is emptied too, so that another name for it holds nothing.

What this does not stop, and need not: a learner can copy the kit's source text into their
notebook (the kit is open source; reading it is allowed, and no runtime check can tell copying
from writing). What it does stop is *calling* the kit's answer, which is what the exercises'
rules ask.

>>> import types
>>> module = types.ModuleType("example")
>>> exec("def twice(x):\\n    return 2 * x\\nTABLE = {'A': 1}\\nalias = twice", module.__dict__)
>>> import sys; sys.modules["example"] = module
>>> withhold(["example:twice", "example:TABLE"])
['example:twice', 'example:TABLE']
>>> module.alias(4)
Traceback (most recent call last):
...
ninetynine.grading.withheld.Withheld: The kit's twice is withheld while this exercise is graded: the exercise asks you to write it yourself.
>>> module.TABLE["A"]
Traceback (most recent call last):
...
ninetynine.grading.withheld.Withheld: The kit's TABLE is withheld while this exercise is graded: the exercise asks you to write it yourself.
"""
from __future__ import annotations

import importlib
import types

#: where a solution notebook's metadata lists what its exercise withholds
METADATA = ("ninetynine", "withheld")


class Withheld(Exception):
    """The learner's code used one of the kit's answers to the exercise being graded."""


def sentence(name: str) -> str:
    """What a learner reads when their code uses a withheld answer named ``name``."""
    return (f"The kit's {name} is withheld while this exercise is graded: the exercise asks you "
            "to write it yourself.")


def _refuse(*args, _withheld_=(Exception, ""), **kwargs):
    """The code a withheld function is given. It reads nothing from its module (it runs with the
    globals of the function it replaced): the exception and sentence are its keyword default."""
    raise _withheld_[0](_withheld_[1])


class Refusal:
    """Stands where a withheld table was: every use raises ``Withheld`` with its sentence."""

    __slots__ = ("_sentence",)

    def __init__(self, text: str):
        object.__setattr__(self, "_sentence", text)

    def _no(self, *args, **kwargs):
        raise Withheld(object.__getattribute__(self, "_sentence"))

    __getattr__ = __call__ = __iter__ = __len__ = __getitem__ = __contains__ = _no
    __setattr__ = __setitem__ = __delitem__ = __bool__ = __hash__ = __reduce__ = _no

    def __repr__(self):
        return "<withheld>"


def _split(path: str) -> tuple[str, list[str]]:
    module, _, attributes = path.partition(":")
    if not module or not attributes:
        raise ValueError(f"{path!r} names nothing to withhold: write it as "
                         "'module:attribute', e.g. 'ninetynine.arena:wilson'.")
    return module, attributes.split(".")


def withhold(paths, text=sentence) -> list[str]:
    """Withhold each of ``paths`` (``module:attribute.path``) in this process; return them.

    ``text(name)`` is the sentence a learner reads. A path that names nothing is refused with
    one sentence (``ValueError``), before anything is changed."""
    found = []
    for path in paths:
        module, names = _split(path)
        holder = importlib.import_module(module)
        for name in names[:-1]:
            holder = getattr(holder, name)
        if not hasattr(holder, names[-1]):
            raise ValueError(f"{path!r} names nothing to withhold: {module} has no {'.'.join(names)}.")
        found.append((holder, names[-1], ".".join(names), path))
    for holder, name, full_name, path in found:
        value = getattr(holder, name)
        function = getattr(value, "__func__", value)          # a method read through its class
        if isinstance(function, types.FunctionType) and not function.__closure__:
            function.__code__ = _refuse.__code__
            function.__defaults__ = None
            function.__kwdefaults__ = {"_withheld_": (Withheld, text(function.__name__))}
            continue
        if isinstance(value, (list, dict, set)):
            value.clear()
        refusal = Refusal(text(full_name))
        try:
            setattr(holder, name, refusal)
        except (AttributeError, TypeError):                  # a frozen dataclass's field
            object.__setattr__(holder, name, refusal)
    return [path for *_, path in found]
