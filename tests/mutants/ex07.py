"""Exercise 7, the 31 / 97 trap: wrong answers a learner might write."""
from mutants import Mutant

TRAPS, PENALTIES = "sets-traps", "avoids-penalties"
TRAP_LINE = "    traps = [m for m in view.legal_moves if count_after(view, m) in (31, 97)]\n"
RULE_TWO = "    return min(view.legal_moves, key=lambda move: my_cost(view, move))"

MUTANTS = [
    # Only the 31.
    Mutant("forgets-ninety-seven", {"count_after(view, m) in (31, 97)": "count_after(view, m) == 31"},
           {TRAPS}),
    # "Leaves the count on 31" read as "moves the count to 31": the 9 played on 31 is missed.
    Mutant("a-nine-is-no-trap",
           {"count_after(view, m) in (31, 97)":
            "count_after(view, m) in (31, 97) and count_after(view, m) != view.count"}, {TRAPS}),
    # The Jack skips the other player, so it is left out (the statement counts it).
    Mutant("a-jack-is-no-trap",
           {"count_after(view, m) in (31, 97)":
            "count_after(view, m) in (31, 97) and m.card.rank != 'J'"}, {TRAPS}),
    # The count worked out by hand as count + value: the 2 "adds" its 0, so it never halves 62
    # to 31, and at 31 it looks like a trap (it doubles to 62 and passes 33: a penalty too).
    Mutant("two-never-halves",
           {TRAP_LINE:
            "    def by_hand(m):\n"
            "        effect = view.rules.effect(m.card, view.players)\n"
            "        return view.count + (m.amount if m.amount is not None else effect.amounts[0])\n"
            "    traps = [m for m in view.legal_moves if by_hand(m) in (31, 97)]\n"}, {TRAPS, PENALTIES}),
    # Each card tried for its first value only: the Ace as 11 and the 10 as -10 are missed.
    Mutant("first-value-of-each-card",
           {TRAP_LINE:
            "    for card in view.hand:\n"
            "        effect = view.rules.effect(card, view.players)\n"
            "        if effect.apply(view.count, effect.amounts[0]) in (31, 97):\n"
            "            return next(m for m in view.legal_moves if m.card == card)\n"
            "    traps = []\n"}, {TRAPS}),
    # Rule 2 as "never go over 99": passing 33 or 66 is paid when it could be avoided.
    Mutant("avoids-going-over-only",
           {RULE_TWO: "    return min(view.legal_moves, key=lambda move: count_after(view, move) > 99)"},
           {PENALTIES}),
    # Rule 2 card by card, each card played its first way: a 10 that is free only as -10 is
    # passed over when a choice card comes before the safe card.
    Mutant("first-way-of-each-card-for-penalties",
           {RULE_TWO:
            "    for card in view.hand:\n"
            "        move = next(m for m in view.legal_moves if m.card == card)\n"
            "        if my_cost(view, move) == 0:\n"
            "            return move\n"
            "    return view.legal_moves[0]"}, {PENALTIES}),
    # Rule 2 as "make the other player pay": its own penalties are forgotten.
    Mutant("makes-them-pay-instead",
           {RULE_TWO:
            "    def theirs(move):\n"
            "        return sum(p.tokens for p in view.rules.penalties(view.count, count_after(view, move))\n"
            "                   if p.who == 'others')\n"
            "    return max(view.legal_moves, key=theirs)"}, {PENALTIES}),
    # The visible checks' positions answered one by one; rule 1 otherwise forgotten.
    Mutant("answers-for-the-visible-positions",
           {TRAP_LINE:
            "    answers = {(21, '10H 5C 2D'): '10H +10', (87, 'QS 3C 4D'): 'QS', (30, 'AS 8C 8D'): 'AS +1',\n"
            "               (86, 'AH 7C 7D'): 'AH +11', (21, '5C 2D 10H'): '10H +10',\n"
            "               (41, '5C 10S 8D'): '10S -10', (20, '5C 8D AS'): 'AS +11', (96, '7C AS 8D'): 'AS +1',\n"
            "               (62, '3S 5D 2C'): '2C', (31, 'AH 5D 9C'): '9C', (97, 'AH 10D 9C'): '9C',\n"
            "               (21, '5C JS 2D'): 'JS'}\n"
            "    seen = (view.count, ' '.join(map(str, view.hand)))\n"
            "    if seen in answers:\n"
            "        return view.parse_move(answers[seen])\n"
            "    traps = []\n"}, {TRAPS}, visible=False),
]
