"""How fast is the running-total engine? Random self-play, measured against a floor it carries.

Each game is played with ``state.legal_moves()`` and ``state.play(move)``, a ``random.Random``
choosing the move, exactly as a simple bot tournament would. The floor is ``bare_loop.py`` (next
to this file): the cheapest possible Quentin C playout in plain Python (no classes, no events, no
checks). The **ratio** engine / floor is the figure to watch, because both move together when the
machine is busy: the engine must reach at least 1/3 of the floor's moves per second.

    python benchmarks/speed.py                 # the ratio, copies/s, then every rule set and table
    python benchmarks/speed.py quentin_c 4     # one table
    python benchmarks/speed.py --samples 9     # more samples, a steadier median

How the ratio is measured: five one-second samples of the engine (Quentin C, four players) and
five of the floor, taken in turn (engine, floor, engine, floor ...) in one process, so that other
programs on a shared machine slow both sides of a pair alike; the ratio of each pair is printed,
and their **median** is the result. Time is processor time (``time.process_time``).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the kit
sys.path.insert(0, str(Path(__file__).resolve().parent))       # bare_loop, beside this file

import bare_loop  # noqa: E402

import ninetynine as nn  # noqa: E402
from ninetynine.counting.rules import RULE_SETS  # noqa: E402

FLOOR = 1 / 3           # the engine must reach this share of the bare loop's moves per second


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


def bare_sample(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """The same for the floor: random games of the bare loop for about ``seconds``."""
    rng = random.Random(seed)
    games = moves = 0
    start = time.process_time()
    while True:
        moves += bare_loop.play_game(rng, n=players)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, moves, elapsed


def ratio_to_floor(samples: int = 5, seconds: float = 1.0, players: int = 4) -> float:
    """The median ratio of engine to floor moves/s over ``samples`` alternating pairs (printed)."""
    game = nn.make("quentin_c", players=players)
    engine_sample(game, 0.2, seed=0)                        # warm-up: the game's tables fill
    ratios = []
    for i in range(samples):
        games, moves, elapsed = engine_sample(game, seconds, seed=1000 * i)
        _, floor_moves, floor_elapsed = bare_sample(players, seconds, seed=i)
        engine_rate, floor_rate = moves / elapsed, floor_moves / floor_elapsed
        ratios.append(engine_rate / floor_rate)
        print(f"  sample {i + 1}: engine {engine_rate:9,.0f} moves/s, bare loop {floor_rate:9,.0f} "
              f"moves/s, ratio {ratios[-1]:.3f}", flush=True)
    return statistics.median(ratios)


def copies_per_second(seconds: float = 1.0) -> tuple[float, int]:
    """``state.copy()`` per second, on a four-player Quentin C game 30 moves in (and its history)."""
    state = nn.make("quentin_c", players=4).new_game(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state.play(rng.choice(state.legal_moves()))
    copies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            state.copy()
        copies += 1000
    return copies / (time.process_time() - start), len(state.history)


def table_speed(name: str, players: int, seconds: float) -> str:
    """One line: moves/s and games/s of random self-play at one table."""
    games, moves, elapsed = engine_sample(nn.make(name, players=players), seconds, seed=0)
    return f"{name:10} {players:2} players: {moves / elapsed:9,.0f} moves/s {games / elapsed:8,.1f} games/s"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="?", choices=list(RULE_SETS), help="one rule set")
    parser.add_argument("players", nargs="?", type=int, help="one player count")
    parser.add_argument("--samples", type=int, default=5, help="alternating samples of the ratio")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one ratio sample")
    parser.add_argument("--table-seconds", type=float, default=0.3, help="length of a table's sample")
    args = parser.parse_args(argv)
    if args.rules is None:
        print(f"Quentin C, 4 players, against the bare loop ({args.samples} alternating samples of "
              f"{args.seconds:g} s):")
        ratio = ratio_to_floor(args.samples, args.seconds)
        verdict = "meets" if ratio >= FLOOR else "is BELOW"
        print(f"median ratio {ratio:.3f}: {verdict} the floor of {FLOOR:.3f}")
        rate, events = copies_per_second()
        print(f"state.copy(): {rate:,.0f} copies/s (a game {events} events in)\n")
    for name, rules in RULE_SETS.items():
        if args.rules and name != args.rules:
            continue
        for players in rules.players:
            if args.players and players != args.players:
                continue
            print(table_speed(name, players, args.table_seconds), flush=True)


if __name__ == "__main__":
    main()
