"""Small helpers for check cells, so that checks read as plain statements of what is wanted.

>>> from ninetynine.counting.rules import Effect
>>> behaviour(Effect((10, -10)), 5)
((0, 15), False, False, False)
"""
from __future__ import annotations

import ninetynine as nn
from ninetynine.counting.rules import MAX_COUNT


def behaviour(effect, count: int, floor: int = 0) -> tuple:
    """What a card does at ``count``: the counts it can lead to (sorted), reverse, skip, choose_next.

    Two effects with the same behaviour at every count are the same card, however written.
    """
    results = tuple(sorted({max(floor, effect.apply(count, amount)) for amount in effect.amounts}))
    return results, bool(effect.reverse), bool(effect.skip), bool(effect.choose_next)


def different_cards(mine: dict, reference: dict, floor: int = 0) -> list[str]:
    """Card keys of ``reference`` whose effect in ``mine`` behaves differently at some count."""
    return [key for key, effect in reference.items()
            if key in mine and any(behaviour(mine[key], count, floor) != behaviour(effect, count, floor)
                                   for count in range(MAX_COUNT + 1))]


def match(bot, opponent, games: int, seed: int, rules: str = "quentin_c", **options) -> int:
    """Games ``bot`` wins out of ``games`` two-player games against ``opponent``.

    ``ninetynine.arena.tournament`` plays them: seats rotate and each pair of games is dealt
    from one seed, so a result never depends on which seat was lucky.
    """
    from ninetynine.arena import tournament
    results = tournament(nn.make(rules, players=2, **options), [bot, opponent], games, seed)
    return list(results.wins.values())[0]
