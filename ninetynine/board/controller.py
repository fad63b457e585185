"""The logic of a live table for The Game of 99, in plain Python.

A ``BoardController`` owns the game state and the bots; the notebook widgets of
``ninetynine.board.table`` only show what it exposes and forward clicks to it, so the whole
table is tested without a browser. A turn takes one or two clicks: select a card in your hand (the
squares it allows are marked), then click a square to play it there, or press Discard; or press
Draw. The bots answer at once::

    >>> import ninetynine as nn
    >>> game = nn.make("board", players=2)
    >>> table = BoardController(game, bots="board_heuristic",
    ...                         state=game.setup(hands=["37 90", "5"], to_move=0))
    >>> [button.name for button in table.hand_buttons()]
    ['card 37 to 99', 'card 90 to 99']
    >>> table.select(90)
    True
    >>> table.latest
    ['The card 90 to 99 allows squares 90 to 99.']
    >>> table.click_square(52)            # below the card: refused, nothing changes
    False
    >>> table.message
    'The card 90 to 99 allows only squares 90 and higher, not square 52.'
    >>> table.click_square(92)
    True
    >>> table.latest[0]
    'You play the card 90 to 99 and put a marker on square 92.'
    >>> table.square(92).name
    'square 92, yours'

Every click returns True when it did something, or False with one sentence in ``message`` saying
what is wrong and what is allowed; a refused click changes nothing.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from ninetynine.frontend import sentences
from ninetynine.frontend.base import Summary, TableBase

from . import events as ev
from . import words as text
from .layout import LAYOUT, POSITION
from .moves import DRAW, BoardCard, Discard, Place, parse_card, typed_square


@dataclass(frozen=True)
class SquareButton:
    """One square of the board as a button.

    ``name`` is what a screen reader says ("square 52, yours", with ", allowed" when the selected
    card may be played there); ``mark`` is the owner's letter ("X"), "" when empty; ``in_line``
    is True for the squares of the completed line of five that won the game.
    """

    square: int
    row: int
    column: int
    name: str
    holder: int | None
    team: int | None
    mark: str
    allowed: bool
    in_line: bool = False


@dataclass(frozen=True)
class CardButton:
    """One card of your hand: ``name`` "card 37 to 99" (", selected" when it is the selected card)."""

    name: str
    card: int
    selected: bool


def board_bot(choice, seat: int, seed: int) -> Callable:
    """A bot for one seat from a name in ``ninetynine.bots.BOTS`` or a callable.

    The bots that draw random numbers get their own generator, seeded from the table's seed and
    the seat, so that a table with the same seed replays the same game.
    """
    from ninetynine import bots

    from .bots import SearchBot, search_bot

    bot = bots.get(choice, "board")
    if bot is bots.random_bot:
        rng = random.Random(seed * 1000 + seat)
        return lambda view: bots.random_bot(view, rng)
    if bot is search_bot:
        return SearchBot(seed=seed * 1000 + seat)
    return bot


class BoardController(TableBase):
    """A table of The Game of 99: you at ``seat``, bots at every other seat (every seat when
    watching).

    game    ``nn.make("board", players=2)`` (2, 3, 4 or 6 players; 4 and 6 play in teams)
    seat    your seat
    bots    a bot name ("board_heuristic", "board_search", "board_random"), a callable
            ``bot(view) -> move``, or a list with one per seat
    seed    the first game is ``game.new_game(seed)``; "New game" deals seed + 1, seed + 2, ...
    names   optional names of the seats, used in every sentence
    watch   True: bots play every seat, and you step through their moves
    state   start from this position instead of dealing a new game

    With the ``table_penalties`` option the engine penalises a play below the card or a draw with
    five cards instead of refusing it, exactly as at a real table.
    """

    GAME_OVER = text.GAME_OVER
    WATCHING = text.WATCHING
    ONLY_WHEN_WATCHING = text.ONLY_WHEN_WATCHING
    # A tie (every card gone, no line of five) clears the board for another game: the table
    # pauses there as at the end of a round, and the log starts a group for each game.
    RUN_UNTIL = ev.BoardTied
    START_EVENT = ev.FirstPlayerChosen
    NEXT_LABEL = "Next game"

    def __init__(self, game, seat: int = 0, bots="board_heuristic", seed: int = 0,
                 names: Sequence[str] | None = None, watch: bool = False, state=None):
        self.selected: BoardCard | None = None
        super().__init__(game, seat, bots, seed, names, watch, state)

    # --- what the table shows ----------------------------------------------------------------

    def status(self) -> str:
        """Whose turn it is and what you may do; or, when the game is over, who won."""
        if self.state.is_over:
            return text.game_over_status(self.state, self.you, self.names)
        if self.paused:
            return sentences.paused_status(self.summary.heading, self.NEXT_LABEL)
        return text.status(self.view, self.names, self.you)

    def counts(self) -> str:
        """Cards in every hand and in the deck, in one sentence."""
        return text.hand_sizes(self.view, self.names, self.you)

    def legend(self) -> str:
        """What the letter marks on the squares mean."""
        return text.legend(self.game.players, self.you, self.names)

    def allowed(self) -> list[int]:
        """The squares the selected card allows (none when no card is selected)."""
        return self.state.squares_for(self.selected) if self.selected is not None else []

    def allowed_sentence(self) -> str:
        """The squares the selected card allows, in words ("" when no card is selected)."""
        if self.selected is None:
            return ""
        return text.allowed_squares(self.selected, self.allowed())

    def square(self, number: int) -> SquareButton:
        """One square's button."""
        row, column = POSITION[number]
        holder = self.state.owner[number]
        team = None if holder is None else self.state.team(holder)
        allowed = self.selected is not None and holder is None and self.selected.allows(number)
        name = text.square_label(number, holder, self.you, self.game.players, self.names, allowed)
        in_line = number in self.winning_line()
        if in_line:
            name += ", in the winning line"
        return SquareButton(number, row, column, name, holder, team,
                            "" if team is None else text.MARKS[team], allowed, in_line)

    def winning_line(self) -> tuple[int, ...]:
        """The squares of the completed line of five, once a game is won (else empty)."""
        lines = [e for e in self.state.history if type(e) is ev.LineCompleted]
        return lines[-1].squares if lines and self.state.is_over else ()

    def squares(self) -> list[SquareButton]:
        """All 100 squares, row by row from the top, as the board shows them."""
        return [self.square(number) for line in LAYOUT for number in line]

    def hand_buttons(self) -> list[CardButton]:
        """Your cards, in hand order (none when watching, or while the table pauses after a
        tie)."""
        if self.watch or self.paused:
            return []
        return [CardButton(f"card {card.name}" + (", selected" if card == self.selected else ""),
                           card.value, card == self.selected)
                for card in self.state.hands[self.seat]]

    # --- clicks ------------------------------------------------------------------------------

    def select(self, card) -> bool:
        """You clicked a card in your hand: select it (its squares are marked), or, if it was
        already selected, put it back."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        try:
            card = card if isinstance(card, BoardCard) else parse_card(str(card))
        except ValueError as error:
            return self._refuse(str(error))
        if card not in self.state.hands[self.seat]:
            return self._refuse(text.not_in_hand(card, self.state.hands[self.seat]))
        if card == self.selected:
            self.selected = None
            self._tell(f"You put back {text.card_name(card)}: select a card to play.")
        else:
            self.selected = card
            self._tell(self.allowed_sentence())
        return True

    def click_square(self, square: int) -> bool:
        """You clicked a square: play the selected card there."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        if self.selected is None:
            return self._refuse(text.NO_CARD_SELECTED)
        return self._play(Place(self.selected, square))

    def type_square(self, typed: str) -> bool:
        """You typed a square's number (the keyboard's short way to the board, instead of moving
        through a hundred buttons): play the selected card there."""
        square = typed_square(str(typed))
        if square is None:
            return self._refuse(text.not_a_square(str(typed).strip()))
        return self.click_square(square)

    def draw(self) -> bool:
        """Take the top card of the deck (only with fewer than five cards)."""
        refusal = self._refuse_unless_your_turn()
        return self._refuse(refusal) if refusal else self._play(DRAW)

    def discard(self) -> bool:
        """Put the selected card face up on the discard pile."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        if self.selected is None:
            return self._refuse(text.NOTHING_TO_DISCARD)
        return self._play(Discard(self.selected))

    def run(self) -> bool:
        """Watching: the bots play to the end of the game (or to a tie that clears the board);
        the live region announces only the last ``HISTORY_LINES`` sentences of it."""
        done = super().run()
        if done:
            self.latest = self.latest[-self.HISTORY_LINES:]
        return done

    # --- inside: playing moves and running the bots -------------------------------------------

    def _clear_choice(self) -> None:
        self.selected = None

    def _heading(self, event=None) -> str:
        return f"Game {self.state.game_number}"

    def _summary(self, events: list) -> Summary:
        """The end of the game: the line of five (or the tie) and who won; or, after a tie that
        clears the board, what the tie means."""
        if not self.state.is_over:
            tied = next(e for e in reversed(events) if type(e) is ev.BoardTied)
            return Summary("round", text.tie_heading(tied.game), (text.tie_summary(tied.game),),
                           self.NEXT_LABEL)
        ending = [e for e in self.state.history
                  if type(e) in (ev.LineCompleted, ev.BoardTied, ev.BoardGameOver)]
        lines = text.narrate(ending[-2:], self.you, self.names, self.game.players)
        return Summary("game", sentences.game_over_heading(), tuple(lines), "New game")

    def _redact(self, event, you: int):
        return ev.redact(event, you)

    def _sentences(self, events: list) -> list[str]:
        return text.narrate(events, self.you, self.names, self.game.players)

    def _seat_bot(self, bot, seat: int) -> Callable:
        """The board's bots are seated by ``board_bot`` (it seeds the search bot too)."""
        return board_bot(bot, seat, self.seed)
