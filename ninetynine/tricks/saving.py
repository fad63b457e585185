"""Saving a game of Ninety-Nine as JSON text, and loading it back with every field checked.

A save holds the whole state, the random generator included, so a loaded game continues exactly
as the original would. Loading refuses anything corrupt or impossible with one sentence.
"""
from __future__ import annotations

from ..cards import CardError, cards_text
from ..core import (CorruptSave, event_from_dict, read_save, rng_from_data, rng_to_data,
                    save_text, saved_cards)
from .cards import parse_card, sorted_cards
from .state import TricksState
from .validation import validate

FORMAT = 1


def state_to_json(state: TricksState) -> str:
    data = {
        "game": "tricks",
        "format": FORMAT,
        "options": state.game.options,
        "deal": state.deal,
        "dealer": state.dealer,
        "turn_up": None if state.turn_up is None else str(state.turn_up),
        "trumps": state.trumps,
        "phase": state.phase,
        "hands": [cards_text(hand) for hand in state.hands],
        "laid_aside": [cards_text(cards) for cards in state.laid_aside],
        "offers": state.offers,
        "premium": None if state.premium is None else list(state.premium),
        "leader": state.leader,
        "trick": cards_text(state.trick),
        "tricks_played": [[leader, cards_text(cards)] for leader, cards in state.tricks_played],
        "tricks_taken": state.tricks_taken,
        "scores": state.scores,
        "deal_points": state.deal_points,
        "last_made": state.last_made,
        "to_move": state.to_move,
        "rng": rng_to_data(state.rng),
    }
    return save_text(data, state.history)


def _cards(text) -> list:
    return saved_cards(text, parse_card)


def state_from_json(game, text: str) -> TricksState:
    data = read_save(text, "tricks", game.options)
    state = TricksState(game)
    try:
        state.deal = data["deal"]
        state.dealer = data["dealer"]
        state.turn_up = None if data["turn_up"] is None else parse_card(data["turn_up"])
        state.trumps = data["trumps"]
        state.phase = data["phase"]
        state.hands = [_cards(hand) for hand in data["hands"]]
        state.laid_aside = [_cards(cards) for cards in data["laid_aside"]]
        state.offers = list(data["offers"])
        state.premium = None if data["premium"] is None else tuple(data["premium"])
        state.leader = data["leader"]
        state.trick = _cards(data["trick"])
        state.tricks_played = [(leader, tuple(_cards(cards))) for leader, cards in data["tricks_played"]]
        state.tricks_taken = list(data["tricks_taken"])
        state.scores = list(data["scores"])
        state.deal_points = [list(points) for points in data["deal_points"]]
        state.last_made = data["last_made"]
        state.to_move = data["to_move"]
        state.rng = rng_from_data(data["rng"])
        state.history = [event_from_dict(e, parse_card) for e in data["history"]]
    except KeyError as error:
        raise CorruptSave(f"The saved game has no '{error.args[0]}' field.") from None
    except CardError as error:
        raise CorruptSave(f"The saved game holds a bad card: {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise CorruptSave(f"The saved game has a field of the wrong kind ({error}).") from None
    if state.hands != [sorted_cards(hand) for hand in state.hands]:
        raise CorruptSave("The saved hands must be in hand order (suits, then ranks).")
    if state.last_made not in (None, 0, 1, 2, 3):
        raise CorruptSave("last_made must be None or a whole number from 0 to 3.")
    try:
        validate(state)
    except (ValueError, TypeError) as error:
        raise CorruptSave(f"The saved game is impossible: {error}") from None
    return state

