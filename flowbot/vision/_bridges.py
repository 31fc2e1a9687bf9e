"""Bridges: the game's bridge tile in a cell, found and painted over before the dots are read.

Flow Free: Bridges draws a bridge as a square tile centred in its cell, a
little smaller than the cell, with two rails along its upper deck, lighter
than the tile and symmetric about the cell's middle (``flowbot.look``: a
0.8-pitch tile, rails 0.27 pitch from the middle; the decoys draw them 0.25
apart, along either axis). The flow over the deck runs between the rails; the
one under it is hidden by the tile. So a bridge is told by its shape alone,
whatever its grey and whatever runs over it: a tile's straight edges all
round, one colour in its four corners, and two rails across it.

A bridge found is painted over with the ground around it (``take_off``), so
the dots, pipes and empty cells are read as on any board, and the puzzle
gets the cell as a bridge. Where no flow could cross it (on the border, by
the model's rule) the screen is refused: the board is not what it seems.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._stats import median_of

#: A cell is looked at closely only where its core is this far (CIELAB) from
#: the board's ground (its cells' rings' median): a tile stands out of the
#: ground at its middle (tiles: 30+); empty cells' cores do not but for glow.
_CORE_OFF_GROUND = 12.0

#: The patch a cell is resampled to (pixels a side, covering the cell exactly).
_PATCH = 60

#: Where things lie, in pitches from the cell's middle: the tile's corners
#: (between the rails and the tile's edge, away from any flow over or under
#: it), the ground between the tile's edge and the grid line, the rails' reach.
_CORNER = (0.31, 0.37)
_GROUND = (0.43, 0.46)
_RAILS = (0.18, 0.34)
#: Along the tile's sides, clear of a flow going under it (0.17 pitch wide).
_SIDE = (0.22, 0.37)

#: Least step (grey levels) from the tile to the ground around it on every
#: side: the renderer's tile 104 on a near-black ground (90+), the decoys'
#: greys 70-140 (60+); glow under the ground lowers it (tiles over glow 35+).
TILE_STEP = 25.0
#: Least distance (CIELAB) of the tile from the board's ground: the tiles
#: drawn 35+ (the darkest decoys' over a black ground); the ground between
#: a dot and the lines, glow's tint aside, under 10.
TILE_GROUND = 20.0
#: Most spread (grey levels, between quartiles) of the tile's four corners,
#: and as a share of its step from the ground: one flat tile, whose rails and
#: edges blur into its corners in small or enlarged cells.
TILE_FLAT, TILE_FLAT_SHARE = 12.0, 0.5
#: Least lift (grey levels) of both rails over the tile, and as a share of
#: the tile's step from the ground: drawn 70 lighter than the tile; JPEG and
#: small cells blur them to 35+.
RAIL_LIFT, RAIL_SHARE = 15.0, 0.2
#: Most difference between the two rails' distances from the middle: in
#: pitches, and in pixels (a grid line placed half a pixel off in small cells).
RAIL_SYMMETRY, RAIL_SYMMETRY_PX = 0.06, 1.5


def find_bridges(image: np.ndarray, geometry: BoardGeometry, samples: CellSamples) -> set[Cell]:
    """The cells holding the game's bridge tile."""
    ground = median_of(samples.ring_lab.reshape(-1, 3), axis=0)
    off = delta_e(samples.core_lab, ground) >= _CORE_OFF_GROUND
    symmetry = max(RAIL_SYMMETRY, RAIL_SYMMETRY_PX / geometry.cell_size)
    found = set()
    for r, c in np.argwhere(off):
        cell = Cell(int(r), int(c))
        rgb = _patch(image, geometry, cell)
        corners = rgb[np.ix_(_band(*_CORNER), _band(*_CORNER))].reshape(-1, 3)
        tile = to_lab(median_of(corners, axis=0).astype(np.uint8))
        # The tile, not the ground between a dot and the lines.
        if delta_e(tile, ground) >= TILE_GROUND and _is_bridge(rgb.mean(axis=2), symmetry):
            found.add(cell)
    return found


def _patch(image: np.ndarray, geometry: BoardGeometry, cell: Cell) -> np.ndarray:
    """The cell resampled to ``_PATCH`` pixels a side, edge to edge (float RGB)."""
    x0, x1 = geometry.xs[cell.col], geometry.xs[cell.col + 1]
    y0, y1 = geometry.ys[cell.row], geometry.ys[cell.row + 1]
    scale_x, scale_y = _PATCH / (x1 - x0), _PATCH / (y1 - y0)
    # Pixel centres at integers: the patch's pixel i covers x0 + (i + 0.5) / scale.
    warp = np.array(
        [[scale_x, 0, -scale_x * (x0 - 0.5) - 0.5], [0, scale_y, -scale_y * (y0 - 0.5) - 0.5]]
    )
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


def _band(low: float, high: float) -> np.ndarray:
    a = np.abs(_U)
    return (a >= low) & (a <= high)


def _is_bridge(grey: np.ndarray, symmetry: float) -> bool:
    """Whether a cell's patch shows a tile with straight edges all round and two rails on it."""
    corner_band, ground_band, side_band = _band(*_CORNER), _band(*_GROUND), _band(*_SIDE)
    corners = grey[np.ix_(corner_band, corner_band)]
    tile = float(np.median(corners))
    spread = float(np.percentile(corners, 75) - np.percentile(corners, 25))
    # Each side: the tile inside its edge, the ground outside, along the side
    # clear of a flow under the tile.
    sides = []
    for along_rows in (False, True):
        g = grey.T if along_rows else grey
        for sign in (-1, 1):
            inside = _band(*_CORNER) & (np.sign(_U) == sign)
            outside = ground_band & (np.sign(_U) == sign)
            sides.append(
                (
                    float(np.median(g[np.ix_(inside, side_band)])),
                    float(np.median(g[np.ix_(outside, side_band)])),
                )
            )
    step = min(abs(i - o) for i, o in sides)
    one_way = len({np.sign(i - o) for i, o in sides}) == 1
    if step < TILE_STEP or not one_way or spread > max(TILE_FLAT, TILE_FLAT_SHARE * step):
        return False
    return _rails(grey, tile, step, symmetry)


#: Where the tile is looked for beside a rail (patch pixels: 0.08 pitch).
_BESIDE = round(0.08 * _PATCH)


def _rails(grey: np.ndarray, tile: float, step: float, symmetry: float) -> bool:
    """Whether two lighter rails cross the tile along one axis, symmetric about its middle."""
    reach = _band(*_RAILS)
    span = np.abs(_U) <= _CORNER[1]
    for g in (grey, grey.T):  # rails along the rows, then along the columns
        # Each row's median across the tile: a rail is light all along.
        profile = np.median(g[:, span], axis=1)
        tops = []
        for sign in (-1, 1):
            where = np.flatnonzero(reach & (np.sign(_U) == sign))
            k = where[int(np.argmax(profile[where]))]
            # A rail is a line: the tile again either side of it.
            beside = max(
                float(profile[max(0, k - _BESIDE)]), float(profile[min(_PATCH - 1, k + _BESIDE)])
            )
            tops.append((float(profile[k]) - beside, abs(float(_U[k]))))
        lift = min(v for v, _ in tops)
        if lift >= max(RAIL_LIFT, RAIL_SHARE * step) and abs(tops[0][1] - tops[1][1]) <= symmetry:
            return True
    return False


def check_crossable(bridges: set[Cell], geometry: BoardGeometry) -> None:
    """Refuse a bridge no flow could cross both ways: on the board's border."""
    for cell in sorted(bridges):
        if cell.row in (0, geometry.rows - 1) or cell.col in (0, geometry.cols - 1):
            raise UnsureReadingError(
                f"cell ({cell.row}, {cell.col}) holds a bridge on the border, where no flow "
                "can cross it"
            )


#: How far round the tile the ground is taken from, and painted to (pitches).
_PAINT = 0.43


def take_off(image: np.ndarray, geometry: BoardGeometry, bridges: set[Cell]) -> np.ndarray:
    """A copy of ``image`` with each bridge's tile painted over by the ground around it.

    The ground is blended in from the tile's four sides, each pixel by its
    distance to them, as glow's smooth tint goes on under the tile.
    """
    out = image.copy()
    h, w = image.shape[:2]
    for cell in bridges:
        x, y = geometry.centre(cell)
        p = geometry.cell_size
        half = _PAINT * p
        x0, x1 = max(0, int(np.floor(x - half))), min(w - 1, int(np.ceil(x + half)))
        y0, y1 = max(0, int(np.floor(y - half))), min(h - 1, int(np.ceil(y + half)))
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        box = out[y0 : y1 + 1, x0 : x1 + 1].astype(np.float32)
        left, right = box[:, :1], box[:, -1:]
        top, bottom = box[:1, :], box[-1:, :]
        ny, nx = box.shape[:2]
        fx = (np.arange(nx, dtype=np.float32) / (nx - 1))[None, :, None]
        fy = (np.arange(ny, dtype=np.float32) / (ny - 1))[:, None, None]
        across = left * (1 - fx) + right * fx
        down = top * (1 - fy) + bottom * fy
        # Nearer a side, more of that side's ground.
        wx = np.minimum(fx, 1 - fx)
        wy = np.minimum(fy, 1 - fy)
        weight = wy / np.maximum(wx + wy, 1e-6)
        blended = across * weight + down * (1 - weight)
        out[y0 + 1 : y1, x0 + 1 : x1] = np.clip(blended[1:-1, 1:-1] + 0.5, 0, 255).astype(np.uint8)
    return out


def without_bridges(
    image: np.ndarray, geometry: BoardGeometry, samples: CellSamples
) -> tuple[np.ndarray, CellSamples, frozenset[Cell]]:
    """The image and samples to read the dots in, bridges taken off, and the bridges.

    Unchanged (the same objects) where the board holds no bridge.
    """
    bridges = find_bridges(image, geometry, samples)
    if not bridges:
        return image, samples, frozenset()
    check_crossable(bridges, geometry)
    seen = take_off(image, geometry, bridges)
    return seen, sample_cells(seen, geometry), frozenset(bridges)
