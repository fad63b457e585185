"""Games of a learner's own in the OpenSpiel and PettingZoo adapters, registered from outside the
package: notebook 19's Race to 31 and exercise 21's Fifteen (``tests/fixtures/own_games``), and a
fifth rule set of the running-total games (notebook 11's Lucky Sevens).

The adapters know no game by name: they read each game's declaration. A game declared without an
encoding gets the generic one (``ninetynine.adapters.encoding.GenericEncoding``): its moves met
in seeded random games (or ``game.all_moves()``), the vector of its view's fields, worlds dealt
again from a copy of the real state. The external checks are the point: OpenSpiel's
``random_sim_test`` and PettingZoo's ``api_test`` and ``seed_test``, as the kit's games run them.
"""
from __future__ import annotations

import ast
import random
import sys
import warnings
from pathlib import Path

import pytest
from machine import module_or_skip

pyspiel = module_or_skip("pyspiel", "OpenSpiel is not installed: pip install "
                         "'ninetynine[ecosystem]' to run the adapters' tests.")
module_or_skip("pettingzoo", "PettingZoo is not installed: install the ecosystem extra.")
import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import ninetynine as nn  # noqa: E402
from ninetynine.adapters import encoding as adapter_encoding  # noqa: E402
from ninetynine.adapters import openspiel as nos  # noqa: E402
from ninetynine.adapters import pettingzoo  # noqa: E402
from ninetynine.counting import CountingGame  # noqa: E402
from ninetynine.counting.rules import QUENTIN_C, Effect  # noqa: E402
from ninetynine.protocol import DECLARATIONS  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "own_games"))
import fifteen  # noqa: E402
import race31  # noqa: E402

OWN = ("race31", "fifteen")
#: the two warnings api_test gives any environment whose observation is a dict with an action mask
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}

LUCKY_SEVENS = QUENTIN_C.variant(name="lucky_sevens", title="Lucky Sevens",
                                 effects={**QUENTIN_C.effects, "7": Effect((7, -7))})


@pytest.fixture
def registered():
    """Race to 31, Fifteen and Lucky Sevens registered for one test, then taken out again (OpenSpiel
    keeps its registrations, which is harmless: a game is made from the registry when loaded)."""
    before = dict(DECLARATIONS)
    nn.register(race31.RACE)
    nn.register(fifteen.FifteenGame())
    nn.register(CountingGame(LUCKY_SEVENS))
    nos.register()
    yield
    DECLARATIONS.clear()
    DECLARATIONS.update(before)


def load(name, options=None):
    return pyspiel.load_game(nos.PREFIX + name, options or {})


def test_register_registers_every_declared_game_and_again_when_called_again(registered):
    names = nos.register()
    assert names == [nos.PREFIX + name for name in DECLARATIONS]
    assert {nos.PREFIX + name for name in (*OWN, "lucky_sevens")} <= set(names)
    known = {info.short_name: info for info in pyspiel.registered_games()}
    race = known[nos.PREFIX + "race31"]
    assert (race.min_num_players, race.max_num_players) == (2, 2)
    assert race.long_name == "Ninety-Nine kit: Race to 31"
    sevens = known[nos.PREFIX + "lucky_sevens"]
    assert (sevens.min_num_players, sevens.max_num_players) == (min(nn.declaration("lucky_sevens").players),
                                                                max(nn.declaration("lucky_sevens").players))
    assert load("race31").get_parameters() == {"target": 31, "hand_size": 4, "rng_seed": 0,
                                               "max_moves": nos.DEFAULT_MAX_MOVES}
    assert set(load("fifteen").get_parameters()) == {"rng_seed", "max_moves"}


@pytest.mark.parametrize("name", OWN)
def test_openspiel_random_simulation_test_of_a_game_of_your_own(registered, name):
    # serialize=False as for the kit's games (test_openspiel.py says why)
    pyspiel.random_sim_test(load(name), num_sims=5, serialize=False, verbose=False)
    pyspiel.random_sim_test(load("race31", {"target": 20, "hand_size": 3}), num_sims=2,
                            serialize=False, verbose=False)


def test_a_fifth_rule_set_is_registered_by_the_openspiel_adapter_and_plays(registered):
    game = load("lucky_sevens", {"players": 3, "tokens": 2})
    assert game.kit_game.rules is LUCKY_SEVENS and game.num_players() == 3
    assert type(game.encoding).__name__ == "CountingEncoding"
    seven = [move for move in game.encoding.moves if str(move).startswith("7")]
    assert len(seven) == 2 * 4                                # each 7 as +7 and as -7
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo.env("lucky_sevens", render_mode="ansi", tokens=2), num_cycles=300)


@pytest.mark.parametrize("name", OWN)
def test_pettingzoos_api_test_and_seed_test_pass_on_a_game_of_your_own(registered, name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo.env(name, render_mode="ansi"), num_cycles=1000)
        seed_test(lambda: pettingzoo.env(name), num_cycles=500)
    assert {str(warning.message) for warning in caught} - DICT_OBSERVATION_WARNINGS == set()


@pytest.mark.parametrize("name", OWN)
def test_states_clone_serialize_and_resample_without_a_game_or_rng_attribute(registered, name):
    """Fifteen's states have no ``game`` and no ``rng``, and its save no "game" field: a state
    still prints, serializes through the game's own save, and resamples worlds that its player
    cannot tell from the real one, the hidden places dealt again."""
    game = load(name)
    sampler = pyspiel.UniformProbabilitySampler(0, 0., 1.)
    rng, changed = random.Random(1), 0
    state = game.new_initial_state()
    while not state.is_terminal():
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state) == str(state.clone())
        for player in range(game.num_players()):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.current_player() == state.current_player()
            hidden = [sorted(items) for items in state.kit.hidden_from(player).values()]
            again = [sorted(items) for items in world.kit.hidden_from(player).values()]
            assert sorted(sum(hidden, [])) == sorted(sum(again, []))
            changed += hidden != again
        state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 0 and sum(state.returns()) == pytest.approx(0)


def test_openspiel_ismcts_plays_a_game_of_your_own_against_random_moves(registered):
    game = load("race31")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0,
                           max_simulations=10, random_state=np.random.RandomState(0))
    state, rng, legal = game.new_initial_state(), random.Random(0), []
    while not state.is_terminal():                # ISMCTS in seat 0, random moves in seat 1
        choices = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else rng.choice(choices)
        legal.append(action in choices)
        state.apply_action(action)
    assert all(legal) and sorted(state.returns()) == [-1.0, 1.0]


def test_the_generic_encoding_lists_moves_and_observes_the_view(registered):
    race = pettingzoo.encoding_for(race31.RACE)
    assert [str(move) for move in race.moves] == ["1", "2", "3", "4", "5", "6"]
    assert race.action("4") == 3 and race.move(3) == race31.Play(4)
    state = race31.RACE.new_game(seed=2)
    view = state.view(0)
    parts = race.decode(race.observe(view))
    assert list(parts["hand"]) == [view.hand.count(card) for card in range(1, 7)]
    assert parts["total"][0] == 0 and list(parts["hand_sizes"]) == [4, 4]
    other = state.copy()
    other.hands[1], other.deck[0] = [other.deck[0]] + other.hands[1][1:], other.hands[1][0]
    assert np.array_equal(race.observe(other.view(0)), race.observe(view))   # hidden: not seen

    env = pettingzoo.env("race31", render_mode="ansi")
    env.reset(seed=2)
    env.render()
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    said = env.render().splitlines()
    assert said[0].startswith("Seat 0 plays a ") and said[1] == "Seat 0 draws a card."


def test_all_moves_gives_the_action_list_and_a_move_never_met_is_refused_in_one_sentence(registered):
    class Listed(race31.Race):
        def all_moves(self):
            return [race31.Play(card) for card in range(6, 0, -1)]

    listed = adapter_encoding.encoding_of(Listed())
    assert [str(move) for move in listed.moves] == ["6", "5", "4", "3", "2", "1"]
    learnt = adapter_encoding.encoding_of(race31.RACE)
    with pytest.raises(ValueError, match=r"^7 is not a move the adapters know for race31: it never "
                                         r"came up in the 200 random games .* all_moves\(\)"):
        learnt.action_of(race31.Play(7))


def test_the_adapters_name_no_game():
    """No game's name, and no game's module, in the adapters' code (docstrings aside)."""
    names = set(nn.GAMES) | {"race31", "fifteen", "counting"}
    for path in Path(nos.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings:
                assert node.value not in names, f"{path.name} names the game {node.value!r}"
                assert not node.value.startswith("ninetynine."), f"{path.name}: {node.value!r}"
            if isinstance(node, ast.ImportFrom) and node.level:
                assert node.module in (None, "core", "protocol", "text", "grammar", "encoding"), \
                    f"{path.name} imports from a game's package: {node.module}"
