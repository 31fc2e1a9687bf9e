"""The slack bound of counts (``Model.slack_bound``): sound, and tight where paths run straight."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from pysat.solvers import Solver

import flowbot.solve._engine as engine
from flowbot.generate import generate
from flowbot.models import Cell, Pair, Puzzle
from flowbot.solve import solutions
from flowbot.solve._grid import Grid
from flowbot.solve._sat import Model, _distances


def _listed(puzzle: Puzzle, bound: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[set, bool]:
    monkeypatch.setattr(engine, "SLACK_BOUND", bound)
    monkeypatch.setattr(engine, "SLACK_BOUND_NODES", 0)  # small boards too
    listed = solutions(puzzle, 40)
    return {s.paths for s in listed.found}, listed.exact


@pytest.mark.parametrize(
    "options",
    [
        {"touching": True},
        {"touching": True, "holes": 3},
        {"touching": True, "warps": 2},
        {"touching": True, "bridges": 1},
        {"walls": 3},
        {"hexagonal": True, "touching": True},
    ],
)
def test_the_bound_never_changes_what_a_count_lists(
    options: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Boards with many solutions, paths touching themselves among them: the
    # same solutions with the bound as without (it only says what every
    # solution already does).
    bounded = 0
    for seed in range(6):
        made = generate(5, 5, 4, seed=seed, **options)
        model = Model(made.puzzle)
        before = sum(map(len, model.clauses))
        model.slack_bound()
        bounded += sum(map(len, model.clauses)) > before  # the bound says something here
        with_bound = _listed(made.puzzle, True, monkeypatch)
        assert with_bound == _listed(made.puzzle, False, monkeypatch)
        assert made.solution.paths in with_bound[0] or not with_bound[1]
    assert bounded


def _rows(rows: int, cols: int) -> Puzzle:
    pairs = tuple(Pair(str(r), Cell(r, 0), Cell(r, cols - 1)) for r in range(rows))
    return Puzzle(rows, cols, pairs)


def test_straight_rows_leave_no_slack_and_each_colour_its_row() -> None:
    puzzle = _rows(4, 6)
    model = Model(puzzle)
    assert model.slack_bound() == 0
    # every solution is the rows: colour k on row k only (solve with a cell of
    # row 1 forced to colour 2's number: impossible under the bound's clauses)
    bits = model.colour_bits
    code = [(2 >> j) & 1 for j in range(bits.shape[1])]
    node = 1 * 6 + 3
    forced = [int(v) if c else -int(v) for v, c in zip(bits[node], code, strict=True)]
    clauses = [c for block in model.clauses for c in block.tolist()]
    with Solver(name="minisat22", bootstrap_with=clauses) as sat:
        assert not sat.solve(assumptions=forced)
    assert len(solutions(puzzle, 3).found) == 1


def _dots(grid: Grid) -> list[np.ndarray]:
    """Each pair's two dot nodes, in pair order."""
    return [np.flatnonzero(grid.colour == k) for k in range(int(grid.colour.max()) + 1)]


def test_other_pairs_dots_are_walls_to_the_distances() -> None:
    # A's dots lie 2 apart, but B's dot stands between them: A goes round it (4 steps).
    puzzle = Puzzle(3, 3, (Pair("A", Cell(0, 0), Cell(0, 2)), Pair("B", Cell(0, 1), Cell(2, 1))))
    grid = Grid.of(puzzle)
    far = _distances(grid, _dots(grid))
    a, b = (int(np.flatnonzero(grid.colour == 0)[i]) for i in (0, 1))
    assert far[0, b] == 4
    assert far[1, a] == 4
    # the free cells: 9 - (4 + 1) - (2 + 1) = 1 step of slack in every solution
    assert Model(puzzle).slack_bound() == 1


def test_a_bound_below_zero_means_no_solution() -> None:
    # Two pairs whose shortest ways need more cells than the board has.
    puzzle = Puzzle(2, 3, (Pair("A", Cell(0, 0), Cell(1, 2)), Pair("B", Cell(1, 0), Cell(0, 2))))
    assert Model(puzzle).slack_bound() < 0
    listed = solutions(puzzle, 2)
    assert not listed.found
    assert listed.exact


def test_pairs_of_a_hand_board_all_reach() -> None:
    # The distance rows come in pair order, a dot's own distance 0.
    puzzle = _rows(3, 4)
    grid = Grid.of(puzzle)
    far = _distances(grid, _dots(grid))
    for k, i in itertools.product(range(3), (0, 1)):
        assert far[2 * k + i, np.flatnonzero(grid.colour == k)[i]] == 0
