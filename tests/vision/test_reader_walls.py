"""The game's walls: a bright double line along an inner edge is refused, not read as a line."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Puzzle
from flowbot.render import board_geometry, render_board
from flowbot.vision import read_board

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 80
MARGIN = 40


def _board() -> np.ndarray:
    image = render_board(PUZZLE, cell_px=PX)
    return cv2.copyMakeBorder(image, MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_CONSTANT)


def _double_wall(image: np.ndarray, gap: float) -> None:
    """Two tan lines ``gap`` pitches either side of inner vertical line 3, along rows 1-2."""
    g = board_geometry(PUZZLE, cell_px=PX).shifted(MARGIN, MARGIN)
    x = g.xs[3]
    for d in (-gap * PX, gap * PX):
        a, b = (round(x + d), round(g.ys[1])), (round(x + d), round(g.ys[3]))
        cv2.line(image, a, b, (225, 190, 140), 2)


def test_a_plain_board_is_read() -> None:
    assert read_board(_board()).puzzle == PUZZLE.canonical()


@pytest.mark.parametrize("gap", [0.05, 0.08])
def test_a_double_line_wall_is_refused(gap: float) -> None:
    image = _board()
    _double_wall(image, gap)
    with pytest.raises(UnsureReadingError, match="walls"):
        read_board(image)
