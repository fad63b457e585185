"""The game's sentences, in the kit's grammar (``ninetynine.text``): events, and a seat's position.
>>> from .events import RaceCardPlayed
>>> describe(RaceCardPlayed(0, 4, 27), you=0), describe(RaceCardPlayed(1, 4, 27), you=0)
('You play a 4: the total is 27.', 'Seat 1 plays a 4: the total is 27.')
"""
from ninetynine.text import plural, seat_with_verb
from .events import RaceCardDrawn, RaceCardPlayed


def describe(event, you=None, names=None) -> str:
    """One event in words for seat ``you`` (None: everyone in the third person)."""
    def seat(who, verb):
        return seat_with_verb(who, you, names, verb)
    if type(event) is RaceCardPlayed:
        return f"{seat(event.seat, 'play')} a {event.card}: the total is {event.total}."
    if type(event) is RaceCardDrawn:
        return f"{seat(event.seat, 'draw')} {'a card' if event.card is None else f'a {event.card}'}."
    if event.total == event.target:
        return f"{seat(event.seat, 'make')} {event.target} and {'win' if event.seat == you else 'wins'}."
    return f"{seat(1 - event.seat, 'take')} the total past {event.target}. {seat(event.seat, 'win')}."


def narrate(events, you=None, names=None) -> list[str]:
    return [describe(event, you, names) for event in events]


def show(view) -> list[str]:
    """The position as the view's seat sees it, in three sentences."""
    other, gap = 1 - view.seat, view.target - view.total
    return [f"The total is {view.total}" + (f": {gap} to go to {view.target}." if gap > 0 else "."),
            f"You hold {', '.join(map(str, view.hand)) or 'no card'}.",
            f"Seat {other} holds {plural(view.hand_sizes[other], 'card')}; "
            f"the deck holds {plural(view.deck_size, 'card')}."]
