"""A word drawn dim in an empty cell is no empty cell, though fainter than ``SHARP_MARK``.

A pop-up's word over the board (flow_edge_objects 101005: "Hint" in dim
red) stands out from the ground less than a bridge's rails; the edge of a
glow pipe, enlarged or saved through JPEG, stands out as much and is as
crisp. The word's strokes run both ways, the pipe's edge one way:
``check_marks`` refuses the one and reads the other. Fainter still (97023:
"x2" and "Go" over glow in 41 px cells), the word's thin strokes are told
from JPEG's and small cells' noise by standing out of the board's own.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, Puzzle
from flowbot.render import board_geometry, draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cell_marks import (
    LINE_MARK,
    MARK_BOTH_WAYS,
    SHARP_MARK,
    TEXT_MARK,
    THIN_MARK,
    check_marks,
)
from flowbot.vision._marks import mark_shape, sharp_marks

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 81
EMPTY = Cell(5, 5)
GROUND = 12


def _board(px: int = PX) -> tuple[np.ndarray, object]:
    geometry = board_geometry(PUZZLE, cell_px=px)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    return draw_board(np.full((h, w, 3), GROUND, np.uint8), PUZZLE, geometry), geometry


def test_a_dim_word_in_an_empty_cell_is_refused() -> None:
    image, geometry = _board()
    centre = geometry.centre(EMPTY)
    at = (round(centre.x - 0.3 * PX), round(centre.y + 0.1 * PX))
    cv2.putText(image, "Hint", at, cv2.FONT_HERSHEY_SIMPLEX, 0.8, (50, 50, 50), 1, cv2.LINE_AA)
    assert TEXT_MARK <= sharp_marks(image, geometry)[EMPTY] < SHARP_MARK
    assert mark_shape(image, geometry, EMPTY).both_ways >= MARK_BOTH_WAYS
    with pytest.raises(UnsureReadingError, match=r"cell \(5, 5\) holds something drawn"):
        check_marks(image, geometry, set(PUZZLE.dots()))


def test_a_crisp_straight_edge_as_faint_is_read() -> None:
    # A lighter ground from right of the cell's centre on: one crisp edge
    # down the cell, as a glow pipe's saved through JPEG (jpeg 95040: 17.0).
    image, geometry = _board()
    centre = geometry.centre(EMPTY)
    image[:, round(centre.x + 0.1 * PX) :] = GROUND + 40
    image = draw_board(image, PUZZLE, geometry)
    assert TEXT_MARK <= sharp_marks(image, geometry)[EMPTY] < SHARP_MARK
    assert mark_shape(image, geometry, EMPTY).both_ways < MARK_BOTH_WAYS
    check_marks(image, geometry, set(PUZZLE.dots()))


def test_a_fainter_thin_word_in_small_cells_is_refused() -> None:
    # 41 px cells: the word's strokes are thinner than the samples' spacing.
    image, geometry = _board(41)
    centre = geometry.centre(EMPTY)
    at = (round(centre.x - 0.25 * 41), round(centre.y + 0.15 * 41))
    cv2.putText(image, "x2", at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (22, 22, 22), 1, cv2.LINE_AA)
    assert LINE_MARK <= sharp_marks(image, geometry)[EMPTY] < TEXT_MARK
    shape = mark_shape(image, geometry, EMPTY)
    assert shape.both_ways >= MARK_BOTH_WAYS
    assert shape.thin >= THIN_MARK
    with pytest.raises(UnsureReadingError, match=r"cell \(5, 5\) holds something drawn"):
        check_marks(image, geometry, set(PUZZLE.dots()))


@pytest.mark.parametrize(("category", "seed"), [("tiny_cells", 95011), ("jpeg", 95044)])
def test_thin_marks_both_ways_in_a_noisy_board_are_read(category: str, seed: int) -> None:
    # Thin marks both ways in one cell (4.4 and 5.0), the board's noise all
    # over: twice its 90th percentile, not LINE_NOISE times.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
