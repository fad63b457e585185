"""ninetynine: a small, readable engine for the Ninety-Nine family of card games.

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=3).new_game(seed=7)
>>> state.count, state.to_move
(0, 0)

A game of your own that follows the protocol (``ninetynine.protocol``) joins every tool with
``register(game)``: ``make``, ``load``, the bots, the terminal, the tables, the league and the
adapters then know it by its name.
"""
from .cards import Card, CardError, parse_card, parse_rs_card
from .core import GAMES, CorruptSave, IllegalMove, Standing, UnreadableMove, load
from .protocol import Declaration, declaration, make, register
from . import counting  # registers quentin_c, rs_games, classic, taiwanese
from . import board  # registers board (The Game of 99)
from . import tricks  # registers tricks (Ninety-Nine, the trick-taking game)
from . import race  # registers race (Race to 31)
from . import bots
from .arena import play_game, tournament, wilson

__all__ = ["make", "load", "register", "declaration", "Declaration", "GAMES", "IllegalMove", "UnreadableMove", "CorruptSave", "Standing", "Card",
           "CardError", "parse_card", "parse_rs_card", "counting", "board", "tricks", "race", "bots",
           "play_game", "tournament", "wilson"]
