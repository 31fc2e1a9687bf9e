"""Hexagonal boards: the lattice, holes, walls and dots read exactly, or the screen refused;
as screens show them too: thin lines a pixel wide, the colour-blind setting's letters, the
OS's screenshot preview, a tight crop through the outline."""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError, VisionError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape, link
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import sample
from flowbot.vision import _reader as reader_module
from flowbot.vision import read_board

# A 6x6 hexagonal board: corners cut off (holes on its outline), one hexagon inside
# left out, one wall; odd columns half a row higher.
HOLES = frozenset({Cell(0, 0), Cell(5, 5), Cell(0, 5), Cell(2, 3)})
WALL = link(Cell(3, 1), Cell(4, 1))
PUZZLE = Puzzle(
    6,
    6,
    (
        Pair("A", Cell(0, 1), Cell(3, 2)),
        Pair("B", Cell(1, 0), Cell(5, 0)),
        Pair("C", Cell(0, 4), Cell(4, 4)),
        Pair("D", Cell(5, 2), Cell(2, 5)),
    ),
    shape=Shape.HEX,
    holes=HOLES,
    walls=frozenset({WALL}),
).canonical()


def _shot(puzzle: Puzzle, pitch: float, size: tuple[int, int] = (900, 1000)) -> tuple:
    w, h = size
    geometry = HexGeometry.regular(
        left=120, top=150, pitch=pitch, rows=puzzle.rows, cols=puzzle.cols
    )
    image = draw_board(np.zeros((h, w, 3), np.uint8), puzzle, geometry)
    return image, geometry


def test_a_hexagonal_board_is_read_with_its_holes_walls_and_centres() -> None:
    image, geometry = _shot(PUZZLE, pitch=110)
    reading = read_board(image)
    assert reading.puzzle == PUZZLE
    assert reading.puzzle.shape is Shape.HEX
    assert isinstance(reading.geometry, HexGeometry)
    for cell in PUZZLE.cells():
        seen, drawn = reading.geometry.centre(cell), geometry.centre(cell)
        assert math.dist(seen, drawn) < 0.03 * geometry.cell_size


def test_a_hexagonal_board_cut_by_the_image_edge_is_refused() -> None:
    image, geometry = _shot(PUZZLE, pitch=110)
    # Through the middle of the last column: its hexagons are half outside.
    cut = round(geometry.centre(Cell(0, 5)).x)
    with pytest.raises(UnsureReadingError):
        read_board(np.ascontiguousarray(image[:, :cut]))


def test_a_pipe_on_a_hexagonal_board_is_refused() -> None:
    image, geometry = _shot(PUZZLE, pitch=110)
    a, b = geometry.centre(Cell(1, 0)), geometry.centre(Cell(2, 0))
    cv2.line(image, (round(a.x), round(a.y)), (round(b.x), round(b.y)), (255, 0, 0), 30)
    with pytest.raises(UnsureReadingError):
        read_board(image)


def test_a_pointy_topped_lattice_is_no_board_of_the_game() -> None:
    # The game's hexagons are flat-topped, in columns; rows of pointy-topped ones are
    # another lattice: refused, never read.
    for seed in range(3):
        with pytest.raises(VisionError):
            read_board(decoy("flow_hex", seed).image)


@pytest.mark.parametrize("seed", [5001, 5003, 5006])
def test_synthetic_hexagonal_screens_are_exact_or_refused(seed: int) -> None:
    shot = sample("phone", seed, "hex")
    try:
        reading = read_board(shot.image)
    except VisionError:
        return
    assert reading.puzzle == shot.puzzle.canonical()


def test_the_hexagon_search_does_not_run_when_a_square_board_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_hex(*args: object) -> None:
        raise AssertionError("the hexagon search ran")

    monkeypatch.setattr(reader_module, "read_hex", no_hex)
    shot = sample("phone", 1)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def _draw(image: np.ndarray, puzzle: Puzzle, left: float, top: float, pitch: float) -> None:
    geometry = HexGeometry.regular(
        left=left, top=top, pitch=pitch, rows=puzzle.rows, cols=puzzle.cols
    )
    style = RenderStyle(line_width=1 / pitch)  # lines one pixel wide, the outline two
    image[:] = draw_board(image, puzzle, geometry, style=style)


def test_lines_a_pixel_wide_are_told_from_an_outline_two_wide() -> None:
    # The thin lines lie across two pixels in places, as bright in each as half a line:
    # by their peak they look as wide as the outline; by their ink, half as wide.
    image = np.zeros((420, 460, 3), np.uint8)
    _draw(image, PUZZLE, left=60.3, top=50.5, pitch=40)
    assert read_board(image).puzzle == PUZZLE


def test_a_smaller_copy_of_the_board_is_no_second_board() -> None:
    # The OS's screenshot preview: the same board at a quarter of its size in a corner.
    image = np.zeros((700, 620, 3), np.uint8)
    _draw(image, PUZZLE, left=40, top=40, pitch=70)
    _draw(image, PUZZLE, left=420, top=520, pitch=17.5)
    assert read_board(image).puzzle == PUZZLE


def test_a_smaller_board_of_other_dots_is_a_second_board() -> None:
    # One dot a hexagon away from where the big board has it.
    moved = {Cell(3, 2): Cell(4, 2)}
    other = replace(
        PUZZLE,
        pairs=tuple(Pair(p.label, moved.get(p.a, p.a), moved.get(p.b, p.b)) for p in PUZZLE.pairs),
    ).canonical()
    image = np.zeros((700, 620, 3), np.uint8)
    _draw(image, PUZZLE, left=40, top=40, pitch=70)
    _draw(image, other, left=420, top=520, pitch=17.5)
    with pytest.raises(VisionError, match="two boards"):
        read_board(image)


# Screens the reader refused before it measured lines by their ink, read lettered
# dots, took a preview for a copy, or judged an outline a tight crop cuts
# (development seeds, below 200000); before it measured widths in a linear
# channel (a mirror on glow), ended a line's hump where the ground levels off
# (JPEG beside slanted lines) and left out hexagons of no ink closed onto the
# outline (text in a window beside a mirrored phone), and took a preview over the
# ad banner it shows for another board.
@pytest.mark.parametrize(
    ("category", "seed"),
    [
        ("web", 140000),
        ("colour_blind", 140001),
        ("preview", 140000),
        ("crop", 140004),
        ("mirror", 300001),
        ("jpeg", 300003),
        ("mirror", 320009),
        ("preview", 360004),
    ],
)
def test_synthetic_hexagonal_screens_of_each_kind_are_read_exactly(
    category: str, seed: int
) -> None:
    shot = sample(category, seed, variant="hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_a_hexagonal_board_doubted_gives_its_own_doubt_not_a_grid_beside_it() -> None:
    # A third dot of one colour on the hexagonal board, a ruled page beside it: the
    # square search's doubt is about the page, the hexagonal board's about its dots.
    image = np.zeros((600, 1000, 3), np.uint8)
    geometry = HexGeometry.regular(left=40, top=60, pitch=70, rows=6, cols=6)
    image = draw_board(image, PUZZLE, geometry)
    dot, third = geometry.centre(PUZZLE.pairs[0].a), geometry.centre(Cell(2, 1))
    colour = tuple(int(v) for v in image[round(dot.y), round(dot.x)])
    cv2.circle(image, (round(third.x), round(third.y)), 23, colour, -1)
    for i in range(9):
        cv2.line(image, (600 + 40 * i, 100), (600 + 40 * i, 420), (90, 90, 90), 1)
        cv2.line(image, (600, 100 + 40 * i), (920, 100 + 40 * i), (90, 90, 90), 1)
    with pytest.raises(UnsureReadingError, match="9 dots found"):
        read_board(image)
