"""The notebook table: build real widgets, click their buttons, read their values.

Outside a kernel ipywidgets catches an exception raised in a click handler and only logs a
warning, so a broken handler would pass silently. The ``no_handler_errors`` fixture turns every
such log record into a failure.
"""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ninetynine as nn  # noqa: E402
from ninetynine.counting import events as ev  # noqa: E402
from ninetynine.ui import Table  # noqa: E402
from ninetynine.ui.live import LiveRegion  # noqa: E402


pytestmark = pytest.mark.usefixtures("no_handler_errors")   # in conftest.py


def buttons(box) -> list:
    return list(box.children)


def button_named(table: Table, name: str):
    """The visible button (in any nested box) whose description is ``name``."""
    found = [b for b in walk(table) if getattr(b, "description", None) == name
             and hasattr(b, "click") and b.layout.display != "none"]
    assert found, f"no button named {name!r}"
    return found[0]


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        if getattr(child, "layout", None) is None or child.layout.display != "none":
            yield from walk(child)


def position_table(hands, count=27, players=2, **options) -> Table:
    game = nn.make("quentin_c", players=players, **options)
    return Table.from_state(game.setup(count=count, hands=hands), bots="random")


def test_the_table_shows_the_engine_state():
    table = position_table(["6C 9D KH", "7C 7D 7H"])
    assert "Count: 27" in table.count_html.value
    assert [b.description for b in buttons(table.hand_box)] == [
        "6 of Clubs", "9 of Diamonds", "King of Hearts"]
    assert "You" in table.seats_html.value and "Seat 1" in table.seats_html.value
    assert table.status_html.value
    assert buttons(table.choice_box) == []


def test_clicking_a_card_plays_it_and_the_bot_answers():
    table = position_table(["6C 9D KH", "7C 7D 7H"])
    buttons(table.hand_box)[0].click()                     # the 6 of Clubs: 27 -> 33
    state = table.controller.state
    assert ev.CardPlayed(0, nn.parse_card("6C"), None, 27, 33) in state.history
    assert [e.seat for e in state.history if type(e) is ev.CardPlayed] == [0, 1]  # the bot answered
    assert f"Count: {state.count}" in table.count_html.value
    assert "6 of Clubs" not in [b.description for b in buttons(table.hand_box)]
    assert table.live.text == " ".join(table.controller.latest) != ""
    assert table.controller.latest[0] in table.history_html.value


def test_choice_buttons_appear_and_play_the_chosen_value():
    table = position_table(["AS 9D KH", "7C 7D 7H"])
    button_named(table, "Ace of Spades").click()
    choices = buttons(table.choice_box)
    assert len(choices) == 2 and all("Ace of Spades" in b.description for b in choices)
    assert "Count: 27" in table.count_html.value
    eleven = next(b for b in choices if "11" in b.description)
    eleven.click()
    assert ev.CardPlayed(0, nn.parse_card("AS"), 11, 27, 38) in table.controller.state.history
    assert buttons(table.choice_box) == []


def test_a_refused_click_shows_one_sentence_and_changes_nothing():
    table = Table.from_state(nn.make("classic", players=2).setup(count=95, hands=["KH 2C", "7C 7D"]),
                             bots="random")
    before = table.controller.state.to_json()
    button_named(table, "King of Hearts").click()
    assert table.controller.state.to_json() == before
    assert "King of Hearts" in table.live.text and table.live.text == table.controller.message
    assert "Count: 95" in table.count_html.value


def test_manual_draw_buttons():
    table = position_table(["6C 9D KH", "7C 7D 7H"], count=10, auto_draw=False)
    assert table.draw_box.layout.display != "none"
    button_named(table, "9 of Diamonds").click()
    assert table.controller.drawing
    button_named(table, "Draw").click()
    assert any(type(e) is ev.CardDrawn and e.seat == 0 for e in table.controller.state.history)
    assert len(buttons(table.hand_box)) == 3
    auto = position_table(["6C 9D KH", "7C 7D 7H"])
    assert auto.draw_box.layout.display == "none"


def test_watch_mode_buttons():
    table = Table(nn.make("quentin_c", players=3, tokens=5), watch=True, bots="random", seed=3)
    assert table.watch_box.layout.display != "none"
    button_named(table, "Step").click()
    assert sum(type(e) is ev.CardPlayed for e in table.controller.state.history) == 1
    assert table.live.text
    run = button_named(table, "Run to the end of the round")
    run.click()
    state = table.controller.state
    assert any(type(e) is ev.RoundOver for e in state.history)
    assert f"Count: {state.count}" in table.count_html.value


def test_new_game_and_settings():
    table = Table(nn.make("quentin_c", players=2), bots="random", seed=1)
    assert table.bots_input.options == ("random", "cautious", "expert", "search")  # its own only
    first = table.controller.state
    button_named(table, "New game").click()
    assert table.controller.state is not first
    table.rules_input.value = "taiwanese"                  # fills in the Taiwanese defaults
    assert table.hand_size_input.value == 5 and table.tokens_input.disabled
    table.players_input.value = 4
    table.apply_button.click()
    assert table.controller.game.name == "taiwanese" and table.controller.game.players == 4
    assert len(buttons(table.hand_box)) == 5
    game = table.controller.game
    table.players_input.value = 9                          # too many players
    table.apply_button.click()
    assert table.controller.game is game
    assert "players" in table.live.text.lower() and table.players_input.value == 9


def test_a_whole_game_through_the_buttons():
    table = Table(nn.make("rs_games", players=3, tokens=1), bots="random", seed=8)
    for _ in range(500):
        if table.controller.is_over:
            break
        hand = buttons(table.hand_box)
        before = table.controller.state.to_json()
        hand[0].click()
        if buttons(table.choice_box):
            buttons(table.choice_box)[0].click()
        if table.controller.state.to_json() == before:       # refused: try the last card
            hand[-1].click()
    assert table.controller.is_over
    assert "over" in table.status_html.value


def test_every_button_has_a_name():
    table = Table(nn.make("quentin_c", players=2, auto_draw=False), bots="random", seed=2)
    named = [b for b in walk(table) if hasattr(b, "click")]
    assert named and all(b.description.strip() for b in named)


def test_the_live_region_announces_a_repeated_sentence_again():
    region = LiveRegion()
    seen = []
    region.observe(lambda change: seen.append(change["new"]), names="text")
    region.announce("Not your turn.")
    region.announce("Not your turn.")
    assert seen == ["Not your turn.", "", "Not your turn."]
    assert 'role", "status"' in region._esm and 'aria-live", "polite"' in region._esm


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
