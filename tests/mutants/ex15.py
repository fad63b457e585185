"""Exercise 15 (Ninety-Nine: a bidder better than the rules bot's): plausible wrong answers."""
from . import Mutant

BEST = "    return min(combinations(hand, 3), key=cost)"
BOTH = {"bid-legal", "beats-rules-bidding"}

MUTANTS = [
    Mutant("the rules bot's bidding renamed",
           {BEST: "    return choose_bid(hand, trumps, turn_up).cards"}, BOTH),
    Mutant("three random cards",
           {BEST: "    return __import__('random').Random(str(hand)).sample(hand, 3)"}, BOTH),
    Mutant("random among the rules bot's closest bids (random with one fix)",
           {BEST: "    import random\n"
                  "    def gap(trio):\n"
                  "        kept = [card for card in hand if card not in trio]\n"
                  "        return round(abs(estimate_tricks(kept, trumps, turn_up) - bid_value(trio, turn_up)), 6)\n"
                  "    trios = list(combinations(hand, 3))\n"
                  "    nearest = min(map(gap, trios))\n"
                  "    return random.Random(str(hand)).choice([t for t in trios if gap(t) == nearest])"},
           {"beats-rules-bidding"}, visible=False),
    Mutant("aims higher instead of lower",
           {"- 0.5 - bid_value(trio, turn_up)": "+ 0.5 - bid_value(trio, turn_up)"}, BOTH),
    Mutant("doubtful cards only, the estimate taken as it is",
           {"- 0.5 - bid_value(trio, turn_up)": "- bid_value(trio, turn_up)"},
           {"beats-rules-bidding"}, visible=False),
    Mutant("keeps the doubtful cards instead of laying them aside",
           {"return gap + 2 * sum(doubt[card] for card in kept)":
            "return gap - 2 * sum(doubt[card] for card in kept)"}, {"beats-rules-bidding"},
           visible=False),
    Mutant("lays aside the three cards likeliest to take a trick",
           {BEST: "    return sorted(hand, key=chance.get)[-3:]"}, BOTH),
    Mutant("the Joker laid aside counts nothing",
           {"- bid_value(trio, turn_up))":
            '- sum({"C": 3, "H": 2, "S": 1, "D": 0}.get(card.suit, 0) for card in trio))'},
           {"beats-rules-bidding"}, visible=False),
    Mutant("sorts the hand it was given",
           {"    doubt = {": "    hand.sort(key=chance.get)\n    doubt = {"}, {"bid-legal"}),
]
