"""Drag plans on the game's other boards: walls, holes, bridges, warps, hexagons.

Every official level with its reference solution is planned and played on
the practice board's rules through its own hit model (which cell the pointer
is on), offline: the board must end solved with exactly the planned paths, and
no move may leave the playable cells or cross a wall with the button down.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from flowbot.actuate import FakeClock, PlayArea, RecordingPointer, draw, plan_drags
from flowbot.errors import ActuationError
from flowbot.formats import read_puzzles
from flowbot.models import (
    BoardGeometry,
    Cell,
    HexGeometry,
    Pair,
    Point,
    Puzzle,
    Shape,
    Solution,
    link,
)
from flowbot.practice import SimulatedBoard, is_solved
from flowbot.practice._hit import cell_under

C = Cell
AT = (20, 10)  # where the simulated window sits


def _pairs(*ends: tuple[tuple[int, int], tuple[int, int]]) -> tuple[Pair, ...]:
    return tuple(Pair(str(i), C(*a), C(*b)) for i, (a, b) in enumerate(ends))


def _solution(puzzle: Puzzle, *paths: list[tuple[int, int]]) -> Solution:
    solution = Solution(puzzle, tuple(tuple(C(*c) for c in p) for p in paths))
    solution.validate()
    return solution


def _walk(board: SimulatedBoard, a: Point, b: Point) -> list[Cell | None]:
    """The cells (the practice board's hit model) the pointer crosses moving from ``a`` to
    ``b``, sampled every eighth of a cell, repeats left out."""
    steps = max(1, math.ceil(8 * math.hypot(b.x - a.x, b.y - a.y) / board.layout.cell))
    out: list[Cell | None] = []
    for i in range(steps + 1):
        t = i / steps
        x, y = a.x + (b.x - a.x) * t - AT[0], a.y + (b.y - a.y) * t - AT[1]
        cell = cell_under(board.state.puzzle, board.layout, x, y)
        if not out or out[-1] != cell:
            out.append(cell)
    return out


def _wrapped(puzzle: Puzzle, cell: Cell) -> Cell:
    """A cell past a warp's opening stands for the warp's other end (``_hit``)."""
    return Cell(cell.row % puzzle.rows, cell.col % puzzle.cols)


def _play(solution: Solution, jump: int | None) -> SimulatedBoard:
    """Plan ``solution`` and draw it on a simulated practice board, checking that every
    move stays on playable cells (or past a warp's opening) and steps only where a
    path may step: across no wall, into no hole."""
    puzzle = solution.puzzle
    board = SimulatedBoard(puzzle, cell=30, desktop=(1400, 1200), at=AT)
    geometry = board.layout.geometry.shifted(*AT)
    drags = plan_drags(solution, geometry, jump=jump)
    PlayArea.of(puzzle, geometry).check(drags)  # the library's own check agrees
    for drag in drags:
        for a, b in zip(drag.points, drag.points[1:], strict=False):
            cells = _walk(board, a, b)
            assert None not in cells, f"{drag.label}: off the playable cells from {a} to {b}"
            for p, q in itertools.pairwise(cells):
                assert p is not None
                assert q is not None
                assert puzzle.joins(_wrapped(puzzle, p), _wrapped(puzzle, q)), (
                    f"{drag.label}: a move from {a} to {b} crosses from {p} to {q}"
                )
        board.press(drag.points[0])
        for point in drag.points[1:]:
            board.move(point)
        board.release()
    return board


def _as_drawn(solution: Solution) -> tuple[tuple[Cell, ...], ...]:
    return tuple(
        p if p[0] == pair.a else p[::-1]
        for p, pair in zip(solution.paths, solution.puzzle.pairs, strict=True)
    )


# --- each rule on a small board ------------------------------------------------------

#: Two paths on a hexagonal board, the cells beside them holes: the second goes down a
#: column, then straight along one diagonal axis ((2, 1) -> (2, 2) -> (3, 3)), then up.
HEX_PATHS = ([(0, 0), (1, 0), (2, 0), (3, 0)], [(0, 1), (1, 1), (2, 1), (2, 2), (3, 3), (2, 4)])
HEX = Puzzle(
    4, 5, _pairs(((0, 0), (3, 0)), ((0, 1), (2, 4))), shape=Shape.HEX,
    holes=frozenset(C(r, c) for r in range(4) for c in range(5))
    - {C(*cell) for path in HEX_PATHS for cell in path},
)  # fmt: skip
HEX_SOLUTION = _solution(HEX, *HEX_PATHS)


def test_hexagonal_runs_jump_along_the_lattices_axes() -> None:
    g = HexGeometry.regular(left=0, top=0, pitch=40, rows=4, cols=5)
    first, second = plan_drags(HEX_SOLUTION, g, jump=None)
    assert first.points == (g.centre(C(0, 0)), g.centre(C(3, 0)))
    assert second.points == tuple(g.centre(C(*c)) for c in [(0, 1), (2, 1), (3, 3), (2, 4)])
    assert [len(d.points) for d in plan_drags(HEX_SOLUTION, g, jump=1)] == [4, 6]


#: Row 1 crosses a bridge at (1, 1); column 1 crosses it too.
BRIDGED = Puzzle(
    3, 3, _pairs(((1, 0), (1, 2)), ((0, 1), (2, 1)), ((0, 0), (2, 0)), ((0, 2), (2, 2))),
    bridges=frozenset({C(1, 1)}),
)  # fmt: skip
BRIDGED_SOLUTION = Solution(
    BRIDGED,
    (
        (C(1, 0), C(1, 1), C(1, 2)),
        (C(0, 1), C(1, 1), C(2, 1)),
        (C(0, 0), C(1, 0)),  # not a real solution: only the first two paths are drawn
        (C(0, 2), C(1, 2)),
    ),
)


def test_a_drag_stops_on_a_bridge_and_goes_straight_over() -> None:
    g = BoardGeometry.uniform(left=0, top=0, width=90, height=90, rows=3, cols=3)
    drags = plan_drags(BRIDGED_SOLUTION, g, jump=None)
    centre = g.centre(C(1, 1))
    assert drags[0].points == (g.centre(C(1, 0)), centre, g.centre(C(1, 2)))
    assert drags[1].points == (g.centre(C(0, 1)), centre, g.centre(C(2, 1)))


WARPED = Puzzle(
    3, 4, _pairs(((1, 1), (1, 2)), ((0, 0), (0, 3)), ((2, 0), (2, 3))),
    warps=frozenset({link((1, 0), (1, 3))}),
)  # fmt: skip
WARPED_SOLUTION = _solution(
    WARPED,
    [(1, 1), (1, 0), (1, 3), (1, 2)],
    [(0, 0), (0, 1), (0, 2), (0, 3)],
    [(2, 0), (2, 1), (2, 2), (2, 3)],
)


def test_a_path_through_a_warp_is_drawn_out_of_the_opening_and_on_from_across() -> None:
    g = BoardGeometry.uniform(left=30, top=0, width=120, height=90, rows=3, cols=4)
    out, back, *rest = plan_drags(WARPED_SOLUTION, g, jump=None)
    assert out.label == back.label == "0"
    assert out.points[:2] == (g.centre(C(1, 1)), g.centre(C(1, 0)))
    mouth = out.points[-1]
    assert mouth.y == g.centre(C(1, 0)).y
    assert g.left - 30 < mouth.x < g.left  # past the edge
    assert back.points == (g.centre(C(1, 3)), g.centre(C(1, 2)))  # pressed on the pipe's end
    assert len(rest) == 2


def test_the_area_holds_the_playable_cells_and_the_room_past_warp_openings() -> None:
    g = BoardGeometry.uniform(left=30, top=0, width=120, height=90, rows=3, cols=4)
    area = PlayArea.of(WARPED, g)
    y = g.centre(C(1, 0)).y
    assert area.contains(Point(g.left - 20, y))
    assert area.contains(Point(g.right + 20, y))
    assert not area.contains(Point(g.left - 20, g.centre(C(0, 0)).y))  # a closed edge
    assert not area.contains(Point(g.left - 40, y))  # more than a cell out
    assert area.covers(g.centre(C(1, 1)), Point(g.left - 10, y))
    assert not area.covers(g.centre(C(0, 0)), Point(g.left - 10, y - 10))  # past a closed edge


HOLED = Puzzle(3, 3, _pairs(((0, 0), (1, 0))), holes=frozenset({C(1, 1)}))


def test_draw_refuses_a_move_over_a_hole_before_pressing() -> None:
    g = BoardGeometry.uniform(left=0, top=0, width=90, height=90, rows=3, cols=3)
    pointer = RecordingPointer()
    ring = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]
    over = plan_drags(_solution(HOLED, ring), g)[0]
    across = type(over)("0", (g.centre(C(1, 0)), g.centre(C(1, 2))))  # through the hole
    with pytest.raises(ActuationError, match="outside the board"):
        draw([over, across], pointer, area=PlayArea.of(HOLED, g), clock=FakeClock())
    assert pointer.actions == []
    on_hex = PlayArea.of(Puzzle(3, 2, (), shape=Shape.HEX, holes=frozenset({C(1, 1)})),
                         HexGeometry.regular(left=0, top=0, pitch=40, rows=3, cols=2))  # fmt: skip
    hx = on_hex.geometry
    assert not on_hex.contains(hx.centre(C(1, 1)))
    assert on_hex.covers(hx.centre(C(0, 0)), hx.centre(C(0, 1)))
    assert not on_hex.covers(hx.centre(C(0, 1)), hx.centre(C(2, 1)))  # over the hole


@pytest.mark.parametrize("jump", [1, None])
@pytest.mark.parametrize("solution", [HEX_SOLUTION, WARPED_SOLUTION], ids=["hex", "warps"])
def test_small_variant_plans_solve_the_practice_board(solution: Solution, jump: int | None) -> None:
    board = _play(solution, jump)
    assert is_solved(board.state)
    assert board.state.paths == _as_drawn(solution)


# --- every official level -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("jump", [1, None], ids=["cells", "turns"])
def test_every_official_level_is_drawn_on_playable_cells_and_solved(
    shared: Path, jump: int | None
) -> None:
    packs = sorted((shared / "official").glob("levelpack_*.txt"))
    if not packs:
        pytest.skip("no official levels in ../shared/official")
    kinds: dict[str, int] = {}
    for pack in packs:
        for level in read_puzzles(pack):
            assert level.solution is not None
            board = _play(level.solution, jump)
            assert is_solved(board.state), f"{pack.name} {level.name}"
            assert board.state.paths == _as_drawn(level.solution), f"{pack.name} {level.name}"
            for feature in level.puzzle.kind.split("+"):
                kinds[feature] = kinds.get(feature, 0) + 1
    assert sum(kinds.get(k, 0) for k in ("square", "hex")) == 7050
    assert all(kinds.get(k) for k in ("hex", "holes", "walls", "bridges", "warps")), kinds
