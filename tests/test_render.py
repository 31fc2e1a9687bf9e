"""The board renderer: shapes land where the geometry says, in the right colours."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell, Pair, Puzzle, Solution
from flowbot.palette import GAME_COLOURS, GRID_LINE
from flowbot.render import RenderStyle, board_geometry, draw_board, render_board, to_svg

#: Images drawn by the renderer before it drew straight runs as single rectangles.
BEFORE = Path(__file__).parent / "data" / "render_before_runs.npz"

# A 4x4 board and its solution: A along the top and down the right, B an L, C a U.
PATHS = (
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (3, 3)),
    ((1, 0), (1, 1), (1, 2), (2, 2), (3, 2)),
    ((2, 0), (3, 0), (3, 1), (2, 1)),
)


def _solved() -> Solution:
    paths = tuple(tuple(Cell(*c) for c in path) for path in PATHS)
    puzzle = Puzzle(
        4, 4, tuple(Pair(lab, p[0], p[-1]) for lab, p in zip("ABC", paths, strict=True))
    )
    solution = Solution(puzzle, paths)
    solution.validate()
    return solution


def _px(image: np.ndarray, x: float, y: float) -> tuple[int, ...]:
    return tuple(int(v) for v in image[round(y), round(x)])


def test_dots_lines_and_background_are_where_the_geometry_says() -> None:
    puzzle = _solved().puzzle
    image = render_board(puzzle, cell_px=40)
    geometry = board_geometry(puzzle, cell_px=40)
    assert image.shape == (round(geometry.bottom + geometry.top) + 1,) * 2 + (3,)
    for i, pair in enumerate(puzzle.pairs):
        for cell in (pair.a, pair.b):
            assert _px(image, *geometry.centre(cell)) == GAME_COLOURS[i].rgb
    assert _px(image, *geometry.centre(Cell(1, 1))) == (0, 0, 0)
    for x in geometry.xs:
        assert _px(image, x, geometry.centre(Cell(1, 1)).y) == GRID_LINE
    for y in geometry.ys:
        assert _px(image, geometry.centre(Cell(1, 1)).x, y) == GRID_LINE
    # Outside the border line: background.
    assert _px(image, 0, 0) == (0, 0, 0)


def test_pipes_join_centres_and_tint_their_cells() -> None:
    solution = _solved()
    style = RenderStyle()
    image = render_board(solution.puzzle, solution, cell_px=40, style=style)
    geometry = board_geometry(solution.puzzle, cell_px=40)
    red, green = GAME_COLOURS[0].rgb, GAME_COLOURS[1].rgb
    # Halfway between (0, 1) and (0, 2): the red pipe.
    a, b = geometry.centre(Cell(0, 1)), geometry.centre(Cell(0, 2))
    assert _px(image, (a.x + b.x) / 2, a.y) == red
    # Cell (1, 2) is a corner of B: its pipe reaches the centre, and a cell corner is tinted.
    assert _px(image, *geometry.centre(Cell(1, 2))) == green
    corner = _px(image, geometry.xs[2] + 4, geometry.ys[2] - 4)
    expected = tuple(round(v * style.pipe_tint) for v in green)
    assert all(abs(c - e) <= 1 for c, e in zip(corner, expected, strict=True))
    # Between (2, 1) and (2, 2) no pipe crosses: C and B are not joined there.
    c, d = geometry.centre(Cell(2, 1)), geometry.centre(Cell(2, 2))
    assert _px(image, (c.x + d.x) / 2, c.y) != green


def test_edges_are_anti_aliased_and_subpixel_positions_respected() -> None:
    puzzle = Puzzle.from_grid(["A.", ".A"])
    image = render_board(puzzle, cell_px=50)
    levels = {tuple(v) for v in image.reshape(-1, 3).tolist()}
    assert len(levels) > 10  # a hard-edged drawing would have about three
    # A 1 px line centred between two pixels covers each by half.
    canvas = np.zeros((40, 40, 3), np.uint8)
    geometry = BoardGeometry((10.5, 30.5), (10.0, 30.0))
    style = RenderStyle(line_width=1 / 20, line_colour=(200, 200, 200))
    drawn = draw_board(canvas, Puzzle(1, 1, ()), geometry, style=style)
    assert drawn[20, 10, 0] == drawn[20, 11, 0] == 100
    assert drawn[20, 9, 0] == drawn[20, 12, 0] == 0
    assert canvas.max() == 0  # the input is never changed


def test_dot_radius_follows_the_style() -> None:
    puzzle = Puzzle.from_grid(["A", "A"])
    for fraction in (0.2, 0.4):
        style = RenderStyle(dot_radius=fraction)
        image = render_board(puzzle, cell_px=100, style=style)
        area = (image.max(axis=2) > 127).sum() - (
            render_board(Puzzle(2, 1, ()), cell_px=100).max(axis=2) > 127
        ).sum()
        assert area == pytest.approx(2 * np.pi * (fraction * 100) ** 2, rel=0.02)


def test_explicit_colours_override_the_palette() -> None:
    puzzle = Puzzle.from_grid(["AB", "AB"])
    image = render_board(puzzle, cell_px=30, colours=[(1, 2, 3), (200, 100, 50)])
    geometry = board_geometry(puzzle, cell_px=30)
    assert _px(image, *geometry.centre(Cell(1, 0))) == (1, 2, 3)
    assert _px(image, *geometry.centre(Cell(0, 1))) == (200, 100, 50)


def test_colour_blind_letters_lie_on_the_dots() -> None:
    # Pair i's letter is "A" + i: white on red (pair A), black on yellow (pair D).
    puzzle = Puzzle.from_grid(["A.B", "C.D", "DBA", "C.."])
    plain = render_board(puzzle, cell_px=80)
    lettered = render_board(puzzle, cell_px=80, style=RenderStyle(colour_blind=True))
    geometry = board_geometry(puzzle, cell_px=80)
    changed = np.argwhere((plain != lettered).any(axis=2))
    for pair in puzzle.pairs:
        for cell in (pair.a, pair.b):
            x, y = geometry.centre(cell)
            near = np.hypot(changed[:, 1] - x, changed[:, 0] - y) < 0.35 * 80
            inside = lettered[changed[near, 0], changed[near, 1]].astype(int)
            ink = {"A": (255, 255, 255), "D": (0, 0, 0)}.get(pair.label)
            if ink is not None:  # fully inked pixels are the ink's colour
                assert (np.abs(inside - ink).max(axis=1) == 0).sum() > 50
    # Only the dots' insides change.
    centres = np.array([geometry.centre(c) for p in puzzle.pairs for c in (p.a, p.b)])
    distance = np.hypot(*(changed[:, None, ::-1] - centres[None]).transpose(2, 0, 1)).min(axis=1)
    assert changed.size
    assert distance.max() < 0.35 * 80
    svg = to_svg(puzzle, cell_px=80, style=RenderStyle(colour_blind=True))
    texts = ET.fromstring(svg).findall("{http://www.w3.org/2000/svg}text")
    assert sorted(t.text or "" for t in texts) == sorted("AABBCCDD")


def test_svg_is_the_same_drawing() -> None:
    solution = _solved()
    svg = to_svg(solution.puzzle, solution, cell_px=40)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    raster = render_board(solution.puzzle, solution, cell_px=40)
    assert (int(root.get("height", 0)), int(root.get("width", 0))) == raster.shape[:2]
    circles = root.findall(f"{ns}circle")
    assert len(circles) == 6
    assert circles[0].get("fill") == "#{:02x}{:02x}{:02x}".format(*GAME_COLOURS[0].rgb)
    # Same centres as the raster, moved half a pixel into SVG's pixel-area coordinates.
    centre = board_geometry(solution.puzzle, cell_px=40).centre(Cell(0, 0))
    assert float(circles[0].get("cx", 0)) == pytest.approx(centre.x + 0.5)
    # One polyline per path, with a point only where the path starts, turns or ends.
    polylines = root.findall(f"{ns}polyline")
    assert [len(p.get("points", "").split()) for p in polylines] == [3, 3, 4]
    geometry = board_geometry(solution.puzzle, cell_px=40)
    a_turn = geometry.centre(Cell(0, 3))
    assert polylines[0].get("points", "").split()[1] == f"{a_turn.x + 0.5:.2f},{a_turn.y + 0.5:.2f}"
    # The background, then one tint shape per path covering exactly its cells.
    assert len(root.findall(f"{ns}rect")) == 1
    tints = [p for p in root.findall(f"{ns}path") if p.get("fill") != "none"]
    assert len(tints) == 3
    for tint, path in zip(tints, solution.paths, strict=True):
        covered = set()
        for box in re.findall(r"M([\d.]+) ([\d.]+)H([\d.]+)V([\d.]+)H[\d.]+z", tint.get("d", "")):
            x0, y0, x1, y1 = (float(v) - 0.5 for v in box)
            cols = range(round((x0 - geometry.left) / 40), round((x1 - geometry.left) / 40))
            row = round((y0 - geometry.top) / 40)
            assert y1 - y0 == pytest.approx(40)
            covered |= {Cell(row, c) for c in cols}
        assert covered == set(path)
    assert "polyline" not in to_svg(solution.puzzle, cell_px=40)


def test_svg_of_a_long_path_stays_small() -> None:
    rows = 60
    path = tuple(
        Cell(r, c if r % 2 == 0 else rows - 1 - c) for r in range(rows) for c in range(rows)
    )
    puzzle = Puzzle(rows, rows, (Pair("A", path[0], path[-1]),))
    svg = to_svg(puzzle, Solution(puzzle, (path,)), cell_px=8)
    # A snake of 60 runs: 120 points and 60 row boxes, not 3600 of each.
    assert len(svg) < 8_000


def _nonuniform_canvas() -> tuple[np.ndarray, BoardGeometry]:
    geometry = BoardGeometry((10.3, 31.0, 50.7, 73.2, 95.0), (5.0, 27.5, 49.9, 70.1, 93.3))
    ramp = (np.indices((100, 110)).sum(axis=0) % 97).astype(np.uint8)
    return np.repeat(ramp[:, :, None], 3, axis=2), geometry


def test_drawing_matches_the_per_cell_renderer_it_replaced() -> None:
    """Only anti-aliased pipe edges differ from the saved per-cell drawing.

    The old renderer drew a rectangle per step and a circle at every centre,
    blending edge pixels twice where shapes met; everything else is the same.
    """
    solution = _solved()
    canvas, geometry = _nonuniform_canvas()
    drawn = {
        "solved40": render_board(solution.puzzle, solution, cell_px=40),
        "solved13_7": render_board(solution.puzzle, solution, cell_px=13.7),
        "nonuniform": draw_board(canvas, solution.puzzle, geometry, solution, fill_background=True),
    }
    style = RenderStyle()
    tints = {
        tuple(
            round(b + (p - b) * style.pipe_tint)
            for b, p in zip(style.background, c.rgb, strict=True)
        )
        for c in GAME_COLOURS[:3]
    }
    not_pipe = {*tints, style.background, GRID_LINE}
    with np.load(BEFORE) as before:
        for name, image in drawn.items():
            old = before[name]
            assert image.shape == old.shape, name
            diff = np.abs(image.astype(int) - old.astype(int)).max(axis=2)
            assert diff.max() <= 48, name
            assert (diff > 0).mean() < 0.015, name
            changed = {
                tuple(int(v) for v in old[y, x]) for y, x in zip(*np.nonzero(diff), strict=True)
            }
            assert not changed & not_pipe, name


@pytest.mark.parametrize(
    "kwargs",
    [{"dot_radius": 0.6}, {"pipe_width": -0.1}, {"palette": ()}, {"line_colour": (0, 0, 300)}],
)
def test_bad_style_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011  (several messages, one type)
        RenderStyle(**kwargs)  # type: ignore[arg-type]


def test_bad_arguments_are_refused() -> None:
    solution = _solved()
    other = Puzzle.from_grid(["AB", "AB"])
    with pytest.raises(ValueError, match="another puzzle"):
        render_board(other, solution)
    with pytest.raises(ValueError, match="another puzzle"):
        to_svg(other, solution)
    with pytest.raises(ValueError, match="colours"):
        render_board(other, colours=[(0, 0, 0)])
    with pytest.raises(ValueError, match="cell_px"):
        render_board(other, cell_px=2)
    with pytest.raises(ValueError, match="image"):
        draw_board(np.zeros((5, 5), np.uint8), other, board_geometry(other, cell_px=10))
