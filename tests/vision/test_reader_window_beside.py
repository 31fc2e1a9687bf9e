"""Another window against the board's side, its edge a pitch past the border: not the board."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.vision import read_board
from flowbot.vision._board_checks import _nearby_median
from flowbot.vision.decoys import decoy
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


def test_a_grid_one_cell_high_left_by_a_dropped_band_is_checked_without_error() -> None:
    # flow_dialog 94348: a pop-up's band dropped from a two-row grid leaves
    # one row, with no inner horizontal line to compare its edges with; the
    # reader must refuse the screen, not fail on the empty set of edges.
    with pytest.raises(UnsureReadingError):
        read_board(decoy("flow_dialog", 94348).image)
    assert _nearby_median(np.zeros((0, 7))).shape == (0, 7)


def test_a_ruled_page_against_the_board_is_no_outline_going_on() -> None:
    # A 2560 px desktop; a white editor page against the mirror window's
    # right edge (the board's right border), its ruled lines in line with
    # the board's top and bottom borders and one a pitch further right: the
    # outline seems to go on past the corner, but the page's white ground
    # is not the board's, so nothing laid over the board is hiding a row.
    shot = sample("mirror", 95077)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_white_text_in_step_with_the_lines_past_a_window_edge_is_no_run_on() -> None:
    # A 5x5 board mirrored on a 2560 px desktop, the phone's full width: its
    # left border is the mirror window's edge, against a dark editor whose
    # white lines of text lie in step with 2 of the board's 4 brown inner
    # lines (read as a run-on, then grown into the editor). The game draws
    # all its lines in one colour: lines going on in another are not its own.
    shot = sample("mirror", 95158)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
