"""The SAT model of a Flow Free board, built with numpy and solved with python-sat.

The model is over the board's graph (``_grid``): its nodes are the cells and
a bridge's second passage, its edges the links a path may step across, so it
is the same on every kind of board.

Variables
---------
* ``e[i]`` (``1 + i``): edge ``i`` joins two consecutive nodes of one path;
* ``b[v, j]``: bit ``j`` of the colour number of node ``v`` (binary colours:
  a few bits per node rather than one variable per colour; on these boards it
  made models 2-3 times smaller and solves faster).

Clauses
-------
* degree: a dot has exactly one chosen edge, an empty node exactly two, a
  hole none;
* colour: a chosen edge joins nodes with the same colour number, each dot has
  its pair's number, no edge joins two dots of different pairs;
* no short cycle of the graph (a 2x2 block, a hexagonal board's triangle)
  has all its edges chosen (the smallest stray cycles);
* a cell that no pair can reach (``Grid.domains``) makes the model
  unsatisfiable at once.

A path then runs from a dot to a dot of the same pair, and every solution of
the game satisfies the clauses. What they allow beyond it is exactly stray
cycles (closed loops holding no dot). A model's stray cycles are first joined
to paths where a cycle runs beside another chain (``splice``: the answer then
has paths that touch themselves, which the game allows); only when some cycle
cannot be joined are they cut: each stray cycle's node set ``S`` gets the
clause "some edge leaving ``S`` is chosen", true in every real solution since a
path through ``S`` must reach its dots outside it, and the model is solved
again. So "unsatisfiable" proves that the puzzle has no solution under the
game's full rules (paths may touch themselves).

A switch literal adds "no U-turns": no path runs along all but one side of a
short cycle (three sides of a 2x2 block, two of a hexagonal board's triangle),
which would make it touch itself. Puzzles made for people (which never need a
path to touch itself: none of the 7,050 official levels' answers does) always
have such a solution, and the rule cuts the search by one to two orders of
magnitude on big boards. A solution with the switch on is a solution of the
game, but "unsatisfiable" with it proves nothing, so the caller then solves
again with it off (same solver, learnt clauses kept). Small boards get one
switch per short cycle instead, so that only the cycles the solver blames (its
unsatisfiable core) are let go (``_engine``).
"""

from __future__ import annotations

import collections
import functools
import itertools
import logging
import math
import os
import threading
import time
from collections.abc import Callable

import numpy as np
import pysolvers  # python-sat's C module
from pysat.solvers import Solver

from flowbot.models import Puzzle, Shape, Solution
from flowbot.solve._grid import BoolArray, Grid, IntArray, splice, trace

log = logging.getLogger(__name__)

_CHUNK = 1 << 16  # clauses added between two looks at the deadline


class Model:
    """The clauses of one puzzle and the variables they use."""

    def __init__(self, puzzle: Puzzle, grid: Grid | None = None) -> None:
        self.puzzle = puzzle
        self.grid = grid = grid or Grid.of(puzzle)
        #: True when some cell can be reached by no pair: no solution.
        self.empty_cell = bool((~grid.domains(puzzle).any(axis=1) & (grid.need > 0)).any())
        self.n_vars = grid.n_edges
        self.clauses: list[IntArray] = []  # 2-d arrays, one width each
        if self.empty_cell:
            self._add(np.zeros((1, 0), dtype=np.int64))
        self._degree()
        self._colour()
        for cycles in grid.cycles():
            self._add(-(cycles + 1))

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
        need = grid.need
        # Compact each node's incident edges to the left, in a fixed order.
        order = np.argsort(~present, axis=1, kind="stable")
        packed = np.take_along_axis(inc, order, axis=1) + 1  # edge literals
        for d in range(inc.shape[1] + 1):
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
        grid = self.grid
        bits = max(1, (len(self.puzzle.pairs) - 1).bit_length())
        first = self.n_vars + 1
        self.n_vars += grid.n_nodes * bits
        bvar = first + np.arange(grid.n_nodes * bits, dtype=np.int64).reshape(-1, bits)
        self.colour_bits = bvar  # (nodes, bits): the variables of each node's colour number
        e = np.arange(1, grid.n_edges + 1, dtype=np.int64)
        bu, bv = bvar[grid.eu], bvar[grid.ev]
        for j in range(bits):
            self._add(np.stack([-e, -bu[:, j], bv[:, j]], axis=1))
            self._add(np.stack([-e, bu[:, j], -bv[:, j]], axis=1))
        dots = np.flatnonzero(grid.colour >= 0)
        code = (grid.colour[dots][:, None] >> np.arange(bits)) & 1
        self._add(np.where(code == 1, bvar[dots], -bvar[dots]).reshape(-1, 1))
        cu, cv = grid.colour[grid.eu], grid.colour[grid.ev]
        self._add(-e[(cu >= 0) & (cv >= 0) & (cu != cv)][:, None])

    def slack_bound(self) -> int:
        """Add "node ``v`` is not colour ``k``" wherever a path of ``k`` through ``v`` is too long.

        Every node is on exactly one path, so the paths' lengths (in nodes)
        add up to the nodes to fill, ``N``, in *every* solution; path ``k``
        takes at least ``d_k + 1`` nodes, ``d_k`` the distance between its
        dots (other pairs' dots are walls). So no path can take more than
        ``T = N - sum(d_k + 1)`` steps beyond its shortest way, and a node
        whose detour for ``k`` (``d(a_k, v) + d(v, b_k) - d_k``) exceeds ``T``
        is never ``k``'s. A counting argument the SAT solver cannot make for
        itself: on a cover whose paths run straight (small ``T``) it confines
        each colour near its shortest ways, which rules out the winding
        second solutions uniqueness proofs are spent on. Sound on every
        board (holes, walls, warps and bridges only change the distances).
        Returns ``T`` (negative: no solution; the caller's search finds that).
        """
        grid = self.grid
        pairs = len(self.puzzle.pairs)
        if not pairs or grid.n_edges == 0:
            return 0
        ends = [np.flatnonzero(grid.colour == k) for k in range(pairs)]
        if any(len(e) != 2 for e in ends):
            return 0  # not a plain pair per colour: nothing to say
        far = _distances(grid, ends)  # (2 * pairs, nodes)
        apart = np.array([far[2 * k, e[1]] for k, e in enumerate(ends)])
        total = int((grid.need > 0).sum()) - int((apart + 1).sum())
        if total < 0 or (apart >= _FAR).any():
            return total
        detour = far[0::2] + far[1::2] - apart[:, None]  # (pairs, nodes)
        k, v = np.nonzero((detour > total) & (grid.need > 0)[None, :])  # holes: no colour
        bits = self.colour_bits.shape[1]
        code = (k[:, None] >> np.arange(bits)) & 1
        lits = self.colour_bits[v]
        # "node v's colour number is not k": some bit differs from k's code
        self._add(np.where(code == 1, -lits, lits))
        return total

    def no_u_turns(self) -> int:
        """Add "no U-turns" under a fresh switch literal; return the literal."""
        switch = self.new_var()
        for cycles in self.grid.cycles():
            self._no_u_turn(cycles, np.full((len(cycles), 1), switch, dtype=np.int64))
        return switch

    def no_u_turn_each(self) -> list[int]:
        """Add "no U-turn" in each short cycle under its own switch; return the switches."""
        switches = []
        for cycles in self.grid.cycles():
            first = self.n_vars + 1
            self.n_vars += len(cycles)
            sw = first + np.arange(len(cycles), dtype=np.int64)[:, None]
            self._no_u_turn(cycles, sw)
            switches += sw.ravel().tolist()
        return switches

    def hairpin_moves(self) -> tuple[IntArray, IntArray]:
        """Where a hairpin can move across its tip: ``(forbidden, image)``, 4 edges a row.

        Two 2x2 blocks share an edge ``t`` (the tip). A path running along
        the three sides of one block but its far side (a hairpin round ``t``,
        a U-turn) while the far side of the other block is a step of any
        path can be rebuilt so that the hairpin lies in the other block: the
        first path steps straight across its block's far side, and the second
        takes the tip's two cells as its detour. Both are solutions, or
        neither. Row ``k`` of ``forbidden`` is the far side of one block with
        the hairpin's three sides in the other (``t`` last), ``image`` the same
        configuration moved: the one kept is where the far side left straight
        lies further right or down, so that a chain of moves raises the sum
        over the steps of a horizontal step's row and a vertical step's
        column by 2 each time, and ends. Square boards without warps only
        (blocks of lattice steps; a bridge's passage never turns).
        """
        none = np.zeros((0, 4), dtype=np.int64)
        grid, quads = self.grid, self.grid.quads
        if self.puzzle.shape is not Shape.SQUARE or self.puzzle.warps or not len(quads):
            return none, none
        cells = grid.cell_of if grid.cell_of is not None else np.arange(grid.n_nodes)
        row_u, col_u = np.divmod(cells[grid.eu], grid.cols)
        row_v = cells[grid.ev] // grid.cols
        # A horizontal step weighs its row, a vertical one its column.
        weight = np.where(row_u == row_v, row_u, col_u)
        # Each block's sides by position; the side opposite position p is p ^ 1.
        flat = quads.ravel()
        order = np.argsort(flat, kind="stable")
        shared = flat[order]
        twice = np.flatnonzero(shared[:-1] == shared[1:])
        first, second = order[twice], order[twice + 1]  # positions in quads.ravel()
        q1, p1 = np.divmod(first, 4)
        q2, p2 = np.divmod(second, 4)
        tip = shared[twice]
        far1, far2 = quads[q1, p1 ^ 1], quads[q2, p2 ^ 1]
        # The two sides of each block beside the tip (positions 2, 3 if the tip is 0 or 1).
        side1 = np.stack([quads[q1, (p1 & 2) ^ 2], quads[q1, ((p1 & 2) ^ 2) + 1]], axis=1)
        side2 = np.stack([quads[q2, (p2 & 2) ^ 2], quads[q2, ((p2 & 2) ^ 2) + 1]], axis=1)
        in_first = np.column_stack([far2, side1, tip])  # hairpin in block 1
        in_second = np.column_stack([far1, side2, tip])
        keep_first = (weight[far2] > weight[far1])[:, None]
        return (
            np.where(keep_first, in_second, in_first),
            np.where(keep_first, in_first, in_second),
        )

    def _no_u_turn(self, cycles: IntArray, switches: IntArray) -> None:
        # A path along all but one side of a short cycle runs beside itself.
        width = cycles.shape[1]
        for sub in itertools.combinations(range(width), width - 1):
            self._add(np.concatenate([-switches, -(cycles[:, list(sub)] + 1)], axis=1))


#: python-sat's handle attribute and C function adding one clause, per solver.
_ADD_CLAUSE = {
    "minisat22": ("minisat", pysolvers.minisat22_add_cl),
    "glucose4": ("glucose", pysolvers.glucose41_add_cl),
}


_FAR = 1 << 30  # a distance meaning "cannot be reached"


def _distances(grid: Grid, dots: list[IntArray]) -> IntArray:
    """``(2 * pairs, nodes)``: each dot's distance to every node, other pairs' dots as walls.

    ``dots``: each pair's two dot nodes. Row ``2k`` is from pair ``k``'s first
    dot, ``2k + 1`` from its second; breadth-first, every dot at once, with numpy.
    """
    pairs = len(dots)
    nbr = grid.neighbours()
    width = nbr.shape[1]
    sources = np.array([d[i] for d in dots for i in (0, 1)])
    owner = np.repeat(np.arange(pairs), 2)
    # a node a path of pair k may pass through: empty, or one of k's dots
    passable = (grid.colour[None, :] < 0) | (grid.colour[None, :] == owner[:, None])
    n = grid.n_nodes
    far = np.full((len(sources), n), _FAR, dtype=np.int64)
    frontier = np.zeros((len(sources), n + 1), dtype=bool)  # column n: "no neighbour"
    frontier[np.arange(len(sources)), sources] = True
    far[np.arange(len(sources)), sources] = 0
    index = np.where(nbr >= 0, nbr, n).reshape(-1)
    level = 0
    while frontier.any():
        level += 1
        reached = frontier[:, index].reshape(len(sources), n, width).any(axis=2)
        reached &= passable & (far == _FAR)
        far[reached] = level
        frontier[:, :n] = reached
    return far


def _clause_adder(sat: Solver, name: str) -> Callable[[list[int]], object]:
    """A function adding one clause to ``sat``, as directly as python-sat allows.

    python-sat's ``add_clause`` and ``append_formula`` are two Python frames
    per clause around the solver's own call; loading a game's board is about 3,000
    clauses, and skipping them made loading a third faster.
    """
    attribute, add = _ADD_CLAUSE[name]
    handle = getattr(getattr(sat, "solver", None), attribute, None)
    if handle is None:  # pragma: no cover - another python-sat layout
        return sat.add_clause
    return functools.partial(add, handle)


class _Watchdog:
    """One thread that interrupts SAT solvers at their deadlines.

    A timer thread per call to the solver cost more than the search on the
    game's boards (a thread started and joined per call: about a millisecond
    on a loaded machine); this thread lives as long as the process.
    """

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)  # the thread does not survive a fork

    def _reset(self) -> None:
        self._cond = threading.Condition()
        self._due: dict[int, tuple[float, Solver]] = {}
        self._next = math.inf  # the earliest deadline the thread waits for
        self._thread: threading.Thread | None = None

    def watch(self, sat: Solver, deadline: float) -> None:
        """Interrupt ``sat`` at ``deadline`` (``time.perf_counter()`` seconds)."""
        with self._cond:
            self._due[id(sat)] = (deadline, sat)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="sat-deadlines", daemon=True)
                self._thread.start()
            if deadline < self._next:
                self._cond.notify()

    def forget(self, sat: Solver) -> None:
        """Stop watching ``sat``; once this returns it is never interrupted."""
        with self._cond:
            self._due.pop(id(sat), None)

    def _run(self) -> None:
        with self._cond:
            while True:
                now = time.perf_counter()
                for key, (deadline, sat) in list(self._due.items()):
                    if deadline <= now:
                        del self._due[key]
                        sat.interrupt()
                self._next = min((d for d, _ in self._due.values()), default=math.inf)
                self._cond.wait(None if self._next == math.inf else self._next - now)


_WATCHDOG = _Watchdog()


class Search:
    """A SAT solver loaded with a model; solves it, joining or cutting stray cycles.

    MiniSat 2.2 is used. Once stray cycles were joined rather than cut, it
    needed about half the conflicts of Glucose 4 on random few-colour boards
    (44k against 85k on 80 boards of 10x10 to 15x15) and no more on the
    corpus (Glucose 3 and MapleSAT needed more). CaDiCaL, close on these
    boards, cannot be interrupted at a deadline in python-sat. Glucose 4
    (``solver="glucose4"``) proves counts complete faster (``solutions_sat``).
    """

    def __init__(
        self, model: Model, *, deadline: float | None = None, solver: str = "minisat22"
    ) -> None:
        self.model = model
        self.solver = solver
        self.sat = Solver(name=solver)
        self.cuts = 0  # stray cycles cut
        self.joins = 0  # stray cycles joined to paths
        self.expired = False
        add = _clause_adder(self.sat, solver)
        for block in model.clauses:
            for chunk in range(0, len(block), _CHUNK):
                if deadline is not None and time.perf_counter() > deadline:
                    self.expired = True
                    return
                # Consumed in C: no Python frame per clause. A clause that makes
                # the formula unsatisfiable is remembered by MiniSat itself.
                collections.deque(map(add, block[chunk : chunk + _CHUNK].tolist()), maxlen=0)

    def close(self) -> None:
        _WATCHDOG.forget(self.sat)  # never let a late interrupt reach a deleted solver
        self.sat.delete()

    def core(self) -> list[int]:
        """The assumptions that the last "unsatisfiable" answer used."""
        return list(self.sat.get_core() or [])

    def _solve(
        self, assumptions: list[int], deadline: float | None, budget: int | None = None
    ) -> bool | None:
        """Solve under ``assumptions``: ``None`` at the deadline or after ``budget`` conflicts."""
        if self.expired:
            return None
        if deadline is None and budget is None:
            return bool(self.sat.solve(assumptions=assumptions))
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return None
        self.sat.conf_budget(-1 if budget is None else budget)  # -1: no limit
        if deadline is not None:
            _WATCHDOG.watch(self.sat, deadline)
        # Once interrupted at the deadline, every later call returns at once.
        return self.sat.solve_limited(assumptions=assumptions, expect_interrupt=True)

    def conflicts(self) -> int:
        """The conflicts the solver has met so far."""
        return int(self.sat.accum_stats().get("conflicts", 0))

    def chosen(self) -> BoolArray:
        """The chosen edges of the last model."""
        model = self.sat.get_model()
        n = self.model.grid.n_edges
        return np.asarray(model[:n], dtype=np.int64) > 0

    def next_solution(
        self,
        assumptions: list[int],
        deadline: float | None,
        budget: int | None = None,
        *,
        join_cycles: bool = True,
    ) -> tuple[bool | None, Solution | None]:
        """Solve, cutting stray cycles until a real solution or a proof of none.

        With ``join_cycles``, a model whose stray cycles can all be joined to
        paths (``splice``) gives its joined solution at once; without it (when
        counting: two models could join into the same solution) every cycle is
        cut and the model solved again.

        Returns ``(True, solution)``, ``(False, None)`` when unsatisfiable under
        the assumptions, or ``(None, None)`` at the deadline or once the calls
        to the solver (one per round of cuts) have run into ``budget``
        conflicts in all.
        """
        grid = self.model.grid
        start = self.conflicts()
        while True:
            left = None if budget is None else budget - (self.conflicts() - start)
            if left is not None and left <= 0:
                return None, None
            res = self._solve(assumptions, deadline, left)
            if not res:
                return res, None
            chosen = self.chosen()
            solution, cycles = trace(grid, chosen, self.model.puzzle)
            if solution is None and join_cycles:
                joined = splice(grid, chosen, cycles)
                if joined is not None:
                    self.joins += len(cycles)
                    chosen = joined
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
        inside = np.zeros(grid.n_nodes, dtype=bool)
        inside[cells] = True
        leaving = np.flatnonzero(inside[grid.eu] != inside[grid.ev])
        return (leaving + 1).tolist()

    def block_last(self) -> list[int]:
        """Forbid the last solution's set of edges (so its paths) from coming again.

        Returns the clause added.
        """
        clause = (-(np.flatnonzero(self.last) + 1)).tolist()
        self.sat.add_clause(clause)
        return clause
