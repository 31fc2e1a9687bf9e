"""Uniqueness, proved globally and checked cheaply in windows, with the second solution in hand.

``count_solutions`` tells *whether* a puzzle has a second solution; a repair
needs to know *where*. ``solutions`` lists them (the same search as the
count, run through the solver's own model).

A **window** check is sound and cheap: cut a small square out of the hidden
solution, make every piece of a path inside it a pair of dots (the cells
outside are holes), and look for a second solution of that small board. One
found is a second solution of the whole puzzle too (re-route the pieces,
keep the rest: each piece keeps its ends, so every path still joins its dots),
and is found in milliseconds, where the whole board's count takes seconds.
Only a board every window passes is counted whole.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from flowbot.models import Cell, Pair, Puzzle, Solution


def solutions(puzzle: Puzzle, limit: int, timeout: float | None) -> tuple[list[Solution], bool]:
    """Up to ``limit`` solutions (each validated) and whether they are all there are.

    The search ``flowbot.solve.count_solutions`` runs (solutions without
    U-turns first, then the rest, each found one blocked); a search cut short
    by ``timeout`` is not exact.
    """
    # The solver's own model, not its public API: that counts, this needs the solutions.
    from flowbot.solve._engine import proof_of_none  # noqa: PLC0415
    from flowbot.solve._sat import Model, Search  # noqa: PLC0415

    deadline = None if timeout is None else time.perf_counter() + timeout
    if proof_of_none(puzzle) is not None:
        return [], True
    model = Model(puzzle)
    if model.empty_cell:
        return [], True
    switch = model.no_u_turns()
    search = Search(model, deadline=deadline)
    found: list[Solution] = []
    try:
        for assumptions in ([switch], [-switch]):
            while len(found) < limit:
                status, solution = search.next_solution(assumptions, deadline, join_cycles=False)
                if status is None:
                    return found, False
                if not status:
                    break
                assert solution is not None
                solution.validate()
                found.append(solution)
                search.block_last()
            if len(found) >= limit:
                return found, False
    finally:
        search.close()
    return found, True


def windows(puzzle: Puzzle, side: int) -> Iterator[tuple[int, int]]:
    """Top-left corners of ``side`` x ``side`` windows overlapping by half, covering the board."""
    step = max(1, side // 2)
    rows = range(0, max(1, puzzle.rows - side + step), step)
    cols = range(0, max(1, puzzle.cols - side + step), step)
    for r in rows:
        for c in cols:
            yield min(r, max(0, puzzle.rows - side)), min(c, max(0, puzzle.cols - side))


def window_puzzle(solution: Solution, top: int, left: int, side: int) -> Puzzle | None:
    """The small board of one window of ``solution`` (``None`` when nothing in it can move).

    Each run of a path inside the window is a pair of dots at the run's two
    ends; a run of one cell stays as it is (a hole in the small board), as do
    all cells outside the window. Bridges, warps and walls are kept where
    they lie inside.
    """
    p = solution.puzzle
    inside = {
        Cell(r, c)
        for r in range(top, min(p.rows, top + side))
        for c in range(left, min(p.cols, left + side))
        if p.is_playable((r, c))
    }
    if any(cell in p.bridges for cell in inside):
        return None  # a bridge's two passages make runs that share a cell: leave it whole
    runs: list[list[Cell]] = []
    for path in solution.paths:
        run: list[Cell] = []
        for cell in path:
            if cell in inside:
                if run and cell not in set(p.neighbours(run[-1])):
                    runs.append(run)  # stepped across a warp out of the window and back
                    run = []
                run.append(cell)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    fixed = {run[0] for run in runs if len(run) == 1}
    pairs = [run for run in runs if len(run) > 1]
    if not pairs:
        return None
    holes = frozenset(Cell(r, c) for r in range(p.rows) for c in range(p.cols)) - inside | fixed
    free = inside - fixed
    warps = frozenset(w for w in p.warps if w[0] in free and w[1] in free)
    walls = frozenset(w for w in p.walls if w[0] in free and w[1] in free)
    return Puzzle(
        p.rows,
        p.cols,
        tuple(Pair(str(i), run[0], run[-1]) for i, run in enumerate(pairs)),
        shape=p.shape,
        holes=holes | p.holes,
        walls=walls,
        warps=warps,
    )
