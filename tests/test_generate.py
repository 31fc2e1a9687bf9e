"""The puzzle generator: shapes, constraints, uniqueness, determinism, errors."""

from __future__ import annotations

import pytest

from flowbot.errors import InputError
from flowbot.generate import GeneratedPuzzle, generate
from flowbot.models import Puzzle
from flowbot.solve import SolutionCount, count_solutions


def _check_shape(made: GeneratedPuzzle, rows: int, cols: int, colours: int) -> None:
    puzzle = made.puzzle
    assert (puzzle.rows, puzzle.cols, len(puzzle.pairs)) == (rows, cols, colours)
    assert puzzle == puzzle.canonical()
    assert made.solution.puzzle == puzzle
    made.solution.validate()


@pytest.mark.parametrize(
    ("rows", "cols", "colours"),
    [(1, 2, 1), (1, 9, 3), (2, 2, 2), (3, 3, 4), (4, 7, 5), (7, 4, 3), (10, 10, 9), (5, 12, 30)],
)
def test_every_size_and_colour_count_gives_a_solved_board(
    rows: int, cols: int, colours: int
) -> None:
    for seed in range(3):
        _check_shape(generate(rows, cols, colours, seed=seed), rows, cols, colours)


def test_the_same_seed_gives_the_same_puzzle() -> None:
    first = [generate(8, 8, 7, seed=s, no_touch=True) for s in range(5)]
    again = [generate(8, 8, 7, seed=s, no_touch=True) for s in range(5)]
    assert first == again
    assert len({made.puzzle for made in first}) == 5


def test_a_seed_gives_the_same_puzzle_on_every_machine() -> None:
    # Pinned: everything random comes from random.Random(seed), which Python
    # keeps reproducible across versions and platforms.
    assert generate(5, 5, 4, seed=1).puzzle.to_grid() == (
        ".A..A",
        ".....",
        "BC...",
        "..D..",
        "B.D.C",
    )


@pytest.mark.parametrize("seed", range(10))
def test_no_touch_keeps_every_path_off_itself(seed: int) -> None:
    made = generate(9, 9, 8, no_touch=True, seed=seed)
    _check_shape(made, 9, 9, 8)
    assert not made.solution.touches_itself()


def test_touching_paths_appear_when_not_forbidden() -> None:
    # Shows that the no-touch test above is not passing by accident.
    assert any(generate(9, 9, 8, seed=s).solution.touches_itself() for s in range(10))


@pytest.mark.parametrize(("size", "distance"), [(6, 5), (10, 8), (12, 10)])
def test_min_distance_keeps_dots_apart(size: int, distance: int) -> None:
    for seed in range(5):
        made = generate(size, size, size - 2, min_distance=distance, seed=seed)
        for pair in made.puzzle.pairs:
            assert abs(pair.a.row - pair.b.row) + abs(pair.a.col - pair.b.col) >= distance


@pytest.mark.parametrize(("rows", "cols", "colours"), [(5, 5, 4), (6, 8, 6), (10, 10, 9)])
def test_unique_puzzles_have_exactly_one_solution(rows: int, cols: int, colours: int) -> None:
    for seed in range(4):
        made = generate(rows, cols, colours, unique=True, seed=seed)
        _check_shape(made, rows, cols, colours)
        assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)


def test_unique_is_not_vacuous() -> None:
    # Without --unique some small boards have a second solution.
    counts = [count_solutions(generate(6, 6, 5, seed=s).puzzle, 2).count for s in range(20)]
    assert 2 in counts
    assert all(c >= 1 for c in counts)


def test_unique_no_touch_and_distance_together() -> None:
    made = generate(8, 8, 6, unique=True, no_touch=True, min_distance=4, seed=3)
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)
    assert not made.solution.touches_itself()
    assert all(abs(p.a.row - p.b.row) + abs(p.a.col - p.b.col) >= 4 for p in made.puzzle.pairs)


@pytest.mark.parametrize(
    ("rows", "cols", "colours", "distance", "message"),
    [
        (0, 5, 2, 0, "at least 1x1"),
        (5, 5, 0, 0, "at least 1 colour"),
        (3, 3, 5, 0, "at most 4 colours"),
        (20, 20, 63, 0, "at most 62 colours"),
        (4, 4, 2, 7, "are 7 apart"),
        (4, 4, 2, -1, "0 or more"),
    ],
)
def test_impossible_requests_are_refused(
    rows: int, cols: int, colours: int, distance: int, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        generate(rows, cols, colours, min_distance=distance, seed=0)


def test_a_request_nothing_meets_gives_up_with_a_clear_error() -> None:
    # One path filling a 4x4 board always runs beside itself.
    with pytest.raises(InputError, match="no 4x4 puzzle with 1 colour, no touching"):
        generate(4, 4, 1, no_touch=True, seed=0, max_attempts=2)


def test_generated_puzzle_round_trips_through_grid_text() -> None:
    made = generate(7, 9, 6, seed=11)
    assert Puzzle.from_grid(made.puzzle.to_grid()) == made.puzzle


def test_a_uniqueness_count_cut_short_rejects_the_puzzle() -> None:
    # With no time to count, no puzzle is proven unique: every attempt is rejected.
    with pytest.raises(InputError, match="unique"):
        generate(6, 6, 5, unique=True, seed=3, max_attempts=3, unique_timeout=0.0)
    made = generate(6, 6, 5, unique=True, seed=3, unique_timeout=30.0)
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)
