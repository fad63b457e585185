"""The live table of the running-total games in a notebook: a card table drawn in the browser
(``cardtable.CardTableView``) over a ``TableController``, with the settings row under it.

    >>> import ninetynine as nn
    >>> from ninetynine.ui import Table
    >>> Table(nn.make("quentin_c", players=2), seat=0, bots="random", seed=3)   # doctest: +SKIP

All the table's logic lives in ``controller.py``; this file only turns the controller into the
table's model (the count large in the middle, the direction, every seat round the table with its
tokens or points and cards, your hand as card faces, the buttons, the log grouped by round) and
turns the browser's messages into controller calls. A card you cannot play now is shown "not
now" and its reason is its description; pressed anyway, the controller refuses it in one sentence.

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), a
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

import ipywidgets as w

from ninetynine import text
from ninetynine.frontend import sentences
from ninetynine.frontend.cardtable import CardTable, action_button, face, log_panel
from ninetynine.frontend.helpers import button, show

from . import table_words
from .controller import TableController


class Table(CardTable):
    """A live table of a running-total game: you against bots, or bots alone (``watch=True``).

    game    ``nn.make("quentin_c", players=3)`` (any running-total game)
    seat    your seat;  bots: a bot name, a callable, or one per seat;  seed: the first deal
    names   optional seat names;  watch: bots play every seat, with Step and Run buttons
    """

    def __init__(self, game, seat: int = 0, bots="expert", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, **kwargs):
        super().__init__(TableController(game, seat=seat, bots=bots, seed=seed, names=names,
                                         watch=watch, state=state), **kwargs)

    # --- the browser's actions ---------------------------------------------------------------

    def on_card(self, card: str) -> bool:
        return self.controller.click_card(card)

    def on_button(self, key: str) -> bool:
        c = self.controller
        if key.startswith("choice:"):
            return c.choose(key.removeprefix("choice:"))
        if key == "draw":
            return c.draw()
        if key == "end_turn":
            return c.end_turn()
        return super().on_button(key)

    # --- the settings row (ipywidgets, under the table) ----------------------------------------

    def _extra_widgets(self) -> list[w.Widget]:
        self.settings_box = self._build_settings()
        return [self.settings_box]

    def _build_settings(self) -> w.VBox:
        from ninetynine import bots as bots_module

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
            w.HTML("<h3>Settings</h3>"),
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
        """Show only the fields that mean something under ``rules`` (tokens and manual drawing
        exist only in games scored in tokens)."""
        applies = self.controller.applicable_settings(rules)
        show(self.tokens_input, applies["tokens"])
        show(self.auto_draw_input, applies["auto_draw"])

    def _settings_row(self) -> dict:
        """The settings row as it stands (what the player typed so far)."""
        return {"rules": self.rules_input.value, "players": self.players_input.value,
                "bots": self.bots_input.value, "hand_size": self.hand_size_input.value,
                "tokens": self.tokens_input.value or None,
                "auto_draw": self.auto_draw_input.value}

    def _rules_chosen(self, change) -> None:
        """A new rule set was chosen: keep what is still valid, and say in one sentence what the
        change did (the controller's ``settings_for``)."""
        row = {**self._settings_row(), "rules": change["old"]}
        settings, sentence = self.controller.settings_for(change["new"], row)
        self.players_input.value = settings["players"]
        self.hand_size_input.value = settings["hand_size"]
        self.tokens_input.value = settings["tokens"] or 0
        self.auto_draw_input.value = settings["auto_draw"]
        self._enable_token_settings(settings["rules"])
        self.view.announce(sentence)

    def _apply_settings(self) -> None:
        rules = self.rules_input.value
        tokens = self.tokens_input.value if self.controller.rule_sets[rules].scoring == "tokens" else None
        if self.controller.apply_settings(rules, self.players_input.value, self.bots_input.value,
                                          self.hand_size_input.value, tokens,
                                          self.auto_draw_input.value):
            self._show_settings()
        self.render()

    # --- the table's model ------------------------------------------------------------------

    def model(self) -> dict:
        c = self.controller
        state = c.state
        game = c.game
        summary = self.summary_panel()
        seats = self._seats()
        forward = state.direction == 1
        return {
            "layout": "felt",
            "felt_height": self._felt_height(seats),
            "title": sentences.table_title(game.rules.title, text.plural(game.players, "player")),
            "status": c.status(),
            "seats": seats,
            "centre": {"kind": "count", "count": c.count, "arrow": "↻" if forward else "↺",
                       "direction": table_words.direction_words(forward)},
            "hand": None if c.watch or summary else self._hand(),
            "choices": [action_button(f"choice:{choice.move}", choice.name)
                        for choice in c.choice_buttons()],
            "buttons": self._buttons(),
            "summary": summary,
            "panels": [log_panel(c)],
            "focus": ("summary" if summary else "choices" if c.pending
                      else "button:draw" if c.drawing else None),
        }

    @staticmethod
    def _felt_height(seats: list[dict]) -> int:
        """Pixels: taller for more than four seats, or for long seat facts (hands shown)."""
        long = any(len(", ".join(seat["facts"])) > 40 for seat in seats)
        return 250 + 40 * max(0, len(seats) - 4) + (80 if long else 0)

    def _seats(self) -> list[dict]:
        c = self.controller
        state = c.state
        seats = []
        for seat, (line, last) in enumerate(zip(c.seat_lines(), c.last_plays())):
            name = text.seat_name(seat, c.you, c.names)
            facts = line.removeprefix(name + ": ").removesuffix(".").removesuffix(", to move")
            out = state.rules.scoring == "tokens" and state.tokens[seat] == 0
            card = c.game.rules.parse_card(last.card) if last else None
            seats.append({"name": name, "facts": [facts], "you": seat == c.you,
                          "to_move": state.to_move == seat and not c.paused and not state.is_over,
                          "out": out,
                          # the seat's last card on the felt; "new" marks the bots' answers
                          "last": face(card, table_words.last_card_label(card.name, last.new),
                                       small=True) if last else None,
                          "new": bool(last and last.new)})
        return seats

    def _hand(self) -> dict:
        c = self.controller
        drawing = c.drawing                       # Draw or End turn first: no card now
        cards = [face(c.game.rules.parse_card(b.card), b.name, key=b.card,
                      playable=b.playable and not drawing,
                      reason=table_words.draw_or_end() if drawing else b.reason)
                 for b in c.hand_buttons()]
        step = "play" if c.your_turn and not drawing else ""
        return {"heading": sentences.TABLE_WORDS["hand"],
                "hint": table_words.HAND_HINTS.get(step, ""), "cards": cards}

    def _buttons(self) -> list[dict]:
        c = self.controller
        found = []
        if c.manual_draw and not c.watch and not c.paused:
            found += [action_button("draw", "Draw"), action_button("end_turn", "End turn")]
        return found + self.common_buttons("Run to the end of the round")

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        game = self.controller.game
        return f"Table({game.name!r}, players={game.players}, seat={self.controller.seat})"

    def grading_line(self) -> str:
        return table_words.grading_line(self.controller.game)
