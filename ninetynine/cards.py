"""Cards, decks and card text.

A card is a small frozen value: a rank and (for the standard deck) a suit. Every card of a deck
is built once, here, and reused, so comparing and hashing cards is cheap.

Card text, as players type it:

- standard deck: rank then suit, any case: ``AS``, ``10h``, ``qd``, ``7♣``
  (ranks ``A 2 3 4 5 6 7 8 9 10 J Q K``, suits ``C D H S`` or ``♣ ♦ ♥ ♠``);
- RS Games deck: ``1`` to ``9``, ``+10``, ``-10``, ``PASS``, ``REVERSE``, ``SKIP``, ``99``.

>>> parse_card("10h")
Card(rank='10', suit='H')
>>> str(parse_card("q♠")), parse_card("q♠").name
('QS', 'Queen of Spades')
"""
from __future__ import annotations

from dataclasses import dataclass, field

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}

RS_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "+10", "-10", "PASS", "REVERSE", "SKIP", "99")
RS_NAMES = {"+10": "Plus 10", "-10": "Minus 10", "PASS": "Pass", "REVERSE": "Reverse",
            "SKIP": "Skip", "99": "Ninety-Nine"}
SUITLESS_NAMES = {**RS_NAMES, "JK": "Joker"}     # the Joker of the trick-taking game is "JK"


class CardError(ValueError):
    """Card text that names no card of the deck in use."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``suit`` is ``""`` for the suitless cards of the RS Games deck."""

    rank: str
    suit: str = ""
    #: hash((rank, suit)), worked out once: engines look cards up in dicts on every move
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.rank, self.suit)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        """Equal rank and suit. The hashes are compared first: two different cards almost never
        share one, and searches compare cards millions of times."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._hash == other._hash and self.rank == other.rank and self.suit == other.suit

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def name(self) -> str:
        """The card in words, as a screen reader should say it: "6 of Clubs", "Skip"."""
        if not self.suit:
            return SUITLESS_NAMES.get(self.rank, self.rank)
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    @property
    def rank_order(self) -> int:
        """Ace 1, 2..10, Jack 11, Queen 12, King 13 (used to decide who plays first)."""
        return RANKS.index(self.rank) + 1

    @property
    def suit_order(self) -> int:
        """Clubs 0 < Diamonds 1 < Hearts 2 < Spades 3."""
        return SUITS.index(self.suit)


STANDARD_CARDS = {rank + suit: Card(rank, suit) for suit in SUITS for rank in RANKS}
RS_CARDS = {rank: Card(rank) for rank in RS_RANKS}


def standard_deck() -> tuple[Card, ...]:
    """The 52 cards of a standard deck, Ace to King in Clubs, Diamonds, Hearts, Spades."""
    return tuple(STANDARD_CARDS.values())


def rs_deck() -> tuple[Card, ...]:
    """The 60 suitless cards of RS Games: four copies each of 15 kinds."""
    return tuple(card for card in RS_CARDS.values() for _ in range(4))


def _text_of(text, example: str) -> str:
    """The card text without surrounding spaces; anything but text is refused."""
    if not isinstance(text, str):
        raise CardError(f"A card is written as text {example}, not {text!r}.")
    return text.strip()


def parse_card(text: str) -> Card:
    """Read a standard card such as ``AS``, ``10h`` or ``q♠``; raise CardError saying what is wrong."""
    raw = _text_of(text, "such as AS, 10H or 7C")
    token = raw.upper()
    if not token:
        raise CardError("A card is missing: write a rank and a suit, such as AS, 10H or 7C.")
    suit = SUIT_SYMBOLS.get(token[-1], token[-1])
    rank = token[:-1]
    if token in RANKS:
        raise CardError(f"'{raw}' has no suit: add one of C, D, H, S, such as {token}S.")
    if suit not in SUITS:
        raise CardError(f"'{raw}' has no valid suit: '{token[-1]}' is not one of C, D, H, S "
                        "(or ♣ ♦ ♥ ♠).")
    if rank not in RANKS:
        raise CardError(f"'{raw}' has no valid rank: '{rank}' is not one of A, 2-10, J, Q, K.")
    return STANDARD_CARDS[rank + suit]


def parse_rs_card(text: str) -> Card:
    """Read an RS Games card such as ``7``, ``+10``, ``skip`` or ``99``."""
    raw = _text_of(text, "such as 7, +10 or SKIP")
    token = raw.upper().replace("NINETY-NINE", "99").replace("NINETYNINE", "99")
    if token == "10":
        raise CardError("'10' is ambiguous in RS Games: write +10 or -10.")
    if token not in RS_CARDS:
        raise CardError(f"'{raw}' is not an RS Games card: use 1-9, +10, -10, PASS, REVERSE, SKIP "
                        "or 99.")
    return RS_CARDS[token]


def cards_text(cards) -> str:
    """Cards as text separated by spaces, the form that ``parse_cards`` reads back."""
    return " ".join(str(card) for card in cards)


def parse_cards(text: str | list | tuple, parse=parse_card) -> list[Card]:
    """Read a list of cards from text (``"6C 9D KH"``, commas allowed) or a list of texts/cards."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    else:
        items = list(text)
    return [item if isinstance(item, Card) else parse(item) for item in items]
