"""Events of Ninety-Nine: everything that happens in a game, as small frozen records.

``state.play`` returns the events a move caused; ``state.history`` keeps them all. The names differ
from the counting game's (events are registered by name for saved games). Laid-aside cards are
secret until exposed or scored: ``redact`` hides them from the other seats.
"""
from __future__ import annotations

from ..cards import Card
from ..core import event


@event
class DealStarted:
    """Deal number ``deal`` was dealt by ``dealer``; ``turn_up`` is the 37th card (None when
    trumps="results" deals without a turn-up); ``trumps`` is a suit letter or "" for no trumps."""

    deal: int
    dealer: int
    turn_up: Card | None
    trumps: str


@event
class BidLaidAside:
    """``seat`` laid three cards aside, bidding ``bid`` tricks (both None in other seats' views)."""

    seat: int
    cards: tuple[Card, ...] | None
    bid: int | None


@event
class OfferMade:
    """After bidding, ``seat`` offered to "declare", to "reveal", or said "pass"."""

    seat: int
    offer: str


@event
class BidExposed:
    """The winning offer: ``seat`` plays with its bid cards face up ("declare") or its bid cards
    and whole hand face up ("reveal", ``hand`` filled in). ``premium`` is 30 or 60."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    bid: int
    hand: tuple[Card, ...]
    premium: int


@event
class NoPremium:
    """Every seat passed: nobody declares or reveals this deal."""

    deal: int


@event
class CardToTrick:
    """``seat`` played ``card`` to trick number ``trick`` (1 to 9)."""

    seat: int
    card: Card
    trick: int


@event
class TrickWon:
    """``seat`` won trick ``trick`` with ``card``; ``cards`` are the trick's cards, leader first."""

    seat: int
    trick: int
    card: Card
    cards: tuple[Card, ...]


@event
class DealScored:
    """The deal's result per seat: tricks taken, bids (``laid_aside`` lists each seat's three
    cards in seat order), who made their bid exactly, points this deal and running totals."""

    deal: int
    tricks: tuple[int, ...]
    bids: tuple[int, ...]
    laid_aside: tuple[Card, ...]
    made: tuple[bool, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@event
class MatchOver:
    """The last deal is scored; ``winner`` is None when the highest total is shared."""

    winner: int | None


def redact(ev, seat: int):
    """The event as ``seat`` may see it: other seats' laid-aside cards stay face down."""
    if type(ev) is BidLaidAside and ev.seat != seat and ev.cards is not None:
        return BidLaidAside(ev.seat, None, None)
    return ev
