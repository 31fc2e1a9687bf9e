"""Drag plans on the game's other boards: walls, holes, bridges, warps, hexagons.

Every official level with its reference solution is planned and played on
the practice board's rules through its own hit model (which cell the pointer
is on), offline: the board must end solved with exactly the planned paths, and
no move may leave the playable cells or cross a wall with the button down.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import flowbot.vision
from flowbot.actuate import (
    FakeClock,
    PlayArea,
    RecordingPointer,
    draw,
    load_profile,
    plan_drags,
    play_once,
    save_png,
    untaken_paths,
)
from flowbot.actuate._play import default_solver
from flowbot.cli import main
from flowbot.errors import ActuationError, BoardMovedError
from flowbot.formats import NamedPuzzle, read_puzzles
from flowbot.generate import generate
from flowbot.models import (
    BoardGeometry,
    Cell,
    Geometry,
    HexGeometry,
    Pair,
    Point,
    Puzzle,
    Reading,
    Shape,
    Solution,
    link,
)
from flowbot.palette import colour_for
from flowbot.practice import Layout, SimulatedBoard, is_solved, new_game, render
from flowbot.practice._game import GameState
from flowbot.practice._hit import cell_under
from flowbot.vision import load_image

C = Cell
Image = npt.NDArray[np.uint8]
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


#: Levels of the commoner kinds (classic, holes, walls) taken in CI: one in this many.
#: ``FLOWBOT_EVERY_LEVEL=1`` takes all 7,050 (about three minutes per drag style here).
STRIDE = 1 if os.environ.get("FLOWBOT_EVERY_LEVEL") == "1" else 8


@functools.cache
def _official(folder: Path) -> list[tuple[str, NamedPuzzle]]:
    """Every official level with its pack's name (read once for both drag styles)."""
    return [
        (pack.name, level)
        for pack in sorted(folder.glob("levelpack_*.txt"))
        for level in read_puzzles(pack)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("jump", [1, None], ids=["cells", "turns"])
def test_official_levels_are_drawn_on_playable_cells_and_solved(
    shared: Path, jump: int | None
) -> None:
    """Every level with bridges, warps or hexagons, and one in ``STRIDE`` of the others."""
    levels = _official(shared / "official")
    if not levels:
        pytest.skip("no official levels in ../shared/official")
    kinds: dict[str, int] = {}
    plain = 0
    for pack, level in levels:
        p = level.puzzle
        if not (p.bridges or p.warps or p.shape is Shape.HEX):
            plain += 1
            if plain % STRIDE:
                continue
        assert level.solution is not None
        board = _play(level.solution, jump)
        assert is_solved(board.state), f"{pack} {level.name}"
        assert board.state.paths == _as_drawn(level.solution), f"{pack} {level.name}"
        for feature in p.kind.split("+"):
            kinds[feature] = kinds.get(feature, 0) + 1
    assert all(kinds.get(k) for k in ("square", "hex", "holes", "walls", "bridges", "warps"))
    assert kinds["hex"] == 200
    assert kinds["warps"] >= 200


# --- the plan's preview (`flowbot play --image S --dry-run`) ------------------------


@pytest.mark.parametrize("name", ["hex", "warps", "walls"])
def test_dry_run_previews_the_drags_of_a_variant_board(
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    truth: Callable[[Puzzle, Geometry, Image], Reading],
    capsys: pytest.CaptureFixture[str],
) -> None:
    made = {
        "hex": generate(6, 6, min_distance=3, seed=3, hexagonal=True, holes=3),
        "warps": generate(6, 6, min_distance=3, seed=3, warps=4),
        "walls": generate(6, 6, min_distance=3, seed=3, walls=6, holes=2),
    }[name]
    layout = Layout.for_puzzle(made.puzzle, cell=40)
    shot, preview = tmp_path / "board.png", tmp_path / "plan.png"
    drawn = render(new_game(made.puzzle), layout)
    save_png(drawn, shot)
    # TEST HARNESS ONLY, until the vision stage reads the game's other boards (issue 26).
    monkeypatch.setattr(
        flowbot.vision, "read_board", lambda image: truth(made.puzzle, layout.geometry, image)
    )
    assert main(["play", "--image", str(shot), "-o", str(preview)]) == 0
    out = capsys.readouterr().out
    assert f"board {made.puzzle.size} with {len(made.puzzle.pairs)} colours" in out
    solution = default_solver(made.puzzle).solution
    assert solution is not None
    drags = plan_drags(solution, layout.geometry, jump=load_profile("practice").settings.jump)
    assert out.count("press (") == len(drags) >= len(made.puzzle.pairs)
    image = load_image(preview)
    for drag in drags:  # each stroke's middle is drawn in its colour, white around it
        a, b = drag.points[0], drag.points[1]
        x, y = round((a.x + b.x) / 2), round((a.y + b.y) / 2)
        label = [p.label for p in made.puzzle.pairs].index(drag.label)
        assert tuple(image[y, x]) == colour_for(label).rgb


# --- the confirm check --------------------------------------------------------------


@pytest.mark.parametrize(
    "features",
    [{"bridges": 2}, {"warps": 4}, {"hexagonal": True, "holes": 3}, {"walls": 5, "holes": 3}],
    ids=["bridges", "warps", "hex", "walls+holes"],
)
def test_confirm_sees_every_drawn_path_and_misses_an_undrawn_one(
    features: dict[str, Any],
) -> None:
    made = generate(6, 6, min_distance=3, seed=11, **features)
    solution, puzzle = made.solution, made.puzzle
    layout = Layout.for_puzzle(puzzle, cell=40)
    colours = tuple(colour_for(i).rgb for i in range(len(puzzle.pairs)))
    solved = GameState(puzzle, _as_drawn(solution))
    assert is_solved(solved)
    image = render(solved, layout)
    assert untaken_paths(image, layout.geometry, solution, colours) == ()
    for k in range(len(puzzle.pairs)):
        paths = tuple(() if i == k else p for i, p in enumerate(solved.paths))
        shown = render(GameState(puzzle, paths), layout)
        assert untaken_paths(shown, layout.geometry, solution, colours) == (k,)


# --- the play loop, offline ---------------------------------------------------------

#: One generated board of each kind (seeded).
KINDS = {
    "walls+holes": {"walls": 5, "holes": 4},
    "bridges": {"bridges": 2},
    "warps": {"warps": 4},
    "hex": {"hexagonal": True, "holes": 3, "walls": 3},
}


def _sim_reader(
    sim: SimulatedBoard, truth: Callable[[Puzzle, Geometry, Image], Reading]
) -> Callable[[Image], Reading]:
    """TEST HARNESS ONLY, until the vision stage reads the game's other boards (issue 26):
    the simulated board's own puzzle, at the place it is now, in capture pixels."""

    def read(image: Image) -> Reading:
        at = (round(sim.at[0] * sim.scale), round(sim.at[1] * sim.scale))
        return truth(sim.state.puzzle, sim.layout.geometry.shifted(*at), image)

    return read


@pytest.mark.parametrize(("scale", "at"), [(1.0, (10, 20)), (2.0, (301, 7))])
@pytest.mark.parametrize("kind", list(KINDS))
def test_play_once_solves_every_kind_at_any_offset_and_scale(
    kind: str,
    scale: float,
    at: tuple[int, int],
    truth: Callable[[Puzzle, Geometry, Image], Reading],
) -> None:
    puzzle = generate(7, 7, min_distance=3, seed=4, **KINDS[kind]).puzzle
    sim = SimulatedBoard(puzzle, at=at, scale=scale, cell=40, desktop=(900, 800))
    report = play_once(sim, sim, read=_sim_reader(sim, truth), clock=FakeClock())
    assert is_solved(sim.state)
    assert report.redrawn == ()


def test_drawing_a_hex_board_stops_when_it_moves(
    truth: Callable[[Puzzle, Geometry, Image], Reading],
) -> None:
    puzzle = generate(7, 7, min_distance=3, seed=4, **KINDS["hex"]).puzzle
    sim = SimulatedBoard(puzzle, at=(50, 40), cell=40, desktop=(900, 800))
    actions: list[str] = []

    class Pointer:
        def press(self, point: Point) -> None:
            actions.append("press")
            sim.press(point)

        def move(self, point: Point) -> None:
            actions.append("move")
            sim.move(point)
            if len(actions) == 12:
                sim.at = (sim.at[0] + 90, sim.at[1] + 40)  # the window moved mid-stroke

        def release(self) -> None:
            actions.append("release")
            sim.release()

    with pytest.raises(BoardMovedError, match="while drawing"):
        play_once(sim, Pointer(), read=_sim_reader(sim, truth), clock=FakeClock())
    assert set(actions[12:]) == {"release"}  # no press nor move after the change
    assert not sim._down
