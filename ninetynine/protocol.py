"""The protocol: what every game of the kit offers, and the declaration that makes it known.

This module is the contract between a game and the tools (the terminal, the notebook tables, the
bots, the league, the OpenSpiel and PettingZoo adapters, ``check_game``). A tool may use what is
written here and nothing else, so a game that keeps this contract - the kit's own, or one of yours
(notebook 19) - works in every tool after one call, ``ninetynine.register(game)``.

The API functions are below
---------------------------
A **game** (the rules with their options)::

    game.name                 the name ``make`` and saves know it by: "race31"
    game.options              (optional) its options, as ``make(game.name, **options)`` takes them
    game.players              how many seats it deals
    game.new_game(seed)       a new game: a ``State``; the same seed gives the same game
    game.from_json(text)      the state saved as ``text``; a bad save raises ``CorruptSave``

A **state** (one game in progress)::

    state.to_move             the seat to move, or None when the game is over
    state.is_over             True exactly when ``to_move`` is None
    state.winner              the winning seat (None before the end, or when first place is shared)
    state.legal_moves()       the moves allowed now, a list in a stable order
    state.play(move)          make a move (or its text); returns the events it caused; a move
                              the rules refuse raises ``IllegalMove`` and changes nothing
    state.standings()         the final table, best first: ``Standing(rank, seat, score)``
    state.copy()              an independent copy
    state.view(seat)          what ``seat`` may know: a ``View``
    state.to_json()           the whole state as JSON text, with "game" and "options" fields
    state.history             the events so far
    state.hidden_from(seat)   what ``seat`` may not know: {name of a place: the state's own list}
    state.parse_move(text)    (optional) the move written ``text``; ``str(move)`` parses back;
                              text that is no move raises ``UnreadableMove`` (an IllegalMove)

A **view** (what one seat may know) has at least::

    view.seat, view.to_move   whose view it is, and who moves
    view.legal_moves          the seat's legal moves when it is to move (else empty)
    view.history              the events as this seat may know them

A **bot** is any callable ``bot(view) -> move``. An **event** is a small frozen dataclass.

``check_game`` (``ninetynine.testing``) checks every line above on many seeded games.

What a tool may ask beyond the API (optional attributes, each with a default)
------------------------------------------------------------------------------
A game may offer more, and the tools use it when it is there::

    game.title                a name for people: "Race to 31" (default: the name)
    game.describe(event, you) one event in words for seat ``you`` (default: the event's class
                              name and fields as a sentence, "Played: seat 0, card 4, total 27.")
    game.events               the game's event classes (default: the classes defined in the
                              module that defines the game's class)
    game.show(view)           the position in a few sentences, a list of strings (default: none)
    game.bots                 named bots, weakest first: {"sevens": sevens_bot} (the random bot
                              is always there)
    game.all_moves()          every move the game can ever allow, in a fixed order (the action
                              numbers of OpenSpiel and PettingZoo; default: the moves met in up to
                              200 seeded random games, sorted by their text, a move never met then
                              refused in one sentence). Moves must be hashable (frozen dataclasses)
    state.rng                 the ``random.Random`` a state draws from after the deal, if it does:
                              OpenSpiel's adapter shows it with the state and gives each sampled
                              world a fresh one (default: none, the save fixes the future)

The declaration
---------------
``Declaration`` is what the registry holds for each game name: the fields above gathered once,
plus, for the kit's own games, the modules of their front-ends (table, terminal, encoding). The
kit's games declare themselves in their own folders; ``register(game)`` declares a game of yours
from the game object alone.

>>> import ninetynine as nn
>>> nn.declaration("board").title
'The Game of 99'
>>> nn.declaration("board").players
(2, 3, 4, 6)
"""
from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass, field, fields
from typing import Any, Callable

_random = random.Random(0)


def random_bot(view, rng: random.Random | None = None):
    """The bot every game has: any legal move, chosen at random (from ``rng`` if given, else the
    bots' own generator). It needs nothing but the API above (``view.legal_moves``)."""
    return (rng or _random).choice(view.legal_moves)


#: the bots that play any game: every declaration has them, before the bots it names itself
BASIC_BOTS = {"random": random_bot}

#: the registry: every game ``make`` knows, by name, in the order they were registered
DECLARATIONS: dict[str, "Declaration"] = {}


@dataclass(frozen=True)
class Declaration:
    """Everything the tools need to know about one game, declared once.

    References to modules are text (``"module"`` or ``"module:name"``) and are imported on first
    use, so declaring a game imports nothing heavy (widgets, numpy) and makes no import circle.
    """

    #: the name ``make``, saves, the terminal and the league know the game by
    name: str
    #: ``build(**options)`` makes the game, checking its options (one-sentence ``ValueError``)
    build: Callable[..., Any]
    #: a name for people, used in menus and sentences
    title: str
    #: the numbers of seats the game can be played with, smallest first
    players: tuple[int, ...]
    #: the named bots, weakest first: dicts (or ``"module:name"`` of dicts), merged in order
    bots: tuple = ("ninetynine.protocol:BASIC_BOTS",)
    #: the sentences of the game's events: ``"module"`` (or an object) with ``describe(event,
    #: you=None, names=None) -> str`` and ``narrate(events, you=None, names=None) -> list``
    #: (None: ``plain_sentence`` for every event)
    words: Any = None
    #: the game's event classes: ``"module"`` that defines them, or a tuple of the classes
    events: Any = ()
    #: ``show(view) -> list of sentences``: the position in words (None: no such sentences)
    show: Any = None
    #: the notebook table, ``"module:Class"`` taking ``(game, seat=, bots=, seed=)``
    table: str = "ninetynine.frontend.generic:ProtocolTable"
    #: the terminal, ``"module:name"`` of ``run(game, bots=None, seed=None, plain=None,
    #: stdin=None, stdout=None) -> exit code``: ``bots`` the ``--bots`` text (one bot name, or one
    #: per opponent separated by commas; None: the terminal's default), ``seed`` None for a new
    #: one, ``plain`` True for sentences only (None: plain when the output is not a terminal); a
    #: bad ``bots`` is one sentence on standard error and exit code 2
    console: str = "ninetynine.frontend.protocol_console:run"
    #: what the OpenSpiel and PettingZoo adapters read: ``"module:name"`` of a class taking the
    #: game (None: the adapters' generic encoding, from ``all_moves`` and the view's text)
    encoding: str | None = None
    #: the options ``check_game`` and the tests play the game with (one game for each dict)
    conformance: tuple[dict, ...] = ({},)
    #: the seats a tournament or a terminal game has when nobody says
    default_players: int | None = None
    #: the game object itself, for a game registered as an object (None for the kit's games)
    game: Any = field(default=None, compare=False, repr=False)

    def make(self, **options):
        """The game with ``options`` (the defaults for the rest)."""
        return self.build(**options)

    def bot_table(self) -> dict[str, Callable]:
        """The named bots of the game, weakest first."""
        table: dict[str, Callable] = {}
        for part in self.bots:
            table.update(resolve(part))
        return table

    def sentences(self):
        """The game's words: an object with ``describe`` and ``narrate`` (see ``words``)."""
        return resolve(self.words) if self.words is not None else Words(plain_sentence)

    def tells(self, event) -> bool:
        """Is ``event`` one of this game's events?"""
        if isinstance(self.events, str):
            return type(event).__module__ == self.events
        return type(event) in self.events

    @property
    def seats(self) -> int:
        """The seats a game has when nobody says (``default_players``, else the fewest)."""
        return self.default_players or self.players[0]


def resolve(reference):
    """The object ``reference`` names: ``"package.module:name"`` is imported on first use; a
    module path alone gives the module; anything else is returned as it is."""
    if not isinstance(reference, str):
        return reference
    module, _, name = reference.partition(":")
    found = importlib.import_module(module)
    for part in name.split(".") if name else ():
        found = getattr(found, part)
    return found


class Words:
    """A game's words made from one function, ``describe(event, you=None, names=None)``."""

    def __init__(self, describe: Callable):
        self.describe = describe

    def narrate(self, events, you: int | None = None, names=None) -> list[str]:
        """One sentence for each event."""
        return [self.describe(event, you, names) for event in events]


def plain_sentence(event, you: int | None = None, names=None) -> str:
    """An event in words when its game gives none: its class name and its fields.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class CardPlayed:
    ...     seat: int
    ...     card: int
    >>> plain_sentence(CardPlayed(0, 4))
    'Card played: seat 0, card 4.'
    """
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(event).__name__).lower()
    words = words[:1].upper() + words[1:]
    try:
        parts = [f"{item.name.replace('_', ' ')} {getattr(event, item.name)}" for item in fields(event)]
    except TypeError:                       # not a dataclass: its own text
        return str(event)
    return f"{words}: {', '.join(parts)}." if parts else f"{words}."


# --- registering and finding games ---------------------------------------------------------------

def declare(declaration: Declaration) -> Declaration:
    """Add a declaration to the registry (the same name again replaces the old one)."""
    if not isinstance(declaration.name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", declaration.name):
        raise ValueError(f"A game's name must be lower-case letters, digits and _, starting with "
                         f"a letter (such as 'race31'), not {declaration.name!r}.")
    DECLARATIONS[declaration.name] = declaration
    return declaration


def register(game) -> Declaration:
    """Make a game of your own known to every tool of the kit; returns its declaration.

    ``game`` is a game object that follows the protocol (above), or a ``Declaration``. After
    ``register(game)``, ``make(game.name)`` gives the game, ``make(game.name, **options)`` a game
    of the same class with other options, ``load`` reads its saves, and the terminal, the league,
    the tables, ``bots_for`` and both adapters play it.
    """
    if isinstance(game, Declaration):
        return declare(game)
    if not isinstance(getattr(game, "declaration", None), Declaration):
        missing = [name for name in ("name", "new_game", "from_json") if not hasattr(game, name)]
        if missing:
            raise TypeError(f"register needs a game object (with name, new_game and from_json), "
                            f"but this one has no {missing[0]}: see ninetynine.protocol.")
    return declare(declaration_of_game(game))


def declaration_of_game(game) -> Declaration:
    """The declaration a game object makes of itself, registered or not: its class's own (the
    kit's games, so a rule set of your own has the running-total game's front-ends), else one
    made from the object, with the defaults of the optional attributes (above)."""
    own = getattr(game, "declaration", None)
    if isinstance(own, Declaration):
        return own
    players = getattr(game, "players", 2)

    def build(**options):
        if not options:
            return game
        if not hasattr(game, "options"):
            raise ValueError(f"{game.name} takes no options: leave out {', '.join(options)}.")
        return type(game)(**{**game.options, **options})

    name = getattr(game, "name", None)
    return Declaration(
        name=name, build=build, title=getattr(game, "title", name),
        players=(players,) if isinstance(players, int) else tuple(players),
        bots=("ninetynine.protocol:BASIC_BOTS", dict(getattr(game, "bots", None) or {})),
        words=_words_of(game), events=getattr(game, "events", None) or type(game).__module__,
        show=getattr(game, "show", None),
        game=game)


def _words_of(game) -> Words | None:
    describe = getattr(game, "describe", None)
    if describe is None:
        return None
    return Words(lambda event, you=None, names=None: describe(event, you))


def words_for(event):
    """The words (``describe``, ``narrate``) of the game whose event ``event`` is; an event of
    no registered game is told by ``plain_sentence``."""
    for declared in DECLARATIONS.values():
        if declared.tells(event):
            return declared.sentences()
    return Words(plain_sentence)


def declaration(game_or_name) -> Declaration:
    """The declaration of a game (a game object, or its name).

    >>> declaration("quentin_c").title
    'Quentin C'
    """
    name = game_or_name if isinstance(game_or_name, str) else getattr(game_or_name, "name", None)
    if name not in DECLARATIONS:
        raise ValueError(f"There is no game called {name!r}: choose one of {', '.join(DECLARATIONS)}"
                         f", or register yours with ninetynine.register(game).")
    return DECLARATIONS[name]


def make(name: str, **options):
    """Build a game by name, checking its options: ``make("quentin_c", players=3)``."""
    if name not in DECLARATIONS:
        raise ValueError(f"There is no game called '{name}': choose one of {', '.join(DECLARATIONS)}.")
    return DECLARATIONS[name].make(**options)
