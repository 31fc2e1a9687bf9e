"""Sides between two holes judged at their middle, clear of the outline's corners.

The game draws nothing between two holes: they are plain background. The edge
measure (``_outline_edges``) looks at each side's two end parts, 0.12-0.3 of
the way from its corners (clear of the dots beside a line); where the outline
runs along a hole's other sides it reaches into them. The outline is at least
twice a line's width, and a small board's lines may be a sixth of a pitch: in
25 px cells zoomed 1.75 the outline is 9-10 px (0.37 pitch) wide, its blur 7 px
(0.27 pitch) from its middle, and a side between two holes it crosses at one
corner and turns at the other held 10^2.11 and 10^2.48 in its end parts, read a
line (the lines 10^2.66): "a line is drawn between two cells left out" (synthetic
warps zoomed 4300000, all three states). Between two holes no dot lies and no
flow runs: a line drawn there would show at the side's middle too, the farthest
from both corners.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from flowbot.vision._outline_edges import NOTHING_BELOW, EdgeKinds, Kind, middle_ink


def clear_between_holes(
    gray: np.ndarray,
    rgb: np.ndarray,
    kinds: EdgeKinds,
    lattice: tuple[np.ndarray, np.ndarray],
    holes: np.ndarray,
    *,
    ground: float,
) -> tuple[np.ndarray, np.ndarray]:
    """The sides between two ``holes`` (cells ``[row, col]`` of ``lattice``) that show
    nothing drawn at their middle, ``across[r, c]`` right of cell (r, c) and ``down[r, c]``
    below it (as ``_outlined._inner``).

    Nothing there is under a sixth of a line's ink (``NOTHING_BELOW``) and no brighter
    than the holes' ground lets a line's faint look be (``EdgeKinds.faint_and_dim``,
    ``ground`` as it takes it); each end part holding more than that lies by a corner the
    outline touches, whose blur it may be.
    """
    xs, ys = lattice
    across = np.zeros((holes.shape[0], holes.shape[1] - 1), bool)
    down = np.zeros((holes.shape[0] - 1, holes.shape[1]), bool)
    pairs_across = np.argwhere(holes[:, :-1] & holes[:, 1:])
    pairs_down = np.argwhere(holes[:-1] & holes[1:])
    if kinds.inks.ends is None or not (len(pairs_across) or len(pairs_down)):
        return across, down
    pitch = float((np.median(np.diff(xs)) + np.median(np.diff(ys))) / 2)
    clear = partial(_clear, kinds, touched=_outline_at_corners(kinds), ground=ground)
    ends_v, ends_h = kinds.inks.ends
    # Every inner side's middle in one measure: the pairs may be thousands (a
    # lattice over a desktop, its cells outside the board all holes).
    if len(pairs_across):
        ink, top = middle_ink(gray, rgb, xs[1:-1], ys, pitch=pitch, reach=kinds.inks.reach)
        for r, c in pairs_across:
            corners = ((c + 1, r), (c + 1, r + 1))
            across[r, c] = clear(ink[c, r], top[c, r], ends_v[c + 1, r], corners=corners)
    if len(pairs_down):
        g_t, rgb_t = gray.T, rgb.transpose(1, 0, 2)
        ink, top = middle_ink(g_t, rgb_t, ys[1:-1], xs, pitch=pitch, reach=kinds.inks.reach)
        for r, c in pairs_down:
            corners = ((c, r + 1), (c + 1, r + 1))
            down[r, c] = clear(ink[r, c], top[r, c], ends_h[r + 1, c], corners=corners)
    return across, down


def _clear(
    kinds: EdgeKinds,
    ink: float,
    top: float,
    ends: np.ndarray,
    *,
    corners: tuple[tuple[int, int], tuple[int, int]],
    touched: np.ndarray,
    ground: float,
) -> bool:
    """Whether a side whose middle holds ``ink`` (its brightest pixel ``top``) and whose
    end parts ``ends`` (by ``corners``) shows nothing drawn (``clear_between_holes``)."""
    nothing = kinds.levels[1] + NOTHING_BELOW
    if ink >= nothing or not kinds.faint_and_dim(np.array(ink), np.array(top), ground):
        return False
    return all(
        part < nothing or touched[corner] for part, corner in zip(ends, corners, strict=True)
    )


def _outline_at_corners(kinds: EdgeKinds) -> np.ndarray:
    """Whether the outline touches each corner ``[x line, y line]`` of the lattice."""
    outline_v, outline_h = kinds.vertical == Kind.OUTLINE, kinds.horizontal == Kind.OUTLINE
    n_x, n_y = kinds.vertical.shape[0], kinds.horizontal.shape[0]
    touched = np.zeros((n_x, n_y), bool)
    touched[:, 1:] |= outline_v  # the edge above the corner
    touched[:, :-1] |= outline_v  # below it
    touched[1:] |= outline_h.T  # left of it
    touched[:-1] |= outline_h.T  # right of it
    return touched
