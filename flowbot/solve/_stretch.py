"""Big boards with wide empty bands: solve a shrunk copy, then stretch the answer.

A band of ``L >= 4`` consecutive rows holding no dot is shrunk to 2 or 3 rows
(``L`` keeps its parity); columns likewise. A solution of the small board
grows back two rows at a time: a path crossing the band just runs straight
through the new rows, and each stretch of new cells that no path crosses is
swallowed by a neighbouring crossing path (a serpentine beside it) or by a path
running along the band (a detour into the new rows). The stretched paths are
validated like any answer, so this can never give a wrong "solved"; a shrunk
board without solution proves nothing, and the caller then solves the full
board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from flowbot.models import Cell, Pair, Puzzle, Solution
from flowbot.solve._grid import BoolArray, Grid, trace

#: Shrink only bands at least this long (shorter ones gain nothing).
MIN_BAND = 4


@dataclass(frozen=True, slots=True)
class Shrink:
    """A shrunk board and where to put the removed rows and columns back."""

    puzzle: Puzzle
    rows: tuple[tuple[int, int], ...]  # (small row after which to insert, how many)
    cols: tuple[tuple[int, int], ...]


def shrink(puzzle: Puzzle) -> Shrink | None:
    """The shrunk board, or ``None`` when no band is long enough."""
    dots = [cell for pair in puzzle.pairs for cell in (pair.a, pair.b)]
    row_map, rows_plan, n_rows = _squeeze(puzzle.rows, {c.row for c in dots})
    col_map, cols_plan, n_cols = _squeeze(puzzle.cols, {c.col for c in dots})
    if not rows_plan and not cols_plan:
        return None
    pairs = tuple(
        Pair(
            p.label,
            Cell(row_map[p.a.row], col_map[p.a.col]),
            Cell(row_map[p.b.row], col_map[p.b.col]),
        )
        for p in puzzle.pairs
    )
    return Shrink(Puzzle(n_rows, n_cols, pairs), tuple(rows_plan), tuple(cols_plan))


def _squeeze(n: int, used: set[int]) -> tuple[dict[int, int], list[tuple[int, int]], int]:
    """Map old lines to new ones, dropping all but 2 or 3 lines of each long empty run."""
    mapping: dict[int, int] = {}
    plan: list[tuple[int, int]] = []
    new = 0
    i = 0
    while i < n:
        j = i
        while j < n and j not in used:
            j += 1
        run = j - i
        if run >= MIN_BAND and n >= 2:
            keep = 2 + run % 2
            plan.append((new, run - keep))  # insert after the band's first kept line
            new += keep
            i = j
        else:
            new += max(run, 0)
            i = j
        if i < n:
            mapping[i] = new
            new += 1
            i += 1
    return mapping, plan, new


def stretch(small: Solution, plan: Shrink, puzzle: Puzzle) -> Solution | None:
    """Grow a solution of the shrunk board back to the full board, or ``None``.

    The caller validates the answer (``flowbot.solve.solve`` does, always).
    """
    grid = Grid.of(small.puzzle)
    rows, cols = small.puzzle.rows, small.puzzle.cols
    chosen = _edges_of(small, grid)
    h = chosen[: rows * (cols - 1)].reshape(rows, cols - 1)
    v = chosen[rows * (cols - 1) :].reshape(rows - 1, cols)
    for at, count in sorted(plan.rows, reverse=True):
        grown = _insert_rows(h, v, at, count)
        if grown is None:
            return None
        h, v = grown
    # Columns are rows of the transposed board.
    ht, vt = v.T.copy(), h.T.copy()
    for at, count in sorted(plan.cols, reverse=True):
        grown = _insert_rows(ht, vt, at, count)
        if grown is None:
            return None
        ht, vt = grown
    h, v = vt.T, ht.T
    if h.shape != (puzzle.rows, puzzle.cols - 1) or v.shape != (puzzle.rows - 1, puzzle.cols):
        return None
    full = np.concatenate([h.ravel(), v.ravel()])
    big = Grid.of(puzzle)
    degree = np.bincount(
        np.concatenate([big.eu[full], big.ev[full]]), minlength=puzzle.rows * puzzle.cols
    )
    need = np.where(big.colour >= 0, 1, 2)
    if not np.array_equal(degree, need):
        return None
    solution, cycles = trace(big, full, puzzle)
    return None if cycles else solution


def _edges_of(solution: Solution, grid: Grid) -> BoolArray:
    cols = grid.cols
    n_h = grid.rows * (cols - 1)
    chosen = np.zeros(grid.n_edges, dtype=bool)
    for path in solution.paths:
        ids = np.array([c.row * cols + c.col for c in path], dtype=np.int64)
        a, b = np.minimum(ids[:-1], ids[1:]), np.maximum(ids[:-1], ids[1:])
        horizontal = b == a + 1
        r, c = np.divmod(a, cols)
        chosen[np.where(horizontal, r * (cols - 1) + c, n_h + a)] = True
    return chosen


def _insert_rows(
    h: BoolArray, v: BoolArray, at: int, count: int
) -> tuple[BoolArray, BoolArray] | None:
    """Insert ``count`` (even) rows after row ``at``; rows ``at`` and ``at + 1`` hold no dot."""
    if count == 0:
        return h, v
    m = count // 2
    rows, cols = h.shape[0], v.shape[1]
    b = at + 1  # first new row
    crossing = v[at].copy()
    h2 = np.zeros((rows + count, cols - 1), dtype=bool)
    v2 = np.zeros((rows + count - 1, cols), dtype=bool)
    h2[:b], h2[b + count :] = h[:b], h[b:]
    v2[:at], v2[at + count + 1 :] = v[:at], v[at + 1 :]
    v2[at : at + count + 1] = crossing  # crossing paths run straight through
    used = np.zeros(cols, dtype=bool)
    c = 0
    while c < cols:
        if crossing[c]:
            c += 1
            continue
        c0 = c
        while c < cols and not crossing[c]:
            c += 1
        c1 = c - 1  # new cells at columns c0..c1 are still uncovered
        if c0 > 0 and not used[c0 - 1]:
            _serpentine(h2, v2, b=b, m=m, c=c0 - 1, far=c1)
            used[c0 - 1] = True
        elif c1 + 1 < cols and not used[c1 + 1]:
            _serpentine(h2, v2, b=b, m=m, c=c1 + 1, far=c0)
            used[c1 + 1] = True
        elif c1 > c0 and h2[at, c0:c1].any():
            k = c0 + int(np.flatnonzero(h2[at, c0:c1])[0])
            _detour(h2, v2, at=at, b=b, m=m, c0=c0, c1=c1, k=k)
        elif c1 > c0 and h2[b + count, c0:c1].any():
            k = c0 + int(np.flatnonzero(h2[b + count, c0:c1])[0])
            fh, fv = h2[::-1], v2[::-1]  # views: mirror the board top to bottom
            top = rows + count - 1 - (b + count)
            _detour(fh, fv, at=top, b=top + 1, m=m, c0=c0, c1=c1, k=k)
        else:
            return None
    return h2, v2


def _serpentine(h: BoolArray, v: BoolArray, *, b: int, m: int, c: int, far: int) -> None:
    """Let the path crossing at column ``c`` snake through new rows out to column ``far``."""
    lo, hi = min(c, far), max(c, far)
    h[b : b + 2 * m, lo:hi] = True
    for t in range(m):
        v[b + 2 * t, c] = False
        v[b + 2 * t, far] = True
        if t + 1 < m:
            v[b + 2 * t + 1, c] = True


def _detour(
    h: BoolArray, v: BoolArray, *, at: int, b: int, m: int, c0: int, c1: int, k: int
) -> None:
    """Replace the edge ``(at, k)-(at, k+1)`` by a detour covering new columns ``c0..c1``."""
    h[at, k] = False
    v[at, k] = v[at, k + 1] = True
    h[b : b + 2 * m, c0:k] = True  # left part: rows snake between c0 and k
    h[b : b + 2 * m, k + 1 : c1] = True  # right part: between k+1 and c1
    h[b + 2 * m - 1, k] = True  # cross over at the bottom
    for t in range(m):
        v[b + 2 * t, c0] = True
        v[b + 2 * t, c1] = True
        if t + 1 < m:
            v[b + 2 * t + 1, k] = True
            v[b + 2 * t + 1, k + 1] = True
