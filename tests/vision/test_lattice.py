"""Board-level mechanisms: the lattice, its pieces, its edges and its extent."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Puzzle
from flowbot.render import board_geometry, render_board
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import random_puzzle, sample
from flowbot.vision import Settings, read_board
from flowbot.vision._board_lines import check_edges
from flowbot.vision._edges import edge_visibility
from flowbot.vision._lattice import (
    Lattice,
    Run,
    Segment,
    _from_run,
    _joined_pieces,
    _regular,
    find_lattices,
    in_phase,
    runs,
)
from flowbot.vision._search import THIN_ACROSS
from flowbot.vision._types import LineSettings

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])


def as_lattice(x0: float, y0: float, cols: int, rows: int, pitch: float = 40.0) -> Lattice:
    return Lattice(
        tuple(x0 + pitch * i for i in range(cols + 1)),
        tuple(y0 + pitch * j for j in range(rows + 1)),
    )


def test_a_line_at_a_half_pixel_position_is_sampled_whole() -> None:
    # A one-pixel line at column 101 given as 100.5 (a shrunk copy's pixel
    # centre): every pixel around the rounded line is looked at, none skipped.
    image = np.full((200, 200, 3), 30, np.uint8)
    image[:, 101] = 200
    ys = np.array([0.0, 100.0, 199.0])
    at_half, _ = edge_visibility(image, np.array([50.0, 100.5, 151.0]), ys, uncertainty=2)
    exact, _ = edge_visibility(image, np.array([50.0, 101.0, 151.0]), ys, uncertainty=2)
    assert at_half.min() > 0.9 * exact.min() > 0


def test_pieces_of_one_lattice_crossing_make_the_whole_board() -> None:
    rows_piece = as_lattice(10, 10, 8, 3)  # full width, top three rows
    cols_piece = as_lattice(10, 10, 2, 8)  # full height, left two columns
    assert in_phase(rows_piece, cols_piece)
    unions = _joined_pieces([rows_piece, cols_piece], LineSettings())
    assert unions == [as_lattice(10, 10, 8, 8)]


def test_grids_side_by_side_or_out_of_phase_are_not_joined() -> None:
    left, right = as_lattice(0, 0, 4, 4), as_lattice(160, 0, 4, 4)  # in phase, side by side
    assert in_phase(left, right)
    assert _joined_pieces([left, right], LineSettings()) == []
    shifted = as_lattice(14, 0, 4, 8)  # a third of a pitch off
    finer = as_lattice(0, 0, 8, 8, pitch=20)
    assert not in_phase(left, shifted)
    assert not in_phase(left, finer)
    assert _joined_pieces([left, shifted, finer], LineSettings()) == []


def test_two_pieces_a_pitch_apart_over_the_same_rows_make_the_whole_board() -> None:
    # Glow over one whole column hides its crossing lines: the line search
    # finds the columns on either side as two grids, their facing borders
    # (the hidden column's side lines) one pitch apart.
    left, right = as_lattice(10, 10, 2, 9), as_lattice(130, 10.5, 6, 9)
    assert _joined_pieces([left, right], LineSettings()) == [as_lattice(10, 10.25, 9, 9)]
    below = as_lattice(10, 410, 9, 4)  # rows below a hidden row, the same columns
    assert _joined_pieces([as_lattice(10, 10, 9, 9), below], LineSettings()) == [
        as_lattice(10, 10, 9, 14)
    ]
    # Two pitches apart, or over other rows (no border shared): no such board.
    assert _joined_pieces([left, as_lattice(170, 10, 6, 9)], LineSettings()) == []
    assert _joined_pieces([left, as_lattice(130, 90, 6, 5)], LineSettings()) == []


def test_a_shorter_piece_a_pitch_apart_on_the_same_lines_makes_the_whole_board() -> None:
    # Glow over one column and over one side's top rows (jpeg 100761): the
    # line search finds two columns full height and, past the hidden column,
    # four columns over the bottom three rows only. Their lines are the same
    # lines: facing borders one pitch apart, each row line on one of the
    # taller's, the bottom border shared.
    left, right = as_lattice(10, 10, 2, 7), as_lattice(130.5, 170.5, 4, 3)
    (whole,) = _joined_pieces([left, right], LineSettings())
    assert np.allclose(whole.xs, as_lattice(10, 10, 7, 7).xs, atol=1)
    assert whole.ys == left.ys  # the taller's rows
    top = as_lattice(10, 10, 7, 2)  # the same, across: rows above a hidden row
    assert _joined_pieces([top, as_lattice(10, 130, 3, 4)], LineSettings()) == [
        as_lattice(10, 10, 7, 7)
    ]
    # Lines only in phase (a sixth of a pitch off), or no border shared (the
    # shorter piece in the middle rows), or two pitches apart: no such board.
    assert _joined_pieces([left, as_lattice(130, 176, 4, 3)], LineSettings()) == []
    assert _joined_pieces([left, as_lattice(130, 90, 4, 3)], LineSettings()) == []
    assert _joined_pieces([left, as_lattice(170, 170, 4, 3)], LineSettings()) == []


def test_one_line_off_the_pitch_is_put_back_in_step() -> None:
    # A bright window frame 2 px past an invisible border is taken for it:
    # the board's lines are equally spaced, so the fit puts it back.
    seen = [10.0, 19.6, 29.3, 38.9, 48.6, 58.2, 67.9, 79.5]
    fitted = _regular(seen)
    assert abs(fitted[-1] - 77.5) < 0.3
    assert max(abs(a - b) for a, b in zip(fitted[:-1], seen[:-1], strict=True)) < 0.3


def test_a_run_seeded_by_a_text_line_steps_on_at_the_pitch_of_the_lines_found() -> None:
    # A text line 14 px above the top border of a board of pitch 16.1 makes a
    # run of two lines, its pitch 13% short. Stepping down the board at that
    # pitch, each line snaps onto the board's, but the error adds up and the
    # last rows fall out of reach (or a border is guessed pixels off).
    pitch, size = 16.1, 300
    rows = [80 + pitch * j for j in range(8)]
    along = np.zeros((size, size), np.uint8)  # horizontal lines' map
    across = np.zeros((size, size), np.uint8)  # vertical lines' map
    for y in rows:
        along[round(y) - 1 : round(y) + 2, 60:141] = 1
    along[66, 60:141] = 1
    for i in range(6):
        x = round(60 + pitch * i)
        across[79:193, x - 1 : x + 2] = 1
    got = _from_run(Run((66.0, 80.0), 60.0, 140.0), along, across, across * 60, LineSettings())
    assert got is not None
    ys, _ = got
    assert ys[0] == 66.0  # the text line stays in: a band dropped later
    assert np.allclose(ys[1:], rows, atol=1)


def test_lines_a_pixel_off_on_a_tiny_board_are_one_run() -> None:
    # Tiny cells (pitch 21) drawn on whole pixels, the left border cut off at
    # the image edge: three lines a pixel early, so the spacing between two
    # neighbours jumps by 2 px, more than the spacing tolerance of 8%.
    # No line is more than a pixel from the board's: one run of columns.
    size, pitch = 220, 21
    cols = [0, 20, 41, 62, 84, 105, 126, 147, 168, 189]
    rows = [pitch * j for j in range(10)]
    along = np.zeros((size, size), np.uint8)  # horizontal lines' map
    across = np.zeros((size, size), np.uint8)  # vertical lines' map
    for y in rows:
        along[y, : cols[-1] + 1] = 1
    for x in cols:
        across[: rows[-1] + 1, x] = 1
    got = _from_run(
        Run(tuple(map(float, rows)), 0.0, 189.0), along, across, across * 60, LineSettings()
    )
    assert got is not None
    _, xs = got
    assert xs == [float(x) for x in cols]


def test_a_faint_shadow_beside_a_line_does_not_break_the_lattice() -> None:
    # A JPEG shown at full size rings a few pixels beside each line, faint and
    # broken but along most of it: the line search sees one more line there,
    # too near a grid line to be one of the board's.
    puzzle = random_puzzle(np.random.default_rng(11), 7, 7)
    image = render_board(puzzle, cell_px=100, margin_px=4)
    geometry = board_geometry(puzzle, cell_px=100, margin_px=4)
    ringing = np.arange(image.shape[0]) % 120 >= 20
    for x, y in zip(geometry.xs[1:-1:2], geometry.ys[1:-1:2], strict=True):
        for shadow in (image[:, round(x) + 6], image[round(y) + 6]):
            shadow[(shadow.max(axis=1) < 10) & ringing] = 14
    lattices, _ = find_lattices(image.max(axis=2), LineSettings())
    assert lattices
    assert np.allclose(lattices[0].xs, geometry.xs, atol=1)
    assert np.allclose(lattices[0].ys, geometry.ys, atol=1)


def test_lines_dimmed_smoothly_across_the_board_are_no_walls() -> None:
    # Glow brightens one side of the board: its lines fade from strong to faint.
    puzzle = random_puzzle(np.random.default_rng(7), 8, 8)
    board = render_board(puzzle, cell_px=50).astype(np.float32)
    fade = np.linspace(0.35, 1.0, board.shape[1], dtype=np.float32)[None, :, None]
    glow = np.linspace(60, 0, board.shape[1], dtype=np.float32)[None, :, None]
    image = np.clip(board * fade + glow * (board.max(axis=2, keepdims=True) < 80), 0, 255)
    image = cv2.copyMakeBorder(image.astype(np.uint8), 40, 40, 40, 40, cv2.BORDER_CONSTANT)
    assert read_board(image).puzzle == puzzle.canonical()


def test_an_edge_much_brighter_than_its_neighbours_is_a_wall() -> None:
    image = render_board(PUZZLE, cell_px=60)
    geometry = board_geometry(PUZZLE, cell_px=60)
    x, y0, y1 = geometry.xs[2], geometry.ys[1], geometry.ys[3]
    cv2.line(image, (round(x), round(y0)), (round(x), round(y1)), (255, 255, 255), 3)
    _, maps = find_lattices(image.max(axis=2), LineSettings())
    lattice = Lattice(geometry.xs, geometry.ys)
    with pytest.raises(UnsureReadingError, match="wall"):
        check_edges(lattice, maps, image, 1, Settings())


def test_a_plus_shaped_board_is_refused() -> None:
    # Two full-length bars of one lattice: their union's corners hold no lines.
    image = cv2.copyMakeBorder(
        render_board(random_puzzle(np.random.default_rng(3), 9, 9), cell_px=40),
        40, 40, 40, 40, cv2.BORDER_CONSTANT,
    )  # fmt: skip
    geometry = board_geometry(Puzzle(9, 9, ()), cell_px=40).shifted(40, 40)
    xs, ys = geometry.xs, geometry.ys
    for x0, x1 in ((xs[0] - 3, xs[3] - 2), (xs[6] + 3, xs[9] + 3)):
        for y0, y1 in ((ys[0] - 3, ys[3] - 2), (ys[6] + 3, ys[9] + 3)):
            image[round(y0) : round(y1), round(x0) : round(x1)] = 0
    with pytest.raises(UnsureReadingError):
        read_board(image)


def test_a_bigger_grid_without_dots_is_not_the_board() -> None:
    # A ruled page of more cells than the board, far from it: every level has dots.
    page = render_board(Puzzle(10, 10, ()), cell_px=40)
    board = render_board(PUZZLE, cell_px=40)
    image = np.zeros((520, 900, 3), np.uint8)
    image[40 : 40 + board.shape[0], 40 : 40 + board.shape[1]] = board
    image[40 : 40 + page.shape[0], 440 : 440 + page.shape[1]] = page
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_half_solved_board_whose_pipes_hide_most_lines_is_read_whole() -> None:
    # Pipes hide most of the lines past a 3x2 corner of it (and the next line
    # one pitch out): followed through the pipes, the lines give the whole
    # board (once the corner, cut by the lines going on past it, was refused).
    shot = sample("solved", 5033)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        ("mirror", 435),  # lines at half-pixel positions; glow dims the board's top
        ("rectangular", 424),  # glow fades the lines smoothly: no walls
        ("jpeg", 428),  # bright bands break the lines into pieces
        ("rectangular", 408),  # a glow brighter than the lines: they are darker than it
        ("mirror", 566),  # a window frame 7 px past an invisible border
        ("phone_large", 42),  # a glow bar breaks the lines; the pieces are one board
        ("mirror", 80),  # header text one pitch above: dropped with the pieces that reach it
        ("crop", 92196),  # a glow band over two rows: the board found as the pieces either side
        ("zoomed", 96132),  # header text 0.9 pitch above: its run's pitch was a tenth short
        ("jpeg", 100761),  # glow over a column and one side's top rows: pieces of unlike height
    ],
)
def test_synthetic_boards_once_refused_at_board_level(category: str, seed: int) -> None:
    shot = sample(category, seed)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
    pitch = shot.geometry.cell_size
    for found, truth in (
        (reading.geometry.xs, shot.geometry.xs),
        (reading.geometry.ys, shot.geometry.ys),
    ):
        assert np.abs(np.subtract(found, truth)).max() < 0.1 * pitch


def test_lines_sought_as_dark_lines_are_placed_on_the_drawn_lines() -> None:
    # Bright 3 px lines on black at 1/3 scale: sought as dark lines too, the
    # dark gaps beside each crossing's anti-aliasing join the line's piece
    # on one side and widened its box; its middle put the lattice 2-3 px
    # off the lines (a border then looked hidden, a hole's outline unseen).
    image = decoy("flow_holes", 85016).image
    h, w = image.shape[:2]
    small = cv2.resize(image, (w // 3, h // 3), interpolation=cv2.INTER_AREA)
    bright = find_lattices(small, Settings().lines())[0][0]
    dark = find_lattices(small, Settings().lines(), dark=True)[0][0]
    assert len(dark.xs) == len(bright.xs)
    assert len(dark.ys) == len(bright.ys)
    assert np.abs(np.subtract(dark.xs, bright.xs)).max() < 0.5
    assert np.abs(np.subtract(dark.ys, bright.ys)).max() < 0.5


def test_lines_running_on_into_another_windows_rules_stay_in_the_boards_run() -> None:
    # A board's five lines span 0-100; a ruled page flush against its end
    # has rules in line with two of them, which go on to 300. Grouped by
    # extent alone, the board's lines fall into two runs of twice the pitch.
    board = [Segment(float(pos), 0.0, 100.0) for pos in (10, 50, 90)]
    ruled = [Segment(float(pos), 0.0, 300.0) for pos in (30, 70)]
    found = runs(board + ruled, LineSettings())
    assert (10.0, 30.0, 50.0, 70.0, 90.0) in [run.positions for run in found]


def test_a_line_going_on_into_another_window_is_placed_on_the_boards_part() -> None:
    # The page's rules lie 3 px off the board's lines they go on from: each
    # piece is one line whose middle lies between them. Along the board's
    # extent it lies on the board's line; placed at its middle, the run's
    # spacing broke (mirror 95542: a grid 6 px off, refused).
    along = np.zeros((120, 320), np.uint8)
    for row in (10, 30, 50, 70, 90):
        along[row, :101] = 1
    for row in (33, 73):
        along[row, 101:301] = 1
    board = [Segment(float(pos), 0.0, 100.0) for pos in (10, 50, 90)]
    ruled = [Segment(float(pos), 0.0, 300.0) for pos in (31.5, 71.5)]
    found = runs(board + ruled, LineSettings(), along)
    assert (10.0, 30.0, 50.0, 70.0, 90.0) in [run.positions for run in found]


@pytest.mark.parametrize(
    ("category", "seed"), [("jpeg", 98665), ("jpeg", 85099), ("mirror", 95542)]
)
def test_a_board_whose_lines_run_on_into_a_ruled_page_or_header_text_is_found(
    category: str, seed: int
) -> None:
    # Jpeg 98665: a 6x6 board flush against a dark spreadsheet whose rules
    # continue some of its rows (extent to the sheet's edge), header text
    # just above continuing its columns (extent up into the text); jpeg
    # 85099: a 7x7 board against a white editor's ruled lines. No run of
    # one extent held the board's lines: the board was never a candidate.
    # Mirror 95542: an 8x8 board's rows merged with a dark editor's rules
    # a few pixels off; placed at the merged lines' middles, its grid lay
    # 6 px off (refused) until placed along the board's own extent.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_the_last_looks_thin_line_filter_drops_pipes_and_keeps_lines() -> None:
    # A 6x6 grid of one-pixel lines at a 34 px pitch, bands 5 px wide (pipes) along
    # every column's middle: the line filter's usual width keeps the bands as lines,
    # the last look's (THIN_ACROSS) drops them and finds the board's lines alone.
    image = np.full((300, 300), 20, np.uint8)
    for k in range(7):
        image[40 + 34 * k, 40:245] = 90
        image[40:245, 40 + 34 * k] = 90
    for k in range(6):
        image[40:245, 55 + 34 * k : 60 + 34 * k] = 160
    _, usual = find_lattices(image, LineSettings())
    assert usual.vertical[150, 55:60].any()
    lattices, thin = find_lattices(image, LineSettings(), across=THIN_ACROSS)
    assert not thin.vertical[150, 55:60].any()
    assert lattices
    assert lattices[0] == as_lattice(40, 40, 6, 6, pitch=34)
