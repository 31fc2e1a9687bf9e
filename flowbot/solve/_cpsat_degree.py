"""The textbook *degree model* on OR-Tools CP-SAT, a cross-checking backend.

The model has one Boolean per place (a cell, or one of a bridge's two
passages: see ``_cpsat``) and colour, exactly one colour per place, and,
enforced only where a place has a colour: a dot has exactly one neighbour of
its colour, any other place exactly two. It holds on every kind of board.
Two consequences shape this backend:

* **No connectivity.** A colour may come back as its path plus a separate
  closed loop. Every answer is decoded and checked; each stray loop is cut (a
  clause forbids that loop's cell-colour assignment) and the model re-solved.
* **No self-touching.** Counting same-colour neighbours forbids a path from
  running beside itself, which the game allows. So the model's "no solution"
  only proves that no *non-touching* solution exists: the backend then raises
  ``NeedsTouchingError`` and never claims the puzzle is unsolvable.

The model is run by ``_cpsat`` (shared with ``_cpsat_distance``, which adds
rooted distances to this model).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from flowbot.models import Puzzle, SolveResult
from flowbot.solve._cpsat import (
    ColourModel,
    check_deadline,
    count_model,
    linked,
    places,
    solve_model,
)


def build_degree_model(puzzle: Puzzle, deadline: float | None = None) -> ColourModel:
    """The degree model of ``puzzle``.

    Parameters
    ----------
    puzzle
        The board.
    deadline
        ``time.monotonic()`` time by which to be done, else ``OutOfTimeError`` is raised.

    Returns
    -------
    ColourModel
        The model and its ``(place, colour index) -> Boolean`` variables.
    """
    model = cp_model.CpModel()
    dots = {(cell, 0): k for k, pair in enumerate(puzzle.pairs) for cell in (pair.a, pair.b)}
    every = places(puzzle)
    colours = range(len(puzzle.pairs))
    colour = {}
    for place in every:
        check_deadline(deadline)
        cell, passage = place
        for k in colours:
            colour[place, k] = model.new_bool_var(f"x{cell.row}_{cell.col}_{passage}_{k}")
    for place in every:
        check_deadline(deadline)
        model.add_exactly_one(colour[place, k] for k in colours)
        if place in dots:
            model.add(colour[place, dots[place]] == 1)
        near = linked(puzzle, place)
        for k in colours:
            same = sum(colour[n, k] for n in near)
            model.add(same == (1 if place in dots else 2)).only_enforce_if(colour[place, k])
    return ColourModel(model, colour)


def solve_degree(puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
    """Solve ``puzzle`` with the degree model, cutting stray loops until none is left.

    ``timeout`` (seconds, ``None`` for none) covers building and every re-solve.
    Returns ``SOLVED`` (paths that never touch themselves) or ``TIMEOUT``;
    raises ``NeedsTouchingError`` when no non-touching solution exists (see
    ``_cpsat.solve_model``).

    Examples
    --------
    >>> result = solve_degree(Puzzle.from_grid(["ABC", "...", "ABC"]))
    >>> result.status.value, result.solution.grid()
    ('solved', ('ABC', 'ABC', 'ABC'))
    """
    return solve_model(puzzle, build_degree_model, timeout=timeout, backend="cpsat-degree")


def count_degree(puzzle: Puzzle, limit: int, *, timeout: float | None = None) -> int | None:
    """Count the non-touching solutions of ``puzzle`` with the degree model, up to ``limit``.

    Returns ``None`` when the budget ran out first. The game's full count
    (touching allowed) is at least this number.

    >>> count_degree(Puzzle.from_grid(["ABC", "...", "ABC"]), 5)
    1
    """
    return count_model(puzzle, build_degree_model, limit, timeout=timeout)
