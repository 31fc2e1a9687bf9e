"""Inner edges a drawn pipe crosses: their line hides under it, their ends show.

A pipe crossing an edge covers its middle (about a third of it) with one
colour running on into both cells; near the edge's ends, past the pipe's
width, the line shows as everywhere. The board rules judge such an edge by
its ends, not as missing (a hole or a wall takes the whole edge away).
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.vision._cells import NEAR
from flowbot.vision._colour import delta_e, pixels_at, to_lab
from flowbot.vision._grid import full_size_lines
from flowbot.vision._lattice import Lattice, LineMaps, line_maps
from flowbot.vision._stats import median_of

#: Offsets (pitch) square to the edge, through its middle, on each side:
#: what covers the edge there (a pipe crossing it, a dot beside it: dots
#: reach within 0.12-0.23 of the edge); and, on each side, where the cell
#: shows its ground or tint beside such a pipe (half-width 0.15-0.17) or dot.
_NEAR_EDGE = np.array([0.2, 0.25, 0.3])
_BESIDE_ALONG, _BESIDE_ACROSS = 0.36, 0.15


def crossed_by_pipes(
    weak: np.ndarray, image: np.ndarray, lattice: Lattice, factor: int, contrast: float
) -> np.ndarray:
    """Which ``weak`` edges (``check_edges`` order) are to be judged by their ends.

    Those something drawn covers at the middle: on both sides of the edge,
    one colour standing ``contrast`` (Lab) from the cell's ground beside it
    (a pipe crossing the edge, or a dot or pipe's end beside it); and every
    weak edge once a pipe is seen crossing one.
    """
    covered = np.zeros_like(weak)
    if not weak.any():
        return covered
    xs, ys = full_size_lines(lattice, factor)
    rows, cols = len(ys) - 1, len(xs) - 1
    edges = [(float(x), (ys[r] + ys[r + 1]) / 2, True) for x in xs[1:-1] for r in range(rows)]
    edges += [((xs[c] + xs[c + 1]) / 2, float(y), False) for y in ys[1:-1] for c in range(cols)]
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    at = np.flatnonzero(weak)
    points = []
    for i in at.tolist():
        x, y, vertical = edges[i]
        # Square to a vertical edge is along x.
        ax, ay = (1.0, 0.0) if vertical else (0.0, 1.0)
        bx, by = ay, ax  # along the edge
        for side in (-1.0, 1.0):
            points += [(x + side * t * pitch * ax, y + side * t * pitch * ay) for t in _NEAR_EDGE]
            points += [
                (
                    x + side * _BESIDE_ACROSS * pitch * ax + u * _BESIDE_ALONG * pitch * bx,
                    y + side * _BESIDE_ACROSS * pitch * ay + u * _BESIDE_ALONG * pitch * by,
                )
                for u in (-1.0, 1.0)
            ]
    n = len(_NEAR_EDGE)
    xy: np.ndarray = np.array(points).reshape(len(at), 2, n + 2, 2)
    h, w = image.shape[:2]
    px = np.clip(np.rint(xy[..., 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(xy[..., 1]), 0, h - 1).astype(np.intp)
    lab = to_lab(pixels_at(image, py, px))  # (edges, side, n + 2, 3)
    drawn = median_of(lab[:, :, :n].reshape(-1, n, 3), axis=1).reshape(len(at), 2, 3)
    one = (delta_e(lab[:, :, :n], drawn[:, :, None]) <= NEAR).all(axis=2)
    apart = delta_e(lab[:, :, n:], drawn[:, :, None]).min(axis=2) > contrast
    covered[at] = (one & apart).all(axis=1)
    # A band of one colour across the edge: a pipe crosses it. On a board
    # with pipes, tints change every line's contrast: each weak edge is
    # judged by its ends (which no pipe or dot reaches).
    crossing = covered[at] & (delta_e(drawn[:, 0], drawn[:, 1]) <= NEAR)
    return weak.copy() if crossing.any() else covered


def colour_line_maps(image: np.ndarray, factor: int, contrast: float) -> LineMaps:
    """The line maps of ``image`` shrunk ``factor`` times, a line standing out in any channel.

    Under a pipe's tint a line keeps its hue but may lose its brightness
    step (a green line on a blue tint): judged in colour, it shows.
    """
    h, w = image.shape[:2]
    small = (
        image
        if factor == 1
        else cv2.resize(image, (w // factor, h // factor), interpolation=cv2.INTER_AREA)
    )
    return line_maps(small, contrast)
