"""Which cell the pointer is on, for every kind of board.

* square boards: the square under the pointer; a hole is no cell (``None``);
* hexagonal boards: the hexagon containing the pointer (hexagons are the
  regions nearest each centre);
* warps: the board goes on through a warp's opening, so the pointer just past
  the opening (within a cell of the border) is on the cell at the warp's
  other end. It is given as the lattice cell it lies in, just off the board
  (row -1 or ``rows``, column -1 or ``cols``), so a fast drag out through the
  opening is still filled in along the row or column up to the opening
  (``_game.drag_to``); dragging out takes the pipe across, and it carries on
  from that end, pressed again there as any pipe end is.
"""

from __future__ import annotations

import math

from flowbot.models import Cell, HexGeometry, Point, Puzzle, link
from flowbot.practice._render import Layout


def cell_under(puzzle: Puzzle, layout: Layout, x: float, y: float) -> Cell | None:
    """The cell the pointer at window pixel ``(x, y)`` is on, or ``None``."""
    geometry = layout.geometry
    if isinstance(geometry, HexGeometry):
        cell = geometry.cell_at(Point(x, y))
    else:
        cell = layout.cell_at(x, y)
    if cell is not None:
        return cell if puzzle.is_playable(cell) else None
    return _through_warp(puzzle, layout, x, y) if puzzle.warps else None


def _through_warp(puzzle: Puzzle, layout: Layout, x: float, y: float) -> Cell | None:
    """The cell just off the board that ``(x, y)`` is in, when that is past a warp's opening."""
    r = math.floor((y - layout.header) / layout.cell)
    c = math.floor((x - layout.margin) / layout.cell)
    inside = Cell(min(max(r, 0), puzzle.rows - 1), min(max(c, 0), puzzle.cols - 1))
    if abs(inside.row - r) + abs(inside.col - c) != 1:
        return None  # past a corner, or more than a cell out
    partner = Cell(r % puzzle.rows, c % puzzle.cols)
    return Cell(r, c) if link(inside, partner) in puzzle.warps else None
