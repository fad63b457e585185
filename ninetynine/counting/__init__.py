"""The running-total game: one engine, four rule sets written as data."""
from .game import CountingGame
from .moves import DRAW, END, Draw, EndTurn, Play
from .rules import CLASSIC, QUENTIN_C, RS_GAMES, RULE_SETS, TAIWANESE, Effect, Penalty, RuleSet
from .state import CountingState, CountingView

__all__ = ["CountingGame", "CountingState", "CountingView", "Play", "Draw", "EndTurn", "DRAW",
           "END", "RuleSet", "Effect", "Penalty", "RULE_SETS", "QUENTIN_C", "RS_GAMES", "CLASSIC",
           "TAIWANESE"]
