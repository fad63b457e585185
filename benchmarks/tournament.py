"""What a class tournament costs: starting sandboxes, each move through the channel, a league.

    .venv/bin/python benchmarks/tournament.py [--bots 8] [--games 2] [--moves 300]

1. **Start**: seconds to start a sandbox and run a learner's file in it, for a ``.py`` bot and
   for the reference solution of exercise 05 (a notebook whose "try it" cell plays 100 games).
2. **A move**: milliseconds per move of a two-player Quentin C game when the bot answers from its
   sandbox (view sent as plain data, move's text back), against the same bot called in this
   process; the difference is the price of the sandbox per move.
3. **A league**: ``--bots`` copies of exercise 05's solution (as learners' notebooks), each in
   its own sandbox, play two-player Quentin C, ``--games`` games per pair: the time to start the
   sandboxes, then the time of the games; and from those two rates, the time a class of 35
   would take.

Timings on a shared machine are noisy: run it when the machine is quiet, and say the load.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from math import comb
from pathlib import Path

import ninetynine as nn
from ninetynine.league.contestants import Entry, InProcess, Table
from ninetynine.league.referee import play, schedule
from ninetynine.league.run import open_contestant
from ninetynine.league.sandboxed import Sandboxed

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "tests" / "fixtures" / "bots" / "careful.py"
NOTEBOOK = ROOT / "solutions" / "05-beat-random.ipynb"
GAME = nn.make("quentin_c", players=2)
TABLE = Table("quentin_c", tuple(sorted(GAME.options.items())))


def start_seconds(path: Path, times: int = 3) -> float:
    """The median time to start a sandbox, run ``path`` in it and answer a first move."""
    samples = []
    for _ in range(times):
        state = GAME.new_game(seed=1)
        began = time.perf_counter()
        seat = Sandboxed(Entry("file", "x", str(path)), TABLE)
        seat.begin("start")
        seat.answer(state.view(state.to_move), 60)
        samples.append(time.perf_counter() - began)
        seat.close()
    return statistics.median(samples)


def ms_per_move(seats: list, moves: int) -> float:
    """Milliseconds per move when ``seats`` (one contestant a seat) play until ``moves`` are
    made, the time of ``answer`` alone."""
    made, spent, game_number = 0, 0.0, 0
    while made < moves:
        for seat in seats:
            seat.begin(f"game {game_number}")
        state = GAME.new_game(seed=game_number)
        while not state.is_over and made < moves:
            began = time.perf_counter()
            text = seats[state.to_move].answer(state.view(state.to_move), 10)
            spent += time.perf_counter() - began
            state.play(state.parse_move(text))
            made += 1
        game_number += 1
    return 1000 * spent / made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", type=int, default=8)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    print(f"Load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.")
    print(f"Start a sandbox and run careful.py: {start_seconds(BOT):.2f} s (median of 3).")
    print("Start a sandbox and run exercise 05's solution notebook: "
          f"{start_seconds(NOTEBOOK):.2f} s.")
    entry = Entry("file", "careful", str(BOT))
    sandboxed = [Sandboxed(entry, TABLE), Sandboxed(entry, TABLE)]
    try:
        ms_per_move(sandboxed, 2)                       # started before the clock runs
        remote = ms_per_move(sandboxed, args.moves)
    finally:
        for seat in sandboxed:
            seat.close()
    local = ms_per_move([InProcess(entry, TABLE), InProcess(entry, TABLE)], args.moves)
    print(f"A move through the sandbox: {remote:.2f} ms; the same bot in this process (same "
          f"plain-data view, in a thread): {local:.2f} ms; over {args.moves} moves.")
    folder = Path(tempfile.mkdtemp(prefix="ninetynine-bench-"))
    try:
        entries = []
        for number in range(args.bots):
            copy = folder / f"student{number:02d}-05-beat-random.ipynb"
            shutil.copy(NOTEBOOK, copy)
            entries.append(Entry("file", f"student{number:02d}", str(copy)))
        fixtures = schedule(len(entries), 2, args.games // 2, seed=0)
        contestants = [open_contestant(entry, TABLE, "bwrap") for entry in entries]
        began = time.perf_counter()
        for contestant in contestants:                  # every sandbox started first
            state = GAME.new_game(seed=0)
            contestant.begin("start")
            contestant.answer(state.view(state.to_move), 60)
        started = time.perf_counter()
        outcomes = [play(GAME, contestants, fixture, 1.0) for fixture in fixtures]
        ended = time.perf_counter()
    finally:
        for contestant in contestants:
            contestant.close()
        shutil.rmtree(folder, ignore_errors=True)
    moves = sum(outcome.moves for outcome in outcomes)
    forfeits = sum(len(outcome.forfeits) for outcome in outcomes)
    start, per_game = (started - began) / len(entries), (ended - started) / len(fixtures)
    print(f"League of {args.bots} notebooks: {args.bots} sandboxes started in "
          f"{started - began:.1f} s ({start:.2f} s each), then {len(fixtures)} games ({moves} "
          f"moves, {forfeits} forfeits) in {ended - started:.1f} s: {per_game:.3f} s a game, "
          f"{1000 * (ended - started) / moves:.2f} ms a move (both seats' bots and the referee).")
    games = comb(35, 2) * args.games
    print(f"A class of 35 notebooks, {args.games} games a pair: {games} games at that rate and 35 "
          f"starts: about {(games * per_game + 35 * start) / 60:.0f} minutes on one core.")

if __name__ == "__main__":
    main()
