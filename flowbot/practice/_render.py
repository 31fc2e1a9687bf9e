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

from flowbot.models import BoardGeometry, Cell
from flowbot.palette import BACKGROUND, GRID_LINE, colour_for
from flowbot.practice._game import GameState, connected, filled, is_solved

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the board sits in the window: cell pitch, margin and header height (pixels)."""

    rows: int
    cols: int
    cell: int = 48
    margin: int = 16
    header: int = 48

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


def shapes(state: GameState, layout: Layout) -> list[Shape]:
    """Everything to draw for ``state``, back to front."""
    p, g, s = state.puzzle, layout.geometry, layout.cell
    width, height = layout.size
    out: list[Shape] = [Rect((0, 0, width, height), BACKGROUND)]
    colours = [colour_for(i).rgb for i in range(len(p.pairs))]
    for i, path in enumerate(state.paths):
        for cell in path:
            out.append(
                Rect(
                    (g.xs[cell.col], g.ys[cell.row], g.xs[cell.col + 1], g.ys[cell.row + 1]),
                    _dim(colours[i], 0.25),
                )
            )
    line = max(1, s // 32)
    for x in g.xs:
        out.append(Rect((x - line / 2, g.top, x + line / 2, g.bottom), GRID_LINE))
    for y in g.ys:
        out.append(Rect((g.left, y - line / 2, g.right, y + line / 2), GRID_LINE))
    for i, path in enumerate(state.paths):
        if len(path) > 1:
            centres = tuple(tuple(g.centre(cell)) for cell in path)
            out.append(Pipe(centres, s * 0.34, colours[i]))  # type: ignore[arg-type]
    for i, pair in enumerate(p.pairs):
        for cell in (pair.a, pair.b):
            out.append(Disc(tuple(g.centre(cell)), s * 0.31, colours[i]))  # type: ignore[arg-type]
    flows = sum(connected(state, i) for i in range(len(p.pairs)))
    pipe = round(100 * filled(state) / (p.rows * p.cols))
    status = f"flows {flows}/{len(p.pairs)}  pipe {pipe}%"
    if is_solved(state):
        status = "solved!  " + status
    out.append(Text((layout.margin, layout.header / 2), status, (230, 230, 230), 12))
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
