"""Exercise 19 (the UCB1 selection step): plausible wrong answers."""
from . import Mutant

FORMULA = "return total / visits + c * math.sqrt(math.log(parent) / visits)"
UNVISITED = ("    for index, tried in enumerate(visits):\n        if tried == 0:\n"
             "            return index\n")
PARENT = "parent = sum(visits)"
BETTER = "if best_score is None or score > best_score:"
SCORE = "score = ucb1(total, tried, parent, c)"

MUTANTS = [
    Mutant("the log of the child's visits", {FORMULA: FORMULA.replace("log(parent)", "log(visits)")},
           {"ucb1-score"}),
    Mutant("no square root", {FORMULA: "return total / visits + c * (math.log(parent) / visits)"},
           {"ucb1-score"}),
    Mutant("divides by the parent's visits",
           {FORMULA: "return total / visits + c * math.sqrt(math.log(parent) / parent)"}, {"ucb1-score"}),
    Mutant("c inside the square root",
           {FORMULA: "return total / visits + math.sqrt(c * math.log(parent) / visits)"}, {"ucb1-score"}),
    Mutant("the base-10 logarithm", {FORMULA: FORMULA.replace("math.log(", "math.log10(")}, {"ucb1-score"}),
    Mutant("the average alone", {FORMULA: "return total / visits"}, {"ucb1-score"}),
    Mutant("the kit's ucb1", {FORMULA: "from ninetynine.counting.bots import ucb1 as kit_ucb1\n"
                                       "    return kit_ucb1(total, visits, parent, c)"}, {"ucb1-score"}),
    Mutant("an unvisited child scores 0 instead of coming first",
           {UNVISITED: "", SCORE: "score = ucb1(total, tried, parent, c) if tried else 0.0"},
           {"choose-child"}),
    Mutant("the last unvisited child first",
           {UNVISITED: "    unvisited = [i for i, tried in enumerate(visits) if tried == 0]\n"
                       "    if unvisited:\n        return unvisited[-1]\n"}, {"choose-child"}),
    Mutant("the largest visit count as the parent", {PARENT: "parent = max(visits)"}, {"choose-child"}),
    Mutant("the number of children as the parent", {PARENT: "parent = max(2, len(visits))"},
           {"choose-child"}),
    Mutant("ties go to the last child", {BETTER: "if best_score is None or score >= best_score:"},
           {"choose-child"}),
    Mutant("choose maximises the average only", {SCORE: "score = total / tried"}, {"choose-child"}),
    Mutant("the parent counted once more", {PARENT: "parent = sum(visits) + 1"}, {"choose-child"},
           visible=False),
    # A best score that starts at 0: with every score negative, child 0 stays chosen.
    Mutant("the best score starts at zero", {"best, best_score = 0, None": "best, best_score = 0, 0.0",
                                             BETTER: "if score > best_score:"}, {"choose-child"},
           visible=False),
]
