"""Pure planning: from a solution and the board's geometry to mouse strokes."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar, cast

from flowbot import look
from flowbot.actuate._screen import Capture
from flowbot.models import (
    Cell,
    Geometry,
    Point,
    Puzzle,
    Shape,
    Solution,
)

#: Either kind of board geometry: a mapping gives back the kind it was given.
G = TypeVar("G", bound=Geometry)

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
    >>> from flowbot.models import BoardGeometry
    >>> cap = Capture(np.zeros((4, 4, 3), np.uint8), left=100, top=50, scale=2)
    >>> to_screen(BoardGeometry((0.0, 200.0), (0.0, 100.0)), cap)
    BoardGeometry(xs=(100.0, 200.0), ys=(50.0, 100.0))
    """
    return cast(G, geometry.shifted(capture.left, capture.top, 1 / capture.scale))


def to_capture(board: G, capture: Capture) -> G:
    """The inverse of ``to_screen``: pointer coordinates to this capture's pixels."""
    shifted = board.shifted(
        -capture.left * capture.scale, -capture.top * capture.scale, capture.scale
    )
    return cast(G, shifted)


def _direction(puzzle: Puzzle, a: Cell, b: Cell) -> tuple[int, int]:
    """The lattice direction of the step from ``a`` to ``b``: equal for every step of a
    straight run (on hexagonal boards, along one of the three axes)."""
    if puzzle.shape is Shape.HEX:  # cube coordinates (q, r) of the even-q lattice
        return b.col - a.col, (b.row - (b.col + (b.col & 1)) // 2) - (
            a.row - (a.col + (a.col & 1)) // 2
        )
    return b.row - a.row, b.col - a.col


def _stops(puzzle: Puzzle, path: Sequence[Cell], jump: int | None) -> list[Cell]:
    """The cells a drag along ``path`` (lattice neighbours each) moves to: both ends,
    every turn, every bridge, and along a straight run every ``jump``-th cell
    (``None``: none between the turns).

    A jump between two stops so runs straight over cells of the path only,
    plain cells the path crosses in line: never a hole, a wall or a bridge.

    >>> path = [Cell(0, c) for c in range(6)] + [Cell(1, 5)]
    >>> board = Puzzle(2, 6, ())
    >>> [c.col for c in _stops(board, path, 2)], [c.col for c in _stops(board, path, None)]
    ([0, 2, 4, 5, 5], [0, 5, 5])
    """
    if len(path) == 1:
        return [path[0]]
    keep = [path[0]]
    since = 0  # cells moved since the last stop
    bridges = puzzle.bridges
    for prev, cell, nxt in zip(path, path[1:], path[2:], strict=False):
        since += 1
        turns = _direction(puzzle, prev, cell) != _direction(puzzle, cell, nxt)
        if turns or since == jump or cell in bridges:
            keep.append(cell)
            since = 0
    keep.append(path[-1])
    return keep


def _pieces(puzzle: Puzzle, path: Sequence[Cell]) -> list[list[Cell]]:
    """``path`` cut where it goes through a warp: runs of lattice neighbours."""
    pieces = [[path[0]]]
    for before, cell in itertools.pairwise(path):
        if puzzle.warps and cell not in set(puzzle.lattice_neighbours(before)):
            pieces.append([cell])
        else:
            pieces[-1].append(cell)
    return pieces


def plan_drags(solution: Solution, geometry: Geometry, *, jump: int | None = 1) -> tuple[Drag, ...]:
    """The drags that draw every path, from dot to dot through the cell centres.

    On the game's other boards: a drag crosses a bridge straight over, and
    through a warp it goes on out of the opening (past the edge, where the
    game takes the pointer as on the cell across the board) and lets go; the
    next drag presses on the pipe's end across the board and carries on, as
    the game takes any pipe end pressed again. So a path through warps is
    drawn by several drags in a row, each with its path's label.

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
        straight run the pointer jumped over: the fewest moves). A jump only
        runs over cells of its path in line (see ``_stops``).

    Returns
    -------
    tuple[Drag, ...]
        Every point and every move lies on the board's playable cells, or
        past a warp's opening (``PlayArea``).

    Examples
    --------
    >>> from flowbot.models import BoardGeometry
    >>> p = Puzzle.from_grid(["A.A"])
    >>> s = Solution(p, ((Cell(0, 0), Cell(0, 1), Cell(0, 2)),))
    >>> g = BoardGeometry.uniform(left=0, top=0, width=30, height=10, rows=1, cols=3)
    >>> [d.points for d in plan_drags(s, g, jump=None)]
    [(Point(x=5.0, y=5.0), Point(x=25.0, y=5.0))]
    """
    if jump is not None and jump < 1:
        raise ValueError(f"a jump is one cell or more, not {jump}")
    puzzle = solution.puzzle
    look.check_geometry(puzzle, geometry)
    drags = []
    for pair, path in zip(puzzle.pairs, solution.paths, strict=True):
        pieces = _pieces(puzzle, path)
        for k, piece in enumerate(pieces):
            points = [geometry.centre(cell) for cell in _stops(puzzle, piece, jump)]
            if k + 1 < len(pieces):  # on out through the warp's opening
                points.append(look.warp_mouth(puzzle, geometry, piece[-1], pieces[k + 1][0]))
            if len(points) > 1:  # not a far dot reached through a warp: drawn already
                drags.append(Drag(pair.label, tuple(points)))
    return tuple(drags)
