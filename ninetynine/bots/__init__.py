"""Bots: anything callable as ``bot(view) -> move`` is a bot. A plain function will do.

Bots receive ``state.view(seat)``, never the state: they cannot see the deck or other hands.

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=2).new_game(seed=1)
>>> random_bot(state.view(state.to_move)) in state.legal_moves()
True
"""
from __future__ import annotations

import random

_random = random.Random(0)


def random_bot(view, rng: random.Random | None = None):
    """Play any legal move, chosen at random (from ``rng`` if given, else the bots' own generator)."""
    return (rng or _random).choice(view.legal_moves)


BOTS = {"random": random_bot}
