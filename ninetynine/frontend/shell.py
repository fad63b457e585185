"""``TableWidget``: what every notebook table shares (the card tables of ``cardtable.py`` and
``ProtocolTable``).

Each table is an ipywidgets ``VBox`` around a controller (``TableBase``) that owns all the logic.
The widgets only copy the controller's values into themselves (``render``) and turn clicks into
controller calls; ``from_state`` starts a table from a position, and a grader running the
notebook headless sees one line of text instead of widgets. ``_build_common`` and
``_render_news`` are the ipywidgets parts ``ProtocolTable`` uses: a polite live region
(``live``), a "What happened" list (``history_html``), Step and Run shown only when watching, and
a New game button.
"""
from __future__ import annotations

import ipywidgets as w

from .helpers import button, grading, html_list, show


class TableWidget(w.VBox):
    """The shell of a notebook table; a game's table builds its widgets in ``_build`` and copies
    the controller into them in ``render``."""

    def __init__(self, controller, **kwargs):
        super().__init__(**kwargs)
        self.controller = controller
        self._build()
        self.render()

    @classmethod
    def from_state(cls, state, seat: int = 0, **options):
        """A table that starts from a position, e.g. ``game.setup(...)``; ``options`` as for the
        table itself (``bots``, ``seed``, ``names``, ``watch``)."""
        return cls(state.game, seat=seat, state=state, **options)

    # --- to fill in ------------------------------------------------------------------------

    def _build(self) -> None:
        raise NotImplementedError

    def render(self) -> None:
        """Copy everything the controller exposes into the widgets."""
        raise NotImplementedError

    def grading_line(self) -> str:
        """The one line a table shows in a notebook run headless by a grader."""
        raise NotImplementedError

    # --- parts every table has -------------------------------------------------------------

    def _build_common(self, run_label: str, hand_area: w.Widget) -> None:
        """The parts every table has: the live region's partner ``history_html``, the Step and
        Run buttons (``watch_box``, shown only when watching), New game, and ``hand_area``
        shown only when you play."""
        c = self.controller
        self.step_button = button("Step", c.step)
        self.run_button = button(run_label, c.run)
        self.watch_box = w.HBox([self.step_button, self.run_button])
        self.new_game_button = button("New game", c.new_game)
        self.history_html = w.HTML()
        self.hand_area = hand_area
        show(hand_area, not c.watch)
        show(self.watch_box, c.watch)

    def _render_after(self, *buttons: w.Button) -> None:
        """After a click on any of ``buttons`` (and its controller call), render the table."""
        for each in buttons:
            each.on_click(lambda _button: self.render())

    @staticmethod
    def _button_pool(pool: list[w.Button], size: int, handler) -> list[w.Button]:
        """``pool`` grown to at least ``size`` buttons, button ``i`` calling ``handler(i)``.

        Buttons are kept and relabelled from render to render: building a widget costs far more
        than changing its description.
        """
        while len(pool) < size:
            pool.append(button("", lambda index=len(pool): handler(index)))
        return pool

    def _render_news(self) -> None:
        """Announce the latest sentences and show the story so far."""
        c = self.controller
        self.live.announce(" ".join(c.latest))
        self.history_html.value = "<b>What happened</b>" + html_list("ol", c.lines)

    def _repr_mimebundle_(self, **kwargs):
        if grading():
            return {"text/plain": self.grading_line()}
        return super()._repr_mimebundle_(**kwargs)
