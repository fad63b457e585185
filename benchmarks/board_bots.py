"""How strong are the bots of The Game of 99? Each against the one before it, two players.

    .venv/bin/python benchmarks/board_bots.py [--games 60] [--seed 0]

1. Win rates with 95% Wilson intervals (``arena.tournament``: seats alternate game by game and
   each deal is played from both seats, so the luck of the cards is shared). A tie - every card
   used with no line of five - counts as a win for nobody.
2. How long each bot takes per decision (median and slowest), over the games of its match.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ninetynine as nn  # noqa: E402
from ninetynine.arena import tournament  # noqa: E402
from ninetynine.board.bots import heuristic_bot, search_bot  # noqa: E402


class Timed:
    """A bot that records how long each of its decisions takes (the arena names it ``name``)."""

    def __init__(self, name: str, bot):
        self.__name__, self.bot, self.times = name, bot, []

    def __call__(self, view):
        start = time.perf_counter()
        move = self.bot(view)
        self.times.append(time.perf_counter() - start)
        return move


def match(challenger: Timed, incumbent: str, games: int, seed: int) -> None:
    """``challenger`` against the bot called ``incumbent`` in ``nn.bots.BOTS``."""
    started = time.perf_counter()
    results = tournament(nn.make("board", players=2), [challenger, incumbent], games, seed)
    print(f"{challenger.__name__} against {incumbent}")
    print("  " + str(results).replace("\n", "\n  "))
    times = sorted(challenger.times)
    print(f"  {challenger.__name__}: median {statistics.median(times) * 1000:.2f} ms, slowest "
          f"{times[-1] * 1000:.1f} ms per decision ({len(times)} decisions); "
          f"[{time.perf_counter() - started:.0f} s]")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per match (even: seats alternate)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"The Game of 99, two players, {args.games} games per match, seed {args.seed}")
    match(Timed("board_heuristic", heuristic_bot), "board_random", args.games, args.seed)
    match(Timed("board_search", search_bot), "board_heuristic", args.games, args.seed)


if __name__ == "__main__":
    main()
