"""Inner edges a drawn pipe crosses: their line hides under it, their ends show.

A pipe crossing an edge covers its middle (about a third of it) with one
colour running on into both cells; near the edge's ends, past the pipe's
width, the line shows as everywhere. The board rules judge such an edge by
its ends, not as missing (a hole or a wall takes the whole edge away).
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._cells import NEAR
from flowbot.vision._colour import delta_e, pixels_at, to_lab
from flowbot.vision._grid import full_size_lines
from flowbot.vision._lattice import Lattice
from flowbot.vision._stats import median_of

#: Offsets (pitch) square to the edge, through its middle, that a pipe
#: crossing it covers (from one centre's side to the other's: dots or bends
#: may lie nearer the centres); and, beside the pipe along the edge, where
#: the cells show no pipe of this crossing (its half-width 0.15-0.17).
_ACROSS = np.linspace(-0.3, 0.3, 7)
_BESIDE_ALONG, _BESIDE_ACROSS = 0.33, 0.25
#: Share of the samples across the edge that must hold the pipe's colour.
_BAND_SHARE = 6 / 7


def crossed_by_pipes(
    faint: np.ndarray, image: np.ndarray, lattice: Lattice, factor: int, contrast: float
) -> np.ndarray:
    """Which ``faint`` edges (``check_edges`` order) a band of one colour crosses at its middle.

    The band must stand ``contrast`` (Lab) from the cells beside it, on both sides.
    """
    crossed = np.zeros_like(faint)
    if not faint.any():
        return crossed
    xs, ys = full_size_lines(lattice, factor)
    rows, cols = len(ys) - 1, len(xs) - 1
    edges = [(float(x), (ys[r] + ys[r + 1]) / 2, True) for x in xs[1:-1] for r in range(rows)]
    edges += [((xs[c] + xs[c + 1]) / 2, float(y), False) for y in ys[1:-1] for c in range(cols)]
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    at = np.flatnonzero(faint)
    points = []
    for i in at.tolist():
        x, y, vertical = edges[i]
        # Square to a vertical edge is along x.
        ax, ay = (1.0, 0.0) if vertical else (0.0, 1.0)
        bx, by = ay, ax  # along the edge
        inside = [(x + t * pitch * ax, y + t * pitch * ay) for t in _ACROSS]
        beside = [
            (
                x + s * _BESIDE_ACROSS * pitch * ax + u * _BESIDE_ALONG * pitch * bx,
                y + s * _BESIDE_ACROSS * pitch * ay + u * _BESIDE_ALONG * pitch * by,
            )
            for s in (-1.0, 1.0)
            for u in (-1.0, 1.0)
        ]
        points.append(inside + beside)
    xy: np.ndarray = np.array(points)
    h, w = image.shape[:2]
    px = np.clip(np.rint(xy[..., 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(xy[..., 1]), 0, h - 1).astype(np.intp)
    lab = to_lab(pixels_at(image, py, px))
    n = len(_ACROSS)
    band = median_of(lab[:, :n], axis=1)
    share = (delta_e(lab[:, :n], band[:, None]) <= NEAR).mean(axis=1)
    apart = delta_e(lab[:, n:], band[:, None]).min(axis=1)
    crossed[at] = (share >= _BAND_SHARE) & (apart > contrast)
    return crossed
