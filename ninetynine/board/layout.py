"""The board of The Game of 99: ten rows of ten squares numbered 0 to 99.

The real board's layout is not known: source 003 only says that "the low-numbered squares are in
the center of the board" and gives one example, "if you occupy squares numbered 72, 58, 20, and
14, your opponent will have to play 0, 1, 2, 3, or 4 card to block you on square number 4". So
72, 58, 20, 14 and 4 must form a line of five.

This table is the kit's RECONSTRUCTION that makes both true. The squares go round in rings
(clockwise), from 0-3 in the centre out to 64-99 on the edge, each ring starting where the
source's example needs it. ``tests/test_board_layout.py`` proves both properties.
"""
from __future__ import annotations

LAYOUT = (
    (92, 93, 94, 95, 96, 97, 98, 99, 64, 65),
    (91, 46, 47, 48, 49, 50, 51, 52, 53, 66),
    (90, 45, 32, 33, 34, 35, 16, 17, 54, 67),
    (89, 44, 31, 12, 13, 14, 15, 18, 55, 68),
    (88, 43, 30, 11, 0, 1, 4, 19, 56, 69),
    (87, 42, 29, 10, 3, 2, 5, 20, 57, 70),
    (86, 41, 28, 9, 8, 7, 6, 21, 58, 71),
    (85, 40, 27, 26, 25, 24, 23, 22, 59, 72),
    (84, 39, 38, 37, 36, 63, 62, 61, 60, 73),
    (83, 82, 81, 80, 79, 78, 77, 76, 75, 74),
)
SIZE = len(LAYOUT)

#: square number -> (row, column)
POSITION: dict[int, tuple[int, int]] = {
    square: (row, col) for row, line in enumerate(LAYOUT) for col, square in enumerate(line)
}

#: the four directions a line can run: along a row, down a column, and the two diagonals
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def square_at(row: int, col: int) -> int | None:
    """The square number at (row, col), or None off the board."""
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return LAYOUT[row][col]
    return None


def neighbours(square: int) -> list[int]:
    """The up to eight squares touching ``square``."""
    row, col = POSITION[square]
    found = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            other = square_at(row + dr, col + dc)
            if (dr or dc) and other is not None:
                found.append(other)
    return found


def lines_of_five() -> list[tuple[int, ...]]:
    """Every line of five adjacent squares in a row, column or diagonal (192 of them)."""
    lines = []
    for row in range(SIZE):
        for col in range(SIZE):
            for dr, dc in DIRECTIONS:
                squares = [square_at(row + i * dr, col + i * dc) for i in range(5)]
                if None not in squares:
                    lines.append(tuple(squares))
    return lines


def longest_line_through(square: int, owns) -> tuple[int, ...]:
    """The longest run of squares through ``square`` (in one direction) for which ``owns`` is true.

    ``owns(square) -> bool`` says whether a square counts (e.g. is held by the same team).
    """
    row, col = POSITION[square]
    best: tuple[int, ...] = (square,)
    for dr, dc in DIRECTIONS:
        run = [square]
        for sign in (1, -1):
            step = 1
            while True:
                other = square_at(row + sign * step * dr, col + sign * step * dc)
                if other is None or not owns(other):
                    break
                if sign == 1:
                    run.append(other)
                else:
                    run.insert(0, other)
                step += 1
        if len(run) > len(best):
            best = tuple(run)
    return best


def board_text(owner_mark) -> str:
    """The board as text, one row per line; ``owner_mark(square) -> str`` fills each cell."""
    return "\n".join(" ".join(owner_mark(square) for square in line) for line in LAYOUT)
