"""Outlined boards read on one board's lines at two pitches: the board is chosen.

A lattice at twice a board's pitch takes every second line: its cells read as
a board of their own, over the same box or straddling the board's outline.
"""

from __future__ import annotations

import pytest

from flowbot.models import BoardGeometry, Cell, link
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._outlined import Outlined, _biggest
from flowbot.vision._outlined_pitch import in_step, walls_along
from flowbot.vision._types import Features


def _grid(x: float, y: float, pitch: float, cols: int, rows: int) -> BoardGeometry:
    return BoardGeometry(
        tuple(x + pitch * i for i in range(cols + 1)), tuple(y + pitch * i for i in range(rows + 1))
    )


def test_a_coarser_lattice_straddling_the_outline_is_not_the_board() -> None:
    # bridges desktop_app 3700000 started: 14x14 cells of 39.4 px; every second line
    # half its pitch off, 7x8 cells reaching a row past the frame above and below.
    board = _grid(1133.0, 312.0, 39.4, 14, 14)
    coarse = _grid(1133.0, 272.6, 78.8, 7, 8)
    assert in_step(board, coarse)
    assert in_step(coarse, board)
    walls = frozenset({link(Cell(4, 2), Cell(4, 3)), link(Cell(5, 0), Cell(5, 1))})
    found = [
        Outlined(board, Features(walls=walls), None),  # type: ignore[arg-type]
        Outlined(coarse, Features(walls=frozenset({link(Cell(2, 1), Cell(2, 2))})), None),  # type: ignore[arg-type]
    ]
    assert coarse.area > board.area
    assert not walls_along(found[0], coarse)
    assert _biggest(found).geometry == board


def test_a_lattice_out_of_step_or_elsewhere_is_another_board() -> None:
    board = _grid(100.0, 100.0, 40.0, 10, 10)
    assert not in_step(board, _grid(120.0, 100.0, 80.0, 5, 5))  # half the finer pitch off
    assert not in_step(board, _grid(900.0, 100.0, 80.0, 5, 5))  # apart
    assert not in_step(board, _grid(100.0, 100.0, 60.0, 6, 6))  # no whole ratio


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state"),
    [
        ("bridges", "desktop_app", 3700000, "started"),  # the coarser straddles the frame
        ("bridges", "desktop_app", 3700000, "solved"),
        ("walls", "mirror", 330002, "started"),  # the coarser over the same box
    ],
)
def test_a_board_read_at_twice_its_pitch_too_is_read_at_its_own(
    variant: str, category: str, seed: int, state: str
) -> None:
    shot = sample(category, seed, variant, state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
