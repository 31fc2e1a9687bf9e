"""What the practice board looks like, as a list of shapes.

The same shapes are drawn on the Tk canvas (the real window) and with Pillow
(offline images for tests and the simulated game), so both look alike: a black
background, dim grid lines, a dot per pair end in the game's colours, thick
round pipes, and each piped cell tinted with its colour. The game's other
boards look as ``flowbot.look`` says: a wide outline and walls, holes left
as background, hexagons, openings for warps, bridge tiles.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from flowbot import look
from flowbot.models import BoardGeometry, Cell, Geometry, HexGeometry, Puzzle
from flowbot.models import Shape as Lattice
from flowbot.palette import BACKGROUND, BRIDGE_RAIL, BRIDGE_TILE, GRID_LINE, colour_for
from flowbot.practice._game import GameState, Path, connected, filled, is_solved, to_fill

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the board sits in the window: cell pitch, margin and header height (pixels)."""

    rows: int
    cols: int
    cell: int = 48
    margin: int = 16
    header: int = 80
    shape: Lattice = Lattice.SQUARE

    @classmethod
    def for_puzzle(cls, puzzle: Puzzle, *, cell: int = 48) -> Layout:
        """The layout of ``puzzle``'s board: its lattice, and room past a warp's opening
        to drag through it."""
        margin = max(16, round(0.6 * cell)) if puzzle.warps else 16
        return cls(puzzle.rows, puzzle.cols, cell=cell, margin=margin, shape=puzzle.shape)

    @property
    def size(self) -> tuple[int, int]:
        """Window ``(width, height)``."""
        if self.shape is Lattice.HEX:
            g = self.geometry
            return math.ceil(g.right + self.margin), math.ceil(g.bottom + self.margin)
        return (
            2 * self.margin + self.cols * self.cell,
            self.header + self.rows * self.cell + self.margin,
        )

    @property
    def geometry(self) -> Geometry:
        """Where the board's cells are in window pixels (``cell``: centre to centre)."""
        return _geometry(self)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The square under window pixel ``(x, y)``, or ``None`` off the board's grid
        (see ``_hit.cell_under`` for every kind of board)."""
        c = int((x - self.margin) // self.cell)
        r = int((y - self.header) // self.cell)
        return Cell(r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None


@functools.lru_cache(maxsize=16)
def _geometry(layout: Layout) -> Geometry:
    # Cached: the hit model asks for it on every pointer event.
    if layout.shape is Lattice.HEX:
        return HexGeometry.regular(
            left=layout.margin,
            top=layout.header,
            pitch=layout.cell,
            rows=layout.rows,
            cols=layout.cols,
        )
    return BoardGeometry.uniform(
        left=layout.margin,
        top=layout.header,
        width=layout.cols * layout.cell,
        height=layout.rows * layout.cell,
        rows=layout.rows,
        cols=layout.cols,
    )


@dataclass(frozen=True, slots=True)
class Rect:
    box: tuple[float, float, float, float]
    fill: RGB


@dataclass(frozen=True, slots=True)
class Pipe:
    points: tuple[tuple[float, float], ...]
    width: float
    fill: RGB


@dataclass(frozen=True, slots=True)
class Disc:
    centre: tuple[float, float]
    radius: float
    fill: RGB


@dataclass(frozen=True, slots=True)
class Text:
    at: tuple[float, float]
    text: str
    fill: RGB
    size: int


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: RGB


@dataclass(frozen=True, slots=True)
class Segment:
    """A straight band from ``a`` to ``b``, square at both ends."""

    a: tuple[float, float]
    b: tuple[float, float]
    width: float
    fill: RGB


Shape = Rect | Pipe | Disc | Text | Polygon | Segment


def _dim(rgb: RGB, f: float) -> RGB:
    return (round(rgb[0] * f), round(rgb[1] * f), round(rgb[2] * f))


def segment_corners(segment: Segment) -> tuple[tuple[float, float], ...]:
    """A segment's band as a polygon, on past each end by half its width (corners close)."""
    (ax, ay), (bx, by), half = segment.a, segment.b, segment.width / 2
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length * half, (by - ay) / length * half
    ax, ay, bx, by = ax - ux, ay - uy, bx + ux, by + uy
    return (ax - uy, ay + ux), (bx - uy, by + ux), (bx + uy, by - ux), (ax + uy, ay - ux)


def hex_colour(rgb: RGB) -> str:
    """``#rrggbb`` for Tk."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def tint_shapes(i: int, path: Path, layout: Layout, puzzle: Puzzle | None = None) -> list[Shape]:
    """The dim background of each cell on pair ``i``'s pipe (drawn under the grid)."""
    if len(path) < 2:
        return []  # a dot on its own is not a pipe
    g, colour = layout.geometry, _dim(colour_for(i).rgb, 0.25)
    cells = path if puzzle is None else tuple(look.tinted_cells(puzzle, path))
    if isinstance(g, HexGeometry):
        return [Polygon(tuple(g.polygon(c)), colour) for c in cells]
    return [
        Rect((g.xs[c.col], g.ys[c.row], g.xs[c.col + 1], g.ys[c.row + 1]), colour) for c in cells
    ]


def grid_shapes(layout: Layout) -> list[Shape]:
    """The grid lines of a classic board."""
    g = layout.geometry
    assert isinstance(g, BoardGeometry)
    line = max(1, layout.cell // 32)
    out: list[Shape] = [
        Rect((x - line / 2, g.top, x + line / 2, g.bottom), GRID_LINE) for x in g.xs
    ]
    out += [Rect((g.left, y - line / 2, g.right, y + line / 2), GRID_LINE) for y in g.ys]
    return out


def board_shapes(puzzle: Puzzle, layout: Layout) -> list[Shape]:
    """The lines between cells; on the game's other boards also the outline and walls."""
    if puzzle.is_classic:
        return grid_shapes(layout)
    line = max(1, layout.cell // 32)
    wall_colour, wall_width = look.wall_look(puzzle, GRID_LINE)
    # A hexagon's sides slant, and the window draws without smoothing: a band at
    # a slant fills a pixel less a row in places (two pixels wide, as thin as a
    # line). Drawn four lines wide, the outline shows about three, as the game's.
    wall = max((4 if puzzle.shape is Lattice.HEX else 2) * line, round(wall_width * layout.cell))
    edges = look.edges(puzzle, layout.geometry)
    out: list[Shape] = []
    for kind, width, colour in (
        (look.EdgeKind.LINE, line, GRID_LINE),
        (look.EdgeKind.WALL, wall, wall_colour),
    ):
        out += [
            Segment((e.a.x, e.a.y), (e.b.x, e.b.y), width, colour) for e in edges if e.kind is kind
        ]
    return out


def bridge_shapes(puzzle: Puzzle, layout: Layout) -> list[Shape]:
    """Every bridge's tile and rails (drawn over the pipes that pass under them)."""
    out: list[Shape] = []
    rail = max(1.0, 0.05 * layout.cell)
    for cell in sorted(puzzle.bridges):
        square, rails = look.bridge_tile(layout.geometry, cell)
        out.append(Polygon(tuple((p.x, p.y) for p in square), BRIDGE_TILE))
        out += [Segment((a.x, a.y), (b.x, b.y), rail, BRIDGE_RAIL) for a, b in rails]
    return out


def pipe_shapes(i: int, path: Path, layout: Layout, puzzle: Puzzle | None = None) -> list[Shape]:
    """Pair ``i``'s pipe: a thick line through its cell centres (drawn over the grid),
    in pieces where it goes through a warp."""
    if len(path) < 2:
        return []
    width, colour = layout.cell * 0.34, colour_for(i).rgb
    if puzzle is None or puzzle.is_classic:
        centres = tuple((p.x, p.y) for p in map(layout.geometry.centre, path))
        return [Pipe(centres, width, colour)]
    return [
        Pipe(tuple((p.x, p.y) for p in piece), width, colour)
        for piece in look.pipe_pieces(puzzle, layout.geometry, path)
    ]


def over_shapes(i: int, path: Path, layout: Layout, puzzle: Puzzle) -> list[Shape]:
    """Where pair ``i``'s pipe crosses a bridge on its upper deck (drawn over the tile)."""
    width, colour = layout.cell * 0.34, colour_for(i).rgb
    return [
        Segment((a.x, a.y), (b.x, b.y), width, colour)
        for a, b in look.over_bridges(puzzle, layout.geometry, path)
    ]


def dot_shapes(puzzle: Puzzle, layout: Layout) -> list[Shape]:
    """Every dot (drawn over the pipes)."""
    g, r = layout.geometry, layout.cell * 0.31
    return [
        Disc((g.centre(cell).x, g.centre(cell).y), r, colour_for(i).rgb)
        for i, pair in enumerate(puzzle.pairs)
        for cell in (pair.a, pair.b)
    ]


def status_shape(state: GameState, layout: Layout) -> Text:
    """The header line: flows joined, share of the board filled, and "solved!"."""
    p = state.puzzle
    flows = sum(connected(state, i) for i in range(len(p.pairs)))
    pipe = round(100 * filled(state) / to_fill(p))
    status = f"flows {flows}/{len(p.pairs)}  pipe {pipe}%"
    if is_solved(state):
        status = "solved!  " + status
    return Text((layout.margin, layout.header / 3), status, (230, 230, 230), 12)


def shapes(state: GameState, layout: Layout) -> list[Shape]:
    """Everything to draw for ``state``, back to front."""
    width, height = layout.size
    puzzle = state.puzzle
    out: list[Shape] = [Rect((0, 0, width, height), BACKGROUND)]
    for i, path in enumerate(state.paths):
        out += tint_shapes(i, path, layout, puzzle)
    out += board_shapes(puzzle, layout)
    for i, path in enumerate(state.paths):
        out += pipe_shapes(i, path, layout, puzzle)
    out += bridge_shapes(puzzle, layout)
    for i, path in enumerate(state.paths):
        out += over_shapes(i, path, layout, puzzle)
    out += dot_shapes(puzzle, layout)
    out.append(status_shape(state, layout))
    return out


def render(state: GameState, layout: Layout) -> npt.NDArray[np.uint8]:
    """The board as an RGB image, drawn with Pillow (no display needed)."""
    image = Image.new("RGB", layout.size, BACKGROUND)
    d = ImageDraw.Draw(image)
    for shape in shapes(state, layout):
        if isinstance(shape, Rect):
            x0, y0, x1, y1 = shape.box
            d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=shape.fill)
        elif isinstance(shape, Pipe):
            d.line(shape.points, fill=shape.fill, width=round(shape.width), joint="curve")
            r = shape.width / 2
            for x, y in (shape.points[0], shape.points[-1]):
                d.ellipse((x - r, y - r, x + r, y + r), fill=shape.fill)
        elif isinstance(shape, Disc):
            (x, y), r = shape.centre, shape.radius
            d.ellipse((x - r, y - r, x + r, y + r), fill=shape.fill)
        elif isinstance(shape, Polygon):
            d.polygon(shape.points, fill=shape.fill)
        elif isinstance(shape, Segment):
            d.polygon(segment_corners(shape), fill=shape.fill)
        else:
            d.text((shape.at[0], shape.at[1] - shape.size / 2), shape.text, fill=shape.fill)
    return np.asarray(image, dtype=np.uint8)
