"""The board layout is a reconstruction: these tests prove it has the two properties the source
demands - low numbers in the centre, and the blocking example of 72, 58, 20, 14 and 4."""
from ninetynine.board.layout import LAYOUT, POSITION, lines_of_five, longest_line_through, neighbours


def ring(square: int) -> int:
    """How far a square is from the centre: 0 for the middle 2 x 2 block, 4 for the edge."""
    row, col = POSITION[square]
    return max(abs(2 * row - 9), abs(2 * col - 9)) // 2


def test_every_number_appears_once_on_a_ten_by_ten_board():
    assert len(LAYOUT) == 10 and all(len(row) == 10 for row in LAYOUT)
    assert sorted(square for row in LAYOUT for square in row) == list(range(100))


def test_low_numbers_are_in_the_centre():
    # Each ring outward holds only higher numbers than the ring inside it.
    for square in range(100):
        for other in range(100):
            if ring(square) < ring(other):
                assert square < other, (square, other)
    assert {0, 1, 2, 3} == {square for square in range(100) if ring(square) == 0}


def test_the_sources_blocking_example_is_a_line_of_five():
    assert tuple(sorted((72, 58, 20, 14, 4))) in {tuple(sorted(line)) for line in lines_of_five()}


def test_holding_72_58_20_14_can_only_be_blocked_on_square_4():
    held = {72, 58, 20, 14}
    threatening = [line for line in lines_of_five() if held <= set(line)]
    assert [set(line) - held for line in threatening] == [{4}]


def test_lines_of_five_count_and_runs():
    # 10 rows x 6 + 10 columns x 6 + 2 diagonals x 6 x 6 = 192 lines of five.
    assert len(lines_of_five()) == 192
    line = longest_line_through(4, lambda square: square in {72, 58, 20, 14, 4})
    assert sorted(line) == [4, 14, 20, 58, 72]
    assert len(neighbours(0)) == 8 and len(neighbours(92)) == 3
