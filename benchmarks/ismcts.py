"""The two trees of the counting games' search, against each other and against the expert.

    .venv/bin/python benchmarks/ismcts.py                       # 400 games a match, 100 playouts
    .venv/bin/python benchmarks/ismcts.py --games 200 --playouts 300

``move_sequence_mcts`` keys a node by the moves since the root (one guessed world a playout;
my later node merges the worlds in which I drew different cards). ``information_set_mcts`` is
single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): a node is what the searching seat
knows, the moves seen and its own hand, with availability counts in UCB1. Both use the kit's
playout policy and UCB1 constant (``counting.EXPLORATION``).

1. **Equal playouts**: both trees at ``--playouts`` a decision, each against ``expert_bot`` and
   against each other, one-token two-player Quentin C (notebook 17b's table), seats rotated.
2. **Equal time**: the processor time a decision takes is measured for both on the same views;
   the quicker tree then gets its playouts scaled up so that its mean decision takes as long as
   the slower one's, and the matches are played again.

Every line is a win rate with its 95% Wilson interval; an interval that holds 50% does not
decide. Timings depend on the machine's load: the script prints ``os.getloadavg()``.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ninetynine as nn  # noqa: E402
from ninetynine.arena import tournament  # noqa: E402
from ninetynine.bots import counting  # noqa: E402
from ninetynine.counting.bots import expert_bot  # noqa: E402


def tree_bot(step, playouts: int, name: str):
    """A kit bot from a tree search at a fixed budget of playouts."""
    def bot(view):
        return counting.draw_or_end(view) if view.phase == "draw" else step(view, playouts)
    bot.__name__ = name
    return bot


def decision_ms(step, playouts: int, views: list) -> float:
    """The mean processor time of one decision, in milliseconds, over ``views``."""
    start = time.process_time()
    for view in views:
        step(view, playouts)
    return (time.process_time() - start) / len(views) * 1000


def sample_views(count: int = 40) -> list:
    """Views of the expert's seat in one-token two-player Quentin C, with a choice to make."""
    views, seed = [], 0
    while len(views) < count:
        state = nn.make("quentin_c", players=2, tokens=1).new_game(seed=seed)
        while not state.is_over and len(views) < count:
            view = state.view(state.to_move)
            if view.phase == "play" and len(counting.kinds(view.legal_moves, counting.reader_of(view))) > 1:
                views.append(view)
            state.play(expert_bot(view))
        seed += 1
    return views


def matches(label: str, sequence, information, games: int, seed: int) -> None:
    game = nn.make("quentin_c", players=2, tokens=1)
    for first, second in ((sequence, expert_bot), (information, expert_bot), (information, sequence)):
        start = time.perf_counter()
        results = tournament(game, [first, second], games, seed=seed)
        low, high = results.interval(first.__name__)
        print(f"  {label}: {first.__name__} against {second.__name__}: {results.rate(first.__name__):.1%} "
              f"of {games} (95% interval {low:.1%} to {high:.1%})  [{time.perf_counter() - start:.0f} s]",
              flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}; one-token two-player Quentin C, seats rotated")
    playouts = args.playouts
    matches(f"{playouts} playouts each",
            tree_bot(counting.move_sequence_mcts, playouts, "move_sequence_mcts"),
            tree_bot(counting.information_set_mcts, playouts, "information_set_mcts"),
            args.games, args.seed)
    views = sample_views()
    ms = {name: decision_ms(step, playouts, views) for name, step in
          (("sequence", counting.move_sequence_mcts), ("information", counting.information_set_mcts))}
    print(f"  mean decision at {playouts} playouts: move_sequence_mcts {ms['sequence']:.1f} ms, "
          f"information_set_mcts {ms['information']:.1f} ms (load {os.getloadavg()[0]:.2f})")
    budget = {name: playouts for name in ms}
    quick, slow = sorted(ms, key=ms.get)
    budget[quick] = round(playouts * ms[slow] / ms[quick])
    check = {name: decision_ms(step, budget[name], views) for name, step in
             (("sequence", counting.move_sequence_mcts), ("information", counting.information_set_mcts))}
    print(f"  equal time: move_sequence_mcts {budget['sequence']} playouts ({check['sequence']:.1f} ms), "
          f"information_set_mcts {budget['information']} playouts ({check['information']:.1f} ms)")
    matches("equal time",
            tree_bot(counting.move_sequence_mcts, budget["sequence"], "move_sequence_mcts"),
            tree_bot(counting.information_set_mcts, budget["information"], "information_set_mcts"),
            args.games, args.seed)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
