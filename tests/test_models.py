from __future__ import annotations

import pytest

from flowbot.errors import InvalidPuzzleError, InvalidSolutionError
from flowbot.models import BoardGeometry, Cell, Point, Puzzle, Solution


def test_grid_round_trip_keeps_labels_and_order() -> None:
    grid = ("R.G", "...", "G.R")
    puzzle = Puzzle.from_grid(grid)
    assert [p.label for p in puzzle.pairs] == ["R", "G"]
    assert puzzle.to_grid() == grid


@pytest.mark.parametrize(
    ("grid", "problem"),
    [
        (["A.", "..."], "row 2 has 3 cells"),
        (["A.."], "appears 1 time"),
        (["AAA"], "appears 3 times"),
        ([], "empty grid"),
    ],
)
def test_bad_grids_are_refused(grid: list[str], problem: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=problem):
        Puzzle.from_grid(grid)


def test_canonical_form_names_pairs_in_reading_order() -> None:
    assert Puzzle.from_grid(["z.y", "y.z"]).canonical() == Puzzle.from_grid(["A.B", "B.A"])


def _solution(grid: list[str], paths: list[list[tuple[int, int]]]) -> Solution:
    puzzle = Puzzle.from_grid(grid)
    return Solution(puzzle, tuple(tuple(Cell(*c) for c in p) for p in paths))


def test_valid_solution_passes_and_fills_grid() -> None:
    s = _solution(["A.B", "A.B"], [[(0, 0), (1, 0)], [(0, 2), (0, 1), (1, 1), (1, 2)]])
    s.validate()
    assert s.grid() == ("ABB", "ABB")


@pytest.mark.parametrize(
    ("paths", "problem"),
    [
        ([[(0, 0), (1, 0)], [(0, 2), (1, 1), (1, 2)]], "jumps"),
        ([[(0, 0), (0, 1), (1, 1), (1, 0)], [(0, 2), (0, 1), (1, 2)]], "is on path"),
        ([[(0, 0), (1, 0)], [(0, 2), (0, 1)]], "does not join"),
    ],
)
def test_broken_solutions_are_caught(paths: list[list[tuple[int, int]]], problem: str) -> None:
    with pytest.raises(InvalidSolutionError, match=problem):
        _solution(["A.B", "A.B"], paths).validate()


def test_touching_is_detected() -> None:
    # A U-turn: cells (0,0) and (1,0) are side by side but not consecutive.
    s = _solution(["A..", "...", "A.."], [[(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0)]])
    with pytest.raises(InvalidSolutionError):
        s.validate()  # (2,1) and (2,2) are empty
    assert s.touches_itself()


def test_geometry_centres_and_bounds() -> None:
    g = BoardGeometry.uniform(left=0, top=0, width=100, height=50, rows=2, cols=4)
    assert (g.rows, g.cols) == (2, 4)
    assert g.centre(Cell(1, 3)) == Point(87.5, 37.5)
    assert g.contains(Point(100, 50))
    assert not g.contains(Point(100.5, 10))
    with pytest.raises(ValueError, match="increasing"):
        BoardGeometry((0.0, 0.0), (0.0, 1.0))
