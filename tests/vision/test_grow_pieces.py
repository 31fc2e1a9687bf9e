"""A finished board's grid found in pieces (pipes crossing its faint lines under JPEG), grown.

The pipes cover a finished board's lines wherever two cells are joined, and the
line search finds the board only as pieces on one lattice, each refused (other
pieces meet it, a wall ends at its border) before its lines are seen going on.
The search grows such a piece while its lines go on (``_search._checked``), and
judges the board as a whole.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision._search import find_boards
from flowbot.vision._types import Settings

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_finished_walls_board_under_jpeg_is_judged_whole_not_in_pieces() -> None:
    # 12x11 cells of 35 px: the search found pieces only (4 columns full height, a
    # corner), each refused as several grids meeting. Grown, the whole board is found
    # and refused for what it is, a board with walls (the outlined stage reads those).
    shot = sample("jpeg", 5500000, "walls", "solved")
    with pytest.raises(UnsureReadingError) as doubt:
        for _ in find_boards(shot.image, Settings(), hexagons=False):
            pass
    grid = doubt.value.geometry  # type: ignore[attr-defined]
    assert (grid.rows, grid.cols) == (11, 12)
    assert "walls" in str(doubt.value)


def test_a_finished_walls_board_under_jpeg_reads_exactly(reads_exactly: ReadsExactly) -> None:
    # Grown whole, the outlined stage reads it: the line beside a pipe's tint the
    # outlined stage doubted is told by its brightest pixel (``_by_colour``).
    reads_exactly("jpeg", 5500000, "walls", "solved")
