"""Shaped boards (cells left out): a gap in the border or an outlined hole is refused."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.vision import read_board
from flowbot.vision.decoys import decoy


@pytest.mark.parametrize("seed", [0, 5, 22])
def test_a_corner_cell_cut_out_is_a_gap_in_the_border(seed: int) -> None:
    # Every inner edge is still drawn (each borders a present cell); only the
    # cut corner's two outer border edges are missing.
    shot = decoy("flow_holes", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [16, 27, 40])
def test_a_cell_left_out_and_outlined_in_another_colour_is_refused(seed: int) -> None:
    # A 1x1 hole: black like an empty cell, every side present, but each side
    # inside the board drawn in the game's bright outline colour, not the grid's.
    shot = decoy("flow_shaped", seed)
    with pytest.raises(UnsureReadingError):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [7, 30, 43])
def test_a_corner_cut_out_at_the_image_edge_is_a_gap_in_the_border(seed: int) -> None:
    # A tight crop through the border line: the sliver of border along the
    # image's edge shows beside every cell but the one left out.
    shot = decoy("flow_holes", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)
