"""An outlined board (the game's other boards) lies alone: no dots like a board's beside it.

``another_board`` looks for another board where pairs of dots lie outside the
one read, as a grid of square cells; a hexagonal board beside it is no such
grid. On a board outlined as the game's other boards are, pairs of dots like
its own outside it are taken for another board whatever lattice they lie on,
unless they are a smaller copy of the board (the OS's screenshot preview).
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._dots_apart import Region, dots_outside
from flowbot.vision._other_boards import copied_dots, grids_in, smaller_copy
from flowbot.vision._rule import Cells

#: The fewest flows of any level (all 7,050 official levels have 3 or more):
#: an advert's or a button's few discs are no board.
FEWEST_PAIRS = 3
#: The copy's grid is looked for this share of the dots' region's size past it
#: on every side: a copy's rows and columns without dots lie past its dots.
COPY_BEYOND_DOTS = 0.5


def dots_beside_outlined(image: np.ndarray, cells: Cells) -> bool:
    """Whether pairs of dots like a board's lie outside the outlined board ``cells``."""
    region = dots_outside(image, cells.geometry, cells.settings, FEWEST_PAIRS)
    if region is None:
        return False
    h, w = image.shape[:2]
    grow_x = round(COPY_BEYOND_DOTS * (region.x1 - region.x0))
    grow_y = round(COPY_BEYOND_DOTS * (region.y1 - region.y0))
    around = Region(
        max(0, region.x0 - grow_x),
        max(0, region.y0 - grow_y),
        min(w, region.x1 + grow_x),
        min(h, region.y1 + grow_y),
    )
    # The OS's screenshot preview, a smaller copy of the screen, is no other board
    # (its grid read, or its dots alone where its cells are too small to read).
    return not any(
        smaller_copy(image, cells, other) for other in grids_in(image, around, cells.settings)
    ) and not copied_dots(image, cells, around)
