"""The SAT model of a Flow Free board, built with numpy and solved with python-sat.

Variables
---------
* ``e[i]`` (``1 + i``): edge ``i`` joins two consecutive cells of one path.
* ``x[v, k]``: cell ``v`` has colour ``k``; made only for the colours a cell
  may take (``Grid.domains``).

Clauses
-------
* degree: a dot has exactly one chosen edge, an empty cell exactly two;
* colour: a chosen edge joins cells of one colour; dots have their own colour;
  every cell has at least one colour;
* no 2x2 block has all four of its edges chosen (the smallest stray cycle).

Every solution of the game satisfies these, and what they allow beyond it is
exactly a set of stray cycles (closed loops holding no dot). Those are cut
lazily: after a model, each stray cycle's cell set ``S`` gets the clause "some
edge leaving ``S`` is chosen", true in every real solution since a path through
``S`` must reach its dots outside it. So "unsatisfiable" is a proof that the
puzzle has no solution, under the game's full rules (paths may touch
themselves).

Optionally, an assumption literal switches on "no self-touching" (two
same-coloured neighbours are always joined by an edge): much stronger
propagation, a solution of it is a solution of the game, but its
unsatisfiability proves nothing, so the caller falls back without it.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time

import numpy as np
from pysat.solvers import Solver

from flowbot.models import Puzzle, Solution
from flowbot.solve._grid import BoolArray, Grid, IntArray, trace

log = logging.getLogger(__name__)

AMO_MAX = 8
_CHUNK = 1 << 16  # clauses added between two looks at the deadline


class Model:
    """The clauses of one puzzle and the variables they use."""

    def __init__(self, puzzle: Puzzle, grid: Grid | None = None) -> None:
        self.puzzle = puzzle
        self.grid = grid = grid or Grid.of(puzzle)
        self.domains = dom = grid.domains(puzzle)
        n_edges = grid.n_edges
        self.xvar = np.zeros(dom.shape, dtype=np.int64)
        self.xvar[dom] = n_edges + 1 + np.arange(int(dom.sum()), dtype=np.int64)
        self.n_vars = n_edges + int(dom.sum())
        self.clauses: list[IntArray] = []  # 2-d arrays, one width each
        self.empty_cell = bool((~dom.any(axis=1)).any())
        self._degree()
        self._colour()
        self._squares()

    def new_var(self) -> int:
        self.n_vars += 1
        return self.n_vars

    def _add(self, clauses: IntArray) -> None:
        if len(clauses):
            self.clauses.append(clauses)

    def _degree(self) -> None:
        grid = self.grid
        inc = grid.incidence
        present = inc >= 0
        degree = present.sum(axis=1)
        need = np.where(grid.colour >= 0, 1, 2)
        # Compact each cell's incident edges to the left, in a fixed order.
        order = np.argsort(~present, axis=1, kind="stable")
        packed = np.take_along_axis(inc, order, axis=1) + 1  # edge literals
        for d in range(5):
            for q in (1, 2):
                rows = packed[(degree == d) & (need == q), :d]
                if not len(rows):
                    continue
                if d < q:
                    self._add(np.zeros((1, 0), dtype=np.int64))  # cannot be met
                    continue
                # at least q: every (d - q + 1)-subset holds a chosen edge
                for sub in itertools.combinations(range(d), d - q + 1):
                    self._add(rows[:, list(sub)])
                # at most q: every (q + 1)-subset holds an unchosen edge
                for sub in itertools.combinations(range(d), q + 1):
                    self._add(-rows[:, list(sub)])

    def _colour(self) -> None:
        grid, dom, xvar = self.grid, self.domains, self.xvar
        edge_lit = np.arange(1, grid.n_edges + 1, dtype=np.int64)
        du, dv = dom[grid.eu], dom[grid.ev]
        both = du & dv
        # an edge between cells with no colour in common is never chosen
        self._add(-edge_lit[~both.any(axis=1)][:, None])
        e_idx, k = np.nonzero(both)
        xu, xv = xvar[grid.eu[e_idx], k], xvar[grid.ev[e_idx], k]
        e = edge_lit[e_idx]
        self._add(np.stack([-e, -xu, xv], axis=1))
        self._add(np.stack([-e, -xv, xu], axis=1))
        for side, other in ((du, dv), (dv, du)):
            e_idx, k = np.nonzero(side & ~other)
            cells = grid.eu if side is du else grid.ev
            self._add(np.stack([-edge_lit[e_idx], -xvar[cells[e_idx], k]], axis=1))
        dots = np.flatnonzero(grid.colour >= 0)
        self._add(xvar[dots, grid.colour[dots]][:, None])
        # at least one colour per cell (an empty domain gives an empty clause)
        counts = dom.sum(axis=1)
        if (counts == 0).any():
            self._add(np.zeros((1, 0), dtype=np.int64))  # a cell no colour reaches
        for n in np.unique(counts[counts > 0]):
            sel = counts == n
            lits = xvar[sel][dom[sel]].reshape(-1, int(n))
            self._add(lits)
            # at most one colour per cell, pairwise
            for i, j in itertools.combinations(range(int(n) if n <= AMO_MAX else 0), 2):
                self._add(-lits[:, [i, j]])

    def _squares(self) -> None:
        self._add(-(self.grid.squares() + 1))

    def no_touch(self) -> int:
        """Add "no self-touching" clauses under a fresh switch literal; return it."""
        grid, dom, xvar = self.grid, self.domains, self.xvar
        switch = self.new_var()
        both = dom[grid.eu] & dom[grid.ev]
        e_idx, k = np.nonzero(both)
        xu, xv = xvar[grid.eu[e_idx], k], xvar[grid.ev[e_idx], k]
        sw = np.full(len(e_idx), -switch, dtype=np.int64)
        self._add(np.stack([sw, -xu, -xv, e_idx + 1], axis=1))
        return switch


class Search:
    """A SAT solver loaded with a model; solves it with lazy cycle cuts.

    Glucose 4 is used: on these models it was as fast as CaDiCaL and MiniSat
    and, unlike CaDiCaL in python-sat, it can be interrupted at a deadline.
    """

    def __init__(self, model: Model, *, deadline: float | None = None) -> None:
        self.model = model
        self.sat = Solver(name="glucose4")
        self.cuts = 0
        self.expired = False
        add = self.sat.add_clause
        for block in model.clauses:
            for chunk in range(0, len(block), _CHUNK):
                if deadline is not None and time.perf_counter() > deadline:
                    self.expired = True
                    return
                for clause in block[chunk : chunk + _CHUNK].tolist():
                    add(clause)

    def close(self) -> None:
        self.sat.delete()

    def _solve(self, assumptions: list[int], deadline: float | None) -> bool | None:
        if self.expired:
            return None
        if deadline is None:
            return bool(self.sat.solve(assumptions=assumptions))
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        timer = threading.Timer(left, self.sat.interrupt)
        timer.start()
        try:
            res = self.sat.solve_limited(assumptions=assumptions, expect_interrupt=True)
        finally:
            timer.cancel()
        self.sat.clear_interrupt()
        return res

    def chosen(self) -> BoolArray:
        """The chosen edges of the last model."""
        model = self.sat.get_model()
        n = self.model.grid.n_edges
        return np.asarray(model[:n], dtype=np.int64) > 0

    def next_solution(
        self, assumptions: list[int], deadline: float | None
    ) -> tuple[bool | None, Solution | None]:
        """Solve, cutting stray cycles until a real solution or a proof of none.

        Returns ``(True, solution)``, ``(False, None)`` when unsatisfiable under
        the assumptions, or ``(None, None)`` at the deadline.
        """
        grid = self.model.grid
        while True:
            res = self._solve(assumptions, deadline)
            if not res:
                return res, None
            chosen = self.chosen()
            solution, cycles = trace(grid, chosen, self.model.puzzle)
            if solution is not None:
                self.last = chosen
                return True, solution
            if not cycles:  # pragma: no cover - the clauses forbid this
                raise AssertionError("model without cycles that is not a solution")
            self.cuts += len(cycles)
            for cells in cycles:
                self.sat.add_clause(self._cut(cells))

    def _cut(self, cells: IntArray) -> list[int]:
        # Some edge leaves the cycle's cells: true of every real solution.
        grid = self.model.grid
        inside = np.zeros(grid.n_cells, dtype=bool)
        inside[cells] = True
        leaving = np.flatnonzero(inside[grid.eu] != inside[grid.ev])
        return (leaving + 1).tolist()

    def block_last(self) -> None:
        """Forbid the last solution's set of edges (so its paths) from coming again."""
        self.sat.add_clause((-(np.flatnonzero(self.last) + 1)).tolist())


class BinaryModel(Model):
    """The same model with each cell's colour as a binary number (fewer clauses)."""

    def _colour(self) -> None:
        grid = self.grid
        n_pairs = len(self.puzzle.pairs)
        self.n_bits = bits = max(1, int(n_pairs - 1).bit_length())
        base = self.n_vars - int(self.domains.sum())  # drop the one-hot variables
        self.bvar = base + 1 + np.arange(grid.n_cells * bits, dtype=np.int64).reshape(-1, bits)
        self.n_vars = base + grid.n_cells * bits
        e = np.arange(1, grid.n_edges + 1, dtype=np.int64)
        bu, bv = self.bvar[grid.eu], self.bvar[grid.ev]
        for i in range(bits):
            self._add(np.stack([-e, -bu[:, i], bv[:, i]], axis=1))
            self._add(np.stack([-e, bu[:, i], -bv[:, i]], axis=1))
        dots = np.flatnonzero(grid.colour >= 0)
        code = (grid.colour[dots][:, None] >> np.arange(bits)) & 1
        self._add(np.where(code == 1, self.bvar[dots], -self.bvar[dots]).reshape(-1, 1))
        # an edge between two dots of different colours is never chosen
        both = (grid.colour[grid.eu] >= 0) & (grid.colour[grid.ev] >= 0)
        clash = both & (grid.colour[grid.eu] != grid.colour[grid.ev])
        self._add(-e[clash][:, None])
        if (~self.domains.any(axis=1)).any():
            self._add(np.zeros((1, 0), dtype=np.int64))

    def no_touch(self) -> int:
        grid, bits = self.grid, self.n_bits
        switch = self.new_var()
        m = grid.n_edges
        # y[e, i] -> the colours of e's cells differ in bit i
        y = self.n_vars + 1 + np.arange(m * bits, dtype=np.int64).reshape(m, bits)
        self.n_vars += m * bits
        bu, bv = self.bvar[grid.eu], self.bvar[grid.ev]
        for i in range(bits):
            self._add(np.stack([-y[:, i], bu[:, i], bv[:, i]], axis=1))
            self._add(np.stack([-y[:, i], -bu[:, i], -bv[:, i]], axis=1))
        e = np.arange(1, m + 1, dtype=np.int64)
        sw = np.full((m, 1), -switch, dtype=np.int64)
        self._add(np.concatenate([sw, e[:, None], y], axis=1))
        return switch
