"""How long a click on the live table takes in Python, from the click to the bots' replies rendered.

A four-player Quentin C table (you and three bots): each sample sends a real
``ninetynine.ui.Table`` the message a card press sends from the browser (``table.send``, no
browser), which plays your card, runs the three bots' turns and builds the table's model again. The goal is under 50 ms per click.

    .venv/bin/python benchmarks/table_latency.py [--bots expert] [--clicks 200] [--players 4]

The figure is Python time only: the browser's own drawing comes on top of it.
"""
from __future__ import annotations

import argparse
import statistics
import time

import ninetynine as nn
from ninetynine.ui import Table


def click_times(bots: str, clicks: int, players: int, seed: int = 0) -> list[float]:
    """Milliseconds per accepted card click, over as many games as it takes."""
    times: list[float] = []
    game = nn.make("quentin_c", players=players)
    while len(times) < clicks:
        table = Table(game, seat=0, bots=bots, seed=seed + len(times))
        controller = table.controller
        while not controller.is_over and len(times) < clicks:
            if controller.paused:                      # the round's summary: go on
                table.press("Next round")
                continue
            if controller.state.to_move != 0:          # you are out: the bots finish the game
                break
            before = len(controller.state.history)
            start = time.perf_counter()
            table.send({"action": "card", "card": table.hand()[0]["id"]})
            choices = table.view.table["choices"]
            if choices:
                table.press(choices[0]["label"])
            elapsed = time.perf_counter() - start
            if len(controller.state.history) > before:
                times.append(elapsed * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expert")
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    times = sorted(click_times(args.bots, args.clicks, args.players))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{args.players}-player table, {args.bots} bots, {len(times)} clicks: "
          f"median {statistics.median(times):.1f} ms, 95th percentile {p95:.1f} ms, "
          f"worst {times[-1]:.1f} ms (goal: under 50 ms)")


if __name__ == "__main__":
    main()
