"""The textbook *distance model* on OR-Tools CP-SAT, a cross-checking backend.

It is the degree model (``_cpsat_degree``) plus Miller-Tucker-Zemlin style
distances: each colour is rooted at its dot ``a`` (distance 0), and every
other place picks exactly one parent, a neighbour of its own colour whose
distance is one less. A closed loop has no way down to a root, so loops are
forbidden outright and each colour is one path from ``a`` to ``b``.

Like the degree model it counts same-colour neighbours, so it forbids paths
that touch themselves: when it finds nothing it raises ``NeedsTouchingError``
("no non-touching solution"), never "unsolvable".
"""

from __future__ import annotations

from flowbot.models import Puzzle, SolveResult
from flowbot.solve._cpsat import (
    ColourModel,
    check_deadline,
    count_model,
    linked,
    places,
    solve_model,
)
from flowbot.solve._cpsat_degree import build_degree_model


def build_distance_model(puzzle: Puzzle, deadline: float | None = None) -> ColourModel:
    """The distance model of ``puzzle``: ``build_degree_model`` plus rooted distances.

    Same parameters and result as ``build_degree_model``: the degree model's
    colour Booleans, over a model with more constraints.
    """
    built = build_degree_model(puzzle, deadline)
    model = built.model
    every = places(puzzle)
    colours = range(len(puzzle.pairs))
    roots = {(pair.a, 0) for pair in puzzle.pairs}
    longest = len(every) - 1
    # The place's colour as one integer, so that "same colour" is one equality.
    colour_index = {p: model.new_int_var(0, max(len(colours) - 1, 0), "") for p in every}
    distance = {p: model.new_int_var(0, longest, "") for p in every}
    for place in every:
        check_deadline(deadline)
        model.add(colour_index[place] == sum(k * built.colour[place, k] for k in colours))
        if place in roots:
            model.add(distance[place] == 0)
            continue
        parents = []
        for n in linked(puzzle, place):
            parent = model.new_bool_var("")
            model.add(colour_index[n] == colour_index[place]).only_enforce_if(parent)
            model.add(distance[n] + 1 == distance[place]).only_enforce_if(parent)
            parents.append(parent)
        model.add_exactly_one(parents)
    return built


def solve_distance(puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
    """Solve ``puzzle`` with the distance model.

    ``timeout`` (seconds, ``None`` for none) covers building and solving.
    Returns ``SOLVED`` (paths that never touch themselves) or ``TIMEOUT``;
    raises ``NeedsTouchingError`` when no non-touching solution exists (see
    ``_cpsat.solve_model``).

    Examples
    --------
    >>> result = solve_distance(Puzzle.from_grid(["ABC", "...", "ABC"]))
    >>> result.status.value, result.solution.paths[0]
    ('solved', (Cell(row=0, col=0), Cell(row=1, col=0), Cell(row=2, col=0)))
    """
    return solve_model(puzzle, build_distance_model, timeout=timeout, backend="cpsat-distance")


def count_distance(puzzle: Puzzle, limit: int, *, timeout: float | None = None) -> int | None:
    """Count the non-touching solutions of ``puzzle`` with the distance model, up to ``limit``.

    Returns ``None`` when the budget ran out first. The game's full count
    (touching allowed) is at least this number.

    >>> count_distance(Puzzle.from_grid(["AB", "AB"]), 5)
    1
    """
    return count_model(puzzle, build_distance_model, limit, timeout=timeout)
