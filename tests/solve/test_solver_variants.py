"""The "sat" solver on the game's other boards: holes, walls, warps, bridges and hexagons.

Tiny hand-made boards per variant (solvable and not), random tiny boards of
every kind counted against brute force, the graph the model is built on, and
every level of a few small official packs (skipped without ``../shared``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from flowbot.errors import InvalidPuzzleError, NeedsTouchingError
from flowbot.formats import read_puzzles
from flowbot.models import Cell, Link, Pair, Puzzle, Shape, Solution, SolveStatus, step_axis
from flowbot.solve import SolutionCount, count_solutions, solve
from flowbot.solve._cpsat import Place, linked
from flowbot.solve._cpsat_degree import count_degree
from flowbot.solve._cpsat_distance import count_distance
from flowbot.solve._engine import parity_balanced, proof_of_none
from flowbot.solve._grid import Grid


def board(
    *rows: str,
    walls: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
    warps: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
    shape: Shape = Shape.SQUARE,
) -> Puzzle:
    """A board from grid text: ``#`` a hole, ``+`` a bridge, ``.`` empty, any other a dot."""
    holes, bridges, dots = set(), set(), {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "#":
                holes.add(Cell(r, c))
            elif ch == "+":
                bridges.add(Cell(r, c))
            elif ch != ".":
                dots.setdefault(ch, []).append(Cell(r, c))
    return Puzzle(
        len(rows),
        len(rows[0]),
        tuple(Pair(label, *cells) for label, cells in dots.items()),
        shape=shape,
        holes=frozenset(holes),
        walls=frozenset(_links(walls)),
        bridges=frozenset(bridges),
        warps=frozenset(_links(warps)),
    )


def _links(pairs: Iterable[tuple[tuple[int, int], tuple[int, int]]]) -> set[Link]:
    return {(Cell(*a), Cell(*b)) for a, b in pairs}


def solved(puzzle: Puzzle) -> Solution:
    result = solve(puzzle, timeout=30)
    assert result.status is SolveStatus.SOLVED
    assert result.solution is not None
    result.solution.validate()
    return result.solution


def unsolvable(puzzle: Puzzle) -> bool:
    return solve(puzzle, timeout=30).status is SolveStatus.UNSOLVABLE


def all_solutions(puzzle: Puzzle) -> Iterator[Solution]:
    """Every solution of a tiny board under the full rules, by trying every path.

    A place is ``(cell, passage)``: a bridge has passages 0 (along its row)
    and 1 (along its column), any other cell just 0. A path goes straight
    through a bridge and may cross the same bridge twice, once each way.
    """
    dots = puzzle.dots()
    places = {
        (cell, passage)
        for cell in puzzle.cells()
        for passage in ((0, 1) if cell in puzzle.bridges else (0,))
    }

    def place(before: Cell, cell: Cell) -> tuple[Cell, int]:
        return cell, step_axis(before, cell) if cell in puzzle.bridges else 0

    def extend(k: int, used: frozenset, paths: tuple[tuple[Cell, ...], ...]) -> Iterator[Solution]:
        if k == len(puzzle.pairs):
            if used == places:
                yield Solution(puzzle, paths)
            return
        pair = puzzle.pairs[k]
        stack: list[tuple[tuple[Cell, ...], frozenset]] = [((pair.a,), frozenset({(pair.a, 0)}))]
        while stack:
            path, mine = stack.pop()
            here = path[-1]
            for n in puzzle.neighbours(here):
                if here in puzzle.bridges and (
                    n == path[-2] or step_axis(path[-2], here) != step_axis(here, n)
                ):
                    continue  # straight through a bridge
                if n == pair.b:
                    yield from extend(k + 1, used | mine | {(n, 0)}, (*paths, (*path, n)))
                elif n not in dots and place(here, n) not in used | mine:
                    stack.append(((*path, n), mine | {place(here, n)}))

    yield from extend(0, frozenset(), ())


# --- tiny boards, one variant at a time ---------------------------------------------


def test_a_hole_shapes_the_board() -> None:
    assert unsolvable(board("A.#", "..#", "##A"))  # the holes cut (2, 2) off
    solution = solved(board("A.#", "..#", "..A"))
    assert len(solution.paths[0]) == 7
    assert not {Cell(0, 2), Cell(1, 2)} & set(solution.paths[0])  # holes are on no path


def test_a_flow_must_touch_itself_around_a_hole() -> None:
    ring = board("A..", "A#.", "...")
    solution = solved(ring)
    assert len(solution.paths[0]) == 8
    assert solution.touches_itself()  # its two ends sit side by side
    assert count_solutions(ring, 5) == SolutionCount(1, exact=True)


def test_a_wall_is_never_crossed() -> None:
    walls = [((0, 0), (0, 1)), ((1, 1), (1, 2))]
    walled = board("A..", "...", "..A", walls=walls)
    expected = len(list(all_solutions(walled)))
    assert 0 < expected < len(list(all_solutions(board("A..", "...", "..A"))))
    assert count_solutions(walled, 50) == SolutionCount(expected, exact=True)
    path = solved(walled).paths[0]
    steps = {frozenset(step) for step in itertools.pairwise(path)}
    assert not steps & {frozenset(map(Cell._make, wall)) for wall in walls}


def test_walls_make_a_board_unsolvable() -> None:
    assert unsolvable(board("A..", "..A", walls=[((0, 1), (0, 2))]))
    # Walls all round the middle cell: nothing reaches it.
    around = [((1, 1), (0, 1)), ((1, 1), (1, 0)), ((1, 1), (1, 2)), ((1, 1), (2, 1))]
    assert unsolvable(board("A.A", "...", "B.B", walls=around))


def test_a_warp_the_only_way_through() -> None:
    warp = [((0, 0), (0, 3))]
    wall = [((0, 1), (0, 2))]
    assert unsolvable(board(".AA.", walls=wall))
    solution = solved(board(".AA.", walls=wall, warps=warp))
    assert solution.paths[0] in (
        (Cell(0, 1), Cell(0, 0), Cell(0, 3), Cell(0, 2)),
        (Cell(0, 2), Cell(0, 3), Cell(0, 0), Cell(0, 1)),
    )


def test_a_warp_across_a_column() -> None:
    wall = [((1, 0), (2, 0))]
    assert unsolvable(board(".", "A", "A", ".", walls=wall))
    puzzle = board(".", "A", "A", ".", walls=wall, warps=[((0, 0), (3, 0))])
    assert solved(puzzle).paths[0] == (Cell(1, 0), Cell(0, 0), Cell(3, 0), Cell(2, 0))
    assert count_solutions(puzzle, 5) == SolutionCount(1, exact=True)


def test_parity_is_not_claimed_across_an_odd_warp() -> None:
    # A 1x3 row with a warp is a triangle: the square board's parity is no proof.
    puzzle = board("A.A", warps=[((0, 0), (0, 2))])
    assert parity_balanced(puzzle)
    assert solved(puzzle).paths[0] == (Cell(0, 0), Cell(0, 1), Cell(0, 2))
    tri = board("AA.", warps=[((0, 0), (0, 2))])
    assert solved(tri).paths[0] == (Cell(0, 0), Cell(0, 2), Cell(0, 1))
    assert not parity_balanced(board("A.", ".A"))  # and still claimed on a plain square


def test_a_bridge_two_flows_must_share() -> None:
    plus = board("#B#", "A+A", "#B#")
    assert [pair.label for pair in plus.pairs] == ["B", "A"]
    assert solved(plus).paths == (
        (Cell(0, 1), Cell(1, 1), Cell(2, 1)),
        (Cell(1, 0), Cell(1, 1), Cell(1, 2)),
    )
    assert count_solutions(plus, 5) == SolutionCount(1, exact=True)


def test_a_flow_never_turns_on_a_bridge() -> None:
    assert unsolvable(board("#A#", "A+B", "#B#"))


def test_one_flow_crosses_a_bridge_both_ways() -> None:
    # The only flow must use both passages: it crosses itself on the bridge.
    puzzle = board("A..", ".+.", "#.A")
    path = solved(puzzle).paths[0]
    assert path.count(Cell(1, 1)) == 2
    assert count_solutions(puzzle, 5).count == len(list(all_solutions(puzzle)))


def test_bridges_count_twice_in_the_parity() -> None:
    # 9 cells and a bridge make 10 places; a parity that forgot the bridge would refuse it.
    puzzle = board("A..", ".+.", "#.A")
    assert parity_balanced(puzzle)


def test_a_hexagonal_board() -> None:
    # On squares the diagonal dots are parity-unsolvable; hexagons step diagonally.
    square = board("A.", ".A")
    hexagonal = board("A.", "..", ".A", shape=Shape.HEX)
    assert unsolvable(square)
    solution = solved(hexagonal)
    assert all(
        b in set(hexagonal.neighbours(a))
        for path in solution.paths
        for a, b in itertools.pairwise(path)
    )
    assert count_solutions(hexagonal, 20).count == len(list(all_solutions(hexagonal)))


def test_an_unsolvable_hexagonal_board() -> None:
    # (1, 0) and (0, 1) each touch only (0, 0) and (1, 1): one of them is left out.
    assert unsolvable(board("A.", ".A", shape=Shape.HEX))


def test_warps_and_bridges_together() -> None:
    # Row 1 reaches its bridge only through the warp at its ends.
    puzzle = board(
        "#A#.", "B+.B", "#A#.",
        walls=[((1, 2), (1, 3))],
        warps=[((1, 0), (1, 3)), ((0, 3), (2, 3))],
    )  # fmt: skip
    assert count_solutions(puzzle, 10).count == len(list(all_solutions(puzzle)))


def test_count_and_solve_agree_on_variants() -> None:
    rows = ("#A..", "..A.", "....", "B..B")
    assert count_solutions(board(*rows), 50) == SolutionCount(4, exact=True)
    walled = board(*rows, walls=[((1, 1), (2, 1))])
    assert count_solutions(walled, 50) == SolutionCount(2, exact=True)
    assert count_solutions(walled, 1) == SolutionCount(1, exact=False)
    closed = board(*rows, walls=[((0, 2), (0, 3))])
    assert count_solutions(closed, 50) == SolutionCount(0, exact=True)
    assert unsolvable(closed)


def test_solving_twice_gives_the_same_answer() -> None:
    puzzle = board("A...B", ".+...", "...+.", "B...A")
    assert len(list(all_solutions(puzzle))) == 2
    first, second = solve(puzzle, timeout=30), solve(puzzle, timeout=30)
    assert first.status is second.status is SolveStatus.SOLVED
    assert first.solution == second.solution


def test_a_timeout_on_a_variant_board() -> None:
    rows = ["A" + "." * 28 + "B", *["." * 30] * 28, "B" + "." * 28 + "A"]
    puzzle = board(*rows, shape=Shape.HEX)
    assert solve(puzzle, timeout=0).status is SolveStatus.TIMEOUT
    assert count_solutions(puzzle, 2, timeout=0).timed_out


# --- random tiny boards against brute force -----------------------------------------


def random_board(rng: random.Random) -> Puzzle | None:
    """A random tiny board of a random kind, or ``None`` when the draw is not a board."""
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    shape = Shape.HEX if rng.random() < 0.25 else Shape.SQUARE
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    holes = {c for c in cells if rng.random() < 0.12}
    free = [c for c in cells if c not in holes]
    bridges: set[Cell] = set()
    warps: set[Link] = set()
    if shape is Shape.SQUARE and rng.random() < 0.4:
        warps |= {(Cell(r, 0), Cell(r, cols - 1)) for r in range(rows) if cols > 2}
        warps |= {(Cell(0, c), Cell(rows - 1, c)) for c in range(cols) if rows > 2}
        warps = {w for w in warps if not set(w) & holes and rng.random() < 0.5}
    probe = Puzzle(rows, cols, (), shape=shape, holes=frozenset(holes), warps=frozenset(warps))
    if shape is Shape.SQUARE and rng.random() < 0.4:
        # A bridge needs a way on across each of its four sides.
        ways = {c: [step_axis(c, n) for n in probe.neighbours(c)] for c in free}
        bridges = {c for c in free if sorted(ways[c]) == [0, 0, 1, 1] and rng.random() < 0.5}
    links = [(a, b) for a in free for b in probe.neighbours(a) if a < b]
    walls = {link for link in links if rng.random() < 0.12}
    spots = [c for c in free if c not in bridges]
    rng.shuffle(spots)
    n_pairs = rng.randint(1, 3)
    if len(spots) < 2 * n_pairs:
        return None
    pairs = tuple(Pair(chr(ord("A") + k), spots[2 * k], spots[2 * k + 1]) for k in range(n_pairs))
    try:
        return Puzzle(
            rows, cols, pairs, shape=shape, holes=frozenset(holes), walls=frozenset(walls),
            bridges=frozenset(bridges), warps=frozenset(warps),
        )  # fmt: skip
    except InvalidPuzzleError:
        return None  # a bridge without a way on at each side, and so on


def test_random_tiny_boards_count_as_brute_force_does() -> None:
    rng = random.Random(25)
    kinds: dict[str, int] = {}
    solvable = checked = 0
    while checked < 150:
        puzzle = random_board(rng)
        if puzzle is None:
            continue
        checked += 1
        kinds[puzzle.kind] = kinds.get(puzzle.kind, 0) + 1
        expected = len(list(all_solutions(puzzle)))
        count = count_solutions(puzzle, 100)
        assert count == SolutionCount(expected, exact=expected < 100), puzzle
        result = solve(puzzle, timeout=30)
        assert (result.status is SolveStatus.SOLVED) == (expected > 0), puzzle
        if proof_of_none(puzzle) is not None:
            assert expected == 0, puzzle
        solvable += expected > 0
    assert solvable >= 15  # the draw gives both answers often
    assert len(kinds) >= 6


# --- the graph under the model ------------------------------------------------------


def test_a_bridge_is_two_passage_nodes() -> None:
    grid = Grid.of(board("#B#", "A+A", "#B#"))
    assert grid.n_nodes == 9 + 1
    neighbours = grid.neighbours()
    assert sorted(neighbours[4][neighbours[4] >= 0].tolist()) == [3, 5]  # along its row
    assert sorted(neighbours[9][neighbours[9] >= 0].tolist()) == [1, 7]  # along its column
    assert grid.cell_of is not None
    assert grid.cell_of[9] == 4
    assert grid.need.tolist() == [0, 1, 0, 1, 2, 1, 0, 1, 0, 2]


def test_hexagonal_cells_have_six_neighbours_and_triangles() -> None:
    grid = Grid.of(board("...", "...", "...", shape=Shape.HEX))
    puzzle = board("...", "...", "...", shape=Shape.HEX)
    degree = (grid.incidence >= 0).sum(axis=1)
    assert degree[4] == 6
    assert grid.n_edges == len(list(puzzle.links()))
    assert len(grid.triangles) > 0
    for tri in grid.triangles:
        nodes = set(grid.eu[tri].tolist()) | set(grid.ev[tri].tolist())
        assert len(nodes) == 3


def test_warps_close_cycles_of_four() -> None:
    puzzle = board("....", "....", warps=[((0, 0), (0, 3)), ((1, 0), (1, 3))])
    grid = Grid.of(puzzle)
    # Three 2x2 blocks, one across the warps, and each row closed by its warp.
    assert len(grid.quads) == 3 + 1 + 2
    for quad in grid.quads:
        nodes = set(grid.eu[quad].tolist()) | set(grid.ev[quad].tolist())
        assert len(nodes) == 4


# --- official levels ----------------------------------------------------------------

SMALL_PACKS = (
    "levelpack_15.txt",  # bridges
    "levelpack_23_hexes.txt",  # hexagons
    "levelpack_27_warps.txt",  # warps
    "levelpack_43_concepts.txt",  # holes and walls
)


@pytest.mark.parametrize("pack", SMALL_PACKS)
def test_every_level_of_a_small_official_pack(shared: Path, pack: str) -> None:
    levels = read_puzzles(shared / "official" / pack)
    assert len(levels) >= 60
    for level in levels:
        solution = solved(level.puzzle)
        assert level.solution is not None
        level.solution.validate()  # the game's answer holds under the same rules
        assert len(solution.paths) == len(level.solution.paths)


# --- the CP-SAT reference backends on every kind of board ----------------------------


def keeps_apart(solution: Solution) -> bool:
    """True when no place has more neighbours of its own flow than its path steps to.

    What the CP-SAT models count: they forbid paths that touch themselves.
    """
    puzzle = solution.puzzle
    owner: dict[Place, int] = {}
    for k, path in enumerate(solution.paths):
        for i, cell in enumerate(path):
            passage = step_axis(path[i - 1], cell) if cell in puzzle.bridges else 0
            owner[cell, passage] = k
    dots = {(cell, 0) for pair in puzzle.pairs for cell in (pair.a, pair.b)}
    return all(
        sum(owner[n] == k for n in linked(puzzle, place)) == (1 if place in dots else 2)
        for place, k in owner.items()
    )


@pytest.mark.parametrize("backend", ["cpsat-degree", "cpsat-distance"])
def test_cpsat_backends_count_variant_boards_as_brute_force_does(backend: str) -> None:
    count = {"cpsat-degree": count_degree, "cpsat-distance": count_distance}[backend]
    rng = random.Random(29)
    checked = 0
    while checked < 100:
        puzzle = random_board(rng)
        if puzzle is None:
            continue
        checked += 1
        apart = [s for s in all_solutions(puzzle) if keeps_apart(s)]
        assert count(puzzle, 50, timeout=20) == min(len(apart), 50), puzzle
        if apart:
            result = solve(puzzle, timeout=20, backend=backend)
            assert result.solution is not None
            assert keeps_apart(result.solution)
        else:
            with pytest.raises(NeedsTouchingError):
                solve(puzzle, timeout=20, backend=backend)


@pytest.mark.parametrize("backend", ["cpsat-degree", "cpsat-distance"])
def test_cpsat_backends_on_hand_made_variant_boards(backend: str) -> None:
    plus = board("#B#", "A+A", "#B#")
    assert solve(plus, timeout=20, backend=backend).solution == solved(plus)
    crossing = board("#A#", "A+.", "#..")  # one flow over its own bridge both ways
    assert solve(crossing, timeout=20, backend=backend).solution == solved(crossing)
    warp = board(".AA.", walls=[((0, 1), (0, 2))], warps=[((0, 0), (0, 3))])
    assert solve(warp, timeout=20, backend=backend).solution == solved(warp)
    with pytest.raises(NeedsTouchingError):  # the ring round a hole touches itself
        solve(board("A..", "A#.", "..."), timeout=20, backend=backend)


@pytest.mark.parametrize("pack", SMALL_PACKS)
def test_cpsat_agrees_on_a_sample_of_official_levels(shared: Path, pack: str) -> None:
    # The game's own answers never touch themselves, so the no-touch models find one.
    for level in read_puzzles(shared / "official" / pack)[::25]:
        result = solve(level.puzzle, timeout=60, backend="cpsat-degree")
        assert result.solution is not None
