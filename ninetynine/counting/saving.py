"""Saving a running-total game as JSON text, and loading it back with every field checked.

A save holds the whole state, the random generator included, so a loaded game continues exactly
as the original would. Loading refuses anything corrupt or impossible with one sentence.
"""
from __future__ import annotations

import json
import random

from ..cards import CardError, cards_text
from ..core import CorruptSave, event_from_dict, event_to_dict
from .state import CountingState

FORMAT = 1


def state_to_json(state: CountingState) -> str:
    data = {
        "game": state.rules.name,
        "format": FORMAT,
        "options": state.game.options,
        "round": state.round,
        "count": state.count,
        "direction": state.direction,
        "to_move": state.to_move,
        "phase": state.phase,
        "after_draw": state._after_draw,
        "tokens": state.tokens,
        "points": state.points,
        "round_points": state.round_points,
        "hands": [cards_text(hand) for hand in state.hands],
        "deck": cards_text(state.deck),
        "discard": cards_text(state.discard),
        "order": state.order,
        "in_round": state.in_round,
        "starter": state.starter,
        "last_loser": state.last_loser,
        "eliminated_at": state.eliminated_at,
        "plays": state.plays,
        "rng": _rng_to_data(state.rng),
        "history": [event_to_dict(e) for e in state.history],
    }
    return json.dumps(data)


def state_from_json(game, text: str) -> CountingState:
    from .game import validate
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise CorruptSave(f"The saved game is not valid JSON ({error}).") from None
    if not isinstance(data, dict):
        raise CorruptSave("The saved game is not a JSON object.")
    if data.get("game") != game.rules.name:
        raise CorruptSave(f"The save is of the game {data.get('game')!r}, not {game.rules.name!r}: "
                          "load it with that game (or with ninetynine.load).")
    if data.get("options") != game.options:
        raise CorruptSave(f"The save was made with options {data.get('options')}, but this game "
                          f"has {game.options}: load it with ninetynine.load.")
    state = CountingState(game)
    n = game.players
    try:
        state.round = data["round"]
        state.count = data["count"]
        state.direction = data["direction"]
        state.to_move = data["to_move"]
        state.phase = data["phase"]
        state._after_draw = data["after_draw"]
        state.tokens = data["tokens"]
        state.points = data["points"]
        state.round_points = data["round_points"]
        state.hands = [game.parse_cards(hand) for hand in data["hands"]]
        state.deck = game.parse_cards(data["deck"])
        state.discard = game.parse_cards(data["discard"])
        state.order = data["order"]
        state.in_round = data["in_round"]
        state.starter = data["starter"]
        state.last_loser = data["last_loser"]
        state.eliminated_at = data["eliminated_at"]
        state.plays = data["plays"]
        state.rng = _rng_from_data(data["rng"])
        state.history = [event_from_dict(e, game.rules.parse_card) for e in data["history"]]
    except KeyError as error:
        raise CorruptSave(f"The saved game has no '{error.args[0]}' field.") from None
    except CardError as error:
        raise CorruptSave(f"The saved game holds a bad card: {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise CorruptSave(f"The saved game has a field of the wrong kind ({error}).") from None
    if not isinstance(state.hands, list) or len(state.hands) != n:
        raise CorruptSave(f"The saved game must hold one hand for each of its {n} seats.")
    if sorted(state.order) != list(range(n)):
        raise CorruptSave(f"The playing order must list each of the seats 0 to {n - 1} once.")
    if state.phase not in ("play", "draw"):
        raise CorruptSave(f"The phase must be 'play' or 'draw', not {state.phase!r}.")
    if not isinstance(state.in_round, list) or len(state.in_round) != n:
        raise CorruptSave("The saved game must say for each seat whether it is in the round.")
    if state.rules.scoring == "tokens" and any(
            alive != (tokens > 0) for alive, tokens in zip(state.in_round, state.tokens)):
        raise CorruptSave("The saved game marks a seat in the game that has no tokens, or the reverse.")
    try:
        validate(state)
    except ValueError as error:
        raise CorruptSave(f"The saved game is impossible: {error}") from None
    return state


def _rng_to_data(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_data(data) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng
