"""How strong are the Ninety-Nine bots? Each against the one before it, over seeded games.

    .venv/bin/python benchmarks/tricks_bots.py [--games 6] [--deals 9] [--samples 24] [--seed 0]

Figures in points per deal with a 95% confidence interval (normal approximation):

- head to head: the challenger at one seat, the incumbent at the other two (the challenger's seat
  rotates game by game): the challenger's points minus the incumbents' average;
- duplicate: the same deals played again with the incumbent in the challenger's seat; the gain in
  that seat's points (the luck of the cards cancels, so this interval is narrower);
- duplicate margin: the same, comparing the seat's points minus the others' average, which also
  charges a failed declare or reveal (its premium goes to the opponents).

The search bot is measured twice: as it is, and without offers (``offers=False``), to show how
much of its gain comes from playing and bidding and how much from declaring and revealing. Then it
prints how long the search bot takes per decision, by phase (median and slowest).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from ninetynine.bots import random_bot
from ninetynine.tricks.bots import SearchBot, duplicate_match, head_to_head, rules_bot


def summary(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+6.2f} +/- {half:5.2f} points per deal ({len(values)} deals)"


class Timed:
    """Wrap a bot and record how long each decision takes, by phase."""

    def __init__(self, bot):
        self.bot, self.times = bot, {}

    def __call__(self, view):
        start = time.perf_counter()
        move = self.bot(view)
        self.times.setdefault(view.phase, []).append(time.perf_counter() - start)
        return move


def compare(name: str, challenger, incumbent, args, margin: bool) -> None:
    started = time.perf_counter()
    direct = head_to_head(challenger, incumbent, args.games, args.deals, args.seed)
    print(f"{name}  head to head     {summary(direct)}")
    measures = ("points", "margin") if margin else ("points",)
    for measure in measures:
        paired = duplicate_match(challenger, incumbent, args.games, args.deals, args.seed,
                                 measure=measure)
        label = "duplicate" if measure == "points" else "duplicate margin"
        print(f"{' ' * len(name)}  {label:<16} {summary(paired)}")
    print(f"{' ' * len(name)}  [{time.perf_counter() - started:.0f} s]")


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
    options = dict(samples=args.samples, exact_cards=args.exact_cards, seed=args.seed)
    search = Timed(SearchBot(**options))
    print(f"{args.games} games of {args.deals} deals, seed {args.seed}; {search.bot!r}")
    compare("rules  vs random", rules_bot, seeded_random, args, margin=False)
    compare("search vs rules ", search, rules_bot, args, margin=True)
    compare("(no offers)     ", SearchBot(offers=False, **options), rules_bot, args, margin=True)
    for phase, times in search.times.items():
        times = sorted(times)
        print(f"search bot, {phase:<5}: median {statistics.median(times) * 1000:4.0f} ms, "
              f"slowest {times[-1] * 1000:4.0f} ms ({len(times)} decisions)")


if __name__ == "__main__":
    main()
