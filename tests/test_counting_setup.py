"""Options, positions and saved games: impossible ones are refused with one clear sentence,
legal odd ones are accepted."""
import json

import pytest

import ninetynine as nn
from ninetynine.cards import parse_card
from ninetynine.counting.game import CountingGame
from ninetynine.counting.rules import RULE_SETS


def one_sentence(message):
    return message.endswith(".") and "\n" not in message


# --- options -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, options, part", [
    ("quentin_c", {"players": 1}, "from 2 to 6"), ("quentin_c", {"players": 7}, "from 2 to 6"),
    ("classic", {"players": 14}, "from 2 to 13"), ("taiwanese", {"players": 6}, "from 2 to 5"),
    ("quentin_c", {"tokens": 0}, "from 1 to 50"), ("quentin_c", {"tokens": True}, "tokens"),
    ("quentin_c", {"hand_size": 14}, "from 1 to 13"), ("taiwanese", {"hand_size": 11}, "1 to 10"),
    ("classic", {"players": 13, "hand_size": 5}, "deck has only 52"),
    ("quentin_c", {"starter": "draw"}, "rotate, first, random, loser"),
    ("quentin_c", {"auto_draw": "yes"}, "True or False"),
    ("taiwanese", {"tokens": 3}, "points, not tokens"), ("taiwanese", {"rounds": 0}, "1 to 100"),
    ("taiwanese", {"auto_draw": False}, "always draw automatically"), ("quentin_c", {"colour": 1}, "colour"),
])
def test_bad_options_are_refused(name, options, part):
    with pytest.raises((ValueError, TypeError)) as error:
        nn.make(name, **options)
    assert part in str(error.value)


def test_unknown_game_is_refused():
    with pytest.raises(ValueError, match="no game called 'poker'"):
        nn.make("poker")


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_player_count_and_starter_can_start(name):
    rules = RULE_SETS[name]
    for players in rules.players:
        for starter in rules.starters:
            state = nn.make(name, players=players, starter=starter).new_game(seed=players)
            assert state.legal_moves() and state.round == 1


# --- positions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("setup, part", [
    ({"hands": ["6C 6C", "", ""]}, "2 of the 6 of Clubs"),
    ({"hands": ["6C", "7C", ""], "discard": "6C"}, "2 of the 6 of Clubs"),
    ({"hands": ["6C 7C 8C 9C", "", ""]}, "more than the hand size of 3"),
    ({"hands": ["6C", "7C"]}, "one hand for each of the 3 seats"),
    ({"count": 100}, "from 0 to 99"), ({"count": -1}, "from 0 to 99"), ({"count": "5"}, "'5'"),
    ({"direction": 2}, "direction must be 1"),
    ({"tokens": [9, 0, 9], "to_move": 1, "hands": ["6C", "", "7C"]}, "Seat 1 is out"),
    ({"tokens": [9, 0, 9], "hands": ["6C", "7C", "8C"]}, "no tokens left"),
    ({"tokens": [9, 0, 0], "hands": ["6C", "", ""]}, "at least two seats with tokens"),
    ({"tokens": [9, -1, 9]}, "from 0 to 9"), ({"tokens": [9, 9]}, "each of the 3 seats"),
    ({"to_move": 3}, "from 0 to 2"), ({"to_move": None}, "the game is not over"),
    ({"hands": ["XX", "", ""]}, "'X' is not one of"),
    ({"round": 0}, "round must be"),
])
def test_impossible_positions_are_refused(setup, part):
    setup.setdefault("hands", ["6C", "7C", "8C"])
    with pytest.raises(ValueError) as error:
        nn.make("quentin_c", players=3).setup(**setup)
    assert part in str(error.value) and one_sentence(str(error.value))


@pytest.mark.parametrize("setup, part", [
    ({"round_points": [1, None, None], "hands": ["6C", "7C", "8C"]}, "cannot hold cards"),
    ({"round_points": [None, None, None], "hands": ["6C", "", "8C"]}, "give its points"),
    ({"round_points": [1, 1, None], "hands": ["", "", "8C"]}, "different whole numbers"),
    ({"round_points": [1, 2, None], "hands": ["", "", "8C"], "to_move": 2}, "at least two seats"),
    ({"tokens": [1, 1, 1]}, "no tokens"), ({"round": 6}, "at most 5"),
])
def test_impossible_taiwanese_positions_are_refused(setup, part):
    setup.setdefault("hands", ["6C", "7C", "8C"])
    with pytest.raises(ValueError) as error:
        nn.make("taiwanese", players=3).setup(**setup)
    assert part in str(error.value)


def test_legal_odd_positions_are_accepted():
    game = nn.make("quentin_c", players=4)
    state = game.setup(count=50, hands=["6C", "", "7D", "8D 9D"], tokens=[1, 0, 9, 2], deck="",
                       discard="", to_move=3, direction=-1)
    assert state.to_move == 3 and state.legal_moves() and state.deck == []
    state.play("8D")
    assert state.to_move == 2      # seat 1 has no tokens: it is passed over
    small = nn.make("rs_games", players=2, hand_size=5).setup(hands=["1", "2"], deck="3 4")
    assert len(small.hands[0]) == 1 and len(small.deck) == 2
    unseen = nn.make("classic", players=3).setup(hands=["6C", "7C", "8C"])
    assert len(unseen.deck) == 49 and unseen.history == []


def test_setup_with_an_unseeded_deck_uses_the_seed():
    game = nn.make("quentin_c", players=2)
    one = game.setup(hands=["6C", "7C"], seed=4)
    two = game.setup(hands=["6C", "7C"], seed=4)
    assert one.deck == two.deck != game.setup(hands=["6C", "7C"], seed=5).deck


# --- saved games -------------------------------------------------------------------------------

def saved(name="quentin_c", players=3, plays=10, **options):
    state = nn.make(name, players=players, **options).new_game(seed=2)
    for _ in range(plays):
        state.play(state.legal_moves()[0])
    return state, json.loads(state.to_json())


@pytest.mark.parametrize("name", RULE_SETS)
def test_saves_round_trip_at_the_start_in_the_middle_and_at_the_end(name):
    state = nn.make(name, players=3).new_game(seed=9)
    for step in range(100_000):
        if step % 40 == 0 or state.is_over:
            again = nn.load(state.to_json())
            assert again.to_json() == state.to_json() and again.history == state.history
            assert again.legal_moves() == state.legal_moves()
        if state.is_over:
            break
        state.play(state.legal_moves()[step % len(state.legal_moves())])
    assert state.is_over


def corrupt(data, **changes):
    data = dict(data)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("change, part", [
    (lambda d: corrupt(d, hands=[d["hands"][0] + " " + d["hands"][0].split()[0]] + d["hands"][1:]),
     "The saved game is impossible"),
    (lambda d: corrupt(d, tokens=[-1] + d["tokens"][1:]), "tokens of seat 0"),
    (lambda d: corrupt(d, game="snap"), "names no known game"),
    (lambda d: json.dumps(d)[:200], "not valid JSON"),
    (lambda d: corrupt(d, rng="nonsense"), "wrong kind"),
    (lambda d: corrupt(d, order=5), "order"),
    (lambda d: corrupt(d, order=[0, 0, 1]), "order"),
    (lambda d: corrupt(d, in_round=[True]), "in the round"),
    (lambda d: corrupt(d, eliminated_at=[None]), "eliminated_at"),
    (lambda d: corrupt(d, phase="draw", after_draw=None), "after_draw"),
    (lambda d: corrupt(d, phase="dance"), "phase"),
    (lambda d: corrupt(d, history=[{"type": "Dance"}]), "unknown type"),
    (lambda d: corrupt(d, history=[{"type": "TokensLost", "seat": 0}]), "has no 'tokens'"),
    (lambda d: corrupt(d, history=5), "wrong kind"),
    (lambda d: corrupt(d, hands="6C"), "one hand for each"),
    (lambda d: corrupt(d, plays=-3), "plays"),
    (lambda d: corrupt(d, starter=9), "starter"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "deck"}), "no 'deck' field"),
    (lambda d: "[1, 2]", "not a JSON object"),
])
def test_corrupt_saves_are_refused_with_a_clear_message(change, part):
    _, data = saved()
    with pytest.raises(nn.CorruptSave) as error:
        nn.load(change(data))
    assert part in str(error.value) and one_sentence(str(error.value))


def test_a_save_loads_only_into_its_own_game():
    state, data = saved()
    without_game = json.dumps({k: v for k, v in data.items() if k != "game"})
    for game in (nn.make("quentin_c", players=3), nn.make("tricks"), nn.make("board")):
        with pytest.raises(nn.CorruptSave, match="does not say which game") as error:
            game.from_json(without_game)
        assert one_sentence(str(error.value))
    with pytest.raises(nn.CorruptSave, match="'quentin_c', not 'tricks'"):
        nn.make("tricks").from_json(state.to_json())
    with pytest.raises(nn.CorruptSave, match="ninetynine.load"):
        nn.make("classic", players=3).from_json(state.to_json())
    with pytest.raises(nn.CorruptSave, match="options"):
        nn.make("quentin_c", players=4).from_json(state.to_json())


def test_a_save_in_the_draw_step_continues():
    state, _ = saved(plays=1, auto_draw=False)
    assert state.phase == "draw"
    again = nn.load(state.to_json())
    assert again.play("END") == state.play("END")


def test_games_of_one_rule_set_and_table_size_share_what_they_work_out():
    """A new game starts with the outcomes earlier games of the same rules and size worked out."""
    first, second = nn.make("quentin_c", players=3), nn.make("quentin_c", players=3)
    assert second.outcome_table is first.outcome_table and second.drawn is first.drawn
    first.new_game(seed=1).legal_moves()
    assert any(first.outcome_table.values()) and second.play_of(parse_card("AS"), 11) \
        is first.play_of(parse_card("AS"), 11)
    other_size = nn.make("quentin_c", players=2)
    assert other_size.outcome_table is not first.outcome_table
    assert len(other_size.drawn) == 2


def test_a_rule_set_changed_in_place_gets_games_that_play_by_the_change():
    """Effects are dictionaries a learner can change in place: a game made after the change
    plays by it, and one made before keeps the rules it was made with."""
    from ninetynine.counting.rules import QUENTIN_C, Effect
    mine = QUENTIN_C.variant(name="mine", effects=dict(QUENTIN_C.effects))
    before = CountingGame(mine, players=2)
    mine.effects["K"] = Effect((5,))
    after = CountingGame(mine, players=2)
    hands = ["KS 2C 3C", "4D 5D 6D"]
    assert after.setup(count=20, hands=hands, deck="").play("KS")[0].new == 25
    assert before.setup(count=20, hands=hands, deck="").play("KS")[0].new == 30   # a King: +10
