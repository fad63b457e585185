"""Play a running-total game in the terminal, against bots, one line of input at a time.

The console reads a line, acts on it, and prints what happened. Reading whole lines (not single
key presses) means it works the same when input is typed, piped from a file, or sent by a test;
the end of the input quits cleanly. Every sentence comes from ``ninetynine.text``.

Two looks, one behaviour:

- **rich** (a terminal): the table in a box (count, whose turn, tokens or points, your numbered
  hand) under the narration of everything since your last turn;
- **plain** (``--plain``, or whenever the output is not a terminal): one sentence per line, no
  colour, no box drawing, no symbols, for screen readers and pipes.

>>> import io, ninetynine as nn
>>> out = io.StringIO()
>>> game = ConsoleGame(nn.make("quentin_c", players=2), bots=["random"], seed=1,
...                    plain=True, stdin=io.StringIO("C\\nQ\\n"), stdout=out)
>>> game.run()
0
>>> "The count is 0." in out.getvalue()
True

``run(game, bots=None, seed=None, plain=None, stdin=None, stdout=None)`` is the terminal's entry
point, as the game's declaration names it (``Declaration.console``); ``ninetynine.frontend.console``
holds what every terminal shares.
"""
from __future__ import annotations

from typing import TextIO

from ninetynine import text
from ninetynine.core import IllegalMove
from ninetynine.frontend.console import Seat, choose_bots, start, take_turn
from ninetynine.frontend.helpers import Quit, Terminal, is_quit

from . import events as ev
from . import table_words
from .bots import BOTS
from .moves import DRAW, END, Play

#: how a refusal of a bot's name names these games
GAME_WORDS = "the running-total games"


def run(game, bots: str | None = None, seed: int | None = None, plain: bool | None = None,
        stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """``ninetynine play --game quentin_c`` (and every running-total rule set): the declared
    terminal (``Declaration.console``). ``bots`` is ``--bots`` text (None: expert)."""
    return start(ConsoleGame, game, bots, seed, plain, stdin, stdout)


class ConsoleGame(Terminal):
    """A game at the terminal: you play seat 0, bots play the others.

    game     a running-total game (``nn.make("quentin_c", players=3)``)
    bots     one bot name or callable per opponent, or a ``--bots`` text ("expert" / "random,expert")
    seed     seeds the deal and the random bots; the same seed and input replay the same game
    plain    True: one sentence per line, no colour or boxes; False: the rich table; None (the
             default): plain exactly when ``stdout`` is not a terminal
    """

    KEEP_SPACES = True          # a lone space draws a card, as in the source

    def __init__(self, game, bots="expert", seed: int = 0, plain: bool | None = None,
                 stdin: TextIO | None = None, stdout: TextIO | None = None, names=None):
        super().__init__(game, seed, plain, stdin, stdout, names)
        bots = "expert" if bots is None else bots
        if isinstance(bots, str):
            self.seats = choose_bots(bots, game.players - 1, seed, BOTS, GAME_WORDS)
        else:
            self.seats = [Seat(b, getattr(b, "__name__", "bot")) if callable(b) else
                          choose_bots(b, 1, seed + i, BOTS, GAME_WORDS)[0] for i, b in enumerate(bots)]
            if len(self.seats) != game.players - 1:
                raise ValueError(f"Give one bot for each of the {game.players - 1} opponents.")
        self.state = game.new_game(seed=seed)
        self.shown = 0              # events of the history already narrated

    # --- output ------------------------------------------------------------------------------

    @property
    def view(self):
        return self.state.view(self.you)

    def show_news(self) -> bool:
        """Narrate every event since the last narration, as you may see it, up to the end of a
        round: the next round's first events wait for the pause. Return True if a round ended."""
        history = self.state.history
        end = len(history)
        over = next((i for i in range(self.shown, end) if type(history[i]) is ev.RoundOver), None)
        if over is not None:
            end = next((i for i in range(over, end) if type(history[i]) is ev.RoundStarted), end)
        news = [ev.redact(e, self.you) for e in history[self.shown:end]]
        self.shown = end
        self.say(*text.narrate(news, you=self.you, names=self.names))
        return over is not None

    def round_summary(self):
        """The summary of the round that just ended: what each seat lost and why, and more."""
        history = self.state.history[:self.shown]
        start = max((i for i, e in enumerate(history) if type(e) is ev.RoundStarted), default=0)
        events = [ev.redact(e, self.you) for e in history[start:]]
        return table_words.round_summary(events, self.state, self.you, self.names)

    def pause(self) -> None:
        """The end of a round: its summary, then wait for Enter (q quits)."""
        summary = self.round_summary()
        self.say(*summary.lines)
        next_round = self.state.round
        self.wait_for_enter(f"Press Enter for round {next_round}, or type q to quit.",
                            f"{summary.heading[:-1]}: press Enter to deal round {next_round}, or "
                            "type q to quit.")

    def show_table(self) -> None:
        """The table before your move: a box in rich mode, three sentences in plain mode."""
        view = self.view
        if self._console is None:
            self.say(text.status(view, self.names), text.hand(view))
            return
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        cards = Table(show_header=True, box=None, padding=(0, 2))
        cards.add_column("Key")
        cards.add_column("Card")
        for key, card in zip(text.hand_keys(len(view.hand)), view.hand):
            cards.add_row(key, card.name)
        body = Group(Text(text.status(view, self.names), style="bold"),
                     Text(text.scores(view, self.names)), cards)
        self._console.print(Panel(body, title=view.rules.title))

    def prompt(self) -> str:
        if self.view.phase == "draw":
            return "Your move: type D to draw a card, or E to end your turn."
        return "Your move: type the number of a card, or a question mark for help."

    # --- the game ----------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the player quits; return the exit code (0)."""
        self.introduce()
        try:
            while True:
                self.run_bots()
                ended = self.show_news()
                if self.state.is_over:
                    players = self.game.players          # the losses; the news said who won
                    self.say(*self.round_summary().lines[:players],
                             "Final standings:", *self.standings())
                    return 0
                if ended:
                    self.pause()
                    continue
                self.show_table()
                take_turn(self, self.prompt)
        except Quit:
            self.show_news()
            self.say("You leave the game. Standings now:", *self.standings())
            return 0

    def introduce(self) -> None:
        rules = self.game.rules
        opponents = self.opponents([seat.name for seat in self.seats])
        self.say(f"Ninety-Nine under {rules.title}, {self.game.players} players: you are "
                 f"{text.seat_name(self.you, None, self.names)}; {opponents}.",
                 self.seed_sentence(),
                 "Type a question mark for help, or R for the rules.")

    def run_bots(self) -> None:
        """Let the bots move until it is your turn, a round ends (the game pauses) or the game is
        over."""
        state = self.state
        if any(type(e) is ev.RoundOver for e in state.history[self.shown:]):
            return
        while not state.is_over and state.to_move != self.you:
            seat = state.to_move
            if any(type(e) is ev.RoundOver for e in state.play(self.seats[seat - 1].bot(state.view(seat)))):
                return

    def standings(self) -> list[str]:
        return text.standings(self.state.standings(), self.game.rules.scoring, self.you, self.names)

    def handle(self, line: str) -> bool:
        """Act on one line of input. Return False when your turn is over (a move was made)."""
        key = line.strip().upper()
        if not key:
            if line:                                   # a space: draw, as in the source
                return self.draw_or_end("D")
            self.say("Nothing was typed: type the number of a card, or a question mark for help.")
            return True
        if is_quit(key):
            raise Quit
        commands = {"C": lambda: self.say(f"The count is {self.state.count}."),
                    "H": lambda: self.say(text.hand(self.view)),
                    "T": lambda: self.say(text.scores(self.view, self.names)),
                    "?": lambda: self.say(*text.help_text(not self.game.auto_draw,
                                                          self.game.rules.scoring)),
                    "HELP": lambda: self.say(*text.help_text(not self.game.auto_draw,
                                                             self.game.rules.scoring)),
                    "R": lambda: self.say(*text.explain_rules(self.game.rules))}
        if key in commands:
            commands[key]()
            return True
        if key in ("D", "E"):
            return self.draw_or_end(key)
        if self.view.phase == "draw":           # a card, a number or a move: not now
            self.say(text.draw_or_end_first())
            return True
        keys = text.hand_keys(len(self.view.hand))
        if key == "10" and len(keys) >= 10:     # the tenth card's key is 0, but 10 says it too
            key = "0"
        if key in keys:
            return self.play_card(self.view.hand[keys.index(key)])
        if key.isdigit():
            self.say(text.no_such_slot(key, len(self.view.hand)))
            return True
        if len(key) == 1:
            self.say(text.unknown_key(line.strip()))
            return True
        return self.play_text(line.strip())

    def draw_or_end(self, key: str) -> bool:
        if self.game.auto_draw:
            self.say(text.draws_automatically())
            return True
        if self.view.phase != "draw":
            self.say(text.play_first())
            return True
        return self.make(DRAW if key == "D" else END)

    def play_card(self, card) -> bool:
        """Play the card in a slot, asking in words for its value or the next player if needed."""
        plays = [m for m in self.state.legal_moves() if isinstance(m, Play) and m.card == card]
        if not plays:
            effect, count = self.game.effect_of[card], self.state.count
            new = max(effect.apply(count, a) for a in effect.amounts)
            self.say(text.cannot_play(card, count, new, self.game.rules.unsafe_plays))
            return True
        amounts = list(dict.fromkeys(m.amount for m in plays))
        if len(amounts) > 1:
            amount = self.choose(text.amount_prompt(card, amounts), _amount_answers(amounts))
            if amount is None:
                self.say(text.kept(card))
                return True
            plays = [m for m in plays if m.amount == amount]
        elif amounts[0] is not None and len(self.game.effect_of[card].amounts) > 1:
            self.say(text.only_way(plays[0]))
        targets = [m.target for m in plays]
        if len(targets) > 1:
            answers = {str(t): t for t in targets}
            target = self.choose(text.target_prompt(card, targets, self.you, self.names), answers)
            if target is None:
                self.say(text.kept(card))
                return True
            plays = [m for m in plays if m.target == target]
        return self.make(plays[0])

    def choose(self, question: str, answers: dict[str, object]):
        """Ask until one of ``answers`` is typed; an empty line gives None (keep the card)."""
        while True:
            line = self.ask(question).strip()
            if not line:
                return None
            if is_quit(line):
                raise Quit
            answer = _normalise(line)
            if answer in answers:
                return answers[answer]
            self.say(text.not_an_answer(line, list(answers)))

    def play_text(self, line: str) -> bool:
        """A move typed as text ("AS +11"), for players who know the notation."""
        try:
            move = self.state.parse_move(line)
        except IllegalMove:
            self.say(text.unknown_key(line))
            return True
        return self.make(move)

    def make(self, move) -> bool:
        """Play a move; an illegal one is refused with the engine's sentence, changing nothing."""
        try:
            self.state.play(move)
        except IllegalMove as error:
            self.say(str(error))
            return True
        return False


def _normalise(answer: str) -> str:
    """ "plus 11" -> "11", "+10" -> "10", "minus 10" -> "-10": how a typed value is compared."""
    words = answer.lower().replace("plus", "+").replace("minus", "-").replace(" ", "")
    return words.lstrip("+")


def _amount_answers(amounts) -> dict[str, int]:
    return {str(a): a for a in amounts}
