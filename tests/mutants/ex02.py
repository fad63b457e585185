"""Exercise 2, the house variant "Nine to Ninety-Nine": wrong answers a learner might write."""
from mutants import Mutant

CARDS, PENALTIES = "house-cards", "house-penalties"

MUTANTS = [
    # "A 9 sets the count to 99" read as "adds 99".
    Mutant("nine-adds-ninety-nine",
           {'effects["9"] = Effect(set_to=99)': 'effects["9"] = Effect((99,))'}, {CARDS}),
    # "A King counts 0" read as "sets the count to 0".
    Mutant("king-sets-zero", {'effects["K"] = Effect((0,))': 'effects["K"] = Effect(set_to=0)'},
           {CARDS}),
    # The 3 counts 3 but forgets the skip.
    Mutant("three-does-not-skip",
           {'effects["3"] = Effect((3,), skip=True)': 'effects["3"] = Effect((3,))'}, {CARDS}),
    # The skip moved to the 3, taken away from the Jack.
    Mutant("jack-loses-its-skip",
           {'    effects["K"] = Effect((0,))':
            '    effects["K"] = Effect((0,))\n    effects["J"] = Effect((10,))'}, {CARDS}),
    # Title and name swapped.
    Mutant("name-is-the-title",
           {'name="nine_to_ninety_nine", title="Nine to Ninety-Nine"':
            'name="Nine to Ninety-Nine", title="nine_to_ninety_nine"'}, {CARDS}),
    # Quentin C's penalties kept: the milestones still cost.
    Mutant("quentin-c-penalties-kept", {'penalties=bust_costs_one': 'penalties=QUENTIN_C.penalties'},
           {PENALTIES}),
    # Only Quentin C's bust kept: it costs two tokens.
    Mutant("bust-costs-two",
           {'penalties=bust_costs_one':
            'penalties=lambda old, new: tuple(p for p in QUENTIN_C.penalties(old, new) '
            'if p.reason == "bust")'}, {PENALTIES}),
    # Reaching 99 taken for going over it.
    Mutant("bust-at-ninety-nine",
           {'penalties=bust_costs_one': 'penalties=lambda old, new: bust_costs_one(old, new + 1)'},
           {PENALTIES}),
    # "Going over 99 costs one token" read as "you may not go over 99 when you can help it".
    Mutant("no-going-over-when-avoidable",
           {'effects=effects, penalties=bust_costs_one':
            'effects=effects, penalties=bust_costs_one, unsafe_plays="if_no_safe_card"'},
           {PENALTIES}, visible=False),
]
