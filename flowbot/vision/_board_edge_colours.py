"""The colours across a grid's edges, measured once for the border and hole rules."""

from __future__ import annotations

import functools
import math

import numpy as np

from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import channel_sum, pixels_at, to_lab
from flowbot.vision._grid import full_size_lines
from flowbot.vision._lattice import Lattice
from flowbot.vision._stats import (
    median_of,
)


def edge_colours(image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int) -> np.ndarray:
    """CIELAB of the inner lines ``lines[1:-1]`` (image columns), ``[line, span]``.

    Per span, the median over points along it of the pixel across the line
    that stands out most from the ground at the ends of its reach: the line's
    own colour, not the background's. On a dark ground that is the brightest
    pixel; over glow as bright as the line, the line's hue is what stands out
    (synthetic walls crop 4400000: a grey line over purple glow, its brightest
    pixel the glow's).
    """
    pixels = across_inner_edges(image, lines, spans, reach)  # (lines, points, offsets, 3)
    values = pixels.astype(np.int32)
    ground = (values[:, :, :1] + values[:, :, -1:]) / 2
    standing = channel_sum(np.abs(values - ground)).argmax(axis=2)
    rgb = np.take_along_axis(pixels, standing[:, :, None, None], axis=2)[:, :, 0]
    rgb = median_of(rgb.reshape(len(lines) - 2, len(spans) - 1, len(ALONG_EDGE), 3), axis=2)
    return to_lab(rgb.astype(np.uint8))


def across_inner_edges(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int
) -> np.ndarray:
    """Pixels across the inner lines ``lines[1:-1]`` (image columns), ``reach`` either side.

    At ``ALONG_EDGE`` of each span: ``(lines, spans * points, offsets, 3)``.
    """
    h, w = image.shape[:2]
    along = (spans[:-1, None] + ALONG_EDGE[None, :] * np.diff(spans)[:, None]).ravel()
    offsets = np.arange(-reach, reach + 1)
    px = np.clip(np.rint(lines[1:-1])[:, None] + offsets[None, :], 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)
    return pixels_at(image, py[None, :, None], px[:, None, :])


#: Points along each edge where its line is looked at across (fractions of it).
ALONG_EDGE = np.array([0.3, 0.5, 0.7])


class EdgeColours:
    """A lattice's inner edges' colours (``edge_colours``), each way, found when first asked.

    ``vertical`` ``(cols - 1, rows, 3)``, ``horizontal`` ``(rows - 1, cols, 3)``
    and ``line``, the lines' colour: their median over every inner edge
    (``vertical_line`` over the vertical ones only).
    """

    def __init__(self, lattice: Lattice, image: np.ndarray, factor: int) -> None:
        self.image = image
        self.xs, self.ys = full_size_lines(lattice, factor)
        self.reach = colour_reach(self.xs, self.ys, factor)

    @functools.cached_property
    def vertical(self) -> np.ndarray:
        return edge_colours(self.image, self.xs, self.ys, self.reach)

    @functools.cached_property
    def horizontal(self) -> np.ndarray:
        return edge_colours(np.swapaxes(self.image, 0, 1), self.ys, self.xs, self.reach)

    @functools.cached_property
    def vertical_line(self) -> np.ndarray:
        return median_of(self.vertical.reshape(-1, 3), axis=0)

    @functools.cached_property
    def line(self) -> np.ndarray:
        inner = [self.vertical.reshape(-1, 3), self.horizontal.reshape(-1, 3)]
        return median_of(np.concatenate(inner), axis=0)


def centre_colours(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """CIELAB ``(rows, cols, 3)`` at each cell's centre pixel, the grid lines ``xs`` and ``ys``."""
    cx = np.clip(np.rint((xs[:-1] + xs[1:]) / 2), 0, image.shape[1] - 1).astype(np.intp)
    cy = np.clip(np.rint((ys[:-1] + ys[1:]) / 2), 0, image.shape[0] - 1).astype(np.intp)
    return to_lab(pixels_at(image, cy[:, None], cx[None, :]))


def colour_reach(xs: np.ndarray, ys: np.ndarray, factor: int) -> int:
    """How far across a line (full-size pixels) its colour is looked for: clear of any dot."""
    return max(1, min(math.ceil(factor / 2 + 1), math.floor(0.1 * cell_pitch(xs, ys))))
