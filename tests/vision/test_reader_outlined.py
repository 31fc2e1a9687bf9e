"""Boards with an outline (shaped boards, holes inside, walls): read exactly, or refused.

The game draws the outline and walls as one bright line in the lines' hue,
holes as plain background (``flowbot.look``); the screens here are drawn so.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.formats import parse_puzzles
from flowbot.models import Puzzle
from flowbot.screens.synthetic import ShotOptions, sample, synthesize
from flowbot.vision import read_board
from flowbot.vision._outline_edges import Inks, Kind, classify


def _board(text: str) -> Puzzle:
    [named] = parse_puzzles(text)
    return named.puzzle


SHAPED = _board(
    """square
##A.B...
#.......
....##C.
..D.##..
A.......
....B..C
.D.....#
......##
"""
)

WALLED = _board(
    """square
A......B
..C.....
........
...D..C.
.....D..
.B......
........
A.......
wall 2,2 2,3 3,2 3,3 4,2 4,3 2,5 3,5 5,5 5,6 5,6 6,6
"""
)


def _shot(puzzle: Puzzle, seed: int, **options: object) -> np.ndarray:
    return synthesize(puzzle, seed=seed, options=ShotOptions(**options)).image  # type: ignore[arg-type]


@pytest.mark.parametrize("puzzle", [SHAPED, WALLED], ids=["shaped", "walled"])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_board_with_an_outline_is_read_exactly(puzzle: Puzzle, seed: int) -> None:
    reading = read_board(_shot(puzzle, seed))
    assert reading.puzzle == puzzle.canonical()
    assert reading.puzzle.holes == puzzle.holes
    assert reading.puzzle.walls == puzzle.walls
    assert any("outline" in note for note in reading.notes)
    # Plain ints, as every cell is (``extract --json`` writes them).
    cells = [*reading.puzzle.holes, *(c for w in reading.puzzle.walls for c in w)]
    assert all(type(v) is int for cell in cells for v in cell)


def test_a_board_with_an_outline_is_read_through_jpeg() -> None:
    reading = read_board(_shot(SHAPED, 3, jpeg_quality=70))
    assert reading.puzzle == SHAPED.canonical()


def test_a_line_drawn_between_two_holes_is_refused() -> None:
    # Holes are plain background: a line inside one is something else.
    image = _shot(SHAPED, 0, glow=0.0)
    reading = read_board(image)
    g = reading.geometry
    x = round(g.xs[5])
    y0, y1 = round(g.ys[2] + 0.15 * g.cell_size), round(g.ys[4] - 0.15 * g.cell_size)
    cv2.line(image, (x, y0), (x, y1), (120, 120, 120), 2)
    with pytest.raises(VisionError):
        read_board(image)


@pytest.mark.parametrize("cut", [0.5, 1.3])
def test_a_board_cut_by_the_image_edge_is_never_read_wrong(cut: float) -> None:
    image = _shot(SHAPED, 1, glow=0.2)
    g = read_board(image).geometry
    cropped = np.ascontiguousarray(image[:, : round(g.xs[-1] - cut * g.cell_size)])
    with pytest.raises(VisionError):
        read_board(cropped)


def test_edges_fall_into_nothing_lines_and_outline() -> None:
    # Inks (log10) of a board: lines near 2.3, outline near 3.1, nothing near 0.
    vertical = np.array([[0.1, 2.3, 3.1, 2.25, 2.7], [2.35, 3.05, 0.2, 2.3, 1.8]])
    horizontal = np.array([[2.28, 2.31, 3.2, 0.0]])
    peaks = (vertical - 0.7, horizontal - 0.7)
    inks = Inks(vertical, horizontal, *peaks, vertical, horizontal, *peaks, 3)
    kinds = classify(inks, np.array([2.3, 2.25, 2.35, 2.28, 2.31, 3.1]))
    assert kinds is not None
    assert kinds.vertical.tolist() == [
        [Kind.NONE, Kind.LINE, Kind.OUTLINE, Kind.LINE, Kind.DOUBT],
        [Kind.LINE, Kind.OUTLINE, Kind.NONE, Kind.LINE, Kind.LINE],
    ]
    assert kinds.horizontal.tolist() == [[Kind.LINE, Kind.LINE, Kind.OUTLINE, Kind.NONE]]


def test_no_outline_without_edges_far_heavier_than_the_lines() -> None:
    inks = np.array([[2.3, 2.4, 2.5, 0.1, 2.2]])
    assert classify(Inks(*8 * (inks,), 3), np.array([2.3, 2.3, 2.4, 2.2])) is None


def test_a_doubtful_edge_is_told_by_its_colour_only_when_a_line_or_the_outline() -> None:
    # Lines 10^2.3 of ink, their brightest pixel 10^2.0; the outline 10^3.1 and
    # 10^2.4. Three edges between (10^2.7): one of a line's colour (heavier on a
    # dark ground), one of the outline's, one whiter than either.
    ink = np.array([[2.3, 2.3, 2.3, 3.1, 3.1, 3.1, 2.7, 2.7, 2.7]])
    top = np.array([[2.0, 2.0, 2.0, 2.4, 2.4, 2.4, 2.02, 2.38, 2.6]])
    none = np.zeros((1, 1))
    inks = Inks(ink, none, ink - 0.7, none, top, none, ink - 0.7, none, 3)
    kinds = classify(inks, np.array([2.3, 2.3, 2.3, 2.3]))
    assert kinds is not None
    assert kinds.vertical[0, 6:].tolist() == [Kind.LINE, Kind.OUTLINE, Kind.DOUBT]


def test_the_lines_colour_is_the_grid_founds_not_other_windows_ruled_lines() -> None:
    # The board's lines (the first six edges, the grid found's) 10^2.3 of ink, their
    # brightest pixel 10^2.0; the outline 10^3.1 and 10^2.4; an editor's ruled lines
    # off the board (the next eight) a line's ink, light on their page (10^2.35). A
    # doubtful edge on the board (10^2.7) of the board's lines' colour is a line.
    ink = np.array([[2.3] * 6 + [2.3] * 8 + [3.1] * 3 + [2.7]])
    top = np.array([[2.0] * 6 + [2.35] * 8 + [2.4] * 3 + [2.0]])
    none = np.zeros((1, 1))
    inks = Inks(ink, none, ink - 0.7, none, top, none, ink - 0.7, none, 3)
    inner = np.zeros(ink.size + 1, bool)
    inner[:6] = inner[17] = True
    everywhere = classify(inks, ink.ravel()[:6])
    assert everywhere is not None
    assert everywhere.vertical[0, 17] == Kind.DOUBT
    on_board = classify(inks, ink.ravel()[:6], inner)
    assert on_board is not None
    assert on_board.vertical[0, 17] == Kind.LINE


@pytest.mark.parametrize(
    ("category", "seed", "variant", "why"),
    [
        ("twins", 100009, "holes", "a glow shaft's broad hump between two holes: no line"),
        ("tiny_cells", 100007, "walls", "glow between two holes in 9 px cells"),
        ("phone", 300003, "holes", "grey lines over warm glow show in blue only"),
        ("rectangular", 100005, "walls", "a light shaft over the lines: they show in colour"),
        ("jpeg", 100002, "warps", "lines over a lighter violet ground, through JPEG"),
        ("jpeg", 300004, "holes", "cells walled off in a corner flush with the image's edge"),
        ("crop", 340014, "holes", "a glow band's edge between two holes: a step, no line"),
        ("mirror", 320005, "holes", "a white window flush against the frame"),
        ("mirror", 320036, "walls", "text's strokes boxing two cells in apart from the board"),
        ("crop", 350021, "holes", "the image's edge through the middle of the frame"),
        ("zoomed", 350010, "walls", "a window's edge under text below the board: a step, no line"),
    ],
)
def test_edges_under_glow_are_judged_as_drawn(
    category: str, seed: int, variant: str, why: str
) -> None:
    shot = sample(category, seed, variant)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical(), why
