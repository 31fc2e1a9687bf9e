"""read_board on rendered boards: each stage, then the whole reading."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Puzzle
from flowbot.render import RenderStyle, board_geometry, draw_board, render_board
from flowbot.screens.synthetic import random_puzzle, sample, snake_solution
from flowbot.vision import ALREADY_SOLVED, Settings, UnsureBoardError, read_board
from flowbot.vision._cells import sample_cells
from flowbot.vision._lattice import find_lattices
from flowbot.vision._pairing import pair_by_colour
from flowbot.vision._types import LineSettings

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])

#: Near twins the game uses side by side: blue / navy / indigo, green / lime,
#: pink / magenta, maroon / brown, grey / white / lavender.
TWINS = (
    (20, 41, 245), (51, 47, 193), (75, 0, 130), (61, 137, 40), (117, 249, 77),
    (234, 117, 175), (234, 53, 193), (151, 52, 48), (140, 90, 50), (166, 166, 166),
    (255, 255, 255), (190, 170, 230),
)  # fmt: skip


def _pad(image: np.ndarray, px: int) -> np.ndarray:
    """The board on a larger black screen."""
    return cv2.copyMakeBorder(image, px, px, px, px, cv2.BORDER_CONSTANT, value=(0, 0, 0))


def test_lattice_found_with_its_size() -> None:
    image = render_board(PUZZLE, cell_px=40)
    lattices, _ = find_lattices(image.max(axis=2), LineSettings())
    assert lattices
    assert (len(lattices[0].ys) - 1, len(lattices[0].xs) - 1) == (5, 5)


def test_reads_a_rendered_board_with_its_geometry() -> None:
    image = _pad(render_board(PUZZLE, cell_px=60), 100)
    reading = read_board(image)
    assert reading.puzzle == PUZZLE.canonical()
    want = board_geometry(PUZZLE, cell_px=60).shifted(100, 100)
    assert np.allclose(reading.geometry.xs, want.xs, atol=2.5)
    assert np.allclose(reading.geometry.ys, want.ys, atol=2.5)
    assert 0.5 <= reading.confidence <= 1.0
    assert len(reading.colours) == 4


@pytest.mark.parametrize(
    ("rows", "cols", "cell_px"),
    [(5, 5, 250), (7, 10, 20), (15, 15, 28), (14, 18, 60), (10, 10, 45)],
)
def test_sizes_and_scales(rows: int, cols: int, cell_px: int) -> None:
    puzzle = random_puzzle(np.random.default_rng(rows * cols), rows, cols)
    image = _pad(render_board(puzzle, cell_px=cell_px), 37)
    assert read_board(image).puzzle == puzzle.canonical()


def test_near_twin_colours_are_told_apart() -> None:
    puzzle = random_puzzle(np.random.default_rng(7), 12, 12, n_pairs=len(TWINS))
    image = _pad(render_board(puzzle, cell_px=50, colours=TWINS), 20)
    assert read_board(image).puzzle == puzzle.canonical()


def test_jpeg_artefacts() -> None:
    puzzle = random_puzzle(np.random.default_rng(3), 9, 9, n_pairs=9)
    image = _pad(render_board(puzzle, cell_px=70), 60)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    jpeg = cv2.imdecode(data, cv2.IMREAD_COLOR)
    assert read_board(jpeg).puzzle == puzzle.canonical()


def test_tight_crop_without_margin() -> None:
    image = render_board(PUZZLE, cell_px=80, margin_px=0)
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_solved_board_is_read_through_its_pipes() -> None:
    solution = snake_solution(np.random.default_rng(1), 6, 6, 4)
    image = _pad(render_board(solution.puzzle, solution, cell_px=60), 50)
    reading = read_board(image)
    assert reading.puzzle == solution.puzzle.canonical()
    assert ALREADY_SOLVED in reading.notes


def test_pairing_refuses_odd_and_lookalike_colours() -> None:
    lab = np.array([[50, 80, 60], [20, 0, 0], [51, 79, 60]], float)
    with pytest.raises(UnsureReadingError, match="odd"):
        pair_by_colour(lab, noise=2, min_margin=2)
    close = np.array([[50, 0, 0], [52, 0, 0], [55, 0, 0], [57, 0, 0]], float)
    with pytest.raises(UnsureReadingError):
        pair_by_colour(close, noise=2, min_margin=2.5)


def test_pairing_refuses_two_colours_as_twins() -> None:
    # A lone pair of two colours (green, blue) is no pair, however far any other dot is.
    lab = np.array([[50, -50, 50], [30, 60, -100]], float)
    with pytest.raises(UnsureReadingError, match="different colours"):
        pair_by_colour(lab, noise=4, min_margin=2.5)
    same = np.array([[50, -50, 50], [53, -49, 48]], float)  # JPEG-like noise: one colour
    assert pair_by_colour(same, noise=4, min_margin=2.5).pairs == ((0, 1),)


def test_a_grid_smaller_than_any_board_is_refused() -> None:
    # The game's boards are 5x5 at least: 4 rows is a cut board or something else.
    puzzle = Puzzle.from_grid(["A.B..C", "......", "..B...", "A....C"])
    image = _pad(render_board(puzzle, cell_px=60), 40)
    with pytest.raises(UnsureReadingError, match="smaller than any Flow board"):
        read_board(image)


def test_settings_are_frozen_and_used() -> None:
    settings = Settings(colour_tolerance=6.0)
    with pytest.raises(AttributeError):
        settings.colour_tolerance = 1.0  # type: ignore[misc]
    image = _pad(render_board(PUZZLE, cell_px=60), 30)
    assert read_board(image, settings).puzzle == PUZZLE.canonical()


def test_lines_seen_by_colour_on_a_band_as_bright_as_they_are() -> None:
    # Grey lines over a purple glow band about as bright as they are: the
    # line map misses them there, their colour still shows every edge.
    puzzle = random_puzzle(np.random.default_rng(11), 9, 9, n_pairs=6)
    geometry = board_geometry(puzzle, cell_px=50, margin_px=30)
    canvas = np.zeros((520, 520, 3), np.uint8)
    canvas[200:320, 150:240] = (94, 64, 107)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 12)  # glow is soft
    style = RenderStyle(line_colour=(103, 96, 103), line_width=0.04)
    image = draw_board(canvas, puzzle, geometry, style=style)
    assert read_board(image).puzzle == puzzle.canonical()


def test_header_text_above_the_board_is_no_grid_row() -> None:
    # A line of text about as wide as the board, one pitch above it, must not
    # be taken for the board's top line (which then misses its inner edges).
    puzzle = random_puzzle(np.random.default_rng(5), 8, 8)
    image = _pad(render_board(puzzle, cell_px=30, margin_px=0), 60)
    cv2.putText(
        image, "Level 12 =======", (60, 32), cv2.FONT_HERSHEY_SIMPLEX, 0.75, (200, 200, 200), 2
    )
    assert read_board(image).puzzle == puzzle.canonical()


def test_lines_found_by_colour_across_a_band_as_bright_as_they_are() -> None:
    # A full-height band hides three lines from the brightest channel: the
    # colour copy (lines brighter in the green channel) still finds the grid.
    puzzle = random_puzzle(np.random.default_rng(11), 9, 9, n_pairs=6)
    geometry = board_geometry(puzzle, cell_px=50, margin_px=30)
    canvas = np.zeros((520, 520, 3), np.uint8)
    canvas[:, 150:240] = (94, 64, 107)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 12)
    style = RenderStyle(line_colour=(103, 96, 103), line_width=0.04)
    reading = read_board(draw_board(canvas, puzzle, geometry, style=style))
    assert reading.puzzle == puzzle.canonical()
    assert np.allclose(reading.geometry.xs, geometry.xs, atol=1.5)


def test_rows_hidden_by_glow_are_not_cut_off() -> None:
    # Glow over the top rows hides their lines from the brightest channel; the
    # grid below must not be read as the whole board (its lines run on by colour).
    puzzle = random_puzzle(np.random.default_rng(4), 9, 9, n_pairs=6)
    geometry = board_geometry(puzzle, cell_px=50, margin_px=30)
    canvas = np.zeros((520, 520, 3), np.uint8)
    canvas[:150] = (94, 64, 107)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 6)
    style = RenderStyle(line_colour=(103, 96, 103), line_width=0.04)
    reading = read_board(draw_board(canvas, puzzle, geometry, style=style))
    assert reading.puzzle == puzzle.canonical()


def test_a_refusal_after_the_grid_was_found_carries_that_grid() -> None:
    image = _pad(render_board(PUZZLE, cell_px=60), 100)
    want = board_geometry(PUZZLE, cell_px=60).shifted(100, 100)
    x0, y0 = round(want.xs[0]), round(want.ys[0])
    image[y0 + 5 : y0 + 55, x0 + 5 : x0 + 55] = image[y0 + 3, x0 + 3]  # dot (0, 0) rubbed out
    with pytest.raises(UnsureBoardError, match="odd") as refused:
        read_board(image)
    assert np.allclose(refused.value.geometry.xs, want.xs, atol=2.5)
    assert np.allclose(refused.value.geometry.ys, want.ys, atol=2.5)


def test_soft_glow_ending_on_an_empty_cell_is_no_dot() -> None:
    # The end of a glow bar of the animated background, centred on empty cell
    # (1, 1): between the empty and dot contrasts, yet far fainter than any dot
    # and running out to the cell's edge as no dot does.
    geometry = board_geometry(PUZZLE, cell_px=60, margin_px=40)
    canvas = np.zeros((380, 380, 3), np.uint8)
    x, y = (round(v) for v in geometry.centre(Cell(1, 1)))
    cv2.line(canvas, (x, y), (x, 380), (0, 50, 35), 36)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 4)
    assert read_board(draw_board(canvas, PUZZLE, geometry)).puzzle == PUZZLE.canonical()


@pytest.mark.parametrize("cell_px", [12.0, 13.5, 19.3, 250.0])
def test_every_ring_sector_is_sampled_at_any_cell_size(cell_px: float) -> None:
    # An empty sector would give NaN colours, and NaN never counts as a pipe.
    geometry = BoardGeometry.uniform(
        left=3, top=3, width=5 * cell_px, height=5 * cell_px, rows=5, cols=5
    )
    image = np.full((round(5 * cell_px) + 8, round(5 * cell_px) + 8, 3), 40, np.uint8)
    assert np.isfinite(sample_cells(image, geometry).sector_lab).all()


@pytest.mark.parametrize(
    ("category", "seed"), [("jpeg", 57), ("jpeg", 111), ("mirror", 111), ("drift", 204)]
)
def test_lines_beside_the_border_at_another_contrast_are_no_run_on(
    category: str, seed: int
) -> None:
    # The border line is invisible against a window that touches the board:
    # the faint JPEG ripples of a white window's text (jpeg, mirror) or an
    # editor's bright ruled lines (drift) line up with the grid's rows, but at
    # a contrast unlike theirs inside, so the grid does not go on there.
    shot = sample(category, seed)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
    pitch = shot.geometry.xs[1] - shot.geometry.xs[0]
    assert np.allclose(reading.geometry.xs, shot.geometry.xs, atol=0.1 * pitch)
