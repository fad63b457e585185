"""Is a position of Ninety-Nine possible? ``validate`` refuses one that could not occur in a game,
with one sentence saying why, and ``expected_to_move`` works out whose turn it is from the cards.
``game.setup`` (positions for teaching) and ``saving`` (loading a save) both ask them, so a
position is checked the same way however it is made.
"""
from __future__ import annotations

from collections import Counter

from .cards import JOKER, SUITS, trumps_of
from .state import HAND, PLAYERS, TRICKS, TricksState, deck_of

PHASES = ("bid", "offer", "play", "over")
OFFER_KINDS = ("declare", "reveal", "pass")


def is_seat(value) -> bool:
    """Is ``value`` one of the three seats?"""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS


def _is_count(value, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def expected_to_move(state: TricksState) -> int | None:
    """Whose turn it is, worked out from the cards: used to build and to check positions."""
    first = (state.dealer + 1) % PLAYERS
    if state.phase == "over":
        return None
    if state.phase == "bid":
        return (first + sum(bool(cards) for cards in state.laid_aside)) % PLAYERS
    if state.phase == "offer":
        return (first + sum(offer is not None for offer in state.offers)) % PLAYERS
    return (state.leader + len(state.trick)) % PLAYERS


def validate(state: TricksState) -> None:
    """Refuse a position that could not occur in a game, with one sentence saying why."""
    game = state.game
    if state.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {state.phase!r}.")
    if not is_seat(state.dealer) or not is_seat(state.leader):
        raise ValueError(f"dealer and leader must be seats from 0 to {PLAYERS - 1}.")
    if not (isinstance(state.deal, int) and 1 <= state.deal <= game.deals):
        raise ValueError(f"deal must be a whole number from 1 to {game.deals}, not {state.deal!r}.")
    for name in ("hands", "laid_aside", "scores", "tricks_taken", "offers"):
        if not isinstance(getattr(state, name), list) or len(getattr(state, name)) != PLAYERS:
            raise ValueError(f"{name} must give one entry for each of the {PLAYERS} seats.")
    if not all(isinstance(score, int) and not isinstance(score, bool) for score in state.scores):
        raise ValueError("scores must be whole numbers.")
    _check_cards(state)
    if game.trumps == "turn-up" and state.trumps != trumps_of(state.turn_up):
        raise ValueError("The trumps must be the turn-up card's suit (none for a 9 or the Joker).")
    if game.trumps == "results" and state.trumps not in ("",) + SUITS:
        raise ValueError(f"trumps must be one of C, D, H, S or '' for none, not {state.trumps!r}.")
    _check_sizes(state)
    if state.to_move != expected_to_move(state):
        raise ValueError(f"It must be seat {expected_to_move(state)}'s turn in this position, "
                         f"not seat {state.to_move}'s.")


def _check_cards(state: TricksState) -> None:
    deck = deck_of(state.game)
    placed = Counter(card for hand in state.hands for card in hand)
    placed.update(card for cards in state.laid_aside for card in cards)
    placed.update(state.trick)
    placed.update(card for _, cards in state.tricks_played for card in cards)
    if state.turn_up is not None:
        placed[state.turn_up] += 1
    for card, number in placed.items():
        if card not in deck:
            raise ValueError(f"The {'Joker' if card == JOKER else card.name} is not in this game's "
                             "deck (trumps='results' plays without the Joker).")
        if number > 1:
            raise ValueError(f"The {'Joker' if card == JOKER else card.name} appears {number} "
                             "times; there is one of each card.")


def _check_sizes(state: TricksState) -> None:
    """Hand sizes, bids, offers and tricks must fit the phase."""
    sizes = [len(hand) for hand in state.hands]
    aside = [len(cards) for cards in state.laid_aside]
    first = (state.dealer + 1) % PLAYERS
    order = [(first + step) % PLAYERS for step in range(PLAYERS)]
    if state.phase == "bid":
        done = [aside[seat] == 3 for seat in order]
        if any(size not in (0, 3) for size in aside) or done != sorted(done, reverse=True):
            raise ValueError("During bidding, the seats from the dealer's left lay aside three "
                             "cards each in turn.")
        if any(sizes[s] != (HAND - 3 if aside[s] else HAND) for s in range(PLAYERS)):
            raise ValueError(f"During bidding each hand holds {HAND} cards ({HAND - 3} after "
                             "laying three aside).")
        return
    if aside != [3] * PLAYERS:
        raise ValueError("After bidding every seat has laid aside exactly three cards.")
    if state.phase == "offer":
        said = [state.offers[seat] is not None for seat in order]
        if sizes != [TRICKS] * PLAYERS or said != sorted(said, reverse=True) or all(said):
            raise ValueError(f"During the offers every hand holds {TRICKS} cards and the seats "
                             "from the dealer's left speak in turn.")
        if any(offer not in OFFER_KINDS + (None,) for offer in state.offers):
            raise ValueError("Each offer must be 'declare', 'reveal' or 'pass'.")
        return
    premium = state.premium
    if premium is not None and (len(premium) != 2 or not is_seat(premium[0])
                                or premium[1] not in ("declare", "reveal")):
        raise ValueError("premium must be None or (seat, 'declare' or 'reveal').")
    if not all(_is_count(taken, TRICKS) for taken in state.tricks_taken):
        raise ValueError(f"tricks_taken must be whole numbers from 0 to {TRICKS}.")
    done = sum(state.tricks_taken)
    if state.phase == "over":
        if sizes != [0] * PLAYERS or state.trick:
            raise ValueError("When the game is over no cards are left in play.")
        return
    if len(state.trick) >= PLAYERS or done >= TRICKS:
        raise ValueError(f"A trick in progress holds 0 to 2 cards, and at most {TRICKS - 1} tricks "
                         "are finished.")
    played = {(state.leader + i) % PLAYERS for i in range(len(state.trick))}
    for seat in range(PLAYERS):
        if sizes[seat] != TRICKS - done - (seat in played):
            raise ValueError(f"With {done} tricks finished, seat {seat} should hold "
                             f"{TRICKS - done - (seat in played)} cards, not {sizes[seat]}.")
