"""Big open boards built piece by piece (``_construct``) and the public ``solutions``."""

from __future__ import annotations

import numpy as np

from flowbot.generate import generate
from flowbot.models import Puzzle, SolveStatus
from flowbot.solve import Solutions, count_solutions, solutions, solve
from flowbot.solve._construct import _State, construct
from flowbot.solve._engine import _solve_window
from flowbot.solve._grid import Grid


def test_an_open_board_is_built_and_valid() -> None:
    # Paths that may touch themselves, few colours: the whole board's search
    # struggles, building it takes routing, bumps and a few windows.
    puzzle = generate(24, 24, 24, seed=3, touching=True).puzzle
    solution = construct(puzzle, Grid.of(puzzle), _solve_window, None)
    assert solution is not None
    solution.validate()


def test_routing_and_bumps_leave_only_what_windows_must_fill() -> None:
    puzzle = generate(20, 20, 20, seed=1, touching=True).puzzle
    grid = Grid.of(puzzle)
    state = _State(puzzle, grid)
    assert state.route(None, None)
    routed = int((state.owner >= 0).sum())
    state.fill()
    empty = (state.owner < 0) & (grid.need == 2)
    assert int((state.owner >= 0).sum()) > routed  # the bumps filled cells
    assert empty.sum() < 0.1 * grid.n_nodes
    # Every node keeps its degree: a dot one chosen edge, a filled cell two.
    degree = np.bincount(
        np.concatenate([grid.eu[state.on], grid.ev[state.on]]), minlength=grid.n_nodes
    )
    assert (degree[~empty] == grid.need[~empty]).all()
    assert (degree[empty] == 0).all()


def test_an_empty_cell_far_from_its_partner_is_moved_by_a_window() -> None:
    # A window that must leave one cell of the empty cell's colour empty
    # keeps its balance and moves the empty cell.
    puzzle = generate(20, 20, 20, seed=1, touching=True).puzzle
    state = _State(puzzle, Grid.of(puzzle))
    state.route(None, None)
    state.fill()
    empty = np.flatnonzero((state.owner < 0) & (state.grid.need == 2)).tolist()
    assert empty
    moved = False
    for x in empty:
        for z in empty:
            if state._gap(x, z) % 2 and not moved:
                moved = state._move(x, z, _solve_window, None)
                if moved:
                    assert state.owner[x] >= 0  # x is filled, another cell left empty
                    after = np.flatnonzero((state.owner < 0) & (state.grid.need == 2)).tolist()
                    assert len(after) == len(empty)
    assert moved


def test_big_open_boards_are_solved_and_checked() -> None:
    puzzle = generate(30, 30, 30, seed=0, touching=True).puzzle
    result = solve(puzzle, timeout=60)
    assert result.status is SolveStatus.SOLVED


def test_solutions_lists_distinct_checked_solutions() -> None:
    puzzle = Puzzle.from_grid(["A...", "....", "...A"])
    listed = solutions(puzzle, 100)
    assert isinstance(listed, Solutions)
    assert listed.exact
    assert not listed.timed_out
    assert len({s.paths for s in listed.found}) == len(listed.found) > 1
    for s in listed.found:
        s.validate()
    assert count_solutions(puzzle, 100).count == len(listed.found)
    capped = solutions(puzzle, 2)
    assert len(capped.found) == 2
    assert not capped.exact
