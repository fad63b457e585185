"""The Game of 99's golden playthrough (tests/golden/board.txt) must replay line for line.

A failure shows the first differing lines. If the rules, the layout or the bots changed on purpose,
run ``python tests/golden/regenerate_board.py`` and review the diff of the text file.
"""
import difflib
import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "golden_regenerate_board", Path(__file__).parent / "golden" / "regenerate_board.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


def test_golden_playthrough():
    expected = golden.PATH.read_text(encoding="utf-8")
    actual = golden.playthrough()
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden", "now",
                                    lineterm="", n=2)
        pytest.fail("The game no longer replays as recorded:\n" + "\n".join(list(diff)[:40]))


def test_golden_game_shows_every_kind_of_turn_and_ends_with_a_line():
    text = golden.PATH.read_text(encoding="utf-8")
    for kind in ("FirstPlayerChosen", "BoardCardDrawn", "MarkerPlaced", "BoardCardDiscarded",
                 "LineCompleted", "BoardGameOver"):
        assert kind + " " in text, kind
    for move in (": draw", ": play ", ": discard "):
        assert move in text, move
