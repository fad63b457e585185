"""Class tournaments (``ninetynine tournament``, ``ninetynine.league``).

The league's engine is tested with learners' files run in this process (``InProcess``: the same
plain-data views and text answers as the sandbox), which costs little. The tests that start
bubblewrap sandboxes (a league from the command line with an exercise's notebook, a bot that
ends its process, a bot busy between its moves, Ctrl-C) are skipped without ``bwrap``, except
under CI, where they fail. One test plays on a Dask ``LocalCluster``.
"""
from __future__ import annotations

import csv
import json
import os
import random
import shutil
import time
from pathlib import Path

import pytest

from machine import skip_without_bwrap
import ninetynine as nn
from ninetynine.cli import main
from ninetynine.league.command import head_to_head_table, standings_table
from ninetynine.league.contestants import Entry, Forfeit, HouseBot, Table
from ninetynine.league.plain import from_plain, to_plain
from ninetynine.league.referee import deal_seed, play, schedule
from ninetynine.league.results import head_to_head, standings, write_files
from ninetynine.league.run import run_league
from ninetynine.league.seat import answer
from ninetynine.tricks.moves import Bid

BOTS = Path(__file__).parent / "fixtures" / "bots"
#: Seconds a move in the in-process leagues: slow.py sleeps 1 s and must forfeit, the honest bots
#: must not, even with the machine busy (at 0.15 s, careful.py forfeited twice in a CI run with
#: three test workers and a browser test on two cores).
LIMIT = 0.5


#: A test cluster's scheduler serves HTTP on a free port, not on 8787: tests on other workers
#: start clusters at the same time (with no dashboard it still serves /health there).
NO_FIXED_PORT = {"dashboard_address": ":0"}


def table(name: str, **options) -> Table:
    return Table(name, tuple(sorted(nn.make(name, **options).options.items())))


def files(*names: str) -> list[Entry]:
    return [Entry("file", name, str(BOTS / f"{name}.py")) for name in names]


QUENTIN = table("quentin_c", players=2)
RANDOM = Entry("house", "house random", "random")


# --- views as plain data ------------------------------------------------------------------------

@pytest.mark.parametrize("name, options", [
    ("quentin_c", {"players": 2}), ("taiwanese", {"players": 3}), ("board", {"players": 2}),
    ("tricks", {"deals": 1})])
def test_a_view_crosses_as_plain_data_and_comes_back_whole(name, options):
    game = nn.make(name, **options)
    state, rng, checked = game.new_game(seed=5), random.Random(5), 0
    while not state.is_over:
        if rng.random() < 0.15 and checked < 12:
            view = state.view(state.to_move)
            data = json.loads(json.dumps(to_plain(view, name, options)))   # nothing but JSON
            back = from_plain(data)
            assert back == view and back.legal_moves == view.legal_moves
            assert [type(move) for move in back.legal_moves] == [type(m) for m in view.legal_moves]
            if hasattr(view, "rules"):
                assert back.rules is view.rules                 # the game's own rule set
            checked += 1
        state.play(rng.choice(state.legal_moves()))
    assert checked >= 3


def test_the_seat_puts_the_history_back_together_from_the_pieces_sent():
    from ninetynine.league.contestants import PlainSeat
    from ninetynine.league.seat import _view

    class Sender(PlainSeat):                    # a seat with no learner's file to start
        def _running(self):
            return True

    game = nn.make("quentin_c", players=2)
    sender, kept = Sender(Entry("file", "x", "x.py"), QUENTIN), {"key": None, "events": []}
    for key in ("game 1", "game 2"):
        state, rng, pieces = game.new_game(seed=len(key)), random.Random(1), []
        sender.begin(key)
        while not state.is_over:
            if state.to_move == 0:
                view = state.view(0)
                data = sender.payload(view)
                pieces.append(len(data["view"]["v"]["history"]))
                assert _view(data, kept).history == view.history
                seen = len(view.history)
            state.play(rng.choice(state.legal_moves()))
        assert sum(pieces) == seen and len(pieces) > 10      # each event sent once, in pieces


def test_the_seat_answers_text_and_a_bidder_bids_with_its_three_cards():
    state = nn.make("tricks", deals=1).new_game(seed=2)
    view = state.view(state.to_move)
    space = {"my_bid": lambda hand, trumps, turn_up: hand[:3]}
    text = answer(space, to_plain(view, "tricks", {"deals": 1}), {"key": None, "events": []})
    assert state.parse_move(text) == Bid.of(view.hand[:3])
    with pytest.raises(LookupError, match="neither my_bot"):
        answer({"bot": print}, to_plain(view, "tricks", {"deals": 1}), {"key": None, "events": []})


# --- the league, in this process ---------------------------------------------------------------

@pytest.fixture(scope="module")
def league(tmp_path_factory):
    """Two honest bots, a crashing, a slow and an illegal one, and the kit's random bot: every
    pair plays one deal twice (seats swapped)."""
    entries = files("careful", "first_legal", "crashing", "slow", "illegal") + [RANDOM]
    fixtures = schedule(len(entries), 2, 1, seed=7)
    outcomes = run_league(entries, QUENTIN, fixtures, LIMIT, sandbox="here")
    names = [entry.name for entry in entries]
    folder = tmp_path_factory.mktemp("league")
    return names, fixtures, outcomes, write_files(folder, names, outcomes, "League", "test")


REASONS = {"crashing": ["my_bot raised ZeroDivisionError: division by zero."],
           "slow": [f"my_bot took longer than {LIMIT:g} seconds to choose a move."],
           "illegal": ["my_bot answered 'KS', which the rules do not allow here: You do not hold "
                       "the King of Spades", "my_bot answered 'KC', which the rules do not allow",
                       "my_bot answered 'my favourite card', which is not a move of this game."]}


def test_every_bad_bot_forfeits_every_game_with_its_reason_and_the_league_goes_on(league):
    names, fixtures, outcomes, _ = league
    assert [o.fixture for o in outcomes] == fixtures            # every game was played
    forfeits = {name: [] for name in names}
    for outcome in outcomes:
        for seat, reason in outcome.forfeits:
            forfeits[names[outcome.fixture.seats[seat]]].append(reason)
            assert outcome.places[seat] == max(outcome.places)  # a forfeit is placed last
    for name in ("careful", "first_legal", "house random"):
        assert forfeits[name] == [], f"{name} forfeited: {forfeits[name]}"
    for name, reasons in REASONS.items():
        assert len(forfeits[name]) == 10                        # all its games
        for reason in forfeits[name]:
            assert any(reason.startswith(start) for start in reasons), reason
    # against an honest bot, a forfeit is a win for it; two forfeits in one game are a tie
    for outcome in outcomes:
        bad = {seat for seat, _ in outcome.forfeits}
        if len(bad) == 1:
            assert outcome.winner == 1 - bad.pop()
        elif len(bad) == 2:
            assert outcome.winner is None


def test_ratings_put_the_strong_honest_bot_first_and_the_forfeiters_last(league):
    names, _, outcomes, _ = league
    table_ = standings(names, outcomes)
    order = [line.name for line in table_]
    assert order[0] == "careful"
    assert set(order[3:]) == {"crashing", "slow", "illegal"}
    assert all(line.wins == 0 and line.forfeits == line.games == 10 for line in table_[3:])
    careful = table_[0]
    low, high = careful.interval
    assert careful.wins == 10 and low < careful.win_rate <= high == 1.0
    pairs = head_to_head(names, outcomes)
    assert pairs["careful", "crashing"] == (2, 2) and pairs["crashing", "careful"] == (0, 2)


def test_the_files_hold_every_game_and_reason_and_the_report_shows_the_plot(league):
    names, fixtures, outcomes, paths = league
    with paths["games"].open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 2 * len(fixtures)
    assert {row["reason"] for row in rows if row["bot"] == "crashing"} == set(REASONS["crashing"])
    with paths["standings"].open(encoding="utf-8") as file:
        first = next(csv.DictReader(file))
    assert first["bot"] == "careful" and first["wins"] == "10" and first["forfeits"] == "0"
    report = paths["report"].read_text(encoding="utf-8")
    assert "<svg" in report
    assert "Summary: careful is rated first and won 100.0% of its 10 games" in report
    assert "division by zero" in report and "head-to-head" in report.lower()


def test_the_same_seed_plays_the_same_league_and_another_seed_another(tmp_path):
    entries = files("careful", "first_legal", "illegal") + [RANDOM]
    names = [entry.name for entry in entries]

    def csv_of(seed, folder):
        outcomes = run_league(entries, QUENTIN, schedule(len(entries), 2, 1, seed), LIMIT,
                              sandbox="here")
        paths = write_files(tmp_path / folder, names, outcomes, "League", "test")
        return paths["games"].read_text() + paths["standings"].read_text()

    assert csv_of(3, "a") == csv_of(3, "b")
    assert csv_of(3, "a") != csv_of(4, "c")


def test_rounds_seat_every_bot_at_random_tables_from_the_seed():
    fixtures = schedule(7, 3, 2, seed=5, rounds=4)              # 2 tables a round, one sits out
    assert len(fixtures) == 4 * 2 * 2 * 3
    assert fixtures == schedule(7, 3, 2, seed=5, rounds=4) != schedule(7, 3, 2, seed=6, rounds=4)
    by_round = [fixtures[i:i + 12] for i in range(0, len(fixtures), 12)]
    for number, games in enumerate(by_round):
        seated = [set(game.seats) for game in games]
        assert all(len(table) == 3 for table in seated)
        assert not seated[0] & seated[6]                        # two tables, nobody at both
        assert {game.seed for game in games} == {deal_seed(5, 2 * number + d) for d in (0, 1)}
    names = [f"bot {i}" for i in range(7)]
    outcomes = [play(nn.make("quentin_c", players=3), [_house("random")] * 7, fixture, 1.0)
                for fixture in fixtures[:12]]                   # round 0 only: one bot sat out
    lines = standings(names, outcomes)
    assert sorted(line.games for line in lines) == [0] + [6] * 6
    assert "<svg" in write_files_text(names, outcomes)


def _house(name):
    return HouseBot(Entry("house", name, name), table("quentin_c", players=3))


def write_files_text(names, outcomes) -> str:
    from ninetynine.league.results import report_html
    return report_html(standings(names, outcomes), head_to_head(names, outcomes), names,
                       outcomes, "League", "test")


def test_a_malformed_or_illegal_answer_forfeits_with_the_games_own_reason():
    class Says:
        function = "my_bot"

        def __init__(self, text):
            self.text = text

        def begin(self, key):
            pass

        def answer(self, view, seconds):
            if isinstance(self.text, Exception):
                raise self.text
            return self.text

    game = nn.make("quentin_c", players=2)
    fixture = schedule(2, 2, 1, seed=1)[0]
    for said, reason in [("AS +12", "my_bot answered 'AS +12', which "),
                         ("", "my_bot answered '', which is not a move of this game."),
                         ("a\nvery\tlong answer " * 5, "my_bot answered 'a very long answer a "
                          "very long answer...', which is not a move of this game."),
                         (None, "my_bot answered something that is not text."),
                         ("AS " * 10_000_000, "my_bot answered 30,000,000 characters ('AS AS "
                          "AS AS AS AS AS AS AS AS AS AS A...'), far more than any move of this "
                          "game."),
                         (Forfeit("It gave up."), "It gave up.")]:
        cautious = HouseBot(Entry("house", "cautious", "cautious"), QUENTIN)
        outcome = play(game, [Says(said), cautious], fixture, 1.0)
        assert outcome.forfeits[0][0] == 0 and outcome.forfeits[0][1].startswith(reason)
        assert outcome.places[0] == 2 and outcome.moves > 20      # the random bot played on


def test_a_tricks_bidder_and_the_kits_bots_play_a_league_without_forfeits():
    entries = files("bidder") + [Entry("house", "house rules", "tricks_rules"),
                                 Entry("house", "house random", "tricks_random")]
    outcomes = run_league(entries, table("tricks", deals=1), schedule(3, 3, 1, seed=2), LIMIT,
                          sandbox="here")
    assert len(outcomes) == 3 and not any(outcome.forfeits for outcome in outcomes)
    assert sorted(outcomes[0].fixture.seats) == [0, 1, 2]
    assert {o.fixture.seats for o in outcomes} == {(0, 1, 2), (2, 0, 1), (1, 2, 0)}


# --- names come from files: never markup, never a formula --------------------------------------

def test_names_are_escaped_in_the_csv_the_report_and_the_terminal(tmp_path):
    names = ["=HYPERLINK(\"http://x\")", "[bold red]Zoë[/]", "<script>alert(1)</script>"]
    entries = [Entry("house", name, "random") for name in names]
    outcomes = run_league(entries, QUENTIN, schedule(3, 2, 1, seed=1), LIMIT, sandbox="here")
    paths = write_files(tmp_path, names, outcomes, "League", "test")
    for kind in ("standings", "games", "head-to-head"):
        with paths[kind].open(encoding="utf-8") as file:
            cells = [cell for row in csv.reader(file) for cell in row]
        assert "'=HYPERLINK(\"http://x\")" in cells
        assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
    report = paths["report"].read_text(encoding="utf-8")
    assert "<script>" not in report and "&lt;script&gt;alert(1)&lt;/script&gt;" in report
    from rich.console import Console
    console = Console(record=True, width=200)
    console.print(standings_table(names, outcomes))
    console.print(head_to_head_table(names, outcomes))
    assert console.export_text().count("[bold red]Zoë[/]") == 3    # standings, row, column


# --- the command line ---------------------------------------------------------------------------

@pytest.mark.parametrize("arguments, sentence", [
    (["--games", "3"], "--games must be a multiple of --players (2)"),
    (["--timeout", "nan"], "--timeout must be a number of seconds above 0"),
    (["--timeout", "inf"], "--timeout must be a number of seconds above 0"),
    (["--game", "chess"], "'chess' is not a game a league plays: choose one of quentin_c"),
    (["--players", "9"], "--players must"),
    (["--house", "board_random"], "'board_random' is not a bot of this game"),
    (["--seed", "x"], "--seed must be a whole number from 0 up, not 'x'."),
])
def test_a_bad_argument_is_one_sentence_and_plays_nothing(arguments, sentence, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["tournament", str(BOTS / "careful.py"), str(BOTS / "first_legal.py"),
            "--game", "quentin_c", "--out", str(out), "--no-sandbox"]
    assert main(argv + arguments) == 2
    printed = capsys.readouterr().err.strip()
    assert printed.startswith(f"Error: {sentence}") and printed.count("\n") == 0, printed
    assert not out.exists()


def test_too_many_line_ups_are_refused_with_the_way_out(tmp_path, capsys):
    for number in range(40):
        shutil.copy(BOTS / "first_legal.py", tmp_path / f"student{number}.py")
    argv = ["tournament", str(tmp_path), "--game", "tricks", "--no-sandbox", "--out",
            str(tmp_path / "out")]
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == (
        "Error: 40 bots make 9,880 line-ups of 3, 118,560 games: too many to play every line-up; "
        "give --rounds N to seat the bots at random tables N times instead.")
    assert main(argv + ["--rounds", "0"]) == 2
    assert "--rounds must be a whole number from 1 up, not '0'." in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_names_are_where_files_were_handed_in_and_each_file_plays_once(tmp_path):
    """A folder in the class folder names every file under it; a file at the top is named by
    its own name; a file given twice plays once; names that repeat get "#2"."""
    from ninetynine.league.command import find_entries
    for path in ("ada-05-beat-random.ipynb", "Bea_06.ipynb", "cy/05-beat-random.ipynb",
                 "dee.py", "eve/dee.py", "fay-05.py", "fay/old/bot.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("")
    entries = find_entries([str(tmp_path), str(tmp_path / "dee.py")], "expert", "quentin_c")
    assert [entry.name for entry in entries] == [
        "Bea", "ada", "cy", "dee", "eve", "fay", "fay#2", "house expert"]


def test_a_scheduler_that_cannot_be_reached_is_one_sentence(tmp_path, capsys, monkeypatch):
    from ninetynine.league import run
    monkeypatch.setattr(run, "CONNECT_SECONDS", 0.5)
    argv = ["tournament", str(BOTS / "careful.py"), str(BOTS / "first_legal.py"), "--game",
            "quentin_c", "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path / "out")]
    assert main(argv) == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith("Error: The Dask scheduler at tcp://127.0.0.1:1 cannot be reached: ")
    assert error.count("\n") == 0 and not (tmp_path / "out").exists()


def test_missing_files_and_too_few_bots_are_refused(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    for argv, sentence in [([str(tmp_path / "nobody.py")], "There is no file or folder called"),
                           ([str(empty)], "holds no notebook or .py file"),
                           ([str(BOTS / "README.md")], "is not a notebook or a .py file"),
                           ([str(BOTS / "careful.py")], "needs at least 2 bots, and 1 were given")]:
        assert main(["tournament", *argv, "--game", "quentin_c", "--no-sandbox",
                     "--out", str(tmp_path / "out")]) == 2
        assert sentence in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_without_bubblewrap_the_command_refuses_unless_told(tmp_path, capsys, monkeypatch):
    from ninetynine.grading import sandbox
    monkeypatch.setattr(sandbox, "available", lambda: False)
    argv = ["tournament", str(BOTS / "careful.py"), str(BOTS / "first_legal.py"),
            "--game", "quentin_c", "--out", str(tmp_path / "out")]
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == f"Error: {sandbox.MISSING}"
    assert not (tmp_path / "out").exists()


# --- in sandboxes, from the command line --------------------------------------------------------

def test_a_league_of_sandboxed_bots_from_a_notebook_and_files(tmp_path, capsys):
    """A learner's exercise 05 notebook, a crashing and a slow bot, each in its own sandbox."""
    skip_without_bwrap("the sandboxed league")
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(Path(__file__).parents[1] / "solutions" / "05-beat-random.ipynb",
                folder / "ada-05-beat-random.ipynb")
    for name in ("crashing", "slow"):
        shutil.copy(BOTS / f"{name}.py", folder / f"{name}.py")
    out = tmp_path / "results"
    assert main(["tournament", str(folder), "--game", "quentin_c", "--games", "2",
                 "--timeout", "0.3", "--seed", "4", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "League standings" in printed and "ada" in printed
    with (out / "games.csv").open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    reasons = {row["bot"]: row["reason"] for row in rows if row["forfeited"] == "yes"}
    assert reasons == {"crashing": "my_bot raised ZeroDivisionError: division by zero.",
                       "slow": "my_bot took longer than 0.3 seconds to choose a move."}
    assert not any(row["forfeited"] == "yes" for row in rows if row["bot"] == "ada")
    with (out / "standings.csv").open(encoding="utf-8") as file:
        first = next(csv.DictReader(file))
    assert first["bot"] == "ada" and first["wins"] == "4"


def test_a_bot_that_ends_its_process_forfeits_and_gets_a_new_sandbox_next_game(tmp_path):
    skip_without_bwrap("the sandboxed league")
    from ninetynine.league.sandboxed import Sandboxed
    quitter = tmp_path / "quitter.py"
    quitter.write_text("import os\n\ndef my_bot(view):\n    os._exit(3)\n")
    nobot = tmp_path / "nobot.py"
    nobot.write_text("def bot(view):\n    return view.legal_moves[0]\n")
    state = nn.make("quentin_c", players=2).new_game(seed=1)
    seat = Sandboxed(Entry("file", "quitter", str(quitter)), QUENTIN)
    learners = []
    try:
        for game in ("first", "second"):
            seat.begin(game)
            with pytest.raises(Forfeit, match=r"^The learner's process stopped"):
                seat.answer(state.view(state.to_move), 5.0)
            learners.append(seat.learner)
    finally:
        seat.close()
    assert learners[0] is not learners[1] and all(learner.failure for learner in learners)
    broken = tmp_path / "broken.py"
    broken.write_text("ratio = 1 / 0\n\ndef my_bot(view):\n    return view.legal_moves[0]\n")
    for path, reason in [(nobot, "The file defines neither my_bot(view) nor my_bid(hand, "
                                 "trumps, turn_up)."),
                         (broken, "The file did not run: ZeroDivisionError: division by zero.")]:
        seat = Sandboxed(Entry("file", path.stem, str(path)), QUENTIN)
        for game in ("first", "second"):
            seat.begin(game)
            with pytest.raises(Forfeit) as forfeit:
                seat.answer(state.view(state.to_move), 5.0)
            assert str(forfeit.value) == reason
            assert seat.learner is None                         # and not started again


def test_a_bot_busy_between_its_moves_is_stopped_and_an_honest_one_is_not():
    skip_without_bwrap("the sandboxed league")
    from ninetynine.league.sandboxed import Sandboxed
    game = nn.make("quentin_c", players=2)
    honest = Sandboxed(Entry("file", "careful", str(BOTS / "careful.py")), QUENTIN)
    try:
        outcome = play(game, [honest, HouseBot(RANDOM, QUENTIN)], schedule(2, 2, 1, 3)[0], 5.0)
        assert outcome.forfeits == () and honest.idle_seconds < 0.05
    finally:
        honest.close()
    hog = Sandboxed(Entry("file", "hog", str(BOTS / "hog.py")), QUENTIN)
    hog.idle_limits = (0.05, 0.01)           # the defaults (1 s, 10%) would take longer to reach
    state = game.new_game(seed=1)
    busy = (r"^my_bot kept the processor busy between its moves \([0-9.]+ seconds while the "
            r"others played\), so it plays no more games in this league.$")
    try:
        hog.begin("first")
        hog.answer(state.view(state.to_move), 5.0)           # its threads start counting
        time.sleep(0.6)
        with pytest.raises(Forfeit, match=busy):             # its next move, in the same game
            hog.answer(state.view(state.to_move), 5.0)
        assert hog.learner is None                            # stopped...
        hog.begin("second")
        with pytest.raises(Forfeit, match=busy):
            hog.answer(state.view(state.to_move), 5.0)
        assert hog.learner is None                            # ...and not started again
    finally:
        hog.close()


def _children() -> list[str]:
    """The command lines of this process's living children."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, IndexError, ValueError):
            continue
    return found


def test_ctrl_c_stops_every_sandbox_of_the_league():
    skip_without_bwrap("the sandboxed league")
    entries = files("careful") + [RANDOM]

    def interrupt(outcome):
        assert any("ninetynine.grading.channel" in line for line in _children())
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_league(entries, QUENTIN, schedule(2, 2, 1, seed=1), 1.0, finished=interrupt)
    assert not any("ninetynine.grading.channel" in line for line in _children())


# --- on Dask ------------------------------------------------------------------------------------

def test_a_league_on_a_dask_cluster_plays_the_same_games_as_here():
    distributed = pytest.importorskip("distributed")
    entries = files("careful", "first_legal", "crashing") + [RANDOM]
    fixtures = schedule(len(entries), 2, 1, seed=9)
    here = run_league(entries, QUENTIN, fixtures, 1.0, sandbox="here")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None,
                                  scheduler_kwargs=NO_FIXED_PORT) as cluster:
        seen = []
        there = run_league(entries, QUENTIN, fixtures, 1.0, sandbox="here",
                           scheduler=cluster.scheduler_address, finished=seen.append)
    assert there == here and len(seen) == len(fixtures)
    from ninetynine.league import run
    assert run._OPENED == {}                  # the worker (this process) closed its contestants


def test_sandboxed_bots_on_dask_play_the_same_games_and_every_sandbox_closes_at_the_end():
    skip_without_bwrap("the sandboxed league")
    distributed = pytest.importorskip("distributed")
    entries = files("careful", "crashing") + [RANDOM]
    fixtures = schedule(len(entries), 2, 1, seed=2)
    here = run_league(entries, QUENTIN, fixtures, 1.0, sandbox="here")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None,
                                  scheduler_kwargs=NO_FIXED_PORT) as cluster:
        there = run_league(entries, QUENTIN, fixtures, 1.0, sandbox="bwrap",
                           scheduler=cluster.scheduler_address)
        assert not any("ninetynine.grading.channel" in line for line in _children())
    assert there == here
