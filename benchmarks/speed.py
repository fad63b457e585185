"""How fast is the running-total engine? Random self-play for every rule set and player count.

Each game is played with ``state.legal_moves()`` and ``state.play(move)``, a ``random.Random``
choosing the move, exactly as a simple bot tournament would. Next to it, the same run measures
the floor: ``/work/shared/bench/bare_loop.py``, the cheapest possible Quentin C playout in plain
Python (no classes, no events, no checks). The ratio engine / floor is what to watch, because
both figures move together when the machine is busy.

    python benchmarks/speed.py                 # every rule set and player count
    python benchmarks/speed.py quentin_c 4     # one table
    python benchmarks/speed.py --seconds 2     # longer samples, steadier figures

Each figure is the best of several short samples of processor time (``time.process_time``),
taken in turn with the floor's, so that other programs on a shared machine spoil one sample,
not the comparison.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ninetynine as nn  # noqa: E402
from ninetynine.counting.rules import RULE_SETS  # noqa: E402

BARE_LOOP = Path("/work/shared/bench/bare_loop.py")


def engine_sample(game, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; return (games, moves, elapsed seconds)."""
    rng = random.Random(seed)
    games = moves = 0
    start = time.process_time()
    while True:
        state = game.new_game(seed=seed + games)
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
            moves += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, moves, elapsed


def load_bare_loop():
    """The floor's module, or None when the file is absent."""
    if not BARE_LOOP.exists():
        return None
    spec = importlib.util.spec_from_file_location("bare_loop", BARE_LOOP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bare_sample(bare, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    games = moves = 0
    start = time.process_time()
    while True:
        moves += bare.play_game(rng, n=players)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, moves, elapsed


def best_rates(samples) -> tuple[float, float]:
    """The best (games/s, moves/s) over several samples."""
    return (max(g / t for g, _, t in samples), max(m / t for _, m, t in samples))


def measure(name: str, players: int, seconds: float, repeats: int, bare) -> str:
    game = nn.make(name, players=players)
    engine, floor = [], []
    for repeat in range(repeats):
        engine.append(engine_sample(game, seconds, seed=1000 * repeat))
        if bare is not None and name == "quentin_c":
            floor.append(bare_sample(bare, players, seconds, seed=repeat))
    games_s, moves_s = best_rates(engine)
    line = f"{name:10} {players:2} players: {moves_s:9,.0f} moves/s {games_s:8,.1f} games/s"
    if floor:
        _, floor_moves = best_rates(floor)
        line += f" | bare loop {floor_moves:9,.0f} moves/s | ratio {moves_s / floor_moves:.3f}"
    return line


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="?", choices=list(RULE_SETS), help="one rule set")
    parser.add_argument("players", nargs="?", type=int, help="one player count")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one sample")
    parser.add_argument("--repeats", type=int, default=3, help="samples per figure (best kept)")
    args = parser.parse_args(argv)
    bare = load_bare_loop()
    if bare is None:
        print(f"{BARE_LOOP} is absent: no floor is measured and no ratio is given.")
    else:
        print("The floor (bare loop) plays Quentin C only, so ratios are given for quentin_c.")
    for name, rules in RULE_SETS.items():
        if args.rules and name != args.rules:
            continue
        for players in rules.players:
            if args.players and players != args.players:
                continue
            print(measure(name, players, args.seconds, args.repeats, bare), flush=True)


if __name__ == "__main__":
    main()
