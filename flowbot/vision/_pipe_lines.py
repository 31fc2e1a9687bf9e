"""Grid lines under drawn pipes: the gaps a pipe leaves in them, bridged.

On a board the user started or finished, every pipe crossing a grid line
hides a piece of it (a third of a pitch) and the line search sees the line
broken into pieces of many extents: no grid. A pipe, like a dot, is
brighter than the lines; the board's dark ground and the gaps between a
word's letters are not. So a gap in a line is bridged where it is short
(``BRIDGE_PX``) and everything in it is at least as bright as the line.
The bridged maps serve the line search only; the board rules judge the
lines as drawn (an edge a pipe crosses by its ends: ``_board_pipes``).
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.vision._colour import brightest_channel

#: Longest gap bridged, in working-copy pixels: a pipe a third of the
#: largest pitch the copy holds (a 5x5 board across 800 px: 160 px cells,
#: 55 px pipes), and a little more for its anti-aliased edges.
BRIDGE_PX = 65


def bridged(
    vertical_lines: np.ndarray, horizontal_lines: np.ndarray, gray: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The line maps (0/1) with each line's gaps bridged where something brighter covers them."""
    bright = gray if gray.ndim == 2 else brightest_channel(gray)
    out = []
    for binary, vertical in ((vertical_lines, True), (horizontal_lines, False)):
        on = binary > 0
        if not on.any():
            out.append(binary)
            continue
        # As bright as the lines (but their dimmest tenth: a line over a tint).
        level = np.quantile(bright[on], 0.1)
        shape = (1, BRIDGE_PX) if vertical else (BRIDGE_PX, 1)
        closed = cv2.morphologyEx(
            binary, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, shape)
        )
        over = (bright >= level).astype(binary.dtype)
        out.append(binary | (closed & over))
    return out[0], out[1]
