"""The "sat" solver on tiny hand-made boards, brute force, timeouts and the zucker corpus."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from flowbot.errors import InputError
from flowbot.models import Cell, Pair, Puzzle, Solution, SolveStatus
from flowbot.solve import BACKENDS, SolutionCount, count_solutions, solutions, solve
from flowbot.solve._grid import Grid, _components, trace


def grid(*rows: str) -> Puzzle:
    return Puzzle.from_grid(list(rows))


def solved(puzzle: Puzzle) -> Solution:
    result = solve(puzzle, timeout=30)
    assert result.status is SolveStatus.SOLVED
    assert result.solution is not None
    result.solution.validate()
    return result.solution


def all_solutions(puzzle: Puzzle) -> Iterator[Solution]:
    """Every solution of a tiny board under the full rules, by trying every path."""
    dots = puzzle.dots()
    total = puzzle.rows * puzzle.cols

    def extend(k: int, used: frozenset[Cell], paths: tuple[tuple[Cell, ...], ...]) -> Iterator:
        if k == len(puzzle.pairs):
            if len(used) == total:
                yield Solution(puzzle, paths)
            return
        pair = puzzle.pairs[k]
        stack = [(pair.a,)]
        while stack:
            path = stack.pop()
            for n in puzzle.neighbours(path[-1]):
                if n == pair.b:
                    yield from extend(k + 1, used | {*path, n}, (*paths, (*path, n)))
                elif n not in dots and n not in used and n not in path:
                    stack.append((*path, n))

    yield from extend(0, frozenset(), ())


# --- tiny boards ---------------------------------------------------------------


def test_one_row() -> None:
    assert solved(grid("A...A")).grid() == ("AAAAA",)
    assert solve(grid("A.A.")).status is SolveStatus.UNSOLVABLE  # the last cell is unreachable
    assert solved(grid("AABB")).paths == ((Cell(0, 0), Cell(0, 1)), (Cell(0, 2), Cell(0, 3)))


def test_two_by_two() -> None:
    assert solved(grid("AB", "AB")).grid() == ("AB", "AB")
    assert solved(grid("A.", "A.")).grid() == ("AA", "AA")
    assert solve(grid("A.", ".A")).status is SolveStatus.UNSOLVABLE
    assert solve(grid("AB", "BA")).status is SolveStatus.UNSOLVABLE


def test_paths_run_from_a_to_b() -> None:
    puzzle = grid("R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO.")
    solution = solved(puzzle)
    for pair, path in zip(puzzle.pairs, solution.paths, strict=True):
        assert (path[0], path[-1]) == (pair.a, pair.b)


def test_a_tempting_stray_loop_is_cut() -> None:
    # A straight A path leaves a 2x3 block that a closed loop fills exactly:
    # degree counts alone accept it; the answer must wind A through it.
    puzzle = grid("A..", "...", "A..")
    assert solved(puzzle).grid() == ("AAA", "AAA", "AAA")
    expected = len(list(all_solutions(puzzle)))
    assert expected >= 1
    assert count_solutions(puzzle, 10) == SolutionCount(expected, exact=True)


def test_self_touching_is_allowed_when_needed() -> None:
    puzzle = grid("A..", "..A")
    solution = solved(puzzle)
    assert solution.touches_itself()
    assert [s.touches_itself() for s in all_solutions(puzzle)] == [True]


def test_unsolvable_cross() -> None:
    puzzle = grid("R...G", ".....", ".....", ".....", "G...R")
    result = solve(puzzle)
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.solution is None
    assert count_solutions(puzzle, 5) == SolutionCount(0, exact=True)


def test_no_colour_reaches_a_walled_cell() -> None:
    assert solve(grid("A.B", "ABC", "..C")).status is SolveStatus.UNSOLVABLE


def test_unique_puzzle_counts_one() -> None:
    puzzle = grid("R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO.")
    assert count_solutions(puzzle, 2) == SolutionCount(1, exact=True)


def test_several_solutions_count_up_to_the_limit() -> None:
    puzzle = grid("A..", "...", "..A")
    assert count_solutions(puzzle, 10) == SolutionCount(2, exact=True)
    assert count_solutions(puzzle, 2) == SolutionCount(2, exact=False)
    assert count_solutions(puzzle, 1) == SolutionCount(1, exact=False)


def test_counts_include_solutions_that_touch_themselves() -> None:
    # 3x4 with A in opposite corners: some covers run beside themselves.
    puzzle = grid("A...", "....", "...A")
    solutions = list(all_solutions(puzzle))
    assert any(s.touches_itself() for s in solutions)
    assert count_solutions(puzzle, 100) == SolutionCount(len(solutions), exact=True)


@pytest.mark.parametrize("seed", range(4))
def test_matches_brute_force_on_random_tiny_boards(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        rows, cols = rng.choice([(1, 5), (2, 3), (3, 3), (3, 4), (4, 4)])
        cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
        chosen = rng.sample(cells, 2 * rng.randint(1, min(3, len(cells) // 2)))
        puzzle = Puzzle(
            rows,
            cols,
            tuple(
                Pair("ABC"[i], chosen[2 * i], chosen[2 * i + 1]) for i in range(len(chosen) // 2)
            ),
        )
        expected = len(list(all_solutions(puzzle)))
        result = solve(puzzle)
        assert (result.status is SolveStatus.SOLVED) == (expected > 0), puzzle.to_grid()
        assert result.status is not SolveStatus.TIMEOUT
        assert count_solutions(puzzle, 1000) == SolutionCount(expected, exact=True)


def test_counts_handed_to_glucose_lose_and_repeat_no_solution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With one conflict allowed to MiniSat's proof, Glucose finishes each count
    # from the solutions MiniSat had blocked: none may be lost or counted twice.
    from flowbot.generate import generate  # noqa: PLC0415
    from flowbot.solve import _engine  # noqa: PLC0415

    puzzles = [generate(6, 6, colours, seed=seed).puzzle for seed in range(3) for colours in (3, 4)]
    expected = [count_solutions(p, 60) for p in puzzles]
    solvers = []

    class Recorded(_engine.Search):
        def __init__(self, *args: object, solver: str = "minisat22", **kwargs: object) -> None:
            solvers.append(solver)
            super().__init__(*args, solver=solver, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_engine, "PROOF_BUDGET", 1)
    monkeypatch.setattr(_engine, "Search", Recorded)
    assert [count_solutions(p, 60) for p in puzzles] == expected
    assert "glucose4" in solvers
    assert any(c.exact and c.count > 1 for c in expected)  # several solutions, counted to the end


def test_a_conflict_budget_cuts_a_count_short_and_a_big_one_does_not() -> None:
    puzzle = grid("A...", "....", "...A")
    full = solutions(puzzle, 100)
    assert full.exact
    assert len(full.found) > 2
    cut = solutions(puzzle, 100, conflicts=0)
    assert (cut.exact, cut.timed_out) == (False, True)
    assert set(cut.found) <= set(full.found)
    assert solutions(puzzle, 100, conflicts=10**9) == full
    with pytest.raises(InputError, match="conflict budget"):
        solutions(puzzle, 2, conflicts=-1)


# --- timeouts, determinism, registry --------------------------------------------


def test_zero_timeout_ends_cleanly() -> None:
    result = solve(grid("R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO."), timeout=0)
    assert result.status is SolveStatus.TIMEOUT
    assert result.solution is None
    assert count_solutions(grid("A..", "...", "..A"), 5, timeout=0) == SolutionCount(
        0, exact=False, timed_out=True
    )


def test_a_hard_board_times_out_near_its_deadline() -> None:
    # Two colours from a 2x2 block at the top to the bottom corners, in the
    # wrong order: they must cross. The block is on the border, so the
    # boundary-order proof does not apply, and nothing short of the whole
    # 200x200 model can prove it (10x10 already takes seconds).
    n, h = 200, 100
    pairs = (
        Pair("a", Cell(0, 0), Cell(0, h - 1)),
        Pair("b", Cell(0, h), Cell(0, n - 1)),
        Pair("c", Cell(1, h), Cell(n - 1, 0)),
        Pair("d", Cell(1, h - 1), Cell(n - 1, n - 1)),
    )
    result = solve(Puzzle(n, n, pairs), timeout=0.5)
    assert result.status is SolveStatus.TIMEOUT
    assert result.solution is None
    assert result.seconds < 5


def test_parity_proves_unsolvable_at_once() -> None:
    # Three pairs on same-coloured checkerboard squares: no cover can balance.
    n = 300
    pairs = tuple(Pair(str(i), Cell(0, 2 * i), Cell(n - 1, n - 1 - 2 * i)) for i in range(3))
    result = solve(Puzzle(n, n, pairs))
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.seconds < 1
    assert count_solutions(Puzzle(n, n, pairs), 2) == SolutionCount(0, exact=True)


def test_deterministic() -> None:
    puzzle = grid("A...B", ".....", "..C..", ".....", "B.C.A")
    assert len({solve(puzzle).solution for _ in range(3)}) == 1


def test_backend_registry() -> None:
    assert "sat" in BACKENDS
    with pytest.raises(InputError, match=r"unknown solver backend 'nope'; known: .*sat"):
        solve(grid("AA"), backend="nope")


def test_bad_arguments() -> None:
    with pytest.raises(InputError, match="timeout"):
        solve(grid("AA"), timeout=-1)
    with pytest.raises(InputError, match="at least 1"):
        count_solutions(grid("AA"), 0)


# --- the zucker corpus ------------------------------------------------------------


def test_zucker_corpus(shared: Path) -> None:
    folder = shared / "puzzles" / "zucker"
    statuses = {}
    for path in sorted(folder.glob("*.txt")):
        puzzle = Puzzle.from_grid(path.read_text().split())
        result = solve(puzzle, timeout=60)
        statuses[path.stem] = result.status
        if result.solution is not None:
            result.solution.validate()
    assert statuses.pop("unsolvable_cross") is SolveStatus.UNSOLVABLE
    assert set(statuses.values()) == {SolveStatus.SOLVED}
    assert len(statuses) == 28


def test_zucker_jumbo_14x14_19_has_more_solutions_with_touching(shared: Path) -> None:
    # Unique for the game's designers (no touching); more once paths may touch.
    path = shared / "puzzles" / "zucker" / "jumbo_14x14_19.txt"
    puzzle = Puzzle.from_grid(path.read_text().split())
    assert not solved(puzzle).touches_itself()  # the no-touching answer comes first
    assert count_solutions(puzzle, 2, timeout=60) == SolutionCount(2, exact=False)


#: The zucker boards with a second solution once paths may touch themselves
#: (each unique for its designers); every other one is unique, the cross unsolvable.
ZUCKER_TWICE = {"jumbo_13x13_26", "jumbo_14x14_01", "jumbo_14x14_19", "jumbo_14x14_30"}


def test_zucker_counts_to_two(shared: Path) -> None:
    # The counts whose proofs the solver works hardest at (extreme_12x12_28:
    # thousands of conflicts in Glucose): a wrong "unique" loses one of the four
    # second solutions, a wrong second solution fails validation or the count.
    counts = {}
    for path in sorted((shared / "puzzles" / "zucker").glob("*.txt")):
        puzzle = Puzzle.from_grid(path.read_text().split())
        listed = solutions(puzzle, 2, timeout=60)
        assert not listed.timed_out, path.stem
        counts[path.stem] = (len(listed.found), listed.exact)
        if len(listed.found) == 2:
            first, second = listed.found
            assert first.paths != second.paths
            assert not first.touches_itself(), path.stem
            assert second.touches_itself(), path.stem
    assert counts.pop("unsolvable_cross") == (0, True)
    assert {name for name, count in counts.items() if count == (2, False)} == ZUCKER_TWICE
    assert {count for name, count in counts.items() if name not in ZUCKER_TWICE} == {(1, True)}
    assert len(counts) == 28


def test_trace_walks_stray_cycles_as_the_graph_grouping_does() -> None:
    # Small boards walk the cycles in Python; the cuts must be the same as
    # scipy's grouping gives, so that the search does not change.
    puzzle = Puzzle.from_grid(["A..A", "....", "...."])
    board = Grid.of(puzzle)
    index = {
        edge: i for i, edge in enumerate(zip(board.eu.tolist(), board.ev.tolist(), strict=True))
    }
    links = [(0, 1), (1, 2), (2, 3)]  # the path along the top row
    for left in (4, 6):  # two 2x2 rings below it
        links += [(left, left + 1), (left + 4, left + 5), (left, left + 4), (left + 1, left + 5)]
    chosen = np.zeros(board.n_edges, dtype=bool)
    chosen[[index[link] for link in links]] = True
    solution, cycles = trace(board, chosen, puzzle)
    assert solution is None
    assert [c.tolist() for c in cycles] == [[4, 5, 8, 9], [6, 7, 10, 11]]
    sel = np.flatnonzero(chosen)[3:]
    expected = _components(board.n_nodes, board.eu[sel], board.ev[sel], np.arange(4, 12))
    assert [c.tolist() for c in cycles] == [c.tolist() for c in expected]
