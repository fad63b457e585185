"""A game of a learner's own is first-class in the terminal, the league and the notebook tables:
``ninetynine play --game my_module:my_game``, ``ninetynine tournament --game ...`` and
``ninetynine.ui.table_for(game)`` read the registry, never a list of the kit's games. The games
are notebook 19's Race to 31 and exercise 21's Fifteen (``tests/fixtures/own_games``)."""
from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from machine import skip_without_bwrap
from ninetynine.cli import main
from ninetynine.league.contestants import Entry, Table
from ninetynine.league.plain import from_plain, game_source, to_plain
from ninetynine.league.referee import schedule
from ninetynine.league.run import run_league
from ninetynine.protocol import DECLARATIONS

OWN = Path(__file__).parent / "fixtures" / "own_games"
RACE = f"{OWN / 'race31.py'}:RACE"
#: a player who types every card's value in turn: the legal ones are played, the others refused
EVERY_CARD = "1\n2\n3\n4\n5\n6\n" * 40

#: learners' bots for Race to 31: one imports the game's module (which a sandbox cannot see: the
#: league sends its text), one plays the highest card
LOW_BOT = "import race31\n\ndef my_bot(view):\n    return race31.Play(view.legal_moves[0].card)\n"
HIGH_BOT = "def my_bot(view):\n    return view.legal_moves[-1]\n"


@pytest.fixture(autouse=True)
def registry():
    """Each test registers the games it names; the registry is put back afterwards."""
    before = dict(DECLARATIONS)
    yield
    DECLARATIONS.clear()
    DECLARATIONS.update(before)


def play(argv, lines, monkeypatch, capsys):
    """``ninetynine play ARGV`` with ``lines`` as its input: (exit code, output lines, error)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["play", *argv])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.strip()


def test_race_to_31_plays_to_the_end_in_the_terminal(monkeypatch, capsys):
    code, out, err = play(["--game", RACE, "--seed", "3", "--bots", "random", "--plain"],
                          EVERY_CARD, monkeypatch, capsys)
    assert code == 0 and err == ""
    assert out[0] == "Race to 31, 2 players: you are Seat 0; the random bot plays Seat 1."
    assert "The total is 0: 31 to go to 31." in out and "Your moves: 2, 4, 5 and 6." in out
    assert "You hold no 1: play one of 2, 4, 5, 6." in out        # refused in the game's words
    assert "You play a 2: the total is 2." in out
    final = out.index("Final standings:")
    assert out[final + 1:] in (["You are first with 1 point.", "Seat 1 is second with 0 points."],
                               ["Seat 1 is first with 1 point.", "You are second with 0 points."])


def test_a_module_name_an_option_and_the_games_own_bot(monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(OWN))
    code, out, _ = play(["--game", "race31:RACE", "--option", "target=40", "--seed", "1"], "q\n",
                        monkeypatch, capsys)
    assert code == 0
    assert out[0].endswith("the sevens bot plays Seat 1.")               # its strongest bot
    assert "The total is 0: 40 to go to 40." in out and out[-1] == "You leave the game."


def test_a_game_with_no_options_words_or_bots_plays_with_numbered_moves(monkeypatch, capsys):
    code, out, _ = play(["--game", f"{OWN / 'fifteen.py'}:FIFTEEN", "--seed", "3"],
                        "?\ns\nx\n" + "1\n2\n3\n4\n5\ndraw\n" * 30, monkeypatch, capsys)
    assert code == 0
    assert out[0] == "fifteen, 2 players: you are Seat 0; the random bot plays Seat 1."
    assert "Your moves: 1, 3, 4 and draw." in out
    assert "'x' is not a move: write a card's value, from 1 to 5, or 'draw'." in out
    assert "Played: seat 0, card 1, total 1." in out                       # plain sentences
    assert "Final standings:" in out


def test_bad_input_is_one_sentence_and_changes_nothing(monkeypatch, capsys):
    args = ["--game", RACE, "--seed", "5", "--bots", "random"]
    _, good, _ = play(args, "q\n", monkeypatch, capsys)
    _, bad, _ = play(args, "\n9\nhello\nq\n", monkeypatch, capsys)
    prompt = "Your move: type it as it is written, or ? for help."
    refusals = [line for line in bad if line not in good]
    assert refusals == ["Nothing was typed: type it as it is written, or ? for help.",
                        "'9' is not a move: write the value of a card, from 1 to 6, such as '4'.",
                        "'hello' is not a move: write the value of a card, from 1 to 6, such "
                        "as '4'."]
    assert bad.count(prompt) == 4 and bad[-1] == good[-1] == "You leave the game."


@pytest.mark.parametrize("argv, sentence", [
    (["--game", RACE, "--tokens", "3"],
     "--tokens is not an option of Race to 31: its options are --option target=VALUE and "
     "--hand-size."),
    (["--game", RACE, "--players", "3"], "There are always 2 players in Race to 31: leave out "
                                         "--players."),
    (["--game", RACE, "--option", "target=500"],
     "--option target must be a whole number from 1 to 84, not 500."),
    (["--game", f"{OWN / 'fifteen.py'}:FIFTEEN", "--deals", "2"],
     "--deals is not an option of fifteen, which has none: give only --bots, --seed and --plain."),
    (["--game", RACE, "--bots", "expert"], "There is no bot called 'expert' for Race to 31: "
                                           "choose one of random, sevens."),
    (["--game", f"{OWN / 'race31.py'}:NOTHING"], "defines no 'NOTHING'"),
])
def test_a_flag_the_game_does_not_have_is_one_sentence(argv, sentence, monkeypatch, capsys):
    code, out, err = play(argv, "", monkeypatch, capsys)
    assert code == 2 and out == []
    assert sentence in err and "\n" not in err and err.endswith(".")


def test_piped_through_a_real_process_from_the_games_folder():
    done = subprocess.run([sys.executable, "-m", "ninetynine", "play", "--game", "race31:RACE",
                           "--seed", "2"], input=EVERY_CARD, capture_output=True, text=True,
                          cwd=OWN, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Final standings:" in done.stdout and "\x1b[" not in done.stdout


def test_the_table_of_a_game_of_your_own_is_the_protocol_table():
    pytest.importorskip("ipywidgets")
    from ninetynine.cli import own_game
    from ninetynine.ui import ProtocolTable, table_for

    race = own_game(RACE).game
    table = table_for(race, seed=3, bots="sevens")
    assert isinstance(table, ProtocolTable)
    c = table.controller
    assert c.position()[0] == "The total is 0: 31 to go to 31."
    assert [button.name for button in c.move_buttons()] == ["2", "4", "5", "6"]
    assert c.click_move("4")
    assert c.latest[:2] == ["You play a 4: the total is 4.", "You draw a 2."]
    assert not c.click_move("1") and c.message.startswith("You hold no 1")
    assert type(table_for("board")).__name__ == "BoardTable"


def test_a_race_to_31_view_crosses_as_plain_data_and_the_game_as_its_module():
    from ninetynine.cli import own_game
    race = own_game(RACE).game
    state = race.new_game(seed=1)
    state.play(state.legal_moves()[0])
    view = state.view(1)
    assert from_plain(to_plain(view, "race31", race.options)) == view
    sources, name, attribute, _ = game_source("race31")
    assert (name, attribute) == ("race31", "RACE") and list(sources) == ["race31"]
    assert "class Race:" in sources["race31"][0]
    assert game_source("quentin_c") == ()


def bots(folder: Path) -> list[str]:
    for name, code in (("low", LOW_BOT), ("high", HIGH_BOT)):
        (folder / f"{name}.py").write_text(code)
    return [str(folder / "low.py"), str(folder / "high.py")]


def test_a_league_of_race_to_31_here_with_house_bots(tmp_path):
    from ninetynine.cli import own_game
    race = own_game(RACE).game
    table = Table("race31", tuple(sorted(race.options.items())), game_source("race31"))
    entries = [Entry("file", "high", bots(tmp_path)[1]), Entry("house", "house sevens", "sevens"),
               Entry("house", "house random", "random")]
    outcomes = run_league(entries, table, schedule(3, 2, 2, seed=1), 1.0, sandbox="here")
    assert len(outcomes) == 12 and not any(outcome.forfeits for outcome in outcomes)


@pytest.mark.parametrize("sandbox", [["--no-sandbox"], []], ids=["process", "bwrap"])
def test_a_tournament_of_race_to_31_from_the_command_line(sandbox, tmp_path, capsys):
    if not sandbox:
        skip_without_bwrap("the sandboxed league")
    out = tmp_path / "results"
    argv = ["tournament", *bots(tmp_path), "--game", RACE, "--house", "sevens,random",
            "--games", "2", "--seed", "3", "--out", str(out), "--timeout", "5", *sandbox]
    assert main(argv) == 0, capsys.readouterr().err
    assert "League standings" in capsys.readouterr().out
    with (out / "games.csv").open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 6 * 2 * 2 and not any(row["forfeited"] == "yes" for row in rows)
    assert {row["bot"] for row in rows} == {"low", "high", "house sevens", "house random"}
