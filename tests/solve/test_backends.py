"""Every solver backend against the others, brute force, the corpora and generated puzzles."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from flowbot.errors import NeedsTouchingError
from flowbot.formats import read_puzzles
from flowbot.generate import generate
from flowbot.models import Cell, Pair, Puzzle, Solution, SolveResult, SolveStatus
from flowbot.solve import BACKENDS, count_solutions
from flowbot.solve._cpsat import decode
from flowbot.solve._cpsat_degree import count_degree, solve_degree
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
def test_cpsat_honours_the_timeout(backend: str) -> None:
    puzzle = Puzzle.from_grid(["AA"])
    assert CPSAT_SOLVERS[backend](puzzle, timeout=0).status is SolveStatus.TIMEOUT
    assert CPSAT_COUNTERS[backend](puzzle, 2, timeout=0) is None
    with pytest.raises(ValueError, match="timeout"):
        CPSAT_SOLVERS[backend](puzzle, timeout=-1)


@pytest.mark.parametrize("backend", sorted(CPSAT_SOLVERS))
def test_cpsat_timeout_covers_building_a_big_model(backend: str) -> None:
    # 1600 cells x 40 colours take seconds just to build: the budget stops that too.
    pairs = tuple(Pair(f"p{r}", Cell(r, 0), Cell(r, 39)) for r in range(40))
    puzzle = Puzzle(40, 40, pairs)
    result = CPSAT_SOLVERS[backend](puzzle, timeout=0.2)
    assert result.status is SolveStatus.TIMEOUT
    assert result.seconds < 5
    assert CPSAT_COUNTERS[backend](puzzle, 2, timeout=0.2) is None


def _path_beside_a_loop() -> Puzzle:
    # A's dots fill column 0 and B's column 1; columns 2-3 can only be filled by
    # a B path that runs beside itself. The degree model's only colouring
    # makes them a stray A loop.
    return Puzzle.from_grid(["AB..", "AB.."])


def test_decode_reports_a_stray_loop_apart_from_the_path() -> None:
    puzzle = _path_beside_a_loop()
    owner = {(Cell(r, c), 0): int(c == 1) for r in range(2) for c in range(4)}
    solution, loops = decode(puzzle, owner)
    assert solution.paths == ((Cell(0, 0), Cell(1, 0)), (Cell(0, 1), Cell(1, 1)))
    ring = {Cell(0, 2), Cell(0, 3), Cell(1, 2), Cell(1, 3)}
    assert loops == [(0, frozenset((cell, 0) for cell in ring))]


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


# --- every backend on the corpora and on generated puzzles ---------------------

#: Small corpus puzzles: (file under ../shared/puzzles, 1-based puzzle numbers or None for all).
SAMPLE = {
    "zucker": None,
    "houston": None,
    "ahle/inputs5": None,
    "ahle/inputs1": range(1, 5),
    "ahle/janko": range(1, 11),
}
MAX_CELLS = 100  # zucker and houston up to 10x10; skips inputs5's 1x1000 and 2x245


def _sample(shared: Path) -> list[tuple[str, Puzzle]]:
    found = []
    for name, wanted in SAMPLE.items():
        root = shared / "puzzles" / name
        for path in sorted(root.iterdir()) if root.is_dir() else [root]:
            if path.suffix == ".md" or path.is_dir():
                continue
            for k, named in enumerate(read_puzzles(path), start=1):
                small = named.puzzle.rows * named.puzzle.cols <= MAX_CELLS
                if small and (wanted is None or k in wanted):
                    found.append((named.name, named.puzzle))
    return found


def _run(backend: str, puzzle: Puzzle) -> SolveResult | None:
    """The backend's result; ``None`` for a CP-SAT model's "needs touching"."""
    try:
        result = BACKENDS[backend](puzzle, timeout=30)
    except NeedsTouchingError:
        assert backend in CPSAT_SOLVERS, f"{backend} raised NeedsTouchingError"
        return None
    assert result.status is not SolveStatus.TIMEOUT, backend
    if result.solution is not None:
        result.solution.validate()
        for pair, path in zip(puzzle.pairs, result.solution.paths, strict=True):
            assert (path[0], path[-1]) == (pair.a, pair.b), backend
    return result


def _check_agreement(name: str, puzzle: Puzzle) -> bool:
    """Every backend agrees with the default one, or plainly says it needs touching.

    Returns whether the CP-SAT models said "needs touching".
    """
    reference = _run("sat", puzzle)
    assert reference is not None
    counted = count_solutions(puzzle, 2, timeout=30)
    assert not counted.timed_out, name
    reference_count = counted.count
    said_touching = set()
    for backend in sorted(CPSAT_SOLVERS):
        result = _run(backend, puzzle)
        own_count = CPSAT_COUNTERS[backend](puzzle, 2, timeout=30)
        if result is None:
            # No non-touching solution: the default must find none, or one that touches.
            assert reference.solution is None or reference.solution.touches_itself(), name
            assert own_count == 0, name
            said_touching.add(backend)
            continue
        assert result.status is SolveStatus.SOLVED, (name, backend)
        assert result.solution is not None
        assert reference.status is SolveStatus.SOLVED, (name, backend)
        assert not result.solution.touches_itself(), (name, backend)
        # The game's full count is at least the non-touching count, and equal
        # to it when the default's only solution keeps off itself.
        assert own_count is not None
        assert 1 <= own_count <= reference_count, (name, backend)
        if reference_count == 1:
            assert result.solution == reference.solution, (name, backend)
    # The two models forbid exactly the same thing.
    assert said_touching in (set(), set(CPSAT_SOLVERS)), name
    return bool(said_touching)


def test_every_backend_is_registered() -> None:
    # Entries load their modules lazily: check what they do, not what they are.
    assert {"sat", "cpsat-degree", "cpsat-distance"} <= set(BACKENDS)
    puzzle = Puzzle.from_grid(["ABC", "...", "ABC"])
    for name, direct in (("cpsat-degree", solve_degree), ("cpsat-distance", solve_distance)):
        registered = BACKENDS[name](puzzle, timeout=10)
        assert registered.status is SolveStatus.SOLVED
        assert registered.solution == direct(puzzle, timeout=10).solution
    for name in ("sat", "cpsat-degree", "cpsat-distance"):
        result = BACKENDS[name](puzzle, timeout=10)
        assert result.solution is not None
        assert result.solution.grid() == ("ABC", "ABC", "ABC")


def test_backends_agree_on_the_corpus_sample(shared: Path) -> None:
    sample = _sample(shared)
    assert len(sample) > 50
    touching = 0
    for name, puzzle in sample:
        touching += _check_agreement(name, puzzle)
    # The sample holds puzzles that need touching (houston *_random) and ones that do not.
    assert 0 < touching < len(sample)


@pytest.mark.parametrize(
    ("rows", "cols", "colours", "unique"),
    [(6, 6, 5, False), (7, 9, 7, False), (8, 8, 7, True), (10, 10, 9, True)],
)
def test_backends_agree_on_generated_no_touch_puzzles(
    rows: int, cols: int, colours: int, unique: bool
) -> None:
    for seed in range(4):
        made = generate(rows, cols, colours, unique=unique, seed=seed)
        _check_agreement(f"seed {seed}", made.puzzle)
        if unique:
            assert count_solutions(made.puzzle, 2).count == 1
            for count in CPSAT_COUNTERS.values():
                assert count(made.puzzle, 2) == 1
            for solve in CPSAT_SOLVERS.values():
                assert solve(made.puzzle).solution == made.solution


@pytest.mark.parametrize("seed", range(4))
def test_backends_agree_on_generated_touching_puzzles(seed: int) -> None:
    # Hidden solutions that touch: the CP-SAT models often must say so.
    made = generate(7, 7, 5, touching=True, seed=seed)
    _check_agreement(f"seed {seed}", made.puzzle)
