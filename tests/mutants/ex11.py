"""Exercise 11 (The Game of 99: a bot that beats heuristic_bot): plausible wrong answers."""
from . import Mutant

FIRST = "    values = square_values(view.owner, view.team_of, view.team)\n"
URGENT_PLAY = "        return urgent          # win, or block a line of four\n"
DOUBLE = "value += 3000      # a double threat: they can block one square, not both"
CHANCE = "value += 200 * chance_they_cannot_reach(view, reachable[0])"
LOWEST = "value -= 60        # keep the lowest card: it is the one that blocks anywhere"
DRAW = "if can_draw and len(view.hand) < 3 and best_score < 100:"
MATCHES = {"beats-heuristic", "beats-heuristic-often"}

MUTANTS = [
    Mutant("heuristic_bot renamed", {FIRST: "    return heuristic_bot(view)\n" + FIRST}, MATCHES),
    Mutant("random moves, but it wins and blocks (random with one fix)",
           {URGENT_PLAY: URGENT_PLAY + "    return __import__('random').Random("
                                       "str(view.owner) + str(view.hand)).choice(view.legal_moves)\n"},
           MATCHES),
    Mutant("only draws more often than the heuristic",
           {DOUBLE: "value += 0", CHANCE: "value += 0", LOWEST: "value -= 0"}, MATCHES),
    Mutant("only keeps its lowest card back",
           {DOUBLE: "value += 0", CHANCE: "value += 0",
            DRAW: "if can_draw and len(view.hand) < 3 and best_score < 16:"}, MATCHES),
    Mutant("only looks for double threats",
           {CHANCE: "value += 0", LOWEST: "value -= 0",
            DRAW: "if can_draw and len(view.hand) < 3 and best_score < 16:"}, MATCHES),
    Mutant("spends its lowest card first", {LOWEST: "value += 60"}, MATCHES),
]
