"""The practice board's rules, as pure functions: no display needed."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot.models import Cell, Puzzle, are_adjacent
from flowbot.palette import colour_for
from flowbot.practice import (
    Layout,
    connected,
    drag_to,
    is_solved,
    line_cells,
    new_game,
    press,
    release,
    render,
)
from flowbot.practice._game import GameState

C = Cell
PUZZLE = Puzzle.from_grid(["A..A", "B..C", "B..C"])


def stroke(state: GameState, *cells: Cell) -> GameState:
    state = press(state, cells[0])
    for cell in cells[1:]:
        state = drag_to(state, cell)
    return release(state)


def solved_state() -> GameState:
    s = new_game(PUZZLE)
    s = stroke(s, C(0, 0), C(0, 1), C(0, 2), C(0, 3))
    s = stroke(s, C(1, 0), C(1, 1), C(2, 1), C(2, 0))
    return stroke(s, C(1, 3), C(1, 2), C(2, 2), C(2, 3))


def test_drawing_every_path_solves_the_board() -> None:
    s = solved_state()
    assert is_solved(s)
    assert s.moves == 3


def test_joined_but_not_filled_is_not_solved() -> None:
    s = stroke(new_game(Puzzle.from_grid(["A.A", "..."])), C(0, 0), C(0, 1), C(0, 2))
    assert connected(s, 0)
    assert not is_solved(s)


def test_press_on_empty_cell_or_off_board_does_nothing() -> None:
    s = new_game(PUZZLE)
    assert press(s, C(1, 1)) == s
    assert press(s, None) == s
    assert drag_to(s, C(0, 1)) == s


def test_backtracking_shortens_the_path() -> None:
    s = press(new_game(PUZZLE), C(0, 0))
    s = drag_to(drag_to(drag_to(s, C(0, 1)), C(1, 1)), C(2, 1))
    s = drag_to(s, C(1, 1))
    assert s.paths[0] == (C(0, 0), C(0, 1), C(1, 1))


def test_other_dots_block_and_the_far_dot_ends_the_path() -> None:
    s = press(new_game(PUZZLE), C(0, 0))
    assert drag_to(s, C(1, 0)).paths[0] == (C(0, 0),)  # B's dot
    s = drag_to(s, C(0, 3))  # a jump along the row: filled in
    assert s.paths[0] == (C(0, 0), C(0, 1), C(0, 2), C(0, 3))
    assert drag_to(s, C(1, 3)).paths[0] == s.paths[0]  # cannot go past the end


def test_crossing_cuts_the_other_path_only_until_release() -> None:
    s = stroke(new_game(PUZZLE), C(1, 0), C(1, 1), C(1, 2), C(2, 2))
    s = press(s, C(0, 0))
    s = drag_to(s, C(0, 1))
    s = drag_to(s, C(1, 1))  # through B's pipe
    assert s.paths[1] == (C(1, 0),)
    s = drag_to(s, C(0, 1))  # back off: B comes back
    assert s.paths[1] == (C(1, 0), C(1, 1), C(1, 2), C(2, 2))
    s = release(drag_to(s, C(1, 1)))
    assert s.paths[1] == (C(1, 0),)  # cut for good


def test_press_on_a_dot_clears_its_path_and_on_a_pipe_resumes_there() -> None:
    s = solved_state()
    cleared = release(press(s, C(0, 3)))
    assert cleared.paths[0] == (C(0, 3),)
    assert not is_solved(cleared)
    resumed = press(s, C(1, 1))
    assert resumed.paths[1] == (C(1, 0), C(1, 1))
    assert resumed.active == 1


def test_a_skipped_turn_is_filled_in_along_the_straight_line() -> None:
    s = press(new_game(PUZZLE), C(1, 0))
    s = drag_to(s, C(2, 1))  # diagonal jump: the column step comes first
    assert s.paths[1] == (C(1, 0), C(1, 1), C(2, 1))


def test_a_jump_round_a_corner_keeps_off_other_pipes_when_it_can() -> None:
    s = stroke(new_game(Puzzle.from_grid(["A.C", "...", "C.A"])), C(0, 2), C(0, 1))
    s = drag_to(press(s, C(0, 0)), C(1, 1))  # the straight line would cut C at (0, 1)
    assert s.paths[0] == (C(0, 0), C(1, 0), C(1, 1))
    assert s.paths[1] == (C(0, 2), C(0, 1))


@given(
    st.tuples(st.integers(0, 13), st.integers(0, 13)),
    st.tuples(st.integers(0, 13), st.integers(0, 13)),
)
def test_line_cells_walks_side_by_side_to_the_end(a: tuple[int, int], b: tuple[int, int]) -> None:
    start, end = C(*a), C(*b)
    cells = [start, *line_cells(start, end)]
    assert cells[-1] == end
    assert len(cells) == 1 + abs(a[0] - b[0]) + abs(a[1] - b[1])
    assert all(are_adjacent(p, q) for p, q in itertools.pairwise(cells))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-1, 3), st.integers(-1, 4)), max_size=40))
def test_random_drags_keep_every_pipe_valid(moves: list[tuple[int, int]]) -> None:
    s = new_game(PUZZLE)
    for i, (r, c) in enumerate(moves):
        cell = C(r, c) if 0 <= r < 3 and 0 <= c < 4 else None
        s = press(s, cell) if i % 7 == 0 else drag_to(s, cell)
        if i % 7 == 6:
            s = release(s)
        seen: set[Cell] = set()
        for pair, path in zip(PUZZLE.pairs, s.paths, strict=True):
            if path:
                assert path[0] in (pair.a, pair.b)
            assert all(are_adjacent(p, q) for p, q in itertools.pairwise(path))
            assert seen.isdisjoint(path)
            seen.update(path)


def test_render_shows_dots_and_pipes_in_the_game_colours() -> None:
    layout = Layout(3, 4, cell=40)
    image = render(solved_state(), layout)
    assert image.shape == (layout.size[1], layout.size[0], 3)
    g = layout.geometry
    for i, pair in enumerate(PUZZLE.pairs):
        x, y = g.centre(pair.a)
        assert tuple(image[round(y), round(x)]) == colour_for(i).rgb
    x, y = g.centre(C(1, 1))  # middle of B's pipe
    assert tuple(image[round(y), round(x)]) == colour_for(1).rgb
    empty = render(new_game(PUZZLE), layout)
    assert np.all(empty[round(y), round(x)] < 40)


def test_a_jump_fills_the_run_it_crossed_or_is_lost_where_only_neighbours_count() -> None:
    start = press(new_game(PUZZLE), C(0, 0))
    run = drag_to(start, C(0, 3))  # a jump of three cells along the top row
    assert run.paths[0] == (C(0, 0), C(0, 1), C(0, 2), C(0, 3))
    lost = drag_to(start, C(0, 3), fill="neighbours")
    assert lost.paths[0] == (C(0, 0),)
    step = drag_to(drag_to(start, C(0, 1), fill="neighbours"), C(0, 2), fill="neighbours")
    assert step.paths[0] == (C(0, 0), C(0, 1), C(0, 2))
    # Back onto its own pipe, however far: cut back to that cell, in either mode.
    back = drag_to(step, C(0, 0), fill="neighbours")
    assert back.paths[0] == (C(0, 0),)
