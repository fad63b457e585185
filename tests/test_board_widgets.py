"""The board table's widgets: build real ipywidgets, click their buttons, read their values.

Outside a kernel ipywidgets catches an exception raised in a click handler and only logs it, so
the ``no_handler_errors`` fixture turns every such log record into a failure.
"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ninetynine as nn  # noqa: E402
from ninetynine.board import events as ev  # noqa: E402
from ninetynine.board.moves import BoardCard  # noqa: E402
from ninetynine.ui import BoardTable  # noqa: E402
from ninetynine.ui.board_widgets import ALLOWED_COLOUR, TEAM_COLOURS  # noqa: E402

SQUARE_NAME = re.compile(r"^square (\d{1,2}), (empty|yours|your partner's|Seat \d's)(, allowed)?$")


pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        if getattr(child, "layout", None) is None or child.layout.display != "none":
            yield from walk(child)


def button_named(table, name: str):
    found = [b for b in walk(table) if getattr(b, "description", None) == name and hasattr(b, "click")]
    assert found, f"no visible button named {name!r}"
    return found[0]


def position(hands, markers=None, players=2, **options) -> BoardTable:
    game = nn.make("board", players=players, **options)
    return BoardTable.from_state(game.setup(markers=markers, hands=hands, to_move=0),
                                 bots="board_heuristic")


def test_the_board_is_a_grid_of_100_named_buttons():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    squares = [b for b in table.board.children]
    assert len(squares) == 100
    assert table.board.layout.grid_template_columns == "repeat(10, 1fr)"
    names = [b.description for b in squares]
    assert all(SQUARE_NAME.match(name) for name in names), names
    assert sorted(int(SQUARE_NAME.match(n).group(1)) for n in names) == list(range(100))
    assert all(b.tooltip == b.description for b in squares)
    assert table.square_buttons[52].description == "square 52, yours"
    assert table.square_buttons[60].description == "square 60, Seat 1's"
    assert table.square_buttons[61].description == "square 61, empty"
    assert "nn-team-0" in table.square_buttons[52]._dom_classes           # the X mark
    assert "nn-team-1" in table.square_buttons[60]._dom_classes           # the O mark
    assert table.square_buttons[52].style.button_color == TEAM_COLOURS[0]
    assert "X marks your markers; O marks Seat 1" in table.legend_html.value


def test_selecting_a_card_highlights_its_squares_in_style_and_in_words():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    button_named(table, "card 37 to 99").click()
    allowed = table.controller.state.squares_for(BoardCard(37))
    highlighted = [n for n, b in table.square_buttons.items() if "nn-allowed" in b._dom_classes]
    worded = [n for n, b in table.square_buttons.items() if b.description.endswith(", allowed")]
    coloured = [n for n, b in table.square_buttons.items() if b.style.button_color == ALLOWED_COLOUR]
    assert sorted(highlighted) == sorted(worded) == sorted(coloured) == allowed
    assert "The card 37 to 99 allows squares 37 to 99 except 52 and 60." in table.allowed_html.value
    assert table.live.text == "The card 37 to 99 allows squares 37 to 99 except 52 and 60."
    assert button_named(table, "card 37 to 99, selected").button_style == "info"
    button_named(table, "card 80 to 99").click()            # another card: its squares instead
    highlighted = [n for n, b in table.square_buttons.items() if "nn-allowed" in b._dom_classes]
    assert sorted(highlighted) == table.controller.state.squares_for(BoardCard(80))


def test_clicking_an_allowed_square_plays_it_and_the_bot_answers():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    button_named(table, "card 37 to 99").click()
    button_named(table, "square 40, empty, allowed").click()
    state = table.controller.state
    mine = state.history.index(ev.MarkerPlaced(0, BoardCard(37), 40, 0))
    assert any(getattr(e, "seat", None) == 1 for e in state.history[mine + 1:])   # the bot answered
    assert state.to_move == 0
    assert table.square_buttons[40].description == "square 40, yours"
    assert table.live.text.startswith("You play the card 37 to 99 and put a marker on square 40.")
    assert not any("nn-allowed" in b._dom_classes for b in table.square_buttons.values())
    assert [b.description for b in table.hand_box.children][:1] == ["card 80 to 99"]
    assert "You play the card 37 to 99" in table.history_html.value


def test_a_refused_click_says_one_sentence_and_changes_nothing():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    before = table.controller.state.to_json()
    button_named(table, "square 40, empty").click()            # no card selected
    assert table.live.text == "Select a card in your hand first, then a square it allows."
    button_named(table, "card 80 to 99").click()
    button_named(table, "square 40, empty").click()            # below the card
    assert table.live.text == "The card 80 to 99 allows only squares 80 and higher, not square 40."
    button_named(table, "square 60, Seat 1's").click()         # taken
    assert "already taken" in table.live.text
    assert table.controller.state.to_json() == before


def test_a_keyboard_user_types_the_square_instead_of_crossing_the_board():
    table = position(["37 80", "5"], markers={52: 0, 60: 1})
    button_named(table, "card 37 to 99").click()
    table.square_input.value = "forty"
    button_named(table, "Put the selected card on that square").click()
    assert table.live.text == "'forty' is not a square: type a number from 0 to 99."
    assert table.square_input.value == "forty"                 # kept, to be corrected
    assert table.controller.state.owner[40] is None
    table.square_input.value = "40"
    button_named(table, "Put the selected card on that square").click()
    assert table.square_buttons[40].description == "square 40, yours"
    assert table.square_input.value == ""
    assert table.square_input.description == "Square number"


def test_draw_and_discard_buttons():
    table = position(["37 80", "5"])
    button_named(table, "Discard selected card").click()
    assert table.live.text.startswith("Select the card to discard")
    button_named(table, "card 80 to 99").click()
    button_named(table, "Discard selected card").click()
    assert BoardCard(80) in table.controller.state.discard
    hand = len(table.hand_box.children)
    button_named(table, "Draw").click()
    assert len(table.hand_box.children) == hand + 1
    assert table.live.text.startswith("You draw the card")


def test_watch_mode_steps_and_runs():
    table = BoardTable(nn.make("board", players=4), watch=True, bots="board_heuristic", seed=1)
    assert table.hand_area.layout.display == "none" and table.watch_box.layout.display != "none"
    moves = len(table.controller.state.history)
    button_named(table, "Step").click()
    assert len(table.controller.state.history) > moves and table.live.text
    button_named(table, "Run to the end of the game").click()
    assert table.controller.is_over and "The game is over" in table.status_html.value
    owners = table.controller.state.owner
    for number, button in table.square_buttons.items():
        assert button.description.endswith("empty") == (owners[number] is None)


def test_a_whole_game_through_the_buttons():
    table = BoardTable(nn.make("board", players=6), bots="board_heuristic", seed=4)
    for _ in range(300):
        if table.controller.is_over:
            break
        if not table.hand_box.children:
            button_named(table, "Draw").click()
            continue
        table.hand_box.children[0].click()
        allowed = [b for b in table.board.children if b.description.endswith(", allowed")]
        if allowed:
            allowed[0].click()
        else:
            button_named(table, "Discard selected card").click()
    assert table.controller.is_over
    assert "The game is over" in table.status_html.value
    button_named(table, "New game").click()
    assert not table.controller.is_over and table.controller.lines


def test_every_button_has_a_name():
    table = BoardTable(nn.make("board", players=3), seed=2)
    named = [b for b in walk(table) if hasattr(b, "click")]
    assert len(named) >= 100 and all(b.description.strip() for b in named)


def test_grading_mode_shows_one_line(monkeypatch):
    table = BoardTable(nn.make("board", players=2))
    monkeypatch.setenv("NINETYNINE_GRADING", "1")
    bundle = table._repr_mimebundle_()
    assert list(bundle) == ["text/plain"] and "\n" not in bundle["text/plain"]
    assert "The Game of 99" in bundle["text/plain"]
    monkeypatch.delenv("NINETYNINE_GRADING")
    assert "application/vnd.jupyter.widget-view+json" in table._repr_mimebundle_()
    assert repr(table) == "BoardTable(players=2, seat=0)"


def test_the_stylesheet_marks_teams_without_adding_to_the_name():
    css = BoardTable(nn.make("board")).live._css
    for team, mark in enumerate("XOZ"):
        assert f'.jupyter-button.nn-team-{team}::before {{ content: "{mark} " / "";' in css
