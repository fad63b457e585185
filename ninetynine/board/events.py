"""Events of The Game of 99. ``redact`` hides a drawn card from the other players."""
from __future__ import annotations

from ..core import CARD_TYPES, event
from .moves import BoardCard

CARD_TYPES.append(BoardCard)   # saved events write board cards as their number


@event
class FirstPlayerChosen:
    """Each player showed a card; the lowest card plays first."""

    seats: tuple[int, ...]
    cards: tuple[BoardCard, ...]
    first: int


@event
class BoardCardDrawn:
    """``seat`` drew a card (None in the views of the other players)."""

    seat: int
    card: BoardCard | None


@event
class MarkerPlaced:
    seat: int
    card: BoardCard
    square: int
    team: int


@event
class BoardCardDiscarded:
    seat: int
    card: BoardCard


@event
class IllegalPlayPenalised:
    """Table penalties: the card allowed no such square; it goes to the discard pile, no marker."""

    seat: int
    card: BoardCard
    square: int


@event
class IllegalDrawPenalised:
    """Table penalties: a draw with a full hand; the card is shown and shuffled back."""

    seat: int
    card: BoardCard


@event
class TurnPassed:
    """``seat`` could do nothing: no cards in hand and none to draw."""

    seat: int


@event
class LineCompleted:
    """``team`` (``seat`` played the last marker) has ``squares`` in one line."""

    seat: int
    team: int
    squares: tuple[int, ...]


@event
class BoardTied:
    """Every card was played or discarded without a line of five."""

    game: int
    replay: bool


@event
class BoardGameOver:
    winner: int | None
    team: int | None


def redact(ev, seat: int):
    if type(ev) is BoardCardDrawn and ev.seat != seat and ev.card is not None:
        return BoardCardDrawn(ev.seat, None)
    return ev
