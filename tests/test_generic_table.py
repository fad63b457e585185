"""The table for any protocol game (``ninetynine.frontend.generic``): its controller in plain Python, then
its widgets, built for real and clicked, as ``tests/test_widgets.py`` does for the kit's table.

The game here is written from scratch, as a learner would, and knows nothing of the kit: a pile
of stones, and a secret token drawn with every move that only the drawer may know. It has no
``parse_move``: its moves are plain numbers.
"""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, replace

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ninetynine as nn  # noqa: E402
from ninetynine.testing import check_game  # noqa: E402
from ninetynine.text import describe as kit_describe  # noqa: E402
from ninetynine.ui import ProtocolController, ProtocolTable  # noqa: E402

pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


# --- a small game of stones and secret tokens ---------------------------------------------------

@dataclass(frozen=True)
class Took:
    seat: int
    stones: int
    left: int


@dataclass(frozen=True)
class DrewToken:
    seat: int
    token: int | None


@dataclass(frozen=True)
class View:
    seat: int
    pile: int
    tokens: tuple
    legal_moves: tuple
    history: tuple


class Stones:
    """Take 1 or 2 stones from a pile of 7; whoever takes the last stone wins. Every move also
    draws a token (1 to 9) from a bag: only the drawer knows its number."""

    name = "stones"
    players = 2

    def new_game(self, seed=None):
        return StonesState(self, seed)

    def from_json(self, text):
        state = StonesState(self, 0)
        data = json.loads(text)
        state.pile, state.to_move, state.bag = data["pile"], data["to_move"], data["bag"]
        state.tokens = data["tokens"]
        events = {"Took": Took, "DrewToken": DrewToken}
        state.history = [events[kind](*fields) for kind, *fields in data["history"]]
        return state


class StonesState:
    def __init__(self, game, seed):
        self.game, self.players = game, 2
        self.bag = list(range(1, 10))
        random.Random(seed).shuffle(self.bag)
        self.pile, self.to_move, self.tokens, self.history = 7, 0, [[], []], []

    @property
    def is_over(self):
        return self.to_move is None

    @property
    def winner(self):
        return None if not self.is_over else self.history[-2].seat

    def standings(self):
        return [nn.Standing(1, self.winner, 1), nn.Standing(2, 1 - self.winner, 0)]

    def legal_moves(self):
        return [] if self.is_over else [n for n in (1, 2) if n <= self.pile]

    def play(self, move):
        if move not in self.legal_moves():
            raise nn.IllegalMove(f"{move!r} is not a move here: take one of {self.legal_moves()}.")
        seat = self.to_move
        self.pile -= move
        token = self.bag.pop()
        self.tokens[seat].append(token)
        events = [Took(seat, move, self.pile), DrewToken(seat, token)]
        self.to_move = None if self.pile == 0 else 1 - seat
        self.history += events
        return events

    def view(self, seat):
        hidden = [replace(e, token=None) if type(e) is DrewToken and e.seat != seat else e
                  for e in self.history]
        return View(seat, self.pile, tuple(self.tokens[seat]),
                    tuple(self.legal_moves()) if seat == self.to_move else (), tuple(hidden))

    def hidden_from(self, seat):
        return {"the other tokens": self.tokens[1 - seat], "the bag": self.bag}

    def copy(self):
        return copy.deepcopy(self)

    def to_json(self):
        return json.dumps({"pile": self.pile, "to_move": self.to_move, "bag": self.bag,
                           "tokens": self.tokens,
                           "history": [[type(e).__name__, *vars_of(e)] for e in self.history]})


def vars_of(event):
    return [getattr(event, name) for name in event.__dataclass_fields__]


def words(event, you):
    who = "You" if event.seat == you else f"Seat {event.seat}"
    if type(event) is Took:
        verb = "take" if event.seat == you else "takes"
        return f"{who} {verb} {event.stones}; {event.left} left."
    verb = "draw" if event.seat == you else "draws"
    return f"{who} {verb} " + ("a token." if event.token is None else f"token {event.token}.")


def show(view):
    return [f"The pile holds {view.pile} stones.",
            f"Your tokens: {', '.join(map(str, view.tokens)) or 'none'}."]


def first(view):
    return view.legal_moves[0]


def test_the_small_game_conforms():
    assert check_game(Stones(), games=20) == []


# --- the controller ----------------------------------------------------------------------------

def test_moves_are_buttons_named_by_their_text_and_the_bot_answers():
    table = ProtocolController(Stones(), bots=first, describe=words, show=show)
    assert [b.name for b in table.move_buttons()] == ["1", "2"]
    assert table.status() == "It is your turn: choose one of your moves."
    assert table.position() == ["The pile holds 7 stones.", "Your tokens: none."]
    assert table.click_move("2") is True
    assert table.state.pile == 4 and table.state.to_move == 0           # the bot took 1
    mine, theirs = table.state.tokens
    assert table.latest == ["You take 2; 5 left.", f"You draw token {mine[0]}.",
                            "Seat 1 takes 1; 4 left.", "Seat 1 draws a token."]
    assert table.lines == table.latest
    assert table.position() == ["The pile holds 4 stones.", f"Your tokens: {mine[0]}."]


def test_the_narration_tells_only_what_your_view_tells():
    # the secret drawn by the bot never reaches the sentences: they are read from the view
    table = ProtocolController(Stones(), bots=first, describe=words)
    table.click_move("1")
    secret = table.state.tokens[1][0]
    assert not any(f"token {secret}" in line and line.startswith("Seat 1") for line in table.lines)


def test_a_refused_move_is_one_sentence_and_changes_nothing():
    table = ProtocolController(Stones(), bots=first, describe=words)
    before = table.state.to_json()
    assert table.click_move("3") is False
    assert table.message == "'3' is not a move you can make now: make one of 1, 2."
    assert table.latest == [table.message] and table.state.to_json() == before
    assert table.click_move("  ") is False
    assert table.message == "Type a move first, such as '1'."


def test_a_game_with_parse_move_refuses_in_its_own_words():
    game = nn.make("quentin_c", players=2)
    table = ProtocolController(game, bots="random", describe=kit_describe,
                               state=game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H"]))
    assert table.click_move("QS") is False
    assert table.message.startswith("You do not hold the Queen of Spades")
    assert table.click_move("6C") is True
    assert table.latest[0] == "You play the 6 of Clubs. The count is 33."


def test_the_end_of_the_game_and_a_new_one():
    table = ProtocolController(Stones(), bots=first, describe=words, seed=4)
    while not table.is_over:
        assert table.click_move(table.move_buttons()[-1].name)
    assert table.move_buttons() == []
    assert table.status() == ("The game is over. You win. Press New game to play again."
                              if table.state.winner == 0 else
                              "The game is over. Seat 1 wins. Press New game to play again.")
    assert table.click_move("1") is False and table.message == table.GAME_OVER
    assert table.new_game() and table.state.pile == 7
    assert table.state.bag == Stones().new_game(seed=5).bag             # the next seed


def test_a_bot_that_moves_first_has_moved_when_the_table_opens():
    table = ProtocolController(Stones(), seat=1, bots=first, describe=words)
    assert table.state.pile == 6 and table.your_turn
    assert table.latest == ["Seat 0 takes 1; 6 left.", "Seat 0 draws a token."]


def test_watching_steps_through_the_bots_and_tells_everything():
    table = ProtocolController(Stones(), bots=first, describe=words, watch=True)
    assert table.move_buttons() == [] and table.status() == "Seat 0 is to move: press Step or Run."
    assert table.click_move("1") is False and table.message == table.WATCHING
    assert table.step() is True
    assert table.latest == ["Seat 0 takes 1; 6 left.", f"Seat 0 draws token {table.state.tokens[0][0]}."]
    assert table.run() is True and table.is_over
    assert table.status().startswith("The game is over.")


def test_without_describe_events_are_shown_as_their_text():
    table = ProtocolController(Stones(), bots=first)
    table.click_move("1")
    assert table.latest[0] == "Took(seat=0, stones=1, left=6)"
    assert table.latest[3] == "DrewToken(seat=1, token=None)"


# --- the widgets -------------------------------------------------------------------------------

def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        if getattr(child, "layout", None) is None or child.layout.display != "none":
            yield from walk(child)


def button_named(table, name: str):
    found = [b for b in walk(table) if getattr(b, "description", None) == name
             and hasattr(b, "click")]
    assert found, f"no visible button named {name!r}"
    return found[0]


def test_the_widgets_show_the_controller_and_clicks_play():
    table = ProtocolTable(Stones(), bots=first, describe=words, show=show)
    assert [b.description for b in table.moves_box.children] == ["1", "2"]
    assert "It is your turn" in table.status_html.value
    assert "The pile holds 7 stones." in table.position_html.value
    button_named(table, "2").click()
    assert table.controller.state.pile == 4
    assert table.live.text == " ".join(table.controller.latest)
    assert "Seat 1 takes 1; 4 left." in table.history_html.value
    assert "The pile holds 4 stones." in table.position_html.value


def test_a_move_typed_in_the_box_is_made_on_enter():
    table = ProtocolTable(Stones(), bots=first, describe=words)
    table.move_input.value = "2"            # what pressing Enter in the box sends
    assert table.controller.state.pile == 4 and table.move_input.value == ""
    table.move_input.value = "5"
    assert table.controller.state.pile == 4 and table.move_input.value == ""
    assert table.live.text == "'5' is not a move you can make now: make one of 1, 2."
    button_named(table, "Make the typed move").click()       # with an empty box
    assert table.live.text == "Type a move first, such as '1'."


def test_every_control_has_a_name_and_watching_shows_step_and_run():
    table = ProtocolTable(Stones(), bots=first, describe=words)
    named = [b for b in walk(table) if hasattr(b, "click")]
    assert named and all(b.description.strip() for b in named)
    assert table.move_input.description == "Move"
    watching = ProtocolTable(Stones(), bots=first, describe=words, watch=True)
    assert all(b.description != "1" for b in walk(watching) if hasattr(b, "click"))
    button_named(watching, "Step").click()
    assert watching.controller.state.pile == 6
    button_named(watching, "Run to the end of the game").click()
    assert "The game is over" in watching.status_html.value


def test_a_whole_game_through_the_buttons_then_a_new_game():
    table = ProtocolTable(Stones(), bots="random", describe=words, seed=3)
    for _ in range(20):
        if table.controller.is_over:
            break
        table.moves_box.children[0].click()
    assert table.controller.is_over and table.moves_box.children == ()
    button_named(table, "New game").click()
    assert table.controller.state.pile == 7 and len(table.moves_box.children) == 2


def test_from_state_and_grading_mode(monkeypatch):
    state = Stones().new_game(seed=1)
    state.play(2)
    table = ProtocolTable.from_state(state, seat=1, bots=first, describe=words)
    assert table.controller.state is state and table.controller.your_turn
    assert repr(table) == "ProtocolTable('stones', players=2, seat=1)"
    monkeypatch.setenv("NINETYNINE_GRADING", "1")
    bundle = table._repr_mimebundle_()
    assert bundle == {"text/plain": "A live table of stones for 2 players appears here when the "
                                    "notebook runs in Jupyter."}
