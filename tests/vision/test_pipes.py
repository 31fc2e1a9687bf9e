"""Drawn pipes: a board the user started or finished is read through them.

Boards drawn with ``flowbot.render`` as the game draws them (a band a third
of a pitch wide joining the cells' centres over a faint tint), on a plain
canvas: the dots read exactly, ``Reading.pipes`` the cells each colour
covers, "already solved" only when every flow is joined and the board full.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.models import Cell, Reading, Solution
from flowbot.practice import builtin_board
from flowbot.render import RenderStyle, render_board
from flowbot.solve import solve
from flowbot.vision import ALREADY_SOLVED, load_image, read_board

NINE = builtin_board("9x9")


def _solution() -> Solution:
    solution = solve(NINE).solution
    assert solution is not None
    return solution


def _covered(reading: Reading) -> dict[frozenset[Cell], frozenset[Cell]]:
    """Per pair (its two dots), the cells its pipes cover."""
    return {
        frozenset((p.a, p.b)): reading.pipes[i] if reading.pipes else frozenset()
        for i, p in enumerate(reading.puzzle.pairs)
    }


def _truth(solution: Solution) -> dict[frozenset[Cell], frozenset[Cell]]:
    return {
        frozenset((p.a, p.b)): frozenset(path) - {p.a, p.b}
        for p, path in zip(solution.puzzle.pairs, solution.paths, strict=True)
    }


@pytest.mark.parametrize("cell_px", [24, 48, 90])
def test_a_finished_board_reads_its_dots_and_pipes_and_says_already_solved(
    cell_px: int,
) -> None:
    solution = _solution()
    reading = read_board(render_board(NINE, solution, cell_px=cell_px, margin_px=cell_px))
    assert reading.puzzle == NINE.canonical()
    assert _covered(reading) == _truth(solution)
    assert ALREADY_SOLVED in reading.notes


def test_a_started_board_reads_the_pipes_drawn_so_far() -> None:
    full = _solution()
    # Pair 0 joined; pair 1 drawn from one dot part of the way (both ends);
    # the rest not drawn.
    paths = [(), *([()] * (len(full.paths) - 1))]
    paths[0] = full.paths[0]
    paths[1] = full.paths[1][: len(full.paths[1]) - 2]
    paths[2] = full.paths[2][::-1][:3]
    started = Solution(NINE, tuple(paths))
    reading = read_board(render_board(NINE, started, cell_px=48, margin_px=48))
    assert reading.puzzle == NINE.canonical()
    assert _covered(reading) == _truth(started)
    assert ALREADY_SOLVED not in reading.notes


def test_an_unstarted_board_says_no_pipe_is_drawn() -> None:
    reading = read_board(render_board(NINE, cell_px=48, margin_px=48))
    assert reading.puzzle == NINE.canonical()
    assert not any(reading.pipes)
    assert ALREADY_SOLVED not in reading.notes


def test_dots_no_wider_than_their_pipes_are_refused_never_read_as_pipe_ends() -> None:
    # A flow's ends then look like a pipe's rounded ends: whether a dot lies
    # under them cannot be told, and a puzzle read without it would be wrong.
    style = RenderStyle(dot_radius=0.17, pipe_width=0.34)
    image = render_board(NINE, _solution(), cell_px=48, margin_px=48, style=style)
    with pytest.raises(VisionError):
        read_board(image)


def test_a_pipe_in_another_colour_than_its_dots_is_refused() -> None:
    solution = _solution()
    colours = [tuple(int(v) for v in c) for c in np.array(RenderStyle().palette[: len(NINE.pairs)])]
    image = render_board(NINE, solution, cell_px=48, margin_px=48)
    # Pair 0's pipe repainted in pair 1's colour, its dots left as they are.
    recoloured = render_board(
        NINE, solution, cell_px=48, margin_px=48, colours=[colours[1], *colours[1:]]
    )
    dots_only = render_board(NINE, cell_px=48, margin_px=48)
    mask = np.any(recoloured != dots_only, axis=2)
    for pair in (NINE.pairs[0].a, NINE.pairs[0].b):
        r, c = pair
        y, x = 48 + 48 * r, 48 + 48 * c
        mask[y : y + 48, x : x + 48] = False  # keep pair 0's dot cells as drawn
    image = np.where(mask[..., None], recoloured, image)
    with pytest.raises(VisionError):
        read_board(image)


SCREENS = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
SCREENS = SCREENS / "screens"
_STATES = SCREENS / "INDEX.csv"


def _screens_drawn_on() -> list[tuple[str, str]]:
    """The shared screens the INDEX says are solved or partial: (path, state)."""
    if not _STATES.is_file():
        return []
    with _STATES.open(newline="") as rows:
        return [
            (row["path"], row["state"].split()[0])
            for row in csv.DictReader(rows)
            if row["state"].startswith(("solved", "partial"))
        ]


@pytest.mark.slow
@pytest.mark.skipif(not _screens_drawn_on(), reason="the shared screens are not here")
@pytest.mark.parametrize(("path", "state"), _screens_drawn_on())
def test_real_solved_screens_say_already_solved_and_partial_ones_do_not(
    path: str, state: str
) -> None:
    reading = read_board(load_image(SCREENS / path))
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")
    assert any(reading.pipes)
