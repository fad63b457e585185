"""Exercise 20, a test that catches bugs: tests a learner might well write, each too weak or too
strict. A weak test passes on some broken engine; a strict one fails on the real engine, and so
fails every check (its failures there would mean nothing). The visible checks plant the bugs of
``ninetynine.counting.planted``, the hidden checks others: a test aimed at the visible ones alone
fails the hidden ones (``aims-at-the-visible-bugs``)."""
from mutants import Mutant

MOVE_CHECK = 'check_move(state, seat, move, events, tokens, f"game {seed}, move {moves} ({move})")'
COPY_CHECK = 'check_copy(state, f"game {seed}, before move {moves + 1}")'
VIEW_CHECK = 'check_views(state, f"game {seed}, at the end")'
COUNT = "        if not state.is_over:\n            assert 0 <= state.count <= 99"
EVERYTHING = {"real-engine", "count", "cards", "tokens", "turns", "copies-and-views"}
EVERY_BUG = EVERYTHING - {"real-engine"}

MUTANTS = [
    # weak tests: a broken engine gets through
    Mutant("asserts-nothing",             # plays the games and checks nothing at all
           {MOVE_CHECK: "pass", COPY_CHECK: "pass", VIEW_CHECK: "pass"},
           fails=EVERY_BUG),
    Mutant("checks-only-the-end",         # looks at each game once, when it is over
           {MOVE_CHECK: "pass",
            VIEW_CHECK: 'check_move(state, seat, move, events, tokens, f"game {seed}, at the end")'
                        "\n        " + VIEW_CHECK},
           fails={"count", "cards", "tokens", "turns"}),
    Mutant("count-only-after-a-round",    # looks at the count only when a round has just ended
           {COUNT: "        if not state.is_over and any(isinstance(e, RoundOver) for e in events):"
                   "\n            assert 0 <= state.count <= 99"},
           fails={"count"}),
    Mutant("plays-one-game", {"for seed in range(GAMES):": "for seed in range(1):"},
           fails={"tokens"}),
    Mutant("ignores-the-game",            # tests a game of its own instead of the one it is given
           {"state, mover = game.new_game(seed=seed), random.Random(seed)":
            'state, mover = nn.make("quentin_c", players=3).new_game(seed=seed), random.Random(seed)'},
           fails=EVERYTHING),             # and asks its three-player game for a view of seat 3
    Mutant("never-checks-copies", {COPY_CHECK: "pass"}, fails={"copies-and-views"}),
    Mutant("never-checks-turns",
           {"            assert (state.to_move == seat) == again, (": "            assert True, ("},
           fails={"turns"}),
    Mutant("conservation-with-sets",      # a card made twice is still only one card in a set
           {"assert everywhere == deck,": "assert set(everywhere) == set(deck),"},
           fails={"cards"}, visible=False),
    Mutant("no-hand-size-check",          # the visible engine with a bug in the cards keeps them all
           {"        assert all(len(hand) <= game.hand_size for hand in state.hands), (\n"
            '            f"{where}: a hand holds more than {game.hand_size} cards")\n': ""},
           fails={"cards"}),
    Mutant("tokens-not-copied",           # `tokens` is the state's own list: it never differs
           {"seat, tokens = state.to_move, list(state.tokens)": "seat, tokens = state.to_move, state.tokens"},
           fails={"tokens"}, visible=False),
    Mutant("never-checks-views", {VIEW_CHECK: "pass"},
           fails={"copies-and-views"}, visible=False),
    Mutant("copy-checked-by-its-hands",   # only the hands are compared after playing the copy
           {"saved = state.to_json()": "saved = [list(hand) for hand in state.hands]",
            "assert state.to_json() == saved,": "assert state.hands == saved,"},
           fails={"copies-and-views"}, visible=False),
    # A test aimed at the visible checks' five bugs (ninetynine.counting.planted) and no further:
    # the count only kept below 100, a hand's size but not the cards' sum, tokens only kept from
    # going below 0, the turn only after a 4, a copy judged by its deck, no views. It passes every
    # visible check; the hidden bugs, of the same kinds, get through in every one.
    Mutant("aims-at-the-visible-bugs",
           {"assert 0 <= state.count <= 99": "assert state.count <= 99",
            "assert everywhere == deck,": "assert everywhere == everywhere,",
            "0 <= now <= before for now, before in zip(state.tokens, tokens)": "0 <= now for now in state.tokens",
            "assert (state.to_move == seat) == again, (": 'assert move.card.rank != "4" or state.to_move != seat, (',
            "saved = state.to_json()": "saved = list(state.deck)",
            "assert state.to_json() == saved,": "assert state.deck == saved,",
            VIEW_CHECK: "pass"},
           fails=EVERY_BUG, visible=False),
    # strict tests: they fail on the real engine too
    Mutant("forgets-to-copy",             # plays "the copy" on the original itself
           {"twin, mover = state.copy(), random.Random(where)": "twin, mover = state, random.Random(where)"},
           fails=EVERYTHING),
    Mutant("count-checked-after-the-end",  # a game that ends with a bust ends above 99
           {COUNT: "        assert 0 <= state.count <= 99"},
           fails=EVERYTHING),
    Mutant("a-turn-always-passes",        # forgets that the Jack with two players left
           {"again = move.card.rank == \"J\" and state.in_round[seat] and sum(state.in_round) == 2":
            "again = False"},
           fails=EVERYTHING),
]
