"""Two boards on one screen: which one to play is a guess, so the reading is refused."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.vision import read_board
from flowbot.vision.decoys import decoy
from flowbot.vision.synthetic import sample


@pytest.mark.parametrize("seed", [0, 1])
def test_two_boards_side_by_side_are_refused(seed: int) -> None:
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("flow_two_boards", seed).image)


@pytest.mark.parametrize("seed", [50027, 50037])
def test_another_board_found_with_a_column_too_many_still_counts(seed: int) -> None:
    # The other board's grid runs a column on into the window beside it: that
    # column's cells (text, a window's edge) make it unreadable as a whole,
    # yet its many flat, round dots show it is a board.
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("flow_two_boards", seed).image)


def test_a_board_found_in_pieces_is_no_two_boards() -> None:
    # A glow band hides four columns of a 12x15 board's lines at 1/4 scale:
    # its left and right parts are found as two grids holding dots. Full
    # resolution finds it whole, and it takes in both: one board, read.
    shot = sample("mirror", 75143)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
