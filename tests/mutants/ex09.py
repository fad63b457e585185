"""Exercise 09 (The Game of 99: allowed squares and dead cards): plausible wrong answers."""
from . import Mutant

ALLOWED = {"allowed-examples", "allowed-everywhere"}

MUTANTS = [
    Mutant("own square left out (off by one above)",
           {"range(card.value, 100)": "range(card.value + 1, 100)"}, ALLOWED),
    Mutant("square below the card allowed (off by one below)",
           {"range(card.value, 100)": "range(max(card.value - 1, 0), 100)"}, ALLOWED),
    Mutant("square 99 left out",
           {"range(card.value, 100)": "range(card.value, 99)"}, ALLOWED),
    Mutant("a square of seat 0 taken for empty",
           {"if owner[square] is None": "if not owner[square]"}, ALLOWED),
    Mutant("taken squares allowed",
           {" if owner[square] is None": ""}, ALLOWED),
    Mutant("only seats 0 and 1 take squares",
           {"if owner[square] is None": "if owner[square] not in (0, 1)"}, {"allowed-everywhere"},
           visible=False),
    Mutant("dead when its own square is taken",
           {"if not allowed_squares(owner, card)": "if owner[card.value] is not None"}, {"dead-cards"}),
    Mutant("dead only as in the source's example (99 on a taken 99)",
           {"if not allowed_squares(owner, card)": "if card.value == 99 and owner[99] is not None"},
           {"dead-cards"}),
    Mutant("dead cards sorted instead of in the hand's order",
           {"return [card for card in hand if not allowed_squares(owner, card)]":
            "return sorted(card for card in hand if not allowed_squares(owner, card))"}, {"dead-cards"}),
    Mutant("dead with one square left (threshold off by one)",
           {"if not allowed_squares(owner, card)": "if len(allowed_squares(owner, card)) <= 1"},
           {"dead-cards"}),
    Mutant("dead_cards forgets the card's own square",
           {"if not allowed_squares(owner, card)":
            "if all(owner[square] is not None for square in range(card.value + 1, 100))"},
           {"dead-cards"}),
]
