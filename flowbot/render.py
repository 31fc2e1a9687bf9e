"""Draw a board the way the game does, as an RGB image or as SVG.

The game's look: a black board, thin dim grid lines with a border of the same
line, one filled dot per end of each colour, and, once a colour is joined, a
thick rounded pipe through the centres of its cells over a faint tint of the
pipe's colour in each of those cells. The game's other boards (walls, holes,
bridges, warps, hexagons) are drawn from the shapes ``flowbot.look`` gives,
anti-aliased polygons where they do not lie along the pixel grid; classic
boards keep the fast path below, pixel for pixel.

Coordinates: pixel ``(row, col)`` has its centre at ``Point(col, row)`` and
spans half a pixel either side (OpenCV's convention). A ``BoardGeometry`` puts
grid line ``i`` at ``xs[i]``; shapes may fall between pixels and are then
anti-aliased by their exact area coverage. The work grows with the number of
straight runs, not of cells: a pipe is one rectangle per run, tints are one
numpy blend per board row, and the SVG is one shape per path, so a 1000x1000
board draws in seconds.

``render_board`` draws on a fresh black canvas; ``draw_board`` draws over any
image (the synthetic screenshots draw over a glowing background, as the game
does), and ``to_svg`` writes the same picture as vector shapes.

Examples
--------
>>> from flowbot.models import Puzzle
>>> image = render_board(Puzzle.from_grid(["A.B", "...", "A.B"]), cell_px=20)
>>> image.shape, image.dtype.name
((66, 66, 3), 'uint8')
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from flowbot import look
from flowbot.models import (
    BoardGeometry,
    Cell,
    Geometry,
    HexGeometry,
    Point,
    Puzzle,
    Shape,
    Solution,
)
from flowbot.palette import BACKGROUND, BRIDGE_RAIL, BRIDGE_TILE, GAME_COLOURS, GRID_LINE, RGB

__all__ = [
    "RenderStyle",
    "board_geometry",
    "draw_board",
    "pair_colours",
    "render_board",
    "to_svg",
]


@dataclass(frozen=True, slots=True)
class RenderStyle:
    """How a board looks. Sizes are fractions of the cell pitch.

    Parameters
    ----------
    background : RGB
        The board's (and a fresh canvas's) colour.
    line_colour : RGB
        Grid lines and border.
    line_width : float
        Grid line width as a fraction of the cell pitch; never thinner than 1 px.
    dot_radius : float
        Dot radius as a fraction of the cell pitch (the game: about 0.35).
    pipe_width : float
        Pipe width as a fraction of the cell pitch (the game: about 0.34).
    pipe_tint : float
        How strongly a piped cell's background takes the pipe's colour (0: not at all).
    palette : tuple of RGB
        Colours handed to pairs in order, cycling when there are more pairs.
    colour_blind : bool
        The game's colour-blind setting: a letter on every dot, pair ``i``'s
        ``"A" + i`` (the game letters its colours in the order it hands them
        out), white on dark dots and black on light ones (``LETTER_HEIGHT``).
    """

    background: RGB = BACKGROUND
    line_colour: RGB = GRID_LINE
    line_width: float = 0.03
    dot_radius: float = 0.35
    pipe_width: float = 0.34
    pipe_tint: float = 0.22
    palette: tuple[RGB, ...] = field(default=tuple(c.rgb for c in GAME_COLOURS))
    colour_blind: bool = False

    def __post_init__(self) -> None:
        for name in ("line_width", "dot_radius", "pipe_width", "pipe_tint"):
            value = getattr(self, name)
            if not 0 <= value <= 1:
                raise ValueError(f"{name} must be a fraction in [0, 1], got {value}")
        if self.dot_radius > 0.5:
            raise ValueError("dot_radius above 0.5 would spill into the next cell")
        if not self.palette:
            raise ValueError("palette must hold at least one colour")
        for rgb in (self.background, self.line_colour, *self.palette):
            if len(rgb) != 3 or not all(0 <= v <= 255 for v in rgb):
                raise ValueError(f"bad RGB colour {rgb!r}")


def pair_colours(
    puzzle: Puzzle, style: RenderStyle = RenderStyle(), colours: Sequence[RGB] | None = None
) -> tuple[RGB, ...]:
    """The colour drawn for each of ``puzzle.pairs``, in pair order.

    ``colours`` overrides the style's palette (one colour per pair); otherwise
    pair ``i`` gets ``style.palette[i]``, cycling past the palette's end.
    """
    if colours is not None:
        if len(colours) != len(puzzle.pairs):
            raise ValueError(f"need {len(puzzle.pairs)} colours, got {len(colours)}")
        return tuple(tuple(int(v) for v in c) for c in colours)  # type: ignore[misc]
    return tuple(style.palette[i % len(style.palette)] for i in range(len(puzzle.pairs)))


def board_geometry(puzzle: Puzzle, *, cell_px: float, margin_px: float | None = None) -> Geometry:
    """Where ``render_board`` puts the cells for these options.

    ``cell_px`` is the distance between neighbouring cells' centres (square
    boards: the grid's pitch). The margin defaults to an eighth of a cell (at
    least 2 px), enough to show the whole border line; boards with warps get
    room for pipes running out of the openings.
    """
    if cell_px < 4:
        raise ValueError(f"cell_px must be at least 4, got {cell_px}")
    margin = _default_margin(cell_px) if margin_px is None else margin_px
    if margin_px is None and puzzle.warps:
        margin = max(margin, (look.WARP_STUB + 0.1) * cell_px)
    if margin < 0:
        raise ValueError(f"margin_px must not be negative, got {margin}")
    if puzzle.shape is Shape.HEX:
        return HexGeometry.regular(
            left=margin, top=margin, pitch=cell_px, rows=puzzle.rows, cols=puzzle.cols
        )
    return BoardGeometry.uniform(
        left=margin,
        top=margin,
        width=cell_px * puzzle.cols,
        height=cell_px * puzzle.rows,
        rows=puzzle.rows,
        cols=puzzle.cols,
    )


def render_board(
    puzzle: Puzzle,
    solution: Solution | None = None,
    *,
    cell_px: float = 48,
    margin_px: float | None = None,
    style: RenderStyle = RenderStyle(),
    colours: Sequence[RGB] | None = None,
) -> np.ndarray:
    """Draw a board (and optionally its pipes) on a fresh canvas.

    Parameters
    ----------
    puzzle : Puzzle
        The board and its dots.
    solution : Solution, optional
        Paths to draw as pipes. Each path is drawn as given, so a partial
        solution draws a half-solved board.
    cell_px : float
        Cell pitch in pixels.
    margin_px : float, optional
        Space around the border; see ``board_geometry``.
    style : RenderStyle
        Colours and proportions.
    colours : sequence of RGB, optional
        One colour per pair, overriding the palette.

    Returns
    -------
    (H, W, 3) uint8 ndarray
        RGB image; its grid lines are where ``board_geometry`` says.
    """
    geometry = board_geometry(puzzle, cell_px=cell_px, margin_px=margin_px)
    canvas = np.empty((*_image_size(geometry), 3), np.uint8)
    canvas[:] = style.background
    return draw_board(canvas, puzzle, geometry, solution, style=style, colours=colours)


def draw_board(
    image: np.ndarray,
    puzzle: Puzzle,
    geometry: Geometry,
    solution: Solution | None = None,
    *,
    style: RenderStyle = RenderStyle(),
    colours: Sequence[RGB] | None = None,
    fill_background: bool = False,
) -> np.ndarray:
    """Draw a board over a copy of ``image`` at ``geometry``.

    The board is transparent unless ``fill_background`` is set, as in the game,
    where the themes' background glow shows through the empty cells.

    Returns
    -------
    (H, W, 3) uint8 ndarray
        A new image; ``image`` is left unchanged.
    """
    _check_image(image)
    look.check_geometry(puzzle, geometry)
    _check_solution(puzzle, solution)
    canvas = np.ascontiguousarray(image.copy())
    fills = pair_colours(puzzle, style, colours)
    if not puzzle.is_classic or not isinstance(geometry, BoardGeometry):
        _draw_features(
            canvas,
            puzzle,
            geometry,
            solution,
            style=style,
            fills=fills,
            fill_background=fill_background,
        )
        return canvas
    pitch = geometry.cell_size

    if fill_background:
        box = (geometry.left, geometry.top, geometry.right, geometry.bottom)
        _fill_rect(canvas, box, style.background)
    cells = [] if solution is None else [_cell_array(path) for path in solution.paths]
    if cells and style.pipe_tint > 0:
        _tint_cells(canvas, geometry, _owners(puzzle, cells), fills, style.pipe_tint)

    half_line = max(1.0, style.line_width * pitch) / 2
    top, bottom = geometry.top - half_line, geometry.bottom + half_line
    for x in geometry.xs:
        _fill_rect(canvas, (x - half_line, top, x + half_line, bottom), style.line_colour)
    left, right = geometry.left - half_line, geometry.right + half_line
    for y in geometry.ys:
        _fill_rect(canvas, (left, y - half_line, right, y + half_line), style.line_colour)

    half_pipe = style.pipe_width * pitch / 2
    for path, rgb in zip(cells, fills, strict=solution is not None):
        # A straight run is one rectangle, and only its ends need a circle: a
        # circle inside a run's rectangle would add nothing but a seam.
        centres = [geometry.centre(Cell(*path[i])) for i in _run_ends(path).tolist()]
        for (x0, y0), (x1, y1) in itertools.pairwise(centres):
            # Grown across the run only; the circles give round joins and caps.
            gx = half_pipe if x0 == x1 else 0.0
            gy = half_pipe if y0 == y1 else 0.0
            box = (min(x0, x1) - gx, min(y0, y1) - gy, max(x0, x1) + gx, max(y0, y1) + gy)
            _fill_rect(canvas, box, rgb)
        for x, y in centres:  # round joins and caps
            _fill_circle(canvas, x, y, half_pipe, rgb)

    _draw_dots(
        canvas, puzzle, geometry, fills, style.dot_radius * pitch, letters=style.colour_blind
    )
    return canvas


def to_svg(
    puzzle: Puzzle,
    solution: Solution | None = None,
    *,
    cell_px: float = 48,
    margin_px: float | None = None,
    style: RenderStyle = RenderStyle(),
    colours: Sequence[RGB] | None = None,
) -> str:
    """The same drawing as ``render_board``, as an SVG document.

    SVG puts pixel ``(row, col)`` at ``[col, col + 1)``, so every shape is
    moved by half a pixel to land on the same pixels as the raster render.

    >>> from flowbot.models import Puzzle
    >>> svg = to_svg(Puzzle.from_grid(["AB", "AB"]), cell_px=10)
    >>> svg.startswith("<svg") and svg.count("<circle") == 4
    True
    """
    _check_solution(puzzle, solution)
    geometry = board_geometry(puzzle, cell_px=cell_px, margin_px=margin_px)
    height, width = _image_size(geometry)
    g = geometry.shifted(0.5, 0.5)
    fills = pair_colours(puzzle, style, colours)
    pitch = g.cell_size
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill={_hex(style.background)}/>',
    ]
    if not puzzle.is_classic or not isinstance(g, BoardGeometry):
        out += _svg_features(puzzle, g, solution, style, fills)
        return "\n".join([*out, "</svg>"]) + "\n"
    cells = [] if solution is None else [_cell_array(path) for path in solution.paths]
    if cells and style.pipe_tint > 0:
        # One shape per path: its cells merged into runs along each row.
        for path, rgb in zip(cells, fills, strict=True):
            boxes = (
                (g.xs[c0], g.ys[r], g.xs[c1 + 1], g.ys[r + 1])
                for r, c0, c1 in _row_runs(path).tolist()
            )
            d = "".join(
                f"M{x0:.2f} {y0:.2f}H{x1:.2f}V{y1:.2f}H{x0:.2f}z" for x0, y0, x1, y1 in boxes
            )
            tint = _mix(style.background, rgb, style.pipe_tint)
            out.append(f'<path d="{d}" fill={_hex(tint)}/>')
    line = max(1.0, style.line_width * pitch)
    grid = [f"M{x:.2f} {g.top - line / 2:.2f}V{g.bottom + line / 2:.2f}" for x in g.xs]
    grid += [f"M{g.left - line / 2:.2f} {y:.2f}H{g.right + line / 2:.2f}" for y in g.ys]
    out.append(
        f'<path d="{"".join(grid)}" stroke={_hex(style.line_colour)} '
        f'stroke-width="{line:.2f}" fill="none"/>'
    )
    for path, rgb in zip(cells, fills, strict=solution is not None):
        # Straight runs merged: a point only where the path starts, turns or ends.
        centres = (g.centre(Cell(*path[i])) for i in _run_ends(path).tolist())
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in centres)
        out.append(
            f'<polyline points="{points}" fill="none" stroke={_hex(rgb)} '
            f'stroke-width="{style.pipe_width * pitch:.2f}" stroke-linecap="round" '
            'stroke-linejoin="round"/>'
        )
    out += _svg_dots(puzzle, g, fills, style.dot_radius * pitch, style.colour_blind)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _draw_features(
    canvas: np.ndarray,
    puzzle: Puzzle,
    geometry: Geometry,
    solution: Solution | None,
    *,
    style: RenderStyle,
    fills: Sequence[RGB],
    fill_background: bool,
) -> None:
    """``draw_board`` for any board: holes, walls, bridges, warps, hexagons (see ``look``)."""
    pitch = geometry.cell_size
    if fill_background:
        for cell in puzzle.cells():
            _fill_poly(canvas, geometry.polygon(cell), style.background)
    paths = () if solution is None else solution.paths
    if style.pipe_tint > 0:
        for path, rgb in zip(paths, fills, strict=False):
            for cell in look.tinted_cells(puzzle, path):
                _fill_poly(canvas, geometry.polygon(cell), rgb, style.pipe_tint)
    line, wall, wall_colour = _line_looks(puzzle, style, pitch)
    edges = look.edges(puzzle, geometry)
    for kind, width, rgb in (
        (look.EdgeKind.LINE, line, style.line_colour),
        (look.EdgeKind.WALL, wall, wall_colour),
    ):
        for edge in edges:
            if edge.kind is kind:
                _fill_segment(canvas, edge.a, edge.b, width / 2, rgb, cap=True)
    half_pipe = style.pipe_width * pitch / 2
    for path, rgb in zip(paths, fills, strict=False):
        for piece in look.pipe_pieces(puzzle, geometry, path):
            _fill_polyline(canvas, piece, half_pipe, rgb)
    for cell in sorted(puzzle.bridges):
        square, rails = look.bridge_tile(geometry, cell)
        _fill_poly(canvas, square, BRIDGE_TILE)
        for a, b in rails:
            _fill_segment(canvas, a, b, max(1.0, 0.05 * pitch) / 2, BRIDGE_RAIL, cap=False)
    for path, rgb in zip(paths, fills, strict=False):
        for piece in look.over_bridges(puzzle, geometry, path):
            _fill_polyline(canvas, piece, half_pipe, rgb, round_ends=False)
    _draw_dots(
        canvas, puzzle, geometry, fills, style.dot_radius * pitch, letters=style.colour_blind
    )


def _draw_dots(
    canvas: np.ndarray,
    puzzle: Puzzle,
    geometry: Geometry,
    fills: Sequence[RGB],
    radius: float,
    *,
    letters: bool = False,
) -> None:
    for index, (pair, rgb) in enumerate(zip(puzzle.pairs, fills, strict=True)):
        for cell in (pair.a, pair.b):
            x, y = geometry.centre(cell)
            _fill_circle(canvas, x, y, radius, rgb)
            if letters:
                _draw_letter(canvas, (x, y), radius, _letter(index), _letter_ink(rgb))


#: The colour-blind setting's letter: its capitals' height as a share of the
#: dot's diameter (a real Android screenshot: 62 px on a 100 px dot), in a
#: plain sans-serif, centred on the dot.
LETTER_HEIGHT = 0.6

#: Dots lighter than this (ITU-R 601 luma) carry a black letter, others a
#: white one (the game: black on yellow and orange, white on red, green, blue).
LIGHT_DOT = 140


def _letter(index: int) -> str:
    return chr(ord("A") + index % 26)


def _letter_ink(rgb: RGB) -> RGB:
    luma = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return (0, 0, 0) if luma > LIGHT_DOT else (255, 255, 255)


@functools.lru_cache(maxsize=256)
def _letter_mask(letter: str, cap_px: int) -> tuple[np.ndarray, float, float]:
    """The letter's coverage (0-1) and its ink's centre in it."""
    font = _letter_font(cap_px)
    left, top, right, bottom = (round(v) for v in font.getbbox(letter, anchor="ls"))
    mask = Image.new("L", (right - left + 2, bottom - top + 2))
    ImageDraw.Draw(mask).text((1 - left, 1 - top), letter, fill=255, font=font, anchor="ls")
    coverage = np.asarray(mask, np.float32) / 255
    coverage.flags.writeable = False
    return coverage, 1 + (right - left) / 2, 1 + (bottom - top) / 2


def _letter_font(cap_px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A sans-serif font whose capitals are ``cap_px`` high."""
    cap_per_px = -_sans(100).getbbox("H", anchor="ls")[1] / 100
    return _sans(round(cap_px / cap_per_px))


@functools.lru_cache(maxsize=64)
def _sans(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype("DejaVuSans.ttf", max(4, size))
    except OSError:  # no DejaVu: Pillow's own scalable font
        return ImageFont.load_default(size=max(4, size))


def _draw_letter(
    canvas: np.ndarray, centre: tuple[float, float], radius: float, letter: str, ink: RGB
) -> None:
    """``letter`` in ``ink`` centred on the dot at ``centre``."""
    x, y = centre
    coverage, mx, my = _letter_mask(letter, max(4, round(LETTER_HEIGHT * 2 * radius)))
    h, w = coverage.shape
    c0, r0 = round(x - mx), round(y - my)
    rows = slice(max(0, r0), min(canvas.shape[0], r0 + h))
    cols = slice(max(0, c0), min(canvas.shape[1], c0 + w))
    if rows.stop > rows.start and cols.stop > cols.start:
        alpha = coverage[rows.start - r0 : rows.stop - r0, cols.start - c0 : cols.stop - c0]
        _blend(canvas, rows, cols, alpha, ink)


def _svg_features(
    puzzle: Puzzle,
    geometry: Geometry,
    solution: Solution | None,
    style: RenderStyle,
    fills: Sequence[RGB],
) -> list[str]:
    """``to_svg``'s shapes for any board, in ``_draw_features``' order."""
    pitch = geometry.cell_size
    out = []

    def points(ps: Sequence[Point]) -> str:
        return " ".join(f"{x:.2f},{y:.2f}" for x, y in ps)

    def polyline(ps: Sequence[Point], rgb: RGB, width: float, cap: str) -> str:
        return (
            f'<polyline points="{points(ps)}" fill="none" stroke={_hex(rgb)} '
            f'stroke-width="{width:.2f}" stroke-linecap="{cap}" stroke-linejoin="round"/>'
        )

    paths = () if solution is None else solution.paths
    if style.pipe_tint > 0:
        for path, rgb in zip(paths, fills, strict=False):
            tint = _hex(_mix(style.background, rgb, style.pipe_tint))
            for cell in look.tinted_cells(puzzle, path):
                out.append(
                    f"<polygon points={quoteattr(points(geometry.polygon(cell)))} fill={tint}/>"
                )
    line, wall, wall_colour = _line_looks(puzzle, style, pitch)
    edges = look.edges(puzzle, geometry)
    for kind, width, rgb in (
        (look.EdgeKind.LINE, line, style.line_colour),
        (look.EdgeKind.WALL, wall, wall_colour),
    ):
        out += [polyline((e.a, e.b), rgb, width, "square") for e in edges if e.kind is kind]
    for path, rgb in zip(paths, fills, strict=False):
        for piece in look.pipe_pieces(puzzle, geometry, path):
            out.append(polyline(piece, rgb, style.pipe_width * pitch, "round"))
    for cell in sorted(puzzle.bridges):
        square, rails = look.bridge_tile(geometry, cell)
        out.append(f"<polygon points={quoteattr(points(square))} fill={_hex(BRIDGE_TILE)}/>")
        out += [polyline(rail, BRIDGE_RAIL, max(1.0, 0.05 * pitch), "butt") for rail in rails]
    for path, rgb in zip(paths, fills, strict=False):
        for piece in look.over_bridges(puzzle, geometry, path):
            out.append(polyline(piece, rgb, style.pipe_width * pitch, "butt"))
    return out + _svg_dots(puzzle, geometry, fills, style.dot_radius * pitch, style.colour_blind)


def _svg_dots(
    puzzle: Puzzle, geometry: Geometry, fills: Sequence[RGB], radius: float, letters: bool = False
) -> list[str]:
    out = []
    for index, (pair, rgb) in enumerate(zip(puzzle.pairs, fills, strict=True)):
        for x, y in (geometry.centre(pair.a), geometry.centre(pair.b)):
            out.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{radius:.2f}" fill={_hex(rgb)}/>')
            if letters:
                cap = LETTER_HEIGHT * 2 * radius
                out.append(
                    f'<text x="{x:.2f}" y="{y + cap / 2:.2f}" font-size="{cap / 0.73:.2f}" '
                    'font-family="DejaVu Sans, sans-serif" text-anchor="middle" '
                    f"fill={_hex(_letter_ink(rgb))}>{_letter(index)}</text>"
                )
    return out


def _line_looks(puzzle: Puzzle, style: RenderStyle, pitch: float) -> tuple[float, float, RGB]:
    """The grid lines' width, and the outline and walls' width (about three lines) and colour."""
    line = max(1.0, style.line_width * pitch)
    colour, width = look.wall_look(puzzle, style.line_colour)
    return line, max(2 * line, width * pitch), colour


def _fill_poly(canvas: np.ndarray, points: Sequence[Point], rgb: RGB, opacity: float = 1.0) -> None:
    """Fill a convex polygon, each pixel covered by its unit square's share inside every side,
    multiplied (exact along a side, near enough at a corner's few pixels).

    Two polygons sharing a side cover each pixel on it once between them, as the
    game's cells meet (OpenCV's anti-aliased fill grows a polygon by about a pixel:
    neighbouring tints overlapped in a band a side's line seemed to widen into).
    """
    xs, ys = [p.x for p in points], [p.y for p in points]
    c0, c1 = max(0, math.floor(min(xs))), min(canvas.shape[1], math.ceil(max(xs)) + 1)
    r0, r1 = max(0, math.floor(min(ys))), min(canvas.shape[0], math.ceil(max(ys)) + 1)
    if c1 <= c0 or r1 <= r0:
        return
    px = np.arange(c0, c1, dtype=np.float32)[None, :]
    py = np.arange(r0, r1, dtype=np.float32)[:, None]
    turn = math.copysign(1.0, _signed_area(points))
    alpha = np.ones((r1 - r0, c1 - c0), np.float32)
    for a, b in itertools.pairwise((*points, points[0])):
        length = math.hypot(b.x - a.x, b.y - a.y)
        if length == 0:
            continue
        # The inward normal: the polygon lies to this side of every side.
        nx, ny = -(b.y - a.y) * turn / length, (b.x - a.x) * turn / length
        alpha *= _half_plane_cover((px - a.x) * nx + (py - a.y) * ny, abs(nx), abs(ny))
    _blend(canvas, slice(r0, r1), slice(c0, c1), alpha * np.float32(opacity), rgb)


def _signed_area(points: Sequence[Point]) -> float:
    return sum(a.x * b.y - b.x * a.y for a, b in itertools.pairwise((*points, points[0]))) / 2


def _half_plane_cover(depth: np.ndarray, nx: float, ny: float) -> np.ndarray:
    """How much of a unit pixel lies inside a half-plane whose edge passes ``depth`` from
    the pixel's centre (inside positive), the edge's unit normal ``(nx, ny)``: the unit
    square's spread along the normal is two spans ``nx`` and ``ny`` wide added, so the
    share inside rises quadratically over the narrower span at each end, linearly between."""
    wide, narrow = max(nx, ny), min(nx, ny)
    t = np.clip(depth + (wide + narrow) / 2, 0.0, wide + narrow)  # from the far corner
    if narrow < 1e-9:
        return t / wide
    rise = np.minimum(t, narrow)
    fall = np.maximum(t - wide, 0.0)
    return (rise * rise / 2 + narrow * (t - rise) - fall * fall / 2) / (wide * narrow)


def _fill_segment(
    canvas: np.ndarray, a: Point, b: Point, half: float, rgb: RGB, *, cap: bool
) -> None:
    """A straight band ``2 * half`` wide from ``a`` to ``b`` (``cap``: on past each end by
    ``half``, so lines meeting at a corner close it)."""
    length = math.hypot(b.x - a.x, b.y - a.y)
    if length == 0:
        return
    ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
    out = half if cap else 0.0
    if ux == 0 or uy == 0:  # along the pixel grid: exact coverage
        x0, x1 = sorted((a.x - ux * out, b.x + ux * out))
        y0, y1 = sorted((a.y - uy * out, b.y + uy * out))
        grow_x, grow_y = (half, 0.0) if ux == 0 else (0.0, half)
        _fill_rect(canvas, (x0 - grow_x, y0 - grow_y, x1 + grow_x, y1 + grow_y), rgb)
        return
    # Slanted: each pixel covered as its unit span along the band and across it
    # overlaps the band (a pixel's share of a line's width, as along the pixel
    # grid): the band carries its width's ink at any slant, as the game's lines
    # do (a polygon filled anti-aliased grows by about a pixel: a line a pixel
    # wide drawn along a slant carried two and a half pixels of ink).
    reach = max(abs(ux), abs(uy)) * out + half + 1
    c0 = max(0, math.floor(min(a.x, b.x) - reach))
    c1 = min(canvas.shape[1], math.ceil(max(a.x, b.x) + reach) + 1)
    r0 = max(0, math.floor(min(a.y, b.y) - reach))
    r1 = min(canvas.shape[0], math.ceil(max(a.y, b.y) + reach) + 1)
    if c1 <= c0 or r1 <= r0:
        return
    dx = np.arange(c0, c1, dtype=np.float32)[None, :] - a.x
    dy = np.arange(r0, r1, dtype=np.float32)[:, None] - a.y
    along = dx * ux + dy * uy
    across = dx * -uy + dy * ux
    alpha = _span_cover(along, -out, length + out) * _span_cover(across, -half, half)
    _blend(canvas, slice(r0, r1), slice(c0, c1), alpha, rgb)


def _span_cover(centres: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """How much of a unit span round each of ``centres`` lies within ``[lo, hi]``."""
    return np.clip(np.minimum(centres + 0.5, hi) - np.maximum(centres - 0.5, lo), 0.0, 1.0)


def _fill_polyline(
    canvas: np.ndarray, points: Sequence[Point], half: float, rgb: RGB, *, round_ends: bool = True
) -> None:
    """A pipe: bands between the points, round joins, round ends unless told not."""
    for a, b in itertools.pairwise(points):
        _fill_segment(canvas, a, b, half, rgb, cap=False)
    joints = points if round_ends else points[1:-1]
    for x, y in joints:
        _fill_circle(canvas, x, y, half, rgb)


def _default_margin(cell_px: float) -> float:
    return max(2.0, cell_px / 8)


def _image_size(geometry: Geometry) -> tuple[int, int]:
    """``(height, width)`` of an image holding the board with equal margins round it."""
    return math.ceil(geometry.bottom + geometry.top) + 1, math.ceil(
        geometry.right + geometry.left
    ) + 1


def _check_solution(puzzle: Puzzle, solution: Solution | None) -> None:
    if solution is not None and solution.puzzle != puzzle:
        raise ValueError("the solution belongs to another puzzle")


def _check_image(image: np.ndarray) -> None:
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError(f"expected an (H, W, 3) uint8 image, got {image.shape} {image.dtype}")


def _fill_rect(canvas: np.ndarray, box: tuple[float, float, float, float], rgb: RGB) -> None:
    """Fill ``box = (x0, y0, x1, y1)``.

    Exact area coverage: pixel i spans [i - 0.5, i + 0.5], and a rectangle's
    coverage is the product of its column and row overlaps.
    """
    x0, y0, x1, y1 = box
    cols, cx = _overlap(x0, x1, canvas.shape[1])
    rows, cy = _overlap(y0, y1, canvas.shape[0])
    if cx.size and cy.size:
        _blend(canvas, rows, cols, cy[:, None] * cx[None, :], rgb)


def _fill_circle(canvas: np.ndarray, x: float, y: float, radius: float, rgb: RGB) -> None:
    # Coverage falls from 1 to 0 across the one pixel the edge passes through.
    c0, c1 = max(0, math.floor(x - radius)), min(canvas.shape[1], math.ceil(x + radius) + 1)
    r0, r1 = max(0, math.floor(y - radius)), min(canvas.shape[0], math.ceil(y + radius) + 1)
    if c1 <= c0 or r1 <= r0:
        return
    dx = np.arange(c0, c1, dtype=np.float32) - x
    dy = np.arange(r0, r1, dtype=np.float32) - y
    distance = np.sqrt(dy[:, None] ** 2 + dx[None, :] ** 2)
    alpha = np.clip(radius + 0.5 - distance, 0.0, 1.0)
    _blend(canvas, slice(r0, r1), slice(c0, c1), alpha, rgb)


def _overlap(a: float, b: float, size: int) -> tuple[slice, np.ndarray]:
    first, last = max(0, math.ceil(a - 0.5)), min(size, math.floor(b + 0.5) + 1)
    centres = np.arange(first, last, dtype=np.float32)
    cover = np.minimum(centres + 0.5, b) - np.maximum(centres - 0.5, a)
    return slice(first, max(first, last)), np.clip(cover, 0.0, 1.0)


def _blend(canvas: np.ndarray, rows: slice, cols: slice, alpha: np.ndarray, rgb: RGB) -> None:
    region = canvas[rows, cols].astype(np.float32)
    region += (np.asarray(rgb, np.float32) - region) * alpha[:, :, None]
    canvas[rows, cols] = (region + 0.5).astype(np.uint8)


def _cell_array(path: Sequence[Cell]) -> np.ndarray:
    """A path as an (n, 2) int array of (row, col), without a Python object per cell."""
    flat = np.fromiter(itertools.chain.from_iterable(path), np.int64, count=2 * len(path))
    return flat.reshape(-1, 2)


def _run_ends(cells: np.ndarray) -> np.ndarray:
    """Indices of a path's first cell, each cell where it turns, and its last cell.

    >>> _run_ends(np.array([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])).tolist()
    [0, 2, 4]
    """
    if len(cells) < 3:
        return np.arange(len(cells))
    steps = np.diff(cells, axis=0)
    turns = np.flatnonzero((steps[1:] != steps[:-1]).any(axis=1)) + 1
    return np.concatenate(([0], turns, [len(cells) - 1]))


def _row_runs(cells: np.ndarray) -> np.ndarray:
    """A path's cells as maximal runs along rows: a (k, 3) array of (row, first col, last col).

    >>> _row_runs(np.array([(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 2)])).tolist()
    [[0, 0, 1], [1, 0, 1], [2, 0, 0], [2, 2, 2]]
    """
    if len(cells) == 0:
        return np.empty((0, 3), np.int64)
    cells = cells[np.lexsort((cells[:, 1], cells[:, 0]))]
    steps = np.diff(cells, axis=0)
    breaks = np.flatnonzero((steps[:, 0] != 0) | (steps[:, 1] != 1)) + 1
    first = np.concatenate(([0], breaks))
    last = np.concatenate((breaks - 1, [len(cells) - 1]))
    return np.column_stack((cells[first, 0], cells[first, 1], cells[last, 1]))


def _owners(puzzle: Puzzle, cells: Sequence[np.ndarray]) -> np.ndarray:
    """A (rows, cols) map of the index of the path through each cell, -1 where none."""
    owner = np.full((puzzle.rows, puzzle.cols), -1, np.int64)
    for index, path in enumerate(cells):
        owner[path[:, 0], path[:, 1]] = index
    return owner


def _tint_cells(
    canvas: np.ndarray,
    geometry: BoardGeometry,
    owner: np.ndarray,
    fills: Sequence[RGB],
    strength: float,
) -> None:
    """Blend each owned cell (its box rounded to whole pixels) towards its path's colour.

    One board row of cells at a time: a whole row is one numpy blend.
    """
    height, width = canvas.shape[:2]
    xs = np.clip(np.round(geometry.xs), 0, width).astype(np.int64)
    ys = np.clip(np.round(geometry.ys), 0, height).astype(np.int64)
    column_cell = np.repeat(np.arange(geometry.cols), np.diff(xs))  # cell of each pixel column
    colours = np.asarray(fills, np.float32)
    for row, (y0, y1) in enumerate(itertools.pairwise(ys.tolist())):
        pixel_owner = owner[row, column_cell]
        tinted = pixel_owner >= 0
        if y1 <= y0 or not tinted.any():
            continue
        patch = canvas[y0:y1, xs[0] : xs[-1]].astype(np.float32)
        blended = patch + (colours[pixel_owner] - patch) * strength
        patch = np.where(tinted[None, :, None], blended, patch)
        canvas[y0:y1, xs[0] : xs[-1]] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _hex(rgb: RGB) -> str:
    return quoteattr("#{:02x}{:02x}{:02x}".format(*rgb))
