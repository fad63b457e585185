"""Exercise 22 (regret matching and one round of self-play): plausible wrong answers."""
from . import Mutant

MATCH, UPDATE = "regret-matching", "regret-update"
POSITIVE = "positive = {move: max(regret, 0) for move, regret in regrets.items()}"
UNIFORM = "return {move: Fraction(1, len(regrets)) for move in regrets}"
SHARE = "return {move: Fraction(regret) / total for move, regret in positive.items()}"
VALUES = "values = {a: sum(theirs[b] * payoff(a, b) for b in MOVES) for a in MOVES}"
PLAYED = "played = sum(mine[a] * values[a] for a in MOVES)"
NEW = "return {a: regrets[a] + values[a] - played for a in MOVES}"

MUTANTS = [
    Mutant("negative regrets kept", {POSITIVE: "positive = dict(regrets)"}, {MATCH}),
    Mutant("nothing played when no regret is positive",
           {UNIFORM: "return {move: Fraction(0) for move in regrets}"}, {MATCH}),
    Mutant("floats, not exact", {SHARE: "return {move: regret / total for move, regret in positive.items()}"},
           {MATCH}),
    Mutant("everything on the largest regret",
           {SHARE: "best = max(positive, key=positive.get)\n"
                   "    return {move: Fraction(int(move == best)) for move in positive}"}, {MATCH}),
    Mutant("divided by the sum of all regrets",
           {"total = sum(positive.values())": "total = sum(regrets.values())"}, {MATCH}),
    Mutant("uniform only when the total is negative", {"if total <= 0:": "if total < 0:"}, {MATCH}),
    Mutant("the kit's regret_matching",
           {POSITIVE: "from ninetynine.cfr import regret_matching as kit\n"
                      "    return kit(regrets)\n    " + POSITIVE}, {MATCH}),
    Mutant("the regret flipped in sign", {NEW: "return {a: regrets[a] + played - values[a] for a in MOVES}"},
           {UPDATE}),
    Mutant("the strategy's value left out", {NEW: "return {a: regrets[a] + values[a] for a in MOVES}"},
           {UPDATE}),
    Mutant("earlier regrets forgotten", {NEW: "return {a: values[a] - played for a in MOVES}"}, {UPDATE}),
    Mutant("the two strategies swapped",
           {VALUES: "values = {a: sum(mine[b] * payoff(a, b) for b in MOVES) for a in MOVES}",
            PLAYED: "played = sum(theirs[a] * values[a] for a in MOVES)"}, {UPDATE}),
    Mutant("the payoff read the wrong way round",
           {VALUES: "values = {a: sum(theirs[b] * payoff(b, a) for b in MOVES) for a in MOVES}"}, {UPDATE}),
    Mutant("the strategy's value as the plain mean of the moves",
           {PLAYED: "played = sum(values[a] for a in MOVES) / 3"}, {UPDATE}),
    Mutant("the regrets changed in place",
           {NEW: "for a in MOVES:\n        regrets[a] += values[a] - played\n    return regrets"}, {UPDATE}),
]
