"""Shrinking empty bands of big boards and stretching the answers back."""

from __future__ import annotations

import pytest

from flowbot.models import Cell, Pair, Puzzle, SolveStatus
from flowbot.solve import solve
from flowbot.solve._engine import _solve
from flowbot.solve._stretch import shrink, stretch


def corners(n: int) -> Puzzle:
    """Four colours from the corners to a 2x2 block in the middle (like the 1002x1002 boards)."""
    h = n // 2
    return Puzzle(
        n,
        n,
        (
            Pair("a", Cell(0, 0), Cell(h - 1, h - 1)),
            Pair("b", Cell(0, n - 1), Cell(h - 1, h)),
            Pair("c", Cell(h, h - 1), Cell(n - 1, 0)),
            Pair("d", Cell(h, h), Cell(n - 1, n - 1)),
        ),
    )


def halves(rows: int, cols: int) -> Puzzle:
    """One colour in the top rows, one in the bottom: nothing crosses the empty band."""
    return Puzzle(
        rows,
        cols,
        (
            Pair("a", Cell(0, 0), Cell(0, cols - 1)),
            Pair("b", Cell(rows - 1, 0), Cell(rows - 1, cols - 1)),
        ),
    )


@pytest.mark.parametrize(
    "puzzle",
    [corners(12), corners(16), corners(30), halves(11, 6), halves(20, 9), halves(9, 16)],
    ids=["corners12", "corners16", "corners30", "halves11x6", "halves20x9", "halves9x16"],
)
def test_stretched_answers_are_valid(puzzle: Puzzle) -> None:
    plan = shrink(puzzle)
    assert plan is not None
    assert plan.puzzle.rows * plan.puzzle.cols < puzzle.rows * puzzle.cols
    found, small = _solve(plan.puzzle, None)
    assert found
    assert small is not None
    grown = stretch(small, plan, puzzle)
    assert grown is not None
    grown.validate()
    assert grown.puzzle == puzzle


def test_no_band_no_shrink() -> None:
    assert shrink(Puzzle.from_grid(["A.B", "A.B"])) is None


def test_a_big_board_is_solved_through_its_shrunk_copy() -> None:
    result = solve(corners(200), timeout=60)
    assert result.status is SolveStatus.SOLVED
    assert result.solution is not None
    result.solution.validate()
