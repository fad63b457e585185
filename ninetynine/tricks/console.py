"""Play Ninety-Nine, the trick-taking game, in the terminal against two bots, a line at a time.

Reading whole lines (not key presses) means the game works the same when typed, piped from a
file or sent by a test; the end of the input quits cleanly. The console is a thin shell over the
same ``TricksController`` as the notebook table, so every sentence and every refusal is the
table's. Your cards are numbered from 1 in hand order:

- bidding: ``1 5 9`` lays aside your cards 1, 5 and 9 (or ``bid 6D 7S QH``);
- offers: ``declare``, ``reveal`` or ``pass``;
- play: ``4`` plays your card 4 (or ``QS``);
- ``h`` your hand, ``t`` the trick, ``s`` bids, tricks, cards face up and scores, ``?`` help,
  ``q`` quit.

Two looks, one behaviour: **rich** (a terminal) shows the table in a box before each of your
moves; **plain** (``--plain``, or whenever the output is not a terminal) prints sentences only,
one per line, for screen readers and pipes.

>>> import io, ninetynine as nn
>>> out = io.StringIO()
>>> TricksConsole(nn.make("tricks"), seed=1, plain=True, stdin=io.StringIO("h\\nq\\n"),
...               stdout=out).run()
0
>>> "Your hand: 1, the King of Clubs; 2, the 6 of Diamonds;" in out.getvalue()
True
"""
from __future__ import annotations

import sys
from typing import TextIO

from ninetynine import text
from ninetynine.cards import CardError
from ninetynine.core import IllegalMove
from ninetynine.frontend.console import start
from ninetynine.frontend.helpers import Quit, Terminal, bot_names_from, is_quit

from .cards import parse_card
from .controller import TricksController

#: The bots that play Ninety-Nine, by the names ``--bots`` accepts (short names too).
TRICKS_BOT_NAMES = {"tricks_rules": "tricks_rules", "rules": "tricks_rules",
                    "tricks_search": "tricks_search", "search": "tricks_search",
                    "tricks_random": "tricks_random", "random": "tricks_random"}
DEFAULT_BOT = "tricks_rules"
PLAYERS = 3


def choose_bots(spec: str | None) -> list[str]:
    """The two opponents' bot names from ``--bots`` text: one name for both, or two separated
    by a comma. A name that is not a Ninety-Nine bot raises ValueError in one sentence."""
    return bot_names_from(spec or DEFAULT_BOT, PLAYERS - 1, TRICKS_BOT_NAMES,
                          "--bots names {given} bots for 2 opponents: give one name for both, "
                          "or two names separated by a comma.",
                          "'{name}' is not a bot of Ninety-Nine: choose one of tricks_rules, "
                          "tricks_search or tricks_random.")


def help_text() -> list[str]:
    return [
        "Your cards are numbered from 1, in the order your hand shows them.",
        "To bid, type the numbers of the three cards to lay aside, such as 1 5 9, or type bid "
        "and the cards in short form: bid 6D 7S QH lays aside the 6 of Diamonds, the 7 of "
        "Spades and the Queen of Hearts.",
        "Each club laid aside bids 3 tricks, each heart 2, each spade 1 and each diamond 0.",
        "After the bids, type declare to show your bid cards for a premium of 30, reveal to "
        "show your hand too for a premium of 60, or pass.",
        "To play, type the number of a card, or the card in short form, such as QS for the "
        "Queen of Spades; follow the suit led if you can.",
        "At the end of a deal, a player who took exactly the bid shows the cards laid aside; a "
        "missed bid stays face down, unless it was declared or revealed.",
        "Type h for your hand, t for the trick, s for bids, tricks and scores, and q to quit.",
    ]


class TricksConsole(Terminal):
    """A game of Ninety-Nine at the terminal: you play seat 0, bots play seats 1 and 2.

    game    ``nn.make("tricks")`` (options ``trumps`` and ``deals``)
    bots    a ``--bots`` text ("tricks_rules", "search,random") or a list of two bot names or
            callables, one per opponent
    seed    seeds the deal and the bots; the same seed and the same input replay the same game
    plain   True: sentences only; False: the table in a box too; None: plain exactly when
            ``stdout`` is not a terminal
    """

    def __init__(self, game, bots=DEFAULT_BOT, seed: int = 0, plain: bool | None = None,
                 stdin: TextIO | None = None, stdout: TextIO | None = None, names=None):
        if bots is None or isinstance(bots, str):
            bots = choose_bots(bots)
        if len(bots) != PLAYERS - 1:
            raise ValueError("Give one bot for each of the 2 opponents.")
        self.bot_names = [b if isinstance(b, str) else getattr(b, "__name__", "custom")
                          for b in bots]
        self.table = TricksController(game, seat=0, bots=[DEFAULT_BOT, *bots], seed=seed,
                                      names=names)
        super().__init__(game, seed, plain, stdin, stdout, names)

    # --- output --------------------------------------------------------------------------------

    @property
    def hand(self) -> list:
        return self.table.state.hands[self.table.seat]

    def hand_sentence(self) -> str:
        """"Your hand: 1, the King of Clubs; 2, the 6 of Diamonds; ..."."""
        if not self.hand:
            return "Your hand is empty."
        cards = "; ".join(f"{number}, {self.table.card_words(card)}"
                          for number, card in enumerate(self.hand, start=1))
        return f"Your hand: {cards}."

    def trick_lines(self) -> list[str]:
        return [line for line in (self.table.trick_sentence(), self.table.last_trick_sentence())
                if line]

    def score_lines(self) -> list[str]:
        t = self.table
        return [t.deal_sentence(), *t.seat_lines(), *t.exposed_lines(), *t.score_lines()]

    def show_table(self) -> None:
        """Before your move: the status, the trick and your numbered hand (the deal and the
        turn-up were just told by the news; the box of the rich look shows them again)."""
        t = self.table
        lines = [t.status()]
        if t.phase == "bid" and self._console is not None:
            lines.append(t.deal_sentence())
        if t.phase == "play":
            lines.append(t.trick_sentence())
        if self._console is None:
            self.say(*lines, self.hand_sentence())
        else:
            from rich.console import Group
            from rich.panel import Panel
            from rich.table import Table
            from rich.text import Text

            cards = Table(show_header=True, box=None, padding=(0, 2))
            cards.add_column("Number")
            cards.add_column("Card")
            for number, card in enumerate(self.hand, start=1):
                cards.add_row(str(number), t.card_name(card))
            body = Group(Text(lines[0], style="bold"), *(Text(line) for line in lines[1:]), cards)
            self._console.print(Panel(body, title="Ninety-Nine"))
        if t.bidding():
            self.say(t.bid_values_sentence())

    def show_summary(self) -> None:
        """The end of a deal: each seat's points broken down, the totals, and the last trick."""
        summary = self.table.summary
        self.say(summary.heading, self.table.last_trick_sentence(), *summary.lines)

    def prompt(self) -> str:
        if self.table.paused:
            return "Press Enter for the next deal, or type q to quit."
        phase = self.table.phase
        if phase == "bid":
            return "Your bid: type the numbers of three cards to lay aside, or ? for help."
        if phase == "offer":
            return "Type declare, reveal or pass."
        return "Your card: type its number, or ? for help."

    # --- the game ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the player quits; return the exit code (0)."""
        self.introduce()
        self.say(*self.table.latest)
        try:
            while not self.table.is_over:
                if self.table.paused:
                    self.show_summary()
                else:
                    self.show_table()
                while self.handle(self.ask(self.prompt())):
                    pass
            # the news said who won: the last deal's breakdown, then the scores
            self.say(self.table.last_trick_sentence(), *self.table.summary.lines[:-1],
                     "Final scores:", *self.table.score_lines())
            return 0
        except Quit:
            self.say("You leave the game. Scores now:", *self.table.score_lines())
            return 0

    def introduce(self) -> None:
        trumps = ("the turn-up sets trumps" if self.game.trumps == "turn-up"
                  else "the results of each deal set the next deal's trumps")
        deals = text.plural(self.game.deals, "deal")
        self.say(f"Ninety-Nine, the trick-taking game, {deals}, {trumps}: you "
                 f"are {text.seat_name(0, None, self.names)}; {self.opponents(self.bot_names)}.",
                 self.seed_sentence(),
                 "Type ? for help.")

    def handle(self, line: str) -> bool:
        """Act on one line of input; return True to ask again, False once a move was made."""
        words = line.lower().replace(",", " ").split()
        if not words and self.table.paused:                 # Enter: the next deal
            return self.answer(self.table.next_round())
        if not words:
            self.say("Nothing was typed: " + self.prompt()[:1].lower() + self.prompt()[1:])
            return True
        key = words[0]
        if is_quit(key):
            raise Quit
        info = {"?": help_text, "help": help_text, "h": lambda: [self.hand_sentence()],
                "t": self.trick_lines, "s": self.score_lines}
        if len(words) == 1 and key in info:
            self.say(*info[key]())
            return True
        if self.table.paused:
            if words in (["n"], ["next"]):
                return self.answer(self.table.next_round())
            self.say(f"{self.table.summary.heading[:-1]}: press Enter for the next deal, or type "
                     "s for the scores, ? for help or q to quit.")
            return True
        if all(word.isdigit() for word in words):
            return self.numbers(words)
        if len(words) == 1 and key in ("declare", "reveal", "pass"):
            return self.answer(self.table.offer(key))
        if key == "bid" and self.table.phase == "bid" and len(words) == 4:
            try:
                self.table.state.parse_move(line)
            except IllegalMove:
                self.say(self.not_understood(line.strip()))
                return True
            return self.answer(self.table.play(line))
        if len(words) == 1 and self.table.phase == "play":
            try:
                card = parse_card(line.strip())
            except CardError:
                card = None
            if card is not None:
                return self.answer(self.table.click_card(card))
        self.say(self.not_understood(line.strip()))
        return True

    def not_understood(self, typed: str) -> str:
        """One sentence for input that is not a command here: what is wrong, what is allowed."""
        phase = self.table.phase
        if phase == "bid":
            return (f"'{typed}' is not a bid: type the numbers of three cards to lay aside, such "
                    "as 1 5 9, or ? for help.")
        if phase == "offer":
            return f"'{typed}' is not an offer: type declare, reveal or pass, or ? for help."
        return (f"'{typed}' is not a card of your hand: type a card's number from 1 to "
                f"{len(self.hand)}, or ? for help.")

    def numbers(self, words: list[str]) -> bool:
        """Card numbers: three to bid, one to play."""
        size = len(self.hand)
        for word in words:
            if not 1 <= int(word) <= size:
                self.say(f"There is no card {word}: your cards are numbered 1 to {size}.")
                return True
        cards = [self.hand[int(word) - 1] for word in words]
        phase = self.table.phase
        if phase == "bid":
            if len(set(cards)) != 3:
                self.say("A bid lays aside exactly three different cards: type three numbers, "
                         "such as 1 5 9.")
                return True
            return self.answer(self.table.play("bid " + " ".join(str(c) for c in cards)))
        if phase == "play" and len(cards) == 1:
            return self.answer(self.table.click_card(cards[0]))
        if phase == "play":
            self.say("Play one card at a time: type one number.")
            return True
        self.say("Now type declare, reveal or pass: the cards are played after the offers.")
        return True

    def answer(self, accepted: bool) -> bool:
        """Print what the table said: the refusal, or the narration of the move and the bots'."""
        self.say(*self.table.latest)
        return not accepted


# --- the command line ----------------------------------------------------------------------------

def run(game, bots: str | None = None, seed: int | None = None, plain: bool | None = None,
        stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """``ninetynine play --game tricks [--bots tricks_rules] [--seed N] [--deals N]
    [--trumps turn-up|results] [--plain]``: the declared terminal of Ninety-Nine
    (``Declaration.console``). ``bots`` is ``--bots`` text (None: tricks_rules); a bad one is one
    sentence on standard error and exit code 2; nothing is started.
    """
    return start(TricksConsole, game, bots, seed, plain, stdin, stdout)


def main(argv: list[str] | None = None) -> int:
    """``python -m ninetynine.tricks.console [--bots ...] [--seed N] [--deals N]
    [--trumps ...] [--plain]``: the same game as ``ninetynine play --game tricks``."""
    from ninetynine.cli import main as command
    return command(["play", "--game", "tricks", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
