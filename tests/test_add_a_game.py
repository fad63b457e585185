"""Adding a game is its own folder and one registration, nothing else edited
(``docs/adding-a-game.md``): a copy of ``ninetynine/race/``, renamed by plain text replacement and
kept outside the package, joins every tool of the kit the moment it is imported."""
from __future__ import annotations

import csv
import hashlib
import importlib
import shutil
import sys
from pathlib import Path

import pytest

import ninetynine as nn
from machine import skip_without_bwrap
from ninetynine.bots import bots_for
from ninetynine.cli import main
from ninetynine.core import EVENT_TYPES
from ninetynine.protocol import DECLARATIONS
from ninetynine.testing import check_game
from ninetynine.text import describe, narrate

KIT = Path(nn.__file__).parent

#: the renaming, in this order: the package's path first, then every spelling of the name
RENAMING = [("ninetynine.race", "dash_game"), ("RACE", "DASH"), ("Race", "Dash"), ("race", "dash")]


def kit_files() -> dict[str, str]:
    """A fingerprint of every source file of the kit."""
    return {str(path.relative_to(KIT)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(KIT.rglob("*.py"))}


@pytest.fixture
def dash(tmp_path):
    """``ninetynine/race/`` copied to ``dash_game/`` in a temporary folder, renamed, imported (which
    registers it); the registry, the events and ``sys.path`` are restored afterwards."""
    before, events = dict(DECLARATIONS), dict(EVENT_TYPES)
    shutil.copytree(KIT / "race", tmp_path / "dash_game", ignore=shutil.ignore_patterns("__pycache__"))
    for path in (tmp_path / "dash_game").glob("*.py"):
        text = path.read_text()
        for old, new in RENAMING:
            text = text.replace(old, new)
        path.write_text(text)
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("dash_game")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == "dash_game"]:
            del sys.modules[name]
        DECLARATIONS.clear()
        DECLARATIONS.update(before)
        EVENT_TYPES.clear()
        EVENT_TYPES.update(events)


def test_a_copy_of_race_is_a_new_game_in_every_tool_with_no_kit_file_edited(dash):
    fingerprint = kit_files()
    game = nn.make("dash", target=40)
    assert type(game) is dash.DashGame and game.target == 40 and nn.declaration("dash").title == "Dash to 31"
    assert "dash" in nn.GAMES and "race" in nn.GAMES                 # beside the original, not instead
    for options in nn.declaration("dash").conformance:
        assert check_game(nn.make("dash", **options), games=20) == []
    state = game.new_game(seed=19)
    events = state.play("6")
    assert [type(event).__name__ for event in events] == ["DashCardPlayed", "DashCardDrawn"]
    assert type(nn.load(state.to_json())) is dash.DashState
    assert nn.load(state.to_json()).to_json() == state.to_json()
    assert list(bots_for("dash")) == ["random", "sevens"]
    assert describe(events[0], you=0) == "You play a 6: the total is 6."
    assert narrate(state.view(1).history, you=1) == ["Seat 0 plays a 6: the total is 6.",
                                                     "Seat 0 draws a card."]
    record = nn.play_game(game, ["sevens", "random"], seed=3)
    assert record.winner in (0, 1)
    assert kit_files() == fingerprint


def test_the_template_stays_small():
    lines = sum(len(path.read_text().splitlines()) for path in (KIT / "race").glob("*.py"))
    assert lines < 250, f"ninetynine/race/ has {lines} lines: the template a contributor copies stays under 250"


@pytest.mark.parametrize("sandbox", [["--no-sandbox"], []], ids=["process", "bwrap"])
def test_a_tournament_of_the_copy_sends_its_whole_folder_to_the_bots(dash, sandbox, tmp_path, capsys):
    """The league rebuilds a game of several files in each bot's process (a sandbox sees none of
    them): every module of its package crosses as text, relative imports and all."""
    if not sandbox:
        skip_without_bwrap("the sandboxed league")
    bot = tmp_path / "highest.py"
    bot.write_text("import dash_game\n\ndef my_bot(view):\n    return dash_game.moves.Play(view.legal_moves[-1].card)\n")
    out = tmp_path / "results"
    argv = ["tournament", str(bot), "--game", "dash_game:DashGame", "--house", "sevens,random",
            "--games", "2", "--seed", "3", "--out", str(out), "--timeout", "5", *sandbox]
    assert main(argv) == 0, capsys.readouterr().err
    with (out / "games.csv").open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert rows and not any(row["forfeited"] == "yes" for row in rows)
    assert {row["bot"] for row in rows} == {"highest", "house sevens", "house random"}
