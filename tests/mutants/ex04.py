"""Exercise 4, Quentin C's penalties: wrong answers a learner might write."""
from mutants import Mutant

EXAMPLES, ALL_PLAYS = "penalty-examples", "penalty-all-plays"

MUTANTS = [
    # Reaching 99 taken for going over it.
    Mutant("bust-at-ninety-nine", {"if new > 99:": "if new >= 99:"}, {ALL_PLAYS}),
    # 99 charged before asking whether the count went up: a 9 played at 99 scores.
    Mutant("ninety-nine-without-a-rise",
           {"    if new <= old:\n        return ()\n    if new == 99:\n"
            "        return (Penalty(\"others\", 2, \"ninety_nine\", True),)\n":
            "    if new == 99:\n        return (Penalty(\"others\", 2, \"ninety_nine\", True),)\n"
            "    if new <= old:\n        return ()\n"}, {ALL_PLAYS}),
    # Milestones charged on the way down too.
    Mutant("milestones-on-the-way-down", {"    if new <= old:\n        return ()\n": ""},
           {EXAMPLES, ALL_PLAYS}),
    # Starting on a milestone and going up taken for passing it.
    Mutant("passing-from-the-milestone", {"old < milestone < new": "old <= milestone < new"},
           {ALL_PLAYS}),
    # Landing taken for passing: the milestone reached counts as passed.
    Mutant("landing-is-passing", {"old < milestone < new": "old < milestone <= new",
                                  "if new == milestone:": "if new == milestone and False:"},
           {EXAMPLES, ALL_PLAYS}),
    # 99 costs the others their tokens but the round goes on.
    Mutant("ninety-nine-round-goes-on",
           {'Penalty("others", 2, "ninety_nine", True)': 'Penalty("others", 2, "ninety_nine", False)'},
           {ALL_PLAYS}),
    # Only 33 is a milestone.
    Mutant("forgets-sixty-six", {"for milestone in (33, 66):": "for milestone in (33,):"},
           {ALL_PLAYS}),
    # The milestones looked at first: a play over 99 that passes 66 is charged for passing.
    Mutant("milestones-before-the-bust",
           {"    if new > 99:\n        return (Penalty(\"player\", 2, \"bust\", True),)\n": "",
            "    if new <= old:\n        return ()\n": "    if new <= old:\n        return ()\n"
            "    for milestone in (33, 66):\n        if old < milestone < new:\n"
            "            return (Penalty(\"player\", 1, \"passing\", False),)\n"
            "    if new > 99:\n        return (Penalty(\"player\", 2, \"bust\", True),)\n"},
           {ALL_PLAYS}),
    # The kit's answer, reached through the rule set (the old check only looked for the name).
    Mutant("asks-the-rule-set",
           {"    if new > 99:\n        return (Penalty(\"player\", 2, \"bust\", True),)\n":
            "    from ninetynine.counting.rules import QUENTIN_C\n"
            "    return QUENTIN_C.penalties(old, new)\n"}, {EXAMPLES, ALL_PLAYS}),
    # The kit's answers worked out once, when the notebook runs, and looked up.
    Mutant("table-of-the-kit-answers",
           {"def penalties(old: int, new: int) -> tuple:":
            "from ninetynine.counting.rules import quentin_c_penalties as _rules\n"
            "_TABLE = {(o, n): _rules(o, n) for o in range(100) for n in range(200)}\n\n\n"
            "def penalties(old: int, new: int) -> tuple:\n    return _TABLE[old, new]"},
           {EXAMPLES, ALL_PLAYS}),
]
