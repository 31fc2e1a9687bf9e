"""Part of a board is no board: cells cut by the image's edge or hidden by a pop-up."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.vision import read_board
from flowbot.vision.decoys import decoy


@pytest.mark.parametrize("seed", [76039, 76148])
def test_lines_running_on_to_the_image_edge_through_cut_cells_are_refused(seed: int) -> None:
    # The image's edge cuts a column of cells 0.3 pitch past the last whole
    # one: too little room for a pitch-long look past the border, yet every
    # line runs on to the edge (read as 9x6 and 7x5 before).
    shot = decoy("flow_cut", seed)
    with pytest.raises(UnsureReadingError, match="run on past the board's border"):
        read_board(shot.image)


@pytest.mark.parametrize(("kind", "seed"), [("flow_dialog", 76097), ("flow_shaped", 76188)])
def test_a_cell_outlined_past_the_border_is_refused(kind: str, seed: int) -> None:
    # A pop-up over an 8x8 board's last two rows, and a 6x6 board's last row
    # half left out: most lines stop at the border found, but a whole cell
    # beside it is outlined as the board's are (read as 6x8 and 5x6 before).
    shot = decoy(kind, seed)
    with pytest.raises(UnsureReadingError, match="cells like the board's go on"):
        read_board(shot.image)
