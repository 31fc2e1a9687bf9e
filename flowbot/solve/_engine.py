"""The "sat" backend: the SAT model, "no U-turns" first, stray cycles joined or cut."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import numpy as np

from flowbot.models import Puzzle, Shape, Solution, SolveResult, SolveStatus
from flowbot.solve import _construct
from flowbot.solve._grid import Grid
from flowbot.solve._sat import Model, Search
from flowbot.solve._stretch import shrink, stretch
from flowbot.solve._topology import boundary_order_conflict

log = logging.getLogger(__name__)

#: Boards this big first try a copy with long empty bands shrunk (``_stretch``).
STRETCH_CELLS = 10_000
#: Boards up to this size (the game's) assume "no U-turns" block by block (``_solve``).
BLOCK_SWITCH_CELLS = 15 * 15
#: Conflicts the search with "no U-turns" and the one without get in their
#: first turn (``_solve``); each later turn doubles it.
FIRST_BUDGET = 3000
#: Boards this big that the search does not solve in its first turns are built
#: piece by piece (``_construct``) before the search goes on.
CONSTRUCT_CELLS = 400
#: Conflicts after which a window of ``_construct`` is given up (and grown).
WINDOW_CONFLICTS = 10_000
#: Seconds after which a window is given up even so.
WINDOW_SECONDS = 0.25
#: Conflicts per call MiniSat gets to prove a count complete before Glucose (``solutions_sat``).
PROOF_BUDGET = 1000
#: Counts of boards with at least ``SLACK_BOUND_NODES`` nodes to fill add
#: ``Model.slack_bound`` (no path longer than the nodes left over allow). On
#: straight covers it cuts a hard proof (30x30, 30 colours, the board's slack
#: 4 and 14 steps: 36k and 79k conflicts without it, 0.8k and 28k with it);
#: a small board's count takes milliseconds, where finding the distances
#: costs more than the bound saves (a 7x7 window of a 20x20 board: 11.3 ms
#: a count with it, 6.7 ms without; unique 20x20 boards, made with thousands
#: of such counts: median 2.58 s with it on every count, 1.85 s without).
SLACK_BOUND = True
SLACK_BOUND_NODES = 200


def solve_sat(puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
    """Solve with python-sat (MiniSat 2.2); see ``flowbot.solve.solve``.

    A checkerboard parity count or the dots' order along the border and
    around an island of dots (``_topology``) may prove the puzzle unsolvable
    at once (``proof_of_none``). Big classic boards with long empty bands are
    first solved shrunk (``_stretch``). The model first runs with U-turns switched off (an
    assumption, so the solver keeps what it learnt): puzzles made for people
    have such a solution and it is found fastest. U-turns are let in where
    the solver proves the rule wrong, and everywhere during turns that bound
    what the rule may cost (``_solve``); "unsatisfiable" with no assumption
    left is a proof.
    """
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout

    def result(status: SolveStatus, solution: Solution | None = None) -> SolveResult:
        return SolveResult(status, solution, time.perf_counter() - start)

    reason = proof_of_none(puzzle)
    if reason is not None:
        log.debug("%s: %s", puzzle.size, reason)
        return result(SolveStatus.UNSOLVABLE)
    if puzzle.is_classic and puzzle.rows * puzzle.cols >= STRETCH_CELLS:
        plan = shrink(puzzle)
        if plan is not None:
            _, small = _solve(plan.puzzle, deadline)
            grown = stretch(small, plan, puzzle) if small is not None else None
            if grown is not None:
                return result(SolveStatus.SOLVED, grown)
            log.debug("%s: the shrunk board gave no answer; solving it whole", puzzle.size)
    if deadline is not None and time.perf_counter() >= deadline:
        return result(SolveStatus.TIMEOUT)  # do not even build the whole model
    build = None
    if puzzle.rows * puzzle.cols >= CONSTRUCT_CELLS and _construct.applies(puzzle):

        def build(grid: Grid) -> Solution | None:
            return _construct.construct(puzzle, grid, _solve_window, deadline)

    found, solution = _solve(puzzle, deadline, build)
    if found is None:
        return result(SolveStatus.TIMEOUT)
    if not found:
        return result(SolveStatus.UNSOLVABLE)
    # flowbot.solve.solve validates every answer, so it is not done twice here.
    return result(SolveStatus.SOLVED, solution)


def proof_of_none(puzzle: Puzzle) -> str | None:
    """Why the puzzle has no solution, found before any search, or ``None``.

    ``None`` proves nothing. The proofs hold on square boards whose paths
    alternate the checkerboard's colours (``parity_balanced``) or stay inside
    the board's rectangle without crossing (``boundary_order_conflict``);
    elsewhere they are not tried.
    """
    if not parity_balanced(puzzle):
        return "the dots' checkerboard parities cannot add up"
    if puzzle.shape is Shape.SQUARE and not puzzle.bridges and not puzzle.warps:
        # Holes and walls only take steps away: the paths are still disjoint
        # curves in the rectangle of the cell centres.
        return boundary_order_conflict(puzzle)
    return None


def parity_balanced(puzzle: Puzzle) -> bool:
    """A necessary condition for any cover of the board by the pairs' paths.

    Colour the board like a checkerboard. A path alternates colours, so it has
    one more cell of its dots' colour when both dots share it, else as many of
    each. The paths' surpluses must add up to the board's own (a bridge's
    cell counts twice: two paths cross it). Only on square boards, and only
    when every warp joins two cells of different colours (a row or column of
    even length): a hexagonal board or an odd warp has steps between cells of
    one colour, and then this proves nothing (``True``).

    >>> parity_balanced(Puzzle.from_grid(["A.", ".A"]))
    False
    """
    surplus = 0
    for pair in puzzle.pairs:
        pa, pb = (pair.a.row + pair.a.col) % 2, (pair.b.row + pair.b.col) % 2
        if pa == pb:
            surplus += 1 if pa == 0 else -1
    board = (puzzle.rows * puzzle.cols) % 2  # even cells of colour 0 exceed by 0 or 1
    if not puzzle.is_classic:
        odd_warp = any((a.row + a.col + b.row + b.col) % 2 == 0 for a, b in puzzle.warps)
        if puzzle.shape is not Shape.SQUARE or odd_warp:
            return True
        board -= sum(1 - 2 * ((r + c) % 2) for r, c in puzzle.holes)
        board += sum(1 - 2 * ((r + c) % 2) for r, c in puzzle.bridges)
    return surplus == board


def _solve(
    puzzle: Puzzle,
    deadline: float | None,
    build: Callable[[Grid], Solution | None] | None = None,
    most: int | None = None,
) -> tuple[bool | None, Solution | None]:
    """Solve with "no U-turns" assumed, letting go of it where the solver blames it.

    A solution found under any assumptions is a solution of the game; only
    "unsatisfiable" with nothing left assumed (an empty core) is a proof. Big
    boards assume the rule as one switch, dropped as a whole. Boards up to
    ``BLOCK_SWITCH_CELLS`` assume it block by block and drop only the blocks in
    the solver's core: a puzzle that needs a path to touch itself in one corner
    keeps the rule everywhere else (``inputs2#3``: 280 ms -> 26 ms). On bigger
    boards hundreds of assumptions slowed the search down (18 s -> 23 s on the
    corpus's boards over 15x15).

    The rule is a bet: on puzzles made for people it speeds the search up by
    orders of magnitude, but on an open board with few colours the solver can
    sink any time into proving that the rule leaves no solution (a random
    15x15 board with 4 colours: over 20 s, against 0.1 s without the rule).
    So the search under the rule and the search without it take turns, each
    stopped after ``budget`` conflicts, the budget doubling every round: the
    time spent is then within a small factor of the better of the two. What
    the solver learns in one turn holds in the other (learnt clauses follow
    from the clauses alone, never from the assumptions).

    ``build``, when given, is tried once after the first two turns: a solution
    it builds is the answer (the search stops); ``None`` proves nothing.
    ``most``: give up (``None``) once the search has met more conflicts than this.
    """
    model = Model(puzzle)
    if model.empty_cell:
        log.debug("%s: a cell no pair can reach", puzzle.size)
        return False, None
    if puzzle.rows * puzzle.cols <= BLOCK_SWITCH_CELLS:
        held = model.no_u_turn_each()
    else:
        held = [model.no_u_turns()]
    search = Search(model, deadline=deadline)
    budget = FIRST_BUDGET
    try:
        while True:
            if most is not None and search.conflicts() > most:
                return None, None
            if held:
                found, solution = search.next_solution(held, deadline, budget)
                if found:
                    return found, solution
                if found is False:
                    blamed = set(search.core())
                    if not blamed:
                        return False, None  # unsatisfiable with no rule assumed: a proof
                    log.debug("%s: letting U-turns in %d blocks", puzzle.size, len(blamed))
                    left = [s for s in held if s not in blamed]
                    if len(left) == len(held):  # pragma: no cover - a core is a subset of them
                        raise AssertionError("the solver blamed no assumption it was given")
                    held = left
                    continue
            # Out of budget under the rule (or no rule left): the full rules' turn.
            bounded = held or build is not None
            found, solution = search.next_solution([], deadline, budget if bounded else None)
            if found is not None or _past(deadline):
                return found, solution
            if build is not None:
                built, build = build(model.grid), None
                if built is not None:
                    return True, built
            budget *= 2
            log.debug("%s: %d conflicts per turn", puzzle.size, budget)
    finally:
        search.close()


def _solve_window(puzzle: Puzzle, deadline: float | None) -> tuple[bool | None, Solution | None]:
    """``_solve`` for ``_construct``'s windows: a few conflicts, then give up.

    A window that is not solved at once is better grown than searched: the
    same answers on every machine, however loaded.
    """
    soon = time.perf_counter() + WINDOW_SECONDS  # rounds of cuts meet no conflicts
    return _solve(puzzle, soon if deadline is None else min(deadline, soon), most=WINDOW_CONFLICTS)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def _hairpin_clauses(model: Model, literal: int, found: list[np.ndarray]) -> list[list[int]]:
    """Clauses under ``literal`` keeping only one of each pair of hairpin moves (``hairpin_moves``).

    Sound when one more solution is sought, besides those ``found`` (their
    chosen edges): any other solution, moved hairpin by hairpin until none of
    the forbidden configurations is left, ends in one that meets the clauses
    and is none of those found, since it holds the configuration of its last
    move. So a move whose configuration some solution found holds is left
    out. One move often stands for thousands of conflicts: the proof that a
    puzzle has no second solution is spent on second solutions whose paths
    touch themselves (``zucker/extreme_12x12_28``: 88.6k conflicts in Glucose
    without the clauses, 13.5k with them).
    """
    forbidden, image = model.hairpin_moves()
    if found:
        held = np.zeros(len(image), dtype=bool)
        for chosen in found:
            held |= chosen[image].all(axis=1)
        forbidden = forbidden[~held]
    rows = np.concatenate([np.full((len(forbidden), 1), -literal), -(forbidden + 1)], axis=1)
    return rows.tolist()


def solutions_sat(
    puzzle: Puzzle, limit: int, *, timeout: float | None = None, conflicts: int | None = None
) -> tuple[list[Solution], bool, bool]:
    """Up to ``limit`` solutions, each validated: ``(solutions, exact, cut_short)``.

    ``cut_short``: the search stopped at ``timeout`` seconds or after
    ``conflicts`` conflicts in all (``None``: no limit).

    Each solution found is blocked (its set of edges) before the next search.
    The solutions without U-turns are listed first, where the search is fast;
    then the rest, with the first ones still blocked, so none counts twice.

    That second search is a proof on a unique puzzle (no other solution, even
    with paths touching themselves), and MiniSat can sink a long time into it
    where Glucose does not (``zucker/extreme_12x12_28``: 2.4M conflicts and 76 s
    against 89k and 7 s), while on most boards MiniSat, keeping what it learnt
    in the first search, is done in milliseconds. So MiniSat gets
    ``PROOF_BUDGET`` conflicts per call and Glucose, started afresh with the
    same blocked solutions, the rest. With the hairpin clauses below the two
    need about as many conflicts on a hard proof (unique generated 17x17 to
    20x20 boards: 60k-98k each), so what MiniSat spent before Glucose took
    over was lost: 20,000 conflicts then, 1,000 now (the 10 unique boards of
    ``solve_scale.py --count``: 374k conflicts in all before, 295k after).
    When one more solution is all that is
    sought, that search also assumes ``_hairpin_clauses``: of two solutions
    that differ by a hairpin moved across its tip it looks at one only
    (``extreme_12x12_28``: 0.4-0.7 s instead of 13-18 s).
    """
    deadline = None if timeout is None else time.perf_counter() + timeout
    if proof_of_none(puzzle) is not None:
        return [], True, False
    model = Model(puzzle)
    if model.empty_cell:
        return [], True, False
    if SLACK_BOUND and int((model.grid.need > 0).sum()) >= SLACK_BOUND_NODES:
        model.slack_bound()
    switch = model.no_u_turns()
    found_all: list[Solution] = []
    blocked: list[list[int]] = []  # clauses added on top of the model: kept across solvers
    found_steps: list[np.ndarray] = []  # the chosen edges of each solution found
    moves: int | None = None  # the literal assuming ``_hairpin_clauses``, once added
    turns = (([switch], "minisat22", None), ([-switch], "minisat22", PROOF_BUDGET))
    search = Search(model, deadline=deadline)
    spent = 0  # conflicts of the solvers closed so far

    def left(turn_budget: int | None) -> int | None:
        """The conflicts the next call may take: its turn's budget, within ``conflicts``."""
        if conflicts is None:
            return turn_budget
        rest = max(0, conflicts - spent - search.conflicts())
        return rest if turn_budget is None else min(rest, turn_budget)

    try:
        for assumptions, solver, budget in (*turns, ([-switch], "glucose4", None)):
            if solver != search.solver:
                spent += search.conflicts()
                search.close()
                search = Search(model, deadline=deadline, solver=solver)
                for clause in blocked:
                    search.sat.add_clause(clause)
            while len(found_all) < limit:
                assumed = assumptions
                if assumptions == [-switch] and len(found_all) == limit - 1:
                    if moves is None:
                        moves = model.new_var()
                        added = _hairpin_clauses(model, moves, found_steps)
                        blocked += added
                        for clause in added:
                            search.sat.add_clause(clause)
                        if not added:
                            moves = 0  # no hairpin can move (a hexagonal board, say)
                    assumed = [-switch, moves] if moves else assumptions
                found, solution = search.next_solution(
                    assumed, deadline, left(budget), join_cycles=False
                )
                if found is None:
                    if _past(deadline) or search.expired or left(None) == 0:
                        return found_all, False, True
                    break  # out of budget: the next solver's turn
                if not found:
                    if assumptions == [-switch]:
                        return found_all, True, False  # a proof: no other solution
                    break
                assert solution is not None
                solution.validate()
                found_all.append(solution)
                found_steps.append(search.last)
                blocked.append(search.block_last())
            if len(found_all) >= limit:
                return found_all, False, False
    finally:
        search.close()
    raise AssertionError("unreachable: the last search has no budget")  # pragma: no cover
