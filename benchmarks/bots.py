"""How fast the counting-game bots decide, and how strong they are against each other.

    .venv/bin/python benchmarks/bots.py [games]      # games per head-to-head match (default 200)

1. Microseconds of CPU time per decision of each bot in each rule set (two players), measured
   on the views of real games (played by the cautious bot), after one warm-up pass that fills
   the bots' tables.
2. Head-to-head win rates, two players, seats rotated and each deal played from both seats
   (``arena.tournament``), with 95% Wilson intervals.

The search bot is timed here with the others (its decisions take milliseconds, not
microseconds); its matches against the expert are in ``benchmarks/search_bot.py``.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ninetynine as nn  # noqa: E402
from ninetynine.arena import tournament  # noqa: E402
from ninetynine.bots import COUNTING_BOTS, cautious_bot  # noqa: E402

RULES = ["quentin_c", "rs_games", "classic", "taiwanese"]
MATCHES = [("expert", "cautious"), ("cautious", "random"), ("expert", "random")]


def sample_views(rules: str, games: int = 10) -> list:
    """The views of every turn of a few seeded two-player games."""
    views = []
    for seed in range(games):
        state = nn.make(rules, players=2).new_game(seed=seed)
        while not state.is_over:
            view = state.view(state.to_move)
            views.append(view)
            state.play(cautious_bot(view))
    return views


def microseconds_per_decision(bot, views: list) -> float:
    for view in views:                 # warm-up: the bots build their lookup tables once
        bot(view)
    start = time.process_time()        # CPU time: fair even on a busy machine
    for view in views:
        bot(view)
    return (time.process_time() - start) / len(views) * 1e6


def main(games: int = 200) -> None:
    print("Microseconds per decision (two players):")
    print(f"{'rules':<11}" + "".join(f"{name:>10}" for name in COUNTING_BOTS))
    for rules in RULES:
        views = sample_views(rules)
        times = [microseconds_per_decision(bot, views) for bot in COUNTING_BOTS.values()]
        print(f"{rules:<11}" + "".join(f"{t:>10.1f}" for t in times))
    print(f"\nHead-to-head, two players, {games} games each, seats rotated:")
    for rules in RULES:
        for strong, weak in MATCHES:
            start = time.perf_counter()
            results = tournament(nn.make(rules, players=2), [strong, weak], games, seed=1)
            low, high = results.interval(strong)
            print(f"{rules:<11}{strong:>9} vs {weak:<9} {results.rate(strong):6.1%} "
                  f"(95% interval {low:.1%} to {high:.1%})  {time.perf_counter() - start:5.1f} s",
                  flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
