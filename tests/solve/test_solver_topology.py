"""Boundary-order proofs of unsolvability, confirmed by the full SAT model."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot.models import Cell, Pair, Puzzle, SolveStatus
from flowbot.solve import count_solutions, solve
from flowbot.solve._engine import _solve
from flowbot.solve._topology import boundary_order_conflict


def grid(*rows: str) -> Puzzle:
    return Puzzle.from_grid(list(rows))


def sat_says_solvable(puzzle: Puzzle) -> bool:
    """The full SAT model alone (no boundary-order shortcut): its "no" is a proof."""
    found, _ = _solve(puzzle, None)
    assert found is not None
    return found


def island_board(n: int, order: str) -> Puzzle:
    """Pairs a, b, c, d from the corners (clockwise a, b, d, c) to a 2x2 block in the middle.

    ``order`` gives the block's labels clockwise from its top left.
    """
    h = n // 2
    block = dict(
        zip(order, (Cell(h - 1, h - 1), Cell(h - 1, h), Cell(h, h), Cell(h, h - 1)), strict=True)
    )
    corners = {"a": Cell(0, 0), "b": Cell(0, n - 1), "d": Cell(n - 1, n - 1), "c": Cell(n - 1, 0)}
    return Puzzle(n, n, tuple(Pair(k, corners[k], block[k]) for k in "abcd"))


def test_crossing_pairs_on_the_border() -> None:
    crossing = grid("A..B", "....", "....", "B..A")  # parity alone does not see it
    assert boundary_order_conflict(crossing) == "pairs 'A' and 'B' cross on the board's border"
    assert not sat_says_solvable(crossing)
    assert solve(crossing).status is SolveStatus.UNSOLVABLE
    nested = grid("A..A", "B..B", "....", "....")
    assert boundary_order_conflict(nested) is None
    assert sat_says_solvable(nested)


def test_other_pairs_on_the_border_do_not_matter() -> None:
    # C and D also sit on the border, between the crossing dots of A and B.
    board = grid("AC.B", "C...", "D...", "B.DA")
    assert boundary_order_conflict(board) is not None
    assert not sat_says_solvable(board)


def test_the_order_around_an_island_must_match_the_border() -> None:
    for n in (6, 8, 1002):
        wrong = island_board(n, "abcd")  # the block reads a, b, c, d; the border a, b, d, c
        assert "different cyclic orders" in (boundary_order_conflict(wrong) or "")
        if n < 10:
            assert not sat_says_solvable(wrong)
    for n in (6, 8):
        right = island_board(n, "abdc")
        assert boundary_order_conflict(right) is None
        assert sat_says_solvable(right)
        assert solve(right).status is SolveStatus.SOLVED


def test_the_1002_board_is_proven_unsolvable_at_once() -> None:
    result = solve(island_board(1002, "abcd"), timeout=60)
    assert result.status is SolveStatus.UNSOLVABLE
    assert count_solutions(island_board(8, "abcd"), 2).count == 0


def test_islands_the_argument_does_not_cover_are_left_alone() -> None:
    # A ring of dots round an empty cell has a hole: no annulus, so no claim,
    # however the ring's dots are ordered.
    ring = [Cell(2, 2), Cell(2, 3), Cell(2, 4), Cell(3, 4), Cell(4, 4), Cell(4, 3), Cell(4, 2)]
    ring.append(Cell(3, 2))
    outer = [Cell(0, 0), Cell(6, 6), Cell(0, 6), Cell(6, 0), Cell(0, 2), Cell(6, 3)]
    outer += [Cell(3, 0), Cell(3, 6)]
    holed = Puzzle(
        7, 7, tuple(Pair(str(i), a, b) for i, (a, b) in enumerate(zip(ring, outer, strict=True)))
    )
    assert boundary_order_conflict(holed) is None
    # An island on the border is not an annulus's inner boundary either.
    touching = Puzzle(
        5,
        5,
        (
            Pair("a", Cell(0, 0), Cell(0, 2)),
            Pair("b", Cell(4, 4), Cell(1, 2)),
            Pair("c", Cell(4, 0), Cell(1, 1)),
        ),
    )
    assert boundary_order_conflict(touching) is None


def random_island_puzzle(rng: random.Random) -> Puzzle:
    """A small board with a random island of dots, most of them paired with border dots."""
    n = rng.randint(5, 7)
    inner = [Cell(r, c) for r in range(1, n - 1) for c in range(1, n - 1)]
    island = [rng.choice(inner)]
    for _ in range(rng.randint(2, 5)):
        r, c = rng.choice(island)
        step = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        cell = Cell(r + step[0], c + step[1])
        if cell in inner and cell not in island:
            island.append(cell)
    free = [
        Cell(r, c)
        for r in range(n)
        for c in range(n)
        if Cell(r, c) not in island and (r in (0, n - 1) or c in (0, n - 1) or rng.random() < 0.1)
    ]
    rng.shuffle(free)
    pairs = [Pair(f"p{i}", cell, free.pop()) for i, cell in enumerate(island)]
    return Puzzle(n, n, tuple(pairs))


def test_random_islands_every_proof_is_confirmed() -> None:
    rng = random.Random(7)
    proofs = solvable = 0
    for _ in range(300):
        puzzle = random_island_puzzle(rng)
        claim = boundary_order_conflict(puzzle)
        if sat_says_solvable(puzzle):
            solvable += 1
            assert claim is None, puzzle
        elif claim is not None:
            proofs += 1
    assert proofs >= 20  # both sides were really exercised
    assert solvable >= 10


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.data())
def test_a_solvable_board_is_never_rejected(rows: int, cols: int, data: st.DataObject) -> None:
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    k = data.draw(st.integers(1, min(5, len(cells) // 2)))
    dots = data.draw(st.permutations(cells))[: 2 * k]
    puzzle = Puzzle(rows, cols, tuple(Pair(str(i), *dots[2 * i : 2 * i + 2]) for i in range(k)))
    if boundary_order_conflict(puzzle) is not None:
        assert not sat_says_solvable(puzzle)
