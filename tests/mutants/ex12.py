"""Exercise 12 (Ninety-Nine: the bid of three cards, the bids a hand can make): wrong answers."""
from . import Mutant

SUM = "return sum(worth[(turn_up if card == JOKER else card).suit] for card in three_cards)"
BIDS = "return sorted({bid_of(trio, turn_up) for trio in combinations(hand, 3)})"

MUTANTS = [
    Mutant("hearts and spades swapped",
           {'worth = {"C": 3, "H": 2, "S": 1, "D": 0}': 'worth = {"C": 3, "H": 1, "S": 2, "D": 0}'},
           {"bid-examples", "bid-joker"}),
    Mutant("diamonds and spades swapped",
           {'worth = {"C": 3, "H": 2, "S": 1, "D": 0}': 'worth = {"C": 3, "H": 2, "S": 0, "D": 1}'},
           {"bid-examples", "bid-joker"}),
    Mutant("the Joker forgotten (it counts nothing)",
           {SUM: "return sum(worth.get(card.suit, 0) for card in three_cards)"}, {"bid-joker"}),
    Mutant("the Joker as a club, the best suit",
           {SUM: 'return sum(worth["C" if card == JOKER else card.suit] for card in three_cards)'},
           {"bid-joker"}),
    Mutant("the Joker counts nothing without trumps (a 9 turned up)",
           {SUM: 'return sum(worth.get((turn_up if card == JOKER and turn_up.rank != "9" else card).suit, 0)'
                 " for card in three_cards)"}, {"bid-joker"}),
    Mutant("the Joker only counted when it comes first",
           {SUM: "return sum(worth[(turn_up if card == JOKER and i == 0 else card).suit]"
                 " if card != JOKER or i == 0 else 0 for i, card in enumerate(three_cards))"},
           {"bid-joker"}),
    Mutant("every bid between the lowest and the highest",
           {BIDS: "bids = {bid_of(trio, turn_up) for trio in combinations(hand, 3)}\n"
                  "    return list(range(min(bids), max(bids) + 1))"}, {"possible-bids"}),
    Mutant("repeats kept",
           {BIDS: "return sorted([bid_of(trio, turn_up) for trio in combinations(hand, 3)])"},
           {"possible-bids"}),
    Mutant("pairs instead of three cards",
           {BIDS: "return sorted({bid_of(trio, turn_up) for trio in combinations(hand, 2)})"},
           {"possible-bids"}),
    Mutant("possible_bids reads the suits itself and forgets the Joker",
           {BIDS: 'return sorted({sum({"C": 3, "H": 2, "S": 1, "D": 0}.get(card.suit, 0) for card in trio)'
                  " for trio in combinations(hand, 3)})"}, {"possible-bids"}),
    Mutant("possible_bids reads the suits itself and takes the Joker for a club",
           {BIDS: 'return sorted({sum({"C": 3, "H": 2, "S": 1, "D": 0}[card.suit or "C"] for card in trio)'
                  " for trio in combinations(hand, 3)})"}, {"possible-bids"}),
]
