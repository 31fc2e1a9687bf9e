"""Stray cycles: joining them to paths (``splice``), cutting them, and the search's turns."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot.generate import generate
from flowbot.models import Cell, Puzzle, SolveStatus
from flowbot.solve import solve
from flowbot.solve._grid import BoolArray, Grid, splice, trace
from flowbot.solve._sat import Model, Search


def edges(board: Grid, *chains: list[Cell]) -> BoolArray:
    """The edges along each chain of cells (a chain that ends where it began is closed)."""
    index = {
        edge: i for i, edge in enumerate(zip(board.eu.tolist(), board.ev.tolist(), strict=True))
    }
    chosen = np.zeros(board.n_edges, dtype=bool)
    for chain in chains:
        ids = [c.row * board.cols + c.col for c in chain]
        for u, v in itertools.pairwise(ids):
            chosen[index[min(u, v), max(u, v)]] = True
    return chosen


def degrees(board: Grid, chosen: BoolArray) -> list[int]:
    ends = np.concatenate([board.eu[chosen], board.ev[chosen]])
    return np.bincount(ends, minlength=board.n_nodes).tolist()


def test_a_cycle_beside_a_path_is_joined_into_it() -> None:
    puzzle = Puzzle.from_grid(["A..A", "....", "...."])
    board = Grid.of(puzzle)
    path = [Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(0, 3)]
    ring = [Cell(1, c) for c in range(4)] + [Cell(2, c) for c in range(3, -1, -1)] + [Cell(1, 0)]
    chosen = edges(board, path, ring)
    solution, cycles = trace(board, chosen, puzzle)
    assert solution is None
    assert len(cycles) == 1
    joined = splice(board, chosen, cycles)
    assert joined is not None
    assert degrees(board, joined) == degrees(board, chosen)
    solution, cycles = trace(board, joined, puzzle)
    assert solution is not None
    assert not cycles
    solution.validate()
    assert solution.touches_itself()  # the join runs the path beside itself
    assert len(solution.paths[0]) == 12


def test_two_cycles_join_each_other_then_the_path() -> None:
    puzzle = Puzzle.from_grid(["A..A", "....", "...."])
    board = Grid.of(puzzle)
    path = [Cell(0, c) for c in range(4)]
    rings = [
        [Cell(1, left), Cell(1, left + 1), Cell(2, left + 1), Cell(2, left), Cell(1, left)]
        for left in (0, 2)
    ]
    chosen = edges(board, path, *rings)
    _, cycles = trace(board, chosen, puzzle)
    joined = splice(board, chosen, cycles)
    assert joined is not None
    solution, _ = trace(board, joined, puzzle)
    assert solution is not None
    solution.validate()


def test_a_cycle_with_no_side_beside_another_chain_is_left_to_the_cuts() -> None:
    # The path turns around the corner: no chosen edge of it runs beside the ring.
    puzzle = Puzzle.from_grid(["..A.", "..A."])
    board = Grid.of(puzzle)
    path = [Cell(0, 2), Cell(0, 3), Cell(1, 3), Cell(1, 2)]
    ring = [Cell(0, 0), Cell(0, 1), Cell(1, 1), Cell(1, 0), Cell(0, 0)]
    chosen = edges(board, path, ring)
    _, cycles = trace(board, chosen, puzzle)
    assert splice(board, chosen, cycles) is None


@settings(max_examples=25, deadline=None)
@given(
    rows=st.integers(3, 7),
    cols=st.integers(3, 7),
    colours=st.integers(1, 3),
    seed=st.integers(0, 10_000),
)
def test_every_model_joins_into_a_valid_solution_or_not_at_all(
    rows: int, cols: int, colours: int, seed: int
) -> None:
    # Models of the clauses alone (no cycle cut) hold stray cycles; whatever
    # splice makes of them must be a solution of the game, degrees unchanged.
    puzzle = generate(rows, cols, colours, touching=True, seed=seed).puzzle
    model = Model(puzzle)
    search = Search(model)
    board = model.grid
    try:
        for _ in range(20):
            if not search.sat.solve():
                break
            chosen = search.chosen()
            solution, cycles = trace(board, chosen, puzzle)
            if cycles:
                joined = splice(board, chosen, cycles)
                if joined is not None:
                    assert degrees(board, joined) == degrees(board, chosen)
                    solution, left = trace(board, joined, puzzle)
                    assert solution is not None
                    assert not left
            if solution is not None:
                solution.validate()
            search.sat.add_clause((-(np.flatnonzero(chosen) + 1)).tolist())  # the next model
    finally:
        search.close()


@settings(max_examples=40, deadline=None)
@given(
    rows=st.integers(3, 8),
    cols=st.integers(3, 8),
    colours=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_a_cycle_cut_never_removes_a_solution(
    rows: int, cols: int, colours: int, seed: int, data: st.DataObject
) -> None:
    # The cut of a dotless cell set S says "some edge leaving S is chosen":
    # every real solution satisfies it, since a path through S has its dots outside.
    made = generate(rows, cols, colours, touching=True, seed=seed)
    model = Model(made.puzzle)
    search = Search(model)
    try:
        dots = {d.row * cols + d.col for d in made.puzzle.dots()}
        free = [i for i in range(rows * cols) if i not in dots]
        if not free:
            return
        cells = data.draw(st.lists(st.sampled_from(free), min_size=1, unique=True))
        clause = search._cut(np.asarray(sorted(cells), dtype=np.int64))
        chosen = edges(model.grid, *[list(path) for path in made.solution.paths])
        assert any(chosen[lit - 1] for lit in clause)
    finally:
        search.close()


def test_an_open_board_does_not_sink_into_the_no_u_turn_rule() -> None:
    # A random 15x15 board with 4 colours whose paths run beside themselves.
    # The search under "no U-turns" spent over 20 s failing to prove it has
    # no such solution; taking turns with the full rules answers at once.
    puzzle = generate(15, 15, 4, touching=True, seed=11).puzzle
    result = solve(puzzle, timeout=10)
    assert result.status is SolveStatus.SOLVED
