"""The board table's logic, tested through simulated clicks (no widgets, no browser).

Every test clicks as a player would (a card, a square, Draw, Discard selected card, Step, Run,
New game) and checks the game against the engine: what the click did, that the bots answered,
and that a refused click says one sentence and changes nothing.
"""
from __future__ import annotations

import random

import pytest

import ninetynine as nn
from ninetynine.board import events as ev
from ninetynine.board.layout import LAYOUT
from ninetynine.board.moves import BoardCard
from ninetynine.board.controller import BoardController


def one_sentence(text: str) -> bool:
    return text.endswith(".") and ". " not in text.replace("e.g. ", "") and not text[:1].islower()


def assert_refused(table: BoardController, click, *args) -> None:
    """The click is refused with one sentence, and the game and the selection are as before."""
    before, selected = table.state.to_json(), table.selected
    assert click(*args) is False
    assert one_sentence(table.message), table.message
    assert table.latest == [table.message]
    assert table.state.to_json() == before and table.selected == selected


def position(hands, markers=None, players=2, to_move=0, bots="board_heuristic", **options):
    game = nn.make("board", players=players, **options)
    state = game.setup(markers=markers, hands=hands, to_move=to_move)
    return BoardController(game, bots=bots, state=state)


def click_a_turn(table: BoardController, rng: random.Random) -> None:
    """One turn by clicks: mostly select a card and click a square it allows; else draw or
    discard. Every click must be accepted, and afterwards it is your turn again or the game is over."""
    cards = table.hand_buttons()
    can_draw = len(cards) < 5 and table.state.deck
    if cards:
        assert table.select(rng.choice(cards).card) is True
    allowed = table.allowed()
    if allowed and rng.random() < 0.75:
        square = rng.choice(allowed)
        assert table.click_square(square) is True, table.message
        assert table.state.owner[square] == table.seat
    elif can_draw and (not cards or rng.random() < 0.6):
        if table.selected is not None:
            assert table.select(table.selected.value) is True      # put the card back
        assert table.draw() is True, table.message
    else:
        assert table.discard() is True, table.message
    assert table.is_over or table.state.to_move == table.seat


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_whole_games_by_clicks(players):
    game = nn.make("board", players=players)
    rng = random.Random(players)
    for seed in range(2):
        table = BoardController(game, seat=seed % players, seed=seed)
        for _ in range(200):
            if table.is_over:
                break
            click_a_turn(table, rng)
        state = table.state
        assert state.is_over, "the game did not end"
        team = state.winning_team
        assert len(state.winning_line) >= 5
        assert all(state.team(state.owner[square]) == team for square in state.winning_line)
        winners = [seat for seat in range(players) if state.team(seat) == team]
        said = table.status()
        assert said.startswith("The game is over") and "New game" in said
        if table.seat in winners:
            assert "you" in said
        else:
            assert all(f"Seat {seat}" in said for seat in winners), said
        assert table.lines[-1] == said.removesuffix(" Press New game to play again.")
        assert_refused(table, table.draw)


def test_a_line_with_a_partner_is_a_team_win():
    table = position(["4", "80", "81", "82"], markers={72: 2, 58: 0, 20: 2, 14: 0}, players=4)
    table.select(4)
    assert table.click_square(4) is True
    assert table.is_over and table.state.winning_team == 0
    assert "You complete a diagonal line of five: squares 14, 4, 20, 58 and 72." in table.latest
    assert table.latest[-1] == "The game is over: you and Seat 2 win."
    assert table.square(72).name == "square 72, your partner's, in the winning line"
    assert table.square(72).in_line and not table.square(81).in_line
    assert table.summary.kind == "game" and table.summary.lines[-1] == table.latest[-1]
    assert table.square(72).mark == table.square(4).mark == "X"


def test_selecting_a_card_marks_exactly_the_squares_it_allows():
    table = position(["37 99", "5"], markers={52: 0, 60: 1, 99: 1, 10: 1})
    assert [b.name for b in table.hand_buttons()] == ["card 37 to 99", "card 99 to 99"]
    assert table.select(37) is True
    assert table.latest == ["The card 37 to 99 allows squares 37 to 98 except 52 and 60."]
    assert [b.name for b in table.hand_buttons()][0] == "card 37 to 99, selected"
    marked = sorted(s.square for s in table.squares() if s.allowed)
    assert marked == table.state.squares_for(BoardCard(37))
    for square in table.squares():
        assert square.name.endswith(", allowed") == square.allowed
    assert table.square(60).name == "square 60, Seat 1's" and table.square(60).mark == "O"
    assert table.square(52).name == "square 52, yours"
    assert table.square(40).name == "square 40, empty, allowed"
    assert table.select(99) is True
    assert table.allowed() == [] and "allows no square" in table.latest[0]
    assert table.select(99) is True                      # clicking it again puts it back
    assert table.selected is None and not any(s.allowed for s in table.squares())


def test_the_squares_come_in_board_order_with_their_positions():
    table = BoardController(nn.make("board"), seed=4)
    squares = table.squares()
    assert [s.square for s in squares] == [n for line in LAYOUT for n in line]
    assert all(LAYOUT[s.row][s.column] == s.square for s in squares)
    assert len({s.name for s in squares}) == 100


def test_refusals_change_nothing():
    table = position(["37 40 50 60 70", "5"], markers={52: 1})
    assert_refused(table, table.click_square, 80)           # no card selected yet
    assert_refused(table, table.discard)                    # nothing selected to discard
    assert_refused(table, table.select, 12)                 # not in your hand
    assert "you hold 37 to 99, 40 to 99" in table.message
    table.select(50)
    assert_refused(table, table.click_square, 20)           # below the card
    assert table.message == "The card 50 to 99 allows only squares 50 and higher, not square 20."
    assert_refused(table, table.click_square, 52)           # taken
    assert "already taken" in table.message
    assert_refused(table, table.draw)                       # five cards in hand
    assert "5 cards" in table.message
    assert_refused(table, table.play, "play 50 on")         # not a move
    assert_refused(table, table.step)                       # not watching
    table.state = table.game.setup(hands=["37", "5"], to_move=1)   # a click while a bot thinks
    assert_refused(table, table.select, 37)
    assert table.message == "It is not your turn: Seat 1 is to move."
    assert_refused(table, table.draw)


def test_table_penalties_punish_a_play_below_the_card_instead_of_refusing_it():
    table = position(["50 60", "5 6"], markers={70: 1}, table_penalties=True)
    table.select(50)
    assert table.click_square(20) is True
    assert ev.IllegalPlayPenalised(0, BoardCard(50), 20) in table.state.history
    assert table.state.owner[20] is None and BoardCard(50) in table.state.discard
    assert table.latest[0] == ("You play the card 50 to 99 on square 20, which it does not "
                               "allow: the card is discarded and no marker is placed.")
    table.select(60)
    assert_refused(table, table.click_square, 70)          # a taken square is still refused


def test_draw_and_discard_buttons():
    table = position(["37", "5"])
    table.select(37)
    assert table.discard() is True
    assert BoardCard(37) in table.state.discard and BoardCard(37) not in table.state.hands[0]
    assert table.latest[0] == "You discard the card 37 to 99."
    before = len(table.state.hands[0])
    assert table.draw() is True
    assert table.latest[0].startswith("You draw the card ")
    assert len(table.state.hands[0]) == before + 1 or table.is_over


def test_typed_moves_play_too():
    table = position(["37 40", "5"])
    assert table.play("play 40 on 92") is True
    assert table.state.owner[92] == 0


def test_a_typed_square_number_plays_the_selected_card_and_bad_text_is_refused():
    table = position(["37 40", "5"], markers={52: 1})
    assert_refused(table, table.type_square, "60")           # no card selected yet
    assert table.message == "Select a card in your hand first, then a square it allows."
    table.select(37)
    for typed, words in [("sixty", "'sixty' is not a square: type a number from 0 to 99."),
                         ("", "'' is not a square: type a number from 0 to 99."),
                         ("100", "'100' is not a square: type a number from 0 to 99."),
                         ("-5", "'-5' is not a square: type a number from 0 to 99."),
                         ("20", "The card 37 to 99 allows only squares 37 and higher, not square 20."),
                         ("52", "already taken")]:
        assert_refused(table, table.type_square, typed)
        assert words in table.message
    assert table.type_square(" 60 ") is True
    assert table.state.owner[60] == 0


def test_watch_mode_steps_and_runs_with_every_card_named():
    table = BoardController(nn.make("board", players=3), watch=True, bots="board_random", seed=5)
    assert table.hand_buttons() == []
    moves = len(table.state.history)
    assert table.step() is True
    assert len(table.state.history) > moves
    assert not any(line.endswith("draws a card.") for line in table.lines), \
        "a spectator sees every drawn card"
    assert_refused(table, table.select, 5)
    assert_refused(table, table.draw)
    assert table.message == "You are watching the bots play every seat: press Step or Run."
    assert table.run() is True
    assert table.is_over and "The game is over" in table.status()
    assert not any(line.startswith("You") for line in table.lines)
    assert_refused(table, table.step)


def test_names_and_seat():
    game = nn.make("board", players=3)
    table = BoardController(game, seat=1, seed=2, names=["Ann", "Bea", "Cy"])
    assert table.state.to_move == 1
    assert "You hold" in table.counts() and "Ann holds" in table.counts()
    assert "Ann's markers" in table.legend() and "X marks Ann's" in table.legend()
    with pytest.raises(ValueError):
        BoardController(game, names=["Ann"])
    with pytest.raises(ValueError):
        BoardController(game, seat=3)
    with pytest.raises(ValueError):
        BoardController(game, bots=["board_random"])


def test_the_same_seed_and_clicks_replay_the_same_game_and_new_game_deals_the_next_seed():
    game = nn.make("board", players=3)
    finals = []
    for _ in range(2):
        table = BoardController(game, bots=["board_random", "board_random", "board_search"], seed=9)
        rng = random.Random(3)
        for _ in range(3):
            click_a_turn(table, rng)
        finals.append(table.state.to_json())
    assert finals[0] == finals[1]
    first = table.state
    assert table.new_game() is True
    assert table.state is not first and table.lines
    assert table.state.history[0] == game.new_game(10).history[0]


def test_from_state_keeps_the_position():
    game = nn.make("board", players=2)
    state = game.setup(markers={72: 0, 58: 0, 20: 0, 14: 0}, hands=["3 90", "80"], to_move=0)
    table = BoardController(game, bots="board_random", state=state)
    assert table.state is state
    table.select(3)
    assert table.click_square(4) is True
    assert table.is_over and table.latest[-1] == "The game is over: you win."
