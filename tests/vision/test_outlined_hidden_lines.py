"""Boards with holes or walls whose lines hide under flows' tints or glow (session 29).

A cell whose lines no side shows is playable when it lies open to the board
across a side showing no outline: the game outlines a hole against every
playable cell beside it, whatever the cell's other sides show. A side brighter
than a line's top is taken at its darkest pixel only past a dark margin beyond
the top (another window flush against the frame), not on a ramp rising through
the line's reach (glow's edge).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._outline_edges import Kind, _across
from flowbot.vision._outlined import _lines_hidden


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state", "why"),
    [
        ("holes", "mirror", 300010, "solved", "a flow's bend by two holes, lines under its tint"),
        ("holes", "jpeg", 300003, "started", "glow's edge rising through a side between holes"),
    ],
)
def test_outlined_boards_read_exactly(
    variant: str, category: str, seed: int, state: str, why: str
) -> None:
    shot = sample(category, seed, variant, state)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical(), why


def _kinds(vertical: np.ndarray, horizontal: np.ndarray) -> SimpleNamespace:
    """Edge kinds as ``_lines_hidden`` reads them: an outline's ink 2.5, a line's 2, none 0."""
    ink = {Kind.NONE: 0.0, Kind.LINE: 2.0, Kind.OUTLINE: 2.5, Kind.DOUBT: 1.0}
    return SimpleNamespace(
        vertical=vertical,
        horizontal=horizontal,
        vertical_ink=np.vectorize(ink.get)(vertical),
        horizontal_ink=np.vectorize(ink.get)(horizontal),
        levels=(0.0, 2.0, 2.5),
    )


def _one_row(sides: list[Kind]) -> SimpleNamespace:
    """A row of three cells, their vertical sides ``sides`` (4), top and bottom outlined."""
    vertical = np.array(sides, np.int8).reshape(4, 1)
    horizontal = np.full((2, 3), Kind.OUTLINE, np.int8)
    return _kinds(vertical, horizontal)


def test_a_cell_open_to_the_board_is_playable_though_outlined_elsewhere() -> None:
    # Cell 0 playable; cell 1 outlined above and below (holes there), open to cell 0.
    kinds = _one_row([Kind.OUTLINE, Kind.NONE, Kind.NONE, Kind.OUTLINE])
    playable = np.array([[True, False, False]])
    box = np.ones((1, 3), bool)
    assert _lines_hidden(kinds, playable, box).tolist() == [[True, True, True]]


def test_a_cell_outlined_against_the_board_stays_a_hole() -> None:
    kinds = _one_row([Kind.OUTLINE, Kind.OUTLINE, Kind.NONE, Kind.OUTLINE])
    playable = np.array([[True, False, False]])
    box = np.ones((1, 3), bool)
    assert _lines_hidden(kinds, playable, box).tolist() == [[True, False, False]]
    # A doubt heavier than a line closes it as the outline does.
    kinds.vertical_ink[1, 0], kinds.vertical[1, 0] = 2.2, Kind.DOUBT
    assert _lines_hidden(kinds, playable, box).tolist() == [[True, False, False]]


def _measures(profile: list[float]) -> tuple[float, float]:
    """Ink and ridge across one edge of ``profile`` (offsets -13..13 px, a 100 px pitch)."""
    off = np.arange(-13, 14)
    inside = np.ones((1, off.size), bool)
    total, _, _, ridge, _, _ = _across(np.array([[profile]], float), off, inside, 7.0, 100.0)
    return float(total[0, 0]), float(ridge[0, 0])


def test_a_ramp_rising_through_the_line_s_reach_shows_no_ridge() -> None:
    # Glow's soft edge across a side between two holes (holes jpeg 300003 started):
    # 24 on one side, rising from the middle to 55 on the other.
    ramp = [24.0] * 14 + [24 + 31 * min(1, k / 10) for k in range(1, 14)]
    _, ridge = _measures(ramp)
    assert ridge == 0


def test_a_line_beside_a_window_past_a_dark_margin_keeps_its_ridge() -> None:
    # A line 80 over the ground at the middle, a dark margin, a white window past the
    # line's reach where the ground is taken.
    flush = [10.0] * 13 + [90.0] + [10.0] * 8 + [250.0] * 5
    ink, ridge = _measures(flush)
    assert ridge >= 70
    assert ink >= 80
