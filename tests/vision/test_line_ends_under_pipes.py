"""A pipe along a board's last column, drawn wider than the game's, hides the first points
where the lines crossing that border are looked at: their ends are still at the border.

(A box laid over the border cuts the lines: ``test_reader_pop_up``.)
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from flowbot.formats import read_puzzles
from flowbot.vision import load_image, read_board
from flowbot.vision._ends import line_ends

SHARED = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
SITE = SHARED / "variants"

PITCH = 25.3  # a 12x12 board the width of a 320 px image
N = 12
LINE = (42, 59, 77)
PIPE = (163, 44, 46)


def _board(pipe_from: float, pipe_to: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A lined board on black, a pipe down its first column ``pipe_from``-``pipe_to`` pitch in."""
    x0, y0 = 40.0, 40.0
    xs = x0 + PITCH * np.arange(N + 1)
    ys = y0 + PITCH * np.arange(N + 1)
    image = np.zeros((round(ys[-1] + 40), round(xs[-1] + 40), 3), np.uint8)
    for x in np.rint(xs).astype(int):
        image[round(ys[0]) : round(ys[-1]) + 1, x] = LINE
    for y in np.rint(ys).astype(int):
        image[y, round(xs[0]) : round(xs[-1]) + 1] = LINE
    a, b = round(x0 + pipe_from * PITCH), round(x0 + pipe_to * PITCH)
    image[round(ys[0]) : round(ys[-1]) + 1, a : b + 1] = PIPE
    return image, xs, ys


def test_a_wide_pipe_along_the_border_leaves_the_lines_ending_at_it() -> None:
    # The site's pipe: 0.43 pitch wide, from 0.28 pitch in (jumboCourtyard 32).
    image, xs, ys = _board(0.28, 0.71)
    ends = line_ends(image, xs, ys, uncertainty=1.0, ratio=0.4)
    assert np.allclose(ends["left"], ends["right"], atol=0.05)  # the old code: -0.3, short of it


def test_lines_hidden_all_along_inside_still_end_short_of_the_border() -> None:
    # A pipe as wide as the cell's inside hides the line nowhere near its end
    # but everywhere from the first point: the line is judged as before.
    image, xs, ys = _board(0.0, 0.9)
    ends = line_ends(image, xs, ys, uncertainty=1.0, ratio=0.4)
    assert (ends["left"] < ends["right"] - 0.2).all()


@pytest.mark.skipif(not SITE.is_dir(), reason="the solutions site's images are not here")
@pytest.mark.parametrize("png", ["jumboCourtyard/32.png", "variety/23.png"])
def test_the_sites_boards_with_a_flow_along_the_border_are_read(png: str) -> None:
    path = SITE / png
    [level] = read_puzzles(path.with_suffix(".txt"), "levelpack")
    reading = read_board(load_image(path))
    got, want = reading.puzzle.canonical(), level.puzzle.canonical()
    assert (got.rows, got.cols) == (want.rows, want.cols)
    assert {(p.a, p.b) for p in got.pairs} == {(p.a, p.b) for p in want.pairs}
