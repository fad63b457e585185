"""The referee: the league's schedule, and one game played between contestants.

**The schedule** (``schedule``). Every group of ``players`` contestants (each *line-up*) plays
the same ``deals``: each deal is played ``players`` times, the seats rotated one step each time,
so every contestant sits in every seat once with the same cards (duplicate deals, as in bridge:
the luck of the deal cancels out). Every line-up plays the same deals, so all contestants face
the same cards. For a big class, ``rounds`` seats the contestants at random tables a few times
instead of playing every line-up. The whole schedule follows from the league's seed: the same
seed, the same league.

**The seed is the instructor's secret.** Whoever knows a deal's seed can deal the same cards
(``game.new_game(seed=...)``) and play as if every hand were face up. So no seed ever reaches a
learner's bot, and no deal's seed can be worked out from what does: each deal's seed is a keyed
hash (HMAC-SHA256) of the league's seed and the deal's number (``deal_seed``), so knowing one
deal's seed, or the deal's number, tells nothing about another's, and guessing one means
guessing the league's seed itself. The command draws that at random (``secrets``) unless the
instructor gives one, and prints it so that the league can be played again.

**One game** (``play``). The referee holds the real state. At each turn it shows the contestant
of the seat to move its view, and plays the text it answers after parsing it with the game's own
``parse_move``. A move's time runs from asking the contestant to having its answer parsed:
reading the answer and parsing it count against the contestant's ``seconds``, not only the
time its bot thought (a kit bot, ``HouseBot``, has no limit). A contestant that raises, is too
slow, or answers text that is not a legal move **forfeits** the game: it is placed last
whatever happens, the reason is kept (one sentence), and the kit's random bot plays its seat to
the end so that the others finish a real game.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import time
from dataclasses import dataclass
from itertools import combinations

from .. import bots as _bots
from ..arena import MAX_MOVES
from ..core import IllegalMove
from .contestants import Forfeit, too_slow


#: characters of the longest answer the referee parses (the longest move of the kit is ~20)
LONGEST_MOVE = 200


@dataclass(frozen=True)
class Fixture:
    """One game of the schedule: ``seats[s]`` is the index of the contestant in seat ``s``, and
    ``seed`` the seed its cards are dealt with (``deal_seed``: a secret of the referee's, never
    sent to a learner's bot)."""

    number: int
    seats: tuple[int, ...]
    seed: int


@dataclass(frozen=True)
class Outcome:
    """How one game ended.

    places    the place of each seat, 1 = first (seats that tie share a place)
    forfeits  (seat, reason) for every seat that forfeited, in the order it happened
    moves     moves played, the random bot's moves for a forfeited seat included
    """

    fixture: Fixture
    places: tuple[int, ...]
    forfeits: tuple[tuple[int, str], ...]
    moves: int

    @property
    def winner(self) -> int | None:
        """The seat placed first alone, or None when first place is shared."""
        firsts = [seat for seat, place in enumerate(self.places) if place == 1]
        return firsts[0] if len(firsts) == 1 else None


def keyed(secret: int, what: str) -> int:
    """A 64-bit number drawn from the league's ``secret`` seed for ``what`` ("deal 3"): the
    first 8 bytes of HMAC-SHA256 keyed with the secret. Without the secret it cannot be
    worked out, even knowing ``what`` and the numbers drawn for everything else."""
    digest = hmac.new(str(secret).encode(), what.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` of a league seeded with ``seed`` (a keyed hash, see
    ``keyed``: deal 4's seed says nothing about deal 5's, nor about the league's seed)."""
    return keyed(seed, f"deal {deal}")


def tables(contestants: int, players: int, seed: int, rounds: int | None = None) -> list[tuple]:
    """The line-ups that play, each with the number of its round (0 for a full league).

    Without ``rounds``, every line-up of ``players`` contestants plays once (a round robin).
    With ``rounds``, the contestants are shuffled (from the seed) and seated at tables of
    ``players`` once per round; those left over when the class does not divide evenly sit out
    that round. A big class, or a game of three or more, needs far fewer games that way.
    """
    if rounds is None:
        return [(lineup, 0) for lineup in combinations(range(contestants), players)]
    seated = []
    for number in range(rounds):
        order = list(range(contestants))
        random.Random(keyed(seed, f"round {number}")).shuffle(order)
        for start in range(0, contestants - players + 1, players):
            seated.append((tuple(sorted(order[start:start + players])), number))
    return seated


def schedule(contestants: int, players: int, deals: int, seed: int,
             rounds: int | None = None) -> list[Fixture]:
    """Every line-up of ``tables`` plays ``deals`` deals once in each rotation of seats (each
    round has deals of its own)."""
    fixtures = []
    for lineup, number in tables(contestants, players, seed, rounds):
        for deal in range(number * deals, (number + 1) * deals):
            for shift in range(players):
                seats = tuple(lineup[(seat - shift) % players] for seat in range(players))
                fixtures.append(Fixture(len(fixtures), seats, deal_seed(seed, deal)))
    return fixtures


def play(game, contestants: list, fixture: Fixture, seconds: float) -> Outcome:
    """Play ``fixture`` with ``contestants`` (indexed as in its ``seats``), ``seconds`` a move.

    Each contestant is told that a game begins with a key of the referee's own, drawn from the
    deal's seed with a keyed hash (so the key does not give the seed away): a kit bot seeds its
    random generator with it; a learner's seat never sends it on (``PlainSeat``)."""
    state = game.new_game(seed=fixture.seed)
    players = [contestants[index] for index in fixture.seats]
    key = keyed(fixture.seed, f"game {fixture.number}")
    for player in players:
        player.begin(key)
    stand_ins, forfeits, moves = {}, [], 0
    while not state.is_over and moves < MAX_MOVES:
        seat = state.to_move
        view = state.view(seat)
        if seat in stand_ins:
            state.play(stand_ins[seat](view))
        else:
            try:
                _play_answer(state, players[seat], view, seconds)
            except Forfeit as forfeit:
                forfeits.append((seat, str(forfeit)))
                rng = random.Random(f"stand-in:{fixture.seed}:{seat}")
                stand_ins[seat] = lambda view, rng=rng: _bots.random_bot(view, rng)
                continue
        moves += 1
    forfeited = [seat for seat, _ in forfeits]
    return Outcome(fixture, places(state, forfeited, len(players)), tuple(forfeits), moves)


def _play_answer(state, player, view, seconds: float) -> None:
    """Ask ``player`` for its move on ``view`` and play it, or raise ``Forfeit`` saying in one
    sentence why it cannot be played.

    The clock starts when the player is asked and stops when its answer is parsed: whatever
    reading the answer costs (the channel's pipe, JSON, rebuilding the value, parsing the text)
    counts against the move's ``seconds``, so a bot cannot buy itself time by answering
    something slow to read. Text longer than any move is refused unread. A kit bot (``timed``
    false) has no limit."""
    started = time.monotonic()
    text = player.answer(view, seconds)
    function = getattr(player, "function", "The bot")
    if not isinstance(text, str):
        raise Forfeit(f"{function} answered something that is not text.")
    shown = " ".join(text[:LONGEST_MOVE].split())   # on one line, however it was written
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    if len(text) > LONGEST_MOVE:                    # no move is that long: not even parsed
        raise Forfeit(f"{function} answered {len(text):,} characters ('{shown}'), far more than "
                      "any move of this game.")
    try:
        move = state.parse_move(text)
    except Exception:           # noqa: BLE001 - whatever the text, the league goes on
        raise Forfeit(f"{function} answered '{shown}', which is not a move of this game.") from None
    if getattr(player, "timed", True) and time.monotonic() - started > seconds:
        raise Forfeit(too_slow(function, seconds))
    try:
        state.play(move)
    except IllegalMove as error:
        raise Forfeit(f"{function} answered '{shown}', which the rules do not allow here: "
                      f"{str(error).rstrip('.')}.") from None


def places(state, forfeited: list[int], players: int) -> tuple[int, ...]:
    """Each seat's place: the game's standings, the seats that forfeited moved to the bottom
    (sharing the last place). A game stopped unfinished (it never is, with the kit's rules)
    places everyone equal."""
    if not state.is_over:
        return (1,) * players
    order = [standing for standing in state.standings() if standing.seat not in forfeited]
    result = [players - len(forfeited) + 1] * players
    previous, place = None, 0
    for position, standing in enumerate(order, start=1):
        if previous is None or standing.rank != previous:
            place = position
        result[standing.seat] = place
        previous = standing.rank
    return tuple(result)
