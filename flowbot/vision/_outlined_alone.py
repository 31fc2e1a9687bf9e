"""An outlined board (the game's other boards) lies alone: no dots like a board's beside it.

``another_board`` looks for another board where pairs of dots lie outside the
one read, as a grid of square cells; a hexagonal board beside it is no such
grid. On a board outlined as the game's other boards are, pairs of dots like
its own outside it are taken for another board whatever lattice they lie on.
Classic boards (their border the lines' colour) are left to ``another_board``;
a smaller copy of the board (the OS's screenshot preview) is none.
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._border_sides import outlined_all_round
from flowbot.vision._dots_apart import dots_outside
from flowbot.vision._other_boards import grids_in, smaller_copy
from flowbot.vision._rule import Cells


def dots_beside_outlined(image: np.ndarray, cells: Cells) -> bool:
    """Whether pairs of dots like a board's lie outside an outlined board read."""
    board, settings = cells.geometry, cells.settings
    if not outlined_all_round(cells.image, board):
        return False
    region = dots_outside(image, board, settings)
    if region is None:
        return False
    # The OS's screenshot preview, a smaller copy of the screen, is no other board.
    return not any(smaller_copy(image, cells, other) for other in grids_in(image, region, settings))
