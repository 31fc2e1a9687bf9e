"""How a bridge tile's pieces are told from a flow and a frame: a flow running through a
tile is no dot's disc, and a thick frame by a corner cell is no mark (session 29's refusals,
read whole in test_variant_pipes_more.py)."""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._bridges import shows_disc
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import to_lab
from flowbot.vision._marks import sharp_marks
from flowbot.vision._rail_ends import runs_through

_LAVENDER = (170, 160, 210)


def _cell(band: str) -> tuple[np.ndarray, BoardGeometry]:
    """One 60 px cell: a grey tile (0.8 pitch) with light rails along the row 0.27 pitch
    from the middle, lavender within 10-16 Lab of them round the middle only, and
    ``band``: "through", a lavender flow along the row edge to edge over the deck; "one
    side", a lavender disc (radius 0.38 pitch) with its flow leaving by the left."""
    image = np.zeros((60, 60, 3), np.uint8)
    image[6:54, 6:54] = 100
    for y in (14, 46):
        image[y - 1 : y + 2, 6:54] = (178, 168, 190)  # 15.5 Lab from lavender
        image[y - 1 : y + 2, 18:42] = (172, 165, 200)  # 8.5
    yy, xx = np.mgrid[0:60, 0:60] + 0.5
    if band == "through":
        image[20:40, :] = _LAVENDER
    else:
        image[(xx - 30) ** 2 + (yy - 30) ** 2 <= (0.38 * 60) ** 2] = _LAVENDER
        image[20:40, :30] = _LAVENDER
    return image, BoardGeometry((0.0, 60.0), (0.0, 60.0))


def test_a_flow_through_a_cell_is_no_disc_and_a_dot_leaving_one_side_is() -> None:
    lavender = to_lab(np.array([[_LAVENDER]], np.uint8))[0, 0]
    corner = to_lab(np.array([[(100, 100, 100)]], np.uint8))[0, 0]
    through, geometry = _cell("through")
    one_side, _ = _cell("one side")
    assert runs_through(through, geometry, Cell(0, 0), lavender)
    assert not runs_through(one_side, geometry, Cell(0, 0), lavender)
    ring = sample_cells(through, geometry).ring_lab[0, 0]
    assert not shows_disc(through, geometry, Cell(0, 0), lavender, corner, ring=ring)
    # The same disc with its flow leaving one way stays a disc.
    ring = sample_cells(one_side, geometry).ring_lab[0, 0]
    assert shows_disc(one_side, geometry, Cell(0, 0), lavender, corner, ring=ring, links=(np.pi,))


def _framed_board() -> tuple[np.ndarray, BoardGeometry]:
    """A 3x3 board of 30 px cells, its thin lines grey, in a light frame 8 px thick
    centred on its outer lines (the inner edge 0.37 pitch from the border cells'
    centres), blurred a pixel as a browser's zoom does."""
    image = np.full((100, 100, 3), 180, np.uint8)
    image[9:91, 9:91] = 0
    for v in (35, 65):
        image[9:91, v - 1 : v + 1] = 90
        image[v - 1 : v + 1, 9:91] = 90
    geometry = BoardGeometry((5.0, 35.0, 65.0, 95.0), (5.0, 35.0, 65.0, 95.0))
    return image, geometry


def test_a_thick_frame_by_a_corner_cell_is_no_mark_but_a_stroke_in_it_is() -> None:
    image, geometry = _framed_board()
    blurred = cv2.GaussianBlur(image, (0, 0), 1.0)
    assert sharp_marks(blurred, geometry).max() < 13
    image[19:22, 12:30] = 200  # a stroke across the corner cell's middle
    assert sharp_marks(cv2.GaussianBlur(image, (0, 0), 1.0), geometry)[0, 0] >= 25
