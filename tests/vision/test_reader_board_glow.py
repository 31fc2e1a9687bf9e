"""Board-level look-alikes of holes and walls that glow, JPEG and small cells make.

A line hidden by a glow of its own colour is drawn, not missing; a dot beside
an edge in a shrunk copy is no wall. The holes and walls themselves stay
refused (tests/vision/test_reader_border.py, test_reader_walls.py).
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Puzzle
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._grow import _sides_going_on
from flowbot.vision._lattice import Lattice
from flowbot.vision._past_border import RunOn
from flowbot.vision._types import DEFAULT_SETTINGS

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 60
MARGIN = 30


def _board_under_a_cloud(*, erase_line: bool, on_border: bool = False) -> np.ndarray:
    """A 6x6 board over a soft cloud of its lines' own colour, as bright as them at its middle.

    The cloud sits on inner vertical line 5 between rows 4 and 5 (or, with
    ``on_border``, on the top border over column 3): that edge shows no
    contrast at all. With ``erase_line`` the inner edge is a gap of black
    background instead (a line taken away, as around a hole).
    """
    style = RenderStyle()
    size = 6 * PX + 2 * MARGIN
    g = BoardGeometry.uniform(left=MARGIN, top=MARGIN, width=6 * PX, height=6 * PX, rows=6, cols=6)
    yy, xx = np.mgrid[0:size, 0:size]
    cx, cy = ((g.xs[3] + g.xs[4]) / 2, g.ys[0]) if on_border else (g.xs[5], (g.ys[4] + g.ys[5]) / 2)
    r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (0.5 * PX) ** 2
    if erase_line:
        canvas = np.zeros((size, size, 3), np.uint8)
    else:
        cloud = np.clip(1.5 * np.exp(-r2 / 2), 0, 1)[..., None] * np.array(style.line_colour)
        canvas = np.rint(cloud).astype(np.uint8)
    image = draw_board(canvas, PUZZLE, g, style=style)
    if erase_line:
        x = round(g.xs[5])
        image[round(g.ys[4]) + 3 : round(g.ys[5]) - 2, x - 2 : x + 3] = 0
    return image


@pytest.mark.parametrize("on_border", [False, True])
def test_a_line_hidden_by_a_glow_of_its_own_colour_is_not_missing(on_border: bool) -> None:
    image = _board_under_a_cloud(erase_line=False, on_border=on_border)
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_line_taken_away_is_still_missing() -> None:
    with pytest.raises(UnsureReadingError, match="missing"):
        read_board(_board_under_a_cloud(erase_line=True))


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        ("huge_cells", 75012),  # green glow as bright as green lines over two edges
        ("jpeg", 75232),  # lines thinner than a pixel, blended with the glow they cross
        # Glow of a hue near the lines' (greener, lighter) hides two inner
        # edges: their colour is 12-15 from the board's typical line, within
        # 3.3 of the seen lines around them, which it tints alike.
        ("crop", 98558),
        # The same under a pink glow over the bottom rows, on an inner edge
        # and on two pieces of the bottom border (JPEG 69).
        ("jpeg", 98976),
        # A purple glow over the lower left of an 8x18 board of 24 px cells
        # lights the ground up to the dim red lines' lightness (3-9 L*
        # lighter than them): ten edges there show no contrast, and their
        # neighbours too little to call them dimmed with them.
        ("tiny_cells", 95173),
        # A grey-blue glow as light as the green lines over the bottom right
        # of a mirrored 8x7 board hides two edges and, by the bottom right
        # corner, the border itself (0.11 of the lines by the corners):
        # what shows past that corner is no share of a line.
        ("mirror", 95235),
        # A pink glow over the left of a 13x13 board tints the grey lines
        # there 24-28 from their typical colour (the seen lines' 95th
        # percentile 24.3 > 2 x 12: no one colour), and a grey one over the
        # right hides an inner edge that shows the very colour of the lines
        # seen around it (0.0 from them, 7.4 from the background).
        ("twins", 99714),
        # A red glow over the upper left of a 7x7 board of red lines hides a
        # patch of edges together: two of them, 12.4 and 13.4 from the lines'
        # typical colour, see no line around them but hidden ones (3.3, 2.0).
        ("generated", 93609),
    ],
)
def test_lines_hidden_in_glow_of_their_colour_are_read(category: str, seed: int) -> None:
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_dot_beside_an_edge_in_small_cells_is_no_wall() -> None:
    # 23.5 px cells found at 1/3 scale: dots narrower than the line filter
    # show in it beside the middle of their cell's sides (JPEG 80).
    shot = sample("jpeg", 75159)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_board_in_pieces_under_glow_is_grown_whole() -> None:
    # A grey glow lighter than the blue-grey lines in the middle of a 10x11
    # board, darker at its edges: the line search finds only its right three
    # columns, whose rows go on to the left in full-resolution colour.
    shot = sample("rectangular", 71092)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_board_grown_whole_and_doubted_is_looked_at_closer() -> None:
    # A 7x7 board mirrored on a 2560 px desktop, under an orange glow brighter
    # than its thin green lines over its top rows: the shrunk copies find only
    # its last two rows, grown whole upward and then refused (its lines too
    # faint there). That grown grid holds the board's dots, so the closer
    # look at full resolution is worth it, and finds the board whole.
    shot = sample("mirror", 97242)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_board_grown_from_two_columns_takes_the_pitch_of_its_rows_too() -> None:
    # A 6x6 board under a purple glow: the line search at 1/3 scale finds
    # only its right two columns, their pitch a rounded pixel short (16 for
    # 16.4). Grown four columns to the left with that pitch, its left border
    # lay 5 px (0.1 pitch) off: its lines seemed to end past it. Cells are
    # square: the rows' seven lines set the pitch as well.
    shot = sample("drift", 94127)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
    pitch = shot.geometry.cell_size
    assert np.abs(np.subtract(reading.geometry.xs, shot.geometry.xs)).max() < 0.02 * pitch


def test_lines_lighter_above_and_darker_below_end_at_both_borders() -> None:
    # Glow brighter than the lines over a board's lower half: there they
    # show darker than the cells beside them, above lighter. Where they end
    # is judged by each border with the look they have by it; judged by one
    # look for the whole board, the bottom border's lines seemed to show
    # nowhere near it: cut short, as by a pop-up.
    style = RenderStyle()
    px, margin = 40, 60
    size = 6 * px + 2 * margin
    g = BoardGeometry.uniform(left=margin, top=margin, width=6 * px, height=6 * px, rows=6, cols=6)
    ramp = np.clip((np.arange(size)[:, None, None] - g.ys[3]) / (2 * px), 0, 1)
    canvas = np.rint(ramp * np.array([200, 180, 150]) * np.ones((1, size, 1))).astype(np.uint8)
    image = draw_board(canvas, PUZZLE, g, style=style)
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_board_split_by_a_glow_band_over_a_line_is_taken_whole() -> None:
    # A 13x13 board as wide as the screen, a cyan glow band over the line
    # between its 7th and 8th columns: the line search finds two grids, the
    # left six columns and the right five, the two columns under the band
    # between them. The rows go on past the right grid's left border into
    # the band (dimmed: too faint to grow on, as the grid's typical line),
    # and on into the left grid: they cross from one into the other, one board.
    shot = sample("twins", 92239)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(("category", "seed"), [("twins", 99779), ("jpeg", 96260)])
def test_lines_fading_into_glow_past_the_grid_found_are_grown_on(category: str, seed: int) -> None:
    # Glow lighter than the lines over a board's lower rows hides its last
    # row lines; its columns go on past the grid found, fading as they go.
    # twins 99779 (8x8 found as 6x8): the columns under the glow are at 0.1-0.2
    # of the typical line's contrast inside the grid already, 0.05-0.2 past
    # it; jpeg 96260 (10x10 found as 5x10): every line under a brown glow,
    # 0.2-0.4 of the typical one's. Each goes on much as it shows inside,
    # which is how a line dimmed by glow goes on: grown while it does, like
    # the same line inside the grid first found, the board is read whole.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def _bottom_band(inside: list[float], beyond: list[float]) -> dict[str, RunOn]:
    """A bottom border's crossing lines, each keeping its colour past it."""
    n = len(inside)
    return {"bottom": RunOn(np.array(beyond), np.array(inside), np.array(beyond), np.zeros(n))}


def test_a_line_dimmed_by_glow_is_followed_as_it_shows_inside_the_grid_first_found() -> None:
    # Five columns of a 6-wide grid (typical line 40): three under glow at
    # 0.2-0.3 of it inside the grid, at 0.15-0.2 past its bottom border, as
    # much as 0.6-0.8 of their own contrast there.
    grid = Lattice(tuple(10.0 * k for k in range(7)), tuple(10.0 * k for k in range(5)))
    first = {"bottom": (np.array(grid.xs[1:-1]), np.array([40.0, 38.0, 12.0, 10.0, 8.0]))}
    band = _bottom_band([40.0, 38.0, 12.0, 10.0, 8.0], [36.0, 35.0, 8.0, 7.0, 6.0])
    going = _sides_going_on(band, DEFAULT_SETTINGS, like=40.0, first=first, grid=grid)
    assert going == ["bottom"]
    # Judged by the typical line alone, two of five go on.
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=40.0, first={}, grid=grid) == []
    # Lines that show nowhere, inside or past the border, are not followed.
    none = {"bottom": (np.array(grid.xs[1:-1]), np.array([40.0, 0.0, 0.0, 0.0, 0.5]))}
    band = _bottom_band([40.0, 0.0, 0.0, 0.0, 0.5], [36.0, 0.0, 0.0, 0.0, 0.4])
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=40.0, first=none, grid=grid) == []
