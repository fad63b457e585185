"""Small display helpers shared by the notebooks, one meaning per name.

The notebooks show positions, moves and results in the words the tables use. These helpers
keep that in one place, so a name means the same thing in every notebook:

- ``say(events)`` prints what happened, one sentence a line, as the table says it;
- ``legal(state)`` lists the legal moves as text ("AS +11");
- ``cards(hand)`` writes cards as move text ("QS QH 6D"); ``cards_in_words(hand)`` says them
  ("the Queen of Spades, ...");
- ``table(rows, columns)`` shows records (standings, effects, penalties...) as a table instead
  of their raw ``repr``;
- ``board(state)`` prints The Game of 99's board as a grid;
- ``count_after(count, move)`` is the count right after one card, read from the engine;
- ``try_move(state, move)`` plays a move on a copy and says what happens;
- ``play_out(state, seed)`` plays random legal moves to the end of the game.

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
    from .board.words import board_grid
    for line in board_grid(state.owner, state.players):
        print(line)


def count_after(count: int, move: str, rules: str = "quentin_c") -> int:
    """The count right after a player plays ``move`` (text such as '7C' or 'AS +11') at ``count``.

    It sets up a two-player position of ``rules`` where seat 0 holds just that card, plays it,
    and reads the first event, the ``CardPlayed`` record (``old`` is the count before, ``new``
    after). A bust ends the round, but the event still holds the count the card made.

    >>> count_after(20, "7C"), count_after(20, "AS +11"), count_after(51, "2S")
    (27, 31, 102)
    """
    from .core import make
    state = make(rules, players=2).setup(count=count, hands=[move.split()[0], ""])
    return state.play(move)[0].new


def try_move(state, move):
    """Play ``move`` on a copy of ``state``, say what happens to the player who moves (as "you"),
    and return the copy: ``state`` itself does not change.

    >>> import ninetynine as nn
    >>> state = nn.make("quentin_c", players=2).setup(count=27, hands=["KH 9D", "3S 4S"])
    >>> trial = try_move(state, "KH")
    You play the King of Hearts. The count is 37.
    You pass 33 and lose a token.
    You draw the 2 of Clubs.
    >>> state.count, trial.count
    (27, 37)
    """
    trial = state.copy()
    say(trial.play(move), you=state.to_move)
    return trial


def play_out(state, seed: int) -> list:
    """Play random legal moves until the game is over and return every event they caused.

    The moves come from a generator of its own, seeded with ``seed``, so the same state and seed
    play the same game every time.

    >>> import ninetynine as nn
    >>> state = nn.make("quentin_c", players=3, tokens=1).new_game(seed=1)
    >>> events = play_out(state, seed=1)
    >>> state.is_over, type(events[-1]).__name__
    (True, 'GameOver')
    """
    import random
    rng, events = random.Random(seed), []
    while not state.is_over:
        events += state.play(rng.choice(state.legal_moves()))
    return events
