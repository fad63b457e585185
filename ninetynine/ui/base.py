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
  announces), ``lines`` the last few of the whole story;
- **refusals**: a click that is not allowed returns False, puts one sentence saying what is
  wrong and what is allowed in ``message`` (and ``latest``), and changes nothing;
- **new games**: the first game is ``game.new_game(seed)``, "New game" deals seed + 1, seed + 2...

A game's controller fills in what only it knows: ``_redact`` and ``_sentences`` (its events in
words), ``_clear_choice`` (forget a half-made choice, such as a selected card) and, if a run
stops before the end of the game, ``RUN_UNTIL`` (the event that ends a round or a deal).
"""
from __future__ import annotations

from typing import Callable, Sequence

from .. import text
from ..arena import seat_bot
from ..bots import get as get_bot
from ..core import IllegalMove


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

    #: How many narration sentences a table keeps for its "what happened" list.
    HISTORY_LINES = 12
    #: A safety limit: no single click may make the bots play more moves than this.
    MAX_BOT_MOVES = 10_000
    #: The event after which ``run`` stops (the end of a round or deal); None: the end of the game.
    RUN_UNTIL: type | None = None

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
        self.lines: list[str] = []
        self.latest: list[str] = []
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
        return not self.watch and self.state.to_move == self.seat

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
        self._say(self._narrate(self._bot_move()))
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
            if self.state.is_over or any(type(e) is self.RUN_UNTIL for e in step):
                break
        self._say(self._narrate(events))
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

    # --- inside: playing moves and running the bots -------------------------------------------

    def _begin(self, state) -> None:
        """Start playing ``state``: narrate how it began and let the bots move up to your turn."""
        self.state = state
        self._clear_choice()
        self.message = ""
        self.lines = []
        events = list(state.history)
        if not self.watch:
            events += self._bots_until_your_turn()
        self._say(self._narrate(events))

    def _play(self, move) -> bool:
        """Make your move, then let the bots answer; refuse (changing nothing) if it is illegal."""
        try:
            events = self.state.play(move)
        except IllegalMove as error:
            return self._refuse(str(error))
        self._clear_choice()
        events += self._bots_until_your_turn()
        self._say(self._narrate(events))
        return True

    def _bots_until_your_turn(self) -> list:
        """All bot moves until it is your turn again or the game is over."""
        events: list = []
        for _ in range(self.MAX_BOT_MOVES):
            if self.state.is_over or self.state.to_move == self.seat:
                break
            events += self._bot_move()
        return events

    def _bot_move(self) -> list:
        seat = self.state.to_move
        return self.state.play(self.bots[seat](self.state.view(seat)))

    def _refuse_unless_your_turn(self) -> str:
        """The sentence refusing a click now, or "" when it is your turn to act."""
        if self.watch:
            return self.WATCHING
        if self.state.is_over:
            return self.GAME_OVER
        if self.state.to_move != self.seat:
            return f"It is not your turn: {self._name(self.state.to_move)} is to move."
        return ""

    def _refuse_unless_watching(self) -> str:
        """The sentence refusing Step or Run now, or "" when the bots may move."""
        if not self.watch:
            return self.ONLY_WHEN_WATCHING
        if self.state.is_over:
            return self.GAME_OVER
        return ""

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
        """Announce ``lines`` and add them to the story."""
        self.message = ""
        self.latest = lines
        self.lines = (self.lines + lines)[-self.HISTORY_LINES:]

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
