"""Soft glow in a large cell is no mark drawn there; drawn marks stay marks at any scale.

``sharp_marks`` compares samples a tenth of a pitch apart. In a cell of
hundreds of pixels that is tens of pixels, over which the edge of a glow
pipe (about 12 px wide on a phone's screen) changes as much as a drawn
line: ``check_marks`` then looks at the step pixel by pixel, against the
dots' rims.
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
from flowbot.vision._cell_marks import SHARP_MARK, check_marks
from flowbot.vision._marks import sharp_marks

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 240
EMPTY = Cell(2, 4)


def _glow_band(px: float) -> tuple[np.ndarray, object]:
    """The board in ``px`` cells on black, a soft grey glow band across ``EMPTY`` above its centre.

    Its edges fade as the game's glow does on a phone's screen: a Gaussian
    blur of 4 px (about 10 px from ground to band), whatever the cells' size.
    """
    geometry = board_geometry(PUZZLE, cell_px=px)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    centre = geometry.centre(EMPTY)
    ground = np.zeros((h, w), np.float32)
    top, bottom = round(centre.y - 0.3 * px), round(centre.y - 0.05 * px)
    ground[top:bottom, round(centre.x - 0.45 * px) : round(centre.x + 1.5 * px)] = 90
    ground = cv2.GaussianBlur(ground, (0, 0), 4.0)
    image = np.repeat(np.clip(ground + 0.5, 0, 255).astype(np.uint8)[:, :, None], 3, axis=2)
    return draw_board(image, PUZZLE, geometry), geometry


def _rails(image: np.ndarray, centre: tuple[float, float], px: float, grey: int) -> None:
    """A bridge's upper deck: two thin light rails across the cell, 0.25 pitch off its centre."""
    x, y = centre
    for d in (-0.25 * px, 0.25 * px):
        a, b = (round(x - 0.4 * px), round(y + d)), (round(x + 0.4 * px), round(y + d))
        cv2.line(image, a, b, (grey,) * 3, max(1, round(0.05 * px)), cv2.LINE_AA)


def test_a_soft_glow_band_in_a_large_cell_is_no_mark() -> None:
    image, geometry = _glow_band(PX)
    # Over a tenth of a 240 px pitch its edge looks as sharp as a drawn one.
    assert sharp_marks(image, geometry)[EMPTY] >= SHARP_MARK
    check_marks(image, geometry, set(PUZZLE.dots()))


@pytest.mark.parametrize("scale", [1.0, 2.0, 3.0])
def test_rails_stay_marks_however_enlarged(scale: float) -> None:
    # Enlarged with smoothing, rails are as wide as the glow's edge (3 times:
    # 3.7 px); the dots' rims widen as much, so the rails stay drawn.
    image, geometry = _glow_band(PX // 2)
    centre = geometry.centre(EMPTY)
    _rails(image, (centre.x, centre.y), PX // 2, 120)
    if scale != 1.0:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
        geometry = geometry.shifted(0.0, 0.0, scale)
    with pytest.raises(UnsureReadingError, match=r"cell \(2, 4\) holds something drawn"):
        check_marks(image, geometry, set(PUZZLE.dots()))


def test_a_glow_pipe_in_a_phone_screens_large_cells_is_read() -> None:
    # drift 99728: a 5x5 board across a 1440 px screen (287 px cells); a grey
    # glow pipe crosses cells (0, 2) and (0, 3), its edges 10-13 px wide
    # where the dots' rims are 1.5: refused for marks before.
    shot = sample("drift", 99728)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_glow_pipes_end_in_a_phone_screen_shrunk_into_a_mirror_window_is_read() -> None:
    # warps mirror 5100004: a phone's screen mirrored at 0.4 times; a glow
    # pipe's round end lies in cell (2, 0) beside a warp, its edges 3.9 px
    # where the dots' rims are 1.4 (2.75 rims: shrinking narrows the glow's
    # edge, not a drawn one's): refused as "something drawn" before.
    shot = sample("mirror", 5100004, "warps")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
