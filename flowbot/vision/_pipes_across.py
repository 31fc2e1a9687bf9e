"""A drawn pipe crossing a grid's border: the board goes on past it.

The game never draws a flow out of a classic board: a band of one colour
running from a border cell's centre across the border to the centre of the
cell past it is a pipe of the board's, and the board goes on there. A pipe's
tint, as light as the lines, can hide the lines on both sides of such a
border (a flow along the board's last column): the lines alone then say the
board ends a column short.
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._colour import NEAR, delta_e
from flowbot.vision._pipes import lab_at
from flowbot.vision._stats import median_of

#: Along the band, across the border (pitch fractions, out of the board):
#: the cell's centre inside, just either side of the border line (a pipe is
#: 0.3 pitch wide and covers the line; a dot, 0.38 pitch at most round its
#: centre, stops short of 0.15 inside it), the next cell's centre.
_ALONG = np.array([-0.5, -0.15, 0.15, 0.5])

#: Beside the band, each side of it along the border (past a pipe's
#: half-width, 0.15-0.17, and its blurred edge), just inside and just past
#: the border: clear of a pipe turning along the cell past it, which runs
#: 0.35-0.65 pitch out.
_BESIDE = 0.38
_BESIDE_OUT = (-0.2, 0.2)


def pipes_across(
    xs: np.ndarray, ys: np.ndarray, image: np.ndarray, contrast: float
) -> dict[str, int]:
    """Per border of the grid ``xs``, ``ys`` (full-size pixels), how many of its cells a
    pipe crosses it from.

    A pipe: the four points along the band (``_ALONG``) within ``NEAR`` of their
    median, which stands ``contrast`` (CIELAB) or more from all four points beside
    it (``_BESIDE``): the ground or a tint on both sides of it, inside and past.
    Borders whose cell past lies off the image are left out.
    """
    h, w = image.shape[:2]
    pitch = float(np.median(np.diff(xs))) if len(xs) > 1 else float(np.median(np.diff(ys)))
    found: dict[str, int] = {}
    for names, lines, spans, size in (
        (("top", "bottom"), ys, xs, h),
        (("left", "right"), xs, ys, w),
    ):
        middles = (np.asarray(spans[:-1]) + np.asarray(spans[1:])) / 2
        for side, border, out in ((names[0], lines[0], -1.0), (names[1], lines[-1], 1.0)):
            if not 0 <= border + out * pitch <= size - 1:
                continue
            band = border + out * pitch * _ALONG  # (4,) across the border
            beside_across = border + out * pitch * np.asarray(_BESIDE_OUT)
            offsets = _BESIDE * pitch * np.array([-1.0, 1.0])
            along_band = np.broadcast_to(middles[:, None], (len(middles), len(band)))
            across_band = np.broadcast_to(band[None, :], along_band.shape)
            along_beside = (middles[:, None, None] + offsets[None, None, :]).repeat(2, axis=1)
            across_beside = np.broadcast_to(beside_across[None, :, None], along_beside.shape)
            if names[0] == "top":
                band_xy = np.stack([along_band, across_band], axis=-1)
                beside_xy = np.stack([along_beside, across_beside], axis=-1)
            else:
                band_xy = np.stack([across_band, along_band], axis=-1)
                beside_xy = np.stack([across_beside, along_beside], axis=-1)
            on = lab_at(image, band_xy, h, w)  # (cells, 4, 3)
            beside = lab_at(image, beside_xy, h, w).reshape(len(middles), -1, 3)
            colour = median_of(on, axis=1)  # (cells, 3)
            alike = (delta_e(on, colour[:, None, :]) <= NEAR).all(axis=1)
            apart = (delta_e(beside, colour[:, None, :]) >= contrast).all(axis=1)
            found[side] = int((alike & apart).sum())
    return found
