"""The arena: play whole games between bots, run fair tournaments, and measure how sure we are.

Three ideas, each small enough to re-implement yourself:

1. **One game** (``play_game``): ask the bot of the seat to move for a move, play it, repeat
   until the game is over. Each bot gets ``state.view(seat)``, never the state, so no bot can
   peek at the deck or at another hand.

2. **Seat rotation** (``tournament``): in most card games the seats are not equal (the first
   player of a round moves into a different count from the last). If bot A always sat in seat 0,
   we could not tell A's strength from seat 0's advantage. So the games are played in *groups*
   of as many games as there are seats: in game ``i`` of a group, the bot listed ``j`` sits in
   seat ``(j + i) % players``. Every bot sits in every seat once per group, and all games of a
   group use the same seed, so every bot is dealt the same cards in the same seat once: luck of
   the deal cancels out too (the idea of "duplicate" bridge).

3. **How sure are we?** (``wilson``): 60 wins in 100 games is a win rate of 60 %, but the true
   rate could well be 55 % or 68 %. The Wilson score interval gives the range of true rates that
   fit the result (95 % of such intervals contain the true rate). It behaves well even near 0 %
   and 100 % and for few games, unlike the textbook "p plus or minus 1.96 standard errors".

>>> import ninetynine as nn
>>> record = play_game(nn.make("quentin_c", players=2), ["expert", "random"], seed=3)
>>> record.winner in (0, 1), record.moves > 0
(True, True)
>>> low, high = wilson(60, 100)
>>> round(low, 3), round(high, 3)
(0.502, 0.691)
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from . import bots as _bots
from .core import IllegalMove, Standing, make

#: no game of the kit comes near this many moves; reaching it means a bot or a rule loops
MAX_MOVES = 200_000


class BotError(RuntimeError):
    """A bot returned a move that is not legal: the message names the bot, the seat and the move."""


@dataclass(frozen=True)
class GameRecord:
    """Everything about one finished game: what happened, who won, and how to replay it.

    events      every event of the game, in order (the full, unredacted history)
    standings   the final table, best first
    winner      the winning seat, or None for a shared first place
    moves       how many moves were made (plays, and DRAW / END under manual drawing)
    seed        the seed of the deal: ``play_game(game, bots, seed)`` again gives the same game
    bots        the name of the bot in each seat
    """

    events: list
    standings: list[Standing]
    winner: int | None
    moves: int
    seed: int | None
    bots: tuple[str, ...] = ()


def bot_name(bot, game=None) -> str:
    """A readable name for a bot: its name among ``game``'s bots (or all the kit's bots), else
    the function's name."""
    for name, known in (_bots.BOTS if game is None else _bots.bots_for(game)).items():
        if bot is known:
            return name
    return getattr(bot, "__name__", type(bot).__name__)


def seat_bot(bot, seed, seat: int) -> Callable:
    """The bot for one seat. The random bot gets its own generator, seeded from the game's seed
    and the seat, so that a game with random bots is replayed exactly by its seed."""
    bot = _bots.get(bot)
    if bot is _bots.random_bot:
        rng = random.Random(f"{seed}:{seat}")
        return lambda view: _bots.random_bot(view, rng)
    return bot


def _game_of(game, players: int):
    """Accept a game object or a rule-set name (then the table has one seat per bot)."""
    return make(game, players=players) if isinstance(game, str) else game


def play_game(game, bots: list, seed: int | None = 0) -> GameRecord:
    """Play one whole game, a bot (name or callable) in each seat, and return its record.

    ``game`` is a game (``nn.make("rs_games", players=3)``) or a rule-set name. A bot that
    returns a move the rules do not allow raises ``BotError`` naming the bot, the seat and the
    move; nothing is silently replaced.
    """
    bots = list(bots)
    game = _game_of(game, len(bots))
    if len(bots) != game.players:
        raise ValueError(f"The game has {game.players} seats, so give {game.players} bots, "
                         f"not {len(bots)}.")
    bots = [_bots.get(bot, game) for bot in bots]      # a name must be one of this game's bots
    names = tuple(bot_name(bot, game) for bot in bots)
    players = [seat_bot(bot, seed, seat) for seat, bot in enumerate(bots)]
    state = game.new_game(seed=seed)
    moves = 0
    while not state.is_over:
        seat = state.to_move
        move = players[seat](state.view(seat))
        try:
            state.play(move)
        except IllegalMove as error:
            raise BotError(f"The bot '{names[seat]}' in seat {seat} chose {move}, which is not "
                           f"legal here: {error}") from None
        moves += 1
        if moves >= MAX_MOVES:
            raise BotError(f"The game did not end after {MAX_MOVES} moves: a bot or a rule loops.")
    return GameRecord(list(state.history), state.standings(), state.winner, moves, seed, names)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (low, high) for a true win rate, after ``wins`` in ``n`` games.

    With p = wins / n, the interval is centred on (p + z²/2n) / (1 + z²/n), pulled towards 1/2,
    and its half-width is z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²). z = 1.96 gives 95 %
    confidence (2.576 gives 99 %). With no games at all, every rate is possible: (0, 1).

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> [round(x, 3) for x in wilson(10, 10)]     # ten wins in ten: surely good, not surely perfect
    [0.722, 1.0]
    """
    if n < 0 or not 0 <= wins <= n:
        raise ValueError(f"wins must be from 0 to n and n at least 0, not wins={wins}, n={n}.")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Results:
    """The outcome of a tournament: games played and wins per bot (labels as given, made unique).

    A game with a shared first place counts as a win for nobody (``shared``).
    """

    games: int
    wins: dict[str, int]
    shared: int = 0
    seats: dict[str, list[int]] = field(default_factory=dict)  # wins per bot by seat

    def rate(self, bot: str) -> float:
        """The share of all games that ``bot`` won."""
        return self.wins[bot] / self.games if self.games else 0.0

    def interval(self, bot: str, z: float = 1.96) -> tuple[float, float]:
        """The Wilson interval of ``bot``'s win rate."""
        return wilson(self.wins[bot], self.games, z)

    def __str__(self) -> str:
        lines = [f"{self.games} games"]
        for bot in self.wins:
            low, high = self.interval(bot)
            lines.append(f"{bot}: {self.wins[bot]} wins, {self.rate(bot):.1%} "
                         f"(95% interval {low:.1%} to {high:.1%})")
        if self.shared:
            lines.append(f"{self.shared} games with a shared first place")
        return "\n".join(lines)


def _labels(bots: list, game) -> list[str]:
    """Names for the bots of a line-up; a name that repeats gets "#2", "#3"..."""
    labels, seen = [], {}
    for bot in bots:
        name = bot if isinstance(bot, str) else bot_name(bot, game)
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return labels


def tournament(game, bots: list, games: int, seed: int = 0) -> Results:
    """Play ``games`` games of a line-up with one bot per seat, rotating seats; count the wins.

    Game ``i`` is game ``i % players`` of group ``i // players``: the bot listed ``j`` sits in
    seat ``(j + i) % players``, and every game of a group is dealt from the seed
    ``seed * 1_000_003 + group``. Choose ``games`` as a multiple of the number of players so
    that every bot sits in every seat equally often.
    """
    bots = list(bots)
    game = _game_of(game, len(bots))
    if len(bots) != game.players:
        raise ValueError(f"The game has {game.players} seats, so give {game.players} bots, "
                         f"not {len(bots)}.")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number from 1 up, not {games!r}.")
    for bot in bots:
        _bots.get(bot, game)                    # an unknown name fails before any game is played
    labels = _labels(bots, game)
    n = game.players
    results = Results(games, {label: 0 for label in labels},
                      seats={label: [0] * n for label in labels})
    for i in range(games):
        group, shift = divmod(i, n)
        seated = [None] * n                     # seated[seat] = index of the bot in that seat
        for j in range(n):
            seated[(j + shift) % n] = j
        record = play_game(game, [bots[j] for j in seated], seed=seed * 1_000_003 + group)
        if record.winner is None:
            results.shared += 1
            continue
        label = labels[seated[record.winner]]
        results.wins[label] += 1
        results.seats[label][record.winner] += 1
    return results
