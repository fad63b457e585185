"""The PettingZoo adapter (``ninetynine.adapters.pettingzoo``), judged by PettingZoo's own tests.

PettingZoo's ``api_test`` (the API, spaces, masks, rewards, the end of a game) and ``seed_test``
(the same seed, the same game) run on every game, some with options that change the action list
(manual drawing, the Taiwanese 5 with four players, trumps by results, teams on the board). Then
the adapter's own promises: a game played through the environment is the kit's game with the
same seed; every move has one action and back; an observation is built from the seat's view
alone; rendering speaks the kit's sentences and hides hidden cards; bad actions change nothing.
"""
from __future__ import annotations

import random
import warnings
from collections import Counter

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: install the ecosystem "
                    "extra (pip install -e '.[ecosystem]'; the dev extra includes it)")
import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import ninetynine as nn  # noqa: E402
from ninetynine.adapters import pettingzoo  # noqa: E402

GAMES = [
    ("quentin_c", {}),
    ("quentin_c", {"players": 4, "auto_draw": False}),
    ("rs_games", {}),
    ("classic", {"players": 5}),
    ("taiwanese", {"players": 4}),
    ("tricks", {}),
    ("tricks", {"trumps": "results", "deals": 2}),
    ("board", {}),
    ("board", {"players": 4}),
]
IDS = [name + "".join(f"-{key}={value}" for key, value in options.items()) for name, options in GAMES]

#: The two warnings api_test gives any environment whose observation is a dict with an action
#: mask, unless its name is on PettingZoo's list of its own classic games; any other warning fails.
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_pettingzoos_api_test_and_seed_test_pass(name, options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo.env(name, render_mode="ansi", **options), num_cycles=1000)
        seed_test(lambda: pettingzoo.env(name, **options), num_cycles=500)
    assert {str(warning.message) for warning in caught} - DICT_OBSERVATION_WARNINGS == set()


def play_through(name, options, seed):
    """Play a whole game through the environment with random legal actions, and alongside it
    the kit's own game with the same seed and moves; yield (env, kit state) after every step."""
    env = pettingzoo.env(name, render_mode="ansi", **options)
    env.reset(seed=seed)
    kit = nn.make(name, **options).new_game(seed=seed)
    rng = np.random.default_rng(seed)
    yield env, kit
    while not kit.is_over:
        observation, reward, terminated, truncated, _ = env.last()
        assert (reward, terminated, truncated) == (0, False, False)
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
        kit.play(env.unwrapped.encoding.move(action))
        yield env, kit


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_a_game_through_the_environment_is_the_kits_game(name, options):
    encoding = pettingzoo.encoding_for(nn.make(name, **options))
    for env, kit in play_through(name, options, seed=5):
        assert env.agent_selection == f"player_{kit.to_move}" or kit.is_over
        for seat, agent in enumerate(env.possible_agents):
            seen = env.observe(agent)
            view = kit.view(seat)
            assert np.array_equal(seen["observation"], encoding.observe(view))
            legal = sorted(encoding.action(move) for move in view.legal_moves)
            assert list(np.flatnonzero(seen["action_mask"])) == legal
            assert env.observation_space(agent).contains(seen)
    first = {standing.seat for standing in kit.standings() if standing.rank == 1}
    told = {}
    for agent in env.agent_iter():                # each agent is told the end, then leaves
        _, reward, terminated, _, _ = env.last()
        assert terminated
        told[agent] = reward
        env.step(None)
    assert env.agents == []
    expected = {f"player_{seat}": (0 if len(first) == kit.players else 1 if seat in first else -1)
                for seat in range(kit.players)}
    assert told == expected


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_every_move_has_one_action_and_back(name, options):
    game = nn.make(name, **options)
    encoding = pettingzoo.encoding_for(game)
    for action, move in enumerate(encoding.moves):
        assert encoding.action(move) == action
        assert encoding.move(np.int64(action)) == move
    state, rng = game.new_game(seed=3), random.Random(3)
    while not state.is_over:                      # every legal move met in a game is in the list
        for move in state.legal_moves():
            assert encoding.move(encoding.action(str(move))) == move
        state.play(rng.choice(state.legal_moves()))


def test_action_counts_are_documented():
    counts = {name: len(pettingzoo.encoding_for(nn.make(name, **options)).moves)
              for name, options in [("quentin_c", {}), ("classic", {}), ("tricks", {}), ("board", {})]}
    assert counts == {"quentin_c": 60, "classic": 56, "tricks": 7810, "board": 5151}
    assert pettingzoo.encoding_for(nn.make("quentin_c", auto_draw=False)).moves[-2:] == [
        nn.counting.DRAW, nn.counting.END]


def swap_hidden_card(state, seat):
    """Swap one card between two of the things ``seat`` may not see (two hands, or a hand and the
    deck); return the seat whose hand changed. The seat's view is the same before and after."""
    hidden = [(where, cards) for where, cards in state.hidden_from(seat).items() if cards]
    for (where, first), (_, second) in zip(hidden, hidden[1:]):
        for i, card in enumerate(second):
            if card != first[0]:
                first[0], second[i] = card, first[0]
                return int(where.split()[1][:-2])    # "seat 2's hand" -> 2
    raise AssertionError("no two hidden places with different cards")


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_an_observation_holds_only_what_the_view_shows(name, options):
    game = nn.make(name, **options)
    encoding = pettingzoo.encoding_for(game)
    state, rng = game.new_game(seed=11), random.Random(11)
    for _ in range(8):
        state.play(rng.choice(state.legal_moves()))
    seat = state.to_move
    before = {s: encoding.observe(state.view(s)) for s in range(game.players)}
    changed = swap_hidden_card(state, seat)
    state._legal = None                          # the cached legal moves belonged to the old hands
    assert np.array_equal(encoding.observe(state.view(seat)), before[seat])
    assert not np.array_equal(encoding.observe(state.view(changed)), before[changed])


@pytest.mark.parametrize(("name", "options"), [game for game in GAMES if game[0] not in ("tricks", "board")])
def test_a_counting_observation_decodes_to_its_view(name, options):
    game = nn.make(name, **options)
    encoding = pettingzoo.encoding_for(game)
    kinds = list(dict.fromkeys(game.rules.deck))
    state, rng = game.new_game(seed=2), random.Random(2)
    while not state.is_over:
        for seat in range(game.players):
            view = state.view(seat)
            parts = encoding.decode(encoding.observe(view))
            held = Counter(view.hand)
            assert list(parts["hand"]) == [held[card] for card in kinds]
            assert sum(parts["discard"]) == len(view.discard)
            assert parts["count"][0] == view.count and parts["deck size"][0] == view.deck_size
            score = view.points if game.rules.scoring == "places" else view.tokens
            assert list(parts["points" if game.rules.scoring == "places" else "tokens"]) == \
                score[seat:] + score[:seat]
            assert list(parts["to move"]).index(1) == (view.to_move - seat) % game.players
        state.play(rng.choice(state.legal_moves()))


def test_tricks_and_board_observations_decode_to_their_views():
    tricks = nn.make("tricks")
    encoding = pettingzoo.encoding_for(tricks)
    state, rng = tricks.new_game(seed=4), random.Random(4)
    for _ in range(12):                          # bids, offers and the first tricks
        state.play(rng.choice(state.legal_moves()))
    view = state.view(1)
    parts = encoding.decode(encoding.observe(view))
    deck = sorted(tricks_deck(tricks), key=nn.tricks.cards.sort_key)
    assert [deck[i] for i in np.flatnonzero(parts["hand"])] == view.hand
    assert [deck[i] for i in np.flatnonzero(parts["laid aside"])] == view.laid_aside
    assert list(parts["scores"]) == view.scores[1:] + view.scores[:1]

    board = nn.make("board", players=3)
    encoding = pettingzoo.encoding_for(board)
    state = board.setup(markers={52: 0, 37: 1, 4: 2}, hands=["0 37", "5", "99"], to_move=1)
    parts = encoding.decode(encoding.observe(state.view(1)))
    assert (parts["squares"][37], parts["squares"][4], parts["squares"][52]) == (1, 2, 3)
    assert list(np.flatnonzero(parts["hand"])) == [5]
    assert list(parts["hand sizes"]) == [1, 1, 2]


def tricks_deck(game):
    from ninetynine.tricks.state import deck_of
    return deck_of(game)


def test_render_speaks_the_kits_sentences_and_keeps_hidden_cards_hidden():
    env = pettingzoo.env("quentin_c", players=2, render_mode="ansi")
    env.reset(seed=7)
    first = env.render()
    assert first.splitlines() == ["Round 1 begins: each player is dealt 3 cards. Seat 0 plays first.",
                                  "Round 1. The count is 0. It is Seat 0's turn; play goes in seat order."]
    observation, *_ = env.last()
    action = int(np.flatnonzero(observation["action_mask"])[0])
    move = env.unwrapped.encoding.move(action)
    env.step(action)
    said = env.render().splitlines()
    assert said[0].startswith(f"Seat 0 plays the {move.card.name}.")
    assert "Seat 0 draws a card." in said                # never which card
    assert said[-1].startswith("Round 1. The count is")
    assert env.render() == "Round 1. The count is " + said[-1].split("The count is ")[1]

    tricks = pettingzoo.env("tricks", render_mode="ansi")
    tricks.reset(seed=1)
    assert tricks.render().splitlines()[-1] == "Deal 1 of 9: Seat 0 is to lay aside three cards."
    observation, *_ = tricks.last()
    tricks.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert tricks.render().splitlines()[0] == "Seat 0 lays three cards aside face down."

    with pytest.raises(ValueError, match="render_mode='ansi'"):
        pettingzoo.env("board").render()
    with pytest.raises(ValueError, match="render_mode must be 'ansi'"):
        pettingzoo.env("board", render_mode="human")


def test_a_bad_action_is_refused_in_one_sentence_and_changes_nothing():
    env = pettingzoo.env("quentin_c", players=2)
    env.reset(seed=7)
    before = env.observe("player_0")
    moves_before = len(env.unwrapped.game_state.history)
    legal = np.flatnonzero(before["action_mask"])
    illegal = next(a for a in range(len(before["action_mask"])) if a not in legal)
    named = env.unwrapped.encoding.move_words(env.unwrapped.encoding.move(illegal))
    with pytest.raises(ValueError) as refused:
        env.step(illegal)
    allowed = ", ".join(str(action) for action in legal)
    assert str(refused.value) == (f"Action {illegal} ({named}) is not legal for player_0 now: "
                                  f"choose one of the actions {allowed}.")
    assert named.startswith("the ") and " of " in named            # the card in words
    for bad in (60, -1, 2.5, "6C", True):
        with pytest.raises(ValueError, match="is not an action: actions are whole numbers from 0 to 59"):
            env.step(bad)
    assert len(env.unwrapped.game_state.history) == moves_before
    assert np.array_equal(env.observe("player_0")["observation"], before["observation"])
    tricks = pettingzoo.env("tricks")
    tricks.reset(seed=1)
    with pytest.raises(ValueError, match=r"^Action 7809 \(the Joker\) is not legal for player_0 now: "
                                         r"choose one of the 220 actions its action mask marks with 1"):
        tricks.step(7809)
    with pytest.raises(ValueError, match="is not a move of this game"):
        env.unwrapped.encoding.action(nn.tricks.moves.PASS)
    with pytest.raises(ValueError, match="There is no game called 'chess'"):
        pettingzoo.env("chess")
