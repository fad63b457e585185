"""Scoring one deal of Ninety-Nine (RULES.md 2.6), as a pure function a notebook can call.

Each player scores 1 point per trick, whatever the bid; a bonus for taking exactly the bid (30 if
only one player succeeds, 20 each if two, 10 each if all three); and the premium (30 declared, 60
revealed) goes to the declarer if they succeed, otherwise to **each** opponent.

Why 99 is the most one player can score in a deal: at most 9 tricks, at most 30 for success
(succeeding alone) and at most 60 of premium (one premium per deal, a reveal), so 9 + 30 + 60 = 99.
It happens when a player reveals, bids nine (three clubs), takes all nine tricks, and both others
fail (had they bid 0 they would succeed too, and the bonus would be 20 each).

>>> score_deal(tricks=[9, 0, 0], bids=[9, 2, 1], premium=(0, "reveal"))
[99, 0, 0]
>>> score_deal(tricks=[3, 4, 2], bids=[3, 4, 2])
[13, 14, 12]
>>> score_deal(tricks=[3, 4, 2], bids=[4, 4, 0], premium=(0, "declare"))
[3, 64, 32]
"""
from __future__ import annotations

PREMIUMS = {"declare": 30, "reveal": 60}
SUCCESS_BONUS = {0: 0, 1: 30, 2: 20, 3: 10}


def score_deal(tricks, bids, premium: tuple[int, str] | None = None) -> list[int]:
    """Points per seat for one deal. ``premium`` is (seat, "declare" or "reveal"), or None."""
    made = [taken == bid for taken, bid in zip(tricks, bids)]
    bonus = SUCCESS_BONUS[sum(made)]
    points = [taken + (bonus if ok else 0) for taken, ok in zip(tricks, made)]
    if premium is not None:
        seat, kind = premium
        if made[seat]:
            points[seat] += PREMIUMS[kind]
        else:
            for other in range(len(points)):
                if other != seat:
                    points[other] += PREMIUMS[kind]
    return points
