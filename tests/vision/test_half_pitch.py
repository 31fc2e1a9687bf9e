"""A grid found at half the board's pitch, pipes along the cells' middles taken for lines.

Refused for missing edges on every other line alone, its even lines are the
board's (``_half_pitch.every_second_line``); missing edges on the board's
own lines, or an odd count of cells, leave it refused.
"""

from __future__ import annotations

import numpy as np

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._half_pitch import every_second_line
from flowbot.vision._lattice import Lattice
from flowbot.vision._types import MissingEdgesError


def _lattice(cells: int, pitch: float = 10.0) -> Lattice:
    lines = tuple(5.0 + pitch * k for k in range(cells + 1))
    return Lattice(lines, lines)


def _missing(cells: int, lines: list[int]) -> MissingEdgesError:
    """Edges missing along the inner ``lines`` (1-based, as drawn), both ways."""
    flags = np.zeros((cells - 1, cells), bool)
    for line in lines:
        flags[line - 1, ::3] = True
    return MissingEdgesError(flags, flags.copy())


def test_a_finished_board_in_small_cells_read_through_a_grid_at_half_its_pitch() -> None:
    shot = sample("jpeg", 300068, "bridges", "solved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_every_second_line_is_the_board_where_only_the_lines_between_are_missing() -> None:
    doubled = every_second_line(_lattice(22), _missing(22, [1, 5, 13, 21]), 3)
    assert doubled is not None
    assert doubled.xs == _lattice(11, 20.0).xs
    assert doubled.ys == _lattice(11, 20.0).ys


def test_missing_edges_on_the_boards_own_lines_leave_the_grid_refused() -> None:
    assert every_second_line(_lattice(22), _missing(22, [1, 4]), 3) is None
    # An odd count of cells puts a border on a pipe's line: no board.
    assert every_second_line(_lattice(21), _missing(21, [1, 3]), 3) is None
    # Missing one way only: the in-between lines the other way are whole, no pipes'.
    flags = np.zeros((21, 22), bool)
    flags[0, 3] = True
    one_way = MissingEdgesError(flags, np.zeros_like(flags))
    assert every_second_line(_lattice(22), one_way, 3) is None


def test_a_small_grid_at_twice_its_pitch_is_no_grid() -> None:
    # A 2x2 grid (text's, the board's lines beside it) taken by its even lines is one cell.
    assert every_second_line(_lattice(2), _missing(2, [1]), 3) is None
    shot = sample("colour_blind", 300033, "bridges", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()
