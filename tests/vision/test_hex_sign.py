"""A hexagonal board is read before the square search's slower looks: its first copy shows
hexagons drawn whole and no square board. A square board never shows that sign, and a sign
that reads no hexagonal board leaves the square search to run on as before."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape
from flowbot.render import draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import _reader as reader_module
from flowbot.vision import read_board
from flowbot.vision._hex_sign import HexagonsSeenError
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
