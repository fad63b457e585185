"""The name ``ninetynine.bots.tricks`` had before it moved to ``ninetynine.tricks.bots``: the same module, so that
code written earlier (a class's submissions, an exercise's list of what it withholds) still
imports it."""
import sys

from ninetynine.tricks import bots as _moved

sys.modules[__name__] = _moved
