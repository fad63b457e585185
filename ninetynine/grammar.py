"""The grammar of the kit's sentences, shared by every game's words: seats, numbers, lists.

Every sentence a player reads is written to two rules (``ninetynine/text.py``): it works read
aloud by a screen reader, and it comes in two forms, the "you" form for the reader's own seat and
the third person for everyone else. These helpers make both forms the same way in every game:

>>> seat_with_verb(1, you=0, names=None, verb="pass")
'Seat 1 passes'
>>> seat_with_verb(0, you=0, names=None, verb="pass")
'You pass'
>>> join_words(["the 6 of Clubs", "the 9 of Diamonds", "the King of Hearts"], "or")
'the 6 of Clubs, the 9 of Diamonds or the King of Hearts'
"""
from __future__ import annotations

from collections.abc import Sequence

from .cards import Card

#: seat names given by the caller, one per seat (None: "Seat 0", "Seat 1", ...)
Names = Sequence[str] | None

# --- seats, numbers and cards ----------------------------------------------------------------

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth", "thirteenth")


def seat_name(seat: int, you: int | None = None, names: Names = None) -> str:
    """The seat at the start of a sentence: "You", "Seat 2", or its name from ``names``."""
    if seat == you:
        return "You"
    if names is not None:
        return names[seat]
    return f"Seat {seat}"


def seat_in_sentence(seat: int, you: int | None, names: Names) -> str:
    """The seat inside a sentence: "you" in lower case, other seats as ``seat_name``."""
    return "you" if seat == you else seat_name(seat, you, names)


def verb_agreeing(seat: int, you: int | None, you_form: str, other_form: str) -> str:
    """The verb agreeing with the seat: "You play" but "Seat 2 plays"."""
    return you_form if seat == you else other_form


def third_person(verb: str) -> str:
    """Third-person singular of a regular verb: play -> plays, pass -> passes, try -> tries,
    have -> has."""
    if verb == "have":
        return "has"
    if verb == "are":
        return "is"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u"):
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


def seat_with_verb(seat: int, you: int | None, names: Names, verb: str) -> str:
    """ "You pass" / "Seat 1 passes": the seat and its verb, at the start of a sentence."""
    return f"{seat_name(seat, you, names)} {verb if seat == you else third_person(verb)}"


def plural(number: int, word: str) -> str:
    """ "1 token", "2 tokens", "a token" is left to the caller."""
    return f"{number} {word}" + ("" if number == 1 else "s")


def join_words(words: Sequence[str], last: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def signed(amount: int) -> str:
    """A value in words: 11 -> "plus 11", -10 -> "minus 10", 0 -> "nothing"."""
    if amount == 0:
        return "nothing"
    return f"{'plus' if amount > 0 else 'minus'} {abs(amount)}"


def card_name(card: Card) -> str:
    """The card with its article, ready for a sentence: "the 6 of Clubs", "the Skip"."""
    return f"the {card.name}"
