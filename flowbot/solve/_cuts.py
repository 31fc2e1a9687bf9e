"""One SAT solver for a family of puzzles: a cover's paths, cut at any subset of given steps.

The generator proves uniqueness of a puzzle made from a known cover (its
solution ``S``). Cutting a path of the cover in two at one of its steps (a new
pair of dots on the step's two cells) only ever takes solutions away, so a
dense set of cuts makes a puzzle whose proof is cheap, and the question is
which cuts the proof needs. Here every cut ``x`` of a given set ``D`` has a
selector literal ``s_x`` (cut or joined), and one solver answers for any
subset ``C`` of ``D`` under assumptions: "unsatisfiable" proves that the
puzzle cut at ``C`` has no solution but ``S``'s, and the solver's core names
the cuts that proof used (the others can be joined again at no cost: the
same proof holds without them). What the solver learns holds for every
subset, so each question after the first starts from all the others'
lemmas.

The model is ``_sat.Model``'s over the puzzle cut at all of ``D`` (every
piece its own colour number), but for the two cells of each cut, which are a
dot (one chosen edge) under ``s_x`` and an empty cell (two) without it.
Colours follow the pieces joined: along each path of the uncut cover, the
colour of piece ``t`` is its own number when the cut before it is made, else
the colour of piece ``t - 1`` (a few bits per piece, ``R_t``); a cut's first
cell takes the colour of the piece it ends, its second cell the colour of the
piece it starts. So the model's solutions under an assignment of the
selectors are exactly the solutions of that puzzle (up to stray cycles,
which are cut as ``Search`` cuts them).
"""

from __future__ import annotations

import itertools
import time

import numpy as np

from flowbot.models import Cell, Link, Puzzle, Solution
from flowbot.solve._grid import Grid, IntArray, _components
from flowbot.solve._sat import _WATCHDOG, Model, Search

#: Result of ``CutFamily.check``: no other solution (and the cuts the proof
#: used), another solution (its chosen edges), or out of budget.
UNIQUE, OTHER, UNKNOWN = "unique", "other", "unknown"


class _CutModel(Model):
    """``Model`` of the puzzle cut at all of ``cuts`` (``dense``), each cut under a selector."""

    def __init__(
        self,
        dense: Solution,
        chains: list[list[int]],
        cuts: list[tuple[int, int]],
        ends: list[tuple[int, int]],
        edge: dict[tuple[int, int], int],
    ) -> None:
        # Set before Model.__init__, which calls _degree and _colour.
        self.chains, self.cut_nodes, self._ends, self._edge = chains, cuts, ends, edge
        grid = Grid.of(dense.puzzle)
        self.selector: list[int] = []
        super().__init__(dense.puzzle, grid)

    def _degree(self) -> None:
        grid = self.grid
        # Selectors come first after the edges, so that later variables do not move.
        first = self.n_vars + 1
        self.n_vars += len(self.cut_nodes)
        self.selector = list(range(first, first + len(self.cut_nodes)))
        cut = np.zeros(grid.n_nodes, dtype=bool)
        for i, j in self.cut_nodes:
            cut[[i, j]] = True
        need = grid.need.copy()
        need[cut] = -1  # no unguarded degree clause
        saved = grid.need
        object.__setattr__(grid, "need", need)
        try:
            super()._degree()
        finally:
            object.__setattr__(grid, "need", saved)
        inc = grid.incidence
        for s, (i, j) in zip(self.selector, self.cut_nodes, strict=True):
            for v in (i, j):
                edges = (inc[v][inc[v] >= 0] + 1).tolist()
                rows: list[list[int]] = []
                for q, guard in ((1, -s), (2, s)):
                    d = len(edges)
                    for sub in itertools.combinations(edges, d - q + 1):
                        rows.append([guard, *sub])
                    for sub in itertools.combinations(edges, q + 1):
                        rows.append([guard, *(-e for e in sub)])
                self._add_rows(rows)

    def _colour(self) -> None:
        grid = self.grid
        pieces = len(self.puzzle.pairs)
        bits = max(1, (pieces - 1).bit_length())
        first = self.n_vars + 1
        self.n_vars += grid.n_nodes * bits
        bvar = first + np.arange(grid.n_nodes * bits, dtype=np.int64).reshape(-1, bits)
        e = np.arange(1, grid.n_edges + 1, dtype=np.int64)
        bu, bv = bvar[grid.eu], bvar[grid.ev]
        for j in range(bits):
            self._add(np.stack([-e, -bu[:, j], bv[:, j]], axis=1))
            self._add(np.stack([-e, bu[:, j], -bv[:, j]], axis=1))
        rows: list[list[int]] = []

        def const(guard: list[int], var: IntArray, number: int) -> None:
            for j in range(bits):
                rows.append([*guard, int(var[j]) if number >> j & 1 else -int(var[j])])

        def equal(guard: list[int], x: IntArray, y: IntArray) -> None:
            for j in range(bits):
                rows.append([*guard, -int(x[j]), int(y[j])])
                rows.append([*guard, int(x[j]), -int(y[j])])

        selector = iter(self.selector)
        cut_at = iter(self.cut_nodes)
        for chain in self.chains:
            # chain: the pieces' numbers in order; its ends are dots of the first and last.
            a_end, b_end = self._ends[chain[0]][0], self._ends[chain[-1]][1]
            const([], bvar[a_end], chain[0])
            colour = None  # R_{t-1} as variables; None: the constant chain[0]
            for t in range(1, len(chain)):
                s = next(selector)
                i, j = next(cut_at)
                r = np.arange(self.n_vars + 1, self.n_vars + 1 + bits, dtype=np.int64)
                self.n_vars += bits
                const([-s], r, chain[t])
                if colour is None:
                    const([s], r, chain[0])
                    const([-s], bvar[i], chain[0])
                else:
                    equal([s], r, colour)
                    equal([-s], bvar[i], colour)
                const([-s], bvar[j], chain[t])
                rows.append([-s, -self._edge[min(i, j), max(i, j)]])
                colour = r
            if colour is None:
                const([], bvar[b_end], chain[0])
            else:
                equal([], bvar[b_end], colour)
        self._add_rows(rows)

    def _add_rows(self, rows: list[list[int]]) -> None:
        by_width: dict[int, list[list[int]]] = {}
        for row in rows:
            by_width.setdefault(len(row), []).append(row)
        for block in by_width.values():
            self._add(np.asarray(block, dtype=np.int64))


class CutFamily:
    """The puzzles of ``solution``'s cover cut at subsets of ``cuts``, in one solver.

    ``solution`` is the cover cut at every step of ``cuts`` (steps of
    ``solution``'s pieces' ends: each joins the last cell of one piece to the
    first of another, so each piece is cut at most twice, and a piece of the
    uncut cover is a chain of pieces). Square or hexagonal boards without
    bridges (a bridge's two passages are one cell).
    """

    def __init__(self, solution: Solution, cuts: list[Link]) -> None:
        puzzle = solution.puzzle
        self.puzzle, self.cuts = puzzle, list(cuts)
        grid = Grid.of(puzzle)
        cols = puzzle.cols
        edge = {(int(u), int(v)): i + 1 for i, (u, v) in enumerate(zip(grid.eu, grid.ev, strict=True))}

        def node(c: Cell) -> int:
            return c[0] * cols + c[1]

        # Each piece's ends as nodes, and which cut joins which piece's end.
        ends = [(node(p[0]), node(p[-1])) for p in solution.paths]
        piece_of = {n: k for k, (a, b) in enumerate(ends) for n in (a, b)}
        joined: dict[int, int] = {}  # node -> node across a cut
        for a, b in self.cuts:
            u, v = node(a), node(b)
            joined[u], joined[v] = v, u
        chains: list[list[int]] = []
        cut_nodes: list[tuple[int, int]] = []
        order: list[int] = []  # self.cuts' index of each selector, in model order
        index = {frozenset((node(a), node(b))): n for n, (a, b) in enumerate(self.cuts)}
        seen: set[int] = set()
        for k, (a, b) in enumerate(ends):
            if k in seen or (a in joined and b in joined):
                continue
            start = b if a in joined else a  # an end of the uncut path
            chain, here = [k], start
            seen.add(k)
            while True:
                far = ends[chain[-1]][1] if ends[chain[-1]][0] == here else ends[chain[-1]][0]
                if far not in joined:
                    break
                nxt = joined[far]
                k2 = piece_of[nxt]
                cut_nodes.append((far, nxt))
                order.append(index[frozenset((far, nxt))])
                chain.append(k2)
                seen.add(k2)
                here = nxt
            chains.append(chain)
        if len(order) != len(self.cuts):
            raise ValueError("every cut must join two pieces' ends, in chains without cycles")
        # Orient each piece's ends as the chain walks them (first, last).
        oriented = list(ends)
        for chain, in_chain in _chain_ends(chains, cut_nodes, ends):
            del chain
            for k, pair in in_chain:
                oriented[k] = pair

        model = _CutModel(solution, chains, cut_nodes, oriented, edge)
        self.model = model
        self.grid = model.grid
        self._selector = [0] * len(self.cuts)
        for s, n in zip(model.selector, order, strict=True):
            self._selector[n] = s
        self.switch = model.no_u_turns()
        self.moves = model.new_var()
        # The steps of the whole cover (every cut joined).
        chosen = np.zeros(grid.n_edges, dtype=bool)
        for p in solution.paths:
            for x, y in itertools.pairwise(p):
                u, v = sorted((node(x), node(y)))
                chosen[edge[u, v] - 1] = True
        cut_edge = [edge[min(u, v), max(u, v)] - 1 for u, v in cut_nodes]
        forbidden, image = model.hairpin_moves()
        full = chosen.copy()
        full[cut_edge] = True
        # A move onto a configuration the cover holds (any cuts joined) is left out.
        forbidden = forbidden[~full[image].all(axis=1)]
        extra: list[list[int]] = []
        extra += np.concatenate(
            [np.full((len(forbidden), 1), -self.moves), -(forbidden + 1)], axis=1
        ).tolist()
        # "Not the cover": some step of it (a cut's step when the cut is joined) unchosen.
        missing = []
        for s, e in zip(model.selector, cut_edge, strict=True):
            m = model.new_var()
            extra += [[-m, -(e + 1)], [-m, -s]]
            missing.append(m)
        extra.append([*(-(np.flatnonzero(chosen) + 1)).tolist(), *missing])
        self.search = Search(model, solver="glucose4", incremental=True)
        for clause in extra:
            self.search.sat.add_clause(clause)
        self.conflicts = 0

    def close(self) -> None:
        self.search.close()

    def check(
        self, made: set[Link], conflicts: int, deadline: float | None = None
    ) -> tuple[str, set[Link] | np.ndarray | None]:
        """Is the cover cut at ``made`` (a subset of the cuts) its puzzle's only solution?

        Returns ``(UNIQUE, cuts the proof used)``, ``(OTHER, chosen edges of
        another solution)`` or ``(UNKNOWN, None)`` after ``conflicts`` (or at
        ``deadline``, ``time.perf_counter()`` seconds).
        """
        chosen_cuts = [s if c in made else -s for c, s in zip(self.cuts, self._selector, strict=True)]
        start = self.search.conflicts()
        try:
            for extra in ([self.switch], [-self.switch, self.moves]):
                left = conflicts - (self.search.conflicts() - start)
                status, found = self._next(chosen_cuts + extra, left, deadline)
                if status == OTHER:
                    return status, found
                if status == UNKNOWN:
                    return status, None
            core = set(self.search.core())
            return UNIQUE, {c for c, s in zip(self.cuts, self._selector, strict=True) if s in core}
        finally:
            self.conflicts += self.search.conflicts() - start

    def _next(
        self, assumptions: list[int], budget: int, deadline: float | None
    ) -> tuple[str, np.ndarray | None]:
        grid = self.grid
        start = self.search.conflicts()
        while True:
            left = budget - (self.search.conflicts() - start)
            if left <= 0 or (deadline is not None and time.perf_counter() > deadline):
                return UNKNOWN, None
            res = self.search._solve(assumptions, deadline, left)
            if res is None:
                _WATCHDOG.forget(self.search.sat)
                return UNKNOWN, None
            if not res:
                return UNIQUE, None
            chosen = self.search.chosen()
            cycles = _stray_cycles(grid, chosen)
            if not cycles:
                return OTHER, chosen
            for cells in cycles:
                self.search.sat.add_clause(self.search._cut(cells))


def _stray_cycles(grid: Grid, chosen: np.ndarray) -> list[IntArray]:
    """The node sets of the chosen edges' components that hold no path's end."""
    degree = np.bincount(grid.eu[chosen], minlength=grid.n_nodes) + np.bincount(
        grid.ev[chosen], minlength=grid.n_nodes
    )
    on = np.flatnonzero(degree > 0)
    comps = _components(grid.n_nodes, grid.eu[chosen], grid.ev[chosen], on)
    return [c for c in comps if (degree[c] == 2).all()]


def _chain_ends(chains, cut_nodes, ends):  # type: ignore[no-untyped-def]
    """Each chain with its pieces' ends ordered as the chain walks them."""
    it = iter(cut_nodes)
    for chain in chains:
        cuts = [next(it) for _ in range(len(chain) - 1)]
        pairs = []
        for t, k in enumerate(chain):
            a, b = ends[k]
            if t > 0:
                entry = cuts[t - 1][1]
                pairs.append((k, (entry, b if a == entry else a)))
            elif cuts:
                exit_ = cuts[0][0]
                pairs.append((k, (b if a == exit_ else a, exit_)))
            else:
                pairs.append((k, (a, b)))
        yield chain, pairs
