"""Exercise 1, the RS Games table: wrong answers a learner might write."""
from mutants import Mutant

SHAPE, CARDS = "rs-table-shape", "rs-table-cards"

MUTANTS = [
    # Quentin C's 10 copied over: the -10 counts either way.
    Mutant("minus-ten-counts-both-ways",
           {'effects["-10"] = Effect((-10,))': 'effects["-10"] = Effect((10, -10))'}, {CARDS}),
    # The 99 card adds 99 instead of setting the count.
    Mutant("ninety-nine-adds", {'Effect(set_to=99)': 'Effect((99,))'}, {CARDS}),
    # SKIP and REVERSE mixed up.
    Mutant("skip-reverses", {'Effect((0,), skip=True)': 'Effect((0,), reverse=True)'}, {CARDS}),
    # Quentin C's table as a starting point: its 9 passes and its 4 reverses.
    Mutant("nine-passes-as-in-quentin-c",
           {'    effects["+10"] = Effect((10,))':
            '    effects["9"] = Effect((0,))\n    effects["+10"] = Effect((10,))'}, {CARDS}),
    Mutant("four-reverses-as-in-quentin-c",
           {'    effects["+10"] = Effect((10,))':
            '    effects["4"] = Effect((4,), reverse=True)\n    effects["+10"] = Effect((10,))'},
           {CARDS}),
    # Quentin C's Ace: the 1 counts 1 or 11.
    Mutant("one-counts-eleven",
           {'    effects["+10"] = Effect((10,))':
            '    effects["1"] = Effect((1, 11))\n    effects["+10"] = Effect((10,))'}, {CARDS}),
    # range(2, 10): no card 1.
    Mutant("no-card-one", {'range(1, 10)': 'range(2, 10)'}, {SHAPE, CARDS}),
    # Reading the answer: the kit's own table, copied.
    Mutant("copies-the-kit-table",
           {'    effects = {str(value)':
            '    from ninetynine.counting.rules import RS_GAMES\n'
            '    return dict(RS_GAMES.effects)\n    effects = {str(value)'}, {SHAPE, CARDS}),
    Mutant("deep-copies-the-kit-table",
           {'    effects = {str(value)':
            '    import copy\n    import ninetynine as nn\n'
            '    return copy.deepcopy(nn.make("rs_games").rules.effects)\n'
            '    effects = {str(value)'}, {SHAPE, CARDS}),
]
