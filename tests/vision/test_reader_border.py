"""A shaped board (cells left out) has a gap in its drawn border: refused, never a rectangle."""

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
