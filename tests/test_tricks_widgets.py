"""The Ninety-Nine notebook table: build the real widget, send it the messages the browser sends
(``table.send``), and read the model the browser draws and the live region's sentence.

Outside a kernel ipywidgets catches an exception raised in a handler and only logs a warning, so
a broken handler would pass silently. The ``no_handler_errors`` fixture turns every such log
record into a failure. tests/test_browser_tricks.py plays the same table by keyboard in Chromium.
"""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ninetynine as nn  # noqa: E402
from ninetynine.text import plural  # noqa: E402
from ninetynine.tricks import events as ev  # noqa: E402
from ninetynine.tricks.cards import bid_value, parse_card, trumps_name  # noqa: E402
from ninetynine.ui import TricksTable  # noqa: E402
from table_helpers import (button_labels, click_card, codes_shown, hand, log_headings,  # noqa: E402
                           panel, said)

pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


def bid_by_clicks(table, indexes=(0, 1, 2)) -> None:
    for index in indexes:
        table.send({"action": "card", "card": table.hand()[index]["id"]})
    table.press("Lay aside these three")


def test_the_table_shows_the_engine_state():
    table = TricksTable(seed=1)
    state = table.controller.state
    model = table.view.table
    assert hand(table) == [card.name for card in state.hands[0]]
    assert model["seating"] == "sides" and model["centre"]["kind"] == "trick" and "Deal 1 of 9" in model["status"]
    assert [seat["name"] for seat in model["seats"]] == ["You", "Seat 1", "Seat 2"]
    assert model["seats"][0]["facts"][0].startswith("no bid yet")
    turn_up = model["centre"]["turn_up"]
    assert turn_up["label"] == f"Turn-up: {state.turn_up.name}"
    assert model["centre"]["trumps"] in ("No trumps", f"Trumps: {trumps_name(state.trumps)}")
    assert panel(table, "Scores") == ["Totals: You 0, Seat 1 0, Seat 2 0."]
    assert said(table) == " ".join(table.controller.latest) != ""
    assert button_labels(table) == ["Lay aside these three", "New game"]
    assert "Choose three cards" in model["hand"]["note"]


def test_a_bid_by_pressing_cards_and_the_lay_aside_button():
    table = TricksTable(seed=2)
    state = table.controller.state
    cards = state.hands[0][:3]
    click_card(table, cards[0].name)
    assert hand(table)[0] == f"{cards[0].name}, selected" and table.hand()[0]["selected"]
    click_card(table, f"{cards[0].name}, selected")                   # put it back
    assert hand(table)[0] == cards[0].name and not table.hand()[0]["selected"]
    for card in cards:
        click_card(table, card.name)
    value = bid_value(cards, state.turn_up)
    assert f"Your bid: {plural(value, 'trick')}." in table.view.table["hand"]["note"]
    assert not click_card(table, hand(table)[3])                      # a fourth card: refused
    assert not table.hand()[3]["selected"]
    assert said(table).startswith("You have chosen three cards already")
    table.press("Lay aside these three")
    assert ev.BidLaidAside(0, tuple(cards), value) in state.history
    assert table.controller.state.phase == "offer"
    assert "Lay aside these three" not in button_labels(table)
    assert said(table).startswith(f"You lay aside {table.controller.cards_words(cards)}")
    assert table.view.table["focus"] == "buttons"                     # the offers come next


def test_two_cards_are_not_a_bid():
    table = TricksTable(seed=2)
    before = table.controller.state.to_json()
    click_card(table, hand(table)[0])
    click_card(table, hand(table)[4])
    assert not table.press("Lay aside these three")
    assert table.controller.state.to_json() == before
    assert said(table) == ("A bid lays aside exactly three cards: you have chosen two, so "
                           "choose 1 more.")


def test_offer_buttons_then_playing_a_card():
    table = TricksTable(seed=3)
    bid_by_clicks(table)
    assert button_labels(table)[0] == "Pass"
    table.press("Declare: play with your bid cards face up, premium 30")
    c = table.controller
    assert c.state.premium == (0, "declare")
    assert any("You declare" in line for line in panel(table, "Cards face up"))
    assert table.view.table["centre"]["trick_title"] == "Trick 1 of 9"
    seats = [play["seat"] for play in table.view.table["centre"]["plays"]]
    assert seats == ["You", "Seat 1", "Seat 2"]
    card = c.state.hands[0][0]
    click_card(table, card.name)
    assert ev.CardToTrick(0, card, 1) in c.state.history
    assert said(table).startswith(f"You play the {card.name} to trick 1.")
    assert card.name not in hand(table)
    assert hand(table) == [c.card_name(x) for x in c.state.hands[0]]
    shown = table.view.table["centre"]
    labels = [play["card"]["label"] for play in shown["plays"] if play["card"]]
    assert card.name in labels or c.state.trick                        # on the felt, by seat


def test_a_card_that_does_not_follow_suit_is_marked_and_refused():
    game = nn.make("tricks")
    state = game.setup(hands=["6C 7C 8C 9C 10C JC QC KC", "AC 6D 7D 8D 9D 10D 8H 9H AS",
                              "JD QD KD AD 6S 7S 8S 9S 10S"], turn_up="JK",
                       laid_aside=["6H QS KS", "JS 10H JH", "QH KH AH"], trick="7H", leader=0)
    table = TricksTable.from_state(state, seat=1)
    marked = {card["label"]: card for card in table.hand()}
    assert not marked["Ace of Clubs"]["playable"] and "Hearts" in marked["Ace of Clubs"]["reason"]
    assert marked["8 of Hearts"]["playable"] and marked["9 of Hearts"]["playable"]
    plays = table.view.table["centre"]["plays"]
    assert plays[0] == {"seat": "Seat 0", "card": plays[0]["card"], "winner": False}
    assert plays[0]["card"]["label"] == "7 of Hearts" and plays[0]["card"]["colour"] == "red"
    before = table.controller.state.to_json()
    assert not click_card(table, "Ace of Clubs")
    assert table.controller.state.to_json() == before
    assert "Hearts were led" in said(table) and "AC" not in said(table)
    click_card(table, "8 of Hearts")
    assert ev.CardToTrick(1, parse_card("8H"), 1) in table.controller.state.history


def test_the_joker_says_what_it_stands_for():
    game = nn.make("tricks")
    state = game.setup(hands=["JK 6C 7C 8C 9C 10C JC QC AD", "6D 7D 8D 9D 10D JD QD KD 6S",
                              "7S 8S 9S 10S JS QS KS AS 6H"],
                       turn_up="7H", laid_aside=["KC AC 8H", "9H 10H JH", "QH KH AH"])
    table = TricksTable.from_state(state)
    joker = next(card for card in table.hand() if card["id"] == "JK")
    assert joker["label"] == "the Joker, as the 7 of Hearts" and joker["suit"] == "as 7♥"
    click_card(table, "the Joker, as the 7 of Hearts")
    assert said(table).startswith("You play the Joker to trick 1.")


def test_a_whole_short_game_with_its_pauses():
    table = TricksTable(nn.make("tricks", deals=2), seed=4)
    c = table.controller
    summaries = 0
    for _ in range(60):
        model = table.view.table
        if model["summary"] and c.is_over:
            break
        if model["summary"]:
            summaries += 1
            assert model["hand"] is None and model["focus"] == "summary"
            last = model["centre"]
            assert last["trick_title"] == "Last trick, number 9"            # kept until Next deal
            assert any(play["winner"] for play in last["plays"])
            table.press("Next deal")
        elif c.state.phase == "bid":
            bid_by_clicks(table, (2, 5, 8))
        elif c.state.phase == "offer":
            table.press("Pass")
        else:
            playable = [card for card in table.hand() if card["playable"]]
            legal = {str(m.card) for m in c.state.legal_moves()}
            assert {card["id"] for card in playable} == legal
            table.send({"action": "card", "card": playable[-1]["id"]})
        assert codes_shown(table) == []                     # cards in words, never codes
    assert c.is_over and summaries == 1
    assert "The game is over." in table.view.table["status"]
    assert table.view.table["summary"]["button"]["label"] == "New game"
    assert panel(table, "Scores")[-1].startswith(f"Totals: You {c.state.scores[0]},")
    assert len(panel(table, "Scores")) == 3                         # two deals and the totals
    assert log_headings(table) == ["Deal 1 of 2", "Deal 2 of 2"]
    table.press("New game")
    assert not c.is_over and c.state.deal == 1 and len(hand(table)) == 12


def test_watch_mode_has_step_and_run_buttons():
    table = TricksTable(watch=True, seed=5)
    assert table.view.table["hand"] is None
    hands = panel(table, "Cards in hand")                 # every hand beside the felt, in words
    state = table.controller.state
    assert hands[0] == f"Seat 0: {table.controller.cards_words(state.hands[0])}."
    assert all("holds" not in seat["facts"][0] for seat in table.view.table["seats"])
    assert button_labels(table) == ["Step", "Run to the end of the deal", "New game"]
    history = len(table.controller.state.history)
    table.press("Step")
    assert len(table.controller.state.history) == history + 1
    table.press("Run to the end of the deal")
    assert any(line.startswith("Deal 1:") for line in panel(table, "Scores"))
    assert "Deal 1 is scored." in said(table)


def test_every_visible_control_has_a_text_name():
    table = TricksTable(seed=6)
    for step in range(3):
        assert all(b["label"].strip() for b in table.buttons())
        assert all(card["label"].strip() for card in table.hand())
        if step == 0:
            bid_by_clicks(table)
        elif step == 1:
            table.press("Pass")


def test_grading_mode_shows_one_line(monkeypatch):
    monkeypatch.setenv("NINETYNINE_GRADING", "1")
    bundle = TricksTable(nn.make("tricks", deals=3))._repr_mimebundle_()
    assert bundle == {"text/plain": "A live table of Ninety-Nine, the trick-taking game, for 3 "
                                    "players and 3 deals appears here when the notebook runs in "
                                    "Jupyter."}


def test_the_pause_keeps_the_finished_deals_turn_up_and_trumps():
    table = TricksTable(nn.make("tricks", deals=2), watch=True, seed=4)
    first = table.controller.state.turn_up
    table.press("Run to the end of the deal")
    centre = table.view.table["centre"]
    assert table.controller.paused and table.controller.state.deal == 2   # the next is dealt
    assert centre["turn_up"]["label"] == f"Turn-up: {first.name}"
    assert centre["trumps"] == f"Trumps: {first.name.split(' of ')[-1]}"
    assert centre["trick_title"] == "Last trick, number 9"
