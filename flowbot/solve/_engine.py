"""The "sat" backend: the SAT model, no self-touching first, lazy cycle cuts."""

from __future__ import annotations

import logging
import time

from flowbot.models import Puzzle, SolveResult, SolveStatus
from flowbot.solve._sat import Model, Search

log = logging.getLogger(__name__)


def solve_sat(puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
    """Solve with python-sat (Glucose 4); see ``flowbot.solve.solve``.

    The model first runs with self-touching switched off (an assumption, so
    the solver keeps what it learnt): most puzzles have such a solution and it
    is found fastest. Only if there is none does the full model run, whose
    "unsatisfiable" is a proof.
    """
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout

    def result(status: SolveStatus, solution: object = None) -> SolveResult:
        return SolveResult(status, solution, time.perf_counter() - start)  # type: ignore[arg-type]

    model = Model(puzzle)
    if model.empty_cell:
        log.debug("%s: a cell no colour can reach", puzzle.size)
        return result(SolveStatus.UNSOLVABLE)
    switch = model.no_touch()
    search = Search(model, deadline=deadline)
    try:
        found, solution = search.next_solution([switch], deadline)
        if found is False:
            log.debug("%s: no solution without self-touching; trying with it", puzzle.size)
            found, solution = search.next_solution([-switch], deadline)
    finally:
        search.close()
    if found is None:
        return result(SolveStatus.TIMEOUT)
    if not found:
        return result(SolveStatus.UNSOLVABLE)
    assert solution is not None
    solution.validate()
    return result(SolveStatus.SOLVED, solution)


def count_sat(
    puzzle: Puzzle, limit: int, *, timeout: float | None = None
) -> tuple[int, bool, bool]:
    """Count solutions up to ``limit``: ``(count, exact, timed_out)``."""
    deadline = None if timeout is None else time.perf_counter() + timeout
    model = Model(puzzle)
    if model.empty_cell:
        return 0, True, False
    search = Search(model, deadline=deadline)
    count = 0
    try:
        while count < limit:
            found, solution = search.next_solution([], deadline)
            if found is None:
                return count, False, True
            if not found:
                return count, True, False
            assert solution is not None
            solution.validate()
            count += 1
            search.block_last()
    finally:
        search.close()
    return count, False, False
