"""A board's outline and walls, where they reach into its cells further than its lines.

The game draws the outline and walls about three times as wide as the grid
lines; on a board drawn small (a page zoomed in from a small canvas, tiny
cells) the outline keeps two pixels or more, and blur widens it again: it
reaches a fifth of a pitch into the cells beside it, over the ring just
inside the lines where a cell's ground is sampled (``_cells``) and into the
reach of ``_marks`` (a corner cell, outlined on two sides, looks as if it
held a bright stroke or a ring of colour round a dark core). The cells are
read on a copy where the part of the outline past the lines' own reach is
painted over with the cell's pixels just past the outline's reach: the cells
beside the outline then look as beside a line, and the outline's middle, its
colour and its place are kept for the border's and the warps' looks.

The reach is measured per board, as a profile across its outline's sides from
their middle into the cells (its clear quarters, as ``_outline_edges`` takes
ink), against the lines' own, measured alike across the sides between two
cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from flowbot.models import BoardGeometry, Cell, link
from flowbot.vision._cells import RING_INNER
from flowbot.vision._colour import pixels_at
from flowbot.vision._marks import MARK_REACH
from flowbot.vision._outline_edges import ALONG
from flowbot.vision._stats import median_along
from flowbot.vision._types import Features

#: How far into a cell (pitches) the profile across a side is taken; the cell's
#: ground is taken over its last ``GROUND`` pitches (a dot of 0.38 pitch, the
#: largest, leaves the ground 0.27 pitch past the line in the quarters measured).
PROFILE, GROUND = 0.26, 0.05
#: A side's colour reaches as far as it stands out from the ground by this share of
#: its middle's step at least: blur's last tail is under it.
TAIL = 1 / 12
#: ... or, where the outline reaches that ground's place, this far: the game draws the
#: outline twice a line's width at least, and a small board's lines may be a sixth of a
#: pitch wide (a page zoomed in from a small canvas): in 25 px cells zoomed 1.75 the
#: outline is 9-10 px wide and its blur reaches 6 px (0.24 pitch) past its middle, where
#: the ground was taken; left as drawn, an empty corner cell's ring held the outline's
#: colour, "a pipe, not a dot" (synthetic warps zoomed 4300000 unsolved and started).
#: Sides with a dot beside them reach out to it: the lower quartile (``LOWER``) is taken.
DEEP = 0.3
#: The share of sides a reach is taken at (the lower quartile: sides with a dot
#: beside them, half or more on a board, reach out to it).
LOWER = 0.25
#: Most places along each quarter of a side, and most sides, a reach is measured
#: at (speed: a median of so many is as good as of all).
ALONG_SAMPLES, MOST_SIDES = 8, 64
#: The lines' core reaches as far as they stand out by half their middle's step.
HALF = 0.5
#: Most a pixel just past the outline differs (grey levels, any channel) from the
#: side's ground there (its median along the side) to be carried over the band:
#: more is a dot's rim reaching the outline.
GROUND_NOISE = 24
#: The outline is painted over only where it reaches this many pixels past the
#: lines (less is the anti-aliasing of a wider line: the cells' samples keep clear),
#: and into the part of a cell ``_marks`` judges (``MARK_REACH`` from its middle):
#: nearer the line, in small cells, a dot's rim lies just past it (19 px cells:
#: 2.5 px from the line) and would be carried out over the band.
#: Or where the cells' samples do not keep clear: the outline, no narrower than the
#: lines, reaches over the ring (``_over_ring``; synthetic holes mirror 5300005: 13.4 px
#: cells, the outline 3 px wide and the lines 2 measured to reach 2 px alike, the ring
#: 1.2 px from the line's middle on the outline, two corner cells' cores 32 and 40 Lab
#: from their rings and their corners 7-13 Lab off in the lines' hue: "a pipe, not a dot").
LEAST_PX = 1.0
#: ... less a pixel: the reach is measured in whole pixels (where the outline's tail
#: has faded), and ``_marks`` takes its samples at whole pixels, up to half of one
#: nearer the line than ``MARK_REACH``; in a corner cell both sides' tails meet there
#: (synthetic holes zoomed 310026, 37 px cells: the outline reaching 5 px, the marks'
#: outer samples 5.6 px from the line's middle, a corner cell's mark 18.9 from the
#: two outline sides' tails, read as a word's strokes).
ROUNDED_PX = 1.0


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a playable cell: its line ``at`` (pixels across it), its span along
    (``lo``..``hi``), ``vertical`` or not, and ``inward`` (+1: the cell lies at greater
    x or y than the line; -1: at smaller)."""

    at: float
    lo: float
    hi: float
    vertical: bool
    inward: int


def outline_sides(geometry: BoardGeometry, features: Features) -> tuple[list[Side], list[Side]]:
    """The sides of ``geometry``'s playable cells drawn as the outline or a wall (not at a
    warp's opening), and the sides between two playable cells drawn as lines."""
    rows, cols = geometry.rows, geometry.cols
    open_sides = set()
    for a, b in features.warps:
        if a.row == b.row:
            open_sides |= {(Cell(a.row, 0), (0, -1)), (Cell(a.row, cols - 1), (0, 1))}
        else:
            open_sides |= {(Cell(0, a.col), (-1, 0)), (Cell(rows - 1, a.col), (1, 0))}
    outline: list[Side] = []
    lines: list[Side] = []
    for cell, step, side in _sides(geometry):
        if cell in features.holes:
            continue
        other = Cell(cell.row + step[0], cell.col + step[1])
        playable = 0 <= other.row < rows and 0 <= other.col < cols
        playable = playable and other not in features.holes
        if not playable:
            if (cell, step) not in open_sides:
                outline.append(side)
        elif link(cell, other) in features.walls:
            outline.append(side)
        else:
            lines.append(side)
    return outline, lines


def _sides(geometry: BoardGeometry) -> Iterator[tuple[Cell, tuple[int, int], Side]]:
    xs, ys = geometry.xs, geometry.ys
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            cell = Cell(r, c)
            yield cell, (0, -1), Side(xs[c], ys[r], ys[r + 1], True, 1)
            yield cell, (0, 1), Side(xs[c + 1], ys[r], ys[r + 1], True, -1)
            yield cell, (-1, 0), Side(ys[r], xs[c], xs[c + 1], False, 1)
            yield cell, (1, 0), Side(ys[r + 1], xs[c], xs[c + 1], False, -1)


def reach(
    image: np.ndarray,
    sides: list[Side],
    pitch: float,
    share: float = TAIL,
    depth_share: float = PROFILE,
) -> float:
    """How far (pixels) past the middle of ``sides`` their colour reaches into the cells:
    the lower quartile over the sides of where each one's step from the cell's ground,
    past its edge, falls under ``share`` of its middle's, or falls by less than that a
    pixel.
    ``nan`` without sides."""
    if not sides:
        return float("nan")
    h, w = image.shape[:2]
    depth = max(3, round(depth_share * pitch))
    ground_from = max(1, depth - max(1, round(GROUND * pitch)))
    n_along = min(ALONG_SAMPLES, max(3, round((ALONG[1] - ALONG[0]) * pitch)))
    sides = sides[:: -(-len(sides) // MOST_SIDES)]  # spread over the board
    quarter = np.linspace(*ALONG, n_along)
    t = np.concatenate([quarter, 1 - quarter[::-1]])
    off = np.arange(depth + 1)
    # Every side at once: ``[side, along, off]`` pixel places.
    at, lo, hi = (np.array([getattr(s, k) for s in sides]) for k in ("at", "lo", "hi"))
    vertical = np.array([s.vertical for s in sides])[:, None, None]
    inward = np.array([s.inward for s in sides])
    along = np.round(lo[:, None] + (hi - lo)[:, None] * t).astype(np.intp)[:, :, None]
    across = np.round(at[:, None] + inward[:, None] * off).astype(np.intp)[:, None, :]
    rows = np.where(vertical, along, across)
    cols = np.where(vertical, across, along)
    # A side cut by the image's edge is measured on the others.
    whole = ((rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)).all(axis=(1, 2))
    if not whole.any():
        return float("nan")
    patch = pixels_at(image, rows[whole], cols[whole]).astype(np.float32)  # [n, a, o, 3]
    profile = median_along(patch.transpose(0, 2, 3, 1), axis=-1)  # [n, off, 3]
    ground = profile[:, ground_from:].mean(axis=1)
    step = np.abs(profile - ground[:, None]).max(axis=2)  # [n, off]
    middle = step[:, :2].max(axis=1)
    step, least = step[middle > 0], share * middle[middle > 0, None]
    if not step.size:
        return float("nan")
    # Past its edge (under half the middle's step), where it stops falling: a
    # gradient of glow across the cell falls on slowly, not by ``share`` a pixel.
    below = step < min(share, HALF) / share * least
    edge = np.argmax(below, axis=1)
    ends = (step[:, :-1] < least) | (step[:, :-1] - step[:, 1:] < least)
    ends &= np.arange(depth)[None, :] >= edge[:, None]
    found = np.where(below.any(axis=1) & ends.any(axis=1), np.argmax(ends, axis=1), depth)
    # The lower quartile: a dot beside a side (its cell's) reaches the ground's place
    # in the side's quarters and carries the reach out to it.
    return float(np.quantile(found, LOWER))


def outline_off(image: np.ndarray, geometry: BoardGeometry, features: Features) -> np.ndarray:
    """``image``, or a copy with the outline and walls of the board ``geometry`` holds
    painted over past the lines' reach, on the cells' side, where they reach
    ``LEAST_PX`` further: each side's band filled with the cell's pixels just past it."""
    outline, lines = outline_sides(geometry, features)
    pitch = geometry.cell_size
    far, profile = reach(image, outline, pitch), PROFILE
    if far >= (PROFILE - GROUND) * pitch:
        # At the ground's place: measured again from farther in (``DEEP``).
        far, profile = reach(image, outline, pitch, depth_share=DEEP), DEEP
    # (nan: no outline or no line measured.) Past the ground's place the reach is not
    # measured: left as drawn.
    lines_reach = reach(image, lines, pitch)
    if not (
        (far - lines_reach >= LEAST_PX or (far >= lines_reach and _over_ring(far, pitch)))
        and (0.5 - MARK_REACH) * pitch - ROUNDED_PX <= far < (profile - GROUND) * pitch
    ):
        return image
    out = image.copy()
    h, w = image.shape[:2]
    # Kept: the outline as wide as the lines' core (half their step); past it, ground.
    keep, past = round(reach(image, lines, pitch, HALF)), int(np.ceil(far)) + 1
    # The typical side's ground there (sides cut by the image's edge left out).
    insides = np.array([_inside(image, s, past) for s in outline])
    insides = insides[~np.isnan(insides).any(axis=1)]
    typical = np.median(insides, axis=0) if len(insides) else np.full(3, np.nan)
    # The vertical sides first, then the horizontal ones over them: a corner's
    # horizontal band is filled from a row the vertical pass painted already.
    for vertical in (True, False):
        for side in (s for s in outline if s.vertical == vertical):
            lo, hi = max(0, round(side.lo)), min((w if not vertical else h), round(side.hi) + 1)
            band = side.at + side.inward * np.arange(keep, past)
            source = round(side.at + side.inward * past)
            band = np.round(band).astype(int)
            size = w if vertical else h
            if not (0 <= source < size) or band.min() < 0 or band.max() >= size:
                continue
            fill = out[lo:hi, source] if vertical else out[source, lo:hi]
            # Where a dot reaches the outline the pixel past it is the dot's rim: left
            # as drawn there, not carried out over the band.
            ground = _side_ground(image, side, fill, typical, past=past, pitch=pitch)
            at = np.arange(lo, hi)[np.abs(fill - ground).max(axis=1) <= GROUND_NOISE]
            if vertical:
                out[at[:, None], band[None, :]] = out[at, source][:, None]
            else:
                out[band[:, None], at[None, :]] = out[source, at][None, :]
    return out


def _over_ring(far: float, pitch: float) -> bool:
    """Whether an outline reaching ``far`` pixels past its middle covers the ring where a
    cell's ground is sampled (``_cells.RING_INNER``): in cells so small, the ring lies on
    the outline's own half-width, however little it reaches past the lines' (whole pixels)."""
    return far >= (0.5 - RING_INNER) * pitch


def _inside(image: np.ndarray, side: Side, past: int) -> np.ndarray:
    """The median colour along ``side``, ``past`` pixels in from its middle (nan where cut)."""
    pixels = _line_pixels(image, side, side.at + side.inward * past)
    return np.full(3, np.nan) if pixels is None else np.median(pixels, axis=0)


def _line_pixels(image: np.ndarray, side: Side, at: float) -> np.ndarray | None:
    """The pixels along ``side``'s span on the line ``at`` across it (None past the image)."""
    h, w = image.shape[:2]
    size, span = (w, h) if side.vertical else (h, w)
    k, lo, hi = round(at), max(0, round(side.lo)), min(span, round(side.hi) + 1)
    if not 0 <= k < size or lo >= hi:
        return None
    return image[lo:hi, k] if side.vertical else image[k, lo:hi]


def _side_ground(
    image: np.ndarray, side: Side, fill: np.ndarray, typical: np.ndarray, *, past: int, pitch: float
) -> np.ndarray:
    """The cell's ground along ``side``, ``past`` pixels in: the median of ``fill``, or,
    where that is the colour at the cell's centre (within ``GROUND_NOISE``) and lies
    ``GROUND_NOISE`` from the ``typical`` side's, the median of ``fill`` and the line as
    far out past the outline together.

    A dot squeezed between two outline sides (a small cell, the outline a fifth of its
    pitch: synthetic warps twins 4100002, 25.6 px cells, a dot 18.5 px wide between
    outline sides 18 px apart) covers over half of each side's span: its colour was the
    median, and carried over the band it squared the dot off into a tile ("neither a
    dot nor empty"). Past the outline lies the ground the game draws round the board
    and its holes (past a wall, another cell's edge), glow running on across it. A
    flow's tint is no dot: its cell's centre is its pipe's colour."""
    ground = np.median(fill, axis=0)
    if not np.abs(ground - typical).max() > GROUND_NOISE:  # (nan: no typical side)
        return ground
    middle, centre = (side.lo + side.hi) / 2, side.at + side.inward * pitch / 2
    y, x = (middle, centre) if side.vertical else (centre, middle)
    patch = image[round(y) - 1 : round(y) + 2, round(x) - 1 : round(x) + 2].reshape(-1, 3)
    if not len(patch) or np.abs(np.median(patch, axis=0) - ground).max() > GROUND_NOISE:
        return _ground_beside_rim(fill, ground, typical)
    beyond = _line_pixels(image, side, side.at - side.inward * past)
    if beyond is None or len(beyond) != len(fill):
        return ground
    return np.median(np.concatenate([fill, beyond]), axis=0)


def _ground_beside_rim(fill: np.ndarray, median: np.ndarray, typical: np.ndarray) -> np.ndarray:
    """``median``, the colour along a side, or, where under half of ``fill`` has it, the
    colour of ``fill``'s pixels within ``GROUND_NOISE`` of the ``typical`` side's ground.

    In a small cell a dot's rim may cross the line just past the outline over half its
    span, the ground at its ends: their median is neither, a blend the rim's
    anti-aliased pixels are near, and they were carried out over the band as ground
    (synthetic holes colour_blind 6100000: 13.6 px cells, a lettered dot in a corner
    cell ringed in its colour, no lettered disc: "not a flat dot"). A flow's tint is
    the colour along most of its side, kept as the ground."""
    if np.mean(np.abs(fill - median).max(axis=1) <= GROUND_NOISE) >= 0.5:
        return median
    like = fill[np.abs(fill - typical).max(axis=1) <= GROUND_NOISE]
    # Neither: a blend of a dot's rim and a tint unlike the typical side's
    # (synthetic holes colour_blind 6100000 solved: a red lettered dot over 6 of
    # a corner side's 15 px, its flow's dark tint at the ends, a blue tint
    # typical): no ground told, the side left as drawn (nan matches no pixel).
    return np.median(like, axis=0) if len(like) else np.full(3, np.nan)
