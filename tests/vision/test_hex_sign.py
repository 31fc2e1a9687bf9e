"""A hexagonal board is read before the square search's slower looks: its first copy shows
hexagons drawn whole and no square board. A square board never shows that sign, and a sign
that reads no hexagonal board leaves the square search to run on as before."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape
from flowbot.render import draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import _reader as reader_module
from flowbot.vision import read_board
from flowbot.vision._colour import brightest_channel
from flowbot.vision._grid import MIN_BOARD_SIDE, shrunk
from flowbot.vision._hex_board import found_hexagons
from flowbot.vision._hex_lattice import find_hex_lattices
from flowbot.vision._hex_pipes import Crossings
from flowbot.vision._hex_sign import LEAST_DRAWN, HexagonsSeenError, hexagons_seen
from flowbot.vision._search import find_boards
from flowbot.vision._types import DEFAULT_SETTINGS

PUZZLE = Puzzle(
    6,
    6,
    (
        Pair("A", Cell(0, 1), Cell(3, 2)),
        Pair("B", Cell(1, 0), Cell(5, 0)),
        Pair("C", Cell(0, 4), Cell(4, 4)),
    ),
    shape=Shape.HEX,
    holes=frozenset({Cell(0, 0), Cell(5, 5)}),
).canonical()


def _hexagonal() -> np.ndarray:
    geometry = HexGeometry.regular(left=120, top=150, pitch=80, rows=6, cols=6)
    return draw_board(np.zeros((900, 800, 3), np.uint8), PUZZLE, geometry)


def test_a_hexagonal_board_stops_the_square_search_after_its_first_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_outlined(*args: object) -> None:
        raise AssertionError("the square search ran on to the outlined boards' stage")

    monkeypatch.setattr(reader_module, "outlined_board", no_outlined)
    with pytest.raises(HexagonsSeenError):
        next(find_boards(_hexagonal(), DEFAULT_SETTINGS))
    assert read_board(_hexagonal()).puzzle == PUZZLE


@pytest.mark.parametrize(("category", "seed"), [("phone", 1), ("desktop_app", 300001)])
def test_square_boards_show_no_hexagons(category: str, seed: int) -> None:
    # (the desktop's board has small cells: a hexagon lattice of their pitch closes
    # hexagons along a column or two, never one with all six around it)
    shot = sample(category, seed)
    boards = find_boards(shot.image, DEFAULT_SETTINGS)
    assert next(boards)[0].rows == shot.puzzle.rows


def test_a_sign_that_reads_no_hexagonal_board_leaves_the_square_search_to_run_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import flowbot.vision._search as search  # noqa: PLC0415

    monkeypatch.setattr(search, "hexagons_seen", lambda *args: True)
    monkeypatch.setattr(reader_module, "read_hex", lambda *args: None)
    # A walled board: refused by the square search's first copy (walls), so the sign
    # is asked; wrong, the board reads as before.
    shot = sample("phone", 300002, "walls")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


# Started and finished boards: the flows' bands hide the sides they cross, and a finished
# board's dots lie in their flows (the first two: no pairs of dots apart; mirror, its lines
# too fine in the whole screen's copy; colour_blind, no flows found apart either: the
# whole screen's copy).
PIPED_HEX = [
    ("solved", "mirror", 300001),
    ("solved", "jpeg", 300000),
    ("solved", "colour_blind", 300000),
    ("started", "rectangular", 300001),
]


@pytest.mark.parametrize(("state", "category", "seed"), PIPED_HEX)
def test_a_hexagonal_board_with_pipes_drawn_stops_the_square_search_after_its_first_copy(
    monkeypatch: pytest.MonkeyPatch, state: str, category: str, seed: int
) -> None:
    def no_outlined(*args: object) -> None:
        raise AssertionError("the square search ran on to the outlined boards' stage")

    monkeypatch.setattr(reader_module, "outlined_board", no_outlined)
    shot = sample(category, seed, "hex", state)
    with pytest.raises(HexagonsSeenError):
        next(find_boards(shot.image, DEFAULT_SETTINGS))
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(
    ("variant", "state", "category", "seed"),
    [
        ("classic", "solved", "phone", 300000),
        ("classic", "started", "mirror", 300000),
        ("walls", "solved", "rectangular", 300000),
        ("walls", "solved", "web", 300000),
        ("holes", "started", "jpeg", 300000),
    ],
)
def test_square_boards_with_pipes_drawn_show_no_hexagons(
    variant: str, state: str, category: str, seed: int
) -> None:
    # (a pipe crossing a false lattice's side counts as drawn there too: the square
    # board's lines still close no hexagon with all six around it)
    image = sample(category, seed, variant, state).image
    gray = brightest_channel(image)
    first = shrunk(gray, math.ceil(max(gray.shape) / DEFAULT_SETTINGS.work_size))
    assert not hexagons_seen(image, gray, first, DEFAULT_SETTINGS)


def test_pipes_are_looked_for_only_round_hexagons_they_may_close() -> None:
    # A flow crosses two sides of a cell: hexagons with fewer than four drawn are no
    # cells, and leaving their sides unasked finds the same hexagons.
    settings = DEFAULT_SETTINGS
    shot = sample("drift", 300000, "hex", "solved")
    gray = brightest_channel(shot.image)
    min_side = MIN_BOARD_SIDE * settings.min_cell_px
    found_in = find_hex_lattices(
        shot.image, settings.work_size, settings.line_contrast, min_side, flows=True
    )
    lattice = next(iter(found_in))

    def found(least: int) -> list[frozenset[tuple[int, int]]]:
        crossings = Crossings(shot.image, settings.pipe_contrast, least_drawn=least)
        pieces = found_hexagons(gray, lattice, settings.line_contrast, crossings)
        return [piece.cells for piece in pieces]

    everywhere = found(0)
    playable = shot.puzzle.rows * shot.puzzle.cols - len(shot.puzzle.holes)
    assert len(everywhere[0]) >= playable  # (the finished board's cells, all closed)
    assert found(LEAST_DRAWN) == everywhere
