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
was placed before; and each flank of the hump is measured over the ground on
its own side (a flow's tint on one side, the dark outside on the other).
"""

from __future__ import annotations

import numpy as np

#: A line's flank ends where it falls this share of the way from its peak to the ground on
#: its side (its half height: a pixel's blur spreads either flank alike about it).
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
    middle between where it falls to half its height over the ground on either side.

    Each side's ground is its own (the profile's lowest on that side of the peak): a
    finished board's tint beside the outline stands in the top-hat above half the line's
    height over the dark outside, and a hump taken over one floor ran on into it (a large
    board's columns drawn 0.2-0.3 % closer each round of placing, its outer hexagons' sides
    then 2 px off their lines and read as no ink: synthetic hex huge cells 6610007
    solved)."""
    peak = int(np.argmax(profile))
    top = float(profile[peak])
    if peak in (0, len(profile) - 1):
        return float(offsets[peak])
    ends: list[float] = []
    for out in (profile[peak::-1], profile[peak:]):
        ground = float(out.min())
        if ground >= top:  # (flat at the peak out to the band's end: its edge unseen, at the peak)
            ends.append(0.0)
            continue
        half = ground + HUMP * (top - ground)
        k = int(np.flatnonzero(out <= half)[0])
        # (the level crossed between steps k - 1 and k, in steps out from the peak)
        ends.append(k - 1 + (float(out[k - 1]) - half) / max(float(out[k - 1] - out[k]), 1e-9))
    step = float(offsets[1] - offsets[0])
    return float(offsets[peak]) + step * (ends[1] - ends[0]) / 2


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
