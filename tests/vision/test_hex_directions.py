"""A hexagon's side's direction from its corners (``_hex_directions``)."""

from __future__ import annotations

import numpy as np

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
