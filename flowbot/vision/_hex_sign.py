"""A quick sign of a hexagonal board: hexagons drawn whole in the square search's shrunk copy.

The square search tries many copies of the screen (finer, in colour, its
lines followed through pipes, at full resolution) before it gives up; a
hexagonal board, which it can never read, would pay for all of them before
the hexagon reader is asked. So when its first copy shows no board the
search asks this first: the hexagon lattices the copy's thin lines repeat
along (``_hex_lattice``), and on each the hexagons drawn whole, a board's
worth in one piece that passes the lattice rules (empty inside: not a page's
ruled grid). A square grid draws no hexagon whole, so a square board never
shows the sign; the sign only moves the hexagon reader first, and when that
reads no board the square search runs on as before.
"""

from __future__ import annotations

import math
from itertools import islice

import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError
from flowbot.vision._dots_apart import board_dots
from flowbot.vision._grid import MIN_BOARD_SIDE, shrunk
from flowbot.vision._hex_board import found_hexagons, neighbours
from flowbot.vision._hex_lattice import MAX_PITCHES, lattices_in
from flowbot.vision._rules import HEX_LATTICE_RULES
from flowbot.vision._types import Settings

#: Least pitch, in the shrunk copy's pixels, at which hexagons are looked for: a side
#: (0.58 pitch) long enough to stand out from its corners and the dots' rims.
MIN_PITCH = 12.0


class HexagonsSeenError(BoardNotFoundError):
    """No square board in the first copy, and a hexagonal board's lattice drawn whole."""


def hexagons_seen(
    image: np.ndarray, gray: np.ndarray, first: np.ndarray, settings: Settings
) -> bool:
    """Whether the screen shows a board's worth of hexagons drawn whole, in one piece empty
    inside: around the board's dots (``board_dots``: a small board among a desktop's
    clutter outweighs its lines over the whole screen), or, none seen, in ``first``,
    the square search's first copy of ``gray`` (the brightest channel of ``image``).

    Around the dots the lines are looked at in a copy of their own, as fine as
    the square search's work size allows (small hexagons fade in the first copy).
    """
    h, w = gray.shape
    step = max(1, math.ceil(max(h, w) / settings.work_size))
    region = board_dots(image, step, MIN_BOARD_SIDE * settings.min_cell_px, split=True)
    if region is None:
        return _drawn_whole(first, settings.line_contrast)
    crop = gray[region.y0 : region.y1, region.x0 : region.x1]
    f = max(1, math.ceil(max(crop.shape) / settings.work_size))
    return _drawn_whole(shrunk(crop, f), settings.line_contrast)


def _drawn_whole(small: np.ndarray, contrast: float) -> bool:
    """Whether ``small`` shows a board's worth of hexagons drawn whole on some lattice its
    thin lines repeat along, in one piece holding a hexagon with all six around it that
    passes the lattice rules."""
    for lattice in islice(lattices_in(small, max(small.shape), contrast), MAX_PITCHES):
        if lattice.row_step < MIN_PITCH:
            continue
        for piece in found_hexagons(small, lattice, contrast):
            # A square grid's lines close hexagons only in a column or two, where
            # their slanted sides happen to lie along its lines: a board has a
            # hexagon drawn whole with all six around it.
            if not any(all(n in piece.cells for n in neighbours(node)) for node in piece.cells):
                continue
            try:
                for rule in HEX_LATTICE_RULES:
                    rule.check(piece)
            except UnsureReadingError:
                continue
            return True
    return False
