"""Events of Ninety-Nine: everything that happens in a game, as small frozen records.

``state.play`` returns the events a move caused; ``state.history`` keeps them all. The names differ
from the counting game's (events are registered by name for saved games). Laid-aside cards are
secret: they are face up only for a seat that declared or revealed, or, at the end of the deal,
made its bid ("only shown to prove that a bid has been fulfilled", source 001). ``redact`` hides
the rest from the other seats.
"""
from __future__ import annotations

from dataclasses import replace

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
class BidShown:
    """At the end of the deal ``seat``, having taken exactly its bid, turns its laid-aside
    ``cards`` face up to prove it. A seat that declared or revealed has nothing to turn: its bid
    cards are face up already. A seat that missed its bid shows nothing."""

    seat: int
    cards: tuple[Card, ...]
    bid: int


@event
class DealScored:
    """The deal's result per seat: tricks taken, bids, who made their bid exactly, whose bid is
    ``shown`` (face up at the end: made, declared or revealed), points this deal and running
    totals. In another seat's view a bid that is not shown is None: it stays face down."""

    deal: int
    tricks: tuple[int, ...]
    bids: tuple[int | None, ...]
    made: tuple[bool, ...]
    shown: tuple[bool, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@event
class MatchOver:
    """The last deal is scored; ``winner`` is None when the highest total is shared."""

    winner: int | None


def redact(ev, seat: int):
    """The event as ``seat`` may see it: other seats' laid-aside cards stay face down, and so
    does the bid of a seat that missed it without declaring or revealing."""
    if type(ev) is BidLaidAside and ev.seat != seat and ev.cards is not None:
        return BidLaidAside(ev.seat, None, None)
    if type(ev) is DealScored:
        bids = tuple(bid if other == seat or ev.shown[other] else None
                     for other, bid in enumerate(ev.bids))
        if bids != ev.bids:
            return replace(ev, bids=bids)
    return ev
