"""Race to 31, the smallest complete game of the kit: the template to copy for a game of your own.

Two seats play cards from 1 to 6 onto a total, drawing after each play; making exactly 31 wins,
taking it past 31 loses (notebook 19 builds it in one file). Read the files in this order:
``moves.py`` (a move and its text), ``events.py`` (what can happen), ``state.py`` (a game in
progress, and a seat's view of it), ``saving.py`` (JSON and back), ``game.py`` (the options, the
deal, the declaration every tool reads), ``words.py`` (sentences), ``bots.py``. Kit imports are
absolute, the folder's own relative: a copy works anywhere (``docs/adding-a-game.md``).
"""
from .game import DECLARATION, RaceGame
from .moves import Play, parse_move
from .state import RaceState, RaceView

__all__ = ["DECLARATION", "RaceGame", "RaceState", "RaceView", "Play", "parse_move"]
