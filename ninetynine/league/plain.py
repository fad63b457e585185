"""Views as plain data, so that a bot in a sandbox can be shown one without sharing any object.

A learner's bot runs in another process (its sandbox); the referee, in the parent process, holds
the real game. Each turn the referee sends the bot's seat a **view** and reads back a **move**.
Neither side hands the other a Python object: the view goes as plain data (numbers, text, lists
and dicts, the kind of thing JSON can carry) and the move comes back as its text (``"AS +11"``),
which the referee parses with the kit's own ``parse_move`` and checks against the rules. Whatever
the learner's process does to its own copy of the kit, it cannot change the referee's state, and a
move object with a lying ``__eq__`` never reaches the referee.

``to_plain(view, game_name, options)`` writes a view as plain data; ``from_plain(data)`` (run in
the sandbox) builds the same view back, with real kit objects in it: cards, moves, events and the
game's rule set, so a learner's bot reads ``view.hand``, ``view.legal_moves`` or
``view.rules.effect(...)`` exactly as in the notebooks.

Only the view's own fields cross (those its class is made from), and a view holds only what its
seat may know: the games' views leave out the deck, the other hands, the hidden cards of the
history, and any random generator or seed (each game's ``hidden_from`` says what is hidden, and
``ninetynine.testing`` checks every view against it). ``to_plain`` adds the game's name and
options and nothing else; a value it does not know how to write (a ``random.Random``, say) is
refused, never sent. ``tests/test_tournament_secrecy.py`` checks the data a seat is sent: the
same in every deal the seat cannot tell apart, and never the seed.

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=2).new_game(seed=1)
>>> data = to_plain(state.view(0), "quentin_c", {"players": 2})
>>> import json; data == json.loads(json.dumps(data))       # plain data: JSON carries it whole
True
>>> from_plain(data) == state.view(0)
True
"""
from __future__ import annotations

import dataclasses
import importlib
from functools import lru_cache

from ..core import make

# How each kind of value is written. Lists stay lists; everything else is a one-key dict whose key
# says what it is, so a dict can never be mistaken for anything but a dict.
TUPLE, DICT, MOVE, RULES, OBJECT = "tuple", "dict", "move", "rules", "object"

#: the classes of moves: a move is sent as its text and parsed back by the game
MOVE_MODULES = ("ninetynine.counting.moves", "ninetynine.board.moves", "ninetynine.tricks.moves")


def _is_move(value) -> bool:
    return type(value).__module__ in MOVE_MODULES and not type(value).__name__.endswith("Card")


def _plain(value):
    """One value of a view as plain data (see the module's docstring)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple):
        return {TUPLE: [_plain(item) for item in value]}
    if isinstance(value, dict):
        return {DICT: [[_plain(key), _plain(item)] for key, item in value.items()]}
    if _is_move(value):
        return {MOVE: str(value)}
    if type(value).__name__ == "RuleSet":
        return {RULES: value.name}
    if dataclasses.is_dataclass(value) and type(value).__module__.startswith("ninetynine."):
        fields = {field.name: _plain(getattr(value, field.name))
                  for field in dataclasses.fields(value) if field.init}
        return {OBJECT: f"{type(value).__module__}:{type(value).__qualname__}", "fields": fields}
    raise TypeError(f"A view holds a {type(value).__name__}, which cannot be sent as plain data.")


def to_plain(view, game_name: str, options: dict) -> dict:
    """The view of one seat, and the game it comes from, as plain data."""
    return {"game": game_name, "options": _plain(dict(options)), "view": _plain(view)}


@lru_cache(maxsize=16)
def _table(game_name: str, options: tuple):
    """The game a view comes from, and a state of it for parsing moves (built once per table)."""
    game = make(game_name, **dict(options))
    return game, game.new_game(seed=0)


def _kit_class(name: str):
    """A dataclass of the kit named ``module:qualname``; anything else is refused."""
    module, _, qualname = name.partition(":")
    if not module.startswith("ninetynine.") or "." in qualname:
        raise ValueError(f"{name} is not a class of the kit.")
    cls = getattr(importlib.import_module(module), qualname)
    if not dataclasses.is_dataclass(cls):
        raise ValueError(f"{name} is not a class of the kit's views.")
    return cls


def _restore(data, game, parser):
    if isinstance(data, list):
        return [_restore(item, game, parser) for item in data]
    if not isinstance(data, dict):
        return data
    if TUPLE in data:
        return tuple(_restore(item, game, parser) for item in data[TUPLE])
    if DICT in data:
        return {_restore(key, game, parser): _restore(item, game, parser)
                for key, item in data[DICT]}
    if MOVE in data:
        return parser.parse_move(data[MOVE])
    if RULES in data:
        return game.rules
    cls = _kit_class(data[OBJECT])
    return cls(**{name: _restore(value, game, parser) for name, value in data["fields"].items()})


def from_plain(data: dict):
    """The view that ``to_plain`` wrote, with the kit's own objects in it (run in the sandbox)."""
    options = _restore(data["options"], None, None)
    game, parser = _table(data["game"], tuple(sorted(options.items())))
    return _restore(data["view"], game, parser)
