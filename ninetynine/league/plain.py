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

A game of a learner's own (registered from its module, ``ninetynine tournament --game
my_module:my_game``) crosses too: ``game_source`` gives the text of its module, or of its whole
package when the game has a folder of its own, which the learner's side imports from that text
and registers (``install``) before any view arrives, since a sandbox sees no file but the kit's.
Its own classes (views, events, moves) cross like the kit's; nothing else does.
"""
from __future__ import annotations

import dataclasses
import importlib
import importlib.abc
import importlib.util
import inspect
import sys
from functools import lru_cache
from pathlib import Path

from ..core import make
from ..protocol import DECLARATIONS, declaration, register

# How each kind of value is written. Lists stay lists; everything else is a one-key dict whose key
# says what it is, so a dict can never be mistaken for anything but a dict.
TUPLE, DICT, MOVE, RULES, OBJECT = "tuple", "dict", "move", "rules", "object"

#: a move's class is known once: is it a move (sent as its text), or not (sent by its fields)?
_MOVE_CLASSES: dict = {}


def _is_move(value, parser) -> bool:
    """Is ``value`` a move of the game? A move is what the game's own ``parse_move`` reads back
    from its text, equal (``parser.parse_move(str(move)) == move``); its class is asked once."""
    key = (type(value), type(parser))
    if key not in _MOVE_CLASSES:
        try:
            _MOVE_CLASSES[key] = parser.parse_move(str(value)) == value
        except Exception:           # noqa: BLE001 - not a move's text: not a move
            _MOVE_CLASSES[key] = False
    return _MOVE_CLASSES[key]


def home_of(game) -> str:
    """Where a game of a learner's own lives: the top package of its class's module (a game in
    its own folder, ``dash_game.game``: ``dash_game``), or that module alone (``race31``)."""
    return type(game).__module__.partition(".")[0]


def _known(module: str, game) -> bool:
    """May a class of ``module`` cross? The kit's, and those of the game's own home."""
    if module.startswith("ninetynine."):
        return True
    home = home_of(game)
    return module == home or module.startswith(home + ".")


def _plain(value, game=None, parser=None):
    """One value of a view as plain data (see the module's docstring)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_plain(item, game, parser) for item in value]
    if isinstance(value, tuple):
        return {TUPLE: [_plain(item, game, parser) for item in value]}
    if isinstance(value, dict):
        return {DICT: [[_plain(key, game, parser), _plain(item, game, parser)]
                       for key, item in value.items()]}
    rules = getattr(game, "rules", None)          # the game's own rule set: sent by its name
    if rules is not None and type(value) is type(rules) and value == rules:
        return {RULES: value.name}
    known = dataclasses.is_dataclass(value) and _known(type(value).__module__, game)
    if known and parser is not None and hasattr(parser, "parse_move") and _is_move(value, parser):
        return {MOVE: str(value)}
    if known:
        fields = {field.name: _plain(getattr(value, field.name), game, parser)
                  for field in dataclasses.fields(value) if field.init}
        return {OBJECT: f"{type(value).__module__}:{type(value).__qualname__}", "fields": fields}
    raise TypeError(f"A view holds a {type(value).__name__}, which cannot be sent as plain data.")


def to_plain(view, game_name: str, options: dict) -> dict:
    """The view of one seat, and the game it comes from, as plain data."""
    game, parser = _table(game_name, tuple(sorted(options.items())))
    return {"game": game_name, "options": _plain(dict(options)),
            "view": _plain(view, game, parser)}


@lru_cache(maxsize=16)
def _table(game_name: str, options: tuple):
    """The game a view comes from, and a state of it for parsing moves (built once per table)."""
    game = make(game_name, **dict(options))
    return game, game.new_game(seed=0)


# --- a game of a learner's own ----------------------------------------------------------------

def game_source(game_name: str) -> tuple:
    """What the learner's side needs to rebuild a game registered from files of its own:
    ``(sources, module of the game, name of the game in it or "", the game's class name)``,
    ``sources`` being ``{module name: (its text, is it a package?)}`` for every module of the
    game's home (``home_of``: its one module, or its whole package); () for a game of the kit,
    which every side has. (A game registered in a notebook has no file to send: ValueError.)"""
    declared = declaration(game_name)
    game = declared.game if declared.game is not None else declared.make()
    if type(game).__module__.startswith("ninetynine."):
        return ()
    module = sys.modules.get(type(game).__module__)
    try:
        sources = _sources(sys.modules[home_of(game)])
    except (KeyError, OSError, TypeError):
        raise ValueError(f"The game {game_name} has no module file to send to the bots' "
                         "sandboxes: register it from a module (my_module:my_game).") from None
    attribute = next((name for name, value in vars(module).items() if value is game), "")
    return sources, module.__name__, attribute, type(game).__qualname__


def _sources(home) -> dict:
    """The text of a module, or of every module of a package (its folders included)."""
    if not hasattr(home, "__path__"):
        return {home.__name__: (inspect.getsource(home), False)}
    found = {}
    for folder in map(Path, home.__path__):
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            package = parts[-1] == "__init__"
            name = ".".join([home.__name__] + (parts[:-1] if package else parts))
            found[name] = (path.read_text(encoding="utf-8"), package)
    return found


class _FromText(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports modules from their text (``game_source``'s ``sources``): a sandbox sees no file
    but the kit's, yet the game's modules import each other as usual, relative imports too."""

    def __init__(self, sources: dict):
        self.sources = sources

    def find_spec(self, name, path=None, target=None):
        if name not in self.sources:
            return None
        return importlib.util.spec_from_loader(name, self, is_package=self.sources[name][1],
                                               origin=f"<{name}>")

    def create_module(self, spec):
        return None                             # the usual module object

    def exec_module(self, module):
        code, _ = self.sources[module.__name__]
        exec(compile(code, f"<{module.__name__}>", "exec"), module.__dict__)  # noqa: S102 - the game's


def install(game_name: str, source: tuple) -> None:
    """Make the game ``game_source`` described importable from its text here (so a bot may import
    its modules), and register it unless it is known here already."""
    if not source:
        return
    sources, name, attribute, qualname = source
    if not any(isinstance(finder, _FromText) and finder.sources == sources for finder in sys.meta_path):
        sys.meta_path.append(_FromText(sources))     # a bot may import the game's modules
    if game_name not in DECLARATIONS:
        module = importlib.import_module(name)
        register(getattr(module, attribute) if attribute else getattr(module, qualname)())


def install_code(game_name: str, source: tuple) -> str:
    """Python that runs ``install`` on the learner's side (in a sandbox, before its file)."""
    return ("import ninetynine.league.plain as _league_plain\n"
            f"_league_plain.install({game_name!r}, {source!r})\n")


def _kit_class(name: str, game=None):
    """A dataclass of the kit (or of the game's own module) named ``module:qualname``; anything
    else is refused."""
    module, _, qualname = name.partition(":")
    if not _known(module, game) or "." in qualname:
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
    cls = _kit_class(data[OBJECT], game)
    return cls(**{name: _restore(value, game, parser) for name, value in data["fields"].items()})


def from_plain(data: dict):
    """The view that ``to_plain`` wrote, with the kit's own objects in it (run in the sandbox)."""
    options = _restore(data["options"], None, None)
    game, parser = _table(data["game"], tuple(sorted(options.items())))
    return _restore(data["view"], game, parser)
