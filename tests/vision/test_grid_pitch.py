"""A grid that is a board's own lines at a whole multiple or fraction of its pitch.

Drawn pipes break a small board's lines in a shrunk copy, and the line search
may take every second or third line for a grid of its own; the dots' rows, or a
finished board's pipes' edges, pass for lines between the board's. Such a grid
lies on the board's lines and is no other board (``board_at_other_pitch``):
the choice among doubted grids, the outlined stage's candidates and its choice
among boards read all ask it.
"""

from __future__ import annotations

from flowbot.vision._grid import board_at_other_pitch
from flowbot.vision._lattice import Lattice


def _grid(x: float, y: float, pitch: float, cols: int, rows: int | None = None) -> Lattice:
    rows = cols if rows is None else rows
    return Lattice(
        tuple(x + pitch * i for i in range(cols + 1)), tuple(y + pitch * i for i in range(rows + 1))
    )


# A preview's board (44 px cells) and grids found over it (synthetic holes preview 300001
# solved): its pipes' edges, half its pitch apart, two pixels off its lines.
BOARD = _grid(812, 1968, 44, 5)


def test_the_board_at_half_its_pitch_is_the_board() -> None:
    half = _grid(810, 1968, 22, 10)
    assert board_at_other_pitch(half, BOARD)
    assert board_at_other_pitch(BOARD, half)
    # Over part of the board only: still its lines (passed over as no other board).
    part = _grid(810, 1968, 22, 10, 6)
    assert board_at_other_pitch(part, BOARD)
    assert not board_at_other_pitch(BOARD, part)  # the board is not within the part


def test_every_second_or_third_line_of_the_board_is_the_board() -> None:
    fine = _grid(100, 200, 10, 12)
    for step in (2, 3):
        coarse = _grid(100, 200, 10 * step, 12 // step)
        assert board_at_other_pitch(coarse, fine)
    # A line or two off, as in a shrunk copy.
    assert board_at_other_pitch(_grid(101.5, 199, 20, 6), fine)


def test_a_grid_off_the_boards_lines_or_apart_from_it_is_another() -> None:
    fine = _grid(100, 200, 10, 12)
    assert not board_at_other_pitch(_grid(105, 200, 20, 6), fine)  # between its lines
    assert not board_at_other_pitch(_grid(100, 200, 15, 8), fine)  # no whole ratio
    assert not board_at_other_pitch(_grid(100, 200, 10, 5), fine)  # its pitch: a piece
    assert not board_at_other_pitch(_grid(400, 200, 20, 6), fine)  # beside it
    assert not board_at_other_pitch(_grid(20, 566, 207, 5), BOARD)  # a board beside
    assert not board_at_other_pitch(_grid(80, 180, 20, 8), fine)  # past its border
