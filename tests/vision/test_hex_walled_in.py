"""A hexagonal reading with a cell walled in on every side is refused: no flow can
cover such a cell, so its "walls" are a lone hole's outline misread."""

from __future__ import annotations

import pytest

from flowbot.errors import VisionError
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


def test_lone_hole_read_as_walled_cell_is_not_read_wrong() -> None:
    # Hex tiny cells 600006: the hole at (3, 1) was read as a cell with 5 walls round it.
    shot = sample("tiny_cells", 600006, "hex", "unsolved")
    try:
        reading = read_board(shot.image)
    except VisionError:
        return  # refused: right
    assert reading.puzzle.as_drawn().canonical() == shot.puzzle.as_drawn().canonical()


@pytest.mark.parametrize("seed", [600000, 600001])
def test_hex_tiny_cells_still_read(seed: int) -> None:
    shot = sample("tiny_cells", seed, "hex", "unsolved")
    reading = read_board(shot.image)
    assert reading.puzzle.as_drawn().canonical() == shot.puzzle.as_drawn().canonical()
