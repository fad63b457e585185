"""The name ``ninetynine.bots.reading`` had before it moved to ``ninetynine.counting.reading``: the same module, so that
code written earlier (a class's submissions, an exercise's list of what it withholds) still
imports it."""
import sys

from ninetynine.counting import reading as _moved

sys.modules[__name__] = _moved
