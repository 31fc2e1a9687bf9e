"""What the two CP-SAT backends share: running a colour model to loop-free answers.

A backend supplies a ``Builder``: a CP-SAT model with one Boolean per place and
colour in which each dot has one same-colour neighbour and every other place
two (``_cpsat_degree``; ``_cpsat_distance`` adds rooted distances). This
module solves it, decodes the colouring into paths, cuts any stray closed loop
and re-solves, all within one deadline, building included: big boards take
seconds just to build.

A *place* is where one path passes: ``(cell, passage)``. A bridge has two,
passage 0 for the steps along its row and 1 for those along its column, each
linked only to the two cells on its axis, so a path crosses it straight; every
other playable cell has one, passage 0. Holes have none. So walls, holes,
warps and hexagons come with ``Puzzle.neighbours`` and bridges with the
places: the models never look at the board's kind.

The search is deterministic: one worker and a fixed seed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from flowbot.errors import NeedsTouchingError
from flowbot.models import Cell, Puzzle, Solution, SolveResult, SolveStatus, step_axis

log = logging.getLogger(__name__)

#: The fixed seed of every CP-SAT search, so that answers are reproducible.
SEED = 20240601


#: ``(cell, passage)``: see the module docstring.
Place = tuple[Cell, int]


def places(puzzle: Puzzle) -> list[Place]:
    """Every place of the board: each playable cell's, then each bridge's second passage."""
    return [(cell, 0) for cell in puzzle.cells()] + [(cell, 1) for cell in sorted(puzzle.bridges)]


def linked(puzzle: Puzzle, place: Place) -> list[Place]:
    """The places a path may step to from ``place``."""
    cell, passage = place
    out = []
    for other in puzzle.neighbours(cell):
        axis = step_axis(cell, other)
        if cell in puzzle.bridges and axis != passage:
            continue  # a bridge's passage leads on along its own axis only
        out.append((other, axis if other in puzzle.bridges else 0))
    return out


@dataclass(frozen=True, slots=True)
class ColourModel:
    """A CP-SAT model with its colour Booleans: ``colour[place, k]`` is "place has colour k"."""

    model: cp_model.CpModel
    colour: dict[tuple[Place, int], cp_model.IntVar]


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
    solution, _ = found
    return SolveResult(SolveStatus.SOLVED, solution, seconds)


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
        _, owner = found
        colour_model.model.add_bool_or(~colour_model.colour[place, k] for place, k in owner.items())
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
) -> tuple[Solution, dict[Place, int]] | _NoneLeft | None:
    """The model's next loop-free answer and its colouring, ``_NONE_LEFT``, or ``None`` on timeout.

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
            place: k for (place, k), var in colour_model.colour.items() if solver.boolean_value(var)
        }
        solution, loops = decode(puzzle, owner)
        if not loops:
            solution.validate()
            return solution, owner
        for k, loop in loops:
            log.debug(
                "cutting a stray loop of colour %r (%d places)", puzzle.pairs[k].label, len(loop)
            )
            colour_model.model.add_bool_or(~colour_model.colour[place, k] for place in loop)


def decode(
    puzzle: Puzzle, owner: dict[Place, int]
) -> tuple[Solution, list[tuple[int, frozenset[Place]]]]:
    """Walk each colour from dot ``a`` to dot ``b``; return the paths and any stray loops.

    ``owner`` maps every place to its colour index in a colouring where each
    dot has one same-colour neighbour and every other place two. A stray loop
    is ``(colour index, its places)``.
    """
    paths = []
    on_path: set[Place] = set()
    for k, pair in enumerate(puzzle.pairs):
        path = [(pair.a, 0)]
        previous = None
        while path[-1][0] != pair.b:
            here = path[-1]
            step = next(n for n in linked(puzzle, here) if owner[n] == k and n != previous)
            previous = here
            path.append(step)
        paths.append(tuple(cell for cell, _ in path))
        on_path.update(path)
    loops = []
    stray = {place for place in owner if place not in on_path}
    while stray:
        # Each stray component is one closed loop (every place has two same-colour neighbours).
        start = stray.pop()
        k = owner[start]
        loop = {start}
        frontier = [start]
        while frontier:
            for n in linked(puzzle, frontier.pop()):
                if n in stray and owner[n] == k:
                    stray.discard(n)
                    loop.add(n)
                    frontier.append(n)
        loops.append((k, frozenset(loop)))
    return Solution(puzzle, tuple(paths)), loops
