"""Where the pointer may be while the button is down: the board's playable cells.

A drag that left them could press, cut or scroll something that is not the
board (a hole is the screen behind it, a wall's far side another pipe's
corridor). Besides the cells, the pointer may go a little way out of a
warp's opening: the game takes it there as on the cell across the board
(that is how a drag goes through a warp), so the lattice cell just past each
opening is part of the area too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from flowbot import look
from flowbot.actuate._plan import Drag
from flowbot.errors import ActuationError
from flowbot.models import BoardGeometry, Cell, Geometry, Point, Puzzle

Polygon = tuple[Point, ...]


@dataclass(frozen=True, slots=True, eq=False)
class PlayArea:
    """The playable cells of a board, and the room past its warps' openings.

    Examples
    --------
    >>> holed = Puzzle(1, 3, (), holes=frozenset({Cell(0, 1)}))
    >>> area = PlayArea.of(holed, BoardGeometry.uniform(
    ...     left=0, top=0, width=30, height=10, rows=1, cols=3))
    >>> area.contains(Point(5, 5)), area.contains(Point(15, 5))
    (True, False)
    >>> area.covers(Point(5, 5), Point(8, 5)), area.covers(Point(5, 5), Point(25, 5))
    (True, False)
    """

    geometry: Geometry
    cells: frozenset[Cell]
    openings: tuple[Polygon, ...]
    #: A whole rectangle of squares: any move between two of its points stays in it.
    convex: bool = False

    @classmethod
    def of(cls, puzzle: Puzzle, geometry: Geometry) -> PlayArea:
        """The area of ``puzzle``'s board drawn at ``geometry``."""
        look.check_geometry(puzzle, geometry)
        openings = tuple(
            _beyond(geometry, end, _off_board(puzzle, end, other))
            for a, b in sorted(puzzle.warps)
            for end, other in ((a, b), (b, a))
        )
        convex = isinstance(geometry, BoardGeometry) and not puzzle.holes and not openings
        return cls(geometry, frozenset(puzzle.cells()), openings, convex)

    def contains(self, point: Point) -> bool:
        """True when ``point`` is on a playable cell or just past a warp's opening."""
        if self.geometry.cell_at(point) in self.cells:
            return True
        return any(_inside(polygon, point) for polygon in self.openings)

    def covers(self, a: Point, b: Point) -> bool:
        """True when the whole straight move from ``a`` to ``b`` stays in the area."""
        if self.convex:
            return self.contains(a) and self.contains(b)
        g = self.geometry
        steps = max(1, math.ceil(4 * math.hypot(b.x - a.x, b.y - a.y) / g.cell_size))
        near = {g.cell_at(_at(a, b, i / steps)) for i in range(steps + 1)}
        polygons = [g.polygon(cell) for cell in near if cell in self.cells]
        spans = sorted(
            span for polygon in (*polygons, *self.openings) if (span := _clip(polygon, a, b))
        )
        reached = 0.0
        for t0, t1 in spans:
            if t0 > reached + 1e-9:
                return False
            reached = max(reached, t1)
        return reached >= 1 - 1e-9

    def check(self, drags: Sequence[Drag]) -> None:
        """Raise ``ActuationError`` unless every point and move of ``drags`` is in the area."""
        for drag in drags:
            for i, point in enumerate(drag.points):
                if not self.contains(point) or (
                    i and not self.convex and not self.covers(drag.points[i - 1], point)
                ):
                    raise ActuationError(
                        f"refusing to drag outside the board: {drag.label!r} at "
                        f"({point.x:.0f}, {point.y:.0f})"
                    )


def _off_board(puzzle: Puzzle, end: Cell, other: Cell) -> Cell:
    """The lattice cell just past the opening by ``end`` of the warp to ``other``."""
    if end.row == other.row:  # along a row: out at its left or right end
        return Cell(end.row, -1 if end.col == 0 else puzzle.cols)
    return Cell(-1 if end.row == 0 else puzzle.rows, end.col)


def _beyond(geometry: Geometry, cell: Cell, off: Cell) -> Polygon:
    """The outline of lattice cell ``off``, next to ``cell`` but off the board."""
    if not isinstance(geometry, BoardGeometry):
        return geometry.polygon(off)  # a hexagon lattice goes on forever
    corners = geometry.polygon(cell)  # squares: the edge cell's, moved over by one
    dx = (off.col - cell.col) * (corners[1].x - corners[0].x)
    dy = (off.row - cell.row) * (corners[3].y - corners[0].y)
    return tuple(Point(p.x + dx, p.y + dy) for p in corners)


def _at(a: Point, b: Point, t: float) -> Point:
    return Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)


def _inside(polygon: Polygon, point: Point) -> bool:
    return _clip(polygon, point, point) is not None


def _clip(polygon: Polygon, a: Point, b: Point) -> tuple[float, float] | None:
    """The part ``[t0, t1]`` of the move ``a + t (b - a)``, ``0 <= t <= 1``, inside the
    convex ``polygon`` (its sides count as inside); ``None`` when none is."""
    cx = sum(p.x for p in polygon) / len(polygon)
    cy = sum(p.y for p in polygon) / len(polygon)
    t0, t1 = 0.0, 1.0
    for p, q in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
        ex, ey = q.x - p.x, q.y - p.y
        side = 1.0 if ex * (cy - p.y) - ey * (cx - p.x) > 0 else -1.0
        slack = 1e-6 * math.hypot(ex, ey)  # points on a side are inside
        f0 = side * (ex * (a.y - p.y) - ey * (a.x - p.x)) + slack
        f1 = side * (ex * (b.y - p.y) - ey * (b.x - p.x)) + slack
        if f0 < 0 and f1 < 0:
            return None
        if f0 < 0:
            t0 = max(t0, f0 / (f0 - f1))
        elif f1 < 0:
            t1 = min(t1, f0 / (f0 - f1))
        if t0 > t1:
            return None
    return t0, t1
