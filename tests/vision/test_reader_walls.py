"""The game's walls: a bright double (or brighter) line along an inner edge is refused.

And the look-alikes that are no walls: a line widened by a browser's zoom, a
line dimmed by glow with the lines around it.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Puzzle, Reading
from flowbot.render import RenderStyle, board_geometry, render_board
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import sample
from flowbot.vision import DEFAULT_SETTINGS, read_board
from flowbot.vision._board_lines import _check_wall_widths, _drawn_apart
from flowbot.vision._edges import line_profiles
from flowbot.vision._lattice import Lattice

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 80
MARGIN = 40


def _board() -> np.ndarray:
    image = render_board(PUZZLE, cell_px=PX)
    return cv2.copyMakeBorder(image, MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_CONSTANT)


def _double_wall(image: np.ndarray, gap: float) -> None:
    """Two tan lines ``gap`` pitches either side of inner vertical line 3, along rows 1-2."""
    g = board_geometry(PUZZLE, cell_px=PX).shifted(MARGIN, MARGIN)
    x = g.xs[3]
    for d in (-gap * PX, gap * PX):
        a, b = (round(x + d), round(g.ys[1])), (round(x + d), round(g.ys[3]))
        cv2.line(image, a, b, (225, 190, 140), 2)


def test_a_plain_board_is_read() -> None:
    assert read_board(_board()).puzzle == PUZZLE.canonical()


@pytest.mark.parametrize("gap", [0.05, 0.08])
def test_a_double_line_wall_is_refused(gap: float) -> None:
    image = _board()
    _double_wall(image, gap)
    with pytest.raises(UnsureReadingError, match="walls"):
        read_board(image)


@pytest.mark.parametrize("cell", [22, 24])
def test_a_line_widened_by_zoom_is_no_wall(cell: int) -> None:
    # A browser draws the game's canvas, then scales it 2x with bilinear
    # smoothing: a line that fell between two canvas pixels comes out twice
    # as wide as the others, less bright, and with the same ink.
    canvas = render_board(PUZZLE, cell_px=cell, margin_px=12, style=RenderStyle(line_width=0.01))
    g = board_geometry(PUZZLE, cell_px=cell, margin_px=12)
    x, top, bottom = round(g.xs[3]), round(g.ys[0]), round(g.ys[-1]) + 1
    half = (canvas[top:bottom, x].astype(np.uint16) + canvas[top:bottom, x + 2]) // 2
    canvas[top:bottom, x] = canvas[top:bottom, x + 1] = half.astype(np.uint8)
    image = cv2.resize(canvas, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_line_much_brighter_than_its_neighbours_is_a_wall() -> None:
    # One pixel wider than the lines and 1.75 times as bright: the line filter
    # finds it less than 1.8 times as strong, so only the full-resolution peak
    # and ink show it.
    image = _board()
    g = board_geometry(PUZZLE, cell_px=PX).shifted(MARGIN, MARGIN)
    style = RenderStyle()
    colour = tuple(min(255, round(1.75 * v)) for v in style.line_colour)
    x = round(g.xs[3])
    width = max(1, round(style.line_width * PX)) + 1
    cv2.line(image, (x, round(g.ys[1])), (x, round(g.ys[2])), colour, width)
    with pytest.raises(UnsureReadingError, match="walls"):
        read_board(image)


@pytest.mark.parametrize("seed", [23, 39])
def test_bright_single_line_walls_are_refused(seed: int) -> None:
    with pytest.raises(UnsureReadingError):
        read_board(decoy("flow_walls", seed).image)


@pytest.mark.parametrize(("category", "seed"), [("crop", 50246), ("jpeg", 50233), ("twins", 50157)])
def test_lines_dimmed_by_glow_with_their_neighbours_are_not_missing(
    category: str, seed: int
) -> None:
    # A region of glow of nearly the lines' colour: there every line shows
    # less than 0.4 of the board's typical contrast, yet about as much as the
    # lines around it; a hole takes its lines away where the neighbours show.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_line_over_a_darker_background_is_no_wall() -> None:
    # Glow darkens toward the left, where the border is cut off by the image's
    # edge: the first inner line stands out twice as strongly as its
    # neighbours, yet is drawn as they are (no brighter, no wider).
    shot = sample("crop", 63036)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(("kind", "seed"), [("sudoku", 6), ("kakuro", 7)])
def test_bold_dark_lines_stay_walls(kind: str, seed: int) -> None:
    # Dark lines on paper show no brightness of their own at full
    # resolution: whether a bold one is drawn apart cannot be told, so it
    # stays a wall.
    with pytest.raises(UnsureReadingError, match="walls"):
        read_board(decoy(kind, seed).image)


@pytest.mark.parametrize(("cell", "line_px"), [(34, 2), (30, 3), (26, 2)])
def test_a_double_wall_as_wide_as_the_window_is_refused(cell: int, line_px: int) -> None:
    # Small cells: the wall's two lines (as the decoys draw them, 0.05 pitch
    # or 1.5 px either side) reach the ends of the window across the edge
    # (0.11 pitch), so nothing in it is darker than the wall to measure a
    # line against. One wall along one cell is enough.
    style = RenderStyle(line_width=line_px / cell)
    board = render_board(PUZZLE, cell_px=cell, style=style)
    image = cv2.copyMakeBorder(board, *(MARGIN,) * 4, cv2.BORDER_CONSTANT)
    g = board_geometry(PUZZLE, cell_px=cell).shifted(MARGIN, MARGIN)
    gap = max(1.5, 0.05 * cell)
    for d in (-gap, gap):
        a, b = (g.xs[4] + d, g.ys[4]), (g.xs[4] + d, g.ys[5])
        cv2.line(image, _point(a), _point(b), (235, 150, 150), 2, cv2.LINE_AA)
    with pytest.raises(UnsureReadingError, match="walls"):
        read_board(image)


def _point(xy: tuple[float, float]) -> tuple[int, int]:
    return round(xy[0]), round(xy[1])


def test_a_bar_filling_the_window_but_one_end_is_a_wall() -> None:
    # A thick bar, resampled (soft edges, an uneven top), centred a pixel off
    # the line's rounded position: the window across the edge (0.11 pitch
    # either side) has one end on the bar, so its peak over the ends is just
    # past half a line's (bold), and it holds little more ink than a line.
    # Near the edge's ends it is far brighter than every line, and dark cells
    # lie beside it: a wall.
    pitch, lines = 42, 40 + 42 * np.arange(7)
    image = np.full((340, 340, 3), 30, np.uint8)
    for v in lines:  # 2 px lines, centred half a pixel past the lattice's
        image[:, v : v + 2] = image[v : v + 2, :] = (40, 67, 40)
    bar = [80, 205, 225, 236, 240, 236, 225, 215]
    x = lines[3]
    for d, level in zip(range(-3, 5), bar, strict=True):
        image[lines[1] : lines[2] + 1, x + d] = (round(0.6 * level), level, round(0.6 * level))
    lattice = Lattice(tuple(float(v) for v in lines), tuple(float(v) for v in lines))
    assert lattice.pitch == pitch
    with pytest.raises(UnsureReadingError, match="walls"):
        _check_wall_widths(lattice, image, 1, DEFAULT_SETTINGS)


def test_thick_walls_in_the_lines_hue_in_a_mirror_are_refused() -> None:
    # A 10x10 board of 42 px cells in a mirror window; two walls drawn as thick
    # light bars of the lines' hue. Found in the dark-line copy, the lattice's
    # rows lie a hair below .5 where the bars were drawn on the pixel above:
    # each window across a bar has one end on it.
    with pytest.raises(UnsureReadingError, match="walls"):
        read_board(decoy("flow_walls", 93134).image)


def _small_cells(pitch: int = 22, n: int = 7) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A dark ``n`` x ``n`` grid of 1 px lines, ``pitch`` apart: image, line positions, edges.

    The edge flags are in ``check_edges`` order, all clear.
    """
    lines = 20 + pitch * np.arange(n + 1)
    image = np.full((lines[-1] + 21, lines[-1] + 21, 3), 20, np.uint8)
    for v in lines:
        image[:, v] = image[v, :] = (40, 68, 40)
    return image, lines, np.zeros(2 * (n - 1) * n, bool)


def _edge(n: int, *, line: int, span: int, horizontal: bool) -> int:
    """Index in ``check_edges`` order of inner line ``line``'s edge over ``span``."""
    return (n - 1) * n * horizontal + (line - 1) * n + span


def test_an_edge_on_a_line_wider_all_along_is_drawn_as_a_line() -> None:
    # A line half a pixel off the pixel grid (JPEG's ringing likewise) is two
    # pixels wide all along, where most lines are one: the edge the line
    # filter flags there (a dot beside it, in small cells) is no wider than
    # the rest of its line.
    image, lines, stronger = _small_cells()
    image[lines[3] + 1, :] = (40, 68, 40)
    stronger[_edge(7, line=3, span=4, horizontal=True)] = True
    lattice = Lattice(tuple(map(float, lines)), tuple(map(float, lines)))
    assert not _drawn_apart(stronger, lattice, image, 1, DEFAULT_SETTINGS.line_contrast)


def test_a_dot_beside_the_middle_of_an_edge_leaves_it_a_line() -> None:
    # Small cells, blurred (a JPEG's ringing spreads a dot's rim), a dot each
    # side of an edge whose line lies a pixel off the lattice's position
    # (found in a shrunk copy): the window across the edge's middle reaches
    # the dot's rim, brighter than any line; near its ends, where no dot
    # reaches, the line is as the others.
    pitch = 22
    image, lines, stronger = _small_cells(pitch)
    row = (lines[2] + lines[3]) // 2
    for col in (lines[3] - pitch // 2, lines[3] + pitch // 2):
        cv2.circle(image, (int(col), int(row)), round(0.38 * pitch), (30, 60, 250), -1)
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    xs = [float(v) for v in lines]
    xs[3] += 1.0
    stronger[_edge(7, line=3, span=2, horizontal=False)] = True
    lattice = Lattice(tuple(xs), tuple(map(float, lines)))
    assert not _drawn_apart(stronger, lattice, image, 1, DEFAULT_SETTINGS.line_contrast)


@pytest.mark.parametrize("width", [1, 2])
def test_an_outline_brighter_than_its_line_is_drawn_apart(width: int) -> None:
    # A shaped board's outline (or a wall) along one edge: as wide as the
    # lines but twice as bright, all along the edge.
    image, lines, stronger = _small_cells()
    if width == 2:
        image[lines[3] + 1, :] = (40, 68, 40)
    image[lines[3] : lines[3] + width, lines[4] : lines[5] + 1] = (200, 200, 240)
    stronger[_edge(7, line=3, span=4, horizontal=True)] = True
    lattice = Lattice(tuple(map(float, lines)), tuple(map(float, lines)))
    assert _drawn_apart(stronger, lattice, image, 1, DEFAULT_SETTINGS.line_contrast)


def test_small_jpeg_cells_dots_beside_lines_are_no_walls() -> None:
    # 11x13 board of 22 px cells, JPEG quality 60-80, lines found at 1/3 scale:
    # dots in the cells either side of three edges make the line filter see
    # them as walls; at full resolution one edge's middle window reaches a
    # dot's rim (1.21x the lines' top), another's whole line is 2 px wide.
    shot = sample("jpeg", 90138)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_jpeg_colour_fringes_beside_a_line_are_no_second_line() -> None:
    # JPEG keeps colour coarser than lightness: beside a green line on a
    # magenta ground it leaves pixels redder than the ground a few pixels
    # out (as jpeg 87544 shows), which the brightest channel takes for a
    # second line. In luma the line is as wide as drawn.
    pitch = 80
    image = np.zeros((3 * pitch + 1, 3 * pitch + 1, 3), np.uint8)
    image[:] = (68, 13, 44)
    lines = [0, pitch, 2 * pitch, 3 * pitch]
    for at in lines:
        image[:, at : at + 2] = image[at : at + 2, :] = (75, 103, 80)
    image[:, pitch + 5 : pitch + 7] = (87, 10, 40)
    xs = ys = np.array(lines, float) + 0.5
    wide = line_profiles(image, xs, ys).width
    thin = line_profiles(image, xs, ys, luma=True).width
    assert wide.max() >= 6
    assert thin.max() <= 3


def test_a_jpeg_board_with_fringed_lines_is_read() -> None:
    shot = sample("jpeg", 87544)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_lines_under_a_glow_band_brighter_than_them_are_no_walls() -> None:
    # A pipe's glow band along a row and a column, brighter than the lines:
    # the dark-lines map sees the lines there strongly, and they show as
    # bright as the glow (top 1.2-1.3x the lines'), but no brighter than the
    # cells beside them, where the band runs on (a wall is a stroke). The
    # lines show brighter than beside them at only 0.48 of the edges (a
    # strong glow over half the board), yet they do show.
    shot = sample("phone_large", 84410)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_lines_most_tints_hide_in_the_brightest_channel_are_judged_in_their_own(
    reads_exactly: ReadsExactly,
) -> None:
    # A finished 11x11 bridges board under a warm glow: its grey lines stand out in the
    # brightest channel at 0.27 of the edges (the flows' tints brighter there), in blue at
    # 0.62. Judged in the brightest, the lines between two dark tints stood out as walls
    # on every grid found, and none was read.
    reads_exactly("preview", 12000000, "bridges", "solved")
