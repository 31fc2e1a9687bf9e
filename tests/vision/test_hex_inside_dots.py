"""The hexagons empty inside: with pipes drawn, the dots' hexagons are not judged (a started
board may leave only its unlinked dots unpiped, and a dot's rim crosses every ray)."""

from __future__ import annotations

import numpy as np

from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape
from flowbot.render import draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision._hex_inside import _dotted
from flowbot.vision._hex_reader import read_hex
from flowbot.vision._types import DEFAULT_SETTINGS
from tests.vision.conftest import ReadsExactly

PUZZLE = Puzzle(
    5,
    5,
    (Pair("A", Cell(0, 0), Cell(4, 4)), Pair("B", Cell(0, 4), Cell(4, 0))),
    shape=Shape.HEX,
).canonical()


def test_a_hexagon_holding_a_dot_is_told_from_an_empty_one() -> None:
    geometry = HexGeometry.regular(left=30, top=30, pitch=60, rows=5, cols=5)
    image = draw_board(np.zeros((400, 340, 3), np.uint8), PUZZLE, geometry)
    dots = [Cell(0, 0), Cell(4, 4), Cell(0, 4), Cell(4, 0)]
    empty = [Cell(2, 2), Cell(1, 3), Cell(3, 1)]
    centres = np.array([geometry.centre(cell) for cell in dots + empty], np.float64)
    found = _dotted(image, centres, geometry.row_step)
    assert list(found) == [True] * len(dots) + [False] * len(empty)


def test_a_started_board_whose_unpiped_hexagons_are_all_dots_is_read() -> None:
    # A desktop app's started board: every hexagon but two unlinked dots' is piped, and
    # their large dots' rims lit every ray across them: "the hexagons found hold lines
    # inside them" on every lattice tried.
    shot = sample("desktop_app", 3500001, "hex", "started")
    reading = read_hex(shot.image, DEFAULT_SETTINGS)
    assert reading is not None
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_lettered_dot_is_told_by_the_colour_round_its_letter(reads_exactly: ReadsExactly) -> None:
    # A bold letter fills half a small dot's centre: the median there is a mix seen
    # nowhere round the dot, so the dot was taken for lines inside an empty hexagon and
    # every lattice turned down (session 45's start, held-out seed 5900000, since used).
    reads_exactly("colour_blind", 5900000, "hex", "started")
