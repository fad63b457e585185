"""OpenSpiel's ISMCTS bot against the kit's expert and search bots, in the four counting games.

    .venv/bin/python benchmarks/openspiel_ismcts.py [games] [simulations] [rules ...]

Defaults: 30 games per match, 100 simulations per decision, all four rule sets. Needs the
``ecosystem`` extra (``open-spiel``).

Each match is three players: OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms
.ismcts``, random roll-outs to the end of the game, UCT constant 2, a new world sampled from its
view for every simulation: ``ninetynine.adapters.openspiel.ismcts_bot``) against two copies of
the kit's ``expert`` bot, then against two copies of the kit's ``search`` bot. Seats rotate
(``arena.tournament``: choose ``games`` as a multiple of 3). A bot as strong as its opponents
wins a third of the games. The games are kept short so that a match takes minutes: 2 tokens
each (Taiwanese rules: one round of 5 cards each).

Printed per match: ISMCTS's wins with the 95% Wilson interval of its win rate, and the median
and mean CPU time of an ISMCTS decision (a decision with one legal move takes no search).
Timings are CPU time of this process (fair on a busy machine).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ninetynine as nn  # noqa: E402
from ninetynine.arena import tournament  # noqa: E402

RULES = ["quentin_c", "rs_games", "classic", "taiwanese"]
OPPONENTS = ["expert", "search"]


def options_for(rules: str) -> dict:
    """Three players and a short game: 2 tokens each, or one Taiwanese round."""
    return {"players": 3, "rounds": 1} if rules == "taiwanese" else {"players": 3, "tokens": 2}


def timed(bot, times: list):
    """The bot, recording the CPU seconds of each decision in ``times``."""
    def play(view):
        start = time.process_time()
        move = bot(view)
        times.append(time.process_time() - start)
        return move
    play.__name__ = bot.__name__
    return play


def main(games: int = 30, simulations: int = 100, rules_list=None) -> None:
    from ninetynine.adapters.openspiel import ismcts_bot
    print(f"OpenSpiel ISMCTS ({simulations} simulations a decision) against two kit bots, "
          f"three players, {games} games a match, seats rotated; an equal bot wins 33.3%.")
    print(f"{'rules':<11}{'against':<9}{'ISMCTS wins':>12}{'rate':>8}   {'95% Wilson interval':<22}"
          f"{'decision: median':>18}{'mean':>8}")
    for rules in rules_list or RULES:
        options = options_for(rules)
        game = nn.make(rules, **options)
        for opponent in OPPONENTS:
            times: list[float] = []
            bot = timed(ismcts_bot(rules, simulations=simulations, **options), times)
            results = tournament(game, [bot, opponent, opponent], games=games)
            label = results.wins and next(iter(results.wins))
            wins = results.wins[label]
            low, high = results.interval(label)
            print(f"{rules:<11}{opponent:<9}{wins:>6} of {games:<3}{results.rate(label):>8.1%}   "
                  f"{low:6.1%} to {high:6.1%}   {statistics.median(times) * 1000:>13.0f} ms"
                  f"{statistics.mean(times) * 1000:>5.0f} ms",
                  flush=True)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(int(arguments[0]) if arguments else 30,
         int(arguments[1]) if len(arguments) > 1 else 100,
         arguments[2:] or None)
