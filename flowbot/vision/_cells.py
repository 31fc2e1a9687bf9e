"""Sampling the cells of a found board: each cell's core, ring and edge sectors.

Every cell is sampled at the same offsets from its centre, at full
resolution: a *core* disc (inside any dot), a *ring* just inside the grid
lines (outside any dot) and four *edge sectors* of that ring, one facing each
neighbour. Colours are compared in CIELAB, where distance follows what the
eye sees, so one tolerance serves dark navy and pale grey alike. Everything is
judged relative to the board's own background, never to fixed game colours.

Doubtful cells get a closer look at their shape (``_discs.py``), at marks
drawn in them (``_marks.py``), along rays from their centre (``_rays.py``)
and near the grid lines (``_bands.py``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._colour import NEAR, delta_e, pixels_round, to_lab
from flowbot.vision._letters import holds_ink, lettered_discs
from flowbot.vision._stats import median_along

#: Radii as fractions of the cell pitch. Dots fill about 55-75% of a cell, so
#: their radius lies in 0.27-0.38: the core stays inside every dot and the ring
#: outside every dot yet inside the grid lines.
CORE_RADIUS = 0.2
RING_INNER, RING_OUTER = 0.41, 0.46
#: Half-angle of an edge sector, in radians.
SECTOR_HALF_ANGLE = 0.35
#: A dot's core is one colour (at least this share of its pixels near its
#: median) that its ring does not show (at most this share there).
FLAT_CORE, RING_LIKE_MAX = 0.8, 0.1


def flat_cores(core_uniformity: np.ndarray, ring_like_core: np.ndarray) -> np.ndarray:
    """Cells with a flat core that stops short of the ring, as a dot's does."""
    return (core_uniformity >= FLAT_CORE) & (ring_like_core <= RING_LIKE_MAX)


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
    #: Cells holding a dot with a letter on it (the colour-blind setting),
    #: their core sampled without it (``_letters``).
    lettered: np.ndarray

    @property
    def flat(self) -> np.ndarray:
        return flat_cores(self.core_uniformity, self.ring_like_core)


@functools.lru_cache(maxsize=32)
def cell_offsets(pitch: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
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


def cells_beside(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The cells beside ``cell`` (right, down, left, up) on a ``rows`` x ``cols`` board."""
    near = (
        Cell(cell.row, cell.col + 1),
        Cell(cell.row + 1, cell.col),
        Cell(cell.row, cell.col - 1),
        Cell(cell.row - 1, cell.col),
    )
    return [n for n in near if 0 <= n.row < rows and 0 <= n.col < cols]


def cell_pitch(xs: np.ndarray, ys: np.ndarray) -> float:
    """A grid's smallest cell side, in the pixels of its line positions ``xs``, ``ys``."""
    # (``np.diff``'s own overhead is most of the time: a read asks dozens of times.)
    xs, ys = np.asarray(xs), np.asarray(ys)
    return float(min((xs[1:] - xs[:-1]).min(), (ys[1:] - ys[:-1]).min()))


def sample_cells(image: np.ndarray, geometry: BoardGeometry) -> CellSamples:
    """Sample every cell of ``geometry`` in ``image`` (full-resolution RGB)."""
    rows, cols = geometry.rows, geometry.cols
    pitch = grid_pitch(geometry)
    seen = sample_round(image, _centres(geometry), pitch)
    sector_lab = _sector_medians(seen.ring_lab_px, cell_offsets(pitch)[2])
    lettered = np.zeros(rows * cols, bool)
    lettered[seen.lettered] = True
    return CellSamples(
        core_lab=seen.core_lab.reshape(rows, cols, 3),
        core_rgb=seen.core_rgb.reshape(rows, cols, 3),
        core_uniformity=seen.core_uniformity.reshape(rows, cols),
        ring_lab=seen.ring_lab.reshape(rows, cols, 3),
        ring_like_core=seen.ring_like_core.reshape(rows, cols),
        sector_lab=sector_lab.reshape(rows, cols, 4, 3),
        lettered=lettered.reshape(rows, cols),
    )


@dataclass(frozen=True, slots=True)
class RoundSamples:
    """``sample_round``: per centre, in its order, ``CellSamples``' values (flat: ``(n, ...)``)."""

    core_lab: np.ndarray
    core_rgb: np.ndarray
    core_uniformity: np.ndarray
    ring_lab: np.ndarray
    ring_like_core: np.ndarray
    #: Each ring pixel's Lab, ``(n, k, 3)`` (a square cell's sectors are taken from them).
    ring_lab_px: np.ndarray
    #: Indices of the centres whose disc holds a letter, its core sampled without it.
    lettered: np.ndarray

    @property
    def flat(self) -> np.ndarray:
        return flat_cores(self.core_uniformity, self.ring_like_core)


def sample_round(image: np.ndarray, centres: np.ndarray, pitch: float) -> RoundSamples:
    """The core and ring round each of ``centres`` (``(n, 2)`` x, y) of cells of ``pitch``.

    One sampling for square and hexagonal cells, so that a dot reads the same
    on a board of either shape.
    """
    core, ring = _core_and_ring(image, centres, pitch)
    core_lab_px = to_lab(core)
    ring_lab_px = to_lab(ring)
    core_lab = median_along(core_lab_px, axis=1)
    core_rgb = median_along(core, axis=1)
    ring_lab = median_along(ring_lab_px, axis=1)
    core_off = delta_e(core_lab_px, core_lab[:, None])
    # Shares as count / size: the same floats as .mean(), faster.
    core_uniformity = np.count_nonzero(core_off <= NEAR, axis=1) / core_lab_px.shape[1]
    # A dot with a letter on it (the colour-blind setting): its disc's colour
    # alone. A thin letter (I) leaves its core nearly one colour; a core
    # like its ring is no dot's, lettered or not.
    tried = (core_uniformity < FLAT_CORE) | holds_ink(core_off)
    tried &= delta_e(core_lab, ring_lab) > NEAR
    cells, letters = _lettered_cores(image, centres, pitch, tried, ring_lab)
    core_lab[cells], core_rgb[cells], core_uniformity[cells] = letters
    ring_near = np.count_nonzero(delta_e(ring_lab_px, core_lab[:, None]) <= NEAR, axis=1)
    ring_like_core = ring_near / ring_lab_px.shape[1]
    return RoundSamples(
        core_lab, core_rgb, core_uniformity, ring_lab, ring_like_core, ring_lab_px, cells
    )


def _lettered_cores(
    image: np.ndarray,
    centres: np.ndarray,
    pitch: float,
    tried: np.ndarray,
    ring_lab: np.ndarray,
) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Which ``tried`` cells (centred at ``centres``, ``(n, 2)`` x, y) hold a lettered disc,
    and its Lab, RGB and flatness without the letter.

    A disc as faint against its ring as noise keeps its samples.
    """
    cells = np.flatnonzero(tried)
    if cells.size:
        found = lettered_discs(image, centres[cells], pitch, ring_lab[cells])
        keep = found.lettered & (delta_e(found.lab, ring_lab[cells]) > NEAR)
        return cells[keep], (found.lab[keep], found.rgb[keep], found.flat[keep])
    return cells, (np.empty((0, 3)), np.empty((0, 3)), np.empty(0))


def core_and_ring_lab(image: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, np.ndarray]:
    """``sample_cells``' ``core_lab`` and ``ring_lab`` alone, for a quick look.

    The same values, but for a lettered dot's core: taken with its letter.
    """
    core, ring = _core_and_ring(image, _centres(geometry), grid_pitch(geometry))
    shape = (geometry.rows, geometry.cols, 3)
    return (
        median_along(to_lab(core), axis=1).reshape(shape),
        median_along(to_lab(ring), axis=1).reshape(shape),
    )


def _core_and_ring(
    image: np.ndarray, centres: np.ndarray, pitch: float
) -> tuple[np.ndarray, np.ndarray]:
    """The core's and ring's pixels ``(n, k, 3)`` round ``centres`` (``(n, 2)`` x, y)."""
    core_xy, ring_xy, _, _ = cell_offsets(pitch)
    return pixels_round(image, centres, core_xy), pixels_round(image, centres, ring_xy)


def ring_pixels(image: np.ndarray, centres: np.ndarray, pitch: float) -> np.ndarray:
    """The ring's pixels ``(n, k, 3)`` round ``centres`` (``(n, 2)`` x, y), as ``sample_cells``
    takes them: for a cell looked at again (a faint disc, a dot's own centre, a hexagon)."""
    return pixels_round(image, centres, cell_offsets(pitch)[1])


def _centres(geometry: BoardGeometry) -> np.ndarray:
    """A square grid's cell centres ``(cells, 2)`` (x, y) in reading order."""
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    cx, cy = np.meshgrid((xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2)
    return np.stack([cx.ravel(), cy.ravel()], axis=1)


def grid_pitch(geometry: BoardGeometry) -> float:
    """``cell_pitch`` of a square grid."""
    return cell_pitch(np.asarray(geometry.xs), np.asarray(geometry.ys))


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
