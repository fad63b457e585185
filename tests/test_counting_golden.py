"""Each rule set's golden playthrough (tests/golden/*.txt) must replay line for line.

A failure shows the first differing lines. If the rules changed on purpose, run
``python tests/golden/regenerate.py`` and review the diff of the text files.
"""
import difflib
import importlib.util
import re
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "golden_regenerate", Path(__file__).parent / "golden" / "regenerate.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("name", golden.GAMES)
def test_golden_playthrough(name):
    expected = golden.path_of(name).read_text(encoding="utf-8")
    actual = golden.playthrough(name)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden", "now",
                                    lineterm="", n=2)
        pytest.fail("The game no longer replays as recorded:\n" + "\n".join(list(diff)[:40]))


def test_golden_games_cover_every_kind_of_turn():
    text = "".join(golden.path_of(name).read_text(encoding="utf-8") for name in golden.GAMES)
    for kind in ("TokensLost", "PlayerSkipped", "DirectionReversed", "PlayerEliminated",
                 "RoundOver", "GameOver", "OrderDrawn", "NextPlayerChosen", "PlayerFinished",
                 "PlayerOut", "PlayerLastInRound", "DeckRanOut"):
        assert re.search(rf"^{kind}( |$)", text, re.MULTILINE), kind
