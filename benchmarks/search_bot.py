"""The search bot of the counting games against the expert bot: strength, decision time, speed.

    .venv/bin/python benchmarks/search_bot.py              # the five settings (about 75 min)
    .venv/bin/python benchmarks/search_bot.py --games 200  # 200 games each: quicker, wider
    .venv/bin/python benchmarks/search_bot.py --steps 200  # also the steps, 200 games each

1. **Strength.** ``search_bot`` plays ``expert_bot`` with seats rotated (``arena.tournament``):
   two-player and four-player Quentin C, and two-player RS Games, classic and Taiwanese rules.
   Each win rate is printed with its 95% Wilson interval; the claim holds when the whole interval
   lies above the fair share (1/2 with two players, 1/4 with four). The games per setting are
   chosen so that the interval is narrow enough for the margin measured there (the classic
   rules' margin is the smallest, so they get the most games).
2. **Decision time.** Every decision of the search bot in those games is timed (processor time);
   the median must stay under 50 ms at the default budget.
3. **Speed.** Playouts per second of the search bot's playout (a guessed world played to the end
   of the round), and ``state.copy()`` per second.
4. With ``--steps N``: flat Monte Carlo, UCB1, the move-sequence tree, single-observer ISMCTS
   and the racing search, each at the same budget of playouts, against the expert (two-player
   Quentin C).
5. With ``--prior N`` (alone: the rest is skipped): the race with the expert's move as its
   prior (``search_bot``) and without a prior (``race(view, prior=None)``), N games each against
   the expert in notebook 17b's one-token two-player Quentin C (seed 100), and the paired
   difference: the same deals, so the games are matched and the difference is judged on them.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ninetynine as nn  # noqa: E402
from ninetynine.arena import tournament  # noqa: E402
from ninetynine.bots import counting  # noqa: E402
from ninetynine.counting.bots import expert_bot, search_bot  # noqa: E402

#: (rules, players, games): RS Games' games are long (fifteen rounds), the classic margin small
SETTINGS = [("quentin_c", 2, 600), ("quentin_c", 4, 600), ("rs_games", 2, 400), ("classic", 2, 1000),
            ("taiwanese", 2, 600)]
MEDIAN_LIMIT_MS = 50


def timed(bot, times: list):
    """``bot``, recording the processor time of each decision in ``times``."""
    def play(view):
        start = time.process_time()
        move = bot(view)
        times.append(time.process_time() - start)
        return move
    play.__name__ = getattr(bot, "__name__", "bot")
    return play


def strength(rules: str, players: int, games: int, seed: int, times: list) -> tuple[bool, str]:
    """Search against the expert at one table: (interval above the fair share?, one line)."""
    games -= games % players                     # every seat equally often
    start, mine = time.perf_counter(), []
    bots = [timed(search_bot, mine)] + [expert_bot] * (players - 1)
    results = tournament(nn.make(rules, players=players), bots, games, seed=seed)
    times += mine
    low, high = results.interval("search_bot")
    fair = 1 / players
    verdict = "above" if low > fair else "NOT above"
    return low > fair, (f"{rules:<10}{players} players  {results.rate('search_bot'):6.1%} of {games} "
                        f"games (95% interval {low:.1%} to {high:.1%}), {verdict} the fair share "
                        f"{fair:.0%}; median decision {statistics.median(mine) * 1000:4.1f} ms  "
                        f"[{time.perf_counter() - start:4.0f} s]")


def sample_views(rules: str, players: int, games: int = 3) -> list:
    """Views of the search bot's seat (seat 0) in a few games it plays against the expert."""
    views = []
    for seed in range(games):
        state = nn.make(rules, players=players).new_game(seed=seed)
        while not state.is_over:
            view = state.view(state.to_move)
            if state.to_move == 0 and view.phase == "play":
                views.append(view)
            state.play(expert_bot(view) if state.to_move else search_bot(view))
    return views


def playouts_per_second(rules: str, players: int, seconds: float = 1.0) -> float:
    """How many playouts the search bot runs per second: a world guessed from a real view,
    copied, one move played, and the round played out by the playout policy."""
    views = sample_views(rules, players, games=1)
    rng, done = random.Random(1), 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        view = views[done % len(views)]
        reader = counting.reader_of(view)
        policy = counting.PlayoutPolicy(view, reader)
        world = counting.sample_world(view, rng)
        for _ in range(10):
            trial = world.copy()
            trial.play(view.legal_moves[0])
            counting.playout(trial, view, rng, policy)
            done += 1
    return done / (time.process_time() - start)


def copies_per_second(seconds: float = 1.0) -> float:
    """``state.copy()`` per second, four-player Quentin C 30 moves in."""
    state = nn.make("quentin_c", players=4).new_game(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state.play(rng.choice(state.legal_moves()))
    copies, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            state.copy()
        copies += 1000
    return copies / (time.process_time() - start)


def steps(games: int, playouts: int, seed: int) -> None:
    """The three steps of the search (and racing) at the same budget, against the expert."""
    print(f"\nThe steps at {playouts} playouts a decision, two-player Quentin C, {games} games each:")
    contenders = [("flat_monte_carlo", counting.flat_monte_carlo), ("flat_ucb", counting.flat_ucb),
                  ("move_sequence_mcts", counting.move_sequence_mcts),
                  ("information_set_mcts", counting.information_set_mcts),
                  ("race_no_prior", lambda view, playouts: counting.race(view, playouts, prior=None)),
                  ("race", counting.race)]
    for name, step in contenders:
        times: list = []

        def bot(view, step=step):
            return counting.draw_or_end(view) if view.phase == "draw" else step(view, playouts)
        bot.__name__ = name
        results = tournament(nn.make("quentin_c", players=2), [timed(bot, times), expert_bot],
                             games, seed=seed)
        low, high = results.interval(name)
        print(f"  {name:<17}{results.rate(name):6.1%} (95% interval {low:.1%} to {high:.1%}), "
              f"median {statistics.median(times) * 1000:5.1f} ms a decision", flush=True)


def prior(games: int, seed: int = 100) -> None:
    """The race with and without the expert as its prior, against the expert, on the same deals."""
    import math
    from ninetynine.arena import play_game, wilson

    def no_prior(view):
        return counting.draw_or_end(view) if view.phase == "draw" else counting.race(view, prior=None)
    no_prior.__name__ = "race_no_prior"
    game = nn.make("quentin_c", players=2, tokens=1)
    won: dict = {}
    for bot in (search_bot, no_prior):
        start, won[bot.__name__] = time.perf_counter(), []
        for i in range(games):                   # tournament's deals and seat rotation, game by game
            group, shift = divmod(i, 2)
            seats = [bot, expert_bot] if shift == 0 else [expert_bot, bot]
            record = play_game(game, seats, seed=seed * 1_000_003 + group)
            won[bot.__name__].append(int(record.winner == shift))
        wins = sum(won[bot.__name__])
        low, high = wilson(wins, games)
        print(f"  {bot.__name__:<14} {wins / games:6.1%} of {games} games against expert_bot (95% interval "
              f"{low:.1%} to {high:.1%})  [{time.perf_counter() - start:.0f} s, load "
              f"{os.getloadavg()[0]:.2f}]", flush=True)
    gaps = [a - b for a, b in zip(won["search_bot"], won["race_no_prior"])]
    mean, spread = statistics.fmean(gaps), statistics.stdev(gaps)
    half = 1.96 * spread / math.sqrt(games)
    print(f"  paired difference (same deals, same seats): {mean:+.1%} (95% interval {mean - half:+.1%} "
          f"to {mean + half:+.1%}); games that differ: {sum(1 for g in gaps if g)}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="games per setting (0: as listed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=0, help="games per step (0: skip)")
    parser.add_argument("--prior", type=int, default=0,
                        help="only the race with and without its prior, this many games each")
    args = parser.parse_args(argv)
    if args.prior:
        prior(args.prior)
        return
    print(f"search_bot against expert_bot, seats rotated, {counting.RACE_PLAYOUTS} playouts at most "
          "a decision:", flush=True)
    times: list = []
    passed = []
    for rules, players, games in SETTINGS:
        ok, line = strength(rules, players, args.games or games, args.seed, times)
        passed.append(ok)
        print("  " + line, flush=True)
    median = statistics.median(times) * 1000
    print(f"\nDecision time over {len(times)} decisions: median {median:.1f} ms "
          f"({'under' if median < MEDIAN_LIMIT_MS else 'NOT under'} {MEDIAN_LIMIT_MS} ms), "
          f"mean {statistics.mean(times) * 1000:.1f} ms, 90th percentile "
          f"{statistics.quantiles(times, n=10)[-1] * 1000:.1f} ms")
    print("Playouts per second (one decision's machinery):")
    for rules, players, _ in SETTINGS:
        print(f"  {rules:<10}{players} players  {playouts_per_second(rules, players):8,.0f}", flush=True)
    print(f"state.copy(): {copies_per_second():,.0f} copies per second")
    print(f"\n{sum(passed)} of {len(passed)} settings above the fair share.")
    if args.steps:
        steps(args.steps, 300, args.seed)


if __name__ == "__main__":
    main()
