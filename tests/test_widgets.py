"""The counting games' notebook table: build the real widget, send it the messages the browser
sends (``table.send``), and read the model the browser draws and the live region's sentence.

Outside a kernel ipywidgets catches an exception raised in a handler and only logs a warning, so
a broken handler would pass silently. The ``no_handler_errors`` fixture turns every such log
record into a failure. tests/test_browser.py plays the same table by keyboard in Chromium.
"""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ninetynine as nn  # noqa: E402
from ninetynine.counting import events as ev  # noqa: E402
from ninetynine.ui import Table  # noqa: E402
from ninetynine.frontend.cardtable import CardTableView  # noqa: E402
from ninetynine.frontend.live import LiveRegion  # noqa: E402
from table_helpers import (button_labels, click_card, codes_shown, hand, log_headings,  # noqa: E402
                           panel, said)

pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


def position_table(hands, count=27, players=2, **options) -> Table:
    game = nn.make("quentin_c", players=players, **options)
    return Table.from_state(game.setup(count=count, hands=hands), bots="random")


def test_the_table_shows_the_engine_state_as_a_card_table():
    table = position_table(["6C 9D KH", "7C 7D 7H"])
    model = table.view.table
    assert model["layout"] == "felt" and model["centre"]["kind"] == "count" and model["centre"]["count"] == 27
    assert model["centre"]["direction"] == "Play goes in seat order"
    assert hand(table) == ["6 of Clubs", "9 of Diamonds", "King of Hearts"]
    nine = table.hand()[1]
    assert (nine["rank"], nine["symbol"], nine["suit"], nine["colour"]) == \
        ("9", "♦", "Diamonds", "red")
    assert table.hand()[0]["colour"] == "black" and table.hand()[0]["symbol"] == "♣"
    assert [seat["name"] for seat in model["seats"]] == ["You", "Seat 1"]
    assert model["seats"][0]["facts"] == ["9 tokens, 3 cards"] and model["seats"][0]["to_move"]
    assert model["status"] == table.controller.status()
    assert model["choices"] == [] and button_labels(table) == ["New game"]
    assert said(table) == " ".join(table.controller.latest)


def test_pressing_a_card_plays_it_and_the_bot_answers():
    table = position_table(["6C 9D KH", "7C 7D 7H"])
    assert click_card(table, "6 of Clubs")                          # 27 -> 33
    state = table.controller.state
    assert ev.CardPlayed(0, nn.parse_card("6C"), None, 27, 33) in state.history
    assert [e.seat for e in state.history if type(e) is ev.CardPlayed] == [0, 1]   # the bot answered
    assert table.view.table["centre"]["count"] == state.count
    assert "6 of Clubs" not in hand(table)
    assert said(table) == " ".join(table.controller.latest)
    assert said(table).startswith("You play the 6 of Clubs.")
    assert "You play the 6 of Clubs. The count is 33." in panel(table, "What happened")


def test_choice_buttons_appear_and_play_the_chosen_value():
    table = position_table(["AS 9D KH", "7C 7D 7H"])
    click_card(table, "Ace of Spades")
    choices = table.view.table["choices"]
    assert len(choices) == 2 and all("Ace of Spades" in c["label"] for c in choices)
    assert table.view.table["focus"] == "choices"                   # the keyboard goes there
    assert table.view.table["centre"]["count"] == 27
    eleven = next(c for c in choices if "11" in c["label"])
    table.press(eleven["label"])
    assert ev.CardPlayed(0, nn.parse_card("AS"), 11, 27, 38) in table.controller.state.history
    assert table.view.table["choices"] == []


def test_an_unplayable_card_is_marked_with_its_reason_and_refused_in_words():
    table = Table.from_state(nn.make("classic", players=2).setup(count=95, hands=["KH 2C", "7C 7D"]),
                             bots="random")
    king = table.hand()[0]
    assert king["label"] == "King of Hearts" and not king["playable"]
    assert "King of Hearts" in king["reason"] or "99" in king["reason"]
    assert table.hand()[1]["playable"] and table.hand()[1]["reason"] == ""
    before = table.controller.state.to_json()
    assert not click_card(table, "King of Hearts")
    assert table.controller.state.to_json() == before
    assert said(table) == table.controller.message and "King of Hearts" in said(table)
    assert table.view.table["centre"]["count"] == 95
    assert not table.send({"action": "dance"}) and not table.send("junk")   # unknown messages


def test_manual_draw_buttons():
    table = position_table(["6C 9D KH", "7C 7D 7H"], count=10, auto_draw=False)
    assert button_labels(table) == ["Draw", "End turn", "New game"]
    click_card(table, "9 of Diamonds")
    assert table.controller.drawing and table.view.table["focus"] == "button:draw"
    assert not any(card["playable"] for card in table.hand())        # Draw or End turn first
    table.press("Draw")
    assert any(type(e) is ev.CardDrawn and e.seat == 0 for e in table.controller.state.history)
    assert len(hand(table)) == 3
    click_card(table, "6 of Clubs")
    table.press("End turn")
    assert len(hand(table)) == 2
    assert button_labels(position_table(["6C 9D KH", "7C 7D 7H"])) == ["New game"]


def test_watch_mode_step_run_and_the_round_summary():
    table = Table(nn.make("quentin_c", players=3, tokens=5), watch=True, bots="random", seed=3)
    assert table.view.table["hand"] is None
    assert button_labels(table) == ["Step", "Run to the end of the round", "New game"]
    table.press("Step")
    assert sum(type(e) is ev.CardPlayed for e in table.controller.state.history) == 1
    assert said(table)
    table.press("Run to the end of the round")
    summary = table.view.table["summary"]
    assert summary["heading"] == table.controller.summary.heading and summary["lines"]
    assert summary["button"]["label"] == "Next round" and table.view.table["focus"] == "summary"
    assert "Next round" in button_labels(table)
    table.press("Next round")
    assert table.view.table["summary"] is None
    assert log_headings(table)[:2] == ["Round 1", "Round 2"]


def test_a_round_ends_with_a_summary_that_waits_for_next_round():
    table = Table(nn.make("quentin_c", players=2, tokens=5), bots="random", seed=5)
    for _ in range(200):
        if table.view.table["summary"]:
            break
        playable = [card for card in table.hand() if card["playable"]] or table.hand()
        table.send({"action": "card", "card": playable[0]["id"]})
        if table.view.table["choices"]:
            table.press(table.view.table["choices"][0]["label"])
    summary = table.view.table["summary"]
    assert summary and summary["lines"] and table.view.table["hand"] is None
    assert not table.send({"action": "card", "card": "AS"})          # refused while paused
    assert table.controller.paused and said(table) == table.controller.message
    table.press(summary["button"]["label"])
    assert not table.controller.paused and table.view.table["hand"]["cards"]


def test_new_game_and_settings():
    table = Table(nn.make("quentin_c", players=2), bots="random", seed=1)
    assert table.bots_input.options == ("random", "cautious", "expert", "search")  # its own only
    first = table.controller.state
    table.press("New game")
    assert table.controller.state is not first
    table.rules_input.value = "taiwanese"                            # what is valid is kept
    assert table.tokens_input.layout.display == "none"               # not a tokens game: hidden
    assert table.auto_draw_input.layout.display == "none"
    assert (table.players_input.value, table.hand_size_input.value) == (2, 3)
    assert said(table).startswith('Under the Taiwanese "99 Rules": tokens and manual drawing do '
                                  "not apply")                       # one sentence says so
    table.players_input.value = 4
    table.hand_size_input.value = 5
    table.apply_button.click()
    assert table.controller.game.name == "taiwanese" and table.controller.game.players == 4
    assert len(hand(table)) == 5 and len(table.view.table["seats"]) == 4
    table.rules_input.value = "quentin_c"
    assert table.tokens_input.layout.display != "none" and table.tokens_input.value == 9
    assert "9 tokens" in said(table)
    table.rules_input.value = "taiwanese"
    game = table.controller.game
    table.players_input.value = 9                                    # too many players
    table.apply_button.click()
    assert table.controller.game is game
    assert "players" in said(table).lower() and table.players_input.value == 9


def test_a_whole_game_through_the_messages():
    table = Table(nn.make("rs_games", players=3, tokens=1), bots="random", seed=8)
    for _ in range(500):
        if table.controller.is_over:
            break
        model = table.view.table
        if model["summary"]:
            table.press(model["summary"]["button"]["label"])
            continue
        playable = [card for card in table.hand() if card["playable"]]
        table.send({"action": "card", "card": (playable or table.hand())[0]["id"]})
        assert codes_shown(table) == []                     # cards in words, never codes
        if table.view.table["choices"]:
            table.press(table.view.table["choices"][0]["label"])
    assert table.controller.is_over
    assert "over" in table.view.table["status"]
    assert table.view.table["summary"]["button"]["label"] == "New game"


def test_every_button_and_card_has_a_name():
    table = Table(nn.make("quentin_c", players=2, auto_draw=False), bots="random", seed=2)
    assert all(b["label"].strip() for b in table.buttons())
    assert all(card["label"].strip() for card in table.hand())


def test_the_front_end_keeps_one_live_region_and_marks_cards_in_words():
    from ninetynine.frontend import cardtable
    esm = (cardtable.HERE / "cardtable.js").read_text()
    assert 'role: "status", "aria-live": "polite"' in esm               # made once, text changed
    assert '"aria-disabled"' in esm and '"aria-describedby"' in esm     # unplayable: why
    assert 'role: "grid"' in esm and 'role: "gridcell"' in esm


def test_the_live_region_announces_a_repeated_sentence_again():
    view = CardTableView()
    view.announce("Not your turn.")
    first = view.news_id
    view.announce("Not your turn.")
    assert view.news == "Not your turn." and view.news_id == first + 1
    region = LiveRegion()                                               # ProtocolTable's
    seen = []
    region.observe(lambda change: seen.append(change["new"]), names="text")
    region.announce("Not your turn.")
    region.announce("Not your turn.")
    assert seen == ["Not your turn.", "", "Not your turn."]


def test_grading_mode_shows_one_line(monkeypatch):
    table = Table(nn.make("quentin_c", players=2), bots="random")
    monkeypatch.setenv("NINETYNINE_GRADING", "1")
    bundle = table._repr_mimebundle_()
    assert list(bundle) == ["text/plain"] and "\n" not in bundle["text/plain"]
    monkeypatch.delenv("NINETYNINE_GRADING")
    assert "application/vnd.jupyter.widget-view+json" in table._repr_mimebundle_()
    assert repr(table) == "Table('quentin_c', players=2, seat=0)"


def test_a_table_of_a_learners_rule_set_offers_it_in_the_settings():
    from ninetynine.counting import QUENTIN_C, CountingGame
    mine = QUENTIN_C.variant(name="mine", title="my house rules")
    table = Table(CountingGame(mine, players=3), bots="random", seed=2)
    assert table.rules_input.value == "mine"
    table.players_input.value = 4
    table.apply_button.click()
    assert table.controller.game.rules is mine and table.controller.game.players == 4
