"""The Ninety-Nine deck: 36 cards from 6 to Ace in four suits, plus the Joker.

Cards are the kit's ``Card`` values (``ninetynine.cards``); the Joker is ``Card("JK")``, a card
with no suit. Ranks go up ``6 7 8 9 10 J Q K A``.

The Joker has no value of its own: it *acts as* the card turned up at the deal (RULES.md 2.2), so
most questions ask first "which card does this one act as?" (``acts_as``).

>>> parse_card("joker") == JOKER, str(parse_card("10h"))
(True, '10H')
>>> bid_value([parse_card("QS"), parse_card("QH"), parse_card("6D")])
3
>>> str(acts_as(JOKER, parse_card("6H")))
'6H'
"""
from __future__ import annotations

from ..cards import STANDARD_CARDS, SUIT_NAMES, SUITS, Card, CardError
from ..cards import parse_card as parse_standard_card

RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")       # low to high
JOKER = Card("JK")
DECK: tuple[Card, ...] = tuple(STANDARD_CARDS[rank + suit] for suit in SUITS for rank in RANKS)
FULL_DECK: tuple[Card, ...] = DECK + (JOKER,)
#: each rank's place in RANKS: 0 for a 6 up to 8 for an Ace
POWER = {rank: index for index, rank in enumerate(RANKS)}

#: tricks bid by one laid-aside card of each suit: three bumps on a club, none on a diamond
SUIT_VALUES = {"C": 3, "H": 2, "S": 1, "D": 0}
#: the trumps each number of successful bidders gives the next deal under trumps="results"
RESULT_TRUMPS = {3: "C", 2: "H", 1: "S", 0: "D"}


def parse_card(text: str) -> Card:
    """Read a card of this deck: ``QS``, ``10h``, ``7♣``, or ``JK`` / ``Joker``."""
    if isinstance(text, str) and text.strip().upper() in ("JK", "JOKER"):
        return JOKER
    card = parse_standard_card(text)
    if card.rank not in RANKS:
        raise CardError(f"The {card.name} is not in the Ninety-Nine deck: ranks run from 6 to Ace "
                        "(plus the Joker, JK).")
    return card


def card_name(card: Card) -> str:
    """The card in words: "Queen of Spades", "Joker"."""
    return "Joker" if card == JOKER else card.name


def acts_as(card: Card, turn_up: Card | None) -> Card:
    """The card ``card`` counts as: the Joker is a copy of the turn-up, every other card itself.

    The Joker is told by its rank, the only "JK" of the deck: searches ask this millions of times,
    and comparing one string is several times faster than comparing two cards."""
    if card.rank == "JK" and turn_up is not None and turn_up.rank != "JK":
        return turn_up
    return card


def suit_of(card: Card, turn_up: Card | None) -> str:
    """The suit a card belongs to for following suit and bidding (the Joker: the turn-up's)."""
    if card.rank == "JK" and turn_up is not None and turn_up.rank != "JK":   # acts_as, inline:
        return turn_up.suit                                                   # searches ask often
    return card.suit


def power(card: Card, turn_up: Card | None) -> int:
    """Rank of the card within its suit, 0 (a 6) to 8 (an Ace), the Joker as the turn-up."""
    if card.rank == "JK" and turn_up is not None and turn_up.rank != "JK":   # acts_as, inline
        return POWER[turn_up.rank]
    return POWER[card.rank]


def bid_value(cards, turn_up: Card | None = None) -> int:
    """The tricks three laid-aside cards bid: clubs 3, hearts 2, spades 1, diamonds 0 each."""
    return sum(SUIT_VALUES[suit_of(card, turn_up)] for card in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Hands are kept in suit order (Clubs, Diamonds, Hearts, Spades), low to high, Joker last."""
    if card == JOKER:
        return (len(SUITS), 0)
    return (SUITS.index(card.suit), RANKS.index(card.rank))


def sorted_cards(cards) -> list[Card]:
    return sorted(cards, key=sort_key)


def trumps_of(turn_up: Card | None) -> str:
    """The trump suit a turn-up gives: its suit, or "" (no trumps) for a 9 or the Joker."""
    if turn_up is None or turn_up == JOKER or turn_up.rank == "9":
        return ""
    return turn_up.suit


def trumps_name(trumps: str) -> str:
    return SUIT_NAMES[trumps] if trumps else "no trumps"


def strength_in_trick(card: Card, led: str, trumps: str, turn_up: Card | None = None) -> tuple[int, int]:
    """How strongly ``card`` plays in a trick whose first card was of suit ``led``: a trump (2)
    beats the suit led (1), which beats any other suit (0); then the higher rank wins.

    >>> six_of_trumps, ace_led = parse_card("6S"), parse_card("AH")
    >>> strength_in_trick(six_of_trumps, "H", "S") > strength_in_trick(ace_led, "H", "S")
    True
    """
    card = acts_as(card, turn_up)
    tier = 2 if trumps and card.suit == trumps else 1 if card.suit == led else 0
    return tier, POWER[card.rank]


def trick_winner(cards, trumps: str, turn_up: Card | None = None) -> int:
    """The index in ``cards`` (in the order played, leader first) of the card that wins the trick.

    The highest trump wins; if no trump was played, the highest card of the suit led.

    >>> trick_winner([parse_card(c) for c in ("KH", "AH", "6S")], trumps="S")
    2
    >>> trick_winner([parse_card(c) for c in ("KH", "AD", "QH")], trumps="")
    0
    """
    led = suit_of(cards[0], turn_up)
    strengths = [strength_in_trick(card, led, trumps, turn_up) for card in cards]
    return strengths.index(max(strengths))
