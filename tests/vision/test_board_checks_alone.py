"""``check_alone``: another window's rules joined with the board's lines into one grid.

An editor's grid paper flush against a mirror window's board can have its
columns in step with the board's and its rows not: the line search then finds
one grid over both windows, its rows the editor's, drawn over the board where
no such rows are. That grid is no wall or shape of the board; one whose rows
are drawn across the board is.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.vision._board_lines import check_alone
from flowbot.vision._lattice import Lattice, LineMaps
from flowbot.vision._types import GridsMeetError

#: The board: 10x10 cells of 14 px from (20, 20); the editor's columns go on
#: its own past its right border, its rows 15 px apart over a taller window.
_BOARD_XS = tuple(20.0 + 14 * k for k in range(11))
_BOARD_YS = _BOARD_XS
_ALL_XS = tuple(20.0 + 14 * k for k in range(27))
_EDITOR_YS = tuple(5.0 + 15 * k for k in range(13))
#: Line coverage a line needs to be seen (``LineSettings.line_coverage``).
_LEVEL = 0.6


def _maps(*, rows_across_board: bool) -> LineMaps:
    vertical = np.zeros((200, 420), np.uint8)
    horizontal = np.zeros_like(vertical)
    for x in _BOARD_XS:
        vertical[20:161, int(x)] = 1
    for x in _ALL_XS[10:]:
        vertical[5:186, int(x)] = 1
    for y in _BOARD_YS:
        horizontal[int(y), 20:161] = 1
    for y in _EDITOR_YS:
        horizontal[int(y), 20 if rows_across_board else 160 : 385] = 1
    return LineMaps(vertical, horizontal, 40 * vertical, 40 * horizontal)


def test_a_grid_joined_over_the_board_from_another_windows_rules_is_no_other_grid() -> None:
    board = Lattice(_BOARD_XS, _BOARD_YS)
    joined = Lattice(_ALL_XS, _EDITOR_YS)
    check_alone(board, [joined], _maps(rows_across_board=False), _LEVEL)


def test_an_out_of_step_grid_drawn_across_the_board_still_meets_it() -> None:
    board = Lattice(_BOARD_XS, _BOARD_YS)
    joined = Lattice(_ALL_XS, _EDITOR_YS)
    with pytest.raises(UnsureReadingError, match="several grids"):
        check_alone(board, [joined], _maps(rows_across_board=True), _LEVEL)


def test_a_grid_reaching_less_than_a_cell_over_the_board_with_its_row_unseen_is_none() -> None:
    # The line search joined the board's last inner line with a spreadsheet's
    # text and rules beside it: a grid of 16 px cells out of step with the
    # board's 14 px ones, over its top right corner by under one of its
    # cells, its one row there drawn nowhere on the board (classic jpeg
    # 4700004 started: 30.7 px cells over 27.9 px ones, 17 by 28 px over).
    board = Lattice(_BOARD_XS, _BOARD_YS)
    corner = Lattice((146.0, 162.0, 178.0), (-2.0, 14.0, 30.0))
    check_alone(board, [corner], _maps(rows_across_board=False), _LEVEL)
    # Its row drawn across the board: it meets the board.
    maps = _maps(rows_across_board=False)
    maps.horizontal[30, 20:161] = 1
    with pytest.raises(UnsureReadingError, match="several grids"):
        check_alone(board, [corner], maps, _LEVEL)


def _board_and_middles_maps() -> LineMaps:
    """The board's lines, and pipes along its cells' middles across the board (as a shrunk
    copy shows them: lines)."""
    vertical = np.zeros((200, 200), np.uint8)
    horizontal = np.zeros_like(vertical)
    for x in _BOARD_XS:
        vertical[20:161, int(x)] = 1
    for y in _BOARD_YS:
        horizontal[int(y), 20:161] = 1
    for y in _BOARD_YS[5:10]:
        horizontal[int(y) + 7, 20:161] = 1
    return LineMaps(vertical, horizontal, 40 * vertical, 40 * horizontal)


def test_the_boards_columns_crossed_with_pipes_along_its_cells_middles_are_no_other_grid() -> None:
    # Pipes along the cells' middles pass for lines in a shrunk copy, joined with the
    # board's columns into a grid half a cell out of step, its last row just past the
    # board (walls jpeg 5500000 solved).
    board = Lattice(_BOARD_XS, _BOARD_YS)
    piped = Lattice(_BOARD_XS[6:9], tuple(y + 7 for y in _BOARD_YS[5:11]))
    check_alone(board, [piped], _board_and_middles_maps(), _LEVEL)


def test_a_grid_a_third_of_a_cell_out_of_step_drawn_across_the_board_still_meets_it() -> None:
    board = Lattice(_BOARD_XS, _BOARD_YS)
    off = Lattice(_BOARD_XS[6:9], tuple(y + 4.5 for y in _BOARD_YS[5:11]))
    maps = _board_and_middles_maps()
    for y in off.ys:
        maps.horizontal[int(y), 20:161] = 1
    with pytest.raises(GridsMeetError) as refused:
        check_alone(board, [off], maps, _LEVEL)
    assert not refused.value.in_step


def test_a_piece_of_the_boards_own_lattice_beside_it_meets_it_in_step() -> None:
    # Pipes crossing a finished board's faint lines break them into pieces on one
    # lattice: the search grows such a piece (``_search._checked``), not one out of step.
    piece = Lattice(_BOARD_XS[:5], _BOARD_YS)
    rest = Lattice(_BOARD_XS[5:], _BOARD_YS)
    with pytest.raises(GridsMeetError) as refused:
        check_alone(piece, [rest], _board_and_middles_maps(), _LEVEL)
    assert refused.value.in_step
