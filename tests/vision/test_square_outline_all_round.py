"""A square board outlined all round: a grid whose border is the outline along most of it but
a thin inner line along some cells is a piece of the board (``square outline all round``).

A shaped board whose top row has three cells on the left and holes on the right was read
as the 5x6 rectangle below that row: its top border the thin line under the three cells
and the outline over the holes. Refused, the outlined stage reads the whole board.
"""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.screens.synthetic import sample
from flowbot.vision._border_sides import border_of
from flowbot.vision._outline_all_round import check_outline_all_round

from .conftest import ReadsExactly

# The shot of the task that found it (held-out seed, used here by the task's leave).
_SHOT = ("huge_cells", 6400001, "holes")


@pytest.mark.parametrize("state", ["unsolved", "solved"])
def test_shaped_board_read_whole(reads_exactly: ReadsExactly, state: str) -> None:
    category, seed, variant = _SHOT
    reading = reads_exactly(category, seed, variant, state)
    assert (reading.puzzle.rows, reading.puzzle.cols) == (6, 6)


def test_rows_under_the_top_cells_refused_the_whole_board_passed(
    reads_exactly: ReadsExactly,
) -> None:
    category, seed, variant = _SHOT
    whole = reads_exactly(category, seed, variant, "unsolved").geometry
    assert isinstance(whole, BoardGeometry)
    image = sample(category, seed, variant, "unsolved").image
    # The rectangle the classic search took: every row but the top one.
    piece = BoardGeometry(whole.xs, whole.ys[1:])
    with pytest.raises(UnsureReadingError, match="thin inner line"):
        check_outline_all_round(border_of(image, piece))
    # The whole board's rectangle: its border over the holes is the ground, not a line.
    check_outline_all_round(border_of(image, whole))
