"""Another window against the board's side, its edge a pitch past the border: not the board."""

from __future__ import annotations

from flowbot.vision import read_board
from flowbot.vision.synthetic import sample


def test_a_white_sheet_column_in_step_with_the_grid_is_left_out() -> None:
    # A 7x10 board mirrored on a 2560 px desktop; a white spreadsheet's edge
    # lies one pitch right of the board's border: the grid found is 7x11,
    # its last column white where the board's ground is black.
    shot = sample("mirror", 90259)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_dark_editor_column_with_text_is_no_band_of_dots() -> None:
    # An 11x11 board; a dark editor window beside its right border, whose
    # white page's edge lies a pitch further: the grid found has that column
    # too, its edges missing. The column holds no dot: a cell's core of the
    # editor's own dark ground is unlike its ring (the white page) but like
    # the board's ground.
    shot = sample("mirror", 92138)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
