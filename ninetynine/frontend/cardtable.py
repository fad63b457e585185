"""The card table drawn in the browser: one anywidget that shows a JSON model of the table and
sends every action back to Python.

``CardTableView`` is the widget: Python sets ``table`` (a dict: title, status line, seats,
the centre of the table, your hand, buttons, panels such as the log) and ``news`` (what the
polite live region announces); the browser draws it with ``cardtable.js`` and
``cardtable.css`` and answers with messages such as ``{"action": "card", "card": "QH"}``,
``{"action": "button", "id": "draw"}`` or ``{"action": "square", "square": 52}``. No game logic
runs in the browser: ``CardTable`` (the base of ``Table``, ``TricksTable`` and ``BoardTable``)
turns each message into a controller call and draws the controller again.

Why an anywidget and not ipywidgets buttons: ipywidgets cannot draw a card face with a name in
words, headings, a WAI-ARIA grid with one Tab stop and arrow keys, or a live region that keeps
its element. Tests send the same messages in plain Python (``table.send(...)``), so every click
path is tested without a browser; tests/test_browser*.py play the tables by keyboard in Chromium.
"""
from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as w
import traitlets

from ..cards import SUIT_NAMES, Card
from .sentences import TABLE_WORDS
from .shell import TableWidget

HERE = Path(__file__).parent

#: Suit symbols and colours: a card is told by its rank, symbol AND suit name, never colour alone.
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = ("D", "H")
#: Short ranks on a card's corner.
RANK_FACES = {"10": "10", "+10": "+10", "-10": "−10", "PASS": "Pass", "REVERSE": "Rev",
              "SKIP": "Skip", "99": "99", "JK": "Jkr"}


class CardTableView(anywidget.AnyWidget):
    """The table in the browser: ``table`` is what to draw, ``news`` what to announce."""

    _esm = HERE / "cardtable.js"
    _css = HERE / "cardtable.css"
    table = traitlets.Dict().tag(sync=True)
    news = traitlets.Unicode("").tag(sync=True)
    news_id = traitlets.Int(0).tag(sync=True)
    #: Set by the browser once a view has drawn the table: the first view takes the keyboard's
    #: focus (its cell has just run), a later one (the notebook reloaded, a second view) does not.
    shown = traitlets.Bool(False).tag(sync=True)

    def announce(self, sentence: str) -> None:
        """Put ``sentence`` in the live region; the same sentence again is announced again
        (``news_id`` changes every time)."""
        with self.hold_sync():
            self.news = sentence
            self.news_id += 1


def face(card: Card, label: str | None = None, *, key: str | None = None, playable: bool = True,
         reason: str = "", selected: bool = False, small: bool = False,
         stands_for: Card | None = None) -> dict:
    """A card face for the browser: rank, suit symbol, suit name and colour, and its name in
    words (``label``, what a screen reader says; the card's name by default). A Joker that
    ``stands_for`` another card shows it under the star ("as A♣")."""
    suit = card.suit
    joker = "Joker"
    if card.rank == "JK" and stands_for is not None and stands_for.suit:
        joker = f"as {RANK_FACES.get(stands_for.rank, stands_for.rank)}{SYMBOLS[stands_for.suit]}"
    return {
        "id": key or str(card),
        "rank": RANK_FACES.get(card.rank, card.rank),
        "symbol": SYMBOLS.get(suit, "★" if card.rank == "JK" else ""),
        "suit": SUIT_NAMES.get(suit, joker if card.rank == "JK" else ""),
        "colour": "red" if suit in RED_SUITS else ("black" if suit else "none"),
        "label": label or card.name,
        "playable": playable, "reason": reason if not playable else "",
        "selected": selected, "small": small,
    }


def number_face(key: str, under: str, label: str, selected: bool = False) -> dict:
    """A card with no suit, drawn as a big number ``key`` with ``under`` beneath it (The Game of
    99's "37 to 99"); ``label`` is its name in words."""
    return {"id": key, "rank": key, "symbol": "", "suit": under, "colour": "none", "label": label,
            "playable": True, "reason": "", "selected": selected, "small": False}


def action_button(key: str, label: str, hint: str = "") -> dict:
    """A button of the table: ``label`` is its visible text and name, ``key`` what it sends."""
    return {"id": key, "label": label, "hint": hint}


def log_panel(controller) -> dict:
    """The "What happened" panel: the whole story, grouped by round or deal (the controller's
    ``log``: groups with a ``heading`` and ``lines``)."""
    groups = getattr(controller, "log", None)
    if groups:
        shown = [{"heading": group.heading, "lines": list(group.lines)} for group in groups]
    else:
        shown = [{"heading": "", "lines": list(controller.lines)}]
    return {"heading": TABLE_WORDS["log"], "groups": shown, "scroll": True}


def panel(heading: str, lines: list[str]) -> dict:
    """A side panel of sentences under a heading (scores, cards face up)."""
    return {"heading": heading, "groups": [{"heading": "", "lines": list(lines)}], "scroll": False}


class CardTable(TableWidget):
    """What the three card tables share: the ``CardTableView`` (``view``) over a controller,
    actions from the browser dispatched to ``on_card``, ``on_button`` and ``on_square``.

    A game's table fills in ``model()`` (the dict to draw) and the three ``on_*`` methods.
    """

    def __init__(self, controller, **kwargs):
        self.view = CardTableView()
        self.view.on_msg(self._message)
        super().__init__(controller, **kwargs)

    # --- the browser's messages ------------------------------------------------------------

    def _message(self, _widget, content, _buffers=None) -> None:
        self.send(content)

    def send(self, content: dict) -> bool:
        """Act on one message from the browser (tests call this directly), then draw again.
        Returns what the controller returned (False: refused, with its sentence announced)."""
        action = content.get("action") if isinstance(content, dict) else None
        handlers = {"card": lambda: self.on_card(str(content.get("card", ""))),
                    "button": lambda: self.on_button(str(content.get("id", ""))),
                    "square": lambda: self.on_square(content.get("square"))}
        if action not in handlers:
            return False
        done = bool(handlers[action]())
        self.render()
        return done

    def press(self, label: str) -> bool:
        """Press the visible button whose text is ``label`` (as a test or a notebook would)."""
        for each in self.buttons():
            if each["label"] == label:
                return self.send({"action": "button", "id": each["id"]})
        raise LookupError(f"no button {label!r}: the table shows "
                          f"{', '.join(b['label'] for b in self.buttons()) or 'none'}")

    def buttons(self) -> list[dict]:
        """Every button the table shows now (main buttons, choices, the summary's button)."""
        table = self.view.table
        found = list(table.get("buttons") or []) + list(table.get("choices") or [])
        summary = table.get("summary") or {}
        if summary.get("button"):
            found.append(summary["button"])
        return found

    def hand(self) -> list[dict]:
        """The card faces of your hand as drawn now."""
        return list((self.view.table.get("hand") or {}).get("cards") or [])

    def on_card(self, card: str) -> bool:
        raise NotImplementedError

    def on_button(self, key: str) -> bool:
        """Buttons every table has: Step, Run, New game; a game's table adds its own."""
        c = self.controller
        actions = {"step": c.step, "run": c.run, "new_game": c.new_game}
        if hasattr(c, "next_round"):
            actions["next_round"] = c.next_round
        if key not in actions:
            return False
        return actions[key]()

    def on_square(self, square) -> bool:
        return False

    # --- drawing ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.children = [self.view, *self._extra_widgets()]

    def _extra_widgets(self) -> list[w.Widget]:
        """Widgets under the table (the counting table's settings)."""
        return []

    def model(self) -> dict:
        raise NotImplementedError

    def render(self) -> None:
        with self.view.hold_sync():                   # one message: the table and its news
            self.view.table = {**self.model(), "words": TABLE_WORDS}
            self.view.announce(" ".join(self.controller.latest))

    def common_buttons(self, run_label: str) -> list[dict]:
        """Step and Run when watching (not while a pause waits), then New game (unless the
        game's summary offers it already)."""
        c = self.controller
        found = []
        if c.watch and not c.paused:
            found += [action_button("step", "Step"), action_button("run", run_label)]
        if c.summary is None or c.summary.kind != "game":
            found.append(action_button("new_game", "New game"))
        return found

    def summary_panel(self) -> dict | None:
        """The end of a round, a deal or the game (the controller's ``summary``), with the button
        that goes on ("Next round", "Next deal" or "New game"); None while playing."""
        summary = getattr(self.controller, "summary", None)
        if summary is None:
            return None
        key = "new_game" if summary.kind == "game" else "next_round"
        return {"heading": summary.heading, "lines": list(summary.lines),
                "button": action_button(key, summary.button)}
