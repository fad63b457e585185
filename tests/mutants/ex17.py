"""Exercise 17, the chance of the next card: wrong answers a learner might well write."""
from mutants import Mutant

DRAW = "return Fraction(sum(card.rank in ranks for card in pool), len(pool))"
HOLDS = "return 1 - Fraction(math.comb(without, size), math.comb(len(pool), size))"

MUTANTS = [
    # the unseen cards, counted carelessly: every chance built on them is wrong
    Mutant("forgets-own-hand", {"    left.subtract(view.hand)\n": ""},
           fails={"unseen"}),
    Mutant("forgets-played-cards", {"    left.subtract(view.discard)\n": ""},
           fails={"unseen"}),
    # the next card drawn
    Mutant("divides-by-deck-size",
           {DRAW: "return Fraction(sum(card.rank in ranks for card in pool), view.deck_size)"},
           fails={"draw-chance", "draw-empty-deck"}),
    Mutant("percentage", {DRAW: "return 100 * Fraction(sum(card.rank in ranks for card in pool), len(pool))"},
           fails={"draw-chance", "draw-empty-deck"}),
    Mutant("own-hand-in-the-total",      # every hand size counted, your own hand included
           {DRAW: "return Fraction(sum(card.rank in ranks for card in pool), "
                  "view.deck_size + sum(view.hand_sizes))"},
           fails={"draw-chance", "draw-empty-deck"}),
    Mutant("one-too-few-in-the-total",   # "I am about to play a card, so one card fewer"
           {DRAW: "return Fraction(sum(card.rank in ranks for card in pool), len(pool) - 1)"},
           fails={"draw-chance", "draw-empty-deck"}),
    Mutant("forgets-the-reshuffle", {"pool = list(view.discard)": "pool = unseen_cards(view)"},
           fails={"draw-empty-deck"}),
    Mutant("reshuffle-keeps-the-top-card", {"pool = list(view.discard)": "pool = list(view.discard[:-1])"},
           fails={"draw-empty-deck"}, visible=False),
    Mutant("reshuffles-under-any-rules", {"elif view.rules.reshuffle:": "elif view.discard:"},
           fails={"draw-empty-deck"}, visible=False),
    # the chance that a seat holds one of the ranks
    Mutant("holds-with-replacement",     # as if each card of the hand were drawn from a full pool
           {HOLDS: "return 1 - (Fraction(without, len(pool))) ** size"},
           fails={"holds-chance"}),
    Mutant("holds-adds-the-chances",     # size times the chance of one card
           {HOLDS: "return size * Fraction(len(pool) - without, len(pool))"},
           fails={"holds-chance"}),
    Mutant("holds-with-your-own-hand-size", {"size = view.hand_sizes[seat]": "size = view.hand_sizes[view.seat]"},
           fails={"holds-chance"}),
]
