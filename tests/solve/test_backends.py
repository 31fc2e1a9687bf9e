"""Every solver backend against the others, brute force, the corpora and generated puzzles."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from flowbot.errors import NeedsTouchingError
from flowbot.models import Cell, Pair, Puzzle, Solution, SolveStatus
from flowbot.solve._cpsat_degree import count_degree, decode, solve_degree
from flowbot.solve._cpsat_distance import count_distance, solve_distance

CPSAT_SOLVERS = {"cpsat-degree": solve_degree, "cpsat-distance": solve_distance}
CPSAT_COUNTERS = {"cpsat-degree": count_degree, "cpsat-distance": count_distance}


def brute_force(puzzle: Puzzle) -> Iterator[Solution]:
    """Every solution of a tiny board under the full rules, by trying every path."""
    dots = puzzle.dots()
    total = puzzle.rows * puzzle.cols

    def extend(k: int, used: set[Cell], paths: list[tuple[Cell, ...]]) -> Iterator[Solution]:
        if k == len(puzzle.pairs):
            if len(used) == total:
                yield Solution(puzzle, tuple(paths))
            return
        pair = puzzle.pairs[k]

        def walk(path: list[Cell]) -> Iterator[Solution]:
            for n in puzzle.neighbours(path[-1]):
                if n == pair.b:
                    yield from extend(k + 1, used | set(path) | {n}, [*paths, (*path, n)])
                elif n not in dots and n not in used and n not in path:
                    yield from walk([*path, n])

        yield from walk([pair.a])

    yield from extend(0, set(), [])


def random_tiny_puzzle(rng: random.Random) -> Puzzle:
    rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4)])
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    chosen = rng.sample(cells, 2 * rng.randint(1, 3))
    pairs = tuple(Pair("ABC"[i], chosen[2 * i], chosen[2 * i + 1]) for i in range(len(chosen) // 2))
    return Puzzle(rows, cols, pairs)


@pytest.mark.parametrize("backend", sorted(CPSAT_SOLVERS))
def test_cpsat_solves_small_boards_with_ordered_validated_paths(backend: str) -> None:
    puzzle = Puzzle.from_grid(["R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO."])
    result = CPSAT_SOLVERS[backend](puzzle, timeout=10)
    assert result.status is SolveStatus.SOLVED
    assert result.solution is not None
    result.solution.validate()
    assert not result.solution.touches_itself()
    for pair, path in zip(puzzle.pairs, result.solution.paths, strict=True):
        assert (path[0], path[-1]) == (pair.a, pair.b)


@pytest.mark.parametrize("backend", sorted(CPSAT_SOLVERS))
def test_cpsat_says_needs_touching_rather_than_unsolvable(backend: str) -> None:
    # The only way to fill this board runs the path beside itself.
    puzzle = Puzzle.from_grid(["A..", "..A"])
    assert [s.touches_itself() for s in brute_force(puzzle)] == [True]
    with pytest.raises(NeedsTouchingError, match="self-touching"):
        CPSAT_SOLVERS[backend](puzzle, timeout=10)


@pytest.mark.parametrize("backend", sorted(CPSAT_SOLVERS))
def test_cpsat_is_deterministic(backend: str) -> None:
    puzzle = Puzzle.from_grid(["R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO."])
    runs = {CPSAT_SOLVERS[backend](puzzle, timeout=10).solution for _ in range(3)}
    assert len(runs) == 1


@pytest.mark.parametrize("backend", sorted(CPSAT_SOLVERS))
def test_cpsat_rejects_a_non_positive_timeout(backend: str) -> None:
    with pytest.raises(ValueError, match="timeout"):
        CPSAT_SOLVERS[backend](Puzzle.from_grid(["AA"]), timeout=0)


def _path_beside_a_loop() -> Puzzle:
    # A's dots fill column 0 and B's column 1; columns 2-3 can only be filled by
    # a B path that runs beside itself. The degree model's only colouring
    # makes them a stray A loop.
    return Puzzle.from_grid(["AB..", "AB.."])


def test_decode_reports_a_stray_loop_apart_from_the_path() -> None:
    puzzle = _path_beside_a_loop()
    owner = {Cell(r, c): int(c == 1) for r in range(2) for c in range(4)}
    solution, loops = decode(puzzle, owner)
    assert solution.paths == ((Cell(0, 0), Cell(1, 0)), (Cell(0, 1), Cell(1, 1)))
    assert loops == [(0, frozenset({Cell(0, 2), Cell(0, 3), Cell(1, 2), Cell(1, 3)}))]


def test_degree_model_cuts_the_stray_loop_then_says_needs_touching() -> None:
    puzzle = _path_beside_a_loop()
    assert [s.touches_itself() for s in brute_force(puzzle)] == [True]
    with pytest.raises(NeedsTouchingError):
        solve_degree(puzzle, timeout=10)


@pytest.mark.parametrize("seed", range(40))
def test_cpsat_counts_match_brute_force_on_tiny_boards(seed: int) -> None:
    puzzle = random_tiny_puzzle(random.Random(seed))
    every = list(brute_force(puzzle))
    apart = [s for s in every if not s.touches_itself()]
    limit = 50
    for name, count in CPSAT_COUNTERS.items():
        assert count(puzzle, limit, timeout=20) == min(len(apart), limit), name
    for name, solve in CPSAT_SOLVERS.items():
        if apart:
            solution = solve(puzzle, timeout=10).solution
            assert solution in apart, name
        else:
            with pytest.raises(NeedsTouchingError):
                solve(puzzle, timeout=10)
