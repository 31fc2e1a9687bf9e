"""A pop-up laid over a board's edge rows: the rows left in view are no whole board."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Puzzle
from flowbot.render import draw_board
from flowbot.vision import read_board

PX = 80
#: Seven rows of dots; the board's other two rows are empty.
DOTS = ["A...B...C", ".........", "C....D...", ".E...E...", "..D..F..A", "........F", "...B....."]


def _phone_board(puzzle: Puzzle) -> tuple[np.ndarray, BoardGeometry]:
    """A 9x9 board the phone's full width: its outer lines at the image's edges."""
    xs = tuple(0.5 + PX * k for k in range(puzzle.cols + 1))
    ys = tuple(4.0 * PX + PX * k for k in range(puzzle.rows + 1))
    canvas = np.zeros((round(ys[-1] + 4 * PX), round(xs[-1] + 1), 3), np.uint8)
    geometry = BoardGeometry(xs, ys)
    return draw_board(canvas, puzzle, geometry), geometry


def _pop_up(image: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """A light box with a grey frame laid over ``image`` (a copy)."""
    out = image.copy()
    corners = (round(x0), round(y0)), (round(x1), round(y1))
    cv2.rectangle(out, *corners, (245, 245, 245), -1, cv2.LINE_AA)
    cv2.rectangle(out, *corners, (200, 200, 200), 3, cv2.LINE_AA)
    return out


def test_the_plain_boards_are_read_whole() -> None:
    # Guard for the two tests below: without the pop-up both read exactly.
    for grid in (DOTS + ["........."] * 2, ["........."] * 2 + DOTS):
        puzzle = Puzzle.from_grid(grid)
        image, _ = _phone_board(puzzle)
        assert read_board(image).puzzle == puzzle.canonical()


def test_a_pop_up_over_the_last_rows_is_refused() -> None:
    # The pop-up covers row 7 from 0.79 pitch down and all of row 8; only
    # strips 0.55 pitch wide show at both ends. The grid found ends at line
    # 8 (under the pop-up), as the inner lines stop 0.2 pitch short of it:
    # read as 8x9 before. Every inner line ends at the pop-up's edge.
    image, g = _phone_board(Puzzle.from_grid(DOTS + ["........."] * 2))
    covered = _pop_up(image, 0.55 * PX, g.ys[7] + 0.79 * PX, g.xs[-1] - 0.55 * PX, g.ys[-1] + PX)
    with pytest.raises(UnsureReadingError, match="lines end together short of its bottom border"):
        read_board(covered)


def test_a_pop_up_over_the_first_rows_is_refused() -> None:
    # The pop-up covers rows 0-1 and ends 0.12 pitch above line 2: the grid
    # found starts there, its inner lines going on past it as stubs up to
    # the pop-up's edge, too short for a run-on: read as 7x9 before.
    image, g = _phone_board(Puzzle.from_grid(["........."] * 2 + DOTS))
    covered = _pop_up(image, 0, g.ys[0] + 0.05 * PX, g.xs[-1] - 0.4 * PX, g.ys[2] - 0.12 * PX)
    with pytest.raises(UnsureReadingError, match="lines end together past its top border"):
        read_board(covered)


@pytest.mark.parametrize("along", [-0.04, 0.0, 0.04])
def test_a_pop_up_whose_edge_lies_along_a_line_is_refused(along: float) -> None:
    # The pop-up's top edge lies along line 8 (give or take 0.04 pitch): the
    # lines crossing it end there as at a border, and the grid found is the
    # 8x9 above it (read before). Beside the pop-up, strips 0.3 pitch wide
    # show the outline going on: the outer line down to the next line, and
    # that line by the corner.
    image, g = _phone_board(Puzzle.from_grid(DOTS + ["........."] * 2))
    top = g.ys[8] + along * PX
    covered = _pop_up(image, 0.3 * PX, top, g.xs[-1] - 0.3 * PX, g.ys[-1] + 0.35 * PX)
    with pytest.raises(UnsureReadingError, match="outline goes on a cell past its bottom border"):
        read_board(covered)
