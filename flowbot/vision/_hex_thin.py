"""A hexagonal board whose outline is drawn as thin as its lines: its walls are not drawn.

The game draws a hexagonal board's outline, and its walls, wider than the
lines between its hexagons (``_hex_widths``). A drawing may draw every side
alike (a solutions site's look): its walls are not drawn at all, and the
board's shape shows only as where hexagons are drawn, the ground past them.
Such a board is read from its hexagons alone, with no walls, and the reading
says so (``WALLS_UNSEEN``): the reader never asks to see what is not drawn.

Told (``thin_outline``) only where every side measured, between two
hexagons and on the outline, along each direction, is at most ``ONE_WIDTH``
times the thin lines' typical width: a board of the game's look whose
outline measures near its lines (blur, JPEG) still shows sides wider than
that. Past a thin outline, nothing tells a board cut off or covered, or a
flow whose hexagons were not all seen, from the board's shape: every hexagon
left out beside the board must lie within the image and show the ground
(``LEFT_OUT``).
"""

from __future__ import annotations

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry
from flowbot.vision._colour import delta_e
from flowbot.vision._hex_board import HexSides, side_direction
from flowbot.vision._hex_cells import HexCells
from flowbot.vision._pipes import centres_lab, lab_at
from flowbot.vision._rule import Rule
from flowbot.vision._stats import median_of

#: Every side at most this many times the thin lines' median width along its
#: direction (a solutions site's sides 0.83-1.23 of it, a flat side's width
#: depending on where it falls on the pixel grid; the game's outline about 3
#: times, renders' boards' widest side 1.99 and up, 45 boards of every kind).
ONE_WIDTH = 1.3

#: The note of a reading whose board's outline is as thin as its lines.
WALLS_UNSEEN = "walls not drawn (the board's outline is as thin as its lines)"


def thin_outline(sides: HexSides) -> bool:
    """Whether every side of the board, between two hexagons and on its outline (whole in
    the image), along each direction, is as thin as the lines (``ONE_WIDTH``)."""
    if sides.groups is not None:
        return False
    inner, outline = sides.widths
    for direction in range(3):
        lines = [width for side, width in inner.items() if side_direction(side) == direction]
        edges = [side.width for side in outline if side.direction == direction]
        if not lines or not edges:
            return False
        typical = float(np.median(lines))
        if max(*lines, *edges) > ONE_WIDTH * typical:
            return False
    return True


def left_out(geometry: HexGeometry, cells: tuple[Cell, ...]) -> list[Cell]:
    """The hexagons beside ``cells`` that are not among them (holes, the outside)."""
    board = set(cells)
    pitch = geometry.cell_size

    def beside(a: Cell, b: Cell) -> bool:
        pa, pb = geometry.centre(a), geometry.centre(b)
        return 0 < np.hypot(pa.x - pb.x, pa.y - pb.y) < 1.2 * pitch

    found = {
        other
        for cell in board
        for other in (Cell(cell.row + dr, cell.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
        if other not in board and beside(cell, other)
    }
    return sorted(found)


#: Along a side running out from the outline's corner, between two hexagons left
#: out, the share of its length looked at from each end (clear of the outline's
#: line, under 0.05 of it) and how many of those points must lie within the image.
_ALONG = np.linspace(0.08, 0.92, 12)
_SEEN = 2
#: Across a line, the offsets (px) looked at: a thin line lies within a pixel
#: of where the lattice places it.
_ACROSS = (-1.0, 0.0, 1.0)
#: Round a left-out hexagon's centre, the disc looked at (pitch): a flow's pipe
#: (half-widths 0.15-0.2) or dot fills it, a word's strokes beside the board
#: (the site's title and name, a few pixels wide) do not.
_DISC = 0.12
#: A share of the places looked at unlike the ground (``empty_contrast``) that
#: shows something drawn: a side's line all along it, a flow all over the disc.
_FILLED = 0.75


def _check_left_out(seen: HexCells) -> None:
    geometry, image = seen.geometry, seen.image
    h, w = image.shape[:2]
    outside = left_out(geometry, seen.cells)
    centres = np.array([geometry.centre(cell) for cell in outside], np.float64)
    inside = _within(centres, w, h)
    if np.count_nonzero(inside) < _SEEN:
        raise UnsureReadingError(f"the board's outline lies at the image's edge: {_CUT}")
    ground = median_of(centres_lab(image, centres[inside], geometry.cell_size), axis=0)
    limit = seen.settings.empty_contrast

    def unlike(points: np.ndarray) -> np.ndarray:
        return delta_e(lab_at(image, points, h, w), ground) > limit

    angles = np.arange(8) * np.pi / 4
    disc = np.concatenate([[[0.0, 0.0]], np.stack([np.cos(angles), np.sin(angles)], axis=1)])
    around = centres[inside][:, None, :] + _DISC * geometry.cell_size * disc[None]
    for i in np.flatnonzero(unlike(around).mean(axis=1) >= _FILLED):
        r, c = np.array(outside)[inside][i]
        raise UnsureReadingError(f"hexagon ({r}, {c}) left out of the board {LEFT_OUT_REASON}")
    for a, b in _running_out(geometry, outside):
        points = a + _ALONG[:, None] * (b - a)
        normal = np.array([a[1] - b[1], b[0] - a[0]]) / np.hypot(*(b - a))
        shown = points[_within(points, w, h)]
        if len(shown) < _SEEN:
            raise UnsureReadingError(f"the board's outline lies at the image's edge: {_CUT}")
        across = np.stack([shown + t * normal for t in _ACROSS], axis=1)
        if unlike(across).any(axis=1).mean() >= _FILLED:
            raise UnsureReadingError(f"a line runs on past the board's outline: {_CUT}")


def _within(points: np.ndarray, w: int, h: int) -> np.ndarray:
    """Whether ``points`` (``(n, 2)`` x, y) lie within the image, a pixel from its edge."""
    return (points >= 1).all(axis=1) & (points[:, 0] <= w - 2) & (points[:, 1] <= h - 2)


def _running_out(geometry: HexGeometry, outside: list[Cell]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The sides between two hexagons left out beside the board (``outside``): each runs
    out from a corner of the board's outline; as (corner at the board, other end)."""
    near = 1.2 * geometry.cell_size
    found = []
    for i, one in enumerate(outside):
        p = np.array(geometry.centre(one))
        for other in outside[i + 1 :]:
            q = np.array(geometry.centre(other))
            if np.hypot(*(q - p)) >= near:
                continue
            # The side between two neighbours: its corners lie a radius/2 either side
            # of the middle of their centres, across the line between them.
            middle, across = (p + q) / 2, np.array([p[1] - q[1], q[0] - p[0]])
            half = across / np.hypot(*across) * geometry.radius / 2
            found.append((middle - half, middle + half))
    return found


_CUT = "a cut-off or covered board"

LEFT_OUT_REASON = "does not show the ground (a cut-off or covered board, or a flow unread)"

LEFT_OUT: Rule[HexCells] = Rule(
    name="hex left out past a thin outline",
    refuses="on a hexagonal board whose outline is as thin as its lines (`_hex_thin`), a "
    "hexagon beside the board but left out of it that is cut by the image's edge or whose "
    "centre is not the ground the others left out show",
    why="The board's shape is then told only by where hexagons are drawn: the ground past "
    "it must show all round. A board cut off by the image's edge or covered by a window "
    "would be read as a smaller shape, and a flow whose hexagons were not found drawn "
    "(a band unseen at a sharp bend) as holes, its dots left out.",
    bounds="Left out: hexagons within 1.2 pitch of a board cell's centre; each whole within "
    "the image (its radius and half a row round its centre), its centre (median at "
    "`_pipes._CENTRE` 0.06 pitch round it) within empty_contrast 20 CIELAB of the median of "
    "them all (a solutions site's: 0, on its black ground).",
    reason=f"hexagon (r, c) left out of the board {LEFT_OUT_REASON}",
    check=_check_left_out,
)
