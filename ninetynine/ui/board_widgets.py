"""The live table of The Game of 99 in a notebook: ipywidgets that show a ``BoardController``.

    >>> import ninetynine as nn
    >>> from ninetynine.ui import BoardTable
    >>> BoardTable(nn.make("board", players=2), bots="board_heuristic", seed=3)   # doctest: +SKIP

All the table's logic lives in ``board_controller.py``; this file only builds widgets, copies the
controller's values into them (``render``) and turns clicks into controller calls.

The board is a grid of 100 buttons; below the hand, a "Square number" box and its button let a
keyboard user type the square instead of moving through the grid. Each button's text is its name
for a screen reader too:
"square 52, empty", "square 52, yours", "square 52, Seat 1's", "square 52, your partner's", with
", allowed" added while the selected card may be played there. Owners are also shown by colour
and by a letter mark (X, O, Z, explained in the legend); allowed squares by a yellow colour and a
thick outline. The marks are drawn by the stylesheet with empty alternative text, so a screen
reader hears the words only once. The latest news goes to a polite live region.

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), a
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from ..board.text import MARKS
from .board_controller import BoardController
from .helpers import button
from .live import LiveRegion
from .shell import TableWidget

#: Square colours per team (light, so that black text stays readable) and for allowed squares.
TEAM_COLOURS = ("#cfe2ff", "#ffd8a8", "#c8f0c8")
ALLOWED_COLOUR = "#fff27a"
EMPTY_COLOUR = "#f4f4f4"

_BOARD_CSS = """
.nn-board { gap: 3px; max-width: 62em; }
.jupyter-button.nn-square {
  white-space: normal; height: auto; min-height: 3.6em; line-height: 1.15;
  padding: 2px 3px; font-size: 0.85em; color: #000; overflow: visible; margin: 0;
}
.jupyter-button.nn-allowed { outline: 3px solid #1a4fa0; outline-offset: -3px; }
""" + "".join(f'.jupyter-button.nn-team-{team}::before {{ content: "{mark} " / ""; '
              'font-weight: bold; font-size: 1.25em; }\n' for team, mark in enumerate(MARKS))


class BoardLive(LiveRegion):
    """The polite live region, carrying the board's stylesheet (anywidget loads it once)."""

    _css = LiveRegion._css + _BOARD_CSS


class BoardTable(TableWidget):
    """A live table of The Game of 99: you against bots, or bots alone (``watch=True``).

    game    ``nn.make("board", players=2)`` (2, 3, 4 or 6 players)
    seat    your seat;  bots: a bot name, a callable, or one per seat;  seed: the first deal
    names   optional seat names;  watch: bots play every seat, with Step and Run buttons
    """

    def __init__(self, game, seat: int = 0, bots="board_heuristic", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, **kwargs):
        super().__init__(BoardController(game, seat=seat, bots=bots, seed=seed, names=names,
                                         watch=watch, state=state), **kwargs)

    # --- building the widgets ----------------------------------------------------------------

    def _build(self) -> None:
        c = self.controller
        self.status_html = w.HTML()
        self.counts_html = w.HTML()
        self.legend_html = w.HTML()
        self.live = BoardLive()
        self.square_buttons: dict[int, w.Button] = {}
        cells = []
        for square in c.squares():
            cell = button("", lambda number=square.square: self._click_square(number))
            cell.layout = w.Layout(width="auto")
            cell.add_class("nn-square")
            self.square_buttons[square.square] = cell
            cells.append(cell)
        self.board = w.GridBox(cells, layout=w.Layout(grid_template_columns="repeat(10, 1fr)"))
        self.board.add_class("nn-board")
        self.allowed_html = w.HTML()
        self.hand_label = w.HTML("<b>Your hand</b> (select a card, then a square it allows):")
        self._card_buttons: list[w.Button] = []
        self._hand_cards: list[int] = []
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.draw_button = button("Draw", c.draw)
        self.discard_button = button("Discard selected card", c.discard)
        # The keyboard's short way to a square: type its number instead of tabbing through 100.
        self.square_input = w.Text(description="Square number", placeholder="0 to 99",
                                   style={"description_width": "initial"},
                                   layout=w.Layout(width="16em"))
        self.place_button = button("Put the selected card on that square", self._type_square)
        self._build_common("Run to the end of the game", w.VBox(
            [self.hand_label, self.hand_box, w.HBox([self.draw_button, self.discard_button]),
             w.HBox([self.square_input, self.place_button])]))
        self._render_after(self.draw_button, self.discard_button, self.step_button,
                           self.run_button, self.new_game_button)
        self.children = [self.status_html, self.counts_html, self.live, self.legend_html,
                         self.board, self.allowed_html, self.hand_area, self.watch_box,
                         w.HBox([self.new_game_button]), self.history_html]

    # --- showing the controller -----------------------------------------------------------------

    def render(self) -> None:
        c = self.controller
        self.status_html.value = f"<p><b>{escape(c.status())}</b></p>"
        self.counts_html.value = f"<p>{escape(c.counts())}</p>"
        self.legend_html.value = f"<p>Marks: {escape(c.legend())}</p>"
        for square in c.squares():
            self._render_square(self.square_buttons[square.square], square)
        self.allowed_html.value = f"<p>{escape(c.allowed_sentence())}</p>" if c.selected else ""
        self._render_hand()
        self._render_news()

    @staticmethod
    def _render_square(button: w.Button, square) -> None:
        button.description = square.name
        button.tooltip = square.name
        if square.allowed:
            colour = ALLOWED_COLOUR
        elif square.team is not None:
            colour = TEAM_COLOURS[square.team]
        else:
            colour = EMPTY_COLOUR
        button.style.button_color = colour
        button.style.font_weight = "bold" if square.team is not None or square.allowed else ""
        wanted = {"nn-square"} | ({"nn-allowed"} if square.allowed else set())
        if square.team is not None:
            wanted.add(f"nn-team-{square.team}")
        if set(button._dom_classes) != wanted:
            button._dom_classes = tuple(sorted(wanted))

    def _render_hand(self) -> None:
        cards = self.controller.hand_buttons()
        self._hand_cards = [card.card for card in cards]
        pool = self._button_pool(self._card_buttons, len(cards), self._select)
        for each, card in zip(pool, cards):
            each.description = card.name
            each.tooltip = card.name
            each.button_style = "info" if card.selected else ""
        self.hand_box.children = pool[:len(cards)]

    def _select(self, index: int) -> None:
        self.controller.select(self._hand_cards[index])
        self.render()

    def _click_square(self, square: int) -> None:
        self.controller.click_square(square)
        self.render()

    def _type_square(self) -> None:
        if self.controller.type_square(self.square_input.value):
            self.square_input.value = ""
        self.render()

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"BoardTable(players={self.controller.game.players}, seat={self.controller.seat})"

    def grading_line(self) -> str:
        return grading_line(self.controller.game)


def grading_line(game) -> str:
    """What a board table shows in a notebook run headless by a grader."""
    return (f"A live table of The Game of 99 for {game.players} players appears here when the "
            "notebook runs in Jupyter.")
