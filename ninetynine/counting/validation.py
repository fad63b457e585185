"""Is a running-total position possible? ``validate`` refuses one that could not occur in a game,
with one sentence saying why. ``game.setup`` (positions for teaching) and ``saving`` (loading a
save) both ask it, so a position is checked the same way however it is made.
"""
from __future__ import annotations

from collections import Counter

from .rules import MAX_COUNT
from .state import CountingState


def validate(state: CountingState) -> None:
    """Refuse a position that could not occur in a game, with one sentence saying why."""
    game, rules, n = state.game, state.rules, state.players
    # a game that ended on a bust keeps the count of that bust, so only a game in progress has 0-99
    highest = MAX_COUNT if state.to_move is not None else 2 * MAX_COUNT
    if isinstance(state.count, bool) or not isinstance(state.count, int) or not 0 <= state.count <= highest:
        raise ValueError(f"count must be a whole number from 0 to {highest}, not {state.count!r}.")
    if state.direction not in (1, -1):
        raise ValueError(f"direction must be 1 (seat order) or -1 (reversed), not {state.direction!r}.")
    if isinstance(state.round, bool) or not isinstance(state.round, int) or state.round < 1:
        raise ValueError(f"round must be a whole number from 1 up, not {state.round!r}.")
    if isinstance(state.starter, bool) or not isinstance(state.starter, int) \
            or not 0 <= state.starter < n:
        raise ValueError(f"starter must be the seat (0 to {n - 1}) that started this round, not "
                         f"{state.starter!r}.")
    for seat, hand in enumerate(state.hands):
        if len(hand) > game.hand_size:
            raise ValueError(f"Seat {seat} holds {len(hand)} cards, more than the hand size "
                             f"of {game.hand_size}.")
    placed = [card for hand in state.hands for card in hand]
    placed += state.deck
    placed += state.discard
    distinct = set(placed)          # the quick answer, most times: each card of the deck once
    if game.deck_has_copies or len(distinct) < len(placed) or not distinct <= game.effect_of.keys():
        _check_copies(placed, rules.deck)       # RS Games, or a card twice or not of the deck
    if rules.scoring == "tokens":
        _check_per_seat("tokens", state.tokens, n, range(0, game.tokens + 1))
        for seat in range(n):
            if state.tokens[seat] == 0 and state.hands[seat]:
                raise ValueError(f"Seat {seat} has no tokens left, so it is out of the game and "
                                 "cannot hold cards.")
        if sum(t > 0 for t in state.tokens) < 2 and state.to_move is not None:
            raise ValueError("A game in progress needs at least two seats with tokens.")
    else:
        _check_per_seat("points", state.points, n, range(0, 10_000))
        if len(state.round_points) != n:
            raise ValueError(f"round_points must give one entry for each of the {n} seats.")
        values = [p for p in state.round_points if p is not None]
        if len(set(values)) != len(values) or not all(isinstance(p, int) and 1 <= p <= n for p in values):
            raise ValueError(f"round_points must be different whole numbers from 1 to {n} (or None).")
        for seat in range(n):
            if state.round_points[seat] is not None and state.hands[seat] and state.to_move is not None:
                raise ValueError(f"Seat {seat} has left this round, so it cannot hold cards.")
            if state.round_points[seat] is None and not state.hands[seat] and state.to_move is not None:
                raise ValueError(f"Seat {seat} has no cards, so it has left the round: give its "
                                 "points in round_points.")
        if sum(p is None for p in state.round_points) < 2 and state.to_move is not None:
            raise ValueError("A round in progress needs at least two seats still playing.")
        if state.round > game.rounds:
            raise ValueError(f"round must be at most {game.rounds}, the number of rounds in the match.")
    if state.to_move is None and rules.scoring == "tokens" and sum(t > 0 for t in state.tokens) > 1:
        raise ValueError("to_move must be a seat while two or more seats have tokens: the game is "
                         "not over.")
    if state.to_move is not None:
        if isinstance(state.to_move, bool) or not isinstance(state.to_move, int) or not 0 <= state.to_move < n:
            raise ValueError(f"to_move must be a seat from 0 to {n - 1}, not {state.to_move!r}.")
        if not state.in_round[state.to_move]:
            raise ValueError(f"Seat {state.to_move} is out, so it cannot be the seat to move.")


def _check_copies(cards: list, deck: tuple) -> None:
    """Refuse ``cards`` when they hold a card more often than ``deck`` does (or not at all)."""
    copies = Counter(deck)
    for card, number in Counter(cards).items():
        if number > copies[card]:
            have = "1 copy" if copies[card] == 1 else f"{copies[card]} copies"
            raise ValueError(f"The position holds {number} of the {card.name} ({card}), but the "
                             f"deck has only {have}.")


def _check_per_seat(name: str, values, n: int, allowed: range) -> None:
    if not isinstance(values, list) or len(values) != n:
        raise ValueError(f"{name} must give one number for each of the {n} seats.")
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            raise ValueError(f"{name} of seat {seat} must be a whole number from {allowed.start} "
                             f"to {allowed.stop - 1}, not {value!r}.")
