"""Boards already started or finished, offline: the simulated practice board,
the real vision and solver (``SimulatedBoard`` draws the pipes as the game does)."""

from __future__ import annotations

from dataclasses import replace

from flowbot.actuate import FakeClock, play_loop, play_once
from flowbot.models import Cell
from flowbot.practice import SimulatedBoard, builtin_board, is_solved
from flowbot.solve import solve

NINE = builtin_board("9x9")


def _solution_paths() -> tuple[tuple[Cell, ...], ...]:
    solution = solve(NINE).solution
    assert solution is not None
    return solution.paths


def _wrong_step(paths: tuple[tuple[Cell, ...], ...], i: int) -> tuple[Cell, ...] | None:
    """From pair ``i``'s first dot one step into a cell of neither its path nor path 0."""
    dots = {c for p in NINE.pairs for c in (p.a, p.b)}
    a = paths[i][0]
    for cell in NINE.neighbours(a):
        if cell not in dots and cell not in paths[i] + paths[0]:
            return (a, cell)
    return None


def test_a_finished_board_is_left_alone() -> None:
    sim = SimulatedBoard(NINE)
    sim.state = replace(sim.state, paths=_solution_paths(), moves=len(NINE.pairs))
    assert is_solved(sim.state)
    report = play_once(sim, sim, clock=FakeClock())
    assert report.already_solved
    assert (report.drags, report.moves) == (0, 0)
    assert sim.state.moves == len(NINE.pairs)  # nothing pressed


def test_the_loop_waits_past_a_finished_board_without_touching_it() -> None:
    sim = SimulatedBoard(NINE)
    sim.state = replace(sim.state, paths=_solution_paths(), moves=len(NINE.pairs))
    seen: list[object] = []
    assert play_loop(sim, sim, on_report=seen.append, clock=FakeClock(), boards=1) == 0
    assert sim.state.moves == len(NINE.pairs)
    assert [getattr(r, "already_solved", None) for r in seen] == [True]


def test_a_started_board_keeps_the_flow_drawn_right_and_replaces_the_wrong_one() -> None:
    paths = _solution_paths()
    i, wrong = next((i, w) for i in range(1, len(paths)) if (w := _wrong_step(paths, i)))
    drawn = [() for _ in paths]
    drawn[0], drawn[i] = paths[0], wrong
    sim = SimulatedBoard(NINE)
    sim.state = replace(sim.state, paths=tuple(drawn), moves=2)
    report = play_once(sim, sim, clock=FakeClock())
    assert is_solved(sim.state)
    assert not report.already_solved
    assert report.drags == len(NINE.pairs) - 1  # every flow but the one drawn right
    assert sim.state.paths[0] in (paths[0], paths[0][::-1])
