"""How strong are the Ninety-Nine bots? Each against the one before it, over seeded games.

    .venv/bin/python benchmarks/tricks_bots.py [--games 6] [--deals 9] [--samples 24] [--seed 0]

Two figures per pair, in points per deal with a 95% confidence interval (normal approximation):

- head to head: the challenger at one seat, the incumbent at the other two (the challenger's seat
  rotates game by game): the challenger's points minus the incumbents' average;
- duplicate: the same deals played again with the incumbent in the challenger's seat; the gain in
  that seat's points (the luck of the cards cancels, so this interval is narrower).

It also prints how long the search bot takes per decision (mean and slowest).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from ninetynine.bots import random_bot
from ninetynine.bots.tricks import SearchBot, duplicate_match, head_to_head, rules_bot


def summary(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+6.2f} +/- {half:5.2f} points per deal ({len(values)} deals)"


class Timed:
    """Wrap a bot and record how long each decision takes."""

    def __init__(self, bot):
        self.bot, self.times = bot, []

    def __call__(self, view):
        start = time.perf_counter()
        move = self.bot(view)
        self.times.append(time.perf_counter() - start)
        return move


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--deals", type=int, default=9)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--exact-cards", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    seeded_random = lambda view: random_bot(view, rng)  # noqa: E731
    search = Timed(SearchBot(samples=args.samples, exact_cards=args.exact_cards, seed=args.seed))
    pairs = [("rules  vs random", rules_bot, seeded_random), ("search vs rules ", search, rules_bot)]
    print(f"{args.games} games of {args.deals} deals, seed {args.seed}; {search.bot!r}")
    for name, challenger, incumbent in pairs:
        started = time.perf_counter()
        direct = head_to_head(challenger, incumbent, args.games, args.deals, args.seed)
        paired = duplicate_match(challenger, incumbent, args.games, args.deals, args.seed)
        print(f"{name}  head to head {summary(direct)}")
        print(f"{' ' * len(name)}  duplicate    {summary(paired)}   "
              f"[{time.perf_counter() - started:.0f} s]")
    if search.times:
        print(f"search bot: {statistics.fmean(search.times) * 1000:.0f} ms per decision on "
              f"average, slowest {max(search.times) * 1000:.0f} ms ({len(search.times)} decisions)")


if __name__ == "__main__":
    main()
