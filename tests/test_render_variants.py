"""The renderer draws every kind of board the game's way, and classic boards as before."""

from __future__ import annotations

import hashlib
import itertools
import math
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot import look
from flowbot.models import (
    BoardGeometry,
    Cell,
    HexGeometry,
    Pair,
    Point,
    Puzzle,
    Shape,
    Solution,
    link,
)
from flowbot.palette import BRIDGE_TILE, GAME_COLOURS, GRID_LINE
from flowbot.render import (
    RenderStyle,
    _fill_poly,
    board_geometry,
    draw_board,
    render_board,
    to_svg,
)

BRIGHT = look.bright(GRID_LINE)
BLACK = (0, 0, 0)


def _px(image: np.ndarray, p: Point) -> tuple[int, ...]:
    return tuple(int(v) for v in image[round(p.y), round(p.x)])


def _mid(a: Point, b: Point) -> Point:
    return Point((a.x + b.x) / 2, (a.y + b.y) / 2)


def _solution(puzzle: Puzzle, *paths: tuple[tuple[int, int], ...]) -> Solution:
    solution = Solution(puzzle, tuple(tuple(Cell(*c) for c in p) for p in paths))
    solution.validate()
    return solution


def _pairs(*paths: tuple[tuple[int, int], ...]) -> tuple[Pair, ...]:
    return tuple(Pair(str(i), Cell(*p[0]), Cell(*p[-1])) for i, p in enumerate(paths))


# --- classic boards: pixel for pixel as before the variants -------------------------

#: sha256 of renders made on main before the variants were drawn (e46d19b).
CLASSIC = {
    "plain48": "2313647298489767397eb59774e379eb494daa6e7a252706c1e69d67330c5386",
    "solved37.5": "e71ed8b68d433a0411c69a1bacc1cbeb43a93768aeca8ae1f5787baaf0b4c13d",
    "solved_margin": "e541039234b19c18f3bbfc89582bdd5c0166cc974f6a107fc17aa545dc316e33",
    "style": "832691e691174385b17e7dc04fd776c5a9594c19e754a544995aad096358724f",
    "draw_glow": "3b5b5ea639abf42d40024c4837ca82e5c3269340480b7f3134296185f2e81aa5",
    "draw_fill": "fe3d61e7aef16b47a9b202afeba96c1a23843e485c5a5636042c69bd8f76b929",
    "rect": "f26718189c0111c509db00a0be7937e9b3a403947549d89fc1d404ef65f0b91a",
    "svg": "7649019bfca08062916cd5814e063e422be6002f227778af6f51d7d7179c093b",
    "svg_plain": "a6ac2bb19de5410998973769abb38d7cae4cf8043d77c0117d04f92a58f39dbc",
}


def _classic_renders() -> dict[str, bytes]:
    paths = (
        ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (3, 3)),
        ((1, 0), (1, 1), (1, 2), (2, 2), (3, 2)),
        ((2, 0), (3, 0), (3, 1), (2, 1)),
    )
    pairs = tuple(Pair(lab, Cell(*p[0]), Cell(*p[-1])) for lab, p in zip("ABC", paths, strict=True))
    s = _solution(Puzzle(4, 4, pairs), *paths)
    glow = np.random.default_rng(5).integers(0, 90, (230, 250, 3), dtype=np.uint8)
    g = BoardGeometry((11.3, 60.1, 108.7, 158.2, 206.9), (14.6, 63.0, 111.2, 160.4, 209.9))
    rect = Puzzle.from_grid(["A....B", "......", "..C..C", "B....A"])
    style = RenderStyle(line_width=0.08, pipe_tint=0.5, dot_radius=0.3)
    return {
        "plain48": render_board(s.puzzle).tobytes(),
        "solved37.5": render_board(s.puzzle, s, cell_px=37.5).tobytes(),
        "solved_margin": render_board(s.puzzle, s, cell_px=21, margin_px=7.3).tobytes(),
        "style": render_board(s.puzzle, s, cell_px=30, style=style).tobytes(),
        "draw_glow": draw_board(glow, s.puzzle, g, s).tobytes(),
        "draw_fill": draw_board(glow, s.puzzle, g, None, fill_background=True).tobytes(),
        "rect": render_board(rect, cell_px=25).tobytes(),
        "svg": to_svg(s.puzzle, s, cell_px=33).encode(),
        "svg_plain": to_svg(rect, cell_px=25).encode(),
    }


def test_classic_boards_render_exactly_as_before() -> None:
    got = {name: hashlib.sha256(data).hexdigest() for name, data in _classic_renders().items()}
    assert got == CLASSIC


# --- square boards with holes, walls, warps and bridges ------------------------------


def test_holes_are_background_inside_a_bright_outline() -> None:
    # A 3x4 board with the top-right cell and the middle of the bottom row missing.
    holes = frozenset({Cell(0, 3), Cell(2, 1), Cell(2, 2)})
    puzzle = Puzzle(3, 4, _pairs(((0, 0), (0, 2)), ((1, 0), (2, 3))), holes=holes)
    image = render_board(puzzle, cell_px=40)
    g = board_geometry(puzzle, cell_px=40)
    assert isinstance(g, BoardGeometry)
    for hole in holes:
        assert _px(image, g.centre(hole)) == BLACK
    # No line between the two holes; a bright outline between a hole and a cell.
    assert _px(image, Point(g.xs[2], g.centre(Cell(2, 1)).y)) == BLACK
    assert _px(image, Point(g.xs[1], g.centre(Cell(2, 1)).y)) == BRIGHT
    assert _px(image, Point(g.centre(Cell(0, 3)).x, g.ys[1])) == BRIGHT
    # The board's own border is outline too; the lines between cells are dim.
    assert _px(image, Point(g.xs[0], g.centre(Cell(1, 0)).y)) == BRIGHT
    assert _px(image, Point(g.xs[1], g.centre(Cell(1, 0)).y)) == GRID_LINE


def test_walls_are_bright_and_only_where_listed() -> None:
    walls = frozenset({link((1, 1), (1, 2)), link((0, 0), (1, 0))})
    puzzle = Puzzle(3, 3, _pairs(((0, 0), (2, 2))), walls=walls)
    image = render_board(puzzle, cell_px=40)
    g = board_geometry(puzzle, cell_px=40)
    assert isinstance(g, BoardGeometry)
    assert _px(image, Point(g.xs[2], g.centre(Cell(1, 1)).y)) == BRIGHT
    assert _px(image, Point(g.centre(Cell(0, 0)).x, g.ys[1])) == BRIGHT
    assert _px(image, Point(g.xs[2], g.centre(Cell(0, 1)).y)) == GRID_LINE
    assert _px(image, Point(g.centre(Cell(0, 1)).x, g.ys[1])) == GRID_LINE


def test_a_warp_is_an_opening_a_pipe_runs_out_of_on_both_sides() -> None:
    warps = frozenset({link((1, 0), (1, 3))})
    paths = (
        ((0, 0), (0, 1), (0, 2), (0, 3)),
        ((1, 1), (1, 0), (1, 3), (1, 2)),
        ((2, 0), (2, 1), (2, 2), (2, 3)),
    )
    puzzle = Puzzle(3, 4, _pairs(*paths), warps=warps)
    solution = _solution(puzzle, *paths)
    image = render_board(puzzle, solution, cell_px=40)
    g = board_geometry(puzzle, cell_px=40)
    assert isinstance(g, BoardGeometry)
    pipe = GAME_COLOURS[1].rgb
    y = g.centre(Cell(1, 0)).y
    # The border is open at the warp and the pipe crosses it, out into the margin.
    assert _px(image, Point(g.xs[0], y)) == pipe
    assert _px(image, Point(g.xs[-1], y)) == pipe
    assert _px(image, Point(g.xs[0] - 0.25 * 40, y)) == pipe
    # Where no warp is, the border is closed; with no pipe, the opening shows background.
    assert _px(image, Point(g.xs[0], g.centre(Cell(0, 0)).y)) == BRIGHT
    assert _px(render_board(puzzle, cell_px=40), Point(g.xs[0], y)) == BLACK
    assert g.left >= (look.WARP_STUB + 0.1) * 40 - 1e-9  # room for the stubs


def _bridge_board() -> Solution:
    """A plus: a row and a column crossing on a bridge in the middle, corners holes."""
    row, column = ((1, 0), (1, 1), (1, 2)), ((0, 1), (1, 1), (2, 1))
    corners = frozenset({Cell(0, 0), Cell(0, 2), Cell(2, 0), Cell(2, 2)})
    puzzle = Puzzle(3, 3, _pairs(row, column), holes=corners, bridges=frozenset({Cell(1, 1)}))
    return _solution(puzzle, row, column)


def test_a_bridge_tile_is_crossed_over_along_the_row_and_under_along_the_column() -> None:
    solution = _bridge_board()
    puzzle = solution.puzzle
    g = board_geometry(puzzle, cell_px=60)
    assert isinstance(g, BoardGeometry)
    over, under = GAME_COLOURS[0].rgb, GAME_COLOURS[1].rgb
    image = render_board(puzzle, solution, cell_px=60)
    x, y = g.centre(Cell(1, 1))
    assert _px(image, Point(x, y)) == over  # the row's flow on the deck
    assert _px(image, Point(x + 0.33 * 60, y)) == over  # ... right across the tile
    assert _px(image, Point(x, y - 0.36 * 60)) == BRIDGE_TILE  # the column's flow under it
    assert _px(image, Point(x, y - 0.45 * 60)) == under  # ... showing where it goes in
    assert _px(image, Point(x, y + 0.45 * 60)) == under
    # The tile shows on an empty board too, and takes no tint.
    empty = render_board(puzzle, cell_px=60)
    assert _px(empty, Point(x + 0.3 * 60, y + 0.35 * 60)) == BRIDGE_TILE


# --- hexagonal boards --------------------------------------------------------------


def _hex_board() -> Solution:
    # 2x3 hexagons: column 1 sits half a row higher. (0,0)-(0,1)-(0,2) and (1,0)-(1,1)-(1,2).
    top, bottom = ((0, 0), (0, 1), (0, 2)), ((1, 0), (1, 1), (1, 2))
    puzzle = Puzzle(2, 3, _pairs(top, bottom), shape=Shape.HEX)
    return _solution(puzzle, top, bottom)


def test_hex_boards_draw_hexagons_with_a_wide_outline_of_the_lines_colour() -> None:
    solution = _hex_board()
    puzzle = solution.puzzle
    g = board_geometry(puzzle, cell_px=100)
    assert isinstance(g, HexGeometry)
    image = render_board(puzzle, cell_px=100)  # lines 3 px wide, the outline 6 px
    assert g.centre(Cell(0, 1)).y < g.centre(Cell(0, 0)).y  # odd columns higher
    for i, pair in enumerate(puzzle.pairs):
        for cell in (pair.a, pair.b):
            assert _px(image, g.centre(cell)) == GAME_COLOURS[i].rgb
    # (0, 0)'s top side is outline: the lines' colour, wide; its bottom side, shared with
    # (1, 0), a thin line. Column 1 being higher, its upper right side faces (0, 1).
    corners = g.polygon(Cell(0, 0))
    top, bottom = _mid(corners[1], corners[2]), _mid(corners[4], corners[5])
    for dy in (-2, 0, 2):
        assert _px(image, Point(top.x, top.y + dy)) == GRID_LINE
    assert _px(image, bottom) == GRID_LINE
    assert _px(image, Point(bottom.x, bottom.y + 2.5)) == BLACK
    assert _px(image, _mid(corners[2], corners[3])) == GRID_LINE
    assert _px(image, Point(g.left + 1, g.top + 1)) == BLACK  # outside every hexagon
    solved = render_board(puzzle, solution, cell_px=100)
    a, b = g.centre(Cell(0, 0)), g.centre(Cell(0, 1))
    assert _px(solved, _mid(a, b)) == GAME_COLOURS[0].rgb  # a pipe runs between centres


def test_a_slanted_line_carries_its_width_of_ink_as_a_flat_one_does() -> None:
    # The game's hexagons: a thin line's ink across it is its width at any slant (an
    # anti-aliased polygon fill grew a line a pixel wide to 2.5 pixels of ink on a slant).
    puzzle = Puzzle(3, 3, _pairs(((0, 0), (2, 2)), ((0, 2), (2, 0))), shape=Shape.HEX)
    style = RenderStyle(line_width=0.02)  # 1 px at a 50 px pitch
    image = render_board(puzzle, cell_px=50, style=style).astype(float)
    g = board_geometry(puzzle, cell_px=50)
    ground = np.asarray(BLACK, float)
    line = np.linalg.norm(np.asarray(style.line_colour, float) - ground)
    corners = g.polygon(Cell(1, 1))
    inks = []
    for a, b in ((corners[4], corners[5]), (corners[3], corners[4]), (corners[5], corners[0])):
        # Summed across the side's middle, along rows of pixels (a slant's ink spreads
        # over 1/sin of its width along a row).
        mid, rise = _mid(a, b), abs(b.y - a.y) / math.hypot(b.x - a.x, b.y - a.y)
        x, y = round(mid.x), round(mid.y)
        strip = image[y - 4 : y + 5, x] if rise < 0.1 else image[y, x - 4 : x + 5] * rise
        inks.append(float(np.linalg.norm(strip - ground, axis=1).sum() / line))
    assert inks[0] == pytest.approx(1.0, abs=0.1)
    assert inks[1:] == pytest.approx([1.0, 1.0], abs=0.2)


@pytest.mark.parametrize("shape", [Shape.HEX, Shape.SQUARE])
def test_cells_filled_side_by_side_cover_each_pixel_once(shape: Shape) -> None:
    # The game's cells meet: cells filled one by one cover each pixel of the board once
    # between them, and each cell by its own area (an anti-aliased fill overlapped its
    # neighbours by about a pixel: a band of both tints beside every side between two
    # flows, which widened the line drawn there).
    puzzle = Puzzle(4, 5, _pairs(((0, 0), (3, 4))), shape=shape)
    g = board_geometry(puzzle, cell_px=23.7)
    total = np.zeros((200, 200))
    for cell in puzzle.cells():
        canvas = np.zeros((200, 200, 3), np.uint8)
        _fill_poly(canvas, g.polygon(cell), (255, 255, 255))
        cover = canvas[..., 0] / 255
        corners = g.polygon(cell)
        area = abs(
            sum(a.x * b.y - b.x * a.y for a, b in itertools.pairwise((*corners, corners[0])))
        )
        assert cover.sum() == pytest.approx(area / 2, rel=0.01)
        total += cover
    assert total.max() <= 1 + 1 / 255  # every cell's area exact, and none overlapping


def test_hex_geometry_finds_the_hexagon_under_a_point() -> None:
    g = HexGeometry(Point(40.0, 55.0), col_step=30.0, row_step=36.0, rows=4, cols=5)
    rng = np.random.default_rng(1)
    for x, y in rng.uniform((0, 0), (220, 200), size=(2000, 2)):
        cell = g.cell_at(Point(x, y))
        inside = [
            Cell(r, c)
            for r in range(-1, g.rows + 1)
            for c in range(-1, g.cols + 1)
            if _in_polygon(Point(x, y), HexGeometry(g.origin, 30.0, 36.0, 9, 9).polygon(Cell(r, c)))
        ]
        assert len(inside) <= 1
        expected = (
            inside[0] if inside and 0 <= inside[0].row < 4 and 0 <= inside[0].col < 5 else None
        )
        if inside and cell != expected:
            pytest.fail(f"{(x, y)}: {cell} instead of {expected}")
    for r in range(g.rows):
        for c in range(g.cols):
            assert g.cell_at(g.centre(Cell(r, c))) == Cell(r, c)
    assert g.left <= min(p.x for p in g.polygon(Cell(0, 0)))
    assert g.top == pytest.approx(min(p.y for p in g.polygon(Cell(0, 1))))
    assert g.bottom == pytest.approx(max(p.y for p in g.polygon(Cell(3, 0))))
    assert g.shifted(5, -3, 2).centre(Cell(2, 3)) == Point(
        g.centre(Cell(2, 3)).x * 2 + 5, g.centre(Cell(2, 3)).y * 2 - 3
    )


def _in_polygon(p: Point, corners: tuple[Point, ...]) -> bool:
    """Strictly inside a convex polygon given clockwise (in image coordinates)."""
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        if (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) <= 1e-9:
            return False
    return True


def test_square_geometry_gives_polygons_and_the_cell_under_a_point() -> None:
    g = BoardGeometry((10.0, 30.0, 52.0), (5.0, 25.0, 44.0, 70.0))
    assert g.polygon(Cell(1, 1)) == (
        Point(30.0, 25.0), Point(52.0, 25.0), Point(52.0, 44.0), Point(30.0, 44.0),
    )  # fmt: skip
    assert g.cell_at(Point(31, 69)) == Cell(2, 1)
    assert g.cell_at(Point(52, 70)) == Cell(2, 1)  # the far border belongs to the last cell
    assert g.cell_at(Point(9.9, 30)) is None


def test_svg_draws_the_same_features() -> None:
    solution = _bridge_board()
    svg = to_svg(solution.puzzle, solution, cell_px=40)
    root = ET.fromstring(svg)
    tags = [child.tag.split("}")[1] for child in root]
    assert tags.count("circle") == 4
    assert tags.count("polygon") == 4 + 1  # four tinted cells (not the bridge), one tile
    hexagonal = _hex_board()
    root = ET.fromstring(to_svg(hexagonal.puzzle, hexagonal, cell_px=40))
    hexagons = [c for c in root if c.tag.endswith("polygon")]
    assert len(hexagons) == 6
    assert all(len(h.get("points", "").split()) == 6 for h in hexagons)


def test_a_geometry_of_the_wrong_lattice_is_refused() -> None:
    solution = _hex_board()
    square = BoardGeometry.uniform(left=0, top=0, width=60, height=40, rows=2, cols=3)
    canvas = np.zeros((50, 70, 3), np.uint8)
    with pytest.raises(ValueError, match="hex board"):
        draw_board(canvas, solution.puzzle, square)
    hexagons = HexGeometry.regular(left=0, top=0, pitch=20, rows=2, cols=3)
    with pytest.raises(ValueError, match="square board"):
        draw_board(canvas, Puzzle.from_grid(["A.A", "B.B"]), hexagons)


@pytest.mark.parametrize("cell_px", [6.5, 23.0, 48.0])
def test_every_variant_draws_within_its_image(cell_px: float) -> None:
    for solution in (_bridge_board(), _hex_board()):
        image = render_board(solution.puzzle, solution, cell_px=cell_px)
        g = board_geometry(solution.puzzle, cell_px=cell_px)
        assert image.shape[0] >= g.bottom
        assert image.shape[1] >= g.right
        assert math.isclose(g.cell_size, cell_px)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_board_draws_its_dots_where_its_geometry_says(data: st.DataObject) -> None:
    rows, cols = data.draw(st.integers(3, 6)), data.draw(st.integers(3, 6))
    hexagonal = data.draw(st.booleans())
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    holes = set(data.draw(st.lists(st.sampled_from(cells), max_size=rows * cols // 3)))
    free = [c for c in cells if c not in holes]
    dots = data.draw(st.lists(st.sampled_from(free), min_size=2, max_size=6, unique=True))
    pairs = tuple(Pair(str(i), dots[2 * i], dots[2 * i + 1]) for i in range(len(dots) // 2))
    probe = Puzzle(rows, cols, (), shape=Shape.HEX if hexagonal else Shape.SQUARE)
    sides = sorted({link(a, b) for a in free for b in probe.lattice_neighbours(a) if b in free})
    walls = set(data.draw(st.lists(st.sampled_from(sides), max_size=4))) if sides else set()
    ends = [link((r, 0), (r, cols - 1)) for r in range(rows)]
    ends += [link((0, c), (rows - 1, c)) for c in range(cols)]
    warps = set() if hexagonal else {w for w in ends if not set(w) & holes}
    warps = set(data.draw(st.lists(st.sampled_from(sorted(warps)), max_size=3))) if warps else set()
    puzzle = Puzzle(
        rows, cols, pairs, shape=probe.shape, holes=frozenset(holes), walls=frozenset(walls),
        warps=frozenset(warps),
    )  # fmt: skip
    cell_px = data.draw(st.sampled_from([9.0, 24.5, 40.0]))
    image = render_board(puzzle, cell_px=cell_px)
    g = board_geometry(puzzle, cell_px=cell_px)
    for i, pair in enumerate(puzzle.pairs):
        for cell in (pair.a, pair.b):
            assert _px(image, g.centre(cell)) == GAME_COLOURS[i].rgb
    for hole in holes:
        assert _px(image, g.centre(hole)) == BLACK  # nothing drawn in a hole
    ET.fromstring(to_svg(puzzle, cell_px=cell_px))
