"""The puzzle generator: shapes, game-like rules, variants, uniqueness, determinism, errors."""

from __future__ import annotations

import itertools
import random

import pytest

import flowbot.generate as generate_module
import flowbot.solve._engine as engine
from flowbot.errors import InputError
from flowbot.generate import _MOST_TOTAL_SLACK, GeneratedPuzzle, default_colours, generate
from flowbot.generate._board import make_board
from flowbot.generate._cover import CoverChain, slack
from flowbot.generate._unique import path_pairs, region_puzzle, window, windows
from flowbot.models import Puzzle, Shape
from flowbot.solve import SolutionCount, count_solutions, solutions


def _check_shape(made: GeneratedPuzzle, rows: int, cols: int, colours: int) -> None:
    puzzle = made.puzzle
    assert (puzzle.rows, puzzle.cols, len(puzzle.pairs)) == (rows, cols, colours)
    assert puzzle == puzzle.canonical()
    assert made.solution.puzzle == puzzle
    made.solution.validate()


def _check_game_like(made: GeneratedPuzzle) -> None:
    """No path beside itself, no colour's dots side by side, every path three cells or more."""
    assert not made.solution.touches_itself()
    for pair, path in zip(made.puzzle.pairs, made.solution.paths, strict=True):
        assert len(path) >= 3
        assert pair.b not in set(made.puzzle.neighbours(pair.a))


@pytest.mark.parametrize(
    ("rows", "cols", "colours"), [(1, 9, 3), (3, 3, 2), (4, 7, 5), (7, 4, 3), (10, 10, 9)]
)
def test_every_size_and_colour_count_gives_a_game_like_board(
    rows: int, cols: int, colours: int
) -> None:
    for seed in range(3):
        made = generate(rows, cols, colours, seed=seed)
        _check_shape(made, rows, cols, colours)
        _check_game_like(made)


@pytest.mark.parametrize("seed", range(10))
def test_no_two_dots_of_one_colour_sit_side_by_side_by_default(seed: int) -> None:
    # The old default made boards like "BBCC..": many short paths on a small board.
    _check_game_like(generate(6, 6, 10, seed=seed))


@pytest.mark.parametrize(
    ("rows", "cols", "colours"), [(1, 2, 1), (2, 2, 2), (3, 3, 4), (5, 12, 30), (9, 9, 8)]
)
def test_touching_allows_any_cover(rows: int, cols: int, colours: int) -> None:
    for seed in range(3):
        _check_shape(generate(rows, cols, colours, touching=True, seed=seed), rows, cols, colours)


def test_touching_paths_appear_only_when_allowed() -> None:
    assert any(
        generate(9, 9, 8, touching=True, seed=s).solution.touches_itself() for s in range(10)
    )


def test_the_default_colour_count_is_game_like() -> None:
    assert len(generate(9, 9, seed=0).puzzle.pairs) == default_colours(81) == 9
    assert default_colours(60 * 60) == 60


def test_the_same_seed_gives_the_same_puzzle() -> None:
    first = [generate(8, 8, 7, seed=s) for s in range(5)]
    again = [generate(8, 8, 7, seed=s) for s in range(5)]
    assert first == again
    assert len({made.puzzle for made in first}) == 5


def test_a_seed_gives_the_same_puzzle_on_every_machine() -> None:
    # Pinned: everything random comes from random.Random(seed), which Python
    # keeps reproducible across versions and platforms.
    assert generate(5, 5, 4, seed=1).puzzle.to_grid() == (
        ".AB.C",
        "....D",
        ".....",
        ".B.D.",
        ".A..C",
    )


def test_a_big_board_whose_paths_never_touch_themselves() -> None:
    made = generate(40, 40, seed=2)
    _check_shape(made, 40, 40, 40)
    _check_game_like(made)


@pytest.mark.parametrize(("size", "distance"), [(6, 5), (10, 8), (12, 8)])
def test_min_distance_keeps_dots_apart(size: int, distance: int) -> None:
    for seed in range(5):
        made = generate(size, size, size - 2, min_distance=distance, seed=seed)
        for pair in made.puzzle.pairs:
            assert abs(pair.a.row - pair.b.row) + abs(pair.a.col - pair.b.col) >= distance


@pytest.mark.parametrize(
    ("rows", "cols", "colours"), [(5, 5, 4), (6, 8, 6), (10, 10, 9), (6, 6, 3), (7, 7, 4)]
)
def test_unique_puzzles_have_exactly_one_solution(rows: int, cols: int, colours: int) -> None:
    # Also few long paths, where the board has no room for paths that wind little.
    for seed in range(4):
        made = generate(rows, cols, colours, unique=True, seed=seed)
        _check_shape(made, rows, cols, colours)
        assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)


def test_unique_puzzles_have_paths_that_wind_little() -> None:
    # Every path of a unique puzzle takes at most a third of its length in
    # steps more than its dots lie apart (what keeps the proof cheap), and the
    # puzzle is unique by an exact count.
    for seed in range(3):
        made = generate(12, 12, unique=True, seed=seed)
        _check_game_like(made)
        assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)
        for path in made.solution.paths:
            distance = abs(path[0].row - path[-1].row) + abs(path[0].col - path[-1].col)
            assert len(path) - 1 - distance <= len(path) // 3


def test_a_slack_bound_straightens_the_chain_s_covers() -> None:
    rng = random.Random(5)
    board = make_board(rng, 14, 14)
    free = CoverChain(board.graph, 14, no_touch=True, min_len=3, gap=0)
    bound = CoverChain(board.graph, 14, no_touch=True, min_len=3, gap=0, most_slack=1 / 3)
    loose = [slack(board.graph, p) for _ in range(3) for p in free.sample(rng, None) or []]
    tight = [
        (slack(board.graph, p), len(p)) for _ in range(3) for p in bound.sample(rng, None) or []
    ]
    assert tight
    assert all(s <= n // 3 for s, n in tight)
    assert sum(s for s, _ in tight) < sum(loose)


def test_straightening_cuts_take_the_most_slack_out() -> None:
    rng = random.Random(2)
    board = make_board(rng, 10, 10)
    chain = CoverChain(board.graph, 6, no_touch=True, min_len=3, gap=0)
    paths = chain.sample(rng, None)
    assert paths is not None

    def slack_after(i: int, j: int) -> int:
        return sum(slack(board.graph, p) for p in chain.cut(paths, i, j))

    every = [(i, j) for i, p in enumerate(paths) for j in range(2, len(p) - 1)]
    best = chain.straightening_cuts(paths)
    assert best
    least = min(slack_after(i, j) for i, j in every if (i, j) in set(best))
    assert all(slack_after(i, j) == least for i, j in best)
    assert least < sum(slack(board.graph, p) for p in paths)
    # No cut that keeps both pieces three cells or more and their dots apart does better.
    fair = [
        (i, j)
        for i, j in every
        if all(
            len(p) >= 3 and p[-1] not in board.graph.step[p[0]] for p in chain.cut(paths, i, j)[-2:]
        )
    ]
    assert all(slack_after(i, j) >= least for i, j in fair)


def test_unique_is_not_vacuous() -> None:
    # Without --unique some small boards have a second solution.
    counts = [count_solutions(generate(6, 6, 5, seed=s).puzzle, 2).count for s in range(20)]
    assert 2 in counts
    assert all(c >= 1 for c in counts)


def test_unique_and_distance_together() -> None:
    made = generate(8, 8, 6, unique=True, min_distance=4, seed=3)
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)
    _check_game_like(made)
    assert all(abs(p.a.row - p.b.row) + abs(p.a.col - p.b.col) >= 4 for p in made.puzzle.pairs)


# --- the game's other boards --------------------------------------------------

KINDS = {
    "square+walls": {"walls": 12},
    "square+holes": {"holes": 8},
    "square+bridges": {"bridges": 2},
    "square+warps": {"warps": 3},
    "hex": {"hexagonal": True},
    "hex+holes": {"hexagonal": True, "holes": 8},
    "hex+holes+walls": {"hexagonal": True, "holes": 8, "walls": 10},
    "square+holes+walls": {"holes": 8, "walls": 10},
    "square+walls+bridges": {"bridges": 2, "walls": 10},
    "square+walls+bridges+warps": {"warps": 3, "bridges": 2, "walls": 10},
    "square+holes+warps": {"warps": 3, "holes": 6},
    "square+holes+bridges": {"bridges": 2, "holes": 6},
}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_board_is_made_with_a_valid_solution(kind: str) -> None:
    for seed in range(3):
        made = generate(8, 8, 7, seed=seed, **KINDS[kind])  # type: ignore[arg-type]
        assert made.puzzle.kind == kind
        _check_shape(made, 8, 8, 7)
        _check_game_like(made)


def test_features_come_in_the_numbers_asked_for() -> None:
    made = generate(9, 9, 8, holes=7, walls=11, bridges=2, seed=4)
    assert (len(made.puzzle.holes), len(made.puzzle.walls), len(made.puzzle.bridges)) == (7, 11, 2)
    assert made.puzzle.shape is Shape.SQUARE
    assert 1 <= len(generate(9, 9, 8, warps=4, seed=4).puzzle.warps) <= 4  # unused ones dropped


def test_every_bridge_is_crossed_by_two_flows_and_every_warp_used() -> None:
    made = generate(9, 9, 8, bridges=3, warps=3, seed=1)
    steps = {frozenset(s) for path in made.solution.paths for s in itertools.pairwise(path)}
    for bridge in made.puzzle.bridges:
        crossing = [path for path in made.solution.paths if bridge in path]
        assert len(crossing) == 2
    assert all(frozenset(w) in steps for w in made.puzzle.warps)
    assert not any(frozenset(w) in steps for w in made.puzzle.walls)


@pytest.mark.parametrize(
    "kind", ["square+walls", "square+holes", "square+bridges", "square+warps", "hex+holes"]
)
def test_unique_boards_of_each_kind(kind: str) -> None:
    for seed in range(2):
        made = generate(7, 7, seed=seed, unique=True, **KINDS[kind])  # type: ignore[arg-type]
        assert made.puzzle.kind == kind
        assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)


@pytest.mark.parametrize("hexagonal", [False, True])
def test_no_border_row_or_column_is_holes_only(hexagonal: bool) -> None:
    # The game draws such a row as nothing: the board drawn would be another size.
    for seed in range(12):
        made = generate(5, 5, 4, seed=seed, holes=9, hexagonal=hexagonal)
        assert made.puzzle.as_drawn() == made.puzzle, seed


def test_hexagonal_boards_have_no_bridges_or_warps() -> None:
    with pytest.raises(InputError, match="need square cells"):
        generate(6, 6, 4, hexagonal=True, bridges=1, seed=0)


# --- long work ------------------------------------------------------------------


def test_progress_is_reported_as_it_goes() -> None:
    told: list[str] = []
    generate(6, 6, 5, unique=True, seed=1, progress=told.append)
    assert any("drawing a cover" in line for line in told)
    assert any("counting" in line for line in told)


def test_a_request_cut_short_by_the_timeout_says_what_to_change() -> None:
    with pytest.raises(InputError, match=r"found in 0 s .*more colours.*--timeout"):
        generate(30, 30, 30, unique=True, seed=0, timeout=0)


def test_a_uniqueness_count_cut_short_rejects_the_puzzle() -> None:
    # With no time to count, no puzzle is proven unique: every attempt is rejected.
    with pytest.raises(InputError, match="unique"):
        generate(6, 6, 5, unique=True, seed=3, max_attempts=3, unique_timeout=0.0)
    made = generate(6, 6, 5, unique=True, seed=3, unique_timeout=30.0)
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)


def test_counts_cut_short_raise_the_next_ones_conflicts_as_lubys_sequence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # From 100 conflicts, the counts of 14x14 covers are cut short until the
    # budget has grown enough: the puzzle is still made, and proven unique.
    import flowbot.generate as generating  # noqa: PLC0415

    budgets: list[int | None] = []

    def counted(puzzle: Puzzle, limit: int, **kwargs: object) -> object:
        if "conflicts" in kwargs:  # a whole-board count, not a window's
            budgets.append(kwargs["conflicts"])  # type: ignore[arg-type]
        return solutions(puzzle, limit, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(generating, "_COUNT_CONFLICTS", 100)
    monkeypatch.setattr(generating, "solutions", counted)
    made = generate(14, 14, 14, unique=True, seed=0)
    assert budgets[0] == 100
    assert len(set(budgets)) > 1
    # Each count cut short takes the next term (a count that found a second
    # solution leaves the budget as it was).
    luby = [100 * generating._luby(i) for i in range(1, 200)]
    at = 0
    for budget in budgets:
        while luby[at] != budget:
            at += 1
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)


# --- refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "cols", "colours", "distance", "message"),
    [
        (0, 5, 2, 0, "at least 1x1"),
        (5, 5, 0, 0, "at least 1 colour"),
        (3, 3, 4, 0, "at most 3 colours"),
        (30, 30, 63, 0, "at most 62 colours"),
        (4, 4, 2, 7, "are 7 apart"),
        (4, 4, 2, -1, "0 or more"),
        (100_000, 100_000, 5, 0, "too big: at most 40000 cells"),
    ],
)
def test_impossible_requests_are_refused(
    rows: int, cols: int, colours: int, distance: int, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        generate(rows, cols, colours, min_distance=distance, seed=0)


def test_a_request_nothing_meets_gives_up_with_a_hint() -> None:
    # One path filling a 4x4 board always runs beside itself.
    with pytest.raises(InputError, match=r"no 4x4 puzzle with 1 colour with paths that never "
                       r"touch themselves .*try more colours \(--colors 3\)"):  # fmt: skip
        generate(4, 4, 1, seed=0)


def test_generated_puzzle_round_trips_through_grid_text() -> None:
    made = generate(7, 9, 6, seed=11)
    assert Puzzle.from_grid(made.puzzle.to_grid()) == made.puzzle


# --- how uniqueness is checked ------------------------------------------------------


def test_a_window_board_is_solved_by_the_hidden_solution_inside_it() -> None:
    # Each run of a path inside a window becomes a pair whose dots are its ends,
    # so the hidden solution's runs solve the window's board.
    made = generate(9, 9, 8, walls=10, seed=5)
    small = region_puzzle(made.solution, window(made.puzzle, 2, 3, 5))
    assert small is not None
    inside = list(small.cells())
    assert all(2 <= cell.row < 7 and 3 <= cell.col < 8 for cell in inside)
    [found] = solutions(small, 1, timeout=30).found
    cells = {cell for path in found.paths for cell in path}
    assert cells == set(inside)


def test_a_second_solution_in_a_window_is_one_of_the_whole_board() -> None:
    # Re-routing a window's runs keeps every path joined: the whole puzzle has two.
    for seed in range(30):
        made = generate(8, 8, 6, seed=seed)
        for top, left in windows(made.puzzle, 5, 2):
            small = region_puzzle(made.solution, window(made.puzzle, top, left, 5))
            if small is None:
                continue
            found = solutions(small, 2, timeout=30).found
            if len(found) == 2:
                assert count_solutions(made.puzzle, 2).count == 2
                return
    pytest.fail("no window of 30 boards had a second solution")


def test_a_second_solution_of_two_paths_freed_is_one_of_the_whole_board() -> None:
    # The union of two neighbouring paths is a region like a window: the two
    # paths re-routed there, the rest kept, is a second solution of the puzzle.
    for seed in range(30):
        made = generate(8, 8, 6, seed=seed)
        regions = list(path_pairs(made.solution))
        assert regions
        owner = {cell: i for i, path in enumerate(made.solution.paths) for cell in path}
        assert all(len({owner[cell] for cell in region}) == 2 for region in regions)
        for region in regions:
            small = region_puzzle(made.solution, region)
            assert small is not None
            found = solutions(small, 2, timeout=30).found
            if len(found) == 2:
                assert count_solutions(made.puzzle, 2).count == 2
                return
    pytest.fail("no two paths of 30 boards had a second solution")


def test_a_cut_never_brings_a_solution() -> None:
    # A path cut in two (a new pair of dots): every solution of the cut puzzle,
    # joined again at the cut, is one of the puzzle before (the unique repair).
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        board = make_board(rng, 6, 6)
        chain = CoverChain(board.graph, 5, no_touch=True, min_len=3, gap=0)
        paths = chain.sample(rng, None)
        assert paths is not None
        options = chain.straightening_cuts(paths)
        assert options
        cut = chain.cut(paths, *rng.choice(options))
        assert len(cut) == 6
        before = count_solutions(board.solution(paths).puzzle, 200)
        after = count_solutions(board.solution(cut).puzzle, 200)
        assert before.exact
        assert after.exact
        assert 1 <= after.count <= before.count
        checked += after.count < before.count
    assert checked  # some cut took solutions away


def test_big_unique_boards_are_drawn_straight_and_proved_without_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 25x25 and up (``_STRAIGHT_CELLS``): covers whose slack adds up to at most
    # ``_MOST_TOTAL_SLACK``, game-like, with the default colours; unique by a
    # count that does not use the slack bound (an independent check).
    made = generate(25, 25, unique=True, seed=1, timeout=120)
    _check_shape(made, 25, 25, default_colours(625))
    _check_game_like(made)
    total = sum(
        len(p) - 1 - abs(p[0].row - p[-1].row) - abs(p[0].col - p[-1].col)
        for p in made.solution.paths
    )
    assert total <= _MOST_TOTAL_SLACK
    monkeypatch.setattr(engine, "SLACK_BOUND", False)
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)


def test_a_straight_chain_keeps_its_slack_within_the_total() -> None:
    rng = random.Random(3)
    board = make_board(rng, 12, 12)
    chain = CoverChain(board.graph, 11, no_touch=True, min_len=3, gap=0, total_slack=10)
    rows = [[board.index[(r, c), 0] for c in range(12)] for r in range(12)]
    paths = chain.sample(rng, None, rows)
    assert paths is not None
    assert len(paths) == 11
    assert sum(slack(board.graph, p) for p in paths) <= 10
    assert not any(chain.rules(p) for p in paths)
    assert {v for p in paths for v in p} == set(range(board.graph.size))


def test_too_few_colours_for_straight_paths_fall_back_to_winding_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Three paths fill a 6x6 board with 3 steps of slack at least (11 cells at
    # most each, 36 cells): with none allowed the straight chain never
    # settles, and covers that wind make the board.
    monkeypatch.setattr(generate_module, "_STRAIGHT_CELLS", 36)
    monkeypatch.setattr(generate_module, "_MOST_TOTAL_SLACK", 0)
    made = generate(6, 6, 3, unique=True, seed=0)
    _check_shape(made, 6, 6, 3)
    assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)
