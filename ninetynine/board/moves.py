"""Cards and moves of The Game of 99, and their text.

A card "k to 99" lets its player occupy any empty square numbered k or higher. Move text:

- ``play 37 on 52``  play the card "37 to 99" and put a marker on square 52;
- ``draw``           take the top card of the deck (only with fewer than five cards);
- ``discard 37``     put the card "37 to 99" face up on the discard pile.

>>> parse_move("Play 0 on 4")
Place(card=BoardCard(value=0), square=4)
>>> str(parse_move("discard 99"))
'discard 99'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import UnreadableMove

HAND_LIMIT = 5


@dataclass(frozen=True, slots=True, order=True)
class BoardCard:
    """The card "value to 99"."""

    value: int

    def __str__(self) -> str:
        return str(self.value)

    @property
    def name(self) -> str:
        return f"{self.value} to 99"

    def allows(self, square: int) -> bool:
        return square >= self.value


CARDS = tuple(BoardCard(value) for value in range(100))


def parse_card(text: str) -> BoardCard:
    """Read a card: ``37`` (or ``37 to 99``)."""
    raw = str(text).strip()
    word = raw.lower().removesuffix("to 99").strip()
    if not word.isdigit() or int(word) > 99:
        raise ValueError(f"'{raw}' is not a card of The Game of 99: write a number from 0 to 99.")
    return CARDS[int(word)]


@dataclass(frozen=True, slots=True)
class Place:
    """Play ``card`` and put a marker on ``square``."""

    card: BoardCard
    square: int

    def __str__(self) -> str:
        return f"play {self.card} on {self.square}"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Take the top card of the deck."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` face up on the discard pile."""

    card: BoardCard

    def __str__(self) -> str:
        return f"discard {self.card}"


DRAW = DrawCard()
BoardMove = Place | DrawCard | Discard


def is_square(value) -> bool:
    """True for the number of a square of the board: a whole number from 0 to 99."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99


def typed_square(text: str) -> int | None:
    """The square a player typed ("52", " 7 "), or None when the text names no square."""
    text = text.strip()
    return int(text) if text.isdigit() and is_square(int(text)) else None


def parse_move(text: str) -> BoardMove:
    """Read ``play 37 on 52``, ``draw`` or ``discard 37``; raise UnreadableMove naming what is wrong."""
    if not isinstance(text, str):
        raise UnreadableMove(f"A move is text such as 'play 37 on 52', 'draw' or 'discard 37', not {text!r}.")
    words = text.lower().split()
    if words == ["draw"]:
        return DRAW
    if len(words) == 2 and words[0] == "discard":
        return Discard(_card(words[1]))
    if len(words) == 4 and words[0] == "play" and words[2] == "on":
        square = typed_square(words[3])
        if square is None:
            raise UnreadableMove(f"'{words[3]}' is not a square: squares are numbered 0 to 99.")
        return Place(_card(words[1]), square)
    raise UnreadableMove(f"'{text}' is not a move: write 'play CARD on SQUARE' (e.g. 'play 37 on 52'), "
                      "'draw' or 'discard CARD'.")


def _card(word: str) -> BoardCard:
    try:
        return parse_card(word)
    except ValueError as error:
        raise UnreadableMove(str(error)) from None
