"""Fitting a hexagon lattice's origin and steps to where its sides' lines are seen.

Each side seen tells where its line lies across it: one equation in the
lattice's four unknowns (``x0``, ``y0``, the column step, half the row step),
along the side's normal. A flat side fixes the rows alone; a slanted one, at
60 degrees, the columns and the rows together. All the sides are solved
together by least squares: a slanted side's offset is no column's offset alone
(taken as one, each round of placing moved the columns a quarter short of the
way, and a large pitch's lattice was left 2-3 px off after three rounds:
synthetic hex phone 300021 solved, its outline then measured thin where the
lattice missed it).

Where a line lies across its side is the middle of its own hump (``line_at``):
the top-hat's whole band around it (dots' rims, a pipe's edge, glow beside
the line) pulls a mean over it towards the band's middle, the lattice as it
was placed before.
"""

from __future__ import annotations

import numpy as np

#: A line's hump: the run of the profile round its peak above this share of it (its top:
#: below, a tint's step or glow beside the line leans it).
HUMP = 0.5
#: Sides whose line lies farther than this many pixels from the lattice fitted, and
#: ``SPREAD`` times the sides' typical distance (a pipe's edge or a dot's rim taken
#: for the line), are left out and the lattice fitted again.
FIT_NEAR = 1.0
SPREAD = 3.0
#: Rounds of leaving out the sides farthest from the fit.
FIT_ROUNDS = 2


def line_at(profile: np.ndarray, offsets: np.ndarray) -> float:
    """Where the line in ``profile`` (the top-hat across a side, at ``offsets``) lies: the
    middle of its contrast over half its peak, along the run round the peak (a pixel-wide
    line's top leans toward its nearer pixel by a tenth of a pixel at most; its foot,
    beside a flow's tint on a finished board, put a large board's rows 0.7 px off)."""
    peak = int(np.argmax(profile))
    floor = HUMP * float(profile[peak])
    lo = peak
    while lo > 0 and profile[lo - 1] > floor:
        lo -= 1
    hi = peak
    while hi + 1 < len(profile) and profile[hi + 1] > floor:
        hi += 1
    weight = profile[lo : hi + 1] - floor
    if float(weight.sum()) <= 0:
        return float(offsets[peak])
    return float((weight * offsets[lo : hi + 1]).sum() / weight.sum())


def fitted_steps(
    middles: np.ndarray, normals: np.ndarray, seen: np.ndarray, index: np.ndarray
) -> tuple[float, float, float, float] | None:
    """The lattice ``(x0, y0, col_step, half_row)`` whose sides' lines pass where they
    are seen, by least squares along each side's normal.

    ``middles`` ``(n, 2)``: each side's middle as the lattice placed it; ``normals``
    ``(n, 2)``: its unit normal; ``seen`` ``(n,)``: how far along the normal its line
    lies from the middle; ``index`` ``(n, 2)``: the middle's column and half-row in the
    lattice (``x = x0 + j * col_step``, ``y = y0 + k * half_row``). ``None`` when the
    sides do not fix all four (too few columns or half-rows).
    """
    at = middles + seen[:, None] * normals
    nx, ny = normals[:, 0], normals[:, 1]
    j, k = index[:, 0], index[:, 1]
    design = np.stack([nx, ny, nx * j, ny * k], axis=1)
    target = nx * at[:, 0] + ny * at[:, 1]
    keep = np.ones(len(target), bool)
    solved = None
    for _ in range(FIT_ROUNDS + 1):
        if not _fixes_all(index[keep], normals[keep]):
            return None
        solved, *_ = np.linalg.lstsq(design[keep], target[keep], rcond=None)
        off = np.abs(design @ solved - target)
        near = off <= max(FIT_NEAR, SPREAD * float(np.median(off[keep])))
        if (near == keep).all():
            break
        keep = near
    assert solved is not None
    x0, y0, col_step, half_row = (float(v) for v in solved)
    return x0, y0, col_step, half_row


def _fixes_all(index: np.ndarray, normals: np.ndarray) -> bool:
    """Whether sides at ``index`` along ``normals`` fix the lattice's four unknowns: three
    half-rows of flat sides (the rows' step and phase, checked) and three columns of
    slanted ones."""
    flat = np.abs(normals[:, 0]) < 0.5
    return len(set(index[flat, 1])) >= 3 and len(set(index[~flat, 0])) >= 3
