"""Moves of Ninety-Nine and their text.

``str(move)`` is what a player types, and ``parse_move`` reads it back:

- ``bid 6D 7S QH``               lay aside three cards as the bid (here 0 + 1 + 2 = 3 tricks);
- ``declare`` / ``reveal`` / ``pass``   the offer after bidding;
- ``QH``                         play a card to the trick (``JK`` plays the Joker).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, CardError
from ..core import UnreadableMove
from .cards import parse_card, sort_key


@dataclass(frozen=True, slots=True)
class Bid:
    """Lay aside three cards face down; they are kept in hand order, so equal bids compare equal."""

    cards: tuple[Card, Card, Card]

    @classmethod
    def of(cls, cards) -> "Bid":
        return cls(tuple(sorted(cards, key=sort_key)))

    def __str__(self) -> str:
        return "bid " + " ".join(str(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class Offer:
    """After bidding: ``kind`` is "declare" (bid cards face up), "reveal" (whole hand too) or "pass"."""

    kind: str

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` to the trick."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


DECLARE, REVEAL, PASS = Offer("declare"), Offer("reveal"), Offer("pass")
OFFERS = (DECLARE, REVEAL, PASS)
Move = Bid | Offer | PlayCard


def parse_move(text: str) -> Move:
    """Read move text such as ``bid 6D 7S QH``, ``reveal`` or ``QH``; raise UnreadableMove if malformed."""
    if not isinstance(text, str):
        raise UnreadableMove(f"A move is text such as 'bid 6D 7S QH', 'pass' or 'QH', not {text!r}.")
    words = text.replace(",", " ").split()
    if not words:
        raise UnreadableMove("The move is empty: write 'bid' and three cards, 'declare', 'reveal', "
                          "'pass', or a card such as QH.")
    head = words[0].lower()
    for offer in OFFERS:
        if head == offer.kind and len(words) == 1:
            return offer
    try:
        if head == "bid":
            cards = [parse_card(word) for word in words[1:]]
            if len(cards) != 3 or len(set(cards)) != 3:
                raise UnreadableMove("A bid lays aside exactly three different cards: write it as "
                                  "'bid 6D 7S QH'.")
            return Bid.of(cards)
        if len(words) == 1:
            return PlayCard(parse_card(words[0]))
    except CardError as error:
        raise UnreadableMove(str(error)) from None
    raise UnreadableMove(f"'{text.strip()}' is not a move: write 'bid' and three cards, 'declare', "
                      "'reveal', 'pass', or one card such as QH.")
