"""The live table in a notebook: ipywidgets that show a ``TableController`` and forward clicks.

    >>> import ninetynine as nn
    >>> from ninetynine.ui import Table
    >>> Table(nn.make("quentin_c", players=2), seat=0, bots="random", seed=3)   # doctest: +SKIP

All the table's logic lives in ``controller.py``; this file only builds widgets, copies the
controller's values into them (``render``) and turns clicks into controller calls. Every control
is a button, a dropdown, a number box or a check box with a text name, so a keyboard (Tab, Enter)
and a screen reader can use all of it; the latest news goes to a polite live region.

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), a
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from . import sentences
from .controller import TableController
from .helpers import button, html_list, show
from .live import LiveRegion
from .shell import TableWidget


class Table(TableWidget):
    """A live table of a running-total game: you against bots, or bots alone (``watch=True``).

    game    ``nn.make("quentin_c", players=3)`` (any running-total game)
    seat    your seat;  bots: a bot name, a callable, or one per seat;  seed: the first deal
    names   optional seat names;  watch: bots play every seat, with Step and Run buttons
    """

    def __init__(self, game, seat: int = 0, bots="expert", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, **kwargs):
        super().__init__(TableController(game, seat=seat, bots=bots, seed=seed, names=names,
                                         watch=watch, state=state), **kwargs)

    # --- building the widgets ----------------------------------------------------------------

    def _build(self) -> None:
        c = self.controller
        self.count_html = w.HTML()
        self.status_html = w.HTML()
        self.seats_html = w.HTML()
        self.live = LiveRegion()
        self.hand_label = w.HTML("<b>Your hand</b> (click a card to play it):")
        self._card_buttons: list[w.Button] = []
        self._hand_cards: list[str] = []
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._choice_buttons: list[w.Button] = []
        self._choice_moves: list[str] = []
        self.choice_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.draw_button = button("Draw", c.draw)
        self.end_button = button("End turn", c.end_turn)
        self.draw_box = w.HBox([self.draw_button, self.end_button])
        self._build_common("Run to the end of the round", w.VBox(
            [self.hand_label, self.hand_box, self.choice_box, self.draw_box]))
        self.settings_box = self._build_settings()
        self._render_after(self.draw_button, self.end_button, self.step_button, self.run_button,
                           self.new_game_button)
        self.children = [self.count_html, self.status_html, self.seats_html, self.live,
                         self.hand_area,
                         self.watch_box, w.HBox([self.new_game_button]), self.history_html,
                         self.settings_box]

    def _build_settings(self) -> w.VBox:
        from .. import bots as bots_module

        bot_names = list(bots_module.bots_for(self.controller.game))
        if not isinstance(self.controller.bots_choice, str):
            bot_names.append("custom")
        self.rules_input = w.Dropdown(
            description="Rule set", options=[(r.title, name) for name, r in self.controller.rule_sets.items()])
        self.players_input = w.IntText(description="Players", layout=w.Layout(width="11em"))
        self.bots_input = w.Dropdown(description="Bots", options=bot_names)
        self.hand_size_input = w.IntText(description="Hand size", layout=w.Layout(width="11em"))
        self.tokens_input = w.IntText(description="Tokens", layout=w.Layout(width="11em"))
        self.auto_draw_input = w.Checkbox(description="Automatic draw", indent=False)
        self.apply_button = button("Apply settings and deal a new game", self._apply_settings)
        self._show_settings()
        self.rules_input.observe(self._rules_chosen, names="value")
        return w.VBox([
            w.HTML("<b>Settings</b>"),
            w.HBox([self.rules_input, self.players_input, self.bots_input],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.hand_size_input, self.tokens_input, self.auto_draw_input],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.apply_button]),
        ])

    def _show_settings(self) -> None:
        """Copy the controller's settings into the settings row."""
        settings = self.controller.settings()
        self.rules_input.value = settings["rules"]
        self.players_input.value = settings["players"]
        self.bots_input.value = settings["bots"]
        self.hand_size_input.value = settings["hand_size"]
        self.tokens_input.value = settings["tokens"] or 0
        self.auto_draw_input.value = settings["auto_draw"]
        self._enable_token_settings(settings["rules"])

    def _enable_token_settings(self, rules: str) -> None:
        """Tokens and manual drawing exist only in the rule sets that play for tokens."""
        tokens = self.controller.rule_sets[rules].scoring == "tokens"
        self.tokens_input.disabled = not tokens
        self.auto_draw_input.disabled = not tokens

    def _rules_chosen(self, change) -> None:
        """A new rule set was chosen: fill in its default table."""
        rules = self.controller.rule_sets[change["new"]]
        self.players_input.value = rules.default_players
        self.hand_size_input.value = rules.default_hand_size
        self.tokens_input.value = rules.default_tokens
        self.auto_draw_input.value = True
        self._enable_token_settings(rules.name)

    def _apply_settings(self) -> None:
        rules = self.rules_input.value
        tokens = self.tokens_input.value if self.controller.rule_sets[rules].scoring == "tokens" else None
        if self.controller.apply_settings(rules, self.players_input.value, self.bots_input.value,
                                          self.hand_size_input.value, tokens,
                                          self.auto_draw_input.value):
            self._show_settings()
        self.render()

    # --- showing the controller -----------------------------------------------------------------

    def render(self) -> None:
        c = self.controller
        self.count_html.value = (f'<div style="font-size:2.5em;font-weight:bold">'
                                 f'Count: {c.count}</div>')
        self.status_html.value = f"<p>{escape(c.status())}</p>"
        self.seats_html.value = html_list("ul", c.seat_lines())
        self._render_hand()
        self._render_choices()
        show(self.draw_box, c.manual_draw and not c.watch)
        self._render_news()

    def _render_hand(self) -> None:
        cards = self.controller.hand_buttons()
        self._hand_cards = [card.card for card in cards]
        self._relabel(self.hand_box, self._card_buttons, [card.name for card in cards],
                      self._click_card)

    def _render_choices(self) -> None:
        choices = self.controller.choice_buttons()
        self._choice_moves = [choice.move for choice in choices]
        self._relabel(self.choice_box, self._choice_buttons, [c.name for c in choices],
                      self._choose)

    def _relabel(self, box: w.Box, pool: list[w.Button], names: list[str], handler) -> None:
        """Show one button per name in ``box``; button ``i`` calls ``handler(i)``."""
        self._button_pool(pool, len(names), handler)
        for each, name in zip(pool, names):
            each.description = name
        box.children = pool[:len(names)]

    def _click_card(self, index: int) -> None:
        self.controller.click_card(self._hand_cards[index])
        self.render()

    def _choose(self, index: int) -> None:
        self.controller.choose(self._choice_moves[index])
        self.render()

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        game = self.controller.game
        return f"Table({game.name!r}, players={game.players}, seat={self.controller.seat})"

    def grading_line(self) -> str:
        return sentences.grading_line(self.controller.game)
