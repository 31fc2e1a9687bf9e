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

On a started or finished board a flow's band hides the middle of every side
it crosses, so the hexagons under the flows are not drawn whole, and a
finished board's dots lie in their flows (no pairs of dots apart): the sign
is looked for around the flows then (``flows_region``, as the hexagon reader
finds their lattice), and a side a pipe crosses counts as drawn
(``Crossings``, in the copy's colours, as the hexagon reader counts it; the
hexagons it crosses are not judged empty inside, as they hold the pipe: in a
shrunk copy a slanted pipe is as narrow as a line and stands out as one).
"""

from __future__ import annotations

import math
from itertools import islice

import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError
from flowbot.vision._colour import brightest_channel
from flowbot.vision._dots_apart import Region, board_dots
from flowbot.vision._grid import MIN_BOARD_SIDE, shrunk
from flowbot.vision._hex_board import found_hexagons, neighbours
from flowbot.vision._hex_lattice import MAX_PITCHES, lattices_in
from flowbot.vision._hex_pipes import Crossings
from flowbot.vision._pipe_dots import flows_region
from flowbot.vision._rules import HEX_LATTICE_RULES
from flowbot.vision._types import Settings

#: Least pitch, in the shrunk copy's pixels, at which hexagons are looked for: a side
#: (0.58 pitch) long enough to stand out from its corners and the dots' rims.
MIN_PITCH = 12.0
#: A flow passes through a cell once, crossing two of its six sides: a hexagon it
#: closes shows four drawn (synthetic hex finished boards, every category: never
#: more than two crossed), and the sides round others are not asked about pipes
#: (a square board's lines draw few of a false lattice's sides).
LEAST_DRAWN = 4


class HexagonsSeenError(BoardNotFoundError):
    """No square board in the first copy, and a hexagonal board's lattice drawn whole."""


def hexagons_seen(
    image: np.ndarray, gray: np.ndarray, first: np.ndarray, settings: Settings
) -> bool:
    """Whether the screen shows a board's worth of hexagons drawn whole, in one piece empty
    inside: around the board's dots (``board_dots``: a small board among a desktop's
    clutter outweighs its lines over the whole screen) or, none seen, its flows
    (``flows_region``), or, neither seen, in ``first``,
    the square search's first copy of ``gray`` (the brightest channel of ``image``).

    Around the dots the lines are looked at in a copy of their own, as fine as
    the square search's work size allows (small hexagons fade in the first copy).
    """
    h, w = gray.shape
    step = max(1, math.ceil(max(h, w) / settings.work_size))
    region = board_dots(image, step, MIN_BOARD_SIDE * settings.min_cell_px, split=True)
    if region is None:
        # A finished board's dots lie in their flows: the board lies around them.
        region = flows_region(image, step)
    if region is None:
        return _drawn_whole(first, shrunk(image, step), settings)
    return hexagons_in(image, region, settings, gray=gray)


def hexagons_in(
    image: np.ndarray, region: Region, settings: Settings, *, gray: np.ndarray | None = None
) -> bool:
    """Whether ``region`` of the screen shows a board's worth of hexagons drawn whole,
    looked at in a copy of its own, as fine as the square search's work size allows;
    ``gray``: the screen's brightest channel, if at hand (else taken in the region)."""
    crop = (slice(region.y0, region.y1), slice(region.x0, region.x1))
    seen = brightest_channel(image[crop]) if gray is None else gray[crop]
    f = max(1, math.ceil(max(region.x1 - region.x0, region.y1 - region.y0) / settings.work_size))
    return _drawn_whole(shrunk(seen, f), shrunk(image[crop], f), settings)


def _drawn_whole(small: np.ndarray, colours: np.ndarray, settings: Settings) -> bool:
    """Whether ``small`` shows a board's worth of hexagons drawn whole on some lattice its
    thin lines repeat along (a side crossed by a pipe in ``colours``, the same copy in
    colour, counting as drawn), in one piece holding a hexagon with all six around it
    that passes the lattice rules."""
    contrast = settings.line_contrast
    # (asked only round hexagons a pipe may close: four sides drawn, ``LEAST_DRAWN``)
    crossings = Crossings(colours, settings.pipe_contrast, least_drawn=LEAST_DRAWN)
    for lattice in islice(lattices_in(small, max(small.shape), contrast), MAX_PITCHES):
        if lattice.row_step < MIN_PITCH:
            continue
        for piece in found_hexagons(small, lattice, contrast, crossings):
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
