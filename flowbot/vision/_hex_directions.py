"""The three directions of a flat-topped hexagon's sides, and the walls a measure reads along one.

The sides' widths fall into their two groups along each direction apart
(``_hex_widths``: the game's slanted lines carry a little more ink than its flat
ones), and a measure may be clear along one direction and not another
(``_hex_heard`` hears along each the measures clear there).
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._hex_board import HexSides, Node, side_direction
from flowbot.vision._hex_widths import WidthGroups


def corner_direction(sides: np.ndarray) -> np.ndarray:
    """The direction of each of the sides ``(n, 2, 2)`` of flat-topped hexagons from its
    corners, as ``_hex_board.side_direction`` names it: 0 flat, 1 where x and y grow
    together (a cell's side towards its neighbour up and right), 2 where they do not."""
    dx, dy = (sides[:, 1] - sides[:, 0]).T
    flat = np.abs(dy) < 0.5 * np.abs(dx)
    return np.where(flat, 0, np.where(dx * dy > 0, 1, 2))


def walls_along(sides: HexSides, group: WidthGroups, direction: int) -> set[frozenset[Node]]:
    """The sides along ``direction`` that ``sides``' widths put in the outline's group."""
    inner, _ = sides.widths
    return {
        side
        for side, width in inner.items()
        if side_direction(side) == direction and group.is_wide(width)
    }
