"""Pure planning: from a solution and the board's geometry to mouse strokes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from flowbot.actuate._screen import Capture
from flowbot.errors import ActuationError
from flowbot.models import BoardGeometry, Cell, Point, Solution

DragStyle = Literal["cells", "turns"]
DRAG_STYLES: tuple[DragStyle, ...] = ("cells", "turns")


@dataclass(frozen=True, slots=True)
class Drag:
    """One stroke: press at ``points[0]``, move through the rest, release at the last.

    ``label`` is the colour this stroke draws.
    """

    label: str
    points: tuple[Point, ...]

    def __post_init__(self) -> None:
        if len(self.points) < 2:
            raise ValueError("a drag needs at least a start and an end point")

    @property
    def moves(self) -> int:
        """Pointer moves after the press."""
        return len(self.points) - 1


def to_screen(geometry: BoardGeometry, capture: Capture) -> BoardGeometry:
    """Map a geometry in capture pixels to pointer coordinates.

    Parameters
    ----------
    geometry
        Grid lines in the capture's pixels (as the vision stage reports them).
    capture
        The capture they were read from: its offset and HiDPI scale.

    Returns
    -------
    BoardGeometry
        The same grid in the coordinates the pointer uses.

    Examples
    --------
    >>> import numpy as np
    >>> cap = Capture(np.zeros((4, 4, 3), np.uint8), left=100, top=50, scale=2)
    >>> to_screen(BoardGeometry((0.0, 200.0), (0.0, 100.0)), cap)
    BoardGeometry(xs=(100.0, 200.0), ys=(50.0, 100.0))
    """
    return geometry.shifted(capture.left, capture.top, 1 / capture.scale)


def to_capture(board: BoardGeometry, capture: Capture) -> BoardGeometry:
    """The inverse of ``to_screen``: pointer coordinates to this capture's pixels."""
    return board.shifted(-capture.left * capture.scale, -capture.top * capture.scale, capture.scale)


def _turning_cells(path: Sequence[Cell]) -> list[Cell]:
    """The path's ends and every cell where it changes direction."""
    keep = [path[0]]
    for prev, cell, nxt in zip(path, path[1:], path[2:], strict=False):
        if (cell.row - prev.row, cell.col - prev.col) != (nxt.row - cell.row, nxt.col - cell.col):
            keep.append(cell)
    keep.append(path[-1])
    return keep


def plan_drags(
    solution: Solution, geometry: BoardGeometry, *, style: DragStyle = "cells"
) -> tuple[Drag, ...]:
    """One drag per path, from dot to dot through the cell centres.

    Parameters
    ----------
    solution
        The paths to draw, in ``solution.puzzle.pairs`` order.
    geometry
        Where the board is, in the coordinates the drags should use.
    style
        ``"cells"`` moves through every cell centre (games that only follow
        the pointer cell by cell); ``"turns"`` only through the turning points
        (games that fill straight runs themselves: fewer moves).

    Returns
    -------
    tuple[Drag, ...]
        Every point is a cell centre, so it lies inside the board.

    Examples
    --------
    >>> from flowbot.models import Puzzle
    >>> p = Puzzle.from_grid(["A.A"])
    >>> s = Solution(p, ((Cell(0, 0), Cell(0, 1), Cell(0, 2)),))
    >>> g = BoardGeometry.uniform(left=0, top=0, width=30, height=10, rows=1, cols=3)
    >>> [d.points for d in plan_drags(s, g, style="turns")]
    [(Point(x=5.0, y=5.0), Point(x=25.0, y=5.0))]
    """
    if style not in DRAG_STYLES:
        raise ValueError(f"unknown drag style {style!r}; use one of {DRAG_STYLES}")
    if (geometry.rows, geometry.cols) != (solution.puzzle.rows, solution.puzzle.cols):
        raise ValueError("geometry and solution disagree on the board size")
    drags = []
    for pair, path in zip(solution.puzzle.pairs, solution.paths, strict=True):
        cells = list(path) if style == "cells" else _turning_cells(path)
        drags.append(Drag(pair.label, tuple(geometry.centre(cell) for cell in cells)))
    return tuple(drags)


def check_inside(drags: Sequence[Drag], geometry: BoardGeometry) -> None:
    """Raise ``ActuationError`` unless every point of every drag is on the board."""
    for drag in drags:
        for point in drag.points:
            if not geometry.contains(point):
                raise ActuationError(
                    f"refusing to drag outside the board: {drag.label!r} at "
                    f"({point.x:.0f}, {point.y:.0f})"
                )
