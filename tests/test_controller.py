"""The table's logic, tested through simulated clicks (no widgets, no browser).

Every test clicks as a player would (a card, a choice, Draw, End turn, Step, Run, New game,
settings) and checks the game against the engine: what the click did, that the bots answered,
and that a refused click says one sentence and changes nothing.
"""
from __future__ import annotations

import random

import pytest

import ninetynine as nn
from ninetynine.counting import events as ev
from ninetynine.counting.controller import TableController

#: every registered game that the running-total table plays (every rule set)
RULE_SETS = [name for name, declared in nn.GAMES.items() if declared.table == "ninetynine.counting.table:Table"]


def short_game(rules: str, players: int = 3, **options):
    """A game that ends quickly: few tokens (or one round of the Taiwanese match)."""
    if nn.make(rules).rules.scoring == "places":
        return nn.make(rules, players=players, rounds=1, **options)
    return nn.make(rules, players=players, tokens=2, **options)


def one_sentence(text: str) -> bool:
    return text.endswith(".") and ". " not in text and not text[:1].islower()


def snapshot(table: TableController) -> str:
    return table.state.to_json()


def assert_refused(table: TableController, click, *args) -> None:
    """The click is refused with one sentence and the game is exactly as before."""
    before = snapshot(table)
    assert click(*args) is False
    assert one_sentence(table.message), table.message
    assert table.latest == [table.message]
    assert snapshot(table) == before


def click_through(table: TableController, rng: random.Random, max_clicks: int = 5000) -> int:
    """Play to the end of the game by clicking random cards and choices; return the clicks made.

    After every accepted click the bots must have answered: it is your turn or the game is over.
    """
    clicks = 0
    while not table.is_over:
        assert clicks < max_clicks, "the game did not end"
        clicks += 1
        if table.paused:                       # a round ended: read its summary, go on
            assert table.summary.kind == "round" and table.summary.lines
            assert table.hand_buttons() == [] and table.summary.button == "Next round"
            heading = table.summary.heading
            assert table.next_round() is True
            assert not table.paused or table.summary.heading != heading   # or the next one ended
        elif table.drawing:
            assert (table.draw() if rng.random() < 0.5 else table.end_turn()) is True
        elif table.choice_buttons():
            choice = rng.choice(table.choice_buttons())
            assert table.choose(choice.move) is True
        else:
            button = rng.choice(table.hand_buttons())
            before = snapshot(table)
            if not table.click_card(button.card):
                assert snapshot(table) == before and one_sentence(table.message)
                continue
        assert table.is_over or table.paused or table.state.to_move == table.seat
        assert table.paused or table.count == table.state.count
        assert table.latest
    return clicks


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_by_clicks_in_every_rule_set(rules, players):
    table = TableController(short_game(rules, players), seat=1, bots="random", seed=players)
    clicks = click_through(table, random.Random(players))
    assert clicks > 0
    assert table.state.standings()
    assert "game is over" in table.status().lower()
    played = [e for e in table.state.history if type(e) is ev.CardPlayed]
    assert {e.seat for e in played} == set(range(players))
    assert table.lines and all(isinstance(line, str) and line for line in table.lines)


@pytest.mark.parametrize("rules", ["quentin_c", "rs_games", "classic"])
def test_manual_draw_has_a_second_step(rules):
    table = TableController(short_game(rules, 3, auto_draw=False), bots="random", seed=5)
    assert table.manual_draw
    hand = len(table.state.hands[0])
    assert_refused(table, table.draw)                     # Draw before playing a card
    card = next(b.card for b in table.hand_buttons() if len(table._legal_plays_of(b.card)) == 1)
    assert table.click_card(card) is True
    assert table.drawing and table.state.to_move == 0     # the bots wait for your second step
    assert len(table.state.hands[0]) == hand - 1
    assert_refused(table, table.click_card, table.hand_buttons()[0].card)
    assert table.draw() is True
    drawn = [e for e in table.state.history if type(e) is ev.CardDrawn and e.seat == 0]
    assert drawn, "Draw gave you a card"
    assert table.is_over or (table.state.to_move == 0 and not table.drawing)
    click_through(table, random.Random(5))


def test_end_turn_keeps_the_hand_short():
    game = nn.make("quentin_c", players=2, auto_draw=False)
    state = game.setup(count=10, hands=["6C 9D KH", "7C 7D 7H"])
    table = TableController(game, bots="random", state=state)
    table.click_card("9D")
    assert table.end_turn() is True
    assert ev.TurnEnded(0) in table.state.history
    assert "9D" not in [b.card for b in table.hand_buttons()]


def test_an_ace_offers_its_two_values_as_choices():
    game = nn.make("quentin_c", players=2)
    table = TableController(game, bots="random", state=game.setup(count=27, hands=["AS 9D KH", "7C 7D 7H"]))
    assert table.click_card("AS") is True
    choices = table.choice_buttons()
    assert sorted(c.move for c in choices) == ["AS +1", "AS +11"]
    assert all("Ace of Spades" in c.name for c in choices)
    assert table.count == 27 and table.state.to_move == 0   # nothing played yet
    assert table.choose("AS +11") is True
    assert ev.CardPlayed(0, nn.parse_card("AS"), 11, 27, 38) in table.state.history
    assert table.choice_buttons() == []


def test_a_forced_value_is_played_at_once():
    game = nn.make("quentin_c", players=2)
    state = game.setup(count=95, hands=["AS 10H KH", "7C 7D 7H"])
    table = TableController(game, bots="random", state=state)
    assert table.click_card("10H") is True                   # only -10 is allowed at 95
    assert ev.CardPlayed(0, nn.parse_card("10H"), -10, 95, 85) in table.state.history


def test_a_choice_of_another_card_is_refused():
    game = nn.make("quentin_c", players=2)
    table = TableController(game, bots="random", state=game.setup(count=27, hands=["AS 10D KH", "7C 7D 7H"]))
    assert_refused(table, table.choose, "AS +1")             # no card clicked yet
    table.click_card("10D")
    assert_refused(table, table.choose, "AS +1")             # the pending card is the 10


def test_the_taiwanese_five_names_the_next_player():
    game = nn.make("taiwanese", players=3)
    state = game.setup(count=40, hands=["5H 2C 3C 4C 6C", "7C 8C 9C 2D 3D", "7D 8D 9D 2H 3H"])
    table = TableController(game, bots="random", state=state)
    assert table.click_card("5H") is True
    choices = table.choice_buttons()
    assert sorted(c.move for c in choices) == ["5H >1", "5H >2"]
    assert any("Seat 2" in c.name for c in choices)
    assert table.choose("5H >2") is True
    history = table.state.history
    assert ev.NextPlayerChosen(0, 2) in history
    after = history[history.index(ev.NextPlayerChosen(0, 2)):]
    assert next(e for e in after if type(e) is ev.CardPlayed).seat == 2


def test_a_card_the_rules_forbid_is_refused_with_the_engine_reason():
    game = nn.make("classic", players=2)
    table = TableController(game, bots="random", state=game.setup(count=95, hands=["KH 2C", "7C 7D"]))
    assert_refused(table, table.click_card, "KH")
    assert "King of Hearts" in table.message
    assert table.click_card("2C") is True


def test_from_state_the_worked_example_lands_on_33():
    game = nn.make("quentin_c", players=3)
    state = game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H", "8C 8D 8H"])
    table = TableController(game, bots="random", state=state)
    assert [b.name for b in table.hand_buttons()] == ["6 of Clubs", "9 of Diamonds", "King of Hearts"]
    assert table.click_card("6C")
    history = table.state.history
    assert ev.TokensLost(1, 1, "landing", 0, 8) in history
    assert ev.TokensLost(2, 1, "landing", 0, 8) in history
    assert any("Seat 1" in line or "seat 1" in line for line in table.latest)


def test_bots_move_first_when_you_do_not_start():
    game = nn.make("quentin_c", players=3)
    table = TableController(game, seat=2, bots="random", seed=1)
    assert table.state.to_move == 2
    played = [e.seat for e in table.state.history if type(e) is ev.CardPlayed]
    assert played and 2 not in played                       # the bots played, you did not
    state = game.setup(count=10, hands=["6C 9D KH", "7C 7D 7H", "8C 8D 8H"], to_move=1)
    table = TableController(game, seat=0, bots="random", state=state)
    assert table.state.to_move == 0 and table.count != 10


def test_watch_mode_steps_and_runs_a_round():
    table = TableController(short_game("quentin_c", 3), watch=True, bots="random", seed=2)
    assert table.hand_buttons() == [] and table.you is None
    plays = lambda: sum(type(e) is ev.CardPlayed for e in table.state.history)  # noqa: E731
    assert_refused(table, table.click_card, "AS")
    assert table.step() is True
    assert plays() == 1
    round_before = table.state.round
    assert table.run() is True
    assert table.is_over or table.state.round == round_before + 1
    assert any(type(e) is ev.RoundOver for e in table.state.history)
    assert all(str(seat) in " ".join(table.seat_lines()) for seat in range(3))
    assert table.paused or table.is_over          # the round's summary waits for Next round
    if table.paused:
        assert_refused(table, table.step)
        assert_refused(table, table.run)
    while table.next_round() or table.run():
        pass
    assert table.is_over and table.summary.kind == "game"
    assert_refused(table, table.step)
    assert_refused(table, table.run)


def test_step_and_run_belong_to_watch_mode():
    table = TableController(nn.make("quentin_c", players=2), bots="random")
    assert_refused(table, table.step)
    assert_refused(table, table.run)


def test_refusals_change_nothing():
    game = nn.make("quentin_c", players=2)
    table = TableController(game, bots="random", state=game.setup(count=10, hands=["6C 9D KH", "7C 7D 7H"]))
    assert_refused(table, table.click_card, "QS")          # not in your hand
    assert_refused(table, table.click_card, "ZZ")          # not a card
    assert_refused(table, table.draw)                      # this table draws automatically
    assert_refused(table, table.end_turn)
    assert_refused(table, table.play, "QS")
    click_through(table, random.Random(1))
    assert_refused(table, table.click_card, "6C")          # the game is over
    assert "New game" in table.message


def test_new_game_deals_the_next_seed():
    game = nn.make("quentin_c", players=2)
    a = TableController(game, bots="random", seed=4)
    b = TableController(game, bots="random", seed=4)
    assert a.state.hands == b.state.hands
    a.new_game()
    assert a.state.hands == game.new_game(5).hands
    assert a.lines and a.state.round == 1 and a.count == 0


def test_settings_rebuild_the_game():
    table = TableController(nn.make("quentin_c", players=2), bots="random")
    assert table.apply_settings("taiwanese", 4, "random", 5) is True
    assert table.game.name == "taiwanese" and table.game.players == 4
    assert len(table.hand_buttons()) == 5 and table.state.to_move == 0
    assert table.apply_settings("classic", 3, "random", 4, tokens=2, auto_draw=False) is True
    assert table.manual_draw and table.game.tokens == 2
    assert table.settings() == {"rules": "classic", "players": 3, "bots": "random",
                                "hand_size": 4, "tokens": 2, "auto_draw": False}


@pytest.mark.parametrize("settings", [
    ("quentin_c", 9, "random", 3, 9, True),        # too many players
    ("classic", 13, "random", 5, 3, True),         # 65 cards from a deck of 52
    ("rs_games", 3, "random", 3, 0, True),         # no tokens
    ("taiwanese", 3, "random", 5, None, False),    # Taiwanese always draws
    ("poker", 3, "random", 3, 9, True),            # no such rule set
    ("quentin_c", 3, "no-such-bot", 3, 9, True),   # no such bot
    ("quentin_c", 3, "tricks_search", 3, 9, True), # a bot of another game
])
def test_bad_settings_are_refused(settings):
    table = TableController(nn.make("quentin_c", players=2), bots="random")
    game = table.game
    assert_refused(table, table.apply_settings, *settings)
    assert table.game is game


def test_names_are_used_in_sentences():
    game = nn.make("quentin_c", players=2)
    table = TableController(game, bots="random", names=["Ada", "Grace"],
                            state=game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H"]))
    table.click_card("6C")
    assert any("Grace" in line for line in table.seat_lines())
    assert any("Grace" in line for line in table.latest)


def test_bad_table_arguments():
    game = nn.make("quentin_c", players=2)
    with pytest.raises(ValueError, match="seat"):
        TableController(game, seat=2, bots="random")
    with pytest.raises(ValueError, match="names"):
        TableController(game, bots="random", names=["Ada"])
    with pytest.raises(ValueError, match="bot"):
        TableController(game, bots="nobody")
    with pytest.raises(ValueError, match="no bot called 'board_heuristic' for this game"):
        TableController(game, bots="board_heuristic")
