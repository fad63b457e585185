"""Play The Game of 99 in the terminal, against bots, one line of input at a time.

Reading whole lines (not key presses) means the game works the same when typed, piped from a
file or sent by a test; the end of the input quits cleanly. Every sentence comes from
``ninetynine.board.words``. Squares are chosen by their numbers:

- ``play 37 on 52``  play the card 37 to 99 on square 52;
- ``2``              the card in slot 2 of your hand, then the square when asked (or ``2 52``);
- ``d``              draw a card;   ``x 2`` (or ``discard 37``) discard a card;
- ``b``              read the board row by row;  ``h`` your hand;  ``s`` the table;
- ``?``              help;  ``q`` quit.

Two looks, one behaviour: **drawn** (a terminal) draws the board as a grid of numbers with the
owners' letter marks before each of your turns; **plain** (``--plain``, or whenever the output is
not a terminal) prints sentences only, one per line, and reads the board aloud on ``b``
("Row 1: 92 empty, 93 yours, ...").

>>> import io, ninetynine as nn
>>> out = io.StringIO()
>>> BoardConsole(nn.make("board"), bots="board_heuristic", seed=1, plain=True,
...              stdin=io.StringIO("h\\nq\\n"), stdout=out).run()
0
>>> "Your hand: 1, the card 23 to 99." in out.getvalue()
True
"""
from __future__ import annotations

from typing import TextIO

from ninetynine.core import IllegalMove
from ninetynine.frontend.console import start, take_turn
from ninetynine.frontend.helpers import Quit, Terminal, bot_names_from, is_quit

from . import events as ev
from . import words as text
from .controller import board_bot
from .moves import DRAW, Discard, Place, typed_square

#: The bots that play the board game, by the names ``--bots`` accepts (short names too).
BOARD_BOT_NAMES = {"board_heuristic": "board_heuristic", "heuristic": "board_heuristic",
                   "board_search": "board_search", "search": "board_search",
                   "board_random": "board_random", "random": "board_random"}
DEFAULT_BOT = "board_heuristic"


def choose_bots(spec: str | None, opponents: int) -> list[str]:
    """The opponents' bot names from ``--bots`` text: one name for all, or one per opponent
    separated by commas. A name that is not a board bot raises ValueError in one sentence."""
    return bot_names_from(spec or DEFAULT_BOT, opponents, BOARD_BOT_NAMES,
                          f"--bots names {{given}} bots for {opponents} opponents: give one "
                          "name for all of them, or one name per opponent separated by commas.",
                          "'{name}' is not a bot of The Game of 99: choose one of "
                          "board_heuristic, board_search or board_random.")


class BoardConsole(Terminal):
    """A game of The Game of 99 at the terminal: you play seat 0, bots play the others.

    game    ``nn.make("board", players=2)``
    bots    a ``--bots`` text ("board_heuristic", "search,random,heuristic") or a list of bot
            names or callables, one per opponent
    seed    seeds the deal and the bots; the same seed and the same input replay the same game
    plain   True: sentences only; False: the board also drawn as a grid; None: plain exactly when
            ``stdout`` is not a terminal
    """

    def __init__(self, game, bots=DEFAULT_BOT, seed: int = 0, plain: bool | None = None,
                 stdin: TextIO | None = None, stdout: TextIO | None = None, names=None):
        super().__init__(game, seed, plain, stdin, stdout, names, rich=False)
        if bots is None or isinstance(bots, str):
            bots = choose_bots(bots, game.players - 1)
        if len(bots) != game.players - 1:
            raise ValueError(f"Give one bot for each of the {game.players - 1} opponents.")
        self.bot_names = [b if isinstance(b, str) else getattr(b, "__name__", "custom") for b in bots]
        self.bots = [None] + [board_bot(bot, seat, seed) for seat, bot in enumerate(bots, start=1)]
        self.state = game.new_game(seed=seed)
        self.shown = 0                       # events of the history already narrated

    # --- output --------------------------------------------------------------------------------

    @property
    def view(self):
        return self.state.view(self.you)

    def show_news(self) -> int | None:
        """Narrate every event since the last narration, as you may see it, up to a tie that
        clears the board (the next game waits for the pause). Return the tied game's number."""
        history = self.state.history
        end = len(history)
        tie = next((i for i in range(self.shown, end) if _replayed_tie(history[i])), None)
        if tie is not None:
            end = next((i for i in range(tie, end) if type(history[i]) is ev.FirstPlayerChosen),
                       end)
        news = [ev.redact(e, self.you) for e in history[self.shown:end]]
        self.shown = end
        self.say(*text.narrate(news, self.you, self.names, self.game.players))
        return None if tie is None else history[tie].game

    def pause(self, tied: int) -> None:
        """After a tie: what it means, then wait for Enter (q quits)."""
        self.say(text.tie_summary(tied))
        self.wait_for_enter(f"Press Enter for game {tied + 1}, or type q to quit.",
                            f"{text.tie_heading(tied)[:-1]}: press Enter to begin game "
                            f"{tied + 1}, or type q to quit.")

    def show_board(self) -> None:
        """The board in words, one row per line, top row first."""
        self.say(*text.board_rows(self.state.owner, self.you, self.game.players, self.names))

    def show_table(self) -> None:
        """Before your move: the board as a grid (drawn look only), then whose turn, the hands
        and your cards."""
        if not self.plain:
            self.say("", *text.board_grid(self.state.owner, self.game.players),
                     "Marks: " + text.legend(self.game.players, self.you, self.names), "")
        self.say(text.status(self.view, self.names, self.you),
                 text.hand_sizes(self.view, self.names, self.you), text.hand(self.view))

    # --- the game ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the player quits; return the exit code (0)."""
        self.introduce()
        try:
            while True:
                self.run_bots()
                tied = self.show_news()        # the news ends with who won, once the game is over
                if self.state.is_over:
                    return 0
                if tied is not None:
                    self.pause(tied)
                    continue
                self.show_table()
                take_turn(self, lambda: "Your move: type 'play CARD on SQUARE', a card's slot "
                                        "number, d to draw, or ? for help.")
        except Quit:
            self.show_news()
            self.say("You leave the game.")
            return 0

    def introduce(self) -> None:
        players = self.game.players
        teams = " in two teams" if players == 4 else " in three teams" if players == 6 else ""
        self.say(f"The Game of 99, {players} players{teams}: you are "
                 f"{text.seat_name(self.you, None, self.names)}; {self.opponents(self.bot_names)}.",
                 *filter(None, [text.partner(players, self.you, self.names)]),
                 self.seed_sentence(),
                 "The board's layout is the kit's reconstruction: the real board's is not known.",
                 "Type b to read the board, or ? for help.")

    def run_bots(self) -> None:
        """Let the bots move until it is your turn, a tie clears the board, or the game ends."""
        if any(_replayed_tie(e) for e in self.state.history[self.shown:]):
            return
        while not self.state.is_over and self.state.to_move != self.you:
            seat = self.state.to_move
            if any(_replayed_tie(e) for e in self.state.play(self.bots[seat](self.state.view(seat)))):
                return

    def handle(self, line: str) -> bool:
        """Act on one line of input; return False when your turn is over (a move was made)."""
        words = line.lower().split()
        if not words:
            self.say("Nothing was typed: type 'play CARD on SQUARE', a slot number, or ? for help.")
            return True
        key = words[0]
        if is_quit(key):
            raise Quit
        info = {"?": lambda: self.say(*text.help_text()), "help": lambda: self.say(*text.help_text()),
                "b": self.show_board, "h": lambda: self.say(text.hand(self.view)),
                "s": lambda: self.say(text.status(self.view, self.names, self.you),
                                      text.hand_sizes(self.view, self.names, self.you))}
        if len(words) == 1 and key in info:
            info[key]()
            return True
        if words == ["d"]:
            return self.make(DRAW)
        if key == "x" and len(words) == 2:
            card = self.slot(words[1])
            return True if card is None else self.make(Discard(card))
        if key.isdigit() and len(words) <= 2:
            return self.play_slot(words)
        if key in ("play", "draw", "discard"):
            try:
                move = self.state.parse_move(line)
            except IllegalMove as error:
                self.say(str(error))
                return True
            return self.make(move)
        self.say(text.unknown_command(line.strip()))
        return True

    def slot(self, typed: str):
        """The card in the slot a player typed (1 for the first), or None after saying why not."""
        hand = self.state.hands[self.you]
        if typed.isdigit() and 1 <= int(typed) <= len(hand):
            return hand[int(typed) - 1]
        self.say(text.no_such_slot(typed, len(hand)))
        return None

    def play_slot(self, words: list[str]) -> bool:
        """A slot number, and the square (on the same line, or asked for in words)."""
        card = self.slot(words[0])
        if card is None:
            return True
        squares = self.state.squares_for(card)
        if not squares:
            self.say(text.allowed_squares(card, squares))
            return True
        if len(words) == 2:                           # "2 52": the square on the same line
            square = typed_square(words[1])
            if square is None:
                self.say(text.not_a_square(words[1]))
                return True
            return self.make(Place(card, square))
        while True:                                   # ask until a square is played or kept
            answer = self.ask(f"{text.allowed_squares(card, squares)} Type the square, or nothing "
                              "to keep the card.")
            if not answer:
                self.say(f"You keep {text.card_name(card)}.")
                return True
            if is_quit(answer):
                raise Quit
            square = typed_square(answer)
            if square is None:
                self.say(text.not_a_square(answer))
            elif not self.make(Place(card, square)):
                return False

    def make(self, move) -> bool:
        """Play a move; an illegal one is refused with the engine's sentence, changing nothing."""
        try:
            self.state.play(move)
        except IllegalMove as error:
            self.say(str(error))
            return True
        return False


def _replayed_tie(event) -> bool:
    """True for a tie after which the board is cleared and another game begins."""
    return type(event) is ev.BoardTied and event.replay


def run(game, bots: str | None = None, seed: int | None = None, plain: bool | None = None,
        stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """``ninetynine play --game board [--players 2] [--bots board_heuristic] [--seed N]
    [--plain]``: the declared terminal of The Game of 99 (``Declaration.console``). ``bots`` is
    ``--bots`` text (None: board_heuristic); a bad one is one sentence on standard error (exit 2).
    """
    return start(BoardConsole, game, bots, seed, plain, stdin, stdout)
