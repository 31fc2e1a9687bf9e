"""``border_like``: a side cut off by the image's edge counts only beside colour that runs on."""

from __future__ import annotations

import numpy as np

from flowbot.vision._bands import border_like
from flowbot.vision._colour import to_lab

PITCH = 60
TEAL = (50, 130, 130)


def _corner_cell(*, runs_on: bool) -> tuple[np.ndarray, tuple[float, float]]:
    """A dark 4x4-cell board flush against the image's left and bottom edges, its corner coloured.

    ``runs_on``: the colour fills the whole bottom row, across the corner
    cell's right line (glow, cut off by the image's edge); else a tile
    stops just inside the corner cell's lines.
    """
    size = 4 * PITCH
    image = np.full((size, size, 3), 8, np.uint8)
    top = size - PITCH
    if runs_on:
        image[top + 2 :, :] = TEAL
    else:
        image[top + 2 : size - 1, 1 : PITCH - 2] = TEAL
    for k in range(5):  # grey grid lines, the outer ones at the image's edge
        at = min(k * PITCH, size - 1)
        image[:, at] = image[at, :] = 90
    return image, (PITCH / 2, top + PITCH / 2)


def test_tile_cut_off_by_the_image_edge_is_not_border_like() -> None:
    # flow_edge_objects 101086: a tile in a corner cell at the image's edge
    # reached the band on its two cut sides, 0.33 of it (GLOW_BORDER 0.25).
    image, centre = _corner_cell(runs_on=False)
    colour = to_lab(np.array([[TEAL]], np.uint8))[0, 0]
    assert border_like(image, centre, PITCH, colour) == 0.0


def test_glow_cut_off_by_the_image_edge_runs_on() -> None:
    image, centre = _corner_cell(runs_on=True)
    colour = to_lab(np.array([[TEAL]], np.uint8))[0, 0]
    assert border_like(image, centre, PITCH, colour) >= 0.5
