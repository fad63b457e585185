"""Moves of the running-total game and their text.

``str(move)`` is what a player types, and ``parse_move`` reads it back:

- ``6C``          play the 6 of Clubs (a card with one possible value);
- ``AS +11``      play a card that counts two ways, with the value chosen (always written);
- ``5H >2``       the Taiwanese 5, naming seat 2 to play next;
- ``DRAW``/``END``  the second step of a turn with manual drawing.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..core import UnreadableMove
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; ``amount`` is the chosen value of a two-way card, ``target`` the named seat."""

    card: Card
    amount: int | None = None
    target: int | None = None

    def __str__(self) -> str:
        text = str(self.card)
        if self.amount is not None:
            text += f" {self.amount:+d}"
        if self.target is not None:
            text += f" >{self.target}"
        return text


@dataclass(frozen=True, slots=True)
class Draw:
    """Manual drawing: take the top card of the deck, then the turn ends."""

    def __str__(self) -> str:
        return "DRAW"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Manual drawing: end the turn without drawing."""

    def __str__(self) -> str:
        return "END"


DRAW = Draw()
END = EndTurn()
Move = Play | Draw | EndTurn


def parse_move(text: str, rules: RuleSet, players: int) -> Move:
    """Read move text such as ``AS +11``; raise UnreadableMove naming the part that is wrong."""
    if not isinstance(text, str):
        raise UnreadableMove(f"A move is text such as '7C' or 'AS +1', not {text!r}.")
    words = text.split()
    if not words:
        raise UnreadableMove("The move is empty: write a card such as 7C, or DRAW or END.")
    head = words[0].upper()
    if head in ("DRAW", "END"):
        if len(words) > 1:
            raise UnreadableMove(f"'{' '.join(words[1:])}' is not understood after {head}: write "
                              f"{head} alone.")
        return DRAW if head == "DRAW" else END
    try:
        card = rules.parse_card(words[0])
    except ValueError as error:
        raise UnreadableMove(str(error)) from None
    effect = rules.effect(card, players)
    amount = target = None
    rest = words[1:]
    if effect.has_choice:
        choices = " or ".join(f"'{card} {a:+d}'" for a in effect.amounts)
        if not rest or not rest[0].startswith(("+", "-")):
            raise UnreadableMove(f"The {card.name} counts two ways: write {choices}.")
        word = rest.pop(0)
        try:
            amount = int(word)
        except ValueError:
            amount = None
        if amount not in effect.amounts:
            raise UnreadableMove(f"'{word}' is not a value of the {card.name}: write {choices}.")
    if effect.choose_next:
        if not rest or not rest[0].startswith(">"):
            raise UnreadableMove(f"The {card.name} names the next player: write '{card} >N' with a "
                              f"seat number from 0 to {players - 1}.")
        word = rest.pop(0)
        if not word[1:].isdigit() or int(word[1:]) >= players:
            raise UnreadableMove(f"'{word}' names no seat: write '>N' with N from 0 to {players - 1}.")
        target = int(word[1:])
    if rest:
        raise UnreadableMove(f"'{' '.join(rest)}' is not understood after {card}: the {card.name} "
                          f"is written '{Play(card, amount, target)}'.")
    return Play(card, amount, target)
