"""Which bids a hand can make: every way of laying aside three cards, grouped by the bid.

>>> from .cards import parse_card
>>> hand = [parse_card(c) for c in "6C 7C 8D 9D 10D JD QD KD AD 6H 7H 8H".split()]
>>> sorted(bid_options(hand))
[0, 2, 3, 4, 5, 6, 7, 8]
>>> str(bid_options(hand)[8][0])
'bid 6C 7C 6H'
"""
from __future__ import annotations

from itertools import combinations

from ..cards import Card
from .cards import bid_value, sorted_cards
from .moves import Bid


def bid_options(hand, turn_up: Card | None = None) -> dict[int, list[Bid]]:
    """Each bid (0 to 9 tricks) the hand can make, with every way to lay it aside, in hand order."""
    options: dict[int, list[Bid]] = {}
    for trio in combinations(sorted_cards(hand), 3):
        options.setdefault(bid_value(trio, turn_up), []).append(Bid(trio))
    return dict(sorted(options.items()))


def bid_values(hand, turn_up: Card | None = None) -> list[int]:
    """The bids the hand can make, lowest first."""
    return list(bid_options(hand, turn_up))
