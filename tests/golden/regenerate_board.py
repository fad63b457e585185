"""The golden playthrough of The Game of 99: one seeded two-player game, heuristic against search.

The file ``tests/golden/board.txt`` is the whole game, one line per move (``> seat 0: play 37 on
52``) followed by one line per event it caused (its name and fields, as in the counting games'
files). ``tests/test_board_golden.py`` replays the game and diffs it against the file, so any change
in the rules, the layout or the two bots shows up as a readable diff.

After a deliberate change, regenerate the file and read the diff before committing:

    python tests/golden/regenerate_board.py
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import ninetynine as nn  # noqa: E402
from ninetynine.board.bots import SearchBot, heuristic_bot  # noqa: E402

# One event per line, exactly as the counting games' golden files write them.
_spec = importlib.util.spec_from_file_location("golden_regenerate", HERE / "regenerate.py")
_counting = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_counting)
line = _counting.line

PATH = HERE / "board.txt"
SEED = 35   # a game that shows every kind of turn: draws, plays, a discard and a line


def playthrough(seed: int = SEED) -> str:
    """The text of the golden game: seat 0 the heuristic bot, seat 1 a fresh SearchBot(seed=seed).

    A fresh search bot, not the shared ``search_bot``: that one keeps its random generator between
    games, so its choices would depend on whatever it played before.
    """
    bots = [heuristic_bot, SearchBot(seed=seed)]
    state = nn.make("board", players=2).new_game(seed=seed)
    lines = [f"# board {{'players': 2}} seed={seed}; seat 0 heuristic_bot, seat 1 SearchBot(seed={seed})"]
    lines += [line(event) for event in state.history]
    while not state.is_over:
        seat = state.to_move
        move = bots[seat](state.view(seat))
        lines.append(f"> seat {seat}: {move}   (legal moves: {len(state.legal_moves())})")
        lines += [line(event) for event in state.play(move)]
    lines.append(f"# standings: {', '.join(str(s) for s in state.standings())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    PATH.write_text(playthrough(), encoding="utf-8")
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
