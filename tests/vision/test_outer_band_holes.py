"""An outer row mostly of holes is no foreign band: its holes show the ground past the board.

Synthetic holes rectangular 3700001 solved (development data since spent): a
bottom row of five holes over a bright green glow and three cells, its median
ring the glow's, was taken for something beside the board lined up with its grid.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Cell, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cell_background import foreign_band

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_holes_are_left_out_of_an_outer_band() -> None:
    ring = np.zeros((6, 8, 3))
    ring[..., 0] = 10.0  # the board's dark ground
    holes = frozenset(Cell(5, c) for c in (0, 1, 3, 4, 6))
    for hole in holes:
        ring[hole.row, hole.col] = (80.0, -40.0, 40.0)  # bright green glow past the board
    assert foreign_band(ring) == ("row", 5)
    assert foreign_band(ring, holes) is None
    # The cells left in the band still judged.
    ring[5, 2] = ring[5, 5] = ring[5, 7] = (80.0, -40.0, 40.0)
    assert foreign_band(ring, holes) == ("row", 5)


def test_a_board_whose_bottom_row_is_mostly_holes_is_read() -> None:
    shot = sample("rectangular", 3700001, "holes", "solved")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_a_grid_one_cell_wide_has_its_rows_judged_alone() -> None:
    # A grid the square search found one column wide (the hexagonal tiny cells 11400006
    # started shot: an IndexError) has no column inside its outer one to compare: its
    # outer rows are still judged against the next ones in.
    ring = np.zeros((6, 1, 3))
    ring[..., 0] = 10.0
    for holes in (frozenset(), frozenset({Cell(2, 0)})):
        assert foreign_band(ring, holes) is None
    ring[0, 0] = (95.0, 0.0, 0.0)  # a white page's edge lined up with the grid
    assert foreign_band(ring) == ("row", 0)
    assert foreign_band(np.moveaxis(ring, 0, 1)) == ("column", 0)


def test_a_tiny_hexagonal_board_with_pipes_is_read_without_a_crash(
    reads_exactly: ReadsExactly,
) -> None:
    reads_exactly("tiny_cells", 11400006, "hex", "started")
