"""Small display helpers shared by the notebooks, one meaning per name.

The notebooks show positions, moves and results in the words the tables use. These helpers
keep that in one place, so a name means the same thing in every notebook:

- ``say(events)`` prints what happened, one sentence a line, as the table says it;
- ``legal(state)`` lists the legal moves as text ("AS +11");
- ``cards(hand)`` writes cards as move text ("QS QH 6D"); ``cards_in_words(hand)`` says them
  ("the Queen of Spades, ...");
- ``table(rows, columns)`` shows records (standings, effects, penalties...) as a table instead
  of their raw ``repr``;
- ``board(state)`` prints The Game of 99's board as a grid.

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=2).setup(count=27, hands=["6C 9D", "KH 3S"])
>>> legal(state)
['6C', '9D']
>>> say(state.play("6C"), you=0)
You play the 6 of Clubs. The count is 33.
You land on 33: Seat 1 loses a token.
You draw the 2 of Clubs.
>>> cards(state.hands[1])
'KH 3S'
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


def say(events, you: int | None = None, names=None) -> None:
    """Print what ``events`` tell, one sentence a line, exactly as the tables and terminal say it."""
    from .text import narrate
    for line in narrate(events, you=you, names=names):
        print(line)


def legal(state) -> list[str]:
    """The legal moves of ``state`` as text, in the engine's order."""
    return [str(move) for move in state.legal_moves()]


def cards(hand: Iterable) -> str:
    """Cards as the short text moves use: 'QS QH 6D'."""
    return " ".join(str(card) for card in hand)


def cards_in_words(hand: Iterable) -> str:
    """Cards as a player hears them: 'the Queen of Spades, the 6 of Diamonds'."""
    from .text import card_name
    return ", ".join(card_name(card) for card in hand)


def table(rows: Sequence[Any], columns: Sequence[str] | None = None, **headings: str):
    """Records shown as a Markdown table: one row per record, one column per field.

    ``rows`` are dataclasses, named tuples, dicts or plain sequences; ``columns`` picks and orders
    the fields (all of them by default); ``headings`` renames a column (``seat="who"``).

    >>> from ninetynine.core import Standing
    >>> print(table([Standing(1, 0, 3), Standing(2, 1, 0)], ["seat", "rank", "score"],
    ...             rank="place").data)
    | seat | place | score |
    | --- | --- | --- |
    | 0 | 1 | 3 |
    | 1 | 2 | 0 |
    """
    from IPython.display import Markdown
    records = [_as_dict(row) for row in rows]
    columns = list(columns or (records[0].keys() if records else []))
    lines = ["| " + " | ".join(headings.get(c, c.replace("_", " ")) for c in columns) + " |",
             "| " + " | ".join("---" for _ in columns) + " |"]
    lines += ["| " + " | ".join(_cell(record.get(c)) for c in columns) + " |" for record in records]
    return Markdown("\n".join(lines))


def _as_dict(row) -> dict:
    if isinstance(row, dict):
        return row
    fields = getattr(row, "__dataclass_fields__", None)
    if fields is not None:
        return {name: getattr(row, name) for name in fields}
    if hasattr(row, "_asdict"):
        return row._asdict()
    return {str(index): value for index, value in enumerate(row)}


def _cell(value) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(_cell(v) for v in value) or "-"
    if value is None:
        return "-"
    return str(value).replace("|", "\\|")


def board(state) -> None:
    """Print The Game of 99's board: each square's number, then X for seat 0's marker, O for
    seat 1's (further seats by their letters), or . for an empty square."""
    from .board.text import board_grid
    for line in board_grid(state.owner, state.players):
        print(line)
