"""Grid lines placed at full resolution (``_line_positions.place_lines``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell, Pair, Puzzle, Solution
from flowbot.render import RenderStyle, board_geometry, render_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._line_positions import _fit, _fit_two, place_lines

PUZZLE = Puzzle(6, 6, (Pair("A", Cell(0, 0), Cell(0, 5)), Pair("B", Cell(2, 1), Cell(5, 4))))


def _jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", image[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)[..., ::-1].copy()


def _off(geometry: BoardGeometry, shift: float, stretch: float) -> BoardGeometry:
    """The grid as a shrunk copy may give it: moved and its pitch a little wrong."""
    return BoardGeometry(
        tuple(x + shift + stretch * i for i, x in enumerate(geometry.xs)),
        tuple(y - shift - stretch * i for i, y in enumerate(geometry.ys)),
    )


@pytest.mark.parametrize("cell_px", [21.4, 47.7])
def test_lines_are_placed_to_a_fraction_of_a_pixel(cell_px: float) -> None:
    # JPEG rings beside the lines, a pipe crosses some and dots sit near them:
    # the lines found a pixel or two off are put back on their centres.
    path = (Cell(0, 0), Cell(1, 0), Cell(1, 1), Cell(1, 2), Cell(0, 2), Cell(0, 3), Cell(0, 4))
    solution = Solution(PUZZLE, ((*path, Cell(0, 5)), ()))
    image = _jpeg(render_board(PUZZLE, solution, cell_px=cell_px, margin_px=9.3), 60)
    truth = board_geometry(PUZZLE, cell_px=cell_px, margin_px=9.3)
    placed = place_lines(image, _off(truth, 1.6, -0.3), uncertainty=3)
    error = np.abs(np.r_[np.subtract(placed.xs, truth.xs), np.subtract(placed.ys, truth.ys)])
    assert error.max() < 0.15


def test_a_pitch_off_by_a_little_over_many_lines_is_put_right() -> None:
    # A grid grown from a piece, or found in a shrunk copy, whose pitch is
    # 0.7 px off: over 10 lines its far end lies 6 px off, twice the doubt.
    # The lines near its middle are measured, the rest looked for again
    # where the lattice through those puts them.
    puzzle = Puzzle(6, 9, PUZZLE.pairs)
    image = _jpeg(render_board(puzzle, cell_px=51.4, margin_px=9.3), 80)
    truth = board_geometry(puzzle, cell_px=51.4, margin_px=9.3)
    coarse = BoardGeometry(tuple(x - 0.7 * (i - 3.5) for i, x in enumerate(truth.xs)), truth.ys)
    placed = place_lines(image, coarse, uncertainty=2)
    error = np.abs(np.r_[np.subtract(placed.xs, truth.xs), np.subtract(placed.ys, truth.ys)])
    assert error.max() < 0.15


def test_lines_that_do_not_show_stay_where_they_were() -> None:
    blank = np.full((300, 300, 3), 40, np.uint8)
    coarse = BoardGeometry.uniform(left=20, top=20, width=250, height=250, rows=5, cols=5)
    assert place_lines(blank, coarse, uncertainty=3) == coarse


@pytest.mark.parametrize(
    ("category", "seed", "before"),
    [
        ("rectangular", 75007, 0.034),  # found at 1/4 scale: the last lines 4.5 px off
        ("tiny_cells", 75191, 0.051),  # JPEG ringing widened the line map on one side
    ],
)
def test_readings_give_the_lines_where_they_are_drawn(
    category: str, seed: int, before: float
) -> None:
    shot = sample(category, seed)
    read = read_board(shot.image).geometry
    truth = shot.geometry
    error = np.abs(np.r_[np.subtract(read.xs, truth.xs), np.subtract(read.ys, truth.ys)])
    assert error.max() / truth.cell_size < before / 4


def test_lines_of_another_hue_than_the_ground_are_placed_on_their_centres() -> None:
    # Dark red lines on teal glow: a pixel half line, half ground has a
    # brightest channel below both, so that channel is no measure of how
    # much of the pixel the line covers (the lines were placed up to 0.8 px
    # off, by their phase: mirror 92000); the colour's distance from the
    # ground is.
    style = RenderStyle(background=(30, 100, 110), line_colour=(110, 40, 45), line_width=0.04)
    image = render_board(PUZZLE, cell_px=45.3, margin_px=9.3, style=style)
    truth = board_geometry(PUZZLE, cell_px=45.3, margin_px=9.3)
    placed = place_lines(image, _off(truth, 1.2, -0.2), uncertainty=3)
    error = np.abs(np.r_[np.subtract(placed.xs, truth.xs), np.subtract(placed.ys, truth.ys)])
    assert error.max() < 0.15


def test_one_line_measured_far_off_does_not_void_the_fit() -> None:
    # Mirror 99964: the last column's top found 7.5 px past it (its frame)
    # tilts the first fit so far that only two good lines stay within a
    # pixel of it; the grid then kept the shrunk copy's lines (0.038 pitch off).
    measured = np.array([np.nan, 92.78, 170.86, 248.95, 326.99, 405.09, 483.2, 568.69])
    fitted = _fit(measured)
    assert fitted is not None
    truth = 14.78 + 78.063 * np.arange(8)
    assert np.abs(fitted - truth).max() < 0.2


def test_a_line_far_off_at_the_end_is_left_out_not_the_good_ones_beside_it() -> None:
    # Mirror 89022: the first column's line measured 4.4 px off (the mirror
    # window's frame). Leaving out the worst line of each fit in turn dropped
    # two good lines before it and kept the frame (0.036 pitch off).
    measured = np.array([1027.75, 1146.89, 1261.6, 1376.4, 1491.1, np.nan])
    fitted = _fit(measured)
    assert fitted is not None
    truth = 1032.1 + 114.76 * np.arange(6)
    assert np.abs(fitted - truth).max() < 0.2


def test_lines_that_agree_on_no_lattice_give_no_fit() -> None:
    assert _fit(np.array([0.0, 103.0, 197.0, 304.0, 398.0])) is None


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_a_grid_of_two_rows_cut_by_the_image_edge_takes_the_square_pitch(state: str) -> None:
    # A 5x5 holes board of 158.7 px cells cropped through its outline: the grid found
    # spans two rows, the top line the outline cut at the image's edge. Its two inner
    # lines alone fitted no lattice, and the pitch found (157) carried over the board put
    # the bottom border 8 px off, read as open: refused ("the board's bottom border is
    # open ...", "no grid of equally spaced lines found").
    shot = sample("huge_cells", 5000004, "holes", state)
    truth = shot.puzzle.canonical() if state == "unsolved" else shot.puzzle.as_drawn().canonical()
    assert read_board(shot.image).puzzle.canonical() == truth


def test_two_lines_are_placed_only_at_the_other_direction_s_pitch() -> None:
    # The game's cells are square: two lines the other direction's pitch apart are a
    # lattice; two lines at another spacing (a frame, a glow band) are none.
    across = np.array([10.0, 60.0, 110.0])
    placed = _fit_two(np.array([np.nan, 62.0, 112.2]), across)
    assert placed is not None
    np.testing.assert_allclose(placed, [12.1, 62.1, 112.1])
    assert _fit_two(np.array([np.nan, 62.0, 115.0]), across) is None
    assert _fit_two(np.array([12.0, 62.0, 112.0]), across) is None  # three: ``_fit``'s
    assert _fit_two(np.array([np.nan, 62.0, 112.0]), None) is None
