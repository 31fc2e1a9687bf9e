"""End to end: boards the user started or finished, on a real practice window.

A practice board with two flows drawn by hand, one as the solution has it
and one wrong, is finished by ``flowbot play --once``: the right flow is
kept (not drawn again), the wrong one replaced. A finished board is left
alone: "already solved", exit 0, nothing drawn.
"""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path

import pytest

from flowbot.actuate import PyAutoGuiPointer, load_profile
from flowbot.actuate._area import PlayArea
from flowbot.actuate._draw import draw
from flowbot.actuate._plan import Drag, plan_drags
from flowbot.cli import main
from flowbot.generate import generate
from flowbot.models import BoardGeometry, Cell, Puzzle, Solution, link
from flowbot.practice import PracticeProcess, builtin_board
from flowbot.solve import solve

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def _drag(board: BoardGeometry, label: str, cells: list[Cell]) -> Drag:
    return Drag(label, tuple(board.centre(c) for c in cells))


def _wrong_start(solution: Solution, i: int, kept: int = 0) -> list[Cell] | None:
    """From pair ``i``'s first dot, one step into a cell of neither its path nor path
    ``kept``."""
    puzzle = solution.puzzle
    dots = {c for p in puzzle.pairs for c in (p.a, p.b)}
    a = puzzle.pairs[i].a
    for cell in puzzle.neighbours(a):
        if cell not in dots and cell not in solution.paths[i] + solution.paths[kept]:
            return [a, cell]
    return None


def _hand_drawn(window: PracticeProcess, puzzle: Puzzle, drags: list[Drag]) -> None:
    """Draw ``drags`` as a user would, and wait until the window took each."""
    board = window.board
    assert isinstance(board, BoardGeometry)
    pacing = load_profile("practice").settings.pacing
    draw(drags, PyAutoGuiPointer(), area=PlayArea.of(puzzle, board), pace=pacing)
    deadline = time.monotonic() + 3.0
    while window.state()["moves"] < len(drags) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # the window repaints after it reports the move


def test_play_finishes_a_started_board_keeping_the_flow_drawn_right(
    xdisplay: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    preview = tmp_path / "plan.png"
    puzzle = builtin_board("9x9")
    solution = solve(puzzle).solution
    assert solution is not None
    wrong = next(
        (i, cells) for i in range(1, len(puzzle.pairs)) if (cells := _wrong_start(solution, i))
    )
    with PracticeProcess(puzzle, cell=44, at=(60, 60)) as window:
        board = window.board
        assert isinstance(board, BoardGeometry)
        right = _drag(board, puzzle.pairs[0].label, list(solution.paths[0]))
        _hand_drawn(window, puzzle, [right, _drag(board, puzzle.pairs[wrong[0]].label, wrong[1])])
        before = window.state()
        assert before["moves"] == 2, before
        assert not before["solved"]
        # The plan keeps the flow drawn right and draws every other one.
        assert main(["play", "--dry-run", "--profile", "practice", "-o", str(preview)]) == 0
        plan = capsys.readouterr().out
        assert f"kept as drawn: {puzzle.pairs[0].label}\n" in plan, plan
        assert main(["play", "--once", "--profile", "practice"]) == 0
        assert window.wait_solved(timeout=2.0), window.state()
        out = capsys.readouterr().out
    assert f"solved {puzzle.size}" in out


#: The game's other boards started: the reader sees the pipes over an outlined
#: board, across bridges, through warps.
STARTED_VARIANTS = {
    "walls-and-holes": {"holes": 3, "walls": 3},
    "bridges": {"bridges": 2},
    "warps": {"warps": 4},
}


@pytest.mark.parametrize("variant", list(STARTED_VARIANTS))
def test_play_finishes_a_started_board_of_the_games_other_kinds(
    variant: str, xdisplay: str, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = generate(7, 7, min_distance=3, seed=26, **STARTED_VARIANTS[variant]).puzzle
    assert not puzzle.is_classic
    solution = solve(puzzle).solution
    assert solution is not None
    # The flow drawn right goes over a bridge or through a warp, if one does.
    kept = next(
        (
            i
            for i, path in enumerate(solution.paths)
            if set(path) & puzzle.bridges or {link(a, b) for a, b in pairwise(path)} & puzzle.warps
        ),
        0,
    )
    wrong = next(
        (i, cells)
        for i in range(len(puzzle.pairs))
        if i != kept and (cells := _wrong_start(solution, i, kept))
    )
    with PracticeProcess(puzzle, cell=44, at=(60, 60)) as window:
        board = window.board
        assert isinstance(board, BoardGeometry)
        label = puzzle.pairs[kept].label
        right = [d for d in plan_drags(solution, board) if d.label == label]
        drags = [*right, _drag(board, puzzle.pairs[wrong[0]].label, wrong[1])]
        _hand_drawn(window, puzzle, drags)
        assert window.state()["moves"] == len(drags)
        assert main(["play", "--once", "--profile", "practice"]) == 0
        assert window.wait_solved(timeout=2.0), window.state()
        out = capsys.readouterr().out
    assert f"solved {puzzle.size}" in out


def test_play_leaves_a_finished_board_alone(
    xdisplay: str, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = builtin_board("5x5")
    solution = solve(puzzle).solution
    assert solution is not None
    with PracticeProcess(puzzle, cell=56, at=(80, 40)) as window:
        board = window.board
        assert isinstance(board, BoardGeometry)
        _hand_drawn(
            window,
            puzzle,
            [
                _drag(board, p.label, list(path))
                for p, path in zip(puzzle.pairs, solution.paths, strict=True)
            ],
        )
        assert window.wait_solved(timeout=2.0)
        moves = window.state()["moves"]
        assert main(["play", "--once", "--profile", "practice"]) == 0
        assert window.state()["moves"] == moves  # nothing drawn
    assert "already solved" in capsys.readouterr().out
