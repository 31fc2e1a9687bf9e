"""A virtual X display for the GUI tests of the actuation stage.

The end-to-end tests move the real mouse, so they always run on a private
Xvfb started here (never on the desktop you are sitting at); they skip with a
clear reason when Xvfb or Tk is missing.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Callable, Iterator

import pytest

from flowbot import look
from flowbot.actuate import ensure_display
from flowbot.models import Geometry, Point, Solution


@pytest.fixture(scope="session")
def xdisplay() -> Iterator[str]:
    """The name of a private Xvfb display, set as ``$DISPLAY`` for the session."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb, or ./setup.sh)")
    try:
        import tkinter  # noqa: F401, PLC0415
    except ImportError:
        pytest.skip("this Python has no Tk (python3-tk) for the practice window")
    saved = os.environ.pop("DISPLAY", None)
    try:
        with ensure_display() as display:
            yield display
    finally:
        if saved is not None:
            os.environ["DISPLAY"] = saved


Stroke = list[Point]


def solution_strokes(solution: Solution, geometry: Geometry) -> list[Stroke]:
    """The strokes that draw ``solution`` on a practice board at ``geometry``: one per path,
    through every cell's centre; at a warp the stroke goes on out through the opening,
    lets go, and a new one starts at the other end (the pipe's end is pressed again)."""
    puzzle = solution.puzzle
    strokes: list[Stroke] = []
    for path in solution.paths:
        stroke = [geometry.centre(path[0])]
        for i, (before, cell) in enumerate(itertools.pairwise(path), 1):
            if cell not in set(puzzle.lattice_neighbours(before)):  # through a warp
                mouth = look.warp_mouth(puzzle, geometry, before, cell)
                strokes.append([*stroke, mouth])
                # Pressed again at the pipe's new end, unless that is its far dot (done).
                stroke = [geometry.centre(cell)] if i < len(path) - 1 else []
            else:
                stroke.append(geometry.centre(cell))
        if stroke:
            strokes.append(stroke)
    return strokes


@pytest.fixture
def strokes_for() -> Callable[[Solution, Geometry], list[Stroke]]:
    """``solution_strokes``, for tests of the practice board on the game's other boards."""
    return solution_strokes
