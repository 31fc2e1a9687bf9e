"""Uniqueness, proved globally and checked cheaply in regions, with the second solution in hand.

``flowbot.solve.solutions`` lists a puzzle's solutions; a repair needs to
know *where* a second one differs, and windows find one cheaply.

A **window** check is sound and cheap: cut a small square out of the hidden
solution, make every piece of a path inside it a pair of dots (the cells
outside are holes), and look for a second solution of that small board. One
found is a second solution of the whole puzzle too (re-route the pieces,
keep the rest: each piece keeps its ends, so every path still joins its dots),
and is found in milliseconds, where the whole board's count takes seconds.
Only a board every window passes is counted whole.

A **region** generalises the window: any set of cells, each run of a path
inside it freed the same way. The union of two neighbouring paths is one
(``path_pairs``): a second solution that re-routes two long paths round each
other reaches past every small window, and the whole board's count often
misses it too (30x30 boards with 29 colours, window-clean: 2 of 6 had one in
a pair of paths, which counts of 60k conflicts did not find; the other 4
had none in any pair, triple or quadruple of neighbouring paths).
"""

from __future__ import annotations

from collections.abc import Iterator

from flowbot.models import Cell, Pair, Puzzle, Solution

#: A set of cells whose paths' runs are freed (a window, a pair of paths).
Region = frozenset[Cell]


def windows(puzzle: Puzzle, side: int, step: int) -> Iterator[tuple[int, int]]:
    """Top-left corners of ``side`` x ``side`` windows ``step`` apart, covering the board."""
    rows = range(0, max(1, puzzle.rows - side + step), step)
    cols = range(0, max(1, puzzle.cols - side + step), step)
    for r in rows:
        for c in cols:
            yield min(r, max(0, puzzle.rows - side)), min(c, max(0, puzzle.cols - side))


def window(puzzle: Puzzle, top: int, left: int, side: int) -> Region:
    """The playable cells of a ``side`` x ``side`` window at ``(top, left)``."""
    return frozenset(
        Cell(r, c)
        for r in range(top, min(puzzle.rows, top + side))
        for c in range(left, min(puzzle.cols, left + side))
        if puzzle.is_playable((r, c))
    )


def path_pairs(solution: Solution) -> Iterator[Region]:
    """The cells of every two paths of ``solution`` that run side by side somewhere."""
    p = solution.puzzle
    owner = {cell: i for i, path in enumerate(solution.paths) for cell in path}
    seen: set[tuple[int, int]] = set()
    for i, path in enumerate(solution.paths):
        for cell in path:
            for other in p.neighbours(cell):
                j = owner.get(other, i)
                if j > i and (i, j) not in seen:
                    seen.add((i, j))
                    yield frozenset(path) | frozenset(solution.paths[j])


def region_puzzle(solution: Solution, inside: Region) -> Puzzle | None:
    """The small board of the cells ``inside`` (``None`` when nothing in it can move).

    Each run of a path inside the region is a pair of dots at the run's two
    ends; a run of one cell stays as it is (a hole in the small board), as do
    all cells outside the region. Bridges, warps and walls are kept where
    they lie inside.
    """
    p = solution.puzzle
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
