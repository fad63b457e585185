"""The live table of Ninety-Nine (the trick-taking game) in a notebook: ipywidgets that show a
``TricksController`` and forward clicks.

    >>> from ninetynine.ui import TricksTable
    >>> TricksTable(seed=3)                                   # doctest: +SKIP

All the table's logic lives in ``tricks_controller.py``; this file only builds widgets, copies the
controller's values into them (``render``) and turns clicks into controller calls.

While you bid, your hand is a row of toggle buttons: click three cards (a second click puts one
back), read the running bid, and press "Lay aside these three". A chosen card's name says
", selected", so the choice is heard, not only seen. Then the offer buttons (Pass, Declare,
Reveal), then your hand as plain buttons: click a card to play it. Every control is a button with
a text name; the latest news goes to a polite live region.

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), a
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from .helpers import button, html_list, show
from .live import LiveRegion
from .shell import TableWidget
from .tricks_controller import OFFER_BUTTONS, TricksController, grading_line


class TricksTable(TableWidget):
    """A live table of Ninety-Nine: you against two bots, or three bots (``watch=True``).

    game    ``nn.make("tricks")`` (options ``trumps`` and ``deals``); None: the default game
    seat    your seat;  bots: a bot name, a callable, or one per seat;  seed: the first deal
    names   optional seat names;  watch: bots play every seat, with Step and Run buttons
    """

    def __init__(self, game=None, seat: int = 0, bots="tricks_rules", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, **kwargs):
        self._rendering = False             # True while render sets the toggle buttons
        super().__init__(TricksController(game, seat=seat, bots=bots, seed=seed, names=names,
                                          watch=watch, state=state), **kwargs)

    # --- building the widgets ----------------------------------------------------------------

    def _build(self) -> None:
        c = self.controller
        self.status_html = w.HTML()
        self.deal_html = w.HTML()
        self.live = LiveRegion()
        self.trick_html = w.HTML()
        self.seats_html = w.HTML()
        self.exposed_html = w.HTML()
        self.hand_label = w.HTML()
        self._card_buttons: list[w.Button] = []
        self._toggle_buttons: list[w.ToggleButton] = []
        self._hand_cards: list[str] = []
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.bid_html = w.HTML()
        self.lay_aside_button = button("Lay aside these three", c.lay_aside)
        self.bid_box = w.VBox([self.bid_html, w.HBox([self.lay_aside_button])])
        self.offer_buttons = [button(name, lambda kind=kind: c.offer(kind))
                              for name, kind in OFFER_BUTTONS]
        self.offer_box = w.HBox(self.offer_buttons, layout=w.Layout(flex_flow="row wrap"))
        self._build_common("Run to the end of the deal", w.VBox(
            [self.hand_label, self.hand_box, self.bid_box, self.offer_box]))
        self._render_after(self.lay_aside_button, *self.offer_buttons, self.step_button,
                           self.run_button, self.new_game_button)
        self.scores_html = w.HTML()
        self.children = [self.status_html, self.deal_html, self.live, self.trick_html,
                         self.seats_html, self.exposed_html, self.hand_area, self.watch_box,
                         w.HBox([self.new_game_button]), self.scores_html, self.history_html]

    # --- showing the controller -----------------------------------------------------------------

    def render(self) -> None:
        c = self.controller
        self.status_html.value = f"<p><b>{escape(c.status())}</b></p>"
        self.deal_html.value = f"<p>{escape(c.deal_sentence())}</p>"
        trick = [c.trick_sentence(), c.last_trick_sentence()]
        self.trick_html.value = "".join(f"<p>{escape(line)}</p>" for line in trick if line)
        self.seats_html.value = "<b>Bids and tricks</b>" + html_list("ul", c.seat_lines())
        exposed = c.exposed_lines()
        self.exposed_html.value = ("<b>Cards face up</b>" + html_list("ul", exposed)
                                   if exposed else "")
        self._render_hand()
        show(self.bid_box, c.bidding())
        self.bid_html.value = (f"<p>{escape(c.bid_sentence())}</p>"
                               f"<p>{escape(c.bid_values_sentence())}</p>") if c.bidding() else ""
        show(self.offer_box, c.offering())
        self.scores_html.value = "<b>Scores</b>" + html_list("ul", c.score_lines())
        self._render_news()

    def _render_hand(self) -> None:
        """Your hand: toggle buttons while you choose your bid, plain buttons otherwise."""
        c = self.controller
        cards = c.hand_buttons()
        self._hand_cards = [card.card for card in cards]
        if c.bidding():
            self.hand_label.value = ("<b>Your hand</b> (choose three cards to lay aside as "
                                     "your bid):")
            pool = self._toggle_pool(len(cards))
            self._rendering = True
            try:
                for button, card in zip(pool, cards):
                    button.description = card.name
                    button.tooltip = card.name
                    button.value = card.selected
            finally:
                self._rendering = False
        else:
            self.hand_label.value = "<b>Your hand</b> (click a card to play it):"
            pool = self._button_pool(self._card_buttons, len(cards), self._click_card)
            for button, card in zip(pool, cards):
                button.description = card.name
                button.tooltip = card.name
        self.hand_box.children = pool[:len(cards)]

    def _toggle_pool(self, size: int) -> list[w.ToggleButton]:
        pool = self._toggle_buttons
        while len(pool) < size:
            button = w.ToggleButton(description="", layout=w.Layout(width="auto"))
            button.observe(lambda change, index=len(pool): self._toggled(index), names="value")
            pool.append(button)
        return pool

    def _toggled(self, index: int) -> None:
        if self._rendering:                       # render set the value: not a click
            return
        self._click_card(index)

    def _click_card(self, index: int) -> None:
        self.controller.click_card(self._hand_cards[index])
        self.render()

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        game = self.controller.game
        return (f"TricksTable(trumps={game.trumps!r}, deals={game.deals}, "
                f"seat={self.controller.seat})")

    def grading_line(self) -> str:
        return grading_line(self.controller.game)
