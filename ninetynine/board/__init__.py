"""The Game of 99: 100 cards "k to 99", a 10 x 10 board with the low numbers in the centre,
and five markers in a line to win (source 003; RULES.md Part 3)."""
from .game import BoardGame
from .layout import LAYOUT, POSITION, lines_of_five, longest_line_through
from .moves import CARDS, DRAW, BoardCard, Discard, DrawCard, Place, parse_card, parse_move
from .state import BoardState, BoardView

__all__ = ["BoardGame", "BoardState", "BoardView", "BoardCard", "Place", "DrawCard", "Discard",
           "DRAW", "CARDS", "LAYOUT", "POSITION", "lines_of_five", "longest_line_through",
           "parse_card", "parse_move"]
