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

import numpy as np
import numpy.typing as npt
import pytest

from flowbot import look
from flowbot.actuate import ensure_display
from flowbot.errors import BoardNotFoundError
from flowbot.models import Geometry, Point, Puzzle, Reading, Solution


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


def read_truth(puzzle: Puzzle, geometry: Geometry, image: npt.NDArray[np.uint8]) -> Reading:
    """TEST HARNESS ONLY, for tests of the actuate stage alone (the reader is tested on its
    own): the reading of a board whose puzzle and cell places the test knows, with the
    dots' colours taken from ``image``. Refuses (``BoardNotFoundError``) an image where a
    dot is not there or a pair's two dots differ (another board, a moved window)."""
    h, w = image.shape[:2]
    colours = []
    for pair in puzzle.pairs:
        seen = []
        for cell in (pair.a, pair.b):
            x, y = (round(v) for v in geometry.centre(cell))
            if not (0 <= x < w and 0 <= y < h) or image[y, x].max() < 60:
                raise BoardNotFoundError("no practice board where the test put it")
            seen.append(image[y, x].astype(int))
        if np.abs(seen[0] - seen[1]).max() > 30:
            raise BoardNotFoundError("a pair's dots differ: not the practice board")
        r, g, b = (int(v) for v in (seen[0] + seen[1]) // 2)
        colours.append((r, g, b))
    return Reading(puzzle, geometry, tuple(colours), confidence=1.0)


TruthReader = Callable[[Puzzle, Geometry, npt.NDArray[np.uint8]], Reading]


@pytest.fixture
def truth() -> TruthReader:
    """``read_truth``: TEST HARNESS ONLY, for tests of the actuate stage alone."""
    return read_truth
