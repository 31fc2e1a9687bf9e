"""The square lattice a board's dots sit on, found from the dots alone, no line seen.

The game draws each dot at its cell's centre, one to a cell, at a size its pitch
fixes (a radius of 0.32-0.38 pitch). So the dots' places, their differences whole
multiples of one pitch both ways, tell the board's lattice where no grid line shows:
a finished board's lines are hidden under its flows' tints and cut every cell by its
pipes, and a preview's are a pixel wide and faint. ``on_ends_lattice`` finds it among
a board's dots (or a finished flow's ends: ``_dots_apart.flow_ends``,
``_pipe_dots.flow_dots``); ``dots_grid`` gives it as a grid over the cells the dots
take, for the outlined stage to carry over the screen (``_outlined.find_outlined``).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._pipe_dots import flow_dots
from flowbot.vision._stats import median_of
from flowbot.vision._types import Settings

log = logging.getLogger(__name__)

#: A dot's size (twice its widest inside: ``flow_ends``) over its cell's pitch: the
#: game draws a radius of 0.32-0.38 pitch; a preview's JPEG and scaling shrink it (0.55
#: in an 8x8 preview of 29 px cells: decoy flow_other_solved_preview 700003).
DOT_OF_PITCH = (0.4, 0.85)
#: Each end lies within this share of a pitch of its cell's centre (a dot is drawn at
#: it; the ends' cores are found to a pixel or two: under 0.04 off in decoys
#: flow_other_solved_preview 700003, 700070, 700117).
ON_CENTRE = 0.1
#: Fewest columns and rows the ends on the lattice take: a board's, not a row of icons.
LATTICE_LINES = 3


@dataclass(frozen=True)
class EndsLattice:
    """The lattice ends sit on: its pitch, and the ends on it (x, y) with their cells
    (column, row) counted from the first's."""

    pitch: float
    xy: np.ndarray
    cells: np.ndarray


def on_ends_lattice(ends: np.ndarray, pairs: int) -> EndsLattice | None:
    """The lattice ``pairs`` of ``ends`` (x, y, size, R, G, B rows, twins by colour) or more
    sit on, at the cells' centres of one square lattice whose pitch fits their size
    (``DOT_OF_PITCH``), each in a cell of its own; of several, the one most ends fit
    (the smallest pitch of as many); ``None`` when none.

    Other blobs may pass for a flow beside them (an advert's button, a word's white
    letters splitting its inside in two: decoy flow_other_solved_preview 700117), so the
    lattice is the one most ends fit, each end in turn fixing its phase. Each pitch that
    fits their size is tried, in steps fine enough that the farthest end stays in
    tolerance.
    """
    size = float(median_of(ends[:, 2]))
    xy = ends[:, :2] - ends[:, :2].min(axis=0)
    low, high = size / DOT_OF_PITCH[1], size / DOT_OF_PITCH[0]
    ratio = 1 + ON_CENTRE * low / (float(xy.max()) + size) / 4
    pitches = low * ratio ** np.arange(math.ceil(math.log(high / low) / math.log(ratio)) + 1)
    # Each end's place from each other end (the anchor), in pitches: (pitch, anchor, end, axis).
    turns = (xy[None, :, :] - xy[:, None, :])[None] / pitches[:, None, None, None]
    near = np.abs(turns - np.round(turns)) <= 2 * ON_CENTRE  # both ends off by ON_CENTRE
    # A pair counts with both its ends on the lattice (the twin: the nearest colour).
    colour = np.linalg.norm(ends[:, None, 3:] - ends[None, :, 3:], axis=2)
    np.fill_diagonal(colour, np.inf)
    twin = np.argmin(colour, axis=1)
    on = near.all(axis=3)
    on &= on[:, :, twin]
    count = on.sum(axis=2)
    ks, anchors = np.nonzero(count >= 2 * pairs)
    # Most ends first (the smaller pitch of as many), the first that passes taken.
    for i in np.lexsort((ks, -count[ks, anchors])):
        k, a = ks[i], anchors[i]
        found = turns[k, a][on[k, a]]
        # The phase the anchor gave, refined over the ends fitting it: each within
        # ON_CENTRE of its cell's centre, one to a cell.
        phase = np.angle(np.exp(2j * np.pi * found).mean(axis=0)) / (2 * np.pi)
        cells = np.round(found - phase)
        if (
            (np.abs(found - phase - cells) <= ON_CENTRE).all()
            and min(len(set(cells[:, axis].tolist())) for axis in (0, 1)) >= LATTICE_LINES
            and len({tuple(c) for c in cells.tolist()}) == len(found)
        ):
            log.debug("ends on a lattice of pitch %.1f", pitches[k])
            return EndsLattice(float(pitches[k]), ends[on[k, a], :2], cells - cells.min(axis=0))
    return None


#: Fewest pairs of dots that make a board's lattice: every level has three flows or more.
DOTS_PAIRS = 3


def dots_grid(image: np.ndarray, settings: Settings) -> BoardGeometry | None:
    """The grid over the cells the board's dots take, from their places alone
    (``on_ends_lattice``), or ``None`` when they sit on no one lattice.

    The dots are looked for in the search's finer copy (``flow_dots``): in the first, a
    small cell's dot is a couple of pixels across, found whole only where its flow's
    pipe leaves it, and placed to a pixel of that copy, a sixth of a small pitch (warps
    jpeg 310003 solved: 25 px cells on a 2560 px desktop, 4 of 14 flows' ends found
    there, 12 in the finer, each within 0.05 pitch of its cell's centre).
    The lattice's pitch and place fitted by least squares over the dots on it.
    """
    h, w = image.shape[:2]
    step = max(1, math.ceil(max(h, w) / settings.work_size) // 2)
    dots = flow_dots(image, step)
    if dots is None:
        return None
    ends = dots.astype(np.float64)
    ends[:, :2] = ends[:, :2] * step + (step - 1) / 2
    ends[:, 2] *= step
    found = on_ends_lattice(ends, DOTS_PAIRS)
    if found is None:
        return None
    # x = x0 + pitch * column, y = y0 + pitch * row: one pitch both ways (square cells).
    n = len(found.xy)
    design = np.zeros((2 * n, 3))
    design[:n, 0], design[n:, 0] = found.cells[:, 0], found.cells[:, 1]
    design[:n, 1], design[n:, 2] = 1, 1
    (pitch, x0, y0), *_ = np.linalg.lstsq(design, found.xy.T.ravel(), rcond=None)
    if pitch < settings.min_cell_px:
        return None
    last = found.cells.max(axis=0)
    return BoardGeometry(
        tuple(float(x0 + pitch * (c - 0.5)) for c in range(int(last[0]) + 2)),
        tuple(float(y0 + pitch * (r - 0.5)) for r in range(int(last[1]) + 2)),
    )
