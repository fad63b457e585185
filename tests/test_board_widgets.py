"""The board table: build the real widget, send it the messages the browser sends
(``table.send``), and read the model the browser draws (the 10 x 10 grid, the hand, the buttons)
and the live region's sentence.

Outside a kernel ipywidgets catches an exception raised in a handler and only logs it, so the
``no_handler_errors`` fixture turns every such log record into a failure.
tests/test_browser_board.py plays the same table by keyboard in Chromium.
"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ninetynine as nn  # noqa: E402
from ninetynine.board import events as ev  # noqa: E402
from ninetynine.board.layout import LAYOUT  # noqa: E402
from ninetynine.board.moves import BoardCard  # noqa: E402
from ninetynine.ui import BoardTable  # noqa: E402
from table_helpers import button_labels, click_card, hand, panel, said  # noqa: E402

SQUARE_NAME = re.compile(r"^square (\d{1,2}), (empty|yours|your partner's|Seat \d's)(, allowed)?"
                         r"(, in the winning line)?$")

pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


def position(hands, markers=None, players=2, **options) -> BoardTable:
    game = nn.make("board", players=players, **options)
    return BoardTable.from_state(game.setup(markers=markers, hands=hands, to_move=0),
                                 bots="board_heuristic")


def squares(table) -> dict[int, dict]:
    return {sq["square"]: sq for row in table.view.table["centre"]["rows"] for sq in row}


def square(table, number: int) -> bool:
    return table.send({"action": "square", "square": number})


def test_the_board_is_a_10_by_10_grid_of_named_squares():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    rows = table.view.table["centre"]["rows"]
    assert len(rows) == 10 and all(len(row) == 10 for row in rows)
    assert [[sq["square"] for sq in row] for row in rows] == [list(line) for line in LAYOUT]
    shown = squares(table)
    assert all(SQUARE_NAME.match(sq["name"]) for sq in shown.values())
    assert sorted(shown) == list(range(100))
    assert shown[52]["name"] == "square 52, yours" and shown[52]["mark"] == "X"
    assert shown[60]["name"] == "square 60, Seat 1's" and shown[60]["mark"] == "O"
    assert shown[61]["name"] == "square 61, empty" and shown[61]["mark"] == ""
    assert "X marks your markers; O marks Seat 1" in table.view.table["centre"]["legend"]
    assert [(s["name"], s["mark"]) for s in table.view.table["seats"]] == [("You", "X"),
                                                                          ("Seat 1", "O")]


def test_selecting_a_card_marks_its_squares_and_moves_the_keyboard_to_the_board():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    assert table.view.table["focus"] == "hand"
    click_card(table, "card 37 to 99")
    allowed = table.controller.state.squares_for(BoardCard(37))
    shown = squares(table)
    marked = [n for n, sq in shown.items() if sq["allowed"]]
    worded = [n for n, sq in shown.items() if sq["name"].endswith(", allowed")]
    assert sorted(marked) == sorted(worded) == allowed
    assert said(table) == "The card 37 to 99 allows squares 37 to 99 except 52 and 60."
    assert table.view.table["hand"]["note"] == table.controller.counts()   # not said twice
    assert table.hand()[0]["label"] == "card 37 to 99, selected" and table.hand()[0]["selected"]
    assert table.view.table["focus"] == "grid"
    first = next(n for line in LAYOUT for n in line if n in allowed)
    assert table.view.table["centre"]["jump"] == first
    click_card(table, "card 80 to 99")                      # another card: its squares instead
    marked = [n for n, sq in squares(table).items() if sq["allowed"]]
    assert sorted(marked) == table.controller.state.squares_for(BoardCard(80))


def test_pressing_an_allowed_square_plays_it_and_the_bot_answers():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    click_card(table, "card 37 to 99")
    assert square(table, 40)
    state = table.controller.state
    mine = state.history.index(ev.MarkerPlaced(0, BoardCard(37), 40, 0))
    assert any(getattr(e, "seat", None) == 1 for e in state.history[mine + 1:])   # the bot answered
    assert state.to_move == 0
    assert squares(table)[40]["name"] == "square 40, yours"
    assert said(table).startswith("You play the card 37 to 99 and put a marker on square 40.")
    assert not any(sq["allowed"] for sq in squares(table).values())
    assert hand(table)[:1] == ["card 80 to 99"]
    assert "You play the card 37 to 99 and put a marker on square 40." in \
        panel(table, "What happened")
    assert table.view.table["focus"] == "hand"


def test_a_refused_square_says_one_sentence_and_changes_nothing():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    before = table.controller.state.to_json()
    assert not square(table, 40)                              # no card selected
    assert said(table) == table.controller.message
    assert "Select a card" in said(table)
    click_card(table, "card 80 to 99")
    assert not square(table, 40)                              # below the card
    assert said(table) == "The card 80 to 99 allows only squares 80 and higher, not square 40."
    assert not square(table, 60)                              # taken
    assert "taken" in said(table)
    assert not table.send({"action": "square", "square": "forty"})   # a malformed message
    assert "forty" in said(table)
    assert table.controller.state.to_json() == before


def test_a_card_no_square_allows_sends_the_keyboard_to_discard():
    table = position(["99 80", "5"], markers={99: 1})
    click_card(table, "card 99 to 99")
    assert table.view.table["centre"]["jump"] is None
    assert table.view.table["focus"] == "button:discard"
    assert "discard" in [b["id"] for b in table.buttons()]


def test_draw_and_discard_buttons():
    table = position(["37 80", "5"])
    assert button_labels(table) == ["Draw", "Discard selected card", "New game"]
    assert not table.press("Discard selected card")
    assert said(table).startswith("Select the card to discard")
    click_card(table, "card 80 to 99")
    table.press("Discard selected card")
    assert BoardCard(80) in table.controller.state.discard
    cards = len(hand(table))
    table.press("Draw")
    assert len(hand(table)) == cards + 1
    assert said(table).startswith("You draw the card")


def test_watch_mode_steps_and_runs_and_marks_the_completed_line():
    table = BoardTable(nn.make("board", players=4), watch=True, bots="board_heuristic", seed=1)
    assert table.view.table["hand"] is None
    assert button_labels(table) == ["Step", "Run to the end of the game", "New game"]
    moves = len(table.controller.state.history)
    table.press("Step")
    assert len(table.controller.state.history) > moves and said(table)
    table.press("Run to the end of the game")
    state = table.controller.state
    assert table.controller.is_over and "The game is over" in table.view.table["status"]
    assert table.view.table["summary"]["button"]["label"] == "New game"
    shown = squares(table)
    for number, sq in shown.items():
        assert sq["name"].split(", ")[1] == "empty" or state.owner[number] is not None
        assert sq["line"] == (number in state.winning_line)
        assert sq["name"].endswith(", in the winning line") == (number in state.winning_line)
    assert len(state.winning_line) == 5                      # this game ends with a line


def test_a_whole_game_through_the_messages():
    table = BoardTable(nn.make("board", players=6), bots="board_heuristic", seed=4)
    for _ in range(300):
        if table.controller.is_over:
            break
        if not table.hand():
            table.press("Draw")
            continue
        table.send({"action": "card", "card": table.hand()[0]["id"]})
        jump = table.view.table["centre"]["jump"]
        if jump is not None:
            assert square(table, jump)
        else:
            table.press("Discard selected card")
    assert table.controller.is_over
    assert "The game is over" in table.view.table["status"]
    table.press("New game")
    assert not table.controller.is_over and table.controller.lines


def test_every_control_has_a_name():
    table = BoardTable(nn.make("board", players=3), seed=2)
    assert all(b["label"].strip() for b in table.buttons())
    assert all(card["label"].startswith("card ") for card in table.hand())
    assert all(sq["name"].startswith("square ") for sq in squares(table).values())


def test_grading_mode_shows_one_line(monkeypatch):
    table = BoardTable(nn.make("board", players=2))
    monkeypatch.setenv("NINETYNINE_GRADING", "1")
    bundle = table._repr_mimebundle_()
    assert list(bundle) == ["text/plain"] and "\n" not in bundle["text/plain"]
    assert "The Game of 99" in bundle["text/plain"]
    monkeypatch.delenv("NINETYNINE_GRADING")
    assert "application/vnd.jupyter.widget-view+json" in table._repr_mimebundle_()
    assert repr(table) == "BoardTable(players=2, seat=0)"




def test_a_tie_pauses_with_next_game():
    table = BoardTable(nn.make("board", players=2), watch=True, seed=6, bots="board_random")
    table.press("Run to the end of the game")                # seed 6: game 1 ends in a tie
    summary = table.view.table["summary"]
    assert summary["heading"] == "Game 1 is a tie." and summary["button"]["label"] == "Next game"
    assert button_labels(table) == ["New game", "Next game"]  # no Step or Run while it waits
    assert not table.send({"action": "button", "id": "step"})
    assert said(table) == table.controller.message
    table.press("Next game")
    assert table.view.table["summary"] is None
    groups = table.view.table["panels"][0]["groups"]
    assert [group["heading"] for group in groups][:2] == ["Game 1", "Game 2"]
