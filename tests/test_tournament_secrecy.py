"""A tournament's secrets (issue 28): no bot can learn the seed of its deals, and a move's time
covers reading its answer.

The attack: every view a bot was sent carried its game's seed (and the deals' seeds followed
``league seed * 1_000_003 + deal`` from a default league seed of 0, so they could be guessed
anyway); a bot dealt the game again from it, replayed the history and played with every hand
face up. ``fixtures/bots/spy.py`` does exactly that with every number and text it can reach,
and with guesses; here it plays in real leagues - in a process of its own (``--no-sandbox``:
what the sandbox adds is beside the point there) and once in its sandbox - beside honest bots,
and must never rebuild a deal, while a test that hands it the old key shows that it would.

Also: a view as sent holds nothing its seat may not know (the same plain data in every deal the
seat cannot tell apart); a seed is drawn when none is given, printed, and plays the same league
again; an answer of megabytes forfeits at once with one sentence; and the referee's clock covers
everything it does with an answer.
"""
from __future__ import annotations

import csv
import json
import random
import re
import runpy
import time
from pathlib import Path

import pytest

from machine import skip_without_bwrap
import ninetynine as nn
from ninetynine.cli import main
from ninetynine.league.contestants import Entry, Forfeit, HouseBot, InProcess, Table
from ninetynine.league.referee import deal_seed, play, schedule
from ninetynine.league.run import run_league

BOTS = Path(__file__).parent / "fixtures" / "bots"
SPY = BOTS / "spy.py"
UNGUESSABLE = 2 ** 63 + 987_654_321      # a league seed as long as a drawn one


def table(name: str, **options) -> Table:
    return Table(name, tuple(sorted(nn.make(name, **options).options.items())))


def spy_module() -> dict:
    """The spy's functions, loaded without its listening (that is for its own process)."""
    return runpy.run_path(str(SPY), run_name="spy")


def rows_of(folder: Path) -> list[dict]:
    with (folder / "games.csv").open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def forfeits_of(rows: list[dict]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for row in rows:
        found.setdefault(row["bot"], [])
        if row["forfeited"] == "yes":
            found[row["bot"]].append(row["reason"])
    return found


# --- the spy works: where the seed is sent, or can be guessed, it rebuilds the deal -------------

def _views(seed: int) -> tuple:
    """Seat 1's first view of a two-player Quentin C game dealt with ``seed`` (seat 0 has played
    and drawn: the spy must replay that), and a later one, after its own draws."""
    state, rng = nn.make("quentin_c", players=2).new_game(seed=seed), random.Random(seed)
    state.play(rng.choice(state.legal_moves()))
    first = state.view(1)
    while state.to_move != 1 or len(state.history) < 20:
        state.play(rng.choice(state.legal_moves()))
    return first, state.view(1)


def test_the_spy_rebuilds_a_deal_from_the_old_key_or_a_guessable_seed_and_not_otherwise():
    rebuilt = spy_module()["rebuilt_seed"]
    quentin = ("quentin_c", {"players": 2})
    old = 3 * 1_000_003 + 2                         # the old formula: league seed 3, deal 2
    assert rebuilt(*_views(old), *quentin, [{"key": f"5:{old}"}]) == old   # the old key
    assert rebuilt(*_views(old), *quentin, []) == old         # guessed: 3 and 2 are small
    assert rebuilt(*_views(deal_seed(7, 1)), *quentin, []) == deal_seed(7, 1)  # --seed 7
    hidden = deal_seed(UNGUESSABLE, 1)              # a league seed nobody can guess
    assert rebuilt(*_views(hidden), *quentin, [{"key": "5:0"}, "x 17"]) is None
    assert rebuilt(*_views(hidden), *quentin, [{"key": f"5:{hidden}"}]) == hidden


def test_the_spy_tells_a_deal_that_only_shares_its_hand_from_the_real_one():
    """A three-card hand is dealt alike by about one seed in 130,000, and the spy tries
    thousands: such a seed passes its first look, and replaying the game later tells it apart."""
    replays = spy_module()["replays"]
    real = nn.make("quentin_c", players=2).new_game(seed=UNGUESSABLE)
    alike = real.copy()                             # the same hands, the deck in another order
    alike.deck.reverse()
    state, rng = real.copy(), random.Random(2)
    first = state.view(0)
    while state.to_move != 0 or len(state.history) < 12:
        state.play(rng.choice(state.legal_moves()))
    assert replays(alike, first) and replays(real, first)
    assert replays(real, state.view(0)) and not replays(alike, state.view(0))


# --- the spy in leagues: it finds nothing, and an honest bot plays on ---------------------------

def test_a_spy_finds_no_seed_in_a_league_and_the_printed_seed_plays_the_same_league(
        tmp_path, capsys):
    """From the command line without --seed: the spy, an honest bot and the house expert."""
    argv = ["tournament", str(SPY), str(BOTS / "careful.py"), "--game", "quentin_c",
            "--house", "expert", "--games", "4", "--timeout", "3", "--no-sandbox"]
    assert main(argv + ["--out", str(tmp_path / "first")]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    seed = re.search(r"Seed (\d+) \(--seed \1 plays this league again\)\.", printed).group(1)
    assert int(seed) > 10 ** 12 and "Note:" not in printed     # drawn, long, no warning
    rows = rows_of(tmp_path / "first")
    assert forfeits_of(rows) == {"spy": [], "careful": [], "house expert": []}, rows
    assert len(rows) == 3 * 4 * 2                               # 3 pairs, 4 games, 2 seats
    assert f"seed {seed}" in (tmp_path / "first" / "report.html").read_text(encoding="utf-8")
    assert main(argv + ["--seed", seed, "--out", str(tmp_path / "again")]) == 0
    assert rows_of(tmp_path / "again") == rows                  # the same deals, the same games


@pytest.mark.parametrize("name, options, honest", [
    ("tricks", {"deals": 1}, "bidder"), ("board", {"players": 2}, "first_legal"),
    ("taiwanese", {"players": 3}, "first_legal")])
def test_a_spy_finds_no_seed_in_the_other_games(name, options, honest):
    """One line-up of the spy, an honest bot and (for three seats) a house bot, in a process of
    its own: one deal in every rotation of the seats."""
    players = 3 if name in ("tricks", "taiwanese") else 2
    entries = [Entry("file", "spy", str(SPY)), Entry("file", honest, str(BOTS / f"{honest}.py"))]
    if players == 3:
        entries.append(Entry("house", "house random", "tricks_random" if name == "tricks" else
                             "random"))
    fixtures = schedule(len(entries), players, 1, seed=UNGUESSABLE)
    outcomes = run_league(entries, table(name, **options), fixtures, 5.0, sandbox="process")
    assert [outcome.forfeits for outcome in outcomes] == [()] * len(fixtures)


def test_in_its_sandbox_the_spy_finds_no_seed_either(tmp_path, capsys):
    skip_without_bwrap("the spy's sandboxed league")
    out = tmp_path / "results"
    assert main(["tournament", str(SPY), str(BOTS / "careful.py"), "--game", "quentin_c",
                 "--games", "2", "--timeout", "3", "--out", str(out)]) == 0
    assert "Seed " in capsys.readouterr().out
    assert forfeits_of(rows_of(out)) == {"spy": [], "careful": []}


def test_a_short_seed_given_is_noted_as_guessable_and_the_spy_guesses_it(tmp_path, capsys):
    """The same spy, in the same kind of league, does rebuild the deal when the instructor gives
    a seed it can guess: its search is live, so its finding nothing above means something."""
    argv = ["tournament", str(SPY), str(BOTS / "careful.py"), "--game", "quentin_c",
            "--games", "2", "--timeout", "3", "--seed", "12", "--no-sandbox", "--out",
            str(tmp_path)]
    assert main(argv) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "Seed 12 (--seed 12 plays this league again)." in printed
    assert ("Note: a bot that guesses the seed 12 can deal every game's cards itself; for a league "
            "that counts, leave --seed out or give a long one.") in printed
    rows = rows_of(tmp_path)
    assert {int(row["seed"]) for row in rows} == {deal_seed(12, 0)}
    assert forfeits_of(rows) == {"careful": [], "spy": [
        f"my_bot raised RuntimeError: rebuilt the deal from the seed {deal_seed(12, 0)}."] * 2}


# --- what crosses: only what the seat may know --------------------------------------------------

def _other_world(state, seat: int, rng: random.Random):
    """A copy of ``state`` with its hidden cards dealt differently among the places hidden from
    ``seat`` (the same sizes): a world the seat cannot tell from the real one."""
    world = state.copy()
    places = list(world.hidden_from(seat).values())
    cards = [card for place in places for card in place]
    rng.shuffle(cards)
    for place in places:
        place[:], cards = cards[:len(place)], cards[len(place):]
    return world


@pytest.mark.parametrize("name, options", [
    ("quentin_c", {"players": 2}), ("taiwanese", {"players": 3}), ("board", {"players": 2}),
    ("tricks", {"deals": 1})])
def test_what_a_seat_is_sent_is_the_same_in_every_deal_it_cannot_tell_apart(name, options):
    """The payload of a view (``PlainSeat.payload``, the very data sent) holds no seed, and does
    not change when the hidden cards lie elsewhere: nothing hidden crosses to a bot."""
    game = nn.make(name, **options)
    seed = deal_seed(UNGUESSABLE, 0)
    state, rng, compared = game.new_game(seed=seed), random.Random(seed), 0
    seats = [InProcess(Entry("file", "x", "x.py"), table(name, **options))
             for _ in range(state.view(0).players)]
    twins = [InProcess(Entry("file", "x", "x.py"), table(name, **options)) for _ in seats]
    for seat in seats + twins:
        seat.broken = "not run: only its payloads are read"
        seat.begin("a key of the referee's")
    while not state.is_over and compared < 60:
        seat = state.to_move
        world = _other_world(state, seat, rng)
        sent = seats[seat].payload(state.view(seat))
        twin = twins[seat].payload(world.view(seat))
        text = json.dumps(sent)
        assert str(seed) not in text and "a key of the referee's" not in text
        assert re.fullmatch(r"[0-9a-f]{16}", sent["key"])          # the game's random name
        sent["key"] = twin["key"] = None
        assert sent == twin
        compared += 1
        state.play(rng.choice(state.legal_moves()))
    assert compared >= 10


# --- a move's time covers reading the answer ----------------------------------------------------

def test_a_five_megabyte_answer_forfeits_at_once_with_one_sentence():
    skip_without_bwrap("the flooding bot's sandbox")
    from ninetynine.league.sandboxed import Sandboxed
    quentin = table("quentin_c", players=2)
    flood = Sandboxed(Entry("file", "flood", str(BOTS / "flood.py")), quentin)
    try:
        flood.begin("start")                            # its file runs before the clock starts
        started = time.monotonic()
        outcome = play(nn.make("quentin_c", players=2),
                       [flood, HouseBot(Entry("house", "cautious", "cautious"), quentin)],
                       schedule(2, 2, 1, seed=1)[0], 1.0)
        took = time.monotonic() - started
    finally:
        flood.close()
    assert outcome.forfeits == ((0, "my_bot answered more than 64 KB, far more than any move "
                                    "of this game."),)     # refused before it was read
    assert took < 1.5, took                             # the whole game, its stand-in's too


def test_an_answer_that_is_not_text_stops_the_bot_for_the_league(tmp_path):
    """Only a file that changed the league's code in its process can answer something else."""
    from ninetynine.league.sandboxed import Sandboxed
    changer = tmp_path / "changer.py"
    changer.write_text("import ninetynine.league.seat as seat\n"
                       "seat.answer = lambda namespace, data: ['AS'] * 1000\n\n"
                       "def my_bot(view):\n    return view.legal_moves[0]\n")
    quentin = table("quentin_c", players=2)
    seat = Sandboxed(Entry("file", "changer", str(changer)), quentin, use_bwrap=False)
    state = nn.make("quentin_c", players=2).new_game(seed=1)
    reason = ("my_bot answered something that is not text (the league's code in its sandbox "
              "always answers text, so the file changed it), so it plays no more games in this "
              "league.")
    try:
        for game in ("first", "second"):
            seat.begin(game)
            with pytest.raises(Forfeit) as forfeit:
                seat.answer(state.view(state.to_move), 5.0)
            assert str(forfeit.value) == reason and seat.learner is None
    finally:
        seat.close()


class _Answers:
    """A contestant that answers ``text`` after ``delay`` seconds (``timed``: held to the limit)."""

    function = "my_bot"

    def __init__(self, text, delay: float, timed: bool = True):
        self.text, self.delay, self.timed = text, delay, timed

    def begin(self, key):
        pass

    def answer(self, view, seconds):
        time.sleep(self.delay)              # as if reading the answer took this long
        return self.text(view)


def test_the_referees_clock_runs_until_the_answer_is_parsed():
    """A seat that hands back a legal move, but only after its time (as when reading a slow
    answer outside the channel's own clock), forfeits; a kit bot is never timed."""
    game, fixture = nn.make("quentin_c", players=2), schedule(2, 2, 1, seed=3)[0]
    first = lambda view: str(view.legal_moves[0])        # noqa: E731
    other = _Answers(first, 0, timed=False)
    late = play(game, [_Answers(first, 0.05), other], fixture, 0.02)
    assert late.forfeits == ((0, "my_bot took longer than 0.02 seconds to choose a move."),)
    untimed = play(game, [_Answers(first, 0.01, timed=False), other], fixture, 0.005)
    assert untimed.forfeits == ()


def test_a_bot_remembers_nothing_from_one_game_to_the_next(monkeypatch):
    """Each game is played by a fresh copy of the bot's process (``Sandboxed._fresh_copy``), so
    a bot that keeps the games it saw finds none before the one it plays; with the copies turned
    off, the same bot finds the last game in its memory (the test can fail)."""
    skip_without_bwrap("the remembering bot's sandbox")
    from ninetynine.league.sandboxed import Sandboxed
    quentin, game = table("quentin_c", players=2), nn.make("quentin_c", players=2)

    def league(rememberer):
        careful = Sandboxed(Entry("file", "careful", str(BOTS / "careful.py")), quentin)
        try:
            return [play(game, [rememberer, careful], fixture, 5.0).forfeits
                    for fixture in schedule(2, 2, 2, seed=5)]
        finally:
            rememberer.close()
            careful.close()

    fresh = league(Sandboxed(Entry("file", "rememberer", str(BOTS / "rememberer.py")), quentin))
    assert len(fresh) == 4 and all(forfeits == () for forfeits in fresh), fresh
    monkeypatch.setattr(Sandboxed, "_fresh_copy", lambda self: None)
    kept = league(Sandboxed(Entry("file", "rememberer", str(BOTS / "rememberer.py")), quentin))
    assert any("I remember 1 earlier game" in reason for forfeits in kept[1:]
               for _, reason in forfeits), kept
