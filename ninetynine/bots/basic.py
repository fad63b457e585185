"""The bot that plays any game: a legal move chosen at random.

Every game's bots build on it (``bots/board.py`` and ``bots/tricks.py`` name it among theirs), and a
game of your own is played by it when it names no bots (``BASIC_BOTS``).
"""
from __future__ import annotations

import random

_random = random.Random(0)


def random_bot(view, rng: random.Random | None = None):
    """Play any legal move, chosen at random (from ``rng`` if given, else the bots' own generator)."""
    return (rng or _random).choice(view.legal_moves)


#: the bots that play any game: every declaration has them unless it names its own
BASIC_BOTS = {"random": random_bot}
