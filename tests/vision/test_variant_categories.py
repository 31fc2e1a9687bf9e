"""The game's other boards in the categories where they were hardest to read.

Each case is a synthetic shot the reader refused before the mechanism named
beside it: a line map closed out to the image's edge, the outline reaching
into the cells past the lines, a bridge's tile meeting a wide line, a line
dimmer than the lines taken for a wall by its ink.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell, link
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._lattice import line_maps
from flowbot.vision._outline_reach import outline_off, outline_sides, reach
from flowbot.vision._types import Features


@pytest.mark.parametrize(
    ("category", "seed", "variant", "why"),
    [
        ("tiny_cells", 300007, "warps", "an outline 5 px inside a tight crop: lines closed to it"),
        ("tiny_cells", 300012, "warps", "an outline 5 px inside a tight crop: lines closed to it"),
        ("zoomed", 300029, "warps", "a corner cell's outline, blurred: a mark in the cell"),
        ("zoomed", 300020, "warps", "a corner cell's outline, blurred: a mark in the cell"),
        ("zoomed", 300010, "walls", "a corner cell's outline, blurred: its ring the outline's"),
        ("zoomed", 300006, "bridges", "a tile meeting a wide line of nearly its grey"),
        ("zoomed", 300018, "bridges", "a tile meeting a wide line of nearly its grey"),
        ("phone", 340006, "holes", "dots beside half the outline's sides: nothing painted"),
        ("mirror", 300024, "walls", "lines in a light shaft: more ink, a dimmer top: no wall"),
        ("tiny_cells", 6620002, "walls", "a cloud's cell 6.1 Lab from the next: no dot"),
        ("zoomed", 6620006, "walls", "text's strokes boxing cells past the grid: not the board"),
    ],
)
def test_hard_categories_read_exactly(category: str, seed: int, variant: str, why: str) -> None:
    shot = sample(category, seed, variant)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical(), why


def test_a_line_stopping_short_of_the_image_s_edge_is_not_carried_to_it() -> None:
    # A horizontal line from x = 3 on, and one from the very edge: the first keeps
    # its end (the image's edge is no line), the second every pixel it has.
    image = np.zeros((40, 60), np.uint8)
    image[10, 3:] = 200
    image[30, :] = 200
    maps = line_maps(image, 10, edge_open=True)
    assert maps.horizontal[10, :3].sum() == 0
    assert maps.horizontal[10, 3:].all()
    assert maps.horizontal[30].all()


def _outlined_board(outline_px: int) -> tuple[np.ndarray, BoardGeometry]:
    """A 5x5 board of 30 px cells, 1 px lines, its frame ``outline_px`` wide, blurred."""
    pitch, size = 30, 5
    image = np.zeros((200, 200, 3), np.uint8)
    at = [20 + pitch * k for k in range(size + 1)]
    for x in at[1:-1]:
        image[at[0] : at[-1], x] = (110, 90, 60)
        image[x, at[0] : at[-1]] = (110, 90, 60)
    half = outline_px // 2
    for x in (at[0], at[-1]):
        image[at[0] - half : at[-1] + half + 1, x - half : x + half + 1] = (245, 212, 147)
        image[x - half : x + half + 1, at[0] - half : at[-1] + half + 1] = (245, 212, 147)
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    geometry = BoardGeometry(tuple(float(x) for x in at), tuple(float(y) for y in at))
    return image, geometry


def test_an_outline_reaching_past_the_lines_is_painted_over_in_the_cells() -> None:
    image, geometry = _outlined_board(outline_px=9)
    features = Features()
    outline, lines = outline_sides(geometry, features)
    assert len(outline) == 20  # the frame, from its 20 cells
    assert len(lines) == 80  # 40 lines, seen from both their cells
    assert reach(image, outline, 30) >= reach(image, lines, 30) + 2
    shown = outline_off(image, geometry, features)
    # In the cells beside the frame, 4 px in from its middle: the ground again.
    assert image[65, 24].max() > 150
    assert shown[65, 24].max() < 10
    # Its middle kept, and the rest of the board as drawn.
    assert (shown[65, 20] == image[65, 20]).all()
    assert (shown[35:140, 35:140] == image[35:140, 35:140]).all()


def test_an_outline_as_narrow_as_the_lines_is_left_as_drawn() -> None:
    image, geometry = _outlined_board(outline_px=1)
    assert outline_off(image, geometry, Features()) is image


def test_a_warp_s_opening_is_no_outline_side() -> None:
    geometry = BoardGeometry(
        tuple(float(x) for x in range(0, 60, 10)), tuple(float(y) for y in range(0, 60, 10))
    )
    warps = frozenset({link(Cell(2, 0), Cell(2, 4))})
    outline, _ = outline_sides(geometry, Features(warps=warps))
    assert len(outline) == 18
    assert not any(s.vertical and s.at in (0.0, 50.0) and s.lo == 20.0 for s in outline)
