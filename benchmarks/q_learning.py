"""How far longer training takes notebook 20's Q-learner: win rates after more games of learning.

    .venv/bin/python benchmarks/q_learning.py                     # up to 100,000 games (a few minutes)
    .venv/bin/python benchmarks/q_learning.py --upto 10000 --games 1000   # quicker, wider
    .venv/bin/python benchmarks/q_learning.py --ismcts 30 100    # OpenSpiel's ISMCTS instead (4 min of CPU)

The learner is notebook 20's, not a copy of it: this script runs the notebook's code cells tagged
``learner`` (the imports, the PettingZoo environment, what the agent tells apart, Q-learning and
``q_bot``), so a change to the notebook's agent is measured here too.

One table learns against ``random_bot`` in two-player, one-token Quentin C, exactly as in the
notebook (game ``i`` of learning is dealt from seed ``i``, the learner in seat ``i % 2``,
``alpha = 0.1``, ``epsilon = 0.1``). After 1,000, 3,200, 10,000, 30,000 and 100,000 games (up to
``--upto``) it plays ``--games`` games against each of ``random_bot``, ``cautious_bot`` and
``expert_bot`` (seats rotated, ``arena.tournament`` seed 2, no exploring), and each win rate is
printed with its 95% Wilson interval, with the learning speed in games per second.

With ``--ismcts S ...``, the table after 3,200 games (the notebook's) is measured instead against
OpenSpiel's ISMCTS with S simulations a decision (``ninetynine.adapters.openspiel.ismcts_bot``,
seed 20), and ISMCTS against ``random_bot``, ``cautious_bot`` and ``expert_bot`` too:
``--ismcts-games`` games a match (400 by default), ``arena.tournament`` seed 100, with the
processor time of each match.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "20-learning-to-play.ipynb"
CHECKPOINTS = (1_000, 3_200, 10_000, 30_000, 100_000)
OPPONENTS = ("random", "cautious", "expert")


def learner() -> dict:
    """The namespace of notebook 20's cells tagged ``learner``, run in order."""
    sys.path.insert(0, str(ROOT / "notebooks"))       # for the cells' ``import _setup``
    namespace: dict = {}
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    tagged = [cell for cell in cells if "learner" in cell.get("metadata", {}).get("tags", [])]
    if not tagged:
        raise SystemExit(f"{NOTEBOOK.name} has no cells tagged 'learner': nothing to measure.")
    for cell in tagged:
        exec(compile("".join(cell["source"]), f"{NOTEBOOK.name} (learner cell)", "exec"), namespace)
    return namespace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upto", type=int, default=CHECKPOINTS[-1], help="games of learning, at most")
    parser.add_argument("--games", type=int, default=2000, help="games against each bot per checkpoint")
    parser.add_argument("--ismcts", type=int, nargs="+", metavar="S",
                        help="measure OpenSpiel's ISMCTS with S simulations a decision instead")
    parser.add_argument("--ismcts-games", type=int, default=400, help="games per ISMCTS match")
    args = parser.parse_args()
    nb = learner()
    from collections import defaultdict

    import ninetynine as nn
    from ninetynine.arena import tournament
    from ninetynine.bots import random_bot

    one_token = nn.make("quentin_c", players=2, tokens=1)
    Q, rng, luck = defaultdict(float), random.Random(20), random.Random(21)
    opponent = lambda view: random_bot(view, luck)      # noqa: E731  (as in the notebook)
    if args.ismcts:
        for game in range(3_200):
            nb["learn_one_game"](Q, game, opponent, rng)
        return ismcts_matches(one_token, nb["q_bot"](Q), args.ismcts, args.ismcts_games)
    games, learning = 0, 0.0
    print(f"Notebook 20's Q-learner, two-player one-token Quentin C, {args.games} games per match")
    for checkpoint in [c for c in CHECKPOINTS if c <= args.upto]:
        start = time.perf_counter()
        while games < checkpoint:
            nb["learn_one_game"](Q, games, opponent, rng)
            games += 1
        learning += time.perf_counter() - start
        line = [f"after {games:>7,} games ({games / learning:,.0f} games/s):"]
        for name in OPPONENTS:
            result = tournament(one_token, [nb["q_bot"](Q), name], args.games, seed=2)
            low, high = result.interval("q-learner")
            line.append(f"vs {name} {result.rate('q-learner'):.1%} [{low:.1%}, {high:.1%}]")
        print("  ".join(line), flush=True)
    print(f"table entries: {len(Q)}")


def ismcts_matches(one_token, learnt, budgets: list[int], games: int) -> None:
    """OpenSpiel's ISMCTS against the kit's bots and the learner: one line a match."""
    from ninetynine.adapters.openspiel import ismcts_bot
    from ninetynine.arena import tournament
    print(f"OpenSpiel's ISMCTS, two-player one-token Quentin C, {games} games per match")
    for simulations in budgets:
        for name, opponent in (("random_bot", "random"), ("cautious_bot", "cautious"),
                               ("the learner (3,200 games)", learnt), ("expert_bot", "expert")):
            bot = ismcts_bot("quentin_c", simulations=simulations, players=2, tokens=1, seed=20)
            start = time.process_time()
            result = tournament(one_token, [bot, opponent], games, seed=100)
            label = bot.__name__
            low, high = result.interval(label)
            print(f"ISMCTS {simulations} simulations vs {name}: {result.rate(label):.1%} "
                  f"[{low:.1%}, {high:.1%}]  ({time.process_time() - start:.0f} s of processor "
                  "time)", flush=True)


if __name__ == "__main__":
    main()
