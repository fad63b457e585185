"""Saving a running-total game as JSON text, and loading it back with every field checked.

A save holds the whole state, the random generator included, so a loaded game continues exactly
as the original would. Loading refuses anything corrupt or impossible with one sentence.
"""
from __future__ import annotations

from ..cards import CardError, cards_text
from ..core import CorruptSave, event_from_dict, read_save, rng_from_data, rng_to_data, save_text
from .state import CountingState
from .validation import validate

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
        "rng": rng_to_data(state.rng),
    }
    return save_text(data, state.history)


def state_from_json(game, text: str) -> CountingState:
    data = read_save(text, game.rules.name, game.options)
    state = CountingState(game)
    n = game.players
    try:
        if not isinstance(data["hands"], list) or len(data["hands"]) != n:
            raise CorruptSave(f"The saved game must hold one hand for each of its {n} seats.")
        state.round = data["round"]
        state.count = data["count"]
        state.direction = data["direction"]
        state.to_move = data["to_move"]
        state.phase = data["phase"]
        state._after_draw = data["after_draw"]
        state.tokens = data["tokens"]
        state.points = data["points"]
        state.round_points = data["round_points"]
        state.hands = [game.parse_cards(_text(hand)) for hand in data["hands"]]
        state.deck = game.parse_cards(_text(data["deck"]))
        state.discard = game.parse_cards(_text(data["discard"]))
        state.order = data["order"]
        state.in_round = data["in_round"]
        state.starter = data["starter"]
        state.last_loser = data["last_loser"]
        state.eliminated_at = data["eliminated_at"]
        state.plays = data["plays"]
        state.rng = rng_from_data(data["rng"])
        state.history = [event_from_dict(e, game.rules.parse_card) for e in data["history"]]
    except KeyError as error:
        raise CorruptSave(f"The saved game has no '{error.args[0]}' field.") from None
    except CardError as error:
        raise CorruptSave(f"The saved game holds a bad card: {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        if isinstance(error, CorruptSave):
            raise
        raise CorruptSave(f"The saved game has a field of the wrong kind ({error}).") from None
    _check_bookkeeping(state, n)
    try:
        validate(state)
    except ValueError as error:
        raise CorruptSave(f"The saved game is impossible: {error}") from None
    if state.rules.scoring == "tokens" and any(
            alive != (tokens > 0) for alive, tokens in zip(state.in_round, state.tokens)):
        raise CorruptSave("The saved game marks a seat in the game that has no tokens, or the reverse.")
    return state


def _text(value) -> str:
    if not isinstance(value, str):
        raise CorruptSave(f"The saved game holds {value!r} where card text such as '6C 9D' belongs.")
    return value


def _is_seat(value, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def _check_bookkeeping(state: CountingState, n: int) -> None:
    """The fields that ``validate`` does not cover: turn order, phases and records per seat."""
    def seats_list(value) -> bool:
        return isinstance(value, list) and len(value) == n

    if not seats_list(state.order) or not all(_is_seat(s, n) for s in state.order) \
            or len(set(state.order)) != n:
        raise CorruptSave(f"The playing order must list each of the seats 0 to {n - 1} once.")
    if not seats_list(state.in_round) or not all(isinstance(x, bool) for x in state.in_round):
        raise CorruptSave("The saved game must say for each seat whether it is in the round.")
    if not seats_list(state.eliminated_at) or not all(
            at is None or (isinstance(at, int) and at >= 0) for at in state.eliminated_at):
        raise CorruptSave("eliminated_at must give, for each seat, None or its place (0 or more) in "
                          "the order of eliminations.")
    if not seats_list(state.round_points):
        raise CorruptSave(f"round_points must give one entry for each of the {n} seats.")
    if state.phase not in ("play", "draw"):
        raise CorruptSave(f"The phase must be 'play' or 'draw', not {state.phase!r}.")
    if state.phase == "draw" and not _is_seat(state._after_draw, n):
        raise CorruptSave(f"In the draw step, after_draw must be the seat that moves next (0 to "
                          f"{n - 1}), not {state._after_draw!r}.")
    if not isinstance(state.plays, int) or isinstance(state.plays, bool) or state.plays < 0:
        raise CorruptSave(f"plays must be a whole number from 0 up, not {state.plays!r}.")
    if state.last_loser is not None and not _is_seat(state.last_loser, n):
        raise CorruptSave(f"last_loser must be None or a seat from 0 to {n - 1}, not "
                          f"{state.last_loser!r}.")
