"""Exercise 8, seat rotation and the Wilson interval: wrong answers a learner might write.

Each mistake is in one of the two functions, and must fail that function's check only.
"""
from mutants import Mutant

ROTATION, WILSON = "rotation", "wilson-interval"
SEATING = ("    n = len(bots)\n    seats = [None] * n\n    for j, bot in enumerate(bots):\n"
           "        seats[(j + g) % n] = bot\n    return seats\n")
CHECKS = ("    if games < 0:\n        raise ValueError(f\"games must be 0 or more, not {games}.\")\n"
          "    if not 0 <= wins <= games:\n"
          "        raise ValueError(f\"wins must be from 0 to {games}, not {wins}.\")\n")
NO_GAMES = "    if games == 0:\n        return (0.0, 1.0)\n"

MUTANTS = [
    # Seats rotated the other way.
    Mutant("rotates-backwards", {"seats[(j + g) % n] = bot": "seats[(j - g) % n] = bot"}, {ROTATION}),
    # A slice that only works while g is below the number of bots.
    Mutant("slices-without-the-modulo", {SEATING: "    return bots[-g:] + bots[:-g]\n"}, {ROTATION}),
    # The right seats, by turning the caller's own list round.
    Mutant("rotates-the-list-it-was-given",
           {SEATING: "    for _ in range(g % len(bots)):\n        bots.insert(0, bots.pop())\n"
                     "    return bots\n"}, {ROTATION}),
    # Three bots, as in the examples.
    Mutant("always-three-bots", {"seats[(j + g) % n] = bot": "seats[(j + g) % 3] = bot"},
           {ROTATION}),
    # Each bot found by its name: a bot listed twice takes the first one's seat twice.
    Mutant("seat-by-index-of-the-bot",
           {"    for j, bot in enumerate(bots):\n        seats[(j + g) % n] = bot\n":
            "    for bot in bots:\n        seats[(bots.index(bot) + g) % n] = bot\n"}, {ROTATION},
           visible=False),
    # No checks at all: wilson(1, 0) divides by zero.
    Mutant("no-checks", {CHECKS: ""}, {WILSON}),
    # No games refused, as the exercise once said: the kit's wilson(0, 0) is (0.0, 1.0).
    Mutant("no-games-refused", {"if games < 0:": "if games <= 0:"}, {WILSON}),
    # No games forgotten: wilson(0, 0) divides by zero.
    Mutant("no-games-divides-by-zero", {NO_GAMES: ""}, {WILSON}),
    # No games told as certain defeat.
    Mutant("no-games-all-lost", {NO_GAMES: "    if games == 0:\n        return (0.0, 0.0)\n"},
           {WILSON}),
    # Only the games checked: wilson(5, 4) fails only by luck, in the square root, at z = 1.96.
    Mutant("wins-not-checked",
           {"    if not 0 <= wins <= games:\n"
            "        raise ValueError(f\"wins must be from 0 to {games}, not {wins}.\")\n": ""},
           {WILSON}),
    # No wins taken for a wrong input.
    Mutant("no-wins-refused", {"if not 0 <= wins <= games:": "if not 0 < wins <= games:"}, {WILSON}),
    # z where z² belongs, in the centre.
    Mutant("z-not-squared-in-the-centre", {"centre = (p + z * z / (2 * games))": "centre = (p + z / (2 * games))"},
           {WILSON}),
    # The textbook interval, p plus or minus z standard errors.
    Mutant("textbook-interval",
           {"    return (max(0.0, centre - half), min(1.0, centre + half))":
            "    half = z * math.sqrt(p * (1 - p) / games)\n"
            "    return (max(0.0, p - half), min(1.0, p + half))"}, {WILSON}),
    # Always 95%: the z given is ignored.
    Mutant("always-ninety-five-percent",
           {"    p = wins / games\n": "    p = wins / games\n    z = 1.96\n"}, {WILSON}),
    # The small-sample term z²/(4·games²) left out.
    Mutant("forgets-the-small-sample-term",
           {"p * (1 - p) / games + z * z / (4 * games * games)": "p * (1 - p) / games"}, {WILSON}),
    # The kit's own wilson, after the statement's checks.
    Mutant("calls-the-kit-wilson",
           {"    p = wins / games\n":
            "    from ninetynine.arena import wilson as kit_wilson\n"
            "    return kit_wilson(wins, games, z)\n    p = wins / games\n"}, {WILSON}),
]
