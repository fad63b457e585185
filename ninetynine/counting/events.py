"""Events of the running-total game: everything that happens, as small frozen records.

``state.play`` returns the events a move caused; ``state.history`` keeps them all. Narration
(``ninetynine.text``), the tables, logs and replays are all built from these. An event that shows
a private card (``CardDrawn``) is hidden from other seats by ``redact``.
"""
from __future__ import annotations

from ..cards import Card
from ..core import event


@event
class RoundStarted:
    """A round was dealt: ``order`` is the seats in playing order, ``starter`` moves first."""

    round: int
    starter: int
    order: tuple[int, ...]
    hand_size: int


@event
class OrderDrawn:
    """Taiwanese rules: each player drew a card, and the higher card plays earlier."""

    seats: tuple[int, ...]
    cards: tuple[Card, ...]


@event
class CardPlayed:
    """``seat`` played ``card`` (for ``amount`` if it counts two ways); the count went old -> new."""

    seat: int
    card: Card
    amount: int | None
    old: int
    new: int


@event
class TokensLost:
    """``seat`` lost ``tokens``: reason is bust, ninety_nine, landing, passing, no_safe_card or
    empty_hand; ``by`` is the seat whose play caused it. For a bust, ``card`` is the card put down
    (the party rules let its player ask the question printed on it); otherwise None."""

    seat: int
    tokens: int
    reason: str
    by: int
    left: int
    card: Card | None = None


@event
class DirectionReversed:
    seat: int
    direction: int


@event
class PlayerSkipped:
    seat: int
    by: int


@event
class NextPlayerChosen:
    """Taiwanese 5: ``seat`` named ``target`` to play next."""

    seat: int
    target: int


@event
class CardDrawn:
    """``seat`` drew a card; ``card`` is None in the views of other seats."""

    seat: int
    card: Card | None


@event
class DeckRanOut:
    """The last card of the deck was drawn, and these rules never reshuffle (Taiwanese): from
    now on nobody draws this round."""


@event
class DrawSkipped:
    """``seat`` could not draw: the deck and the discard pile were empty (or the rules forbid it)."""

    seat: int


@event
class TurnEnded:
    """Manual drawing: ``seat`` ended the turn without drawing."""

    seat: int


@event
class DeckReshuffled:
    """The discard pile, except its top card, was shuffled into a new deck of ``size`` cards."""

    size: int


@event
class PlayerFinished:
    """Taiwanese rules: ``seat`` emptied their hand and scored ``points`` for the round."""

    seat: int
    points: int


@event
class PlayerLastInRound:
    """Taiwanese rules: ``seat`` is the last player left in the round and takes the place
    value that is left, ``points``, without having emptied their hand."""

    seat: int
    points: int


@event
class PlayerOut:
    """Taiwanese rules: ``seat`` had no playable card and is out of the round with ``points``."""

    seat: int
    points: int


@event
class PlayerEliminated:
    """``seat`` has no tokens left and leaves the game."""

    seat: int


@event
class RoundOver:
    """The round ended; ``seat`` is the player whose play or turn ended it (None if nobody's)."""

    round: int
    reason: str
    seat: int | None


@event
class GameOver:
    """The game ended; ``winner`` is None when nobody wins outright."""

    winner: int | None


def redact(ev, seat: int):
    """The event as ``seat`` may see it: other players' drawn cards are hidden."""
    if type(ev) is CardDrawn and ev.seat != seat and ev.card is not None:
        return CardDrawn(ev.seat, None)
    return ev
