"""The practice board plays the game's other boards: walls, holes, bridges, warps, hexagons."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot.formats import read_puzzles
from flowbot.look import bright
from flowbot.models import Cell, Geometry, Pair, Point, Puzzle, Shape, Solution, link, step_axis
from flowbot.palette import BRIDGE_TILE, GRID_LINE, colour_for
from flowbot.practice import (
    Layout,
    PracticeProcess,
    SimulatedBoard,
    drag_to,
    filled,
    is_solved,
    new_game,
    press,
    release,
    render,
)
from flowbot.practice._game import GameState, hex_line_cells
from flowbot.practice._hit import cell_under

C = Cell
Strokes = Callable[[Solution, Geometry], list[list[Point]]]


def _pairs(*ends: tuple[tuple[int, int], tuple[int, int]]) -> tuple[Pair, ...]:
    return tuple(Pair(str(i), C(*a), C(*b)) for i, (a, b) in enumerate(ends))


def stroke(state: GameState, *cells: Cell) -> GameState:
    state = press(state, cells[0])
    for cell in cells[1:]:
        state = drag_to(state, cell)
    return release(state)


# --- walls and holes -------------------------------------------------------------

WALLED = Puzzle(
    3, 3, _pairs(((0, 0), (0, 2)), ((2, 0), (2, 2))), walls=frozenset({link((0, 0), (0, 1))})
)


def test_a_wall_blocks_a_drag() -> None:
    s = press(new_game(WALLED), C(0, 0))
    assert drag_to(s, C(0, 1)).paths[0] == (C(0, 0),)
    s = drag_to(drag_to(drag_to(s, C(1, 0)), C(1, 1)), C(0, 1))  # round the wall: fine
    assert s.paths[0] == (C(0, 0), C(1, 0), C(1, 1), C(0, 1))
    back = drag_to(s, C(0, 0))  # its own start is behind the wall: no step there
    assert back.paths[0] == s.paths[0]


def test_a_jump_across_a_wall_goes_round_it_or_stops() -> None:
    s = press(new_game(WALLED), C(0, 0))
    s = drag_to(s, C(1, 1))  # the straight line's first step crosses the wall: the L route
    assert s.paths[0] == (C(0, 0), C(1, 0), C(1, 1))
    assert drag_to(press(new_game(WALLED), C(0, 0)), C(0, 2)).paths[0] == (C(0, 0),)


HOLED = Puzzle(3, 3, _pairs(((0, 0), (2, 2))), holes=frozenset({C(1, 1)}))


def test_holes_are_not_cells() -> None:
    layout = Layout.for_puzzle(HOLED, cell=40)
    centre = layout.geometry.centre(C(1, 1))
    assert cell_under(HOLED, layout, *centre) is None
    assert cell_under(HOLED, layout, *layout.geometry.centre(C(1, 0))) == C(1, 0)
    s = press(new_game(HOLED), C(0, 0))
    assert press(new_game(HOLED), C(1, 1)) == new_game(HOLED)
    s = drag_to(s, C(0, 2))  # a jump along the top row: past no hole
    assert s.paths[0] == (C(0, 0), C(0, 1), C(0, 2))
    stuck = drag_to(press(new_game(HOLED), C(0, 0)), C(2, 2))
    assert C(1, 1) not in stuck.paths[0]
    s = stroke(new_game(HOLED), C(0, 0), C(0, 1), C(0, 2), C(1, 2), C(2, 2))
    assert not is_solved(s)  # the left and bottom cells are empty
    s = stroke(new_game(HOLED), C(0, 0), C(1, 0), C(2, 0), C(2, 1), C(2, 2))
    assert not is_solved(s)
    full = stroke(new_game(HOLED), C(0, 0), C(0, 1), C(0, 2), C(1, 2), C(2, 2))  # 5 of the 8 cells
    assert filled(full) == 5
    image = render(full, Layout.for_puzzle(HOLED, cell=40))
    assert tuple(image[round(centre.y), round(centre.x)]) == (0, 0, 0)  # a hole: background


def test_a_holed_board_is_solved_when_every_playable_cell_is_filled() -> None:
    ring = Puzzle(3, 3, _pairs(((0, 0), (1, 0))), holes=frozenset({C(1, 1)}))
    s = stroke(
        new_game(ring), C(0, 0), C(0, 1), C(0, 2), C(1, 2), C(2, 2), C(2, 1), C(2, 0), C(1, 0)
    )
    assert is_solved(s)


# --- bridges -----------------------------------------------------------------------

#: A plus: the row's flow and the column's flow cross on a bridge in the middle.
PLUS = Puzzle(
    3,
    3,
    _pairs(((1, 0), (1, 2)), ((0, 1), (2, 1))),
    holes=frozenset({C(0, 0), C(0, 2), C(2, 0), C(2, 2)}),
    bridges=frozenset({C(1, 1)}),
)


def test_two_flows_cross_a_bridge_one_each_way() -> None:
    s = stroke(new_game(PLUS), C(1, 0), C(1, 1), C(1, 2))
    s = stroke(s, C(0, 1), C(1, 1), C(2, 1))
    assert s.paths == ((C(1, 0), C(1, 1), C(1, 2)), (C(0, 1), C(1, 1), C(2, 1)))
    assert is_solved(s)
    assert filled(s) == 5 + 1  # the bridge counts once per passage


def test_a_flow_crosses_a_bridge_straight() -> None:
    # 3x3 with a bridge in the middle and no holes: a flow may not turn on it.
    board = Puzzle(3, 3, _pairs(((1, 0), (0, 2))), bridges=frozenset({C(1, 1)}))
    s = drag_to(press(new_game(board), C(1, 0)), C(1, 1))
    assert s.paths[0] == (C(1, 0), C(1, 1))
    assert drag_to(s, C(0, 1)).paths[0] == s.paths[0]  # a turn on the bridge: refused
    assert drag_to(s, C(2, 1)).paths[0] == s.paths[0]
    assert drag_to(s, C(1, 2)).paths[0] == (C(1, 0), C(1, 1), C(1, 2))  # straight on
    assert drag_to(s, C(1, 0)).paths[0] == (C(1, 0),)  # back off it


def test_crossing_a_held_passage_cuts_that_flow_and_the_other_passage_does_not() -> None:
    # X runs down column 1 over a bridge at (1, 1); W crosses along row 1; Y comes up at it.
    board = Puzzle(
        4, 3, _pairs(((0, 1), (3, 1)), ((1, 0), (1, 2)), ((2, 0), (0, 0))),
        bridges=frozenset({C(1, 1)}),
    )  # fmt: skip
    x = stroke(new_game(board), C(0, 1), C(1, 1), C(2, 1), C(3, 1))
    w = stroke(x, C(1, 0), C(1, 1), C(1, 2))
    assert w.paths[0] == x.paths[0]  # the other passage: no cut
    y = drag_to(drag_to(press(w, C(2, 0)), C(2, 1)), C(1, 1))  # up the column's passage
    assert y.paths[0] == (C(0, 1),)  # X is cut where it was crossed
    assert y.paths[1] == w.paths[1]  # W, on the other passage, is not
    back = drag_to(y, C(2, 1))
    assert back.paths[0] == (C(0, 1), C(1, 1))  # backing off gives X's passage back


# --- warps -------------------------------------------------------------------------

#: A 3x4 board whose middle row wraps: (1, 0) and (1, 3) are neighbours through the edge.
WARPED = Puzzle(
    3, 4, _pairs(((1, 1), (1, 2)), ((0, 0), (0, 3)), ((2, 0), (2, 3))),
    warps=frozenset({link((1, 0), (1, 3))}),
)  # fmt: skip


def test_the_pointer_past_a_warps_opening_is_on_its_other_end() -> None:
    layout = Layout.for_puzzle(WARPED, cell=40)
    g = layout.geometry
    y = g.centre(C(1, 0)).y
    # The lattice cell past the opening, just off the board: it stands for the other end.
    assert cell_under(WARPED, layout, g.left - 10, y) == C(1, -1)
    assert cell_under(WARPED, layout, g.right + 10, y) == C(1, 4)
    assert cell_under(WARPED, layout, g.left - 10, g.centre(C(0, 0)).y) is None  # closed
    assert cell_under(WARPED, layout, g.left - 45, y) is None  # more than a cell out
    assert layout.margin >= 0.5 * 40  # room to drag out through the opening


def test_a_drag_through_a_warp_continues_at_its_partner() -> None:
    s = drag_to(press(new_game(WARPED), C(1, 1)), C(1, 0))
    s = drag_to(s, C(1, 3))  # out through the opening: the pipe comes in on the right
    assert s.paths[0] == (C(1, 1), C(1, 0), C(1, 3))
    s = release(s)
    s = stroke(s, C(1, 3), C(1, 2))  # pressed again at its end, it carries on
    assert s.paths[0] == (C(1, 1), C(1, 0), C(1, 3), C(1, 2))
    s = stroke(s, C(0, 0), C(0, 1), C(0, 2), C(0, 3))
    s = stroke(s, C(2, 0), C(2, 1), C(2, 2), C(2, 3))
    assert is_solved(s)
    # Off the board past the opening is the other end, for a press as for a drag.
    assert press(new_game(WARPED), C(1, 4)) == press(new_game(WARPED), C(1, 0))
    # Across a closed border there is no step.
    top = drag_to(press(new_game(WARPED), C(0, 0)), C(0, 3))
    assert top.paths[1][1] == C(0, 1)  # a jump along the row, not through the edge


def test_a_fast_drag_out_through_the_opening_is_filled_in_up_to_it() -> None:
    board = Puzzle(3, 5, _pairs(((1, 3), (1, 4))), warps=frozenset({link((1, 0), (1, 4))}))
    s = press(new_game(board), C(1, 3))
    s = drag_to(s, C(1, -1))  # from the pipe's end to past the left opening in one move
    assert s.paths[0] == (C(1, 3), C(1, 2), C(1, 1), C(1, 0), C(1, 4))
    # Towards the right opening its far dot is met first: the pipe ends there.
    assert drag_to(press(new_game(board), C(1, 3)), C(1, 5)).paths[0] == (C(1, 3), C(1, 4))


def test_simulated_drags_out_through_the_opening_solve_a_warped_board(
    strokes_for: Strokes,
) -> None:
    paths = (
        ((1, 1), (1, 0), (1, 3), (1, 2)),
        ((0, 0), (0, 1), (0, 2), (0, 3)),
        ((2, 0), (2, 1), (2, 2), (2, 3)),
    )
    solution = Solution(WARPED, tuple(tuple(C(*c) for c in p) for p in paths))
    solution.validate()
    assert is_solved(_play(solution, strokes_for))


# --- hexagons ----------------------------------------------------------------------

HEX = Puzzle(3, 4, _pairs(((0, 0), (2, 3)), ((2, 0), (0, 3))), shape=Shape.HEX)


def test_the_cell_under_the_pointer_is_the_hexagon_containing_it() -> None:
    layout = Layout.for_puzzle(HEX, cell=40)
    g = layout.geometry
    for cell in HEX.cells():
        centre = g.centre(cell)
        assert cell_under(HEX, layout, *centre) == cell
        for corner in g.polygon(cell):  # just inside each corner
            p = Point(
                centre.x + 0.9 * (corner.x - centre.x), centre.y + 0.9 * (corner.y - centre.y)
            )
            assert cell_under(HEX, layout, *p) == cell
    assert cell_under(HEX, layout, g.left + 2, g.top + 2) is None  # beside the lattice
    width, height = layout.size
    assert width >= g.right
    assert height >= g.bottom


def test_hexagonal_drags_step_between_hexagons() -> None:
    s = press(new_game(HEX), C(0, 0))
    s = drag_to(s, C(1, 1))  # a neighbour on the lattice, diagonal on the index grid
    assert s.paths[0] == (C(0, 0), C(1, 1))
    s = drag_to(s, C(1, 3))  # a jump: filled along the line of hexagons
    assert s.paths[0][-1] == C(1, 3)
    assert all(b in set(HEX.neighbours(a)) for a, b in itertools.pairwise(s.paths[0]))


@given(
    st.tuples(st.integers(0, 9), st.integers(0, 9)), st.tuples(st.integers(0, 9), st.integers(0, 9))
)
def test_hex_lines_step_to_a_neighbour_each_time(a: tuple[int, int], b: tuple[int, int]) -> None:
    # Cells two away from the board's edge: a line along the edge may pass a
    # corner shared with a hexagon just off the board, as on the lattice it is.
    board = Puzzle(14, 14, (), shape=Shape.HEX)
    a, b = (a[0] + 2, a[1] + 2), (b[0] + 2, b[1] + 2)
    cells = [C(*a), *hex_line_cells(C(*a), C(*b))]
    assert cells[-1] == C(*b)
    assert all(q in set(board.neighbours(p)) for p, q in itertools.pairwise(cells))


# --- every rule at once, on random drags --------------------------------------------

BOARDS = {
    "walls+holes": Puzzle(
        4, 4, _pairs(((0, 0), (3, 3)), ((0, 3), (3, 0))), holes=frozenset({C(1, 2)}),
        walls=frozenset({link((1, 0), (1, 1)), link((2, 2), (2, 3))}),
    ),
    "bridge+warps": Puzzle(
        4, 4, _pairs(((0, 0), (3, 3)), ((0, 3), (3, 0)), ((0, 1), (3, 2))),
        bridges=frozenset({C(1, 1), C(2, 2)}), warps=frozenset({link((1, 0), (1, 3))}),
    ),
    "hex": Puzzle(4, 4, _pairs(((0, 0), (3, 3)), ((0, 3), (3, 0))), shape=Shape.HEX),
}  # fmt: skip


@pytest.mark.parametrize("name", list(BOARDS))
@settings(max_examples=40, deadline=None)
@given(moves=st.lists(st.tuples(st.integers(-1, 4), st.integers(-1, 4)), max_size=40))
def test_random_drags_keep_every_pipe_to_the_rules(name: str, moves: list[tuple[int, int]]) -> None:
    board = BOARDS[name]
    s = new_game(board)
    for i, (r, c) in enumerate(moves):
        wrapped = C(r % board.rows, c % board.cols)
        inside = C(min(max(r, 0), board.rows - 1), min(max(c, 0), board.cols - 1))
        past_warp = wrapped != inside and link(inside, wrapped) in board.warps
        cell = C(r, c) if board.is_playable((r, c)) or past_warp else None
        s = press(s, cell) if i % 7 == 0 else drag_to(s, cell)
        if i % 7 == 6:
            s = release(s)
        held: set[tuple[Cell, int]] = set()
        for pair, path in zip(board.pairs, s.paths, strict=True):
            if path:
                assert path[0] in (pair.a, pair.b)
            for j, (p, q) in enumerate(itertools.pairwise(path)):
                assert q in set(board.neighbours(p))
                if p in board.bridges and j:  # straight across
                    assert step_axis(path[j - 1], p) == step_axis(p, q)
                    assert path[j - 1] != q
            slots = [
                (cell, step_axis(path[j - 1], cell) if j and cell in board.bridges else 0)
                for j, cell in enumerate(path)
            ]
            assert len(set(slots)) == len(slots)
            assert held.isdisjoint(slots)
            held.update(slots)


# --- official levels -----------------------------------------------------------------


def _play(solution: Solution, strokes_for: Strokes) -> GameState:
    """Draw ``solution`` with the pointer on a simulated practice board."""
    board = SimulatedBoard(solution.puzzle, cell=30, desktop=(1400, 1200), at=(20, 10))
    geometry = board.layout.geometry.shifted(20, 10)
    for points in strokes_for(solution, geometry):
        board.press(points[0])
        for point in points[1:]:
            board.move(point)
        board.release()
    return board.state


PACKS = ("levelpack_15.txt", "levelpack_23_hexes.txt", "levelpack_27_warps.txt")


@pytest.mark.parametrize("pack", [*PACKS, "levelpack_28_party.txt"])
def test_every_official_level_of_a_pack_is_solved_by_drawing_its_solution(
    pack: str, strokes_for: Strokes, shared: Path
) -> None:
    levels = read_puzzles(shared / "official" / pack)
    for level in levels:
        assert level.solution is not None
        state = _play(level.solution, strokes_for)
        assert is_solved(state), level.name
        assert state.paths == tuple(
            p if p[0] == pair.a or p[0] == pair.b else p[::-1]
            for p, pair in zip(level.solution.paths, level.puzzle.pairs, strict=True)
        ), level.name


def test_variant_boards_render_like_the_game() -> None:
    s = stroke(new_game(PLUS), C(1, 0), C(1, 1), C(1, 2))
    layout = Layout.for_puzzle(PLUS, cell=60)
    image = render(s, layout)
    g = layout.geometry
    x, y = g.centre(C(1, 1))
    assert tuple(image[round(y), round(x)]) == colour_for(0).rgb  # over the bridge
    assert tuple(image[round(y - 0.35 * 60), round(x)]) == BRIDGE_TILE
    corner = g.centre(C(0, 0))
    assert tuple(image[round(corner.y), round(corner.x)]) == (0, 0, 0)  # a hole
    left = g.polygon(C(1, 0))[0]
    assert tuple(image[round(left.y + 30), round(left.x)]) == bright(GRID_LINE)  # outline
    hexes = render(new_game(HEX), Layout.for_puzzle(HEX, cell=40))
    assert not np.any(np.all(hexes == bright(GRID_LINE), axis=2))  # hexagons: no bright line


# --- the real window, under Xvfb -----------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        ("levelpack_28_party.txt", 21, 40, (60, 50)),  # walls, bridges and warps, 9x9
        ("levelpack_28_party.txt", 3, 44, (300, 120)),  # hexagons, holes and walls, 8x8
    ],
)
def test_the_practice_window_plays_an_official_variant_level(
    xdisplay: str,
    shared: Path,
    strokes_for: Strokes,
    case: tuple[str, int, int, tuple[int, int]],
) -> None:
    from flowbot.actuate import PyAutoGuiPointer  # noqa: PLC0415 - needs the display

    pack, k, cell, at = case
    level = read_puzzles(f"{shared / 'official' / pack}")[k - 1]
    assert level.solution is not None
    with PracticeProcess(level.puzzle, cell=cell, at=at) as window:
        assert not window.state()["solved"]
        pointer = PyAutoGuiPointer()
        for done, points in enumerate(strokes_for(level.solution, window.board), 1):
            try:
                pointer.press(points[0])
                for point in points[1:]:
                    time.sleep(0.01)  # a person's pace: a busy machine's Tk merges faster moves
                    pointer.move(point)
                time.sleep(0.01)
            finally:
                pointer.release()
            _wait_for(lambda done=done: window.state()["moves"] >= done)
        solved = window.wait_solved(timeout=3.0)
        state = window.state()
    assert solved, state["paths"]
    assert state["paths"] == [
        [list(c) for c in (p if p[0] in (pair.a, pair.b) else p[::-1])]
        for p, pair in zip(level.solution.paths, level.puzzle.pairs, strict=True)
    ]


def _wait_for(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    """Poll until ``condition`` holds: the window took a stroke before the next one starts."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
