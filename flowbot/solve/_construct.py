"""Big open boards built rather than searched: route, fill, and repair in small windows.

A big board with few colours (a 30x30 with 30 pairs whose paths may touch
themselves) has countless solutions, yet the whole board's SAT model can run
for minutes without finding one: the solver must settle every pair's route
and every cell's colour at once. Such a board is easy piece by piece:

1. **route** each pair along a shortest path through the cells left free
   (shortest pairs first; a pair that finds no way goes first next time);
2. **fill** the empty cells by *bumps*: a path step ``u - v`` beside two empty
   cells ``u' - v'`` across a 2x2 block becomes ``u - u' - v' - v`` (on any
   board: a cycle of four nodes; a triangle takes one empty node), repeated
   until no step can bump;
3. **repair** each group of empty cells left over with the SAT solver on a
   small window around it: every piece of a path inside the window becomes a
   pair of dots at the piece's ends (cells outside are holes), so a solution
   of the window re-routes the pieces through the empty cells, and each path
   still joins its own dots. A window without a solution is grown.

What comes out is traced and (by the caller) validated like any answer; a
failure proves nothing and the caller searches the whole board. Square boards
without bridges or warps only (a window is a cropped rectangle of the board).
"""

from __future__ import annotations

import collections
import itertools
import logging
import random
import time
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from flowbot.models import Cell, Pair, Puzzle, Shape, Solution
from flowbot.solve._grid import BoolArray, Grid, IntArray, trace

log = logging.getLogger(__name__)

#: Margins (cells) around a group of empty cells for the windows tried in turn.
MARGINS = (1, 2, 3, 4, 6, 8, 11)
#: Builds tried, each routing the pairs in another order.
ATTEMPTS = 3
#: Times per pair (on average) a path may be torn up and routed again: an open
#: board needs few (at most one per two pairs on generated ones), a puzzle made
#: for people fights on and is left to the search.
ROUTE_ROUNDS = 1
#: What stepping across another pair's path costs a pair that finds no free way.
CROSSING = 8
#: Empty cells of a pair this far apart (steps) are moved closer before they are filled.
NEAR = 8
#: Half the side of the windows that move an empty cell, tried in turn.
MOVES = (3, 5)
#: Cells tried in turn as the one a move leaves empty.
VACATE = 5
#: The biggest window tried (cells).
WINDOW_CELLS = 600

#: Solves a small puzzle before a deadline, giving up soon (a window that is not
#: filled at once is better grown): ``(found, solution)``, ``found`` None when given up.
SmallSolver = Callable[[Puzzle, float | None], tuple[bool | None, Solution | None]]


def applies(puzzle: Puzzle) -> bool:
    """True for the boards ``construct`` works on: square cells, no bridges or warps."""
    return puzzle.shape is Shape.SQUARE and not puzzle.bridges and not puzzle.warps


def construct(
    puzzle: Puzzle, grid: Grid, solve_small: SmallSolver, deadline: float | None
) -> Solution | None:
    """A solution built by routing, filling and repairing in windows, or ``None``.

    Up to ``ATTEMPTS`` builds, each routing the pairs in another order (the
    first shortest first, the others shuffled by a fixed seed, so the answer
    is the same every run): another routing leaves other empty cells, and
    one that no window could fill seldom comes back. A board where routing
    fails (rip-ups and all) is a tight one, a puzzle made for people: it is
    left to the search at once.
    """
    for attempt in range(ATTEMPTS):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        state = _State(puzzle, grid)
        if not state.route(random.Random(attempt) if attempt else None, deadline):
            log.debug("%s: some pair found no route", puzzle.size)
            return None  # a board this tight is one for the search
        state.fill()
        repaired = state.repair(solve_small, deadline)
        log.debug("%s: build %d, %d windows repaired", puzzle.size, attempt, repaired)
        if repaired >= 0:
            solution, _ = trace(grid, state.on, puzzle)
            if solution is not None:
                return solution
    return None


class _Box(NamedTuple):
    """A window: rows ``top`` to ``bottom`` and columns ``left`` to ``right`` (ends excluded)."""

    top: int
    left: int
    bottom: int
    right: int


class _State:
    """Chosen edges and the pair each node belongs to (``-1``: empty)."""

    def __init__(self, puzzle: Puzzle, grid: Grid) -> None:
        self.puzzle, self.grid = puzzle, grid
        self.nbr = grid.neighbours()
        self.on: BoolArray = np.zeros(grid.n_edges, dtype=bool)
        self.owner: IntArray = grid.colour.copy()
        self.edge = {
            (u, v): i
            for i, (u, v) in enumerate(zip(grid.eu.tolist(), grid.ev.tolist(), strict=True))
        }

    def _edge(self, u: int, v: int) -> int:
        return self.edge[(u, v) if u < v else (v, u)]

    def route(self, rng: random.Random | None, deadline: float | None) -> bool:
        """Join every pair by a path; False when some pair cannot be joined (or at the deadline).

        Pairs go shortest first, each along a shortest path through free
        cells. A pair with no such path takes the cheapest one across other
        paths (a free cell costs 1, another path's cell ``CROSSING``), and
        the paths it crosses are torn up and routed again later (rip-up and
        re-route), at most ``ROUTE_ROUNDS`` times per pair.
        """
        grid, cols, pairs = self.grid, self.grid.cols, self.puzzle.pairs
        ends = [(p.a.row * cols + p.a.col, p.b.row * cols + p.b.col) for p in pairs]
        order = sorted(range(len(ends)), key=lambda k: _gap(pairs[k].a, pairs[k].b))
        if rng is not None:
            rng.shuffle(order)
        queue = collections.deque(order)
        free = ((grid.colour < 0) & (grid.need > 0)).tolist()
        owner = grid.colour.tolist()
        dot = (grid.colour >= 0).tolist()
        crossed = [0] * grid.n_nodes  # how often each cell was fought over (its extra cost)
        paths: dict[int, list[int]] = {}
        budget = ROUTE_ROUNDS * len(ends)
        while queue:
            if deadline is not None and time.perf_counter() > deadline:
                return False
            k = queue.popleft()
            a, b = ends[k]
            path = _cheapest(grid, free, None, crossed, a, b)
            if path is None:
                budget -= 1
                path = _cheapest(grid, free, dot, crossed, a, b)
                if path is None or budget < 0:
                    return False
                for u in path[1:-1]:
                    if not free[u]:
                        crossed[u] += 1
                for other in sorted({owner[u] for u in path[1:-1] if not free[u]}):
                    for u in paths.pop(other)[1:-1]:
                        free[u], owner[u] = True, -1
                    queue.append(other)
            for u in path[1:-1]:
                free[u], owner[u] = False, k
            paths[k] = path
        for path in paths.values():
            for u, v in itertools.pairwise(path):
                self.on[self._edge(u, v)] = True
        self.owner = np.asarray(owner, dtype=np.int64)
        return True

    def fill(self) -> None:
        """Bump path steps into empty cells until no step can."""
        grid = self.grid
        on = self.on.tolist()
        owner = self.owner.tolist()
        eu, ev = grid.eu.tolist(), grid.ev.tolist()
        need = grid.need.tolist()
        empty = [owner[v] < 0 and need[v] == 2 for v in range(grid.n_nodes)]
        # (step, new step, side, side) for both ways each quad can bump
        quads = grid.quads.tolist()
        moves = [(q[0], q[1], q[2], q[3]) for q in quads] + [
            (q[1], q[0], q[2], q[3]) for q in quads
        ]
        moves += [(q[2], q[3], q[0], q[1]) for q in quads] + [
            (q[3], q[2], q[0], q[1]) for q in quads
        ]
        tri = grid.triangles.tolist()
        changed = True
        while changed:
            changed = False
            for step, new, x, y in moves:
                if on[step] and empty[eu[new]] and empty[ev[new]]:
                    k = owner[eu[step]]
                    on[step], on[new], on[x], on[y] = False, True, True, True
                    for v in (eu[new], ev[new]):
                        empty[v] = False
                        owner[v] = k
                    changed = True
            for t in tri:
                for i in range(3):
                    step, x, y = t[i], t[(i + 1) % 3], t[(i + 2) % 3]
                    if not on[step]:
                        continue
                    far = ({eu[x], ev[x]} - {eu[step], ev[step]}).pop()
                    if empty[far]:
                        on[step], on[x], on[y] = False, True, True
                        empty[far] = False
                        owner[far] = owner[eu[step]]
                        changed = True
                        break
        self.on = np.asarray(on, dtype=bool)
        self.owner = np.asarray(owner, dtype=np.int64)

    def repair(self, solve_small: SmallSolver, deadline: float | None) -> int:
        """Fill the empty cells left by windows' solutions; the windows used, -1 if stuck.

        The empty cells are paired, closest cells of opposite checkerboard
        colours first (``_seeds``). A near pair is filled by a window around
        both (``_fill``); a far one first moves one of its cells toward the
        other (``_move``), a few cells per window, until they are near. Cells
        are paired afresh after each round.
        """
        windows = 0
        while ((self.owner < 0) & (self.grid.need == 2)).any():
            progress = False
            for seed in self._seeds():
                if deadline is not None and time.perf_counter() > deadline:
                    return -1
                if not (self.owner[seed] < 0).all():
                    continue  # an earlier window filled it
                tries = [lambda: self._fill(seed, solve_small, deadline)]  # noqa: B023
                if len(seed) == 2:
                    x, z = seed
                    tries += [
                        lambda: self._move(x, z, solve_small, deadline),  # noqa: B023
                        lambda: self._move(z, x, solve_small, deadline),  # noqa: B023
                    ]
                    if self._gap(x, z) > NEAR:
                        tries = tries[1:] + tries[:1]
                done = any(attempt() for attempt in tries)
                windows += done
                progress |= done
            if not progress:
                return -1
        return windows

    def _gap(self, u: int, v: int) -> int:
        cols = self.grid.cols
        return abs(u // cols - v // cols) + abs(u % cols - v % cols)

    def _fill(self, seed: list[int], solve_small: SmallSolver, deadline: float | None) -> bool:
        """Fill the empty cells ``seed`` by a window around them (grown until it works)."""
        empty = np.flatnonzero((self.owner < 0) & (self.grid.need == 2))
        for margin in MARGINS:
            box = self._balanced_box(seed, margin, empty)
            if box is not None and self._window(box, solve_small, deadline):
                return True
        return False

    def _move(self, x: int, z: int, solve_small: SmallSolver, deadline: float | None) -> bool:
        """Move the empty cell ``x`` toward ``z`` by a window that leaves another cell empty.

        The cell left empty has ``x``'s checkerboard colour, so the window
        stays balanced; it is the one of the window nearest ``z``.
        """
        grid, cols = self.grid, self.grid.cols
        r, c = x // cols, x % cols
        for half in MOVES:
            top, left = max(0, r - half), max(0, c - half)
            bottom, right = min(grid.rows, r + half + 1), min(cols, c + half + 1)
            box = _Box(top, left, bottom, right)
            cells = (
                np.arange(top, bottom)[:, None] * cols + np.arange(left, right)[None, :]
            ).ravel()
            same = ((cells // cols + cells % cols) % 2) == (r + c) % 2
            taken = (self.owner[cells] >= 0) & (grid.colour[cells] < 0)
            near = [int(v) for v in cells[same & taken] if self._gap(int(v), z) < self._gap(x, z)]
            near.sort(key=lambda v: self._gap(v, z))
            if any(self._window(box, solve_small, deadline, vacate=v) for v in near[:VACATE]):
                return True
        return False

    def _seeds(self) -> list[list[int]]:
        """The empty cells paired greedily, closest pairs of opposite colours first."""
        cols = self.grid.cols
        empty = np.flatnonzero((self.owner < 0) & (self.grid.need == 2))
        r, c = empty // cols, empty % cols
        black = (r + c) % 2 == 0
        gap = np.abs(r[:, None] - r[None, :]) + np.abs(c[:, None] - c[None, :])
        gap[black[:, None] == black[None, :]] = 1 << 30  # only cells of opposite colours pair
        order = np.argsort(gap, axis=None, kind="stable")
        used = np.zeros(len(empty), dtype=bool)
        seeds = []
        for flat in order.tolist():
            i, j = divmod(flat, len(empty))
            if gap[i, j] >= 1 << 30:
                break
            if not used[i] and not used[j]:
                used[i] = used[j] = True
                seeds.append([int(empty[i]), int(empty[j])])
        seeds += [[int(v)] for v in empty[~used]]
        return seeds

    def _balanced_box(self, seed: list[int], margin: int, empty: IntArray) -> _Box | None:
        """A window around the cells ``seed`` with as many empty cells of either colour.

        Each piece of a path in a window keeps its two ends, so the parity of
        its length too: a window can only fill as many empty cells of one
        colour as of the other. The window grows toward the nearest empty
        cell of the colour it lacks until it is balanced (``None`` when it
        would pass ``WINDOW_CELLS``).
        """
        rows, cols = self.grid.rows, self.grid.cols
        r, c = empty // cols, empty % cols
        sign = 1 - 2 * ((r + c) % 2)
        sr, sc = [v // cols for v in seed], [v % cols for v in seed]
        lo_r, hi_r, lo_c, hi_c = min(sr), max(sr), min(sc), max(sc)
        while True:
            top, bottom = max(0, lo_r - margin), min(rows, hi_r + margin + 1)
            left, right = max(0, lo_c - margin), min(cols, hi_c + margin + 1)
            if (bottom - top) * (right - left) > WINDOW_CELLS:
                return None
            inside = (r >= top) & (r < bottom) & (c >= left) & (c < right)
            surplus = int(sign[inside].sum())
            if surplus == 0:
                return _Box(top, left, bottom, right)
            wanted = ~inside & (sign * surplus < 0)
            if not wanted.any():
                return None
            gap = np.maximum(np.maximum(top - r, r - (bottom - 1)), 0) + np.maximum(
                np.maximum(left - c, c - (right - 1)), 0
            )
            nearest = int(np.flatnonzero(wanted)[np.argmin(gap[wanted])])
            lo_r, hi_r = min(lo_r, int(r[nearest])), max(hi_r, int(r[nearest]))
            lo_c, hi_c = min(lo_c, int(c[nearest])), max(hi_c, int(c[nearest]))

    def _window(
        self,
        box: _Box,
        solve_small: SmallSolver,
        deadline: float | None,
        vacate: int | None = None,
    ) -> bool:
        """Re-route the path pieces inside ``box`` through its empty cells; True when done.

        ``vacate``: a cell inside a piece that the new pieces must leave empty.
        """
        grid, puzzle = self.grid, self.puzzle
        cols = grid.cols
        top, left, bottom, right = box
        box_nodes = (
            np.arange(top, bottom)[:, None] * cols + np.arange(left, right)[None, :]
        ).ravel()
        inside = np.zeros(grid.n_nodes, dtype=bool)
        inside[box_nodes] = True
        inner = self.on & inside[grid.eu] & inside[grid.ev]
        runs, singles = _runs(grid, inner, inside & (self.owner >= 0))
        if vacate is not None:
            if vacate in singles or any(vacate in run for run in runs):
                return False  # the end of a piece stays where it is
            singles = [*singles, vacate]
        pairs = tuple(
            Pair(
                str(i),
                Cell(a // cols - top, a % cols - left),
                Cell(b // cols - top, b % cols - left),
            )
            for i, (a, b) in enumerate(runs)
        )
        holes = {Cell(v // cols - top, v % cols - left) for v in singles}
        holes |= {Cell(h.row - top, h.col - left) for h in puzzle.holes
                  if top <= h.row < bottom and left <= h.col < right}  # fmt: skip
        walls = frozenset(
            (Cell(a.row - top, a.col - left), Cell(b.row - top, b.col - left))
            for a, b in puzzle.walls
            if all(top <= x.row < bottom and left <= x.col < right for x in (a, b))
            and (a.row - top, a.col - left) not in holes
            and (b.row - top, b.col - left) not in holes
        )
        small = Puzzle(bottom - top, right - left, pairs, holes=frozenset(holes), walls=walls)
        found, solution = solve_small(small, deadline)
        if not found or solution is None:
            return False
        self.on[inner] = False
        for k, path in enumerate(solution.paths):
            owner = self.owner[runs[k][0]]
            ids = [(cell.row + top) * cols + cell.col + left for cell in path]
            for u, v in itertools.pairwise(ids):
                self.on[self._edge(u, v)] = True
            self.owner[ids] = owner
        if vacate is not None:
            self.owner[vacate] = -1
        return True


def _gap(a: Cell, b: Cell) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def _cheapest(  # noqa: PLR0917 - one search's state
    grid: Grid,
    free: list[bool],
    dot: list[bool] | None,
    crossed: list[int],
    a: int,
    b: int,
) -> list[int] | None:
    """The cheapest path from ``a`` to ``b``, or ``None``.

    Through free cells only when ``dot`` is ``None``; else also across other
    paths' cells (not their dots), each costing ``CROSSING``. A cell costs
    as many more as it was ``crossed`` before (so that two pairs fighting
    over one passage do not take turns forever: PathFinder's history cost).
    Dijkstra's search in scipy: in Python it cost a 60x60 board's routing
    seconds.
    """
    from scipy.sparse import csr_matrix  # noqa: PLC0415 - see _grid's imports
    from scipy.sparse.csgraph import dijkstra  # noqa: PLC0415

    n = grid.n_nodes
    open_ = np.asarray(free, dtype=bool)
    open_[b] = True
    cost = np.where(open_, 1.0, np.inf)
    if dot is not None:
        across = ~open_ & ~np.asarray(dot, dtype=bool) & (grid.need > 0)
        cost[across] = CROSSING
    cost += np.asarray(crossed, dtype=np.float64)
    src = np.concatenate([grid.eu, grid.ev])
    dst = np.concatenate([grid.ev, grid.eu])
    keep = np.isfinite(cost[dst])
    graph = csr_matrix((cost[dst][keep], (src[keep], dst[keep])), shape=(n, n))
    dist, pred = dijkstra(graph, directed=True, indices=a, return_predecessors=True)
    if not np.isfinite(dist[b]):
        return None
    path = [b]
    while path[-1] != a:
        path.append(int(pred[path[-1]]))
    return path[::-1]


def _runs(
    grid: Grid, inner: BoolArray, taken: BoolArray
) -> tuple[list[tuple[int, int]], list[int]]:
    """The pieces of paths inside a window: ``(ends of each run of two or more, single cells)``."""
    sel = np.flatnonzero(inner)
    deg = np.bincount(np.concatenate([grid.eu[sel], grid.ev[sel]]), minlength=grid.n_nodes)
    singles = np.flatnonzero(taken & (deg == 0)).tolist()
    nxt: dict[int, list[int]] = collections.defaultdict(list)
    for u, v in zip(grid.eu[sel].tolist(), grid.ev[sel].tolist(), strict=True):
        nxt[u].append(v)
        nxt[v].append(u)
    runs = []
    seen: set[int] = set()
    for start in np.flatnonzero(taken & (deg == 1)).tolist():
        if start in seen:
            continue
        prev, cur = -1, start
        while True:
            step = [w for w in nxt[cur] if w != prev]
            if not step:
                break
            prev, cur = cur, step[0]
        seen.update((start, cur))
        runs.append((start, cur))
    return runs, singles
