"""Another window's grid doubted for its cells before the board is found.

The search hands grids over best first; one whose cells hold something no dot
is (a picture's coloured square) must not refuse the whole screen when it
holds no dots like a board's: had the board come first, it would have been
passed over as no other board. A grid holding dots is a board the user may
mean: doubted, it still refuses the screen.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Puzzle, Solution
from flowbot.render import render_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._other_boards import most_board_like
from flowbot.vision._types import DEFAULT_SETTINGS, UnsureBoardError

#: The board to read: 6x6, 70 px cells, right of the other window.
_BOARD = Puzzle.from_grid(["A....B", "..C...", "......", ".D..A.", "......", "B.C..D"])
#: A larger board, drawn half solved (one pipe) where the grid paper is.
_OTHER = Puzzle.from_grid(
    ["A......B", "........", "..C..D..", "........", "C....D..", "........", "A.....EB", "E......."]
)


#: An 8x8 board of straight pairs, one to a row: drawn with all pipes but the last.
_ROWS = Puzzle.from_grid([f"{c}......{c}" for c in "ABCDEFGH"])


def _desktop(other: str) -> np.ndarray:
    """The board on a plain desktop, and left of it ``other``.

    "paper", "half_solved" or "one_pair_left".

    "paper": a dark 12x11 grid paper of 64 px cells (more cells than the
    board: the search hands it over first) holding a coloured square that
    fills a cell out to its lines, no flat dot. "half_solved": an 8x8 board
    of 80 px cells with one pipe drawn. "one_pair_left": an 8x8 board of 80
    px cells, every pair joined but one (two clear dots).
    """
    image = np.full((1080, 1920, 3), (90, 60, 140), np.uint8)
    board = render_board(_BOARD, cell_px=70)
    image[200 : 200 + board.shape[0], 1100 : 1100 + board.shape[1]] = board
    if other == "paper":
        x0, y0, p, cols, rows = 200, 120, 64, 11, 12
        image[y0 : y0 + rows * p + 1, x0 : x0 + cols * p + 1] = (32, 33, 36)
        image[y0 : y0 + rows * p + 1, x0 : x0 + cols * p + 1 : p] = (200, 200, 200)
        image[y0 : y0 + rows * p + 1 : p, x0 : x0 + cols * p + 1] = (200, 200, 200)
        corner = (x0 + 3 * p + 8, y0 + 5 * p + 8)
        cv2.rectangle(image, corner, (corner[0] + 48, corner[1] + 48), (230, 40, 200), -1)
    elif other == "one_pair_left":
        paths = tuple(tuple(Cell(r, c) for c in range(8)) if r < 7 else () for r in range(8))
        left = render_board(_ROWS, Solution(_ROWS, paths), cell_px=80)
        image[100 : 100 + left.shape[0], 150 : 150 + left.shape[1]] = left
    else:
        path = tuple(Cell(r, 0) for r in range(7))
        paths = tuple(path if k == 0 else () for k in range(len(_OTHER.pairs)))
        half = render_board(_OTHER, Solution(_OTHER, paths), cell_px=80)
        image[100 : 100 + half.shape[0], 150 : 150 + half.shape[1]] = half
    return image


def test_grid_paper_holding_a_picture_does_not_hide_the_board() -> None:
    reading = read_board(_desktop("paper"))
    assert reading.puzzle == _BOARD.canonical()


def test_a_half_solved_board_found_first_still_refuses_the_screen() -> None:
    # Read through its pipes, the half-solved board is another board beside
    # the one read: either reason refuses the screen.
    with pytest.raises(UnsureReadingError, match=r"pipe|two boards"):
        read_board(_desktop("half_solved"))


def test_a_board_with_one_pair_left_found_first_still_refuses_the_screen() -> None:
    # Two clear dots are fewer than make another board beside one read
    # (CLEAR_DOTS), but a grid doubted before any board was read refuses
    # the screen with one pair's worth: it may be the board, half solved
    # (read through its pipes, it is another board beside this one).
    with pytest.raises(UnsureReadingError, match=r"pipe|two boards"):
        read_board(_desktop("one_pair_left"))


def test_a_mirrored_board_beside_a_spreadsheet_is_read() -> None:
    # A 10x12 board mirrored on a 2560 px desktop; right of it a dark
    # spreadsheet's 13x4 grid is found first, its last row past the window's
    # edge, where the wallpaper fills the cells: no dot, nor any board's.
    shot = sample("mirror", 98860)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_the_refusal_is_about_the_grid_holding_dots() -> None:
    # A 6x7 board mirrored on a 2560 px desktop, a dark spreadsheet beside it
    # whose cells go on past the board's border. The spreadsheet's 10x12
    # grid, doubted first for lines drawn as walls, holds no dots: the
    # reason given is about the board, and the refusal carries its grid.
    # (The board itself is now read: the sheet's rules in step with two of
    # its rows outline no cell of it, being of their own colour. Its doubts
    # as they were met when it was refused, the board's grid found a column
    # off, taking in one of the spreadsheet's.)
    shot = sample("mirror", 77022)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
    pitch = 67.5
    sheet = BoardGeometry.uniform(
        left=258, top=300, width=12 * 58, height=10 * 58, rows=10, cols=12
    )
    board = BoardGeometry.uniform(
        left=894, top=410, width=7 * pitch, height=6 * pitch, rows=6, cols=7
    )
    walls = UnsureBoardError("some inner grid edges are drawn as walls", sheet)
    run_on = UnsureBoardError("grid lines run on past the board's border", board)
    doubts: list[tuple[UnsureBoardError, bool | None]] = [(walls, None), (run_on, None)]
    assert most_board_like(shot.image, doubts, DEFAULT_SETTINGS) is run_on


def test_a_board_flush_against_grid_paper_its_columns_go_on_is_read() -> None:
    # jpeg 100285 (development seed): the editor's columns continue the board's
    # exactly, its rows do not; the line search joins both windows into one
    # grid, refused. The true 10x10 overlaps it, out of step: no piece of it.
    shot = sample("jpeg", 100285)
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()
