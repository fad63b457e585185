"""Views as plain data, so that a bot in a sandbox can be shown one without sharing any object.

A learner's bot runs in another process (its sandbox); the referee, in the parent process, holds
the real game. Each turn the referee sends the bot's seat a **view** and reads back a **move**.
Neither side hands the other a Python object: the view goes as plain data (numbers, text, lists
and dicts, the kind of thing JSON can carry) and the move comes back as its text (``"AS +11"``),
which the referee parses with the kit's own ``parse_move`` and checks against the rules. Whatever
the learner's process does to its own copy of the kit, it cannot change the referee's state, and a
move object with a lying ``__eq__`` never reaches the referee.

``to_plain(view, game_name, options)`` writes a view in the kit's plain-data form
(``ninetynine/plain_data.py``, the form the grading channel speaks too); ``from_plain(data)`` (run
in the sandbox) builds the same view back, with real kit objects in it: cards, moves, events and
the game's rule set, so a learner's bot reads ``view.hand``, ``view.legal_moves`` or
``view.rules.effect(...)`` exactly as in the notebooks. The league adds one tag of its own, the
game's rule set (``{"$": "rules"}``: the one of the game the view comes from).

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
from ..kit_paths import KIT
from ..plain_data import PlainDataError, Reader, Writer, is_value_class, kit_value_class
from ..protocol import DECLARATIONS, declaration, register

def home_of(game) -> str:
    """Where a game of a learner's own lives: the top package of its class's module (a game in
    its own folder, ``dash_game.game``: ``dash_game``), or that module alone (``race31``)."""
    return type(game).__module__.partition(".")[0]


def _known(module: str, game) -> bool:
    """May a class of ``module`` cross? The kit's, and those of the game's own home."""
    if module.startswith(KIT + "."):
        return True
    home = home_of(game)
    return module == home or module.startswith(home + ".")


class ViewWriter(Writer):
    """Writes one game's views: the kit's value classes and the game's own (its home's) cross by
    their fields, the game's rule set by the tag ``rules``; anything else is refused."""

    def __init__(self, game):
        super().__init__()
        self.game, self.rules = game, getattr(game, "rules", None)

    def first(self, value, kind: type, depth: int):
        if self.rules is not None and kind is type(self.rules) and value == self.rules:
            return {"$": "rules"}
        return None

    def class_name(self, kind: type) -> str | None:
        if dataclasses.is_dataclass(kind) and _known(kind.__module__, self.game) \
                and "<" not in kind.__qualname__ and "." not in kind.__qualname__:
            return f"{kind.__module__}:{kind.__qualname__}"
        return None

    def other(self, value, kind: type, depth: int):
        raise TypeError(f"A view holds a {kind.__name__}, which cannot be sent as plain data.")


class ViewReader(Reader):
    """Reads one game's views back (on the learner's side): the kit's value classes and the
    game's own; the tag ``rules`` is the game's rule set."""

    def __init__(self, game):
        super().__init__()
        self.game = game

    def value_class(self, name: str) -> type:
        module, _, qualname = name.partition(":")
        if module.startswith(KIT + "."):
            return kit_value_class(name)
        if not _known(module, self.game) or "." in qualname:
            raise PlainDataError(f"{name} is not a class of the kit or of the game.")
        cls = getattr(importlib.import_module(module), qualname, None)
        if not is_value_class(cls):
            raise PlainDataError(f"{name} is not a class of the game's views.")
        return cls

    def tag(self, tag: str, data: dict, depth: int):
        if tag == "rules" and getattr(self.game, "rules", None) is not None:
            return self.game.rules
        raise PlainDataError(f"unknown tag {tag!r}")


def to_plain(view, game_name: str, options: dict) -> dict:
    """The view of one seat, and the game it comes from, as plain data."""
    writer, _ = _table(game_name, tuple(sorted(options.items())))
    return {"game": game_name, "options": Writer().write(dict(options)), "view": writer.write(view)}


def from_plain(data: dict):
    """The view that ``to_plain`` wrote, with the kit's own objects in it (run in the sandbox)."""
    options = Reader().read(data["options"])
    _, reader = _table(data["game"], tuple(sorted(options.items())))
    return reader.read(data["view"])


@lru_cache(maxsize=16)
def _table(game_name: str, options: tuple) -> tuple[ViewWriter, ViewReader]:
    """The writer and reader of one table's views (made once per table: each learns the classes
    it meets once)."""
    game = make(game_name, **dict(options))
    return ViewWriter(game), ViewReader(game)


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
