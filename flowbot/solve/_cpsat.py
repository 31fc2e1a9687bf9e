"""What the two CP-SAT backends share: running a colour model to loop-free answers.

A backend supplies a ``Builder``: a CP-SAT model with one Boolean per cell and
colour in which each dot has one same-colour neighbour and every other cell
two (``_cpsat_degree``; ``_cpsat_distance`` adds rooted distances). This
module solves it, decodes the colouring into paths, cuts any stray closed loop
and re-solves, all within one deadline, building included: big boards take
seconds just to build.

The search is deterministic: one worker and a fixed seed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from flowbot.errors import NeedsTouchingError
from flowbot.models import Cell, Puzzle, Solution, SolveResult, SolveStatus

log = logging.getLogger(__name__)

#: The fixed seed of every CP-SAT search, so that answers are reproducible.
SEED = 20240601


@dataclass(frozen=True, slots=True)
class ColourModel:
    """A CP-SAT model with its colour Booleans: ``colour[cell, k]`` is "cell has colour k"."""

    model: cp_model.CpModel
    colour: dict[tuple[Cell, int], cp_model.IntVar]


#: Builds a model of a puzzle (the degree model, or one with more constraints)
#: by a deadline (``time.monotonic()`` seconds, ``None`` for none).
Builder = Callable[[Puzzle, "float | None"], ColourModel]


class OutOfTimeError(Exception):
    """Raised by a builder whose deadline passed: big boards take seconds to build."""


def check_deadline(deadline: float | None) -> None:
    """Raise ``OutOfTimeError`` once ``deadline`` has passed."""
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTimeError


def solve_model(
    puzzle: Puzzle, build: Builder, *, timeout: float | None, backend: str
) -> SolveResult:
    """Run a colour model to its first loop-free answer.

    Parameters
    ----------
    puzzle
        The board.
    build
        Builds the backend's model of ``puzzle``.
    timeout
        Wall-clock budget in seconds for building and all the re-solves
        together; ``None`` for no limit.
    backend
        The backend's name, for the error message.

    Returns
    -------
    SolveResult
        ``SOLVED`` with a validated solution whose paths never touch
        themselves, or ``TIMEOUT``.

    Raises
    ------
    NeedsTouchingError
        No solution keeps every path off itself: the puzzle needs a
        self-touching path or has no solution at all, and a model that counts
        same-colour neighbours cannot tell which.
    """
    started = time.monotonic()
    deadline = _deadline(started, timeout)
    try:
        found = _next_solution(puzzle, build(puzzle, deadline), deadline)
    except OutOfTimeError:
        found = None
    seconds = time.monotonic() - started
    if found is None:
        return SolveResult(SolveStatus.TIMEOUT, seconds=seconds)
    if isinstance(found, _NoneLeft):
        raise NeedsTouchingError(
            f"backend {backend!r} found no solution whose paths keep off themselves: "
            "the puzzle needs a self-touching path or has none (backend 'sat' can tell)"
        )
    return SolveResult(SolveStatus.SOLVED, found, seconds)


def count_model(puzzle: Puzzle, build: Builder, limit: int, *, timeout: float | None) -> int | None:
    """Count loop-free answers up to ``limit`` by forbidding each one found and re-solving."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    deadline = _deadline(time.monotonic(), timeout)
    try:
        colour_model = build(puzzle, deadline)
    except OutOfTimeError:
        return None
    count = 0
    while count < limit:
        found = _next_solution(puzzle, colour_model, deadline)
        if found is None:
            return None
        if isinstance(found, _NoneLeft):
            break
        count += 1
        # Forbid this exact colouring; the colours fix the paths, so the next
        # answer is a different solution.
        colour_model.model.add_bool_or(
            ~colour_model.colour[cell, k] for k, path in enumerate(found.paths) for cell in path
        )
    return count


class _NoneLeft:
    """Marker: the model has no (further) answer."""


_NONE_LEFT = _NoneLeft()


def _deadline(started: float, timeout: float | None) -> float | None:
    if timeout is not None and timeout < 0:
        raise ValueError(f"timeout must be 0 or more seconds, got {timeout}")
    return None if timeout is None else started + timeout


def _next_solution(
    puzzle: Puzzle, colour_model: ColourModel, deadline: float | None
) -> Solution | _NoneLeft | None:
    """The model's next loop-free answer, ``_NONE_LEFT``, or ``None`` on timeout.

    Stray loops found on the way are cut for good: they are in no solution.
    """
    while True:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = SEED
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            solver.parameters.max_time_in_seconds = remaining
        status = solver.solve(colour_model.model)
        if status == cp_model.INFEASIBLE:
            return _NONE_LEFT
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None  # UNKNOWN: the time ran out
        owner = {
            cell: k for (cell, k), var in colour_model.colour.items() if solver.boolean_value(var)
        }
        solution, loops = decode(puzzle, owner)
        if not loops:
            solution.validate()
            return solution
        for k, loop in loops:
            log.debug(
                "cutting a stray loop of colour %r (%d cells)", puzzle.pairs[k].label, len(loop)
            )
            colour_model.model.add_bool_or(~colour_model.colour[cell, k] for cell in loop)


def decode(
    puzzle: Puzzle, owner: dict[Cell, int]
) -> tuple[Solution, list[tuple[int, frozenset[Cell]]]]:
    """Walk each colour from dot ``a`` to dot ``b``; return the paths and any stray loops.

    ``owner`` maps every cell to its colour index in a colouring where each dot
    has one same-colour neighbour and every other cell two. A stray loop is
    ``(colour index, its cells)``.
    """
    paths = []
    on_path: set[Cell] = set()
    for k, pair in enumerate(puzzle.pairs):
        path = [pair.a]
        previous = None
        while path[-1] != pair.b:
            here = path[-1]
            step = next(n for n in puzzle.neighbours(here) if owner[n] == k and n != previous)
            previous = here
            path.append(step)
        paths.append(tuple(path))
        on_path.update(path)
    loops = []
    stray = {cell for cell in owner if cell not in on_path}
    while stray:
        # Each stray component is one closed loop (every cell has two same-colour neighbours).
        start = stray.pop()
        k = owner[start]
        loop = {start}
        frontier = [start]
        while frontier:
            for n in puzzle.neighbours(frontier.pop()):
                if n in stray and owner[n] == k:
                    stray.discard(n)
                    loop.add(n)
                    frontier.append(n)
        loops.append((k, frozenset(loop)))
    return Solution(puzzle, tuple(paths)), loops
