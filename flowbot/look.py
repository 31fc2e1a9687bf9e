"""What a board of any kind looks like, as shapes in pixels: one place for the renderer
(``flowbot.render``) and the practice board (``flowbot.practice``), which draw them with
their own tools.

The game's look, from its screenshots (``../shared/screens``: the Hourglass, Worm,
Scattered and Amoeba packs at 150, pkonkle213's levels 19 and 140, a Hexes board):

* the lines between two cells of the board are thin and dim, as on classic boards;
* the board's outline (round holes too) and its walls are one bright line of the
  lines' hue, about three times as wide (measured: 6-7 px walls, 2 px lines at a
  96 px pitch; (240, 145, 143) walls over (115, 63, 61) lines, (245, 212, 147) over
  (115, 95, 63)); holes are plain background, no lines inside;
* hexagonal boards are flat-topped hexagons, odd columns half a cell higher, with the
  same thin inner lines; their outline (Flow Free: Hexes) is as wide as a wall but in
  the lines' own colour (measured: 8 px against 2-3 px at a 156 px pitch,
  (122, 123, 65) over (119, 120, 89)).

Not in the screenshots, so from public descriptions (see the README): a warp is an
opening in the outline ("warps take away the walls on the side"), a pipe crossing it
runs out through the opening; a bridge is a raised grey tile with two rails, the flow
along the row crossing over it and the one along the column passing under it.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from flowbot.models import Cell, Geometry, HexGeometry, Point, Puzzle, Shape, link, step_axis
from flowbot.palette import RGB

#: The outline and walls' width as a fraction of the pitch: square boards, hexagonal ones.
WALL_WIDTH = 0.065
HEX_OUTLINE_WIDTH = 0.05
#: The game draws a hexagonal board's thin lines one density-independent pixel (dp) wide,
#: the board fitted to the phone's width (measured: 2 px lines at 2 px per dp, a 154 px
#: pitch, 5 columns on a 720 px phone: 0.013 of the pitch); no phone is narrower than this.
PHONE_WIDTH_DP = 360
#: Phones' own spread of line widths around one dp (the synthetic phones draw 0.7-1.1 dp).
LINE_DP = 1.1
#: How far a pipe runs out of a warp's opening, as a fraction of the pitch.
WARP_STUB = 0.3
#: A bridge tile's half side, and its rails' distance from its middle, in pitches.
BRIDGE_HALF = 0.4
BRIDGE_RAIL = 0.27

# The sides of a cell, in the order of ``geometry.polygon``'s corners (side k runs
# from corner k to corner k + 1), as the step to the cell across that side.
_SQUARE_SIDES = ((-1, 0), (0, 1), (1, 0), (0, -1))
_HEX_SIDES_ODD = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1))
_HEX_SIDES_EVEN = ((0, -1), (-1, 0), (0, 1), (1, 1), (1, 0), (1, -1))


class EdgeKind(enum.Enum):
    """A drawn side of a cell: a thin grid line, or the wide outline/wall line."""

    LINE = "line"
    WALL = "wall"


@dataclass(frozen=True, slots=True)
class Edge:
    a: Point
    b: Point
    kind: EdgeKind


def wall_look(puzzle: Puzzle, line: RGB) -> tuple[RGB, float]:
    """The outline and walls' colour, for grid lines of colour ``line``, and their width
    as a fraction of the pitch."""
    if puzzle.shape is Shape.HEX:
        return line, HEX_OUTLINE_WIDTH
    return bright(line), WALL_WIDTH


def bright(rgb: RGB) -> RGB:
    """The square boards' outline and walls' colour for grid lines of colour ``rgb``
    (the measured ratio)."""
    return (
        min(255, round(rgb[0] * 2.1 + 10)),
        min(255, round(rgb[1] * 2.1 + 10)),
        min(255, round(rgb[2] * 2.1 + 10)),
    )


def hex_line_share(cols: int) -> float:
    """The widest the game draws a hexagonal board's thin lines, as a share of its pitch:
    ``LINE_DP`` where a board ``cols`` columns wide spans the narrowest phone (a screen
    scaled or zoomed keeps the share; blur widens a line but keeps its ink)."""
    return LINE_DP * math.sqrt(3) / 2 * (cols + 1 / 3) / PHONE_WIDTH_DP


def check_geometry(puzzle: Puzzle, geometry: Geometry) -> None:
    """``ValueError`` unless the geometry is the puzzle's lattice at its size."""
    hexagonal = isinstance(geometry, HexGeometry)
    if hexagonal != (puzzle.shape is Shape.HEX):
        raise ValueError(f"a {puzzle.shape.value} board needs a matching geometry")
    if (geometry.rows, geometry.cols) != (puzzle.rows, puzzle.cols):
        raise ValueError(f"geometry is {geometry.rows}x{geometry.cols}, puzzle {puzzle.size}")


def _sides(puzzle: Puzzle, cell: Cell) -> tuple[tuple[int, int], ...]:
    if puzzle.shape is Shape.HEX:
        return _HEX_SIDES_ODD if cell.col % 2 else _HEX_SIDES_EVEN
    return _SQUARE_SIDES


def _opening(puzzle: Puzzle, cell: Cell, step: tuple[int, int]) -> bool:
    """True when the side of ``cell`` facing off the board is a warp's opening."""
    wrapped = Cell((cell.row + step[0]) % puzzle.rows, (cell.col + step[1]) % puzzle.cols)
    return link(cell, wrapped) in puzzle.warps


def edges(puzzle: Puzzle, geometry: Geometry) -> list[Edge]:
    """Every side to draw: thin lines between cells, wide ones for walls and the outline.

    Each side is given once. A side facing a hole or the board's edge is
    outline, except a warp's opening, which is left open.
    """
    out = []
    for cell in puzzle.cells():
        corners = geometry.polygon(cell)
        for k, step in enumerate(_sides(puzzle, cell)):
            other = Cell(cell.row + step[0], cell.col + step[1])
            a, b = corners[k], corners[(k + 1) % len(corners)]
            if puzzle.is_playable(other):
                if other < cell:
                    continue  # drawn from the other cell
                wall = link(cell, other) in puzzle.walls
                out.append(Edge(a, b, EdgeKind.WALL if wall else EdgeKind.LINE))
            elif not _opening(puzzle, cell, step):
                out.append(Edge(a, b, EdgeKind.WALL))
    return out


def _side_midpoint(geometry: Geometry, cell: Cell, side: int) -> Point:
    corners = geometry.polygon(cell)
    a, b = corners[side], corners[(side + 1) % len(corners)]
    return Point((a.x + b.x) / 2, (a.y + b.y) / 2)


def warp_mouth(puzzle: Puzzle, geometry: Geometry, cell: Cell, partner: Cell) -> Point:
    """A point a little way out of the warp opening by ``cell`` that leads to ``partner``:
    where a pipe through it stops being drawn, and a point a drag through the warp can
    go to (the practice board takes the pointer there as on ``partner``)."""
    for k, step in enumerate(_sides(puzzle, cell)):
        other = Cell(cell.row + step[0], cell.col + step[1])
        wrapped = Cell(other.row % puzzle.rows, other.col % puzzle.cols)
        if other != wrapped and wrapped == partner:
            centre = geometry.centre(cell)
            mid = _side_midpoint(geometry, cell, k)
            half = ((mid.x - centre.x) ** 2 + (mid.y - centre.y) ** 2) ** 0.5
            reach = 1 + WARP_STUB * geometry.cell_size / half
            return Point(
                centre.x + (mid.x - centre.x) * reach, centre.y + (mid.y - centre.y) * reach
            )
    raise ValueError(f"{tuple(cell)} and {tuple(partner)} are not joined through the edge")


def pipe_pieces(puzzle: Puzzle, geometry: Geometry, path: Sequence[Cell]) -> list[list[Point]]:
    """A path's pipe as polylines through cell centres, split where it crosses a warp.

    A piece that goes through a warp runs out of the opening on one side and
    comes in through the other's (the two pieces are drawn apart).
    """
    pieces: list[list[Point]] = []
    piece: list[Point] = []
    for i, cell in enumerate(path):
        if i and cell not in set(puzzle.lattice_neighbours(path[i - 1])):
            piece.append(warp_mouth(puzzle, geometry, path[i - 1], cell))
            pieces.append(piece)
            piece = [warp_mouth(puzzle, geometry, cell, path[i - 1])]
        piece.append(geometry.centre(cell))
    pieces.append(piece)
    return [p for p in pieces if len(p) > 1]


def over_bridges(puzzle: Puzzle, geometry: Geometry, path: Sequence[Cell]) -> list[list[Point]]:
    """The parts of a path that cross a bridge on its upper deck (along the row).

    Drawn over the bridge's tile; the flow along the column passes under it.
    """
    out = []
    for i, cell in enumerate(path):
        if cell in puzzle.bridges and 0 < i < len(path) - 1 and step_axis(path[i - 1], cell) == 0:
            out.append([_side_midpoint(geometry, cell, 3), _side_midpoint(geometry, cell, 1)])
    return out


def bridge_tile(
    geometry: Geometry, cell: Cell
) -> tuple[tuple[Point, ...], list[tuple[Point, Point]]]:
    """A bridge's tile (a square around the cell's centre) and its two rails (along the row)."""
    x, y = geometry.centre(cell)
    s, d = BRIDGE_HALF * geometry.cell_size, BRIDGE_RAIL * geometry.cell_size
    square = (Point(x - s, y - s), Point(x + s, y - s), Point(x + s, y + s), Point(x - s, y + s))
    rails = [(Point(x - s, y + e), Point(x + s, y + e)) for e in (-d, d)]
    return square, rails


def tinted_cells(puzzle: Puzzle, path: Sequence[Cell]) -> Iterator[Cell]:
    """The cells a pipe tints: its cells but bridges (their tile covers them)."""
    return (cell for cell in path if cell not in puzzle.bridges)
