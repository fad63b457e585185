"""The registry (``ninetynine.protocol``): every game declares itself once, and a game of your own
joins with ``nn.register(game)``. The games of your own are notebook 19's Race to 31 and exercise
21's reference Fifteen, kept outside the package in ``tests/fixtures/own_games``."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ninetynine as nn
from ninetynine.bots import bots_for, get
from ninetynine.protocol import DECLARATIONS
from ninetynine.testing import check_game
from ninetynine.text import describe, narrate

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "own_games"))
import fifteen  # noqa: E402
import race31  # noqa: E402


@pytest.fixture
def registered():
    """Race to 31 and Fifteen registered for one test, then taken out of the registry again."""
    before = dict(DECLARATIONS)
    nn.register(race31.RACE)
    nn.register(fifteen.FifteenGame())
    yield
    DECLARATIONS.clear()
    DECLARATIONS.update(before)


def test_every_kit_game_and_rule_set_is_declared_once_with_its_front_ends():
    assert list(nn.GAMES) == ["quentin_c", "rs_games", "classic", "taiwanese", "tiny99", "board", "tricks",
                              "race"]
    for name, declared in nn.GAMES.items():
        game = nn.make(name)
        assert game.name == name and declared.title and game.players in declared.players
        # race is the template a contributor copies (under 250 lines): the random bot and sevens
        assert declared.bot_table() == bots_for(game) and len(bots_for(game)) >= (2 if name == "race" else 3)
        for options in declared.conformance:
            assert nn.make(name, **options).name == name


def test_a_game_of_your_own_joins_with_one_call(registered):
    game = nn.make("race31", target=40)
    assert type(game) is race31.Race and game.target == 40 and nn.make("race31") is race31.RACE
    state = race31.RACE.new_game(seed=3)
    state.play(state.legal_moves()[0])
    again = nn.load(state.to_json())
    assert again.to_json() == state.to_json()
    assert nn.declaration(race31.RACE).title == "Race to 31"
    assert list(bots_for(race31.RACE)) == ["random", "sevens"]
    assert list(bots_for("fifteen")) == ["random"]
    with pytest.raises(ValueError, match="no bot called 'expert' for this game"):
        get("expert", race31.RACE)
    assert check_game(nn.make("fifteen"), games=10) == []


def test_a_game_without_options_refuses_options_in_one_sentence(registered):
    with pytest.raises(ValueError, match="^fifteen takes no options: leave out target.$"):
        nn.make("fifteen", target=3)


def test_events_are_told_in_their_own_games_words_or_plainly(registered):
    race = race31.RACE.new_game(seed=3)
    assert narrate(race.play(race.legal_moves()[0]), you=0) == ["You play a 2: the total is 2.",
                                                                 "You draw a 2."]
    own = nn.make("fifteen").new_game(seed=1)
    assert describe(own.play(own.legal_moves()[0])[0]) == "Played: seat 0, card 4, total 4."


def test_an_unregistered_game_gets_the_random_bot_and_its_own_not_another_games():
    assert list(bots_for(fifteen.FifteenGame())) == ["random"]
    assert list(bots_for(race31.RACE)) == ["random", "sevens"]


def test_a_bad_registration_or_name_is_one_sentence():
    with pytest.raises(TypeError, match="has no name: see ninetynine.protocol"):
        nn.register(object())
    with pytest.raises(ValueError, match="There is no game called 'nope'"):
        nn.make("nope")


@pytest.mark.parametrize("name", ["quentin_c", "tricks", "board", "race"])
def test_two_errors_for_two_mistakes_text_that_is_no_move_and_a_move_not_allowed_here(name):
    state = nn.make(name).new_game(seed=5)
    with pytest.raises(nn.UnreadableMove):
        state.play("no such move")
    later = state.copy()
    while later.to_move == state.to_move or str(later.legal_moves()[0]) in map(str, state.legal_moves()):
        later.play(later.legal_moves()[-1])
    with pytest.raises(nn.IllegalMove) as refused:
        state.play(str(later.legal_moves()[0]))          # read, but not allowed in this position
    assert not isinstance(refused.value, nn.UnreadableMove)
