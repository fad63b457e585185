"""What every live table shares, whatever the game: ``TableBase``.

A table controller owns one game's state and the bots, and front-ends (notebook widgets, the
terminal) only show what it exposes and forward clicks to it. The three games' controllers
(``TableController``, ``TricksController``, ``BoardController``) differ in their clicks and their
sentences, but not in this:

- **seats**: you sit at ``seat``; ``names`` optionally names every seat; ``you`` is the seat the
  sentences call "you" (None, the third person, when watching);
- **bots**: one per seat, from a name, a callable ``bot(view) -> move`` or a list with one per
  seat; after each of your moves they play until it is your turn again;
- **watch mode**: bots play every seat, and ``step`` (one move) and ``run`` (to the end of the
  round, deal or game) show their play;
- **narration**: ``latest`` holds the sentences of the last click (what the live region
  announces); ``log`` keeps the whole game as a list of ``LogGroup`` (one per round, deal or
  board game, each a heading and its event sentences, never the same sentence twice in a row); ``lines`` is
  the same log as one flat list. Prompts are never logged: they belong to ``status()``;
- **pauses**: when a round or a deal ends, or a tie clears the board (``RUN_UNTIL``), the table
  stops and waits. ``summary``
  then holds a ``Summary`` (a heading, sentences saying who lost or scored what and why, and the
  label of the button that goes on), ``paused`` is True, every other click is refused with one
  sentence, and ``next_round()`` (the "Next round" / "Next deal" button) narrates the new round
  and lets the bots play up to your turn. At the end of the game ``summary`` says who won (its
  button is "New game") and ``paused`` stays False;
- **refusals**: a click that is not allowed returns False, puts one sentence saying what is
  wrong and what is allowed in ``message`` (and ``latest``), and changes nothing;
- **new games**: the first game is ``game.new_game(seed)``, "New game" deals seed + 1, seed + 2...

A game's controller fills in what only it knows: ``_redact`` and ``_sentences`` (its events in
words), ``_clear_choice`` (forget a half-made choice, such as a selected card) and, if the game
has rounds or deals, ``RUN_UNTIL`` (the event that ends one), ``START_EVENT`` (the event that
begins the next), ``_heading`` (a log group's heading) and ``_summary`` (the pause's sentences).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .. import text
from ..arena import seat_bot
from ..bots import get as get_bot
from ..core import IllegalMove
from . import sentences
from .sentences import Summary  # noqa: F401  (a table's pause, defined with its sentences)


@dataclass
class LogGroup:
    """One part of a table's log: a ``heading`` ("Round 2", "Deal 3 of 9", "Game 1") and the
    ``lines`` (sentences of events, in order) that belong under it. A front end shows the heading
    as a heading and the lines as a list under it."""

    heading: str
    lines: list[str] = field(default_factory=list)


class TableBase:
    """A table of one game: you at ``seat``, bots at every other seat (every seat when watching).

    game    the game (``nn.make(...)``)
    seat    your seat
    bots    a bot name, a callable ``bot(view) -> move``, or a list with one per seat
    seed    the first game is ``game.new_game(seed)``; "New game" deals seed + 1, seed + 2, ...
    names   optional names of the seats, used in every sentence
    watch   True: bots play every seat, and you step through their moves
    state   start from this position instead of dealing a new game
    """

    #: How many sentences the board's Run announces at most (the log keeps them all).
    HISTORY_LINES = 12
    #: A safety limit: no single click may make the bots play more moves than this.
    MAX_BOT_MOVES = 10_000
    #: The event that ends a round or deal: ``run`` stops there and the table pauses until
    #: ``next_round``; None: the game has no rounds (the table pauses only at its end).
    RUN_UNTIL: type | None = None
    #: The event that begins a round or deal: a new group of the log starts there.
    START_EVENT: type | None = None
    #: The label of the button that ends a pause.
    NEXT_LABEL = "Next round"

    GAME_OVER = "The game is over: press New game to play again."
    WATCHING = "You are watching the bots play every seat: press Step or Run."
    ONLY_WHEN_WATCHING = "Step and Run are for watching the bots: you are playing at this table."

    def __init__(self, game, seat: int = 0, bots="random", seed: int = 0,
                 names: Sequence[str] | None = None, watch: bool = False, state=None):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"seat must be from 0 to {game.players - 1}, not {seat!r}.")
        if names is not None and len(names) != game.players:
            raise ValueError(f"names must give one name for each of the {game.players} seats.")
        self.game = game
        self.seat = seat
        self.watch = watch
        self.seed = seed
        self.names = list(names) if names is not None else None
        self.bots = self._bots_for(bots, game.players)
        self.bots_choice = bots
        self.games_started = 0
        self.message = ""
        self.log: list[LogGroup] = []
        self.latest: list[str] = []
        self.summary: Summary | None = None
        self._held: list = []            # events of the next round, told after the pause
        self._group_events: list = []    # the current round's events, as the reader saw them
        self._begin(state if state is not None else game.new_game(seed))

    # --- what the table shows ----------------------------------------------------------------

    @property
    def you(self) -> int | None:
        """The reader's seat for sentences: your seat, or None (third person) when watching."""
        return None if self.watch else self.seat

    @property
    def view(self):
        """Your view of the game (the view of the seat to move when watching)."""
        seat = self.seat
        if self.watch and self.state.to_move is not None:
            seat = self.state.to_move
        return self.state.view(seat)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def your_turn(self) -> bool:
        """True when you may act now (never while the table waits for Next round)."""
        return not self.watch and not self.paused and self.state.to_move == self.seat

    @property
    def paused(self) -> bool:
        """True while a round or deal is over and the table waits for ``next_round()``."""
        return self.summary is not None and self.summary.kind != "game"

    @property
    def lines(self) -> list[str]:
        """The whole log as one list of sentences, oldest first (``log`` groups them)."""
        return [line for group in self.log for line in group.lines]

    # --- clicks every table has --------------------------------------------------------------

    def play(self, move: str) -> bool:
        """Make a move given as text, in the game's notation."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        try:
            return self._play(self.state.parse_move(move))
        except IllegalMove as error:
            return self._refuse(str(error))

    def step(self) -> bool:
        """Watching: the bot to move makes one move."""
        refusal = self._refuse_unless_watching()
        if refusal:
            return self._refuse(refusal)
        self._report(self._bot_move())
        return True

    def run(self) -> bool:
        """Watching: the bots play to the end of the round or deal (``RUN_UNTIL``), or of the
        game."""
        refusal = self._refuse_unless_watching()
        if refusal:
            return self._refuse(refusal)
        events: list = []
        for _ in range(self.MAX_BOT_MOVES):
            step = self._bot_move()
            events += step
            if self.state.is_over or self._ends_round(step):
                break
        self._report(events)
        return True

    def next_round(self) -> bool:
        """The "Next round" (or "Next deal") button: end the pause, tell how the next round
        begins, and let the bots play up to your turn."""
        if self.state.is_over:
            return self._refuse(self.GAME_OVER)
        if not self.paused:
            return self._refuse(sentences.not_paused(self.NEXT_LABEL))
        self.summary = None
        events, self._held = self._held, []
        self._clear_choice()
        if not self.watch and not self._ends_round(events):
            events += self._bots_until_your_turn()
        self._report(events)
        return True

    def new_game(self) -> bool:
        """Deal a new game with the same settings (the next seed)."""
        self.games_started += 1
        self._begin(self.game.new_game(self.seed + self.games_started))
        return True

    # --- what each game fills in -------------------------------------------------------------

    def _redact(self, event, you: int):
        """``event`` as seat ``you`` may see it (hidden cards hidden)."""
        raise NotImplementedError

    def _sentences(self, events: list) -> list[str]:
        """The events in the game's sentences, told to ``self.you``."""
        raise NotImplementedError

    def _clear_choice(self) -> None:
        """Forget a half-made choice (a selected card): a move was made or a game began."""

    def _heading(self, event=None) -> str:
        """The heading of a log group: the one ``event`` (a ``START_EVENT``) begins, or, with no
        event, the part of the game the state is in now."""
        return "The game"

    def _summary(self, events: list) -> Summary:
        """The pause's summary, from the events of the round (or deal, or game) that just ended,
        as the reader saw them; ``self.state.is_over`` tells whether the game ended too."""
        return Summary("game", sentences.game_over_heading(), (self.status(),), "New game")

    # --- inside: playing moves and running the bots -------------------------------------------

    def _begin(self, state) -> None:
        """Start playing ``state``: narrate how it began and let the bots move up to your turn."""
        self.state = state
        self._clear_choice()
        self.message = ""
        self.log = []
        self.summary = None
        self._held, self._group_events = [], []
        history = list(state.history)           # the story so far: logged, never paused on
        events = self._bots_until_your_turn() if not self.watch else []
        self._report(history + events, since=len(history))

    def _play(self, move) -> bool:
        """Make your move, then let the bots answer; refuse (changing nothing) if it is illegal."""
        try:
            events = self.state.play(move)
        except IllegalMove as error:
            return self._refuse(str(error))
        self._clear_choice()
        if not self._ends_round(events):
            events += self._bots_until_your_turn()
        self._report(events)
        return True

    def _bots_until_your_turn(self) -> list:
        """All bot moves until it is your turn again, a round or deal ends, or the game is over."""
        events: list = []
        for _ in range(self.MAX_BOT_MOVES):
            if self.state.is_over or self.state.to_move == self.seat:
                break
            step = self._bot_move()
            events += step
            if self._ends_round(step):
                break
        return events

    def _ends_round(self, events: list) -> bool:
        """True when ``events`` end a round or a deal (the table then pauses)."""
        return self.RUN_UNTIL is not None and any(type(e) is self.RUN_UNTIL for e in events)

    # --- inside: the log, the news and the pauses ---------------------------------------------

    def _report(self, events: list, since: int = 0) -> None:
        """Tell ``events`` (just played): log them under their round's heading, announce them,
        and pause with a summary if a round, a deal or the game ended (at or after the event
        numbered ``since``: a table that starts from a position does not pause on its past).

        The events of the next round that the engine dealt at once are held back and told by
        ``next_round``, so that the end of a round is never drowned in the next one's first plays.
        """
        events = list(events)
        ended = self._ends_round(events[since:])
        if ended:
            end = next(i for i in range(since, len(events))
                       if type(events[i]) is self.RUN_UNTIL)
            start = next((i for i in range(end, len(events))
                          if type(events[i]) is self.START_EVENT), len(events))
            events, self._held = events[:start], events[start:]
        told: list[str] = []
        for chunk in self._chunks(events):
            if type(chunk[0]) is self.START_EVENT:
                self.log.append(LogGroup(self._heading(chunk[0])))
                self._group_events = []
            elif not self.log:
                self.log.append(LogGroup(self._heading()))
            self._group_events += [self._seen(e) for e in chunk]
            told += self._log(self._narrate(chunk))
        if not events and not self.log:
            self.log.append(LogGroup(self._heading()))
        self.message = ""
        self.latest = _without_repeats(told)
        if ended or self.state.is_over:
            self.summary = self._summary(self._group_events)

    def _chunks(self, events: list) -> list[list]:
        """``events`` cut before each ``START_EVENT``: one chunk per round or deal."""
        chunks: list[list] = []
        for event in events:
            if not chunks or type(event) is self.START_EVENT:
                chunks.append([])
            chunks[-1].append(event)
        return chunks

    def _log(self, lines: list[str]) -> list[str]:
        """Add ``lines`` to the last group of the log, skipping a sentence equal to the one just
        before it; return ``lines`` as given (what the live region announces)."""
        group = self.log[-1]
        last = next((g.lines[-1] for g in reversed(self.log) if g.lines), None)
        for line in lines:
            if line != last:
                group.lines.append(line)
                last = line
        return lines

    def _seen(self, event):
        """``event`` as the reader may see it (all of it when watching)."""
        return event if self.you is None else self._redact(event, self.you)

    def _bot_move(self) -> list:
        seat = self.state.to_move
        return self.state.play(self.bots[seat](self.state.view(seat)))

    def _refuse_unless_your_turn(self) -> str:
        """The sentence refusing a click now, or "" when it is your turn to act."""
        if self.watch:
            return self.WATCHING
        if self.state.is_over:
            return self.GAME_OVER
        if self.paused:
            return self._pause_refusal()
        if self.state.to_move != self.seat:
            return f"It is not your turn: {self._name(self.state.to_move)} is to move."
        return ""

    def _refuse_unless_watching(self) -> str:
        """The sentence refusing Step or Run now, or "" when the bots may move."""
        if not self.watch:
            return self.ONLY_WHEN_WATCHING
        if self.state.is_over:
            return self.GAME_OVER
        if self.paused:
            return self._pause_refusal()
        return ""

    def _pause_refusal(self) -> str:
        """The sentence refusing a click while the table waits for Next round."""
        return sentences.paused_refusal(self.summary.heading, self.NEXT_LABEL)

    def _refuse(self, sentence: str) -> bool:
        """Refuse a click: one sentence in ``message`` and ``latest``, nothing else changes."""
        self.message = sentence
        self.latest = [sentence]
        return False

    def _tell(self, sentence: str) -> None:
        """A sentence for the live region only (choosing a card is not part of the story)."""
        self.message = ""
        self.latest = [sentence]

    def _narrate(self, events: list) -> list[str]:
        """The events in sentences, each as the reader may see it."""
        you = self.you
        shown = events if you is None else [self._redact(e, you) for e in events]
        return self._sentences(shown)

    def _say(self, lines: list[str]) -> None:
        """Announce ``lines`` and add them to the log (for tables that tell no events of their
        own, such as ``ProtocolController``)."""
        if not self.log:
            self.log.append(LogGroup(self._heading()))
        self.message = ""
        self.latest = _without_repeats(self._log(lines))

    def _name(self, seat: int, inside: bool = False) -> str:
        """A seat in words: "You" (``inside`` a sentence: "you"), "Seat 1", or its name."""
        name = text.seat_name(seat, self.you, self.names)
        return "you" if inside and seat == self.you else name

    def _bots_for(self, bots, players: int) -> list:
        """One bot per seat (your seat's entry is used only when watching)."""
        if isinstance(bots, (list, tuple)):
            if len(bots) != players:
                raise ValueError(f"bots must give one bot for each of the {players} seats.")
        else:
            bots = [bots] * players
        return [self._seat_bot(bot, seat) for seat, bot in enumerate(bots)]

    def _seat_bot(self, bot, seat: int) -> Callable:
        """The bot of one seat. ``seat_bot`` gives a random bot its own generator, seeded from
        the table's seed and the seat, so that a table replays exactly from its seed."""
        return seat_bot(get_bot(bot, self.game), self.seed, seat)


def _without_repeats(lines: list[str]) -> list[str]:
    """``lines`` without a sentence that repeats the one just before it."""
    return [line for i, line in enumerate(lines) if i == 0 or lines[i - 1] != line]
