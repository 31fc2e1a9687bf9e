"""flowbot.solve: a complete, sound Flow Free solver on a SAT solver (python-sat).

``solve(puzzle)`` returns a validated solution, a proof-backed "unsolvable",
or a clean timeout; ``solutions(puzzle, limit)`` lists solutions up to a
limit and ``count_solutions(puzzle, limit)`` counts them. All follow the
game's full rules: every pair joined, every cell on exactly one path, and
paths may run beside themselves.

Examples
--------
>>> from flowbot.models import Puzzle
>>> result = solve(Puzzle.from_grid(["A.B", "A.B"]))
>>> result.status.value, result.solution.grid()
('solved', ('ABB', 'ABB'))
>>> count_solutions(Puzzle.from_grid(["A..", "...", "..A"]), 10)
SolutionCount(count=2, exact=True, timed_out=False)
>>> [s.grid() for s in solutions(Puzzle.from_grid(["AB", "AB"]), 5).found]
[('AB', 'AB')]
"""

from __future__ import annotations

import importlib
import threading
import time
from dataclasses import dataclass, replace
from typing import Protocol

from flowbot.errors import InputError
from flowbot.models import Puzzle, Solution, SolveResult

__all__ = [
    "BACKENDS",
    "Backend",
    "SolutionCount",
    "Solutions",
    "count_solutions",
    "solutions",
    "solve",
]


class Backend(Protocol):
    """A solver: ``backend(puzzle, timeout=seconds) -> SolveResult``."""

    def __call__(self, puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult: ...


class _Lazy:
    """A backend whose module is imported on its first use.

    OR-Tools (the CP-SAT backends) takes over half a second to import, scipy
    and python-sat (the "sat" backend) a third of one: ``import flowbot.solve``
    and ``flowbot --help`` should pay for neither.
    """

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self.__name__ = self.__qualname__ = name
        self.__doc__ = f"``{module}.{name}``, imported when first used."

    def load(self) -> Backend:
        """The backend itself (importing its module the first time)."""
        backend: Backend = getattr(importlib.import_module(self.module), self.name)
        return backend

    def __call__(self, puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
        return self.load()(puzzle, timeout=timeout)


#: Every solver by name. Adding one is one line here. ``solve`` validates
#: whatever a backend answers; a backend called directly may skip that.
BACKENDS: dict[str, Backend] = {
    "sat": _Lazy("flowbot.solve._engine", "solve_sat"),
    "cpsat-degree": _Lazy("flowbot.solve._cpsat_degree", "solve_degree"),
    "cpsat-distance": _Lazy("flowbot.solve._cpsat_distance", "solve_distance"),
}


@dataclass(frozen=True, slots=True)
class SolutionCount:
    """How many solutions a count found.

    ``exact`` is true when the search ran to its end below the limit, so that
    ``count`` is the number of solutions; otherwise there are at least
    ``count`` (the limit was reached, or ``timed_out``).
    """

    count: int
    exact: bool
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Solutions:
    """The solutions a search found.

    ``exact`` is true when the search ran to its end below the limit, so that
    ``found`` holds every solution; otherwise there are more (the limit was
    reached) or may be (``timed_out``: cut short at the timeout or the
    conflict budget).
    """

    found: tuple[Solution, ...]
    exact: bool
    timed_out: bool = False


def solve(puzzle: Puzzle, *, timeout: float | None = None, backend: str = "sat") -> SolveResult:
    """Solve a puzzle under the game's full rules.

    Parameters
    ----------
    puzzle
        The board.
    timeout
        Seconds to give up after (``None``: no limit).
    backend
        A name from ``BACKENDS``.

    Returns
    -------
    SolveResult
        ``SOLVED`` with a solution that passed ``Solution.validate()``,
        ``UNSOLVABLE`` only when proven, or ``TIMEOUT``; ``seconds`` covers
        the solve and the validation (not the first import of the backend's
        libraries). Deterministic, but for where a timeout
        falls.

    Raises
    ------
    InputError
        For an unknown backend or a negative timeout.
    """
    timeout = _checked_timeout(timeout)
    try:
        run = BACKENDS[backend]
    except KeyError:
        known = ", ".join(sorted(BACKENDS))
        raise InputError(f"unknown solver backend {backend!r}; known: {known}") from None
    if isinstance(run, _Lazy):
        run = run.load()  # importing a library is no part of the solve time
    start = time.perf_counter()
    result = run(puzzle, timeout=timeout)
    if result.solution is not None:
        result.solution.validate()  # whatever the backend, never a wrong answer
    return replace(result, seconds=time.perf_counter() - start)


def solutions(
    puzzle: Puzzle, limit: int, *, timeout: float | None = None, conflicts: int | None = None
) -> Solutions:
    """List a puzzle's solutions (paths may touch themselves), stopping at ``limit``.

    Parameters
    ----------
    puzzle
        The board.
    limit
        Stop once this many are found (``2`` tells whether a puzzle is
        unique, and shows where a second solution differs).
    timeout
        Seconds to give up after (``None``: no limit).
    conflicts
        Give up, as at the timeout, once the SAT solver has met this many
        conflicts (``None``: no limit): a bound on the work that, unlike a
        timeout, cuts the search at the same point on every machine.

    Returns
    -------
    Solutions
        The solutions, each passed ``Solution.validate()`` and differing from
        the others in at least one path, and whether they are all there are.
        Solutions without U-turns come first; the last search, the proof that
        no other solution exists, is the costly one on open boards.

    Raises
    ------
    InputError
        For a limit below 1, a negative timeout or a negative conflict budget.
    """
    timeout = _checked_timeout(timeout)
    if limit < 1:
        raise InputError(f"the solution limit must be at least 1, got {limit}")
    if conflicts is not None and conflicts < 0:
        raise InputError(f"the conflict budget must be 0 or more, got {conflicts}")
    from flowbot.solve._engine import solutions_sat  # noqa: PLC0415 - imports scipy, pysat

    found, exact, timed_out = solutions_sat(puzzle, limit, timeout=timeout, conflicts=conflicts)
    return Solutions(tuple(found), exact, timed_out)


def count_solutions(puzzle: Puzzle, limit: int, *, timeout: float | None = None) -> SolutionCount:
    """Count a puzzle's solutions (paths may touch themselves), stopping at ``limit``.

    The search of ``solutions``; see there for the parameters.

    Returns
    -------
    SolutionCount
        The count, and whether it is exact.

    Raises
    ------
    InputError
        For a limit below 1 or a negative timeout.
    """
    listed = solutions(puzzle, limit, timeout=timeout)
    return SolutionCount(len(listed.found), listed.exact, listed.timed_out)


def _checked_timeout(timeout: float | None) -> float | None:
    """``timeout``, or ``None`` (no limit) past what a timer can wait (about 292 years)."""
    if timeout is not None and not timeout >= 0:
        raise InputError(f"the timeout must be 0 or more seconds, got {timeout}")
    if timeout is not None and timeout >= threading.TIMEOUT_MAX:
        return None
    return timeout
