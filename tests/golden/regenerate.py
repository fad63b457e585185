"""Golden playthroughs: one seeded game per rule set, written as readable text.

Each file is the whole game, one line per move (``> seat 0: 6C``) followed by one line per event
it caused (its name and fields). ``tests/test_counting_golden.py`` replays the same games and diffs
them against these files, so any change in the rules shows up as a readable diff.

After a deliberate rule change, regenerate the files and read the diff before committing:

    python tests/golden/regenerate.py
"""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import ninetynine as nn  # noqa: E402

#: rule set -> (options, seed); small tables keep the files short enough to read
GAMES = {
    "quentin_c": ({"players": 3}, 1),
    "rs_games": ({"players": 3, "tokens": 3}, 2),
    "classic": ({"players": 4}, 3),
    "taiwanese": ({"players": 4, "rounds": 2}, 4),
}


def line(event) -> str:
    """One event as a compact line: ``CardPlayed seat=0 card=6C amount=None old=27 new=33``."""
    fields = []
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if isinstance(value, tuple):
            value = "(" + " ".join(str(item) for item in value) + ")"
        fields.append(f"{field.name}={value}")
    return " ".join([type(event).__name__, *fields])


def playthrough(name: str) -> str:
    """The text of the golden game of rule set ``name``."""
    options, seed = GAMES[name]
    state = nn.make(name, **options).new_game(seed=seed)
    chooser = random.Random(seed)
    lines = [f"# {name} {options} seed={seed}; moves chosen by random.Random({seed})"]
    lines += [line(event) for event in state.history]
    while not state.is_over:
        move = chooser.choice(state.legal_moves())
        lines.append(f"> seat {state.to_move}: {move}")
        lines += [line(event) for event in state.play(move)]
    lines.append(f"# standings: {', '.join(str(s) for s in state.standings())}")
    return "\n".join(lines) + "\n"


def path_of(name: str) -> Path:
    return HERE / f"{name}.txt"


def main() -> None:
    for name in GAMES:
        path_of(name).write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path_of(name)}")


if __name__ == "__main__":
    main()
