"""The Ninety-Nine notebook table: build real widgets, click their buttons, read their values.

Outside a kernel ipywidgets catches an exception raised in a click handler and only logs a
warning, so a broken handler would pass silently. The ``no_handler_errors`` fixture turns every
such log record into a failure.
"""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as w  # noqa: E402

import ninetynine as nn  # noqa: E402
from ninetynine.text import plural  # noqa: E402
from ninetynine.tricks import events as ev  # noqa: E402
from ninetynine.tricks.cards import bid_value, parse_card  # noqa: E402
from ninetynine.ui import TricksTable  # noqa: E402
from ninetynine.ui.live import LiveRegion  # noqa: E402


pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


def walk(widget):
    """Every visible widget inside ``widget``."""
    yield widget
    for child in getattr(widget, "children", ()):
        if getattr(child, "layout", None) is None or child.layout.display != "none":
            yield from walk(child)


def visible_buttons(table) -> list:
    return [b for b in walk(table) if isinstance(b, (w.Button, w.ToggleButton))]


def button_named(table, name: str):
    found = [b for b in visible_buttons(table) if b.description == name]
    assert found, f"no visible button named {name!r}: " + str(
        [b.description for b in visible_buttons(table)])
    return found[0]


def hand(table) -> list[str]:
    return [b.description for b in table.hand_box.children]


def press(button) -> None:
    """Click a button, or switch a toggle button, as a player does."""
    if isinstance(button, w.ToggleButton):
        button.value = not button.value
    else:
        button.click()


def bid_by_clicks(table, indexes=(0, 1, 2)) -> None:
    for index in indexes:
        press(table.hand_box.children[index])
    button_named(table, "Lay aside these three").click()


def test_the_table_shows_the_engine_state():
    table = TricksTable(seed=1)
    state = table.controller.state
    assert hand(table) == [card.name for card in state.hands[0]]
    assert all(isinstance(b, w.ToggleButton) for b in table.hand_box.children)   # bidding
    assert "Trumps are" in table.deal_html.value or "trumps are" in table.deal_html.value
    assert "Deal 1 of 9" in table.status_html.value
    assert "You: no bid yet" in table.seats_html.value
    assert "Totals: You 0, Seat 1 0, Seat 2 0." in table.scores_html.value
    assert isinstance(table.live, LiveRegion)
    assert table.live.text == " ".join(table.controller.latest) != ""
    assert table.offer_box.layout.display == "none"
    assert "Choose three cards" in table.bid_html.value


def test_a_bid_by_toggle_buttons_and_the_lay_aside_button():
    table = TricksTable(seed=2)
    state = table.controller.state
    cards = state.hands[0][:3]
    press(table.hand_box.children[0])
    assert hand(table)[0] == f"{cards[0].name}, selected"
    assert table.hand_box.children[0].value is True
    press(table.hand_box.children[0])                        # put it back
    assert hand(table)[0] == cards[0].name and table.hand_box.children[0].value is False
    for index in (0, 1, 2):
        press(table.hand_box.children[index])
    value = bid_value(cards, state.turn_up)
    assert f"Your bid: {plural(value, 'trick')}." in table.bid_html.value
    press(table.hand_box.children[3])                        # a fourth card: refused
    assert table.hand_box.children[3].value is False
    assert table.live.text.startswith("You have chosen three cards already")
    button_named(table, "Lay aside these three").click()
    assert ev.BidLaidAside(0, tuple(cards), value) in state.history
    assert table.controller.state.phase == "offer"
    assert table.bid_box.layout.display == "none"
    assert table.live.text.startswith(f"You lay aside {table.controller.cards_words(cards)}")


def test_two_cards_are_not_a_bid():
    table = TricksTable(seed=2)
    before = table.controller.state.to_json()
    press(table.hand_box.children[0])
    press(table.hand_box.children[4])
    button_named(table, "Lay aside these three").click()
    assert table.controller.state.to_json() == before
    assert table.live.text == ("A bid lays aside exactly three cards: you have chosen two, so "
                               "choose 1 more.")


def test_offer_buttons_then_playing_a_card():
    table = TricksTable(seed=3)
    bid_by_clicks(table)
    assert [b.description for b in table.offer_box.children][0] == "Pass"
    button_named(table, "Declare: play with your bid cards face up, premium 30").click()
    c = table.controller
    assert c.state.premium == (0, "declare")
    assert "You declare" in table.exposed_html.value
    assert all(isinstance(b, w.Button) for b in table.hand_box.children)     # playing now
    assert "Trick 1 of 9: you lead" in table.trick_html.value
    first = table.hand_box.children[0]
    card = c.state.hands[0][0]
    first.click()
    assert ev.CardToTrick(0, card, 1) in c.state.history
    assert table.live.text.startswith(f"You play the {card.name} to trick 1.")
    assert card.name not in hand(table)
    assert hand(table) == [c.card_name(x) for x in c.state.hands[0]]


def test_a_card_that_does_not_follow_suit_is_refused():
    game = nn.make("tricks")
    state = game.setup(hands=["6C 7C 8C 9C 10C JC QC KC", "AC 6D 7D 8D 9D 10D 8H 9H AS",
                              "JD QD KD AD 6S 7S 8S 9S 10S"], turn_up="JK",
                       laid_aside=["6H QS KS", "JS 10H JH", "QH KH AH"], trick="7H", leader=0)
    table = TricksTable.from_state(state, seat=1)
    before = table.controller.state.to_json()
    button_named(table, "Ace of Clubs").click()
    assert table.controller.state.to_json() == before
    assert table.live.text.startswith("You must follow suit: Hearts were led")
    assert "Seat 0 led the 7 of Hearts" in table.trick_html.value
    button_named(table, "8 of Hearts").click()
    assert ev.CardToTrick(1, parse_card("8H"), 1) in table.controller.state.history


def test_the_joker_button_says_what_it_stands_for():
    game = nn.make("tricks")
    state = game.setup(hands=["JK 6C 7C 8C 9C 10C JC QC AD", "6D 7D 8D 9D 10D JD QD KD 6S",
                              "7S 8S 9S 10S JS QS KS AS 6H"],
                       turn_up="7H", laid_aside=["KC AC 8H", "9H 10H JH", "QH KH AH"])
    table = TricksTable.from_state(state)
    button_named(table, "the Joker, as the 7 of Hearts").click()
    assert table.live.text.startswith("You play the Joker to trick 1.")


def test_a_whole_short_game_by_clicking_buttons():
    table = TricksTable(nn.make("tricks", deals=2), seed=4)
    c = table.controller
    for _ in range(40):
        if c.is_over:
            break
        if c.state.phase == "bid":
            bid_by_clicks(table, (2, 5, 8))
        elif c.state.phase == "offer":
            button_named(table, "Pass").click()
        else:
            legal = [str(m.card) for m in c.state.legal_moves()]
            index = [button.card for button in c.hand_buttons()].index(legal[-1])
            table.hand_box.children[index].click()
    assert c.is_over
    assert "The game is over." in table.status_html.value
    assert f"Totals: You {c.state.scores[0]}," in table.scores_html.value
    assert table.scores_html.value.count("<li>") == 3           # two deals and the totals
    button_named(table, "New game").click()
    assert not c.is_over and c.state.deal == 1 and len(hand(table)) == 12


def test_watch_mode_has_step_and_run_buttons():
    table = TricksTable(watch=True, seed=5)
    assert hand(table) == []
    names = [b.description for b in visible_buttons(table)]
    assert names == ["Step", "Run to the end of the deal", "New game"]
    history = len(table.controller.state.history)
    button_named(table, "Step").click()
    assert len(table.controller.state.history) == history + 1
    button_named(table, "Run to the end of the deal").click()
    assert table.controller.state.deal == 2
    assert "Deal 1:" in table.scores_html.value
    assert "Deal 1 is scored." in table.live.text


def test_every_visible_control_has_a_text_name():
    table = TricksTable(seed=6)
    for step in range(3):
        for button in visible_buttons(table):
            assert button.description.strip(), "every button has a name"
        if step == 0:
            bid_by_clicks(table)
        elif step == 1:
            button_named(table, "Pass").click()


def test_grading_mode_shows_one_line(monkeypatch):
    monkeypatch.setenv("NINETYNINE_GRADING", "1")
    bundle = TricksTable(nn.make("tricks", deals=3))._repr_mimebundle_()
    assert bundle == {"text/plain": "A live table of Ninety-Nine, the trick-taking game, for 3 "
                                    "players and 3 deals appears here when the notebook runs in "
                                    "Jupyter."}
