"""A tile in an empty cell, of nearly the glow's colour around it, is no empty cell.

A filled square over glow of its own colour leaves the cell's core and ring
alike (flow_edge_objects 97491: a dark-red square in a 109 px cell over
dark-red glow), and its edges lie past ``sharp_marks``' reach. Its outline
closes round the centre inside the lines, all four sides straight steps:
``check_tiles`` refuses it, and reads the same glow without it, and bands
whose hard edges cross the cell and go on past its lines (a real screen's
decorative bars).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, Puzzle
from flowbot.render import board_geometry, draw_board
from flowbot.screens.decoys import decoy
from flowbot.vision import read_board
from flowbot.vision._cell_marks import TILE_STEP, check_tiles
from flowbot.vision._cells import sample_cells
from flowbot.vision._marks import tile_outline

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 61
EMPTY = Cell(5, 5)
GLOW = np.array([120, 20, 20], np.float32)


def _board(*, tile: float | None, bars: bool = False) -> tuple[np.ndarray, object]:
    geometry = board_geometry(PUZZLE, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    image = draw_board(np.full((h, w, 3), 10, np.uint8), PUZZLE, geometry)
    centre = geometry.centre(EMPTY)
    # A soft band of glow along the bottom row, brightest through the cell.
    layer = np.zeros((h, w), np.float32)
    y = round(centre.y)
    cv2.line(layer, (round(centre.x - 3 * PX), y), (w, y), 1.0, PX)
    layer = cv2.GaussianBlur(layer, (0, 0), PX * 0.25)
    glow = np.clip(layer[:, :, None] * GLOW * 0.4 + 0.5, 0, 255).astype(np.uint8)
    image = np.maximum(image, glow)
    if bars:  # two hard-edged faint bars crossing at the cell, across the board
        image[:, round(centre.x - 0.3 * PX) : round(centre.x + 0.3 * PX)] += 8
        image[round(centre.y - 0.25 * PX) : round(centre.y + 0.25 * PX), :] += 8
    if tile is not None:
        s = tile * PX
        x0, y0 = round(centre.x - s), round(centre.y - s)
        x1, y1 = round(centre.x + s), round(centre.y + s)
        image[y0:y1, x0:x1] = np.round(GLOW * 0.75).astype(np.uint8)
    return image, geometry


@pytest.mark.parametrize("tile", [0.32, 0.4])
def test_a_tile_over_glow_of_its_colour_is_refused(tile: float) -> None:
    image, geometry = _board(tile=tile)
    assert tile_outline(image, geometry, [EMPTY])[0] >= TILE_STEP
    with pytest.raises(UnsureReadingError, match=r"cell \(5, 5\) holds a tile"):
        check_tiles(sample_cells(image, geometry), image, geometry, set(PUZZLE.dots()))


@pytest.mark.parametrize("bars", [False, True])
def test_glow_and_bars_crossing_the_board_are_read(bars: bool) -> None:
    image, geometry = _board(tile=None, bars=bars)
    assert tile_outline(image, geometry, [EMPTY])[0] < TILE_STEP
    check_tiles(sample_cells(image, geometry), image, geometry, set(PUZZLE.dots()))
    assert read_board(image).puzzle == PUZZLE


def test_the_dark_red_tile_over_glow_is_refused() -> None:
    # Flat and fainter than a dot, no crisp disc, over the ground's noise: refused as a
    # cell in doubt before the tile rule sees it (``_cell_dots._blurred_discs``).
    with pytest.raises(UnsureReadingError, match=r"cell \(0, 14\) holds a (tile|dot)"):
        read_board(decoy("flow_edge_objects", 97491).image)
