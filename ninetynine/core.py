"""The protocol every game of the kit follows, its errors, and the registry of games.

Every game, whatever its rules, is used the same way (the shape of OpenSpiel's ``State`` and
python-chess's ``Board``, written plainly)::

    game = make("quentin_c", players=3)     # validates the options
    state = game.new_game(seed=7)            # deals; the same seed gives the same game
    while not state.is_over:
        move = state.legal_moves()[0]        # a list in a stable order
        events = state.play(move)            # or state.play("AS +11"); raises IllegalMove
    state.standings()

A *bot* is any callable ``bot(view) -> move``; it receives ``state.view(seat)``, never the state.
"""
from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from typing import Any, Callable

from .cards import Card
from .protocol import DECLARATIONS, make, register  # noqa: F401  (the registry, public here too)


class IllegalMove(ValueError):
    """A move the rules do not allow here. The message says why; the state is unchanged."""


class UnreadableMove(IllegalMove):
    """Text that is no move of the game at all (it does not parse): ``"7X"``, ``"play on"``.

    Two errors for two mistakes, as python-chess has: ``UnreadableMove`` says the text cannot be
    read; a plain ``IllegalMove`` says the move was read but this position does not allow it.
    An ``UnreadableMove`` is an ``IllegalMove`` too, so ``except IllegalMove`` catches both.
    """


class CorruptSave(ValueError):
    """A saved game that cannot be loaded: the message says which part is wrong."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the final table: ``rank`` is shared by players who tie."""

    rank: int
    seat: int
    score: int

    def __str__(self) -> str:
        return f"{self.rank}. seat {self.seat} ({self.score})"


def rank_standings(order: list[int], key: Callable[[int], Any], score: Callable[[int], int]) -> list[Standing]:
    """Turn seats sorted best first into Standings; seats with equal ``key`` share a rank."""
    table, previous = [], None
    for position, seat in enumerate(order, start=1):
        if previous is None or key(seat) != key(previous):
            rank = position
        table.append(Standing(rank, seat, score(seat)))
        previous = seat
    return table


# --- events ---------------------------------------------------------------------------------

EVENT_TYPES: dict[str, type] = {}


def deal_around(view, pool: list) -> tuple[list[list], list]:
    """Deal ``pool`` (the cards ``view`` cannot see, shuffled) into a world around ``view``:
    ``view``'s seat keeps its own hand, every other seat gets as many cards as it holds, in seat
    order. Returns the hands and the cards left over (the deck, when the caller wants one)."""
    hands, start = [], 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(pool[start:start + size])
            start += size
    return hands, pool[start:]


def event(cls):
    """Class decorator: a frozen event dataclass, registered by name so saved games can load it.

    Names must be unique across every game (a save names its events by class name alone), so a
    second event class with a name already taken is refused at import time. Re-running the same
    definition (reloading its module) replaces the old class.
    """
    taken = EVENT_TYPES.get(cls.__name__)
    if taken is not None and (taken.__module__, taken.__qualname__) != (cls.__module__, cls.__qualname__):
        raise TypeError(f"Two event classes are called {cls.__name__} ({taken.__module__} and "
                        f"{cls.__module__}): give the new one a name no other event uses.")
    cls = dataclass(frozen=True, slots=True)(cls)
    EVENT_TYPES[cls.__name__] = cls
    return cls


#: each event class's field names, looked up once (saving a game writes every event of it)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def event_to_dict(ev) -> dict:
    """An event as JSON-ready data: cards become text, tuples become lists."""
    kind = type(ev)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in dataclasses.fields(kind))
    data = {"type": kind.__name__}
    for name in names:
        data[name] = _saved_field(getattr(ev, name))
    return data


#: each event's JSON text by the event's identity, with the event kept, so that no other object
#: can take its id while it is here: events never change once made, a game's copies share them,
#: and each save writes the whole history again (a conformance check saves after nearly every step)
_EVENT_TEXTS: dict[int, tuple[Any, str]] = {}


def save_text(data: dict, history) -> str:
    """``data`` (a dict with at least one key) as JSON text, with ``"history"`` (the events, as
    ``event_to_dict`` writes them) added last: the same text as
    ``json.dumps({**data, "history": [...]})``, but each event is written once, not at every save."""
    body = json.dumps(data)
    return f'{body[:-1]}, "history": [{", ".join(map(_event_text, history))}]}}'


def _event_text(event) -> str:
    kept = _EVENT_TEXTS.get(id(event))
    if kept is not None:
        return kept[1]
    text = json.dumps(event_to_dict(event))
    if len(_EVENT_TEXTS) >= 20_000:             # a long session: start again, not grow for ever
        _EVENT_TEXTS.clear()
    _EVENT_TEXTS[id(event)] = (event, text)
    return text


def event_from_dict(data: dict, parse_card: Callable[[str], Card]):
    """Rebuild an event from ``event_to_dict`` output (card fields are read with ``parse_card``)."""
    data = dict(data)
    cls = EVENT_TYPES.get(data.pop("type", None))
    if cls is None:
        raise CorruptSave("The history holds an event of an unknown type.")
    kwargs = {}
    for field in dataclasses.fields(cls):
        if field.name not in data:
            raise CorruptSave(f"A {cls.__name__} event in the history has no '{field.name}'.")
        kwargs[field.name] = _loaded_field(data[field.name], field.type, parse_card)
    return cls(**kwargs)


#: classes written as their text in saved events; another game adds its own card class here
CARD_TYPES: list[type] = [Card]


def _saved_field(value):
    """An event's field as a save writes it: cards as their text, tuples as lists. (A save is a
    file for people and for later versions of the kit; the plain data two processes exchange is
    ``ninetynine/plain_data.py``.)"""
    kind = type(value)
    if value is None or kind is int or kind is str or kind is bool:     # most fields: at once
        return value
    if kind is tuple or kind is list:
        return [_saved_field(item) for item in value]
    if isinstance(value, tuple(CARD_TYPES)):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_saved_field(item) for item in value]
    return value


def _loaded_field(value, annotation, parse_card):
    """A saved event's field read back: text where the field holds cards (``annotation`` says
    so) read with ``parse_card``, lists as tuples."""
    text = str(annotation)
    if "Card" in text:
        if isinstance(value, list):
            return tuple(parse_card(item) for item in value)
        return None if value is None else parse_card(value)
    if isinstance(value, list):
        return tuple(_loaded_field(item, "", parse_card) for item in value)
    return value


# --- what a save holds: cards as text, the random generator ---------------------------------------

def saved_cards(text, parse_card: Callable) -> list:
    """Cards as a save writes them, text only ("6C 9D KH"), each read with ``parse_card``; any
    other kind of value is a TypeError (the loader turns it into ``CorruptSave``)."""
    if not isinstance(text, str):
        raise TypeError(f"cards must be written as text, not {text!r}")
    return [parse_card(word) for word in text.split()]


def rng_to_data(rng) -> list:
    """A random generator's whole state as JSON-ready data (a save holds it, so that a loaded
    game goes on exactly as the original would)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_data(data):
    """The random generator ``rng_to_data`` wrote."""
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


# --- the registry (``protocol.py``) -------------------------------------------------------------

GAMES = DECLARATIONS        # every registered game's declaration, by name


def _json_object(text: str) -> dict:
    """The JSON object a save holds, or ``CorruptSave`` saying why there is none."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise CorruptSave(f"The saved game is not valid JSON ({error}).") from None
    if not isinstance(data, dict):
        raise CorruptSave("The saved game is not a JSON object.")
    return data


def read_save(text: str, game: str, options: dict) -> dict:
    """The fields of a save made by the game ``game`` with ``options``, checked before loading.

    Every game's ``from_json`` starts here, so a save of another game or with other options is
    refused with the same sentence whichever game is asked to load it.
    """
    data = _json_object(text)
    if "game" not in data:
        raise CorruptSave(f"The saved game does not say which game it is (its 'game' field is "
                          f"missing): a save of this game has 'game': {game!r}.")
    if data["game"] != game:
        raise CorruptSave(f"The save is of the game {data['game']!r}, not {game!r}: load it "
                          "with that game (or with ninetynine.load).")
    if data.get("options") != options:
        raise CorruptSave(f"The save was made with options {data.get('options')}, but this game "
                          f"has {options}: load it with ninetynine.load.")
    return data


def load(text: str):
    """Load any saved game (the text of ``state.to_json()``), whatever its game."""
    data = _json_object(text)
    if data.get("game") not in DECLARATIONS:
        raise CorruptSave(f"The saved game names no known game: use one of {', '.join(DECLARATIONS)}.")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise CorruptSave("The saved game's 'options' field is not an object of option names.")
    try:
        game = make(data["game"], **options)
    except (TypeError, ValueError) as error:
        raise CorruptSave(f"The saved game's options cannot make a game: {error}") from None
    return game.from_json(text)
