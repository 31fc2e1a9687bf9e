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
from flowbot.vision._grid import full_size_lines, shrunk
from flowbot.vision._lattice import Lattice, LineMaps, line_maps
from flowbot.vision._stats import median_of

#: Offsets (pitch) square to the edge, through its middle, on each side:
#: what covers the edge there (a pipe crossing it, a dot beside it: dots
#: reach within 0.12-0.23 of it); what lies along it a little farther (a
#: pipe running beside the edge: 0.33-0.67 from it); and where the cell
#: shows its ground or tint beside any of these.
_NEAR_EDGE = (0.2, 0.25, 0.3)
_ALONG_EDGE = (0.38, 0.42, 0.46)
_BESIDE_ALONG, _BESIDE_ACROSS = 0.36, 0.15


def under_pipes(
    weak: np.ndarray, image: np.ndarray, lattice: Lattice, factor: int, contrast: float
) -> tuple[np.ndarray, np.ndarray]:
    """Which ``weak`` edges (``check_edges`` order) to judge by their ends, and which not at all.

    Only on a board where a pipe is seen crossing an edge (on both sides of
    it, by its middle, one colour standing ``contrast`` Lab from the cell's
    ground beside it). There a pipe hides the middle of an edge it crosses,
    and tints change every line's contrast: each weak edge is judged by its
    ends; one with drawing along it on both sides (pipes running beside it,
    dots) is not judged at all, its thin line blurred into them.
    """
    none = np.zeros_like(weak)
    if not weak.any():
        return none, none
    xs, ys = full_size_lines(lattice, factor)
    rows, cols = len(ys) - 1, len(xs) - 1
    edges = [(float(x), (ys[r] + ys[r + 1]) / 2, True) for x in xs[1:-1] for r in range(rows)]
    edges += [((xs[c] + xs[c + 1]) / 2, float(y), False) for y in ys[1:-1] for c in range(cols)]
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    at = np.flatnonzero(weak)
    offsets = (*_NEAR_EDGE, *_ALONG_EDGE)
    points = []
    for i in at.tolist():
        x, y, vertical = edges[i]
        # Square to a vertical edge is along x.
        ax, ay = (1.0, 0.0) if vertical else (0.0, 1.0)
        bx, by = ay, ax  # along the edge
        for side in (-1.0, 1.0):
            points += [(x + side * t * pitch * ax, y + side * t * pitch * ay) for t in offsets]
            points += [
                (
                    x + side * _BESIDE_ACROSS * pitch * ax + u * _BESIDE_ALONG * pitch * bx,
                    y + side * _BESIDE_ACROSS * pitch * ay + u * _BESIDE_ALONG * pitch * by,
                )
                for u in (-1.0, 1.0)
            ]
    n, k = len(_NEAR_EDGE), len(offsets)
    xy: np.ndarray = np.array(points).reshape(len(at), 2, k + 2, 2)
    h, w = image.shape[:2]
    px = np.clip(np.rint(xy[..., 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(xy[..., 1]), 0, h - 1).astype(np.intp)
    lab = to_lab(pixels_at(image, py, px))  # (edges, side, k + 2, 3)
    beside = lab[:, :, k:]

    def drawn(part: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per edge and side, whether ``part`` shows one colour unlike beside; that colour."""
        colour = median_of(part.reshape(-1, part.shape[2], 3), axis=1).reshape(len(at), 2, 3)
        one = (delta_e(part, colour[:, :, None]) <= NEAR).all(axis=2)
        apart = delta_e(beside, colour[:, :, None]).min(axis=2) > contrast
        return one & apart, colour

    near, colour = drawn(lab[:, :, :n])
    # A band of one colour across an edge: a pipe crosses it. Else the board
    # has none (dots side by side cover an edge too) and is judged as drawn.
    if not (near.all(axis=1) & (delta_e(colour[:, 0], colour[:, 1]) <= NEAR)).any():
        return none, none
    along, _ = drawn(lab[:, :, n:k])
    between = none.copy()
    between[at] = along.all(axis=1)
    return weak.copy(), between


def colour_line_maps(
    image: np.ndarray, factor: int, contrast: float, *, dark: bool = False
) -> LineMaps:
    """The line maps of ``image`` shrunk ``factor`` times, a line standing out in any channel.

    Under a pipe's tint a line keeps its hue but may lose its brightness
    step (a green line on a blue tint): judged in colour, it shows. With
    ``dark``, a line darker than beside it counts too.
    """
    return line_maps(shrunk(image, factor), contrast, dark=dark)
