"""A thick outline in small cells (session 38).

The game draws the outline twice a line's width at least; a page zoomed in from
a small canvas draws lines a sixth of a pitch wide, and the outline then 0.37
pitch wide, its blur 0.27 pitch from its middle. It reached into both end parts
of a side between two holes (read a line between cells left out), and past the
place a cell's ground was taken for its reach into the cells (an empty corner
cell read as a pipe's end).
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._outline_edges import middle_ink


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_holes_by_a_thick_outline_in_small_cells_read(state: str) -> None:
    # 10x8 board of 25.4 px cells zoomed 1.75, three holes at its left side and a warp:
    # refused before ("some inner grid lines are missing"), in all three states.
    shot = sample("zoomed", 4300000, "warps", state)
    truth = shot.puzzle.canonical() if state == "unsolved" else shot.puzzle.as_drawn().canonical()
    assert read_board(shot.image).puzzle.canonical() == truth


def test_a_side_s_middle_shows_a_line_not_an_outline_beside_its_ends() -> None:
    # A vertical side from y=20 to y=45 at x=30: the outline crossing its top 7 px thick
    # reaches its end parts, not its middle; a line drawn along it shows there.
    image = np.zeros((70, 60, 3), np.uint8)
    image[16:25, 5:55] = 250  # the outline along the top corner
    line, span = np.array([30.0]), np.array([20.0, 45.0])
    plain = middle_ink(image[..., 0], image, line, span, pitch=25.0, reach=2.5)
    image[20:45, 29:32] = 120  # a line along the side
    drawn = middle_ink(image[..., 0], image, line, span, pitch=25.0, reach=2.5)
    assert plain[0][0, 0] < 0.5
    assert drawn[0][0, 0] > 2.0


def test_every_side_measured_at_once_as_each_alone() -> None:
    # One window round a whole lattice, its sides' middles measured together, gives
    # what each side's own window gives: lines and spans at fractional places, the
    # lattice running off the image's edge.
    rng = np.random.default_rng(7)
    image = rng.integers(0, 256, (90, 120, 3), dtype=np.uint8)
    gray = image.mean(axis=2).astype(np.uint8)
    lines = np.array([3.4, 28.7, 54.1, 79.6, 117.2])
    spans = np.array([1.3, 26.8, 52.2, 77.9])
    ink, top = middle_ink(gray, image, lines, spans, pitch=25.4, reach=2.5)
    for i in range(lines.size):
        for j in range(spans.size - 1):
            alone = middle_ink(
                gray, image, lines[i : i + 1], spans[j : j + 2], pitch=25.4, reach=2.5
            )
            assert (ink[i, j], top[i, j]) == pytest.approx((alone[0][0, 0], alone[1][0, 0]))
