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

from itertools import islice

import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError
from flowbot.vision._hex_board import found_hexagons
from flowbot.vision._hex_lattice import MAX_PITCHES, lattices_in
from flowbot.vision._rules import HEX_LATTICE_RULES

#: Least pitch, in the shrunk copy's pixels, at which hexagons are looked for: a side
#: (0.58 pitch) long enough to stand out from its corners and the dots' rims.
MIN_PITCH = 12.0


class HexagonsSeenError(BoardNotFoundError):
    """No square board in the first copy, and a hexagonal board's lattice drawn whole."""


def hexagons_seen(small: np.ndarray, contrast: float) -> bool:
    """Whether ``small`` (the brightest channel, shrunk) shows a board's worth of hexagons
    drawn whole, in one piece empty inside."""
    for lattice in islice(lattices_in(small, max(small.shape), contrast), MAX_PITCHES):
        if lattice.row_step < MIN_PITCH:
            continue
        for piece in found_hexagons(small, lattice, contrast):
            try:
                for rule in HEX_LATTICE_RULES:
                    rule.check(piece)
            except UnsureReadingError:
                continue
            return True
    return False
