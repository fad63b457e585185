"""Play any registered game in the terminal, against bots, from its declaration alone.

The terminal of a game that has none of its own, such as a game of yours (notebook 19) after
``ninetynine.register(game)``: ``ninetynine play --game my_module:my_game``. It uses only the
protocol and the declaration (``ninetynine.protocol``):

- what happens is told in the game's words (``declaration.sentences()``: ``narrate``), as your
  view tells it: when the view keeps a history as long as the state's, its events are read;
- before your move, the position in the game's sentences (``show(view)``, when declared), then
  your legal moves, each with its number and its text: type the number, or the move's text
  (when some moves' texts are whole numbers themselves, the moves are typed by their text
  alone, so that "4" means one thing);
- ``?`` help, ``q`` quit; anything else is one sentence and changes nothing.

It reads whole lines, as the kit's other terminals do (``helpers.Terminal``): typed, piped from
a file or sent by a test, the game goes the same, and the end of the input quits cleanly.

>>> import io, ninetynine as nn
>>> out = io.StringIO()
>>> ProtocolConsole(nn.make("quentin_c", players=2), bots="random", seed=1, plain=True,
...                 stdin=io.StringIO("q\\n"), stdout=out).run()
0
>>> "You leave the game." in out.getvalue()
True
"""
from __future__ import annotations

from typing import TextIO

from .. import text
from ..protocol import declaration
from .console import choose_bots, start, take_turn
from .helpers import Quit, Terminal, is_quit


def run(game, bots: str | None = None, seed: int | None = None, plain: bool | None = None,
        stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """``ninetynine play --game NAME`` for a game with no terminal of its own (the default
    ``Declaration.console``). ``bots`` is ``--bots`` text (None: the game's strongest named bot,
    the last of its declared bots)."""
    return start(ProtocolConsole, game, bots, seed, plain, stdin, stdout)


class ProtocolConsole(Terminal):
    """Any registered game at the terminal: you play seat 0, bots play the others.

    game    a registered game (``nn.make("race31")``)
    bots    ``--bots`` text: one of the game's bot names for every opponent, or one per opponent
            separated by commas (None: the last of the game's bots, the strongest)
    seed    seeds the deal and the random bots; the same seed and the same input replay the game
    plain   both looks print sentences only (the game declares no drawing)
    """

    def __init__(self, game, bots: str | None = None, seed: int = 0, plain: bool | None = None,
                 stdin: TextIO | None = None, stdout: TextIO | None = None, names=None):
        super().__init__(game, seed, plain, stdin, stdout, names, rich=False)
        self.declared = declaration(game)
        table = self.declared.bot_table()
        self.seats = choose_bots(bots or list(table)[-1], game.players - 1, seed, table,
                                 self.declared.title)
        self.words = self.declared.sentences()
        self.show = self.declared.show
        self.state = game.new_game(seed=seed)
        self.shown = 0                       # events of the history already narrated

    # --- output --------------------------------------------------------------------------------

    @property
    def view(self):
        return self.state.view(self.you)

    def show_news(self) -> None:
        """Narrate every event since the last narration, as your view tells it."""
        history = list(self.state.history)
        seen = getattr(self.view, "history", None)
        if seen is not None and len(seen) == len(history):
            history = list(seen)
        news, self.shown = history[self.shown:], len(history)
        self.say(*filter(None, self.words.narrate(news, you=self.you, names=self.names)))

    def moves(self) -> list:
        return list(self.state.legal_moves())

    def numbered(self) -> bool:
        """Are the moves typed by number? Not when a move's text is a number itself."""
        return not any(str(move).strip().isdigit() for move in self.moves())

    def moves_sentence(self) -> str:
        """"Your moves: 1, draw; 2, play 4." or, with moves written as numbers, "Your moves: 2,
        4 or 5."."""
        return f"Your moves: {self.moves_listed()}."

    def moves_listed(self) -> str:
        moves = [str(move) for move in self.moves()]
        if self.numbered():
            return "; ".join(f"{number}, {move}" for number, move in enumerate(moves, start=1))
        return text.join_words(moves)

    def prompt(self) -> str:
        if self.numbered():
            return "Your move: type its number or its text, or ? for help."
        return "Your move: type it as it is written, or ? for help."

    def position(self) -> list[str]:
        """The position in the game's sentences (``show(view)``), when it declares them."""
        if self.show is None:
            return []
        lines = self.show(self.view)
        return [lines] if isinstance(lines, str) else list(lines)

    def help_text(self) -> list[str]:
        how = ("type a move's number, or its text" if self.numbered()
               else "type the move as the list writes it")
        return [f"Before each of your turns your legal moves are listed: {how} to make it.",
                "Type s to hear the position and your moves again, ? for this help, and q to "
                "quit."]

    def standings(self) -> list[str]:
        return text.standings(self.state.standings(), "places", self.you, self.names)

    # --- the game ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the player quits; return the exit code (0)."""
        self.introduce()
        try:
            while True:
                self.run_bots()
                self.show_news()
                if self.state.is_over:
                    self.say("Final standings:", *self.standings())
                    return 0
                self.say(*self.position(), self.moves_sentence())
                take_turn(self, self.prompt)
        except Quit:
            self.show_news()
            self.say("You leave the game.")
            return 0

    def introduce(self) -> None:
        self.say(f"{self.declared.title}, {self.game.players} players: you are "
                 f"{text.seat_name(self.you, None, self.names)}; "
                 f"{self.opponents([seat.name for seat in self.seats])}.",
                 self.seed_sentence(), "Type ? for help, or q to quit.")

    def run_bots(self) -> None:
        """Let the bots move until it is your turn or the game is over."""
        while not self.state.is_over and self.state.to_move != self.you:
            seat = self.state.to_move
            self.state.play(self.seats[seat - 1].bot(self.state.view(seat)))

    def handle(self, line: str) -> bool:
        """Act on one line of input; return False when your turn is over (a move was made)."""
        typed = line.strip()
        if not typed:
            self.say("Nothing was typed: " + self.prompt()[len("Your move: "):])
            return True
        if is_quit(typed):
            raise Quit
        if typed.lower() in ("?", "help"):
            self.say(*self.help_text())
            return True
        moves = self.moves()
        by_text = {str(move): move for move in moves}
        if typed in by_text:
            return self.make(by_text[typed])
        if self.numbered() and typed.isdigit():
            if 1 <= int(typed) <= len(moves):
                return self.make(moves[int(typed) - 1])
            self.say(f"There is no move {typed}: your moves are numbered 1 to {len(moves)}.")
            return True
        if typed.lower() == "s":
            self.say(*self.position(), self.moves_sentence())
            return True
        if hasattr(self.state, "parse_move"):          # the game's own notation and refusal
            return self.make(typed)
        self.say(f"'{typed}' is not a move you can make now: make one of {self.moves_listed()}.")
        return True

    def make(self, move) -> bool:
        """Play a move; one the rules refuse (``IllegalMove``, or any ``ValueError`` as the
        protocol allows) is refused in the game's own sentence, changing nothing."""
        try:
            self.state.play(move)
        except ValueError as error:
            self.say(str(error))
            return True
        return False
