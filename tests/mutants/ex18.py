"""Exercise 18 (a determinized Monte Carlo bot): plausible wrong answers."""
from . import Mutant

POLICY = """    return max(world.legal_moves(),
               key=lambda move: (swing(world, move), -ESCAPES.get(move.card.rank, 0), rng.random()))"""
WORLDS = "WORLDS = 30 "
SAMPLE = "world = sample_world(view, rng)"
SEED = 'rng = random.Random(f"{view.seat}:{view.count}:{view.tokens}:{seen}")'
SCORE = "return theirs - mine"
FIRST = "    moves = view.legal_moves\n"
BEST = "return moves[max(range(len(moves)), key=totals.__getitem__)]"
MATCHES = {"holds-its-own", "holds-its-own-again"}

# A cheat: look up the calling frames for the real game state that this view came from, and
# play every move in it instead of in guessed worlds.
PEEK = """    import sys
    frame, real = sys._getframe(1), None
    while frame is not None and real is None:
        for value in list(frame.f_locals.values()):
            if type(value).__name__ == "CountingState" and value.to_move == view.seat \\
                    and value.count == view.count and value.hands[view.seat] == view.hand:
                real = value
        frame = frame.f_back
"""

MUTANTS = [
    Mutant("expert_bot renamed", {FIRST: "    from ninetynine.bots import expert_bot\n"
                                         "    return expert_bot(view)\n" + FIRST}, {"only-the-view"}),
    Mutant("random playouts in one guessed world",
           {POLICY: "    return rng.choice(world.legal_moves())", WORLDS: "WORLDS = 1 "},
           {"reads-the-cards"} | MATCHES),
    Mutant("one guessed world", {WORLDS: "WORLDS = 1 "}, MATCHES),
    Mutant("forgets the cards played (guesses from a full deck)",
           {SAMPLE: "world = sample_world(__import__('dataclasses').replace(view, discard=[]), rng)"},
           {"reads-the-cards"}),
    Mutant("scores the other seat's tokens as its own", {SCORE: "return mine - theirs"},
           {"reads-the-cards"} | MATCHES),
    Mutant("plays the move with the worst average",
           {BEST: "return moves[min(range(len(moves)), key=totals.__getitem__)]"},
           {"reads-the-cards"} | MATCHES),
    Mutant("no search: the best swing now, escape cards last",
           {FIRST: "    return max(view.legal_moves, key=lambda move: (swing(view, move), "
                   "-ESCAPES.get(move.card.rank, 0)))\n" + FIRST},
           {"reads-the-cards", "holds-its-own-again"}),   # wins about 39-43%: near the bar,
                                                           # it passes the first match, not the second
    Mutant("five times the playouts: over the budget", {WORLDS: "WORLDS = 150 "},
           {"only-the-view"} | MATCHES),
    Mutant("an unseeded generator", {SEED: "rng = random.Random()"}, {"only-the-view"}),
    Mutant("peeks at the real game through the calling frames",
           {FIRST: PEEK + FIRST, SAMPLE: "world = real.copy() if real is not None else "
                                         "sample_world(view, rng)"}, {"only-the-view"}),
]
