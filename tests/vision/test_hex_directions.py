"""With pipes drawn, a hexagonal board's walls read along each direction by the measures that
tell them apart there (``_hex_directions``), and each side's clearest channel leading, its
walls agreeing with the lines' colour's shares along each direction both are clear along
(``_hex_coverage.COVERED_ALIKE``).

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import _SIDES, _corners, _direction
from flowbot.vision._hex_directions import corner_direction
from flowbot.vision._hex_lattice import HexLattice


def test_a_sides_direction_from_its_corners_is_its_direction_by_its_step() -> None:
    lattice = HexLattice(x0=40.0, y0=40.0, col_step=30.0 * np.sqrt(3) / 2, row_step=30.0)
    for node in ((0, 0), (1, 1), (2, 4)):
        corners = _corners(lattice, node)
        for step, a, b in _SIDES:
            ends = np.array([[[corners[a].x, corners[a].y], [corners[b].x, corners[b].y]]])
            assert corner_direction(ends)[0] == _direction(step)


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # JPEG: the shares' flat thin lines run wide (gap 0.30), the channels' rising ones
        # (0.28); each clear along the others, neither reading a wall.
        ("jpeg", 300034),
        # A zoomed page (JPEG 84, x1.5): the channels' rising thin lines beside a cyan tint
        # (2.2 px against the outline's 2.8), the shares' flat ones, clear elsewhere.
        ("zoomed", 300029),
    ],
)
def test_each_direction_read_by_the_measures_clear_along_it(category: str, seed: int) -> None:
    shot = sample(category, seed, "hex", "started")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert tuple(reading.pipes) == tuple(shot.pipes)


def test_the_channels_walls_agree_with_the_shares_along_each_direction() -> None:
    # A thin line between a blue tint and a dot's dark halo measured 1.64 px in its
    # clearest channel (the outline 1.8): read as a wall, the channels clear along every
    # direction; the shares, clear along two, read another wall along one of them.
    shot = sample("jpeg", 300052, "hex", "started")
    with pytest.raises(UnsureReadingError, match="wall or not"):
        read_board(shot.image)
