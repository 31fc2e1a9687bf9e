"""Pure planning: from a solution and the board's geometry to mouse strokes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from flowbot.actuate._screen import Capture
from flowbot.errors import ActuationError
from flowbot.models import BoardGeometry, Cell, HexGeometry, Point, Solution

#: Either kind of board geometry: a mapping gives back the kind it was given.
G = TypeVar("G", BoardGeometry, HexGeometry)

DragStyle = Literal["cells", "turns"]
#: The named drag styles, as the longest straight jump each makes in one move
#: (``None``: a whole straight run, from turn to turn).
DRAG_STYLES: dict[DragStyle, int | None] = {"cells": 1, "turns": None}


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


def to_screen(geometry: G, capture: Capture) -> G:
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


def to_capture(board: G, capture: Capture) -> G:
    """The inverse of ``to_screen``: pointer coordinates to this capture's pixels."""
    return board.shifted(-capture.left * capture.scale, -capture.top * capture.scale, capture.scale)


def _stops(path: Sequence[Cell], jump: int | None) -> list[Cell]:
    """The cells a drag along ``path`` moves to: both ends, every turn, and along a
    straight run every ``jump``-th cell (``None``: none between the turns).

    >>> path = [Cell(0, c) for c in range(6)] + [Cell(1, 5)]
    >>> [c.col for c in _stops(path, 2)], [c.col for c in _stops(path, None)]
    ([0, 2, 4, 5, 5], [0, 5, 5])
    """
    keep = [path[0]]
    since = 0  # cells moved since the last stop
    for prev, cell, nxt in zip(path, path[1:], path[2:], strict=False):
        since += 1
        turns = (cell.row - prev.row, cell.col - prev.col) != (
            nxt.row - cell.row,
            nxt.col - cell.col,
        )
        if turns or since == jump:
            keep.append(cell)
            since = 0
    keep.append(path[-1])
    return keep


def plan_drags(
    solution: Solution, geometry: BoardGeometry, *, jump: int | None = 1
) -> tuple[Drag, ...]:
    """One drag per path, from dot to dot through the cell centres.

    Parameters
    ----------
    solution
        The paths to draw, in ``solution.puzzle.pairs`` order.
    geometry
        Where the board is, in the coordinates the drags should use.
    jump
        The most cells one move may go along a straight run: 1 moves through
        every cell centre (games that follow the pointer cell by cell);
        ``None`` only through the turning points (games that fill a whole
        straight run the pointer jumped over: the fewest moves).

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
    >>> [d.points for d in plan_drags(s, g, jump=None)]
    [(Point(x=5.0, y=5.0), Point(x=25.0, y=5.0))]
    """
    if jump is not None and jump < 1:
        raise ValueError(f"a jump is one cell or more, not {jump}")
    if (geometry.rows, geometry.cols) != (solution.puzzle.rows, solution.puzzle.cols):
        raise ValueError("geometry and solution disagree on the board size")
    drags = []
    for pair, path in zip(solution.puzzle.pairs, solution.paths, strict=True):
        drags.append(Drag(pair.label, tuple(geometry.centre(cell) for cell in _stops(path, jump))))
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
