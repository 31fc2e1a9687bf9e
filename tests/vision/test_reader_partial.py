"""Part of a board is no board: cells cut by the image's edge or hidden by a pop-up."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.screens.decoys import decoy
from flowbot.vision import read_board


@pytest.mark.parametrize("seed", [76039, 76148])
def test_lines_running_on_to_the_image_edge_through_cut_cells_are_refused(seed: int) -> None:
    # The image's edge cuts a column of cells 0.3 pitch past the last whole
    # one: too little room for a pitch-long look past the border, yet every
    # line runs on to the edge (read as 9x6 and 7x5 before).
    shot = decoy("flow_cut", seed)
    with pytest.raises(UnsureReadingError, match="run on past the board's border"):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [76097, 80015, 96020])
def test_a_cell_outlined_past_the_border_is_refused(seed: int) -> None:
    # A pop-up over an 8x8 board's last two rows: one or two lines of nine go
    # on past the border found, but a whole cell beside the pop-up is outlined
    # as the board's are (both read as 6x8 before). In 80015 the pop-up also
    # hides the lines just inside that border: the cell's far line is judged
    # against the board's lines all round. In 96020 (6x9, covered from row
    # 4) the pop-up's frame tints both lines beside the cell at 1/3 scale
    # (29-58 CIELAB from their colour inside), as another window's rules
    # would be; but the cell lies on the board's ground (0.2-0.3 CIELAB
    # across the border).
    shot = decoy("flow_dialog", seed)
    with pytest.raises(UnsureReadingError, match="cells like the board's go on"):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [75024, 76188])
def test_a_band_the_board_s_lines_go_through_is_no_empty_band_to_drop(seed: int) -> None:
    # A 5x6 board's last column holds a 2x1 block left out (outlined, no line
    # between its cells), a 6x6 board's last row a 1x3 one; no dot in either
    # band, and its only missing edges lie in it, yet 3 of its 4 (and 5)
    # crossing lines go on through it. Dropping it read 5x5 (and 5x6); header
    # text bands show 1 line in 8 at most.
    shot = decoy("flow_shaped", seed)
    with pytest.raises(UnsureReadingError, match="inner grid lines are missing"):
        read_board(shot.image)


def test_a_grid_whose_border_lies_past_the_image_edge_is_refused_without_error() -> None:
    # An 11x8 board cut at its top through a row of cells: a candidate's
    # border line lies above the image, and its inner edges there were
    # measured over an empty slice (an IndexError). That row shows no line.
    with pytest.raises(UnsureReadingError):
        read_board(decoy("flow_cut", 96217).image)
