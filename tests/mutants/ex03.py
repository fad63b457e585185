"""Exercise 3, RS Games' "no safe card": wrong answers a learner might write."""
from mutants import Mutant

EXAMPLES, EVERYWHERE = "safe-examples", "safe-everywhere"
RULE = "effect.set_to == 99 or effect.apply(count, effect.amounts[0]) <= 99"

MUTANTS = [
    # Off by one at the threshold: a card that makes exactly 99 taken for unsafe.
    Mutant("ninety-nine-is-unsafe", {"<= 99": "< 99"}, {EXAMPLES, EVERYWHERE}),
    # Only the first card is looked at: the loop answers at once either way.
    Mutant("first-card-only", {"            return True\n    return False":
                               "            return True\n        return False\n    return False"},
           {EXAMPLES, EVERYWHERE}),
    # Every card must be safe, not one.
    Mutant("every-card-must-be-safe",
           {"        if " + RULE + ":\n            return True\n    return False":
            "        if not (" + RULE + "):\n            return False\n    return True"},
           {EXAMPLES, EVERYWHERE}),
    # A count below 0 taken for unsafe: the floor forgotten.
    Mutant("below-zero-is-unsafe",
           {"effect.apply(count, effect.amounts[0]) <= 99":
            "0 <= effect.apply(count, effect.amounts[0]) <= 99"}, {EVERYWHERE}),
    # The 99 card read as "+99".
    Mutant("ninety-nine-card-adds",
           {RULE: "count + (99 if effect.set_to == 99 else effect.amounts[0]) <= 99"},
           {EXAMPLES, EVERYWHERE}),
    # The answer of the last card wins: each card overwrites the one before.
    Mutant("last-card-decides",
           {"    for card in hand:\n": "    safe = False\n    for card in hand:\n",
            "            return True\n    return False":
            "            safe = True\n        else:\n            safe = False\n    return safe"},
           {EXAMPLES, EVERYWHERE}),
    # A rule of thumb instead of the rule: low counts are safe, and so are the cards that add nothing.
    Mutant("rule-of-thumb",
           {"    for card in hand:\n":
            "    return count <= 90 or any(str(card) in ('-10', 'PASS', 'REVERSE', 'SKIP', '99') "
            "for card in hand)\n    for card in hand:\n"}, {EVERYWHERE}),
    # A hand has three cards, doesn't it? (Hands of up to 13 are allowed.)
    Mutant("three-cards-at-most", {"for card in hand:": "for card in hand[:3]:"}, {EVERYWHERE},
           visible=False),
]
