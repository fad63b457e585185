"""Bots: anything callable as ``bot(view) -> move`` is a bot. A plain function will do.

Bots receive ``state.view(seat)``, never the state: they cannot see the deck or other hands.

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=2).new_game(seed=1)
>>> random_bot(state.view(state.to_move)) in state.legal_moves()
True

The bots of the running-total games, weakest first, are in ``BOTS`` by name:

- ``random``: any legal move;
- ``cautious``: never loses tokens when it can help it, spends special cards last
  (``cautious_bot``);
- ``expert``: looks three plays ahead with card counting (``expert_bot``);
- ``search``: guesses the hidden cards many times, plays each move out to the end of the round
  in every guess, and keeps the best (Monte Carlo search, ``search_bot``).

The trick-taking game's bots are ``tricks_random``, ``tricks_rules`` and ``tricks_search``; the
board game's are ``board_random``, ``board_heuristic`` and ``board_search``.

Each game's bots live in its own folder (``counting/bots.py``, ``tricks/bots.py``,
``board/bots.py``, each with its ``BOTS``); this package gathers them under the names notebooks
and exercises use. ``ninetynine.bots.counting`` (and ``.reading``, ``.tricks``, ``.board``) are
the same modules under the names they had before they moved, so that code written earlier -
a class's submissions among it - still imports.

``get("expert")`` (or ``get(my_function)``) turns a name or a callable into a bot.
"""
from __future__ import annotations

from typing import Callable

from ..board.bots import BOTS as BOARD_BOTS
from ..counting.bots import BOTS as COUNTING_BOTS
from ..counting.bots import cautious_bot, expert_bot, search_bot
from ..protocol import BASIC_BOTS, DECLARATIONS, declaration, declaration_of_game, random_bot
from ..tricks.bots import BOTS as TRICKS_BOTS
from . import board, counting, reading, tricks  # noqa: F401  (the modules' earlier names)

#: Every named bot of the kit; ``bots_for(game)`` gives the ones that play one game.
BOTS = {**COUNTING_BOTS, **BOARD_BOTS, **TRICKS_BOTS}


def bots_for(game) -> dict[str, Callable]:
    """The named bots that play ``game`` (a game, or its name such as ``"board"``), weakest
    first, as its declaration names them (``ninetynine.protocol``). A game that is not
    registered is played by its class's declaration's bots (a rule set of your own plays with
    the running-total bots), else by the random bot and the bots it names itself (``game.bots``).

    >>> list(bots_for("quentin_c"))
    ['random', 'cautious', 'expert', 'search']
    >>> list(bots_for("board"))
    ['board_random', 'board_heuristic', 'board_search']
    """
    name = game if isinstance(game, str) else getattr(game, "name", None)
    if name in DECLARATIONS:
        return DECLARATIONS[name].bot_table()
    if isinstance(game, str):
        return declaration(game).bot_table()          # the sentence naming the known games
    return declaration_of_game(game).bot_table()


def get(bot: str | Callable, game=None) -> Callable:
    """A bot from its name (``"expert"``) or a callable ``bot(view) -> move`` itself.

    With ``game``, a name must be one of that game's bots (``bots_for(game)``): a board bot
    cannot play a counting table.

    >>> get("cautious") is cautious_bot
    True
    >>> get("board_search", "quentin_c")
    Traceback (most recent call last):
    ...
    ValueError: There is no bot called 'board_search' for this game: choose one of random, cautious, expert, search, or pass a function bot(view) -> move.
    """
    if callable(bot):
        return bot
    known = BOTS if game is None else bots_for(game)
    if isinstance(bot, str) and bot in known:
        return known[bot]
    where = "" if game is None else " for this game"
    raise ValueError(f"There is no bot called {bot!r}{where}: choose one of {', '.join(known)}, "
                     "or pass a function bot(view) -> move.")


__all__ = ["BOTS", "BASIC_BOTS", "COUNTING_BOTS", "BOARD_BOTS", "TRICKS_BOTS", "bots_for", "get", "random_bot",
           "cautious_bot", "expert_bot", "search_bot"]
