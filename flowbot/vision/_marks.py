"""Marks drawn in a cell: sharp strokes (text, rails), their shape and width, a tile's outline."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import pixels_at
from flowbot.vision._stats import median_along

#: ``sharp_marks`` samples a cell every ``MARK_STEP`` pitch out to
#: ``MARK_REACH`` from its centre on both axes (inside the thickest grid
#: line's blur), and judges each sample within ``MARK_REACH - 2 * MARK_STEP``
#: against the samples ``2 * MARK_STEP`` either side of it.
MARK_STEP, MARK_REACH = 0.05, 0.35


#: The share of a cell's judged samples that must stand out as much for
#: ``sharp_marks`` to count it: JPEG's stray pixels do not, two thin rails do.
MARK_SHARE = 0.1


#: Grey level from RGB (ITU-R 601 luma weights), for ``sharp_marks``.
_GREY = np.array([0.299, 0.587, 0.114], np.float32)


def sharp_marks(image: np.ndarray, geometry: BoardGeometry) -> np.ndarray:
    """Per cell, how much thin lines or sharp edges near its centre stand out, in grey levels.

    Each sample's grey level is compared with the mean of the two samples a
    tenth of a pitch either side of it, across rows or across columns, the
    larger; a cell scores what ``MARK_SHARE`` of its samples reach. Glow and
    the background's faint pipes fade over more than that and score little;
    a thin line stands out by its whole contrast, a sharp edge by half its
    step. Returns a ``(rows, cols)`` array.
    """
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    (across_rows, across_cols), _, _ = _mark_samples(
        image, (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2, cell_pitch(xs, ys)
    )
    _frame_sides_unjudged(across_rows, across_cols)
    judged = np.maximum(across_rows, across_cols).reshape(*across_rows.shape[:2], -1)
    return _share_reaches(judged)


#: How far from a cell's centre (pitches) steps towards a side on the board's
#: border are judged: the frame there may be drawn thicker than any grid line
#: (``MARK_REACH`` lies inside the thickest line's blur), and a browser's zoom
#: widens and blurs it: its inner edge 0.345 pitch from the centre (bridges zoomed
#: 300044, a corner cell seeing its two frames' edges scored 37.8; the other
#: border cells, one frame each, 3.4).
FRAME_SIDE_REACH = 0.15


def _frame_sides_unjudged(across_rows: np.ndarray, across_cols: np.ndarray) -> None:
    """Leave out (in place) the border cells' samples whose step towards their outer
    side looks past ``FRAME_SIDE_REACH`` (compared with the sample ``2 * MARK_STEP``
    out): the board's frame, not a mark in the cell."""
    half = across_rows.shape[-1] // 2
    offsets = (np.arange(across_rows.shape[-1]) - half) * MARK_STEP
    past = np.abs(offsets) > FRAME_SIDE_REACH + 1e-9
    before, after = past & (offsets < 0), past & (offsets > 0)
    across_rows[0, :, before, :] = 0.0  # top row of cells: steps up
    across_rows[-1, :, after, :] = 0.0  # bottom row: steps down
    across_cols[:, 0, :, before] = 0.0  # left column: steps left
    across_cols[:, -1, :, after] = 0.0  # right column: steps right


def _share_reaches(judged: np.ndarray) -> np.ndarray:
    """What ``MARK_SHARE`` of the samples (the last axis) reach: a cell's mark."""
    k = max(1, round(MARK_SHARE * judged.shape[-1]))
    return np.partition(judged, -k, axis=-1)[..., -k]


def _one_cell(geometry: BoardGeometry, cell: Cell) -> tuple[np.ndarray, np.ndarray, float]:
    """``cell``'s centre as one-element columns and rows, and the board's pitch."""
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    cx = np.array([(xs[cell.col] + xs[cell.col + 1]) / 2])
    cy = np.array([(ys[cell.row] + ys[cell.row + 1]) / 2])
    return cx, cy, cell_pitch(xs, ys)


def _mark_grey(
    image: np.ndarray, cx: np.ndarray, cy: np.ndarray, pitch: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The grey level of ``sharp_marks``' samples around the cell centres ``cx`` and ``cy``.

    Returns the samples ``(rows, cols, side + 4, side + 4)``, their pixel
    columns ``(cols, side + 4)`` and rows ``(rows, side + 4)``.
    """
    h, w = image.shape[:2]
    half = round(MARK_REACH / MARK_STEP)
    steps = np.arange(-half, half + 1) * MARK_STEP * pitch
    px = np.clip(np.rint(np.add.outer(cx, steps)), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(np.add.outer(cy, steps)), 0, h - 1).astype(np.intp)
    rgb = pixels_at(image, py[:, None, :, None], px[None, :, None, :]).astype(np.float32)
    return rgb @ _GREY, px, py


def _mark_samples(
    image: np.ndarray, cx: np.ndarray, cy: np.ndarray, pitch: float
) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray, np.ndarray]:
    """``sharp_marks``' samples around the cell centres ``cx`` (columns) and ``cy`` (rows).

    Returns each judged sample's difference from its neighbours across rows
    and across columns, each ``(rows, cols, side, side)``, and the samples'
    pixel columns ``(cols, side + 4)`` and rows ``(rows, side + 4)``.
    """
    grey, px, py = _mark_grey(image, cx, cy, pitch)
    core = grey[..., 2:-2, 2:-2]
    across_rows = np.abs(core - (grey[..., :-4, 2:-2] + grey[..., 4:, 2:-2]) / 2)
    across_cols = np.abs(core - (grey[..., 2:-2, :-4] + grey[..., 2:-2, 4:]) / 2)
    return (across_rows, across_cols), px, py


class MarkShape(NamedTuple):
    """What ``sharp_marks`` found in one cell looks like (``mark_shape``)."""

    #: The share of the outstanding samples (half the cell's mark or more)
    #: that stand out the less common way: across rows (a horizontal stroke)
    #: or across columns. A word's letters run both ways (0.2-0.5); the edge
    #: of a glow pipe, enlarged or saved through JPEG, one way (0-0.1).
    both_ways: float
    #: How much the samples that make the cell's mark are thin lines rather
    #: than edges: the median, over them, of the smaller of their steps to
    #: the samples either side over the larger (0 when the steps go opposite
    #: ways, as over an edge; 1 for a line thinner than the samples' spacing).
    thin: float


def mark_shape(image: np.ndarray, geometry: BoardGeometry, cell: Cell) -> MarkShape:
    """How the marks ``sharp_marks`` scores in ``cell`` run (``MarkShape``)."""
    grey = _mark_grey(image, *_one_cell(geometry, cell))[0][0, 0]
    core = grey[2:-2, 2:-2]
    up, down = core - grey[:-4, 2:-2], core - grey[4:, 2:-2]
    left, right = core - grey[2:-2, :-4], core - grey[2:-2, 4:]
    across_rows, across_cols = np.abs(up + down) / 2, np.abs(left + right) / 2
    judged = np.maximum(across_rows, across_cols)
    mark = _share_reaches(judged.ravel())
    horizontal = across_rows >= across_cols  # a stroke along the row
    outstanding = judged >= mark / 2
    along, crossing = int((outstanding & horizontal).sum()), int((outstanding & ~horizontal).sum())
    both_ways = min(along, crossing) / max(1, along + crossing)
    # Each sample's steps to its neighbours across its stroke.
    a, b = np.where(horizontal, up, left), np.where(horizontal, down, right)
    near, far = np.minimum(abs(a), abs(b)), np.maximum(abs(a), abs(b))
    thin = np.where(a * b > 0, near / np.maximum(far, 1e-6), 0.0)
    return MarkShape(both_ways, float(np.median(thin[judged >= mark])))


#: ``tile_outline`` looks along four scans from a cell's centre (right, down,
#: left, up), from ``TILE_SCAN[0]`` to ``TILE_SCAN[1]`` pitch out, on rows
#: ``TILE_ACROSS`` pitch either side of the centre (five: a straight edge is
#: at the same place on most), and on the rows ``TILE_PAST`` pitch either side,
#: past the cell's lines, to see whether an edge found goes on there.
TILE_SCAN, TILE_ACROSS, TILE_PAST = (0.1, 0.49), 0.2, 0.65


#: The steps ``tile_outline`` compares: a pitch over this many pixels, and
#: one at least (about 1 px in a phone's cells, 3 in 120 px ones).
TILE_WINDOW = 40.0


#: An edge that goes on past the lines at this share of its step inside or
#: more is not a tile's (the grid's lines go on at full strength).
TILE_GOES_ON = 0.5


def tile_outline(image: np.ndarray, geometry: BoardGeometry, cells: list[Cell]) -> np.ndarray:
    """Per cell, in grey levels, how sharply a square's outline closes round its centre.

    A tile drawn in a cell ends in a straight *step* (one colour inside, the
    ground outside) on all four sides, and its edges end with it, inside the
    cell's lines. Along each of four scans out from the centre, each place
    scores how much the grey level steps across its ``TILE_WINDOW``, less the
    larger step either side of it (glow's gradient and a thin line's two
    opposite steps score nothing), taken on the median of the parallel rows;
    a place whose step goes on past the cell's lines, as strong or half as
    strong, on either side (the grid's own lines, the edge of a band or pipe
    longer than the cell), scores nothing. A side scores its best place; a
    cell the third best of its four sides (at least three: both ways, as no
    band or pipe's edge runs). Returns ``(len(cells),)``.
    """
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    pitch = cell_pitch(xs, ys)
    cx = np.array([(xs[c.col] + xs[c.col + 1]) / 2 for c in cells])
    cy = np.array([(ys[c.row] + ys[c.row + 1]) / 2 for c in cells])
    w = max(1, round(pitch / TILE_WINDOW))
    out = np.arange(round(TILE_SCAN[0] * pitch), math.ceil(TILE_SCAN[1] * pitch) + 1)
    across = np.rint(
        np.array(
            [
                -TILE_PAST,
                -TILE_ACROSS,
                -TILE_ACROSS / 2,
                0.0,
                TILE_ACROSS / 2,
                TILE_ACROSS,
                TILE_PAST,
            ]
        )
        * pitch
    )
    h, wide = image.shape[:2]
    # Offsets (sides, rows, places): right, down, left, up.
    ahead = np.broadcast_to(out[None, :], (across.size, out.size))
    beside = np.broadcast_to(across[:, None], (across.size, out.size))
    dx = np.stack([ahead, beside, -ahead, beside])
    dy = np.stack([beside, ahead, beside, -ahead])
    px = np.clip(np.rint(cx[:, None, None, None] + dx), 0, wide - 1).astype(np.intp)
    py = np.clip(np.rint(cy[:, None, None, None] + dy), 0, h - 1).astype(np.intp)
    grey = image[py, px].astype(np.float32) @ _GREY  # (cells, sides, rows, places)
    before = grey[..., w : -2 * w] - grey[..., : -3 * w]
    step = grey[..., 2 * w : -w] - grey[..., w : -2 * w]
    after = grey[..., 3 * w :] - grey[..., 2 * w : -w]
    alone = np.abs(step) - np.maximum(np.abs(before), np.abs(after))
    inside = median_along(alone[:, :, 1:-1], axis=2)
    past = np.maximum(alone[:, :, 0], alone[:, :, -1])
    # The edge one pixel either way past the lines: scans there are rounded apart.
    near = past.copy()
    np.maximum(near[..., 1:], past[..., :-1], out=near[..., 1:])
    np.maximum(near[..., :-1], past[..., 1:], out=near[..., :-1])
    ends = np.where(near > TILE_GOES_ON * inside, 0.0, inside)
    sides = np.maximum(ends.max(axis=-1, initial=0.0), 0.0)  # (cells, sides)
    return np.sort(sides, axis=1)[:, 1]


def mark_widths(image: np.ndarray, geometry: BoardGeometry, cell: Cell, least: float) -> np.ndarray:
    """In pixels, how wide the steps are that make ``cell``'s samples score ``least`` or more.

    ``sharp_marks`` compares samples a tenth of a pitch apart: in a large
    cell that is many pixels, over which the background's soft glow changes
    as much as a drawn line does. Here each such sample's step is looked at
    pixel by pixel, along the row or column on which it stood out, over the
    span it was judged on: its whole rise (highest minus lowest grey level)
    over its steepest change between neighbouring pixels. A drawn line or
    edge rises within a pixel or two (more only as much as the whole image
    was enlarged: the dots' rims are as wide then); the glow over ten or so
    on a phone's screen. Returns the widths, one per sample (none: empty).
    """
    judged, px, py = _mark_samples(image, *_one_cell(geometry, cell))
    widths = []
    for axis, i, j in np.argwhere(np.stack(judged)[:, 0, 0] >= least):
        if axis == 0:  # across rows: down the sample's column
            line = image[py[0, i] : py[0, i + 4] + 1, px[0, j + 2]]
        else:
            line = image[py[0, i + 2], px[0, j] : px[0, j + 4] + 1]
        grey = line.astype(np.float32) @ _GREY
        steepest = float(np.abs(np.diff(grey)).max(initial=0.0))
        if steepest > 0:
            widths.append(float(grey.max() - grey.min()) / steepest)
    return np.array(widths)
