"""Saving a game of The Game of 99 as JSON text, and loading it back with every field checked.

A save holds the whole state, the random generator included, so a loaded game continues exactly
as the original would. Loading refuses anything corrupt or impossible with one sentence.
"""
from __future__ import annotations

from ..core import (CorruptSave, event_from_dict, read_save, rng_from_data, rng_to_data,
                    save_text, saved_cards)
from .moves import parse_card
from .state import BoardState
from .validation import validate

FORMAT = 1


def state_to_json(state: BoardState) -> str:
    data = {
        "game": state.game.name, "format": FORMAT, "options": state.game.options,
        "owner": state.owner, "hands": [" ".join(map(str, hand)) for hand in state.hands],
        "deck": " ".join(map(str, state.deck)), "discard": " ".join(map(str, state.discard)),
        "to_move": state.to_move, "first": state.first, "game_number": state.game_number,
        "winning_team": state.winning_team, "winning_line": list(state.winning_line),
        "rng": rng_to_data(state.rng),
    }
    return save_text(data, state.history)


def state_from_json(game, text: str) -> BoardState:
    data = read_save(text, game.name, game.options)
    state = BoardState(game)
    try:
        state.owner = list(data["owner"])
        state.hands = [_cards(hand) for hand in data["hands"]]
        state.deck = _cards(data["deck"])
        state.discard = _cards(data["discard"])
        state.to_move = data["to_move"]
        state.first = data["first"]
        state.game_number = data["game_number"]
        state.winning_team = data["winning_team"]
        state.winning_line = tuple(data["winning_line"])
        state.rng = rng_from_data(data["rng"])
        state.history = [event_from_dict(e, parse_card) for e in data["history"]]
    except KeyError as error:
        raise CorruptSave(f"The saved game has no '{error.args[0]}' field.") from None
    except (TypeError, ValueError) as error:
        raise CorruptSave(f"The saved game has a bad field ({error}).") from None
    if len(state.owner) != 100 or any(o is not None and o not in range(game.players) for o in state.owner):
        raise CorruptSave(f"The board must list 100 squares, each empty or held by a seat 0 to "
                          f"{game.players - 1}.")
    try:
        validate(state)
    except ValueError as error:
        raise CorruptSave(f"The saved game is impossible: {error}") from None
    return state


def _cards(text) -> list:
    return saved_cards(text, parse_card)
