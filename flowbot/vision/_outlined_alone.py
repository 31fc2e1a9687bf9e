"""An outlined board (the game's other boards) lies alone: no dots like a board's beside it.

``another_board`` looks for another board where pairs of dots lie outside the
one read, as a grid of square cells; a hexagonal board beside it is no such
grid. On a board outlined as the game's other boards are, pairs of dots like
its own outside it are taken for another board whatever lattice they lie on.
Classic boards (their border the lines' colour) are left to ``another_board``;
a smaller copy of the board (the OS's screenshot preview) is none.
"""

from __future__ import annotations

import math

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._border_sides import outlined_all_round
from flowbot.vision._colour import brightest_channel
from flowbot.vision._dots_apart import other_dots
from flowbot.vision._grid import MIN_BOARD_SIDE
from flowbot.vision._lattice import find_lattices
from flowbot.vision._other_boards import smaller_copy
from flowbot.vision._rule import Cells


def dots_beside_outlined(image: np.ndarray, cells: Cells) -> bool:
    """Whether pairs of dots like a board's lie outside an outlined board read."""
    board, settings = cells.geometry, cells.settings
    if not outlined_all_round(cells.image, board):
        return False
    h, w = image.shape[:2]
    step = max(1, math.ceil(max(h, w) / settings.work_size))
    region = other_dots(image, board, step, min_side=MIN_BOARD_SIDE * settings.min_cell_px)
    if region is None:
        return False
    # The OS's screenshot preview, a smaller copy of the screen, is no other board.
    crop = image[region.y0 : region.y1, region.x0 : region.x1]
    for source, dark in ((brightest_channel(crop), False), (crop, False), (crop, True)):
        lattices, _ = find_lattices(source, settings.lines(), dark=dark)
        for found in lattices[:6]:
            other = BoardGeometry(
                tuple(x + region.x0 for x in found.xs), tuple(y + region.y0 for y in found.ys)
            )
            if smaller_copy(image, cells, other):
                return False
    return True
