"""Reading the cells of a found board: dot or empty, each dot's colour, and pipes.

Every cell is sampled at the same offsets from its centre, at full
resolution: a *core* disc (inside any dot), a *ring* just inside the grid
lines (outside any dot) and four *edge sectors* of that ring, one facing each
neighbour. Colours are compared in CIELAB, where distance follows what the
eye sees, so one tolerance serves dark navy and pale grey alike. Everything is
judged relative to the board's own background, never to fixed game colours.

Doubtful cells get a closer look at their shape: a dot is a flat disc of a
known size with a sharp rim, centred in its cell (``is_crisp_disc``); a dot's
colour reaching the ring is judged around the dot's own centre, since the grid
may be found a pixel or two off (``ring_like_core_recentred``).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._colour import delta_e, pixels_at, place_between, to_lab, to_rgb
from flowbot.vision._stats import median_along, median_of

#: Radii as fractions of the cell pitch. Dots fill about 55-75% of a cell, so
#: their radius lies in 0.27-0.38: the core stays inside every dot and the ring
#: outside every dot yet inside the grid lines.
CORE_RADIUS = 0.2
RING_INNER, RING_OUTER = 0.41, 0.46
#: Lab distance within which two pixels have the same colour: JPEG noise stays
#: well inside, distinct colours well outside.
NEAR = 12.0
#: Half-angle of an edge sector, in radians.
SECTOR_HALF_ANGLE = 0.35
#: A dot's rim lies in this range of radii (real screens: 0.33-0.35), and is
#: sharp: its colour changes within ``RIM_PX`` pixels plus ``RIM_PITCH`` of a
#: pitch (anti-aliasing, JPEG, scaling), where glow changes over a third of a cell.
DOT_RADII = (0.25, 0.4)
RIM_PX, RIM_PITCH = 2.0, 0.06
#: The rim is looked for among rings of at least this many pixels: the centre's
#: one to four pixels give no median to trust (a JPEG block's odd centre pixel).
RING_MIN_PIXELS = 5
#: Most ratio of a disc's long axis to its short one (second moments of its
#: pixels) for one of a dot's colour that barely stands out: real faint discs
#: in 17-25 px JPEG cells measure up to 1.24; a JPEG chroma block or a glow
#: band that merely looks like a disc in a small cell is oblong (1.39).
FAINT_ELONGATION = 1.25
#: Farthest a dot's own centre may lie from its cell's, as a share of the
#: pitch, for ``is_crisp_disc(tolerant=True)``: a grid found in a copy
#: shrunk 3-4 times is up to 1.5-2 px off, 0.1 pitch in a 20 px cell.
RECENTRE_MAX = 0.1
#: A dot's core is one colour (at least this share of its pixels near its
#: median) that its ring does not show (at most this share there).
FLAT_CORE, RING_LIKE_MAX = 0.8, 0.1


@dataclass(frozen=True, slots=True)
class CellSamples:
    """Per-cell statistics, arrays indexed ``[row, col]`` (Lab colours last axis)."""

    core_lab: np.ndarray
    core_rgb: np.ndarray
    core_uniformity: np.ndarray
    ring_lab: np.ndarray
    #: Fraction of ring pixels with the core's colour (a dot leaves none there).
    ring_like_core: np.ndarray
    #: Median Lab of the ring's sectors facing right, down, left, up: ``[r, c, 4, 3]``.
    sector_lab: np.ndarray

    @property
    def flat(self) -> np.ndarray:
        """Cells with a flat core that stops short of the ring, as a dot's does."""
        return (self.core_uniformity >= FLAT_CORE) & (self.ring_like_core <= RING_LIKE_MAX)


@functools.lru_cache(maxsize=32)
def _offsets(pitch: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Pixel offsets ``(dx, dy)`` of the core and ring, and each ring pixel's sector (-1: none).

    Cached (read-only arrays): a read samples cells of one pitch many times.
    """
    step = max(1.0, pitch / 40)
    while True:
        reach = RING_OUTER * pitch
        grid = np.arange(-reach, reach + step / 2, step)
        dx, dy = np.meshgrid(grid, grid)
        dx, dy = dx.ravel(), dy.ravel()
        r = np.hypot(dx, dy) / pitch
        core = r <= CORE_RADIUS
        ring = (r >= RING_INNER) & (r <= RING_OUTER)
        angle = np.arctan2(dy[ring], dx[ring])  # 0 right, pi/2 down (y grows downwards)
        sector = np.full(angle.shape, -1)
        for k, centre in enumerate((0.0, np.pi / 2, np.pi, -np.pi / 2)):
            diff = np.abs((angle - centre + np.pi) % (2 * np.pi) - np.pi)
            sector[diff <= SECTOR_HALF_ANGLE] = k
        if all((sector == k).any() for k in range(4)):
            break
        step /= 2  # the thin ring of a small cell missed a sector: sample finer
    core_xy = np.stack([dx[core], dy[core]], axis=1)
    ring_xy = np.stack([dx[ring], dy[ring]], axis=1)
    for shared in (core_xy, ring_xy, sector, r):
        shared.flags.writeable = False
    return core_xy, ring_xy, sector, r


def cell_pitch(xs: np.ndarray, ys: np.ndarray) -> float:
    """A grid's smallest cell side, in the pixels of its line positions ``xs``, ``ys``."""
    # (``np.diff``'s own overhead is most of the time: a read asks dozens of times.)
    xs, ys = np.asarray(xs), np.asarray(ys)
    return float(min((xs[1:] - xs[:-1]).min(), (ys[1:] - ys[:-1]).min()))


def sample_cells(image: np.ndarray, geometry: BoardGeometry) -> CellSamples:
    """Sample every cell of ``geometry`` in ``image`` (full-resolution RGB)."""
    rows, cols = geometry.rows, geometry.cols
    core, ring, sector = _core_and_ring(image, geometry)
    core_lab_px = to_lab(core)
    ring_lab_px = to_lab(ring)
    core_lab = median_along(core_lab_px, axis=1)
    core_rgb = median_along(core, axis=1)
    ring_lab = median_along(ring_lab_px, axis=1)
    # Shares as count / size: the same floats as .mean(), faster.
    core_near = np.count_nonzero(delta_e(core_lab_px, core_lab[:, None]) <= NEAR, axis=1)
    ring_near = np.count_nonzero(delta_e(ring_lab_px, core_lab[:, None]) <= NEAR, axis=1)
    core_uniformity = core_near / core_lab_px.shape[1]
    ring_like_core = ring_near / ring_lab_px.shape[1]
    sector_lab = _sector_medians(ring_lab_px, sector)
    return CellSamples(
        core_lab=core_lab.reshape(rows, cols, 3),
        core_rgb=core_rgb.reshape(rows, cols, 3),
        core_uniformity=core_uniformity.reshape(rows, cols),
        ring_lab=ring_lab.reshape(rows, cols, 3),
        ring_like_core=ring_like_core.reshape(rows, cols),
        sector_lab=sector_lab.reshape(rows, cols, 4, 3),
    )


def core_and_ring_lab(image: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, np.ndarray]:
    """``sample_cells``' ``core_lab`` and ``ring_lab`` alone (the same values), for a quick look."""
    core, ring, _ = _core_and_ring(image, geometry)
    shape = (geometry.rows, geometry.cols, 3)
    return (
        median_along(to_lab(core), axis=1).reshape(shape),
        median_along(to_lab(ring), axis=1).reshape(shape),
    )


def _core_and_ring(
    image: np.ndarray, geometry: BoardGeometry
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each cell's core and ring pixels, ``(cells, k, 3)`` in reading order; the ring's sectors."""
    h, w = image.shape[:2]
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    cx = (xs[:-1] + xs[1:]) / 2
    cy = (ys[:-1] + ys[1:]) / 2
    core_xy, ring_xy, sector, _ = _offsets(cell_pitch(xs, ys))
    centre_x, centre_y = (v.reshape(-1, 1) for v in np.meshgrid(cx, cy))  # (n, 1) each

    def gather(offsets: np.ndarray) -> np.ndarray:
        px = np.clip(np.rint(centre_x + offsets[:, 0]), 0, w - 1).astype(np.intp)
        py = np.clip(np.rint(centre_y + offsets[:, 1]), 0, h - 1).astype(np.intp)
        return pixels_at(image, py, px)  # (n, k, 3)

    return gather(core_xy), gather(ring_xy), sector


def _sector_medians(ring_lab_px: np.ndarray, sector: np.ndarray) -> np.ndarray:
    """Per cell, the median Lab of its ring pixels in each of the four sectors: ``(n, 4, 3)``.

    Sectors of as many pixels each (all but a few pitches) in one call.
    """
    members = [np.flatnonzero(sector == k) for k in range(4)]
    if len({len(m) for m in members}) > 1:
        return np.stack([median_along(ring_lab_px[:, m], axis=1) for m in members], axis=1)
    n, _, channels = ring_lab_px.shape
    by_sector = ring_lab_px[:, np.concatenate(members)].reshape(n, 4, -1, channels)
    return median_along(by_sector, axis=2)


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
    judged = np.maximum(across_rows, across_cols).reshape(*across_rows.shape[:2], -1)
    return _share_reaches(judged)


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


def ring_like_core_recentred(
    image: np.ndarray, centre: tuple[float, float], pitch: float, core: np.ndarray
) -> float:
    """``CellSamples.ring_like_core`` around the centroid of the core's colour near ``centre``.

    A large dot a pixel or two off the grid's cell centre reaches into the
    ring on one side; around its own centre it does not. A pipe runs on
    through the ring wherever the centre is.
    """
    h, w = image.shape[:2]
    cx, cy = centre
    reach = RING_OUTER * pitch
    x0, x1 = max(0, math.floor(cx - reach)), min(w, math.ceil(cx + reach) + 1)
    y0, y1 = max(0, math.floor(cy - reach)), min(h, math.ceil(cy + reach) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    like = (delta_e(to_lab(image[y0:y1, x0:x1]), core) <= NEAR) & (
        np.hypot(xx - cx, yy - cy) <= reach
    )
    if not like.any():
        return 1.0
    centre_x, centre_y = float(xx[like].mean()), float(yy[like].mean())
    _, ring_xy, _, _ = _offsets(pitch)
    px = np.clip(np.rint(centre_x + ring_xy[:, 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(centre_y + ring_xy[:, 1]), 0, h - 1).astype(np.intp)
    return float((delta_e(to_lab(pixels_at(image, py, px)), core) <= NEAR).mean())


def is_crisp_disc(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    elongation: float = math.inf,
    tolerant: bool = False,
) -> bool:
    """Whether a flat disc of a dot's size and a sharp rim is centred at ``centre``.

    ``elongation``: most ratio of the disc's long axis to its short one.
    Out to the ring, the median colour distance to ``inside`` (the core's) in
    one-pixel-wide rings, as a share of the distance from ``inside`` to
    ``outside`` (the ring's): a dot stays near 0 out to its radius and climbs
    to near 1 within a thin rim, the same all round. Glow changes gradually
    and, not being centred on the cell, not in circles.

    ``tolerant``, for a disc that stands out more than JPEG noise or glow in
    an empty cell can: its size is the middle of its rim (JPEG or scaling
    soften a small dot's rim, which then starts well inside its radius), and
    a disc a little off ``centre`` (at most ``RECENTRE_MAX`` of a pitch: a
    grid found in a shrunk copy is a pixel or two off) is judged around its
    own centre too.
    """
    step = float(delta_e(inside, outside))
    if step <= 0:
        return False
    h, w = image.shape[:2]
    reach = RING_OUTER * pitch
    # Every pixel of a small cell; every k-th of a large one, in rings k px wide
    # (the rim's allowance grows with the pitch faster than k).
    k = max(1, int(pitch // 50))
    cx, cy = centre
    x0, x1 = max(0, math.floor(cx - reach)), min(w, math.ceil(cx + reach) + 1)
    y0, y1 = max(0, math.floor(cy - reach)), min(h, math.ceil(cy + reach) + 1)
    yy, xx = np.mgrid[y0:y1:k, x0:x1:k]
    far = delta_e(to_lab(image[y0:y1:k, x0:x1:k]), inside) / step
    if _disc_at(far, xx, yy, centre, pitch=pitch, k=k, elongation=elongation, tolerant=tolerant):
        return True
    if not tolerant:
        return False
    disc = (far < 0.5) & (np.hypot(xx - cx, yy - cy) < reach)
    if not disc.any():
        return False
    own = (float(xx[disc].mean()), float(yy[disc].mean()))
    shift = math.hypot(own[0] - cx, own[1] - cy)
    return 0.5 <= shift <= RECENTRE_MAX * pitch and _disc_at(
        far, xx, yy, own, pitch=pitch, k=k, elongation=elongation, tolerant=True
    )


def _disc_at(
    far: np.ndarray,
    xx: np.ndarray,
    yy: np.ndarray,
    centre: tuple[float, float],
    *,
    pitch: float,
    k: int,
    elongation: float,
    tolerant: bool,
) -> bool:
    """``is_crisp_disc`` around ``centre``, given each pixel's place ``far`` from inside to out."""
    reach = RING_OUTER * pitch
    r = np.hypot(xx - centre[0], yy - centre[1])
    near = r < reach
    far = far[near]
    bins = np.floor(r[near] / k).astype(np.intp)
    order = np.lexsort((far, bins))  # by ring, then distance: medians by index
    count = np.bincount(bins)
    starts = np.r_[0, np.cumsum(count)[:-1]]
    filled = count >= RING_MIN_PIXELS
    median = far[order][starts[filled] + count[filled] // 2]
    radii = np.flatnonzero(filled) * k
    inside, inner = np.flatnonzero(median <= 0.25), np.flatnonzero(median < 0.75)
    if inside.size == 0 or inner.size == 0 or median[-1] < 0.75:
        return False
    # The disc's colour ends where the last rise out of it starts: a faint
    # disc's own JPEG noise lifts a ring or two near its centre above a
    # quarter of the way (step 18 Lab in a 24 px cell: 0.29, then 0.09).
    rim_in = int(radii[inside[-1] + 1])  # (the last ring is above a quarter)
    rim_out = int(radii[inner[-1]]) + k  # ... the outside's begins
    size = (rim_in + rim_out - k) / 2 if tolerant else rim_in  # the rim's middle, or start
    # Some clear outside: the last ring is the outside's colour (above). No
    # more is asked: the last ring is cut by ``reach`` anywhere within a pixel,
    # and a large dot (0.38 pitch) in a small cell blurs out to it.
    if not (
        DOT_RADII[0] * pitch <= size <= DOT_RADII[1] * pitch
        and rim_out - rim_in <= RIM_PX + RIM_PITCH * pitch
    ):
        return False
    # All round: nearly every pixel inside the rim is nearer the disc's colour,
    # nearly every one outside it nearer the ring's (a glow band through the
    # centre has medians like a disc's, but its colour runs on along the band).
    # A rim sharp enough to lie within one ring (rim_in == rim_out) leaves that
    # ring's pixels part disc, part outside: neither side's.
    radius = r[near]
    disc, rest = far[radius < rim_in], far[radius >= max(rim_out, rim_in + k)]
    if not (disc.size and rest.size and (disc < 0.5).mean() >= 0.9 and (rest > 0.5).mean() >= 0.9):
        return False
    return (
        math.isinf(elongation)
        or _elongation(xx[near], yy[near], (far < 0.5) & (radius < rim_out)) <= elongation
    )


def _elongation(xx: np.ndarray, yy: np.ndarray, inside: np.ndarray) -> float:
    """Ratio of the long axis to the short one of the pixels ``inside``."""
    if np.count_nonzero(inside) < 3:
        return math.inf
    small, large = np.linalg.eigvalsh(np.cov(xx[inside], yy[inside]))
    return math.sqrt(large / small) if small > 0 else math.inf


def line_lightness(image: np.ndarray, geometry: BoardGeometry) -> float | None:
    """Median L* of the grid's inner lines (``None`` when the grid has none).

    Sampled over the middle of every inner edge, the lightest of the three
    pixels across the line at each point (the grid may be a pixel off).
    """
    lab = _across_inner_lines(image, geometry, np.linspace(0.3, 0.7, 5))
    if lab is None:
        return None
    return float(median_of(lab[..., 0].max(axis=1)))


def line_colour(image: np.ndarray, geometry: BoardGeometry) -> np.ndarray | None:
    """Median Lab of the grid's inner lines near the cells' corners (``None``: no inner line).

    Sampled a fifth to a quarter of the way along every inner edge from each
    end, where no pipe or dot can lie, the lightest of the three pixels
    across the line at each point (the grid may be a pixel off).
    """
    lab = _across_inner_lines(image, geometry, np.array([0.2, 0.25, 0.75, 0.8]))
    if lab is None:
        return None
    lightest = np.take_along_axis(lab, lab[..., :1].argmax(axis=1)[:, None], axis=1)[:, 0]
    return median_of(lightest, axis=0)


def _across_inner_lines(
    image: np.ndarray, geometry: BoardGeometry, along: np.ndarray
) -> np.ndarray | None:
    """Lab of the three pixels across every inner line, at ``along`` (fractions) of each edge.

    Shape ``(points, 3, 3)``: points along the lines, pixels across, Lab;
    ``None`` when the grid has no inner line.
    """
    h, w = image.shape[:2]
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    across = np.array([-1, 0, 1])
    points = []
    for lines, spans in ((xs, ys), (ys, xs)):
        if len(lines) < 3:
            continue
        starts, sizes = spans[:-1], np.diff(spans)
        at = (starts[:, None] + sizes[:, None] * along).ravel()  # positions along a line
        on = np.rint(lines[1:-1, None, None] + across[None, None, :]).astype(np.intp)
        grid_on, grid_at = np.broadcast_arrays(on, np.rint(at)[None, :, None].astype(np.intp))
        pts = (grid_on, grid_at) if lines is xs else (grid_at, grid_on)  # (x, y)
        points.append(np.stack(pts, axis=-1).reshape(-1, len(across), 2))
    if not points:
        return None
    xy = np.concatenate(points)
    px = np.clip(xy[..., 0], 0, w - 1)
    py = np.clip(xy[..., 1], 0, h - 1)
    return to_lab(pixels_at(image, py, px))


#: A cell's border band, as fractions of the pitch from its centre: inside the
#: grid lines, outside anything the game draws in a cell but a pipe.
BORDER = (0.43, 0.47)

#: ``interior_reach`` follows the inner lines' profile out to where it stays
#: within this share of the line's contrast with the cells: the line's own
#: pixels, their anti-aliasing and blur, and JPEG's ringing around them.
LINE_TRACE = 0.1
#: ... looking no farther from a line's centre than this share of the pitch
#: (the thickest lines are an eighth of a pitch wide, blurred by a few px),
#: and comparing with the cell beyond that, out to ``LINE_CLEAR``: clear of
#: any dot there, as the profile is taken near the cells' corners.
LINE_SEARCH, LINE_CLEAR = 0.15, 0.22


def interior_reach(image: np.ndarray, geometry: BoardGeometry) -> float:
    """How far from a cell's centre its inside goes before its grid lines show (share of pitch).

    Across every inner line, near the cells' corners (where no dot lies),
    each pixel's Lab distance from the cell's colour beyond the line's
    reach on its side; the median profile over the lines is the line's: its
    peak at the line, its tails the line's blur and JPEG's ringing. The line
    shows out to the farthest pixel from its found position whose distance
    is ``LINE_TRACE`` of the peak's or more (above the cells' own noise): a
    grid found a pixel off widens the profile by as much. The inside ends
    there, kept from ``BORDER[0]`` (a ray must pass the outline of anything
    drawn in a cell, a bridge's deck 0.4 pitch from its centre, and see the
    background beyond) to ``BORDER[1]``: a 1 px line in a large cell leaves
    the border band, a thick blurred one a few pixels less.
    """
    h, w = image.shape[:2]
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    pitch = cell_pitch(xs, ys)
    search = max(1, math.ceil(LINE_SEARCH * pitch))
    clear = max(search + 1, math.ceil(LINE_CLEAR * pitch))
    offsets = np.arange(-clear, clear + 1)
    along = np.array([0.15, 0.2, 0.8, 0.85])
    rows = []
    for lines, spans in ((xs, ys), (ys, xs)):
        if len(lines) < 3:
            continue
        at = (spans[:-1, None] + np.diff(spans)[:, None] * along).ravel()
        on = np.rint(lines[1:-1, None, None]).astype(np.intp) + offsets  # (lines, 1, offsets)
        grid_on, grid_at = np.broadcast_arrays(on, np.rint(at)[None, :, None].astype(np.intp))
        px, py = (grid_on, grid_at) if lines is xs else (grid_at, grid_on)
        rows.append(
            pixels_at(image, np.clip(py, 0, h - 1), np.clip(px, 0, w - 1)).reshape(
                -1, offsets.size, 3
            )
        )
    if not rows:
        return BORDER[1]
    lab = to_lab(np.concatenate(rows))  # (points, offsets, Lab)
    beyond = np.abs(offsets) > search
    before, after = beyond & (offsets < 0), beyond & (offsets > 0)
    cells = np.where(
        (offsets < 0)[None, :, None],
        median_along(lab[:, before], axis=1)[:, None],
        median_along(lab[:, after], axis=1)[:, None],
    )
    profile = median_along(delta_e(lab, cells), axis=0)
    base = float(median_of(profile[beyond]))
    peak = float(profile[~beyond].max())
    shows = ~beyond & (profile - base >= LINE_TRACE * max(peak - base, 1e-6))
    extent = float(np.abs(offsets[shows]).max()) if shows.any() else 0.0
    return float(np.clip((pitch / 2 - extent) / pitch, BORDER[0], BORDER[1]))


def border_like(
    image: np.ndarray, centre: tuple[float, float], pitch: float, colour: np.ndarray
) -> float:
    """Share of the band just inside the cell's grid lines with ``colour`` on both sides of them.

    Whatever lies in the cell and ends before its lines (a dot, a tile) leaves
    none there; a band of glow or a pipe through the cell runs on into it. A
    tile's edge may reach the band in a small cell (blur, a grid found a pixel
    off), but stops at the line: a band pixel counts only when its partner
    just across the nearest grid line, in the neighbour, has the colour too,
    as glow's has (glow is continuous across the lines).
    """
    across, _, _, cut = _band_like(image, centre, pitch, colour)
    # A partner beyond the image tells nothing: it counts only when the
    # colour is seen running on across some line with both sides in view.
    # A tile in a corner cell at the image's edge reaches the band on its two
    # cut sides only (flow_edge_objects 101086: 0.33 of the band otherwise).
    if not (across & ~cut).any():
        across = across & ~cut
    return float(np.count_nonzero(across) / across.size)


def border_like_sides(
    image: np.ndarray, centre: tuple[float, float], pitch: float, colour: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per side (right, down, left, up), the share of the border band with ``colour``.

    Two shares: of the band's pixels alone, and of those whose partner
    across the line has the colour too (as ``border_like`` counts them).
    """
    across, inside, side, _ = _band_like(image, centre, pitch, colour)
    return (
        np.array([inside[side == k].mean() for k in range(4)]),
        np.array([across[side == k].mean() for k in range(4)]),
    )


def _band_like(
    image: np.ndarray, centre: tuple[float, float], pitch: float, colour: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per border band pixel: ``colour`` on both sides of its line; on its side; the band's side;
    whether its partner lies beyond the image."""
    h, w = image.shape[:2]
    cx, cy = centre
    dx, dy, mx, my, side = _band_and_partners(pitch)
    x, y = np.rint(cx + np.concatenate([dx, mx])), np.rint(cy + np.concatenate([dy, my]))
    px = np.clip(x, 0, w - 1).astype(np.intp)
    py = np.clip(y, 0, h - 1).astype(np.intp)
    near = (delta_e(to_lab(pixels_at(image, py, px)), colour) <= NEAR).reshape(2, -1)
    # A partner beyond the image (cropped at the border line) tells nothing.
    cut = ((x != px) | (y != py)).reshape(2, -1)[1]
    return near[0] & (near[1] | cut), near[0], side, cut


def _band_and_partners(
    pitch: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Offsets of the border band's pixels, of their partners, and each one's side.

    Each band pixel's partner lies across its nearest grid line, as far
    beyond the line as the band's inner edge is before it: clear of lines up
    to 0.13 pitch wide, and of the neighbour's dot (radius 0.38 at most).
    Sides: 0 right, 1 down, 2 left, 3 up.
    """
    step = max(1.0, pitch / 60)
    grid = np.arange(-BORDER[1] * pitch, BORDER[1] * pitch + step / 2, step)
    dx, dy = np.meshgrid(grid, grid)
    band = np.maximum(np.abs(dx), np.abs(dy)) >= BORDER[0] * pitch
    dx, dy = dx[band], dy[band]
    sideways = np.abs(dx) >= np.abs(dy)
    reach = (1 - 2 * BORDER[0]) * pitch
    mx = np.where(sideways, dx + np.sign(dx) * reach, dx)
    my = np.where(sideways, dy, dy + np.sign(dy) * reach)
    side = np.where(sideways, np.where(dx > 0, 0, 2), np.where(dy > 0, 1, 3))
    return dx, dy, mx, my, side


def place_past_lines(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    beyond: np.ndarray,
) -> np.ndarray:
    """Per side, the median place just across the cell's grid line, from ``inside`` to ``beyond``.

    ``beyond``: four colours (right, lower, left, upper neighbour's). Each
    partner pixel of the border band (as in ``border_like``) is placed
    between ``inside`` (0) and its side's colour (1) by Lab distances. An
    object that ends inside the cell leaves the neighbour's own colour
    there (near 1); glow that peaks in the cell runs on across the line,
    still part of the way from it. NaN for a side beyond the image.
    """
    h, w = image.shape[:2]
    cx, cy = centre
    _, _, mx, my, side = _band_and_partners(pitch)
    x, y = np.rint(cx + mx), np.rint(cy + my)
    px = np.clip(x, 0, w - 1).astype(np.intp)
    py = np.clip(y, 0, h - 1).astype(np.intp)
    place = place_between(to_lab(pixels_at(image, py, px)), inside, beyond[side])
    seen = (x == px) & (y == py)
    return np.array(
        [
            float(median_of(place[(side == k) & seen])) if ((side == k) & seen).any() else np.nan
            for k in range(4)
        ]
    )


#: A square within this share of the pitch of a cell's centre lies inside its
#: grid lines (up to 0.13 pitch wide: they begin at 0.435), and holds the
#: outline of any object drawn in the cell.
INSIDE_LINES = 0.42


def steepest_inside(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
) -> float:
    """Pixels in which the cell's colour changes the whole way at its steepest, inside its lines.

    Each pixel within ``INSIDE_LINES`` of ``centre`` (every k-th in a large
    cell) is placed between ``inside`` (0) and ``outside`` (1) in RGB (its
    projection on the line between them); the largest step between
    neighbouring pixels, per pixel, gives how many pixels the whole way
    would take at that pace. An object's outline takes a few; glow, many.
    RGB, not Lab: blur and anti-aliasing mix the pixel values linearly,
    while Lab stretches the last few levels above black, where a dim cloud
    fades out (crop 98810: 9.4 px in Lab, 15.6 in RGB).
    """
    h, w = image.shape[:2]
    cx, cy = centre
    k = max(1, int(pitch // 60))
    reach = INSIDE_LINES * pitch
    x0, x1 = max(0, math.ceil(cx - reach)), min(w, math.floor(cx + reach) + 1)
    y0, y1 = max(0, math.ceil(cy - reach)), min(h, math.floor(cy + reach) + 1)
    start, end = to_rgb(inside), to_rgb(outside)
    span = end - start
    pixels = image[y0:y1:k, x0:x1:k].astype(np.float32)
    place = (pixels - start) @ span / max(float(span @ span), 1e-6)
    steps = [np.abs(np.diff(place, axis=a)).max(initial=0.0) for a in (0, 1)]
    return k / max(*steps, 1e-6)


#: An object's outline (anti-aliased, through JPEG) goes from the object's
#: colour to the background's within this many pixels (bridge tiles: at most
#: 3.2); the game's glow fades over more (synthetic glow: 15+ px on a phone
#: screen, 5+ in a mirror window a third of the phone's size).
OUTLINE_PX = 4.0
#: Rays from a cell's centre along which its colour is followed to the lines.
RAYS = 16
#: Least place between the inside (0) and outside (1) colours that a ray
#: across a crisp outline reaches: past a tile's edge lies the background.
REACHED = 0.75


def soft_rays(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    reach: float = BORDER[1],
    outline_px: float = OUTLINE_PX,
) -> int:
    """How many rays from ``centre`` see the ``inside`` colour fade into ``outside``.

    Along each ray, from the core's edge to the border band, every half pixel,
    a point's place between the two colours (0 at ``inside``, 1 at
    ``outside``, by Lab distances). A ray on which it moves at least half the
    way, yet nowhere faster than the whole way in ``outline_px`` pixels, is
    soft. An object drawn in the cell has a crisp outline on every ray that
    leaves it; background glow fades gradually. ``reach``: where the rays
    end, a share of the pitch (``interior_reach``: short of the lines).

    Glow may fade over most of a ray's length: a ray that ends before it has
    faded half way is judged by what it saw (``_fade_seen``), not by whether
    it got there, which a grid found a tenth of a pixel off decides.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    lab = _ray_lab(image, centre, pitch, angles, start=CORE_RADIUS, end=reach)
    place = place_between(lab, inside, outside)
    moved, sharp = _moved_and_sharp(place, outline_px)
    # Towards ``outside``: a lighter rail on a grey tile is far from both colours.
    span = np.subtract(outside, inside)
    towards = (lab - inside) @ span / max(float(span @ span), 1e-6)
    seen = _fade_seen(towards, place, outline_px)
    return int(np.count_nonzero((moved & ~sharp) | (~moved & seen)))


def fills_cell(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    reach: float = BORDER[1],
) -> bool:
    """Whether no ray from ``centre`` (as in ``soft_rays``) gets half way to ``outside``.

    Nowhere inside the cell does its colour end: it fills the cell out to
    ``reach`` (a share of the pitch) on every side.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    place = _ray_places(image, centre, pitch, angles, inside=inside, outside=outside, end=reach)
    return bool(place.max(initial=0.0) < 0.5)


#: Least share of the way that ``_fade_seen`` needs a ray to have moved (its
#: samples smoothed by a running median of ``_SMOOTH`` first: JPEG's stray
#: pixels and a tile's shading move a flat ray less) to judge its fade.
FADE_SEEN = 0.25
_SMOOTH = 3


def _fade_seen(towards: np.ndarray, place: np.ndarray, outline_px: float) -> np.ndarray:
    """Rays that have faded part of the way, short of half, too gently for an outline.

    ``towards``: ``(rays, points)``, each point's progress from inside (0)
    towards outside (1) along the line between them; ``place``: its place
    between them by distances (``place_between``); the pace is the steeper.
    A blurred step (an outline's anti-aliasing and blur, a lens's or JPEG's)
    rises fastest at its middle; before that, at place ``p``, at
    ``exp(-z**2 / 2)`` of its steepest, ``z`` the normal quantile of ``p``,
    if Gaussian (a ramp's is as steep all along: this is the sharper
    reading). A ray that has risen to ``p`` at most at a pace that, so
    scaled, would take the whole way in ``outline_px`` pixels or more, sees
    glow's fade, not an outline's shoulder.
    """
    if towards.shape[1] < _SMOOTH:
        return np.zeros(towards.shape[0], bool)
    runs = np.lib.stride_tricks.sliding_window_view(towards, _SMOOTH, axis=1)
    smooth = median_of(runs, axis=2)
    # From the core's colour (0), or the ray's start if past it, to the ray's end.
    seen = smooth[:, -1] - np.maximum(smooth[:, 0], 0.0)
    z = np.array([NormalDist().inv_cdf(p) for p in np.clip(seen, FADE_SEEN, 0.5)])
    shoulder = np.exp(-(z**2) / 2)
    steps = np.maximum(np.abs(np.diff(towards, axis=1)), np.abs(np.diff(place, axis=1)))
    steepest = steps.max(axis=1, initial=0.0) / _RAY_STEP
    return (seen >= FADE_SEEN) & (steepest * outline_px < shoulder)


def outline_rays(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    outline_px: float = OUTLINE_PX,
) -> tuple[int, int]:
    """Rays from ``centre`` on which ``inside`` fades softly into ``outside``, and sharply.

    Out to the border band; soft as ``soft_rays`` judges a ray that moves at
    least half the way (within ``outline_px``); a ray on which the place
    moves at least half the way, faster than that somewhere, is sharp.
    A ray meets a straight outline at a slant and sees it stretched, but of
    16 rays one meets it within 12 degrees of square on: a drawn object (a
    pipe, a dot) shows a sharp ray.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    place = _ray_places(image, centre, pitch, angles, inside=inside, outside=outside)
    moved, sharp = _moved_and_sharp(place, outline_px)
    return int((moved & ~sharp).sum()), int((moved & sharp).sum())


#: Least lightness step from a band to its ring for ``band_is_soft`` to judge
#: it, and across an object's outline for ``crisp_sides``.
SOFT_LIGHTNESS = 5.0


def crisp_sides(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    beyond: np.ndarray,
    *,
    reach: float = BORDER[1],
    in_lightness: bool = True,
) -> int:
    """On how many sides of the cell ``inside`` ends in a crisp outline.

    An object drawn in the cell has an outline on every side, beyond which
    lies the background (``beyond``: four colours, beyond the right, lower,
    left and upper sides). A side shows it when one of the rays (as in
    ``outline_rays``) within 22.5 degrees of its normal moves from
    ``inside`` at least half way to that side's colour, somewhere faster than
    the whole way in ``OUTLINE_PX`` pixels, and reaches ``REACHED`` of the
    way (a thick grid line's colour, far from both, stays near half way).
    A band or edge of glow that is sharp somewhere crosses the cell: sharp on
    one or two sides only. The ray must do all that in lightness too, which
    must step by ``SOFT_LIGHTNESS`` or more: JPEG keeps lightness at full
    resolution but colour at half, quantised in blocks of 16 px, whose steps
    give dim glow an "outline" in colour alone (glow 10-25 Lab from the
    colour beyond but within 4 L*: synthetic 18-20 px cells, real 48-97 px
    ones through JPEG); objects differ in lightness too (bridge tiles: 8.3+).
    The rays end at ``reach`` (a share of the pitch), as in ``soft_rays``.
    ``in_lightness=False`` leaves the lightness test out, for a cell too
    near black for lightness to show an outline.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    # Each ray's nearest side (0 right, 1 down, 2 left, 3 up), and whether it
    # lies within 22.5 degrees of that side's normal (not a diagonal).
    nearest = np.rint(angles / (np.pi / 2))
    facing = np.abs(angles - nearest * np.pi / 2) <= np.pi / 8 + 1e-6
    side = nearest[facing].astype(np.intp) % 4
    outside = beyond[side][:, None, :]
    lab = _ray_lab(image, centre, pitch, angles[facing], start=CORE_RADIUS, end=reach)
    place = place_between(lab, inside, outside)
    moved, sharp = _moved_and_sharp(place, OUTLINE_PX)
    crisp = moved & sharp & (place.max(axis=1) >= REACHED)
    if not in_lightness:
        return int(np.unique(side[crisp]).size)
    step = beyond[side, 0] - inside[0]
    lit = np.abs(step) >= SOFT_LIGHTNESS
    lightness = (lab[..., 0] - inside[0]) / np.where(lit, step, 1.0)[:, None]
    moved, sharp = _moved_and_sharp(lightness, OUTLINE_PX)
    crisp &= lit & moved & sharp & (lightness.max(axis=1) >= REACHED)
    return int(np.unique(side[crisp]).size)


def band_is_soft(
    image: np.ndarray,
    point: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    across: float,
    outline_px: float,
) -> bool:
    """Whether a band through ``point`` fades softly into ``outside`` across its width.

    From ``point``, rays both ways at angle ``across`` (radians: square to
    the band) out to the cell's border band's reach, each point's place from
    ``inside`` (0) to ``outside`` (1) by lightness: a band drawn with an
    outline (a pipe) changes faster than the whole way in ``outline_px``
    pixels on a ray that leaves it; the background's glow, on none, yet
    leaves it on at least one. Lightness, as JPEG keeps it at full
    resolution but halves colour's: a pipe's edge that stays within 2.5 px
    in L* spreads over 3.7 in colour. A band that barely differs from its
    ring in lightness (under ``SOFT_LIGHTNESS``) is not judged (not soft).
    """
    step = float(outside[0] - inside[0])
    if abs(step) < SOFT_LIGHTNESS:
        return False
    lab = _ray_lab(image, point, pitch, np.array([across, across + np.pi]), start=0.0)
    place = (lab[..., 0] - inside[0]) / step
    moved, sharp = _moved_and_sharp(place, outline_px)
    return bool(moved.any()) and not (moved & sharp).any()


def corner_reach(
    image: np.ndarray,
    centres: np.ndarray,
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
) -> np.ndarray:
    """Per object, how much farther its colour reaches along the diagonals than square on.

    ``centres``: ``(n, 2)`` points; ``inside``, ``outside``: ``(n, 3)`` Lab
    colours (the core's and the ring's). Along eight rays from each centre,
    from the core's edge to the border band's outer edge, the first point
    half way from ``inside`` to ``outside`` (interpolated; the ray's end if
    none): the least of the four diagonal rays' over the most of the four
    square on. A disc reaches as far every way (1, less with its centre off
    the cell's); a square's corners reach ``sqrt(2)`` times as far as its sides.
    """
    angles = np.arange(8) * (np.pi / 4)
    # A pitch's 80th apart at most: where the colour is half way is
    # interpolated between samples, and every dot's pixels cost time.
    step = max(_RAY_STEP, pitch / 80)
    radii = np.arange(CORE_RADIUS * pitch, BORDER[1] * pitch, step, dtype=np.float32)
    cx, cy = centres[:, 0, None, None], centres[:, 1, None, None]
    map_x = (cx + np.cos(angles)[None, :, None] * radii).astype(np.float32)
    map_y = (cy + np.sin(angles)[None, :, None] * radii).astype(np.float32)
    n = len(centres)
    pixels = cv2.remap(
        image,
        map_x.reshape(n * 8, -1),
        map_y.reshape(n * 8, -1),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    lab = to_lab(pixels).reshape(n, 8, -1, 3)
    place = place_between(lab, inside[:, None, None, :], outside[:, None, None, :])
    past = place >= 0.5
    first = np.where(past.any(axis=2), past.argmax(axis=2), radii.size - 1)
    before = np.maximum(first - 1, 0)
    a = np.take_along_axis(place, before[..., None], axis=2)[..., 0]
    b = np.take_along_axis(place, first[..., None], axis=2)[..., 0]
    share = np.where(first > 0, np.clip((0.5 - a) / np.maximum(b - a, 1e-6), 0.0, 1.0), 0.0)
    reach = radii[before] + share * (radii[first] - radii[before])
    reach = np.where(past.any(axis=2), reach, radii[-1])
    return reach[:, 1::2].min(axis=1) / np.maximum(reach[:, 0::2].max(axis=1), 1e-6)


#: Pixels between samples along a ray.
_RAY_STEP = 0.5


def _ray_places(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    angles: np.ndarray,
    *,
    inside: np.ndarray,
    outside: np.ndarray,
    end: float = BORDER[1],
) -> np.ndarray:
    """Each point's place from ``inside`` (0) to ``outside`` (1) along rays from ``centre``.

    Shape ``(rays, points)``: from the core's edge out to ``end`` (the
    cell's border band), every ``_RAY_STEP`` px; ``outside`` is one colour
    or one per ray.
    """
    lab = _ray_lab(image, centre, pitch, angles, start=CORE_RADIUS, end=end)
    return place_between(lab, inside, outside)


def _ray_lab(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    angles: np.ndarray,
    *,
    start: float,
    end: float = BORDER[1],
) -> np.ndarray:
    """Lab along rays from ``centre``: from ``start`` to ``end`` (shares of the pitch).

    ``end``: the border band's outer edge, or ``interior_reach`` to stay
    clear of the board's own lines.
    """
    cx, cy = centre
    radii = np.arange(start * pitch, end * pitch, _RAY_STEP, dtype=np.float32)
    map_x = (cx + np.cos(angles)[:, None] * radii).astype(np.float32)
    map_y = (cy + np.sin(angles)[:, None] * radii).astype(np.float32)
    pixels = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return to_lab(pixels)


def _moved_and_sharp(place: np.ndarray, outline_px: float) -> tuple[np.ndarray, np.ndarray]:
    """Rays whose place moves at least half the way; rays faster somewhere than ``outline_px``."""
    moved = place.max(axis=1) - place.min(axis=1) >= 0.5
    sharp = np.abs(np.diff(place, axis=1)).max(axis=1, initial=0.0) / _RAY_STEP * outline_px >= 1
    return moved, sharp
