"""Bridges: the game's bridge tile in a cell, found and painted over before the dots are read.

Flow Free: Bridges draws a bridge as a square tile centred in its cell, a
little smaller than the cell, with two rails along its upper deck, lighter
than the tile and symmetric about the cell's middle (``flowbot.look``: a
0.8-pitch tile, rails 0.27 pitch from the middle; the decoys draw them 0.25
apart, along either axis). The flow over the deck runs between the rails; the
one under it is hidden by the tile. So a bridge is told by its shape alone,
whatever its grey and whatever runs over it: a tile's straight edges all
round, one colour on its four sides, and two rails across it.

A bridge found is painted over with the ground around it (``take_off``), so
the dots, pipes and empty cells are read as on any board, and the puzzle
gets the cell as a bridge. Where no flow could cross it (on the border, by
the model's rule) the screen is refused: the board is not what it seems.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import NEAR, CellSamples, sample_cells
from flowbot.vision._colour import channel_sum, delta_e, pixels_at, to_lab, to_rgb
from flowbot.vision._pipes import disc_share
from flowbot.vision._rail_ends import rails_in_colour, runs_through
from flowbot.vision._stats import median_along, median_of, median_of_present

#: The patch a cell is resampled to (pixels a side, covering the cell exactly).
_PATCH = 60

#: Where things lie, in pitches from the cell's middle: the tile's corners
#: (between the rails and the tile's edge, away from any flow over or under
#: it), from the tile's edge to the grid line's middle, the rails' reach.
_CORNER = (0.31, 0.37)
_GROUND = (0.41, 0.5)
_RAILS = (0.18, 0.34)
#: Along the tile's sides, clear of a flow going under it (0.17 pitch wide).
_SIDE = (0.22, 0.37)

#: Least step (CIELAB) from the tile to what is just outside it on every
#: side (the ground, or a wide grid line): the renderer's tile on a dark
#: ground 25+, less through glow, colour drift and blur (12 in 35 px cells).
TILE_STEP = 10.0
#: ... but on ``WEAK_SIDES`` sides at most, at least this share of it: a wide grid
#: line of nearly the tile's grey meeting its edge (8.5-9.5 in zoomed 29 px cells with
#: lines 0.1 pitch wide; the other sides 13.5+), glow of nearly its grey lying across
#: it (8.1-9.5 on two opposite sides in 18.6 px cells under a yellow cloud, the other
#: two 15.5+: bridges tiny_cells 6900000 started, read without the bridge before). Or,
#: short of that, ``TILE_STEP`` to what lies past that line (``PAST_LINE``), as from
#: any side: the neighbour's margin, its ground.
ONE_SIDE_SHARE, WEAK_SIDES = 0.5, 2
#: Pitches from the cell's middle past its grid line, where the neighbour's margin
#: shows (the line 0.1 pitch wide at most, blurred a little past 0.55; a tile in the
#: neighbour reaches 0.6): a line of the tile's grey, blurred into its edge, steps to
#: the ground there (zoomed 27 px cells: 30 L* past the line, 4.9-8.5 Lab to the line
#: from the tile, bridges zoomed 300018 solved).
PAST_LINE = (0.56, 0.58, 0.6)
#: Least distance (CIELAB) of the tile (at its corners, and inside each of its
#: sides) from the ground around its cell (its neighbours' rings: glow and a
#: gradient tint both alike): the tiles drawn 19+ (a grey tile in a light
#: shaft over a slate ground), 27+ elsewhere, 9.1-9.9 among the grey tints
#: a white flow leaves round it on a finished board; the ground inside a
#: cell's grid lines, which passes the other tests with a wide line beyond it
#: (a colour-blind letter's strokes for rails), under 1; a dot's corners 15.
TILE_GROUND = 6.0
#: Most difference (CIELAB) between the tile's four sides, and as a share of
#: its step from what lies outside it: one flat tile (tiles: 7.2 at most,
#: small cells' blurred rails and edges included).
TILE_FLAT, TILE_FLAT_SHARE = 12.0, 0.5
#: Least lift (grey levels) of both rails over the tile beside them, and as
#: a share of the tile's step from what lies outside it: drawn 70 lighter
#: than the tile; JPEG and small cells blur them to 25+, a screenshot
#: preview's 14 px cells to 12+; cells without rails 0-4.
RAIL_LIFT, RAIL_SHARE = 10.0, 0.2
#: Most difference between the two rails' distances from the middle: in
#: pitches, and in pixels (a grid line placed half a pixel off in small cells).
RAIL_SYMMETRY, RAIL_SYMMETRY_PX = 0.06, 1.5


def find_bridges(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    holes: frozenset[Cell] = frozenset(),
) -> set[Cell]:
    """The cells holding the game's bridge tile (``holes``: no cells, nor ground)."""
    railed = _railed(image, geometry, samples, holes)
    return {
        cell
        for cell, rgb, lift in railed.patches
        if _is_tile(
            rgb,
            lift,
            railed.ground[cell],
            railed.margins[cell],
            partial(_past_lines, image, geometry, cell),
        )
        and not shows_disc(
            image,
            geometry,
            cell,
            samples.core_lab[cell],
            railed.corners[cell],
            ring=samples.ring_lab[cell],
        )
    }


@dataclass(frozen=True)
class _Railed:
    """``_railed``: the cells showing two rails, each with its patch and their lift, and
    per cell of the board the ground round it, its corners' colour and its margin's (Lab)."""

    patches: list[tuple[Cell, np.ndarray, float]]
    ground: np.ndarray
    corners: np.ndarray
    margins: np.ndarray


def _railed(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    holes: frozenset[Cell],
    among: frozenset[Cell] | None = None,
) -> _Railed:
    """The cells (of ``among``, or all but ``holes``) whose corners stand apart from the
    ground round them and whose patch shows two rails lifted ``RAIL_LIFT`` over the tile."""
    ground = local_ground(samples, holes)
    # A cell is looked at closely only where its corners show a tile: a dot
    # leaves them to the ground.
    corners = corner_colours(image, geometry)
    margins = corner_colours(image, geometry, at=_MARGIN_AT)
    off = _apart_from_ground(corners, ground, margins)
    for hole in holes:
        off[hole] = False
    cells = [Cell(int(r), int(c)) for r, c in np.argwhere(off)]
    if among is not None:
        cells = [cell for cell in cells if cell in among]
    patches: list[tuple[Cell, np.ndarray, float]] = []
    if cells:
        rgbs = np.stack([_patch(image, geometry, cell) for cell in cells])
        symmetry = max(RAIL_SYMMETRY, RAIL_SYMMETRY_PX / geometry.cell_size)
        # The quickest look first, at every cell at once (grey: the channels' mean).
        lifts = _rails(channel_sum(rgbs) / 3, symmetry)
        patches = [
            (cell, rgb, lift)
            for cell, rgb, lift in zip(cells, rgbs, lifts, strict=True)
            if lift >= RAIL_LIFT
        ]
    return _Railed(patches, ground, corners, margins)


#: Where a cell's own margin is looked at (pitches from its middle, along both
#: axes): between the tile's edge (0.4) and the grid line's (0.45 at the widest).
_MARGIN_AT = (0.42, 0.43)


def _apart_from_ground(lab: np.ndarray, ground: np.ndarray, margin: np.ndarray) -> np.ndarray:
    """Whether ``lab`` (a tile's colour, per cell or side) stands apart from the ground
    around its cell: ``TILE_GROUND`` from its neighbours' rings (``ground``), or
    ``TILE_STEP`` from the cell's own ``margin`` outside the tile.

    On a started or finished board the neighbours' rings are flows' tints, and a
    white flow's grey tint may be the tile's own grey (the tile among them, its
    margin the board's ground: 12 CIELAB from it, 0.2 from their median); the
    tile's edge steps to its margin as to any ground. A cell showing its own
    ground at its corners shows the same ground in its margin.
    """
    return (delta_e(lab, ground) >= TILE_GROUND) | (delta_e(lab, margin) >= TILE_STEP)


#: Least share of the angles round a cell's centre (clear of the flows coming
#: in) where a dot's disc shows its core's colour, told from a tile: lettered
#: dots through JPEG 0.78 and up; a tile shows its own grey all round, but in
#: its corners too, and a flow over its deck along two angles of 16.
DOT_NOT_TILE = 0.6


def shows_disc(
    image: np.ndarray,
    geometry: BoardGeometry,
    cell: Cell,
    core: np.ndarray,
    corner: np.ndarray,
    *,
    ring: np.ndarray,
    links: Sequence[float] = (),
) -> bool:
    """Whether ``cell`` shows a dot's disc, not a tile: its ``core``'s colour all round its
    centre (clear of ``links``, the directions of flows coming in: ``disc_share`` against
    the cell's ``ring``, Lab: a small dot's rim JPEG blurred toward it, a tile's own grey
    never), but not at its ``corner`` (Lab, as ``corner_colours``; a tile's grey there:
    ``one_grey``).

    A colour-blind letter's strokes pass for a tile's rails, and the tint a
    flow leaves in its dot's cell for its deck, square and flat to the lines;
    rails of ``core``'s colour out past any dot's rim are a tile's, a grey flow
    over its deck (``rails_in_colour``), and so is ``core``'s colour running on through
    the cell to both its edges along one axis, a flow over its deck (``runs_through``).
    """
    return (
        disc_share(image, geometry, cell, links, core, ground=ring) >= DOT_NOT_TILE
        and not one_grey(corner, core)
        and not rails_in_colour(image, geometry, cell, core)
        and not runs_through(image, geometry, cell, core)
    )


#: A grey's most chroma (CIELAB C*ab), and the most lightness (L*) between two greys
#: of one tile. The game's tile is grey; in small cells its rim takes the lines' hue
#: but keeps its lightness (chroma blurred wider than lightness: a mirrored phone's
#: video, JPEG): the corners of a grey tile in 17.5 px cells 12.5-12.9 chroma and
#: 3.4 L* from its centre's grey, 16.9 Lab in all (bridges mirror 4500004; tiles
#: 3.8 L* at most). A dot's disc is a grey's (white, the grey flow: 15.4) only with
#: the ground or its tint in its corners, 51+ L* darker.
GREY_CHROMA, GREY_LIGHTNESS = 20.0, 6.0


def one_grey(corner: np.ndarray, core: np.ndarray) -> bool:
    """Whether a cell's ``corner`` (Lab) shows its ``core``'s colour: within ``NEAR``, or
    both greys of nearly one lightness (``GREY_CHROMA``, ``GREY_LIGHTNESS``)."""
    if float(delta_e(corner, core)) <= NEAR:
        return True
    chroma = np.hypot(np.array([corner[1], core[1]]), np.array([corner[2], core[2]]))
    return bool((chroma <= GREY_CHROMA).all() and abs(float(corner[0] - core[0])) <= GREY_LIGHTNESS)


def local_ground(samples: CellSamples, holes: frozenset[Cell] = frozenset()) -> np.ndarray:
    """Per cell, the ground around it (Lab): the median of its neighbours' rings, ``(rows,
    cols, 3)``.

    A ring lies outside any dot and inside the grid lines, so most rings show
    the ground, tinted as the cell's own by glow or a gradient; a bridge's
    ring is its tile, a hole's whatever lies outside the board, and neither
    is counted. The board's median ring stands in for a cell with none.
    """
    rings = samples.ring_lab.astype(float)
    rows, cols = rings.shape[:2]
    counted = np.ones((rows, cols), dtype=bool)
    for hole in holes:
        counted[hole] = False
    padded = np.full((rows + 2, cols + 2, 3), np.nan)
    padded[1:-1, 1:-1][counted] = rings[counted]
    near = np.stack(
        [
            padded[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols]
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if dr or dc
        ],
        axis=2,
    )
    none = np.isnan(near[..., 0]).all(axis=2)
    near[none] = median_of(rings[counted].reshape(-1, 3), axis=0)
    return median_of_present(np.moveaxis(near, 2, 3))


#: Where a cell's corners are looked at for a tile (pitches from its middle,
#: along both axes): on the tile, between its rails and its edge, past any
#: dot (0.38 pitch at most) and clear of any flow over or under it.
_CORNER_AT = (0.32, 0.35)


def corner_colours(
    image: np.ndarray, geometry: BoardGeometry, *, at: tuple[float, float] = _CORNER_AT
) -> np.ndarray:
    """Per cell, the median colour (Lab) of points near its four corners, ``at`` pitches
    from its middle along both axes: ``(rows, cols, 3)``."""
    h, w = image.shape[:2]
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    cx, cy = (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2
    pitch = geometry.cell_size
    d = np.array([s * a for a in at for s in (-1, 1)]) * pitch
    dx, dy = (v.ravel() for v in np.meshgrid(d, d))
    px = np.clip(np.rint(cx[None, :, None] + dx[None, None, :]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(cy[:, None, None] + dy[None, None, :]), 0, h - 1).astype(np.intp)
    pixels = pixels_at(
        image,
        np.broadcast_to(py, (len(cy), len(cx), len(dx))),
        np.broadcast_to(px, (len(cy), len(cx), len(dx))),
    )
    return median_of(to_lab(pixels), axis=2)


def _patch(image: np.ndarray, geometry: BoardGeometry, cell: Cell) -> np.ndarray:
    """The cell resampled to ``_PATCH`` pixels a side, edge to edge (float RGB)."""
    x0, x1 = geometry.xs[cell.col], geometry.xs[cell.col + 1]
    y0, y1 = geometry.ys[cell.row], geometry.ys[cell.row + 1]
    scale_x, scale_y = _PATCH / (x1 - x0), _PATCH / (y1 - y0)
    # Pixel centres at integers: the patch's pixel i covers x0 + (i + 0.5) / scale.
    warp = np.array([[scale_x, 0, -scale_x * x0 - 0.5], [0, scale_y, -scale_y * y0 - 0.5]])
    shrink = scale_x < 1 or scale_y < 1
    patch = cv2.warpAffine(
        image,
        warp,
        (_PATCH, _PATCH),
        flags=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return patch.astype(np.float32)


_U = (np.arange(_PATCH) + 0.5) / _PATCH - 0.5  # pitches from the middle


def _uint8(rgb: np.ndarray) -> np.ndarray:
    return np.clip(rgb + 0.5, 0, 255).astype(np.uint8)


def _band(low: float, high: float) -> np.ndarray:
    a = np.abs(_U)
    return (a >= low) & (a <= high)


def _past_lines(image: np.ndarray, geometry: BoardGeometry, cell: Cell) -> np.ndarray:
    """Past each of ``cell``'s grid lines (top, bottom, left, right), at ``PAST_LINE``
    pitches from its middle, the median colour along the side clear of a flow (``_SIDE``,
    both halves): ``(4, depths, 3)`` Lab."""
    centre = geometry.centre(cell)
    pitch = geometry.cell_size
    along = np.concatenate([-np.array(_SIDE), np.array(_SIDE), [-np.mean(_SIDE), np.mean(_SIDE)]])
    depths = np.array(PAST_LINE)
    h, w = image.shape[:2]
    sides = []
    for vertical_side, sign in ((False, -1), (False, 1), (True, -1), (True, 1)):
        d = sign * depths[:, None] * pitch
        a = along[None, :] * pitch
        x, y = (centre.x + d, centre.y + a) if vertical_side else (centre.x + a, centre.y + d)
        px = np.clip(np.rint(np.broadcast_to(x, (len(depths), len(along)))), 0, w - 1)
        py = np.clip(np.rint(np.broadcast_to(y, (len(depths), len(along)))), 0, h - 1)
        lab = to_lab(pixels_at(image, py.astype(np.intp), px.astype(np.intp)))
        sides.append(median_of(lab, axis=1))
    return np.stack(sides)


def _is_tile(
    rgb: np.ndarray,
    lift: float,
    ground: np.ndarray,
    margin: np.ndarray,
    past: Callable[[], np.ndarray],
) -> bool:
    """Whether a cell's patch shows a tile with straight edges all round, its rails ``lift``
    lighter than it, apart from the ``ground`` (Lab) around the cell, or from its own
    ``margin`` (``_apart_from_ground``), on every side; ``past``: what lies past each side's
    grid line (``_past_lines``), where a line of the tile's grey meets its edge (looked at
    only when one side's step falls short)."""
    lab_in, steps = _tile_sides(rgb)
    # Two sides may meet something of nearly the tile's grey, no ground between
    # them: a wide grid line (a small board drawn with thick lines, then enlarged),
    # glow of its grey lying across it: half the step, or the whole step to the
    # ground past that line.
    weak = [k for k, s in enumerate(steps) if s < TILE_STEP]
    if len(weak) > WEAK_SIDES:
        # Every side may: the game's lines are a fixed width, up to a fifth of a big
        # board's small pitch (bridges rectangular 4300003: 28 px cells, lines 4.7 px,
        # 5-12 Lab from the tile on every side, the ground past them 22-41). Each side
        # then steps the whole way to what lies outside it, or past its line.
        far = past()
        steps = [max(s, float(delta_e(far[k], lab_in[k]).max())) for k, s in enumerate(steps)]
        if min(steps) < TILE_STEP:
            return False
        step = sorted(steps)[1]
    else:
        short = [k for k in weak if steps[k] < ONE_SIDE_SHARE * TILE_STEP]
        if short:
            far = past()
            if any(float(delta_e(far[k], lab_in[k]).max()) < TILE_STEP for k in short):
                return False
        step = min(s for s in steps if s >= TILE_STEP)
    # The ground inside the grid lines, a wide line beyond it, passes for a
    # tile's side and its step; the tile is apart from that ground.
    return (
        step >= TILE_STEP
        and bool(_apart_from_ground(lab_in, ground, margin).all())
        and _alike(lab_in) <= max(TILE_FLAT, TILE_FLAT_SHARE * step)
        and lift >= RAIL_SHARE * step
    )


def _tile_sides(rgb: np.ndarray) -> tuple[np.ndarray, list[float]]:
    """A cell's patch's four sides (top, bottom, left, right): the tile's colour (Lab)
    inside each edge, ``(4, 3)``, and how far it steps to what lies outside it."""
    corner_band, ground_band, side_band = _band(*_CORNER), _band(*_GROUND), _band(*_SIDE)
    # Each side: the tile inside its edge, and outside it the ground, or the
    # grid line where a wide one leaves none: the colour farthest from the
    # tile's from its edge to the line's middle (blur and glow soften either).
    # Along the side clear of a flow under the tile.
    lab = to_lab(_uint8(rgb))
    inside, steps = [], []
    for along_rows in (False, True):
        g = np.swapaxes(lab, 0, 1) if along_rows else lab
        for sign in (-1, 1):
            near = corner_band & (np.sign(_U) == sign)
            far = ground_band & (np.sign(_U) == sign)
            tile_side = median_along(g[np.ix_(near, side_band)].reshape(-1, 3), axis=0)
            beyond = median_along(g[np.ix_(far, side_band)], axis=1)
            inside.append(tile_side)
            steps.append(float(delta_e(beyond, tile_side).max()))
    return np.array(inside), steps


def _alike(sides: np.ndarray) -> float:
    """How far (Lab) the farthest of a tile's ``sides`` lies from their median."""
    return float(delta_e(sides, median_of(sides, axis=0)).max())


def rails_unfound(
    image: np.ndarray,
    geometry: BoardGeometry,
    cells: frozenset[Cell],
    holes: frozenset[Cell] = frozenset(),
) -> list[Cell]:
    """The ``cells`` (a drawn pipe's) showing a bridge's rails across one flat tile apart
    from the ground round it: a bridge whatever its edges show, ``find_bridges`` having
    missed it (those edges lost in glow or a flow's tint).

    A flow over the deck runs between the rails through the cell as through any other,
    and a tile missed under it reads as a cell of that flow's (a wrong puzzle: no bridge).
    A pipe's cell shows its flow's tint out to its lines all round, the ground round it
    the same tint: nothing stands apart from it (``_cell_bridges``' bounds). Judged on
    the cells as the image shows them, not as the pipe stage hid them.
    """
    if not cells:
        return []
    railed = _railed(image, geometry, sample_cells(image, geometry), holes, cells)
    found = []
    for cell, rgb, _ in railed.patches:
        sides, _ = _tile_sides(rgb)
        apart = _apart_from_ground(sides, railed.ground[cell], railed.margins[cell])
        if _alike(sides) <= TILE_FLAT and apart.all():
            found.append(cell)
    return found


#: How far beside a rail the tile is looked for (patch pixels: 0.08 pitch).
_BESIDE = round(0.08 * _PATCH)
#: The deck's middle (pitches), where a flow over it runs (half-widths 0.15-0.17).
_DECK = 0.1
#: Across the tile (where a rail's profile is taken), the deck's middle, and where
#: each rail may lie (either side of the middle).
_SPAN = np.abs(_U) <= _CORNER[1]
_DECK_AT = np.abs(_U) <= _DECK
_REACH = [np.flatnonzero(_band(*_RAILS) & (np.sign(_U) == sign)).tolist() for sign in (-1, 1)]


def _rails(grey: np.ndarray, symmetry: float) -> list[float]:
    """Per patch of ``grey`` (``(n, _PATCH, _PATCH)``), how much lighter than the tile beside
    them two rails across it are, along one axis, symmetric about its middle (the lighter
    way; 0 without)."""
    # Each row's, then each column's, median across the tile: a rail is light all along.
    profiles = np.stack(
        [median_along(grey[:, :, _SPAN], axis=2), median_along(grey[:, _SPAN, :], axis=1)],
        axis=1,
    )
    middles = median_along(profiles[:, :, _DECK_AT], axis=2)
    lifts = []
    for two, two_middles in zip(profiles.tolist(), middles.tolist(), strict=True):
        best = 0.0
        for profile, middle in zip(two, two_middles, strict=True):
            tops = [_rail(profile, middle, where) for where in _REACH]
            if abs(tops[0][1] - tops[1][1]) <= symmetry:
                best = max(best, min(v for v, _ in tops))
        lifts.append(best)
    return lifts


def _rail(profile: list[float], middle: float, where: list[int]) -> tuple[float, float]:
    """The lightest rail among ``where`` (one side of the middle) in ``profile``: how much
    lighter than the tile beside it, and how far from the middle (pitches)."""
    k = max(where, key=profile.__getitem__)
    # A rail is a line: the tile again either side of it. A flow over
    # the deck lighter than the rails lights the tile beside them in
    # small cells: towards the middle, then, the nearest dip.
    low, high = profile[max(0, k - _BESIDE)], profile[min(_PATCH - 1, k + _BESIDE)]
    beside = max(low, high)
    if middle > profile[k]:
        return max((_rail_on_deck(profile, j) for j in where), key=lambda top: top[0])
    return profile[k] - beside, abs(float(_U[k]))


#: Least dip (grey levels) between a rail and a flow over the deck lighter than it,
#: for the rail to be a line of its own: a dot's disc lighter than its tint rises to
#: it with none (a flat disc's row medians vary by a level at most); a rail blurred
#: into a light flow's edge, zoomed 24 px cells, 4.
RAIL_DIP = 3.0


def _rail_on_deck(profile: list[float], k: int) -> tuple[float, float]:
    """How much lighter than the tile beside it a rail at ``k`` in ``profile`` is, with a
    flow over the deck lighter than it (0 if none), and how far from the middle (pitches).

    Beside it towards the middle, the nearest dip; but where blur fills that dip
    (a small cell enlarged: the rail 1.6 px from the flow's edge), the rail stands on
    the flow's edge as it rises, above the chord from the tile outside it to the
    flow ``_BESIDE`` inward; a line all the same where it dips before the flow
    (``RAIL_DIP``), as a disc's rim rising to its colour does not.
    """
    before_middle = k < _PATCH // 2
    outer = profile[max(0, k - _BESIDE)] if before_middle else profile[min(_PATCH - 1, k + _BESIDE)]
    inner = profile[k + 1 : k + _BESIDE + 1] if before_middle else profile[k - _BESIDE : k]
    dip = min(inner)
    beside = max(outer, dip)
    if profile[k] - dip >= RAIL_DIP:
        chord = (outer + (inner[-1] if before_middle else inner[0])) / 2
        beside = max(outer, min(dip, chord))
    return profile[k] - beside, abs(float(_U[k]))


def check_crossable(bridges: set[Cell], geometry: BoardGeometry) -> None:
    """Refuse a bridge no flow could cross both ways: on the board's border."""
    for cell in sorted(bridges):
        if cell.row in (0, geometry.rows - 1) or cell.col in (0, geometry.cols - 1):
            raise UnsureReadingError(
                f"cell ({cell.row}, {cell.col}) holds a bridge on the border, where no flow "
                "can cross it"
            )


#: The tile's half side as painted over (pitches), and a pixel more for its
#: smoothed edge.
_PAINT = 0.4


def take_off(
    image: np.ndarray,
    geometry: BoardGeometry,
    bridges: set[Cell],
    samples: CellSamples,
    holes: frozenset[Cell] = frozenset(),
) -> np.ndarray:
    """A copy of ``image`` with each bridge's tile painted over in the ground around it.

    The ground is its neighbours' rings' (``local_ground``): what the game
    shows where it draws no tile, glow tinting it as the cell. Not the empty
    cells' beside it: on a started board they are few, the cells round a
    tile being dots and flows' tints, and in small cells the tile's own
    margin is its grey and the lines' blurred together. Outside the tile,
    the cell is left as drawn.
    """
    out = image.copy()
    h, w = image.shape[:2]
    ground = np.clip(to_rgb(local_ground(samples, holes)) + 0.5, 0, 255).astype(np.uint8)
    for cell in bridges:
        x, y = geometry.centre(cell)
        half = _PAINT * geometry.cell_size + 1
        x0, x1 = max(0, round(x - half)), min(w - 1, round(x + half))
        y0, y1 = max(0, round(y - half)), min(h - 1, round(y + half))
        out[y0 : y1 + 1, x0 : x1 + 1] = ground[cell]
    return out


def tiles_off(image: np.ndarray, geometry: BoardGeometry) -> np.ndarray | None:
    """``image`` with the bridge tiles on ``geometry``'s cells painted over, or None when
    it shows none.

    For judging the grid lines alone: a tile's edge lies a tenth of a pitch
    from its cell's lines, where their ink is weighed against the ground
    beside them, and blur carries its grey into them.
    """
    samples = sample_cells(image, geometry)
    bridges = find_bridges(image, geometry, samples)
    if not bridges:
        return None
    return take_off(image, geometry, bridges, samples)


@dataclass(frozen=True)
class Bridged:
    """A board's image and cell samples with its bridges taken off, and the bridges."""

    image: np.ndarray
    samples: CellSamples
    bridges: frozenset[Cell]


def without_bridges(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    holes: frozenset[Cell] = frozenset(),
    dots: frozenset[Cell] = frozenset(),
) -> Bridged:
    """The image and samples to read the dots in, bridges taken off, and the bridges.

    The same image and samples where the board holds no bridge. ``dots``:
    cells already seen holding a dot (a drawn pipe's ends, its tint in their
    corners), no bridge.
    """
    bridges = find_bridges(image, geometry, samples, holes) - dots
    if not bridges:
        return Bridged(image, samples, frozenset())
    check_crossable(bridges, geometry)
    seen = take_off(image, geometry, bridges, samples, holes)
    return Bridged(seen, sample_cells(seen, geometry), frozenset(bridges))
