"""Hairpin moves: the clauses that let a count's last search pass over self-touching solutions."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from flowbot.errors import InputError
from flowbot.generate import generate
from flowbot.models import Puzzle, Solution
from flowbot.solve import solutions
from flowbot.solve._grid import Grid
from flowbot.solve._sat import Model


def steps(grid: Grid, solution: Solution) -> frozenset[int]:
    """The edges a solution's paths step across (square boards without bridges)."""
    index = {edge: i for i, edge in enumerate(zip(grid.eu.tolist(), grid.ev.tolist(), strict=True))}
    out = set()
    for path in solution.paths:
        ids = [c.row * grid.cols + c.col for c in path]
        out |= {index[min(u, v), max(u, v)] for u, v in itertools.pairwise(ids)}
    return frozenset(out)


def weight(grid: Grid, chosen: frozenset[int]) -> int:
    """The sum the moves raise: a horizontal step's row, a vertical step's column."""
    total = 0
    for e in chosen:
        (ru, cu), (rv, _) = divmod(int(grid.eu[e]), grid.cols), divmod(int(grid.ev[e]), grid.cols)
        total += ru if ru == rv else cu
    return total


def small_boards(count: int) -> list[Puzzle]:
    """Generated boards of 3x3 to 5x5 (paths may touch), some with holes or walls."""
    rng = random.Random(7)
    boards = []
    while len(boards) < count:
        rows, cols = rng.randint(3, 5), rng.randint(3, 5)
        extra = rng.choice([{}, {"holes": 1}, {"walls": 2}])
        try:
            made = generate(rows, cols, rng.randint(2, 3), touching=True, seed=len(boards), **extra)
        except InputError:
            continue  # no such board: draw another size
        boards.append(made.puzzle)
    return boards


def test_a_forbidden_hairpin_moves_to_another_solution_of_higher_weight() -> None:
    moved = 0
    for puzzle in small_boards(40):
        listed = solutions(puzzle, 1000)
        assert listed.exact
        model = Model(puzzle)
        forbidden, image = model.hairpin_moves()
        everyone = {steps(model.grid, s) for s in listed.found}
        for chosen in everyone:
            for gone, come in zip(forbidden.tolist(), image.tolist(), strict=True):
                if set(gone) <= chosen:
                    after = chosen - set(gone) | set(come)
                    assert after in everyone, puzzle.to_grid()
                    assert weight(model.grid, after) == weight(model.grid, chosen) + 2
                    moved += 1
    assert moved >= 20  # the draw holds many hairpins


def test_no_forbidden_hairpin_is_a_u_turn_free_step_set() -> None:
    # The forbidden configuration holds a U-turn, so no solution found under
    # "no U-turns" (the count's first search) can hold it.
    model = Model(Puzzle.from_grid(["A...", "....", "....", "...A"]))
    forbidden, image = model.hairpin_moves()
    quads = {frozenset(q) for q in model.grid.quads.tolist()}
    for rows in (forbidden, image):
        assert len(rows)
        for row in rows.tolist():
            assert sum(len(q & set(row)) == 3 for q in quads) >= 1


@pytest.mark.parametrize("limit", [2, 3])
def test_counts_to_a_limit_agree_with_the_whole_list(limit: int) -> None:
    # The clauses are only assumed when one more solution is sought; a count
    # to a small limit must still see exactly as far as the whole list.
    sizes = {}
    for puzzle in small_boards(60):
        whole = solutions(puzzle, 1000)
        assert whole.exact
        part = solutions(puzzle, limit)
        assert len(part.found) == min(limit, len(whole.found)), puzzle.to_grid()
        assert part.exact == (len(whole.found) < limit)
        assert set(part.found) <= set(whole.found)
        sizes[min(len(whole.found), limit)] = sizes.get(min(len(whole.found), limit), 0) + 1
    assert sizes.get(1, 0) >= 5
    assert sizes.get(limit, 0) >= 5


def test_a_found_solution_holding_a_moved_hairpin_keeps_its_move_out() -> None:
    # Both solutions of this board have a U-turn, so the first is found by the
    # search that allows them; it holds the image of a forbidden hairpin, and
    # the second solution moves onto it. Were that move kept, the count's last
    # search would find nothing and call the board unique.
    puzzle = Puzzle.from_grid(["..A.A", "..B..", ".BC.C"])
    whole = solutions(puzzle, 10)
    assert whole.exact
    assert len(whole.found) == 2
    assert all(s.touches_itself() for s in whole.found)
    model = Model(puzzle)
    forbidden, image = model.hairpin_moves()
    held = [steps(model.grid, s) for s in whole.found]
    assert any(set(row) <= chosen for row in image.tolist() for chosen in held)
    assert any(set(row) <= chosen for row in forbidden.tolist() for chosen in held)
    part = solutions(puzzle, 2)
    assert (len(part.found), part.exact) == (2, False)
    assert np.all(forbidden[:, 3] == image[:, 3])  # the tip stays where it is
