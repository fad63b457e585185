"""A live table for any game that follows the protocol: ``ProtocolTable``.

The kit's own tables know their game: ``Table`` shows the count and a hand of cards, ``BoardTable``
a board of 100 squares. A game of your own (notebook 19) has no table yet, but it follows the
protocol, and that is all this table uses: ``legal_moves()``, ``play(move)``, ``view(seat)``,
``to_move``, ``is_over``, ``standings()``, ``history`` and ``game.new_game(seed)``.

- Your legal moves are buttons, each named by the move's text (``str(move)``); a "Move" box takes
  a move typed in the game's own notation, played when you press Enter.
- What happened is told in sentences by ``describe(event, you)``, a function you give: one event
  in words, "you" being seat ``you`` (None for a spectator). The table tells you only what your
  view tells you: when the view has a ``history`` (as the kit's views do), the events are read
  from it, so the hiding is done by ``view``, the very method ``check_game`` checks. Without
  ``describe`` an event is shown as its text, ``str(event)``.
- The position is shown by ``show(view)``, another function you may give: the view in a few
  sentences ("The total is 24. You hold 1, 3, 6.").
- For a registered game (``ninetynine.register(game)``), both default to what its declaration
  holds: its words (``game.describe``) and ``game.show``. ``ninetynine.ui.table_for(game)`` draws
  a game's declared table, this one for a game of your own.

The table's logic lives in ``ProtocolController`` (plain Python, tested without a browser, like
the kit's other controllers); ``ProtocolTable`` only builds widgets from it and forwards clicks.

>>> import ninetynine as nn
>>> from ninetynine.text import describe
>>> game = nn.make("quentin_c", players=2)
>>> table = ProtocolController(game, bots="cautious", describe=describe,
...                            state=game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H"]))
>>> [button.name for button in table.move_buttons()]
['6C', '9D', 'KH']
>>> table.click_move("6C")          # the bot answers at once
True
>>> table.latest[:2]
['You play the 6 of Clubs. The count is 33.', 'You land on a milestone: Seat 1 loses a token.']
>>> table.latest[-1]                 # the bot's draw, as your view tells it: no card named
'Seat 1 draws a card.'
>>> table.click_move("QS")         # refused in the game's own words; nothing changes
False
>>> table.message
'You do not hold the Queen of Spades: play the 9 of Diamonds, the King of Hearts, or the 2 of Clubs.'

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), the
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable, Sequence

import ipywidgets as w

from ..protocol import DECLARATIONS
from . import sentences
from .base import TableBase
from .helpers import button, html_list
from .live import LiveRegion
from .shell import TableWidget


@dataclass(frozen=True)
class MoveButton:
    """One legal move as a button: ``name`` is the move's text, what the button says and sends."""

    name: str


def plain_text(event, you: int | None) -> str:
    """The words of an event when the game gives no ``describe``: its text."""
    return str(event)


class ProtocolController(TableBase):
    """A table of any protocol game: you at ``seat``, bots at every other seat.

    game      any game: ``game.new_game(seed)`` and ``game.players``
    seat      your seat;  bots: a bot name ("random"), a callable ``bot(view) -> move``, or a
              list with one per seat;  seed: the first game is ``game.new_game(seed)``
    names     optional names of the seats;  watch: bots play every seat, you step through
    state     start from this position instead of dealing a new game
    describe  ``describe(event, you) -> str``: one event in words (an empty text says nothing);
              default: the registered game's declared words, else the event's text
    show      ``show(view) -> list[str]``: the position as a seat sees it, in sentences;
              default: the registered game's declared ``show``, if any
    """

    NO_SUCH_MOVE = "{typed!r} is not a move you can make now: make one of {moves}."
    TYPE_FIRST = "Type a move first, such as {example!r}."

    def __init__(self, game, seat: int = 0, bots="random", seed: int = 0,
                 names: Sequence[str] | None = None, watch: bool = False, state=None,
                 describe: Callable | None = None, show: Callable | None = None):
        declared = DECLARATIONS.get(getattr(game, "name", None))
        if describe is None and declared is not None:       # the game's declared words
            words = declared.sentences()
            describe = lambda event, you: words.describe(event, you, self.names)  # noqa: E731
        self.describe = describe or plain_text
        self.show = show if show is not None or declared is None else declared.show
        super().__init__(game, seat, bots, seed, names, watch, state)

    # --- what the table shows ----------------------------------------------------------------

    def status(self) -> str:
        """Whose turn it is, or who won, in one sentence."""
        state = self.state
        if state.is_over:
            return sentences.game_over_status(state.standings(), self.you, self.names)
        if self.watch:
            return f"{self._name(state.to_move)} is to move: press Step or Run."
        if self.your_turn:
            return "It is your turn: choose one of your moves."
        return f"It is {self._name(state.to_move)}'s turn."

    def position(self) -> list[str]:
        """The position in sentences, as ``show`` tells your view (the mover's when watching)."""
        if self.show is None:
            return []
        lines = self.show(self.view)
        return [lines] if isinstance(lines, str) else list(lines)

    def move_buttons(self) -> list[MoveButton]:
        """Your legal moves, in the game's order, named by their text (none when not your turn)."""
        if not self.your_turn:
            return []
        return [MoveButton(str(move)) for move in self.state.legal_moves()]

    # --- clicks ------------------------------------------------------------------------------

    def click_move(self, text: str) -> bool:
        """You clicked a move's button, or typed a move: make it, and let the bots answer."""
        return self.play(text)

    def play(self, move: str) -> bool:
        """Make the move written ``move``: one of your legal moves' texts, or anything the game's
        own ``parse_move`` reads (then the game's refusal, if any, is the sentence shown)."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        typed = str(move).strip()
        legal = {str(each): each for each in self.state.legal_moves()}
        if not typed:
            return self._refuse(self.TYPE_FIRST.format(example=next(iter(legal), "")))
        if typed in legal:
            return self._play(legal[typed])
        if hasattr(self.state, "parse_move"):
            return self._play(typed)
        return self._refuse(self.NO_SUCH_MOVE.format(typed=typed, moves=", ".join(legal)))

    # --- inside ------------------------------------------------------------------------------

    def _play(self, move) -> bool:
        """Your move, then the bots'; a refusal (``IllegalMove`` or any ``ValueError``, as
        ``check_game`` allows) changes nothing and is shown in the game's own words."""
        try:
            events = self.state.play(move)
        except ValueError as error:
            return self._refuse(str(error))
        events += self._bots_until_your_turn()
        self._say(self._narrate(events))
        return True

    def _narrate(self, events: list) -> list[str]:
        """The events in sentences, each as the reader's view tells it.

        ``events`` are always the last events of ``state.history``. When the reader's view keeps
        a history as long as the state's, the same events are read from the view instead, with
        whatever it hides hidden. A spectator (watching) sees everything.
        """
        shown = list(events)
        if self.you is not None and shown:
            history = getattr(self.state.view(self.you), "history", None)
            if history is not None and len(history) == len(self.state.history):
                shown = list(history)[len(history) - len(shown):]
        return self._sentences(shown)

    def _redact(self, event, you: int):
        return event                # unused: ``_narrate`` reads the view instead

    def _sentences(self, events: list) -> list[str]:
        return [line for line in (self.describe(event, self.you) for event in events) if line]

    def grading_line(self) -> str:
        """What the table shows in a notebook run headless by a grader."""
        name = getattr(self.game, "title", None) or getattr(self.game, "name", None) \
            or type(self.game).__name__
        return (f"A live table of {name} for {self.game.players} players appears here when the "
                "notebook runs in Jupyter.")


class ProtocolTable(TableWidget):
    """A live table of any protocol game: you against bots, or bots alone (``watch=True``).

    game      your game;  seat: your seat;  bots: a bot name, a callable, or one per seat
    seed      the first deal;  names: optional seat names;  watch: bots play every seat
    describe  ``describe(event, you) -> str``, an event in words;  show: ``show(view)``, the
              position in sentences (both optional; see the module's docstring)
    """

    def __init__(self, game, seat: int = 0, bots="random", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, describe=None, show=None, **kwargs):
        super().__init__(ProtocolController(game, seat=seat, bots=bots, seed=seed, names=names,
                                            watch=watch, state=state, describe=describe,
                                            show=show), **kwargs)

    @classmethod
    def from_state(cls, state, seat: int = 0, game=None, **options):
        """A table that starts from a position; ``game`` is the state's game (``state.game``
        when the state keeps it)."""
        return cls(game or state.game, seat=seat, state=state, **options)

    # --- building the widgets ----------------------------------------------------------------

    def _build(self) -> None:
        self.status_html = w.HTML()
        self.position_html = w.HTML()
        self.live = LiveRegion()
        self.moves_label = w.HTML("<b>Your moves</b> (each button makes the move it names):")
        self._move_buttons: list[w.Button] = []
        self._move_texts: list[str] = []
        self.moves_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        # The keyboard's other way: type a move in the game's notation and press Enter (the box
        # sends its text when Enter is pressed or the box is left, not at every key).
        self.move_input = w.Text(description="Move", placeholder="type a move, then Enter",
                                 continuous_update=False, style={"description_width": "initial"},
                                 layout=w.Layout(width="18em"))
        self.move_input.observe(self._typed, names="value")
        self.typed_button = button("Make the typed move", self._type_button)
        self._build_common("Run to the end of the game", w.VBox(
            [self.moves_label, self.moves_box, w.HBox([self.move_input, self.typed_button])]))
        self._render_after(self.step_button, self.run_button, self.new_game_button)
        self.children = [self.status_html, self.position_html, self.live, self.hand_area,
                         self.watch_box, w.HBox([self.new_game_button]), self.history_html]

    # --- showing the controller -----------------------------------------------------------------

    def render(self) -> None:
        c = self.controller
        self.status_html.value = f"<p><b>{escape(c.status())}</b></p>"
        lines = c.position()
        self.position_html.value = html_list("ul", lines) if lines else ""
        moves = c.move_buttons()
        self._move_texts = [move.name for move in moves]
        pool = self._button_pool(self._move_buttons, len(moves), self._click)
        for each, move in zip(pool, moves):
            each.description = move.name
            each.tooltip = f"Make the move {move.name}"
        self.moves_box.children = pool[:len(moves)]
        self._render_news()

    def _click(self, index: int) -> None:
        self.controller.click_move(self._move_texts[index])
        self.render()

    def _typed(self, change) -> None:
        """Enter was pressed in the Move box (or the box was left): make the typed move."""
        if change["new"].strip():
            self._make_typed(change["new"])

    def _type_button(self) -> None:
        self._make_typed(self.move_input.value)

    def _make_typed(self, text: str) -> None:
        self.controller.click_move(text)
        self.move_input.value = ""       # emptied either way (a refusal names what was typed)
        self.render()

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        c = self.controller
        name = getattr(c.game, "name", type(c.game).__name__)
        return f"ProtocolTable({name!r}, players={c.game.players}, seat={c.seat})"

    def grading_line(self) -> str:
        return self.controller.grading_line()
