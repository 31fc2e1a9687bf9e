"""What the practice board looks like, as a list of shapes.

The same shapes are drawn on the Tk canvas (the real window) and with Pillow
(offline images for tests and the simulated game), so both look alike: a black
background, dim grid lines, a dot per pair end in the game's colours, thick
round pipes, and each piped cell tinted with its colour.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from flowbot.models import BoardGeometry, Cell, Puzzle
from flowbot.palette import BACKGROUND, GRID_LINE, colour_for
from flowbot.practice._game import GameState, Path, connected, filled, is_solved

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the board sits in the window: cell pitch, margin and header height (pixels)."""

    rows: int
    cols: int
    cell: int = 48
    margin: int = 16
    header: int = 80

    @property
    def size(self) -> tuple[int, int]:
        """Window ``(width, height)``."""
        return (
            2 * self.margin + self.cols * self.cell,
            self.header + self.rows * self.cell + self.margin,
        )

    @property
    def geometry(self) -> BoardGeometry:
        """The board's grid lines in window pixels."""
        return BoardGeometry.uniform(
            left=self.margin,
            top=self.header,
            width=self.cols * self.cell,
            height=self.rows * self.cell,
            rows=self.rows,
            cols=self.cols,
        )

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under window pixel ``(x, y)``, or ``None`` off the board."""
        c = int((x - self.margin) // self.cell)
        r = int((y - self.header) // self.cell)
        return Cell(r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None


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


Shape = Rect | Pipe | Disc | Text


def _dim(rgb: RGB, f: float) -> RGB:
    return (round(rgb[0] * f), round(rgb[1] * f), round(rgb[2] * f))


def hex_colour(rgb: RGB) -> str:
    """``#rrggbb`` for Tk."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def tint_shapes(i: int, path: Path, layout: Layout) -> list[Shape]:
    """The dim background of each cell on pair ``i``'s pipe (drawn under the grid)."""
    if len(path) < 2:
        return []  # a dot on its own is not a pipe
    g, colour = layout.geometry, _dim(colour_for(i).rgb, 0.25)
    return [
        Rect((g.xs[c.col], g.ys[c.row], g.xs[c.col + 1], g.ys[c.row + 1]), colour) for c in path
    ]


def grid_shapes(layout: Layout) -> list[Shape]:
    """The grid lines."""
    g = layout.geometry
    line = max(1, layout.cell // 32)
    out: list[Shape] = [
        Rect((x - line / 2, g.top, x + line / 2, g.bottom), GRID_LINE) for x in g.xs
    ]
    out += [Rect((g.left, y - line / 2, g.right, y + line / 2), GRID_LINE) for y in g.ys]
    return out


def pipe_shapes(i: int, path: Path, layout: Layout) -> list[Shape]:
    """Pair ``i``'s pipe: a thick line through its cell centres (drawn over the grid)."""
    if len(path) < 2:
        return []
    centres = tuple((p.x, p.y) for p in map(layout.geometry.centre, path))
    return [Pipe(centres, layout.cell * 0.34, colour_for(i).rgb)]


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
    pipe = round(100 * filled(state) / (p.rows * p.cols))
    status = f"flows {flows}/{len(p.pairs)}  pipe {pipe}%"
    if is_solved(state):
        status = "solved!  " + status
    return Text((layout.margin, layout.header / 3), status, (230, 230, 230), 12)


def shapes(state: GameState, layout: Layout) -> list[Shape]:
    """Everything to draw for ``state``, back to front."""
    width, height = layout.size
    out: list[Shape] = [Rect((0, 0, width, height), BACKGROUND)]
    for i, path in enumerate(state.paths):
        out += tint_shapes(i, path, layout)
    out += grid_shapes(layout)
    for i, path in enumerate(state.paths):
        out += pipe_shapes(i, path, layout)
    out += dot_shapes(state.puzzle, layout)
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
        else:
            d.text((shape.at[0], shape.at[1] - shape.size / 2), shape.text, fill=shape.fill)
    return np.asarray(image, dtype=np.uint8)
