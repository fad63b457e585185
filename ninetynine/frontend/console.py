"""What every terminal front-end shares: the opponents' bots from ``--bots`` text, starting a
game at a terminal, and taking your turn.

Each game's terminal is in its own folder (``counting/console.py``, ``tricks/console.py``,
``board/console.py``; ``protocol_console.py`` here for a game of your own); each one's ``run`` is
the declared terminal (``Declaration.console``) and calls ``start``.
"""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from typing import Callable, TextIO

from ..protocol import random_bot
from .helpers import bot_names_from


@dataclass
class Seat:
    """One opponent: the bot that plays it and the name of that bot, for the introduction."""

    bot: Callable
    name: str


def choose_bots(spec: str, opponents: int, seed: int, bots: dict,
                game_words: str) -> list[Seat]:
    """The opponents' bots from ``--bots`` text: one name for all, or a comma list, one each,
    from ``bots`` (a game's named bots, ``bots_for(game)``; ``game_words`` names the game).

    A bad name or count raises ValueError in one sentence. The random bot gets its own generator
    per seat, seeded from ``seed``, so a game replays.
    """
    names = bot_names_from(spec, opponents, {name: name for name in bots},
                           f"--bots names {{given}} bots for {opponents} opponents: give one "
                           "name for all of them, or one name per opponent separated by commas.",
                           f"There is no bot called '{{name}}' for {game_words}: choose "
                           f"one of {', '.join(bots)}.")
    seats = []
    for seat, name in enumerate(names, start=1):
        bot = bots[name]
        if bot is random_bot:
            rng = random.Random(seed * 1000 + seat)
            bot = (lambda rng: lambda view: random_bot(view, rng))(rng)
        seats.append(Seat(bot, name))
    return seats


def start(console_class, game, bots=None, seed: int | None = None, plain: bool | None = None,
          stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Play ``game`` at a terminal made by ``console_class(game, bots=, seed=, plain=, stdin=,
    stdout=)``; return the exit code. Without ``seed`` a new one is drawn (and told). A bad
    ``bots`` is one sentence on standard error and exit code 2; nothing is started."""
    seed = seed if seed is not None else random.SystemRandom().randrange(10_000)
    try:
        console = console_class(game, bots=bots, seed=seed, plain=plain, stdin=stdin,
                                stdout=stdout)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    return console.run()


def take_turn(terminal, prompt: Callable[[], str]) -> None:
    """Your turn at any terminal: ask ``prompt()`` and act on the answer (``terminal.handle``,
    False once a move was made) until a move is made or the turn has passed."""
    while terminal.state.to_move == terminal.you:
        if not terminal.handle(terminal.ask(prompt())):
            break
