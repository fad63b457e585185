"""The live table of The Game of 99 in a notebook: a card table drawn in the browser
(``cardtable.CardTableView``) over a ``BoardController``.

    >>> import ninetynine as nn
    >>> from ninetynine.ui import BoardTable
    >>> BoardTable(nn.make("board", players=2), bots="board_heuristic", seed=3)   # doctest: +SKIP

All the table's logic lives in ``board_controller.py``; this file only turns the controller into
the table's model and the browser's messages into controller calls.

The board is a 10 x 10 grid that follows the WAI-ARIA grid pattern: one Tab stop, the arrow keys
(and Home, End, Page Up, Page Down) move between squares, typing a square's number jumps to it,
and Enter or Space puts the selected card's marker there. Each square shows its number and its
owner's letter (X, O, Z, explained in the legend); its name says all of it: "square 52, empty,
allowed", "square 52, yours". Allowed squares are yellow AND dotted AND outlined; the squares of
a completed line have a double border and a star, and their names say so. Selecting a card moves
the keyboard to the first square it allows.

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), a
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

from ninetynine import text as kit_text
from ninetynine.frontend import sentences
from ninetynine.frontend.cardtable import CardTable, action_button, log_panel, number_face
from ninetynine.frontend.sentences import TABLE_WORDS

from . import words
from .controller import BoardController
from .layout import LAYOUT
from .words import MARKS


class BoardTable(CardTable):
    """A live table of The Game of 99: you against bots, or bots alone (``watch=True``).

    game    ``nn.make("board", players=2)`` (2, 3, 4 or 6 players)
    seat    your seat;  bots: a bot name, a callable, or one per seat;  seed: the first deal
    names   optional seat names;  watch: bots play every seat, with Step and Run buttons
    """

    def __init__(self, game, seat: int = 0, bots="board_heuristic", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, **kwargs):
        super().__init__(BoardController(game, seat=seat, bots=bots, seed=seed, names=names,
                                         watch=watch, state=state), **kwargs)

    # --- the browser's actions ---------------------------------------------------------------

    def on_card(self, card: str) -> bool:
        return self.controller.select(card)

    def on_square(self, square) -> bool:
        if isinstance(square, bool) or not isinstance(square, int):
            return self.controller.type_square(str(square))
        return self.controller.click_square(square)

    def on_button(self, key: str) -> bool:
        c = self.controller
        if key == "draw":
            return c.draw()
        if key == "discard":
            return c.discard()
        return super().on_button(key)

    # --- the table's model ------------------------------------------------------------------

    def model(self) -> dict:
        c = self.controller
        summary = self.summary_panel()
        allowed = set(c.allowed())
        rows = [[{"square": square.square, "name": square.name, "mark": square.mark,
                  "team": square.team, "allowed": square.allowed, "line": square.in_line}
                 for square in map(c.square, numbers)] for numbers in LAYOUT]
        jump = next((n for numbers in LAYOUT for n in numbers if n in allowed), None)
        if summary:
            focus = "summary"
        elif c.selected is not None:
            focus = "grid" if allowed else "button:discard"   # a card no square allows
        else:
            focus = "hand"
        return {
            "layout": "board",
            "title": sentences.table_title("The Game of 99",
                                           kit_text.plural(c.game.players, "player")),
            "status": c.status(),
            "seats": self._seats(),
            "centre": {"heading": TABLE_WORDS["board"], "label": TABLE_WORDS["board_label"],
                       "rows": rows, "legend": words.marks_line(c.legend()), "jump": jump},
            "hand": None if c.watch or summary else self._hand(),
            "buttons": self._buttons(),
            "summary": summary,
            "panels": [log_panel(c)],
            "focus": focus,
        }

    def _seats(self) -> list[dict]:
        c = self.controller
        state = c.state
        seats = []
        for seat in range(state.players):
            team = state.team(seat)
            seats.append({"name": c._name(seat), "you": seat == c.you, "team": team,
                          "mark": _mark(team), "to_move": state.to_move == seat and not c.is_over,
                          "facts": [kit_text.plural(len(state.hands[seat]), "card")]})
        return seats

    def _hand(self) -> dict:
        c = self.controller
        cards = [number_face(str(b.card), "to 99", b.name, b.selected) for b in c.hand_buttons()]
        hint = words.HAND_HINTS.get("play" if c.your_turn else "", "")
        note = c.counts()                       # the allowed squares: in the news, said once
        return {"heading": TABLE_WORDS["hand"], "hint": hint, "note": note, "cards": cards}

    def _buttons(self) -> list[dict]:
        c = self.controller
        found = []
        if not c.watch and not c.is_over and not c.paused:
            found += [action_button("draw", "Draw"),
                      action_button("discard", "Discard selected card")]
        return found + self.common_buttons("Run to the end of the game")

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"BoardTable(players={self.controller.game.players}, seat={self.controller.seat})"

    def grading_line(self) -> str:
        return grading_line(self.controller.game)


def grading_line(game) -> str:
    """What a board table shows in a notebook run headless by a grader."""
    return (f"A live table of The Game of 99 for {game.players} players appears here when the "
            "notebook runs in Jupyter.")


def _mark(team: int | None) -> str:
    return "" if team is None else MARKS[team]
