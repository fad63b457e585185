"""The name ``ninetynine.bots.board`` had before it moved to ``ninetynine.board.bots``: the same module, so that
code written earlier (a class's submissions, an exercise's list of what it withholds) still
imports it."""
import sys

from ninetynine.board import bots as _moved

sys.modules[__name__] = _moved
