"""Exercise 14 (Ninety-Nine: scoring a deal): plausible wrong answers."""
from . import Mutant

MADE = "made = [taken == bid for taken, bid in zip(tricks, bids)]"
BONUS = "bonus = {0: 0, 1: 30, 2: 20, 3: 10}[sum(made)]"
POINTS = "points = [taken + (bonus if ok else 0) for taken, ok in zip(tricks, made)]"
PREMIUM = """        for other in range(len(points)):
            if (other == seat) == made[seat]:
                points[other] += value"""
BOTH = {"bonus", "premiums"}

MUTANTS = [
    Mutant("at least the bid counts as made (as in contract games)",
           {MADE: "made = [taken >= bid for taken, bid in zip(tricks, bids)]"}, BOTH),
    Mutant("a bid of nothing never made",
           {MADE: "made = [taken == bid and bid > 0 for taken, bid in zip(tricks, bids)]"}, BOTH),
    Mutant("30 to everyone who makes the bid",
           {BONUS: "bonus = {0: 0, 1: 30, 2: 30, 3: 30}[sum(made)]"}, BOTH),
    Mutant("a bonus of 30 shared by those who make it",
           {BONUS: "bonus = {0: 0, 1: 30, 2: 15, 3: 10}[sum(made)]"}, BOTH),
    Mutant("no bonus when all three make it",
           {BONUS: "bonus = {0: 0, 1: 30, 2: 20, 3: 0}[sum(made)]"}, BOTH),
    Mutant("tricks count only for a bid made",
           {POINTS: "points = [(taken + bonus) if ok else 0 for taken, ok in zip(tricks, made)]"}, BOTH),
    Mutant("the given list of tricks used for the points",
           {POINTS: "points = tricks\n    for i, ok in enumerate(made):\n"
                    "        points[i] += bonus if ok else 0"}, BOTH),
    Mutant("the premium always to the declarer",
           {PREMIUM: "        points[seat] += value"}, {"premiums"}),
    Mutant("a missed premium taken off the declarer",
           {PREMIUM: "        points[seat] += value if made[seat] else -value"}, {"premiums"}),
    Mutant("a missed premium shared between the opponents",
           {PREMIUM: """        for other in range(len(points)):
            if (other == seat) == made[seat]:
                points[other] += value if made[seat] else value // 2"""}, {"premiums"}),
    Mutant("a reveal worth what a declare is",
           {'{"declare": 30, "reveal": 60}[kind]': '{"declare": 30, "reveal": 30}[kind]'}, {"premiums"}),
    Mutant("the premium as if seat 0 always declared",
           {"seat, kind = premium": "_, kind = premium\n        seat = 0"}, {"premiums"}),
]
