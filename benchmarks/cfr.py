"""Counterfactual regret minimization on Tiny Ninety-Nine: how fast, and how far (issue 31).

    .venv/bin/python benchmarks/cfr.py                    # CFR+ and CFR, 100 iterations each
    .venv/bin/python benchmarks/cfr.py --iterations 400   # further

1. **The tree.** ``GameTree(nn.make("tiny99"))``: deals, positions, information sets, and the
   seconds to walk every deal and every line of play into plain lists (done once).
2. **Speed.** CFR+ (``CFR(tree, plus=True)``), vanilla CFR with alternating updates and vanilla
   CFR with simultaneous updates, each run for ``--iterations`` iterations: iterations per second
   (processor time of the iterations alone), and the exploitability of the average strategy after
   1, 3, 10, 30, 100 ... iterations.
3. **The goal.** The seconds from nothing to an exploitability under 0.01 (tree included, checked
   every iteration, the checks not counted): it must stay under 5 s in CPython (issue 31, item 6).
4. **The kit's bots.** The exploitability of ``random_bot`` (the uniform policy), ``cautious_bot``
   and ``expert_bot`` on the same game, beside the equilibrium's.

The machine's load average is printed first and last: the figures mean little on a busy machine.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ninetynine as nn  # noqa: E402
from ninetynine import cfr  # noqa: E402
from ninetynine.bots import cautious_bot, expert_bot, random_bot  # noqa: E402

GOAL, LIMIT_S = 0.01, 5.0
VARIANTS = (("CFR+", {"plus": True}), ("CFR, alternating", {"plus": False, "alternating": True}),
            ("CFR, simultaneous", {"plus": False, "alternating": False}))


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def checkpoints(upto: int) -> list[int]:
    marks, mark = [], 1
    while mark <= upto:
        marks += [m for m in (mark, 3 * mark) if m <= upto]
        mark *= 10
    return marks


def time_to_goal(game, options: dict, most: int = 2000) -> tuple[float, int, float]:
    """Seconds (processor time) from nothing to exploitability < GOAL, the tree included."""
    start = time.process_time()
    tree = cfr.GameTree(game)
    solver = cfr.CFR(tree, **options)
    spent = time.process_time() - start
    while solver.iterations < most:
        start = time.process_time()
        solver.run(1)
        spent += time.process_time() - start
        found = cfr.exploitability(tree, solver.average_table())
        if found < GOAL:
            return spent, solver.iterations, found
    return spent, solver.iterations, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100, help="iterations of each variant")
    args = parser.parse_args()
    print(load())
    game = nn.make("tiny99")
    start = time.process_time()
    tree = cfr.GameTree(game)
    print(f"Tiny Ninety-Nine: {tree.deals} deals, {tree.nodes} positions, {tree.infosets} "
          f"information sets; tree walked in {time.process_time() - start:.2f} s")

    print(f"\nexploitability of the average strategy after N iterations (goal: < {GOAL})")
    for name, options in VARIANTS:
        solver, spent, line = cfr.CFR(tree, **options), 0.0, []
        for mark in checkpoints(args.iterations):
            start = time.process_time()
            solver.run(mark - solver.iterations)
            spent += time.process_time() - start
            line.append(f"{mark}: {cfr.exploitability(tree, solver.average_table()):.5f}")
        print(f"  {name:18s} {solver.iterations / spent:7.1f} iterations/s   " + "  ".join(line))

    print(f"\nseconds from nothing (tree included) to an exploitability under {GOAL}")
    for name, options in VARIANTS:
        seconds, iterations, found = time_to_goal(game, options)
        verdict = "ok" if seconds < LIMIT_S and found < GOAL else "TOO SLOW"
        print(f"  {name:18s} {seconds:6.2f} s, {iterations} iterations, {found:.5f}  [{verdict}]")

    print("\nexploitability of the kit's bots (0 for an equilibrium, 1 at most)")
    for name, bot in (("random", random_bot), ("cautious", cautious_bot), ("expert", expert_bot)):
        print(f"  {name:9s} {cfr.exploitability(tree, cfr.bot_policy(bot)):.4f}")
    print(load())


if __name__ == "__main__":
    main()
