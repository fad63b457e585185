"""Is a position of The Game of 99 possible? ``validate`` refuses one that could not occur in a
game, with one sentence saying why. ``game.setup`` (positions for teaching) and ``saving``
(loading a save) both ask it, so a position is checked the same way however it is made.
"""
from __future__ import annotations

from collections import Counter

from .moves import HAND_LIMIT
from .state import BoardState


def validate(state: BoardState) -> None:
    """Refuse a position that cannot occur, with one sentence saying why."""
    n = state.players
    if len(state.hands) != n:
        raise ValueError(f"hands must give one hand for each of the {n} seats.")
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_LIMIT:
            raise ValueError(f"Seat {seat} holds {len(hand)} cards; the most allowed is {HAND_LIMIT}.")
    placed = Counter(card for hand in state.hands for card in hand)
    placed.update(state.deck)
    placed.update(state.discard)
    for card, number in placed.items():
        if number > 1:
            raise ValueError(f"The card {card.name} appears {number} times; there is one of each card.")
    markers = sum(owner is not None for owner in state.owner)
    in_play = sum(map(len, state.hands)) + len(state.deck)
    if markers + in_play > 100:
        raise ValueError(f"{markers} markers need {markers} played cards, but only {100 - in_play} "
                         "cards are out of the hands and the deck.")
    if state.to_move is not None and not (isinstance(state.to_move, int) and 0 <= state.to_move < n):
        raise ValueError(f"to_move must be a seat from 0 to {n - 1}, not {state.to_move!r}.")
