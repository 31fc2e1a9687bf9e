"""Empty cells whose ring lies on the lines: the ground, lit round its edge, is no dot.

The game draws its grid lines a fixed width on the screen and a board's outline (and
walls) twice as wide, whatever the cell size: on a board of many rows the cells shrink
and the lines take up to a fifth of the pitch, the outline two (``flowbot.look``,
``synthetic._room``). The cell's ring (``_cells.RING_INNER`` 0.41 pitch from its middle)
then lies on the outline where the cell meets it, and on the lines beside it: a corner
cell's ring shows them more than the ground (bridges rectangular 4300003: 28 px cells,
lines 4.7 px, the outline 9.3; the empty corner cells' rings 42-45 Lab from their
ground cores), and the cell stands out from its ring as strongly as a dot.

Such a cell lies on the board's border (the lines alone, a tenth of a pitch a side at
most, stop short of the ring), or inside it where a browser's zoom blurs the lines a
pitch's fifth wide onto every side of its ring (walls zoomed 6800000: 25 px cells, the
empty cells 15-25 Lab off their rings, the empty contrast 20). It is the ground all
through: its core's colour fills the cell to its corners, where neither a dot's disc
nor a pipe's band reaches, and the cells read empty show that colour too (anywhere on
the board: on a started board pipes may wall a few empty cells off from the others).
A pipe or a dot, dark or bright, leaves its corners to the ground: it stays refused
as before.
"""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import CellSamples
from flowbot.vision._colour import NEAR, delta_e, pixels_at, to_lab
from flowbot.vision._stats import median_of

#: Where a cell's corners are looked at, in pitches from its middle along both axes:
#: past any dot's disc (0.38 pitch at most, 0.48 along the diagonal) and any pipe's
#: band (a pipe 0.4 pitch wide at most: 0.2 from its axis), inside the grid lines
#: (0.1 pitch a side at most).
CORNER_AT = 0.34
#: Nearest to its middle a cell's corner is also looked at, in pitches along both axes
#: (0.42 along the diagonal: still past any dot's disc, 0.38 pitch at most): a browser's
#: zoom blurs the lines a pixel or two into the cell past ``CORNER_AT`` (bridges zoomed
#: 5900005: 25 px cells, the ground 7.5 Lab off its core there, 0.9 at 0.30).
CORNER_FROM = 0.30
#: Pixels either side of a corner's point whose median is its colour (JPEG noise).
CORNER_SPREAD = 1
#: Most Lab between the core and a corner of a cell the ground fills: the ground's own
#: noise and gradient across a cell. The darkest flows the game draws stand 12+ Lab off
#: the black ground (``vision_dark_flows``): a dark dot's or pipe's corners stay apart.
SAME_GROUND = 6.0


def lit_ground(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    candidates: np.ndarray,
    empty: np.ndarray,
) -> np.ndarray:
    """Which ``candidates`` (cells standing out from their rings more than empty cells
    do: as dots do, or in doubt between) are the ground, their rings on the lines and
    the outline: the ring lighter than the core (on the board's border, no lighter than
    its sectors facing out; inside it, every sector lighter than the core), a corner of
    the cell within ``SAME_GROUND`` of its core, and a cell read ``empty`` somewhere on
    the board with a core within ``NEAR`` of it."""
    rows, cols = candidates.shape
    # The game's lines and outline are lighter than its ground.
    lighter = samples.ring_lab[..., 0] > samples.core_lab[..., 0]
    ground = np.zeros(candidates.shape, bool)  # the ground's look on its own
    for r, c in np.argwhere(candidates & lighter):
        # The lines alone (a fifth of a pitch at most) stop short of the ring where
        # drawn crisp: the outline round the board reaches it, lighter than the ring
        # on every side it lies (a grid misplaced, or at half the board's pitch, is
        # refused as before); inside the board, only lines a zoom blurred wide do, on
        # all four sides.
        outer = _outer_sides(rows, cols, int(r), int(c))
        sides = samples.sector_lab[r, c, :, 0]
        if outer and (sides[outer] < samples.ring_lab[r, c, 0]).any():
            continue
        if not outer and (sides <= samples.core_lab[r, c, 0]).any():
            continue
        corners = _corner_colours(image, geometry, Cell(int(r), int(c)))
        ground[r, c] = bool((delta_e(corners, samples.core_lab[r, c]) <= SAME_GROUND).any())
    # The ground is the game's one colour: such a cell is it when some cell read
    # empty shows that colour in its core (a tile or a square of another colour fills
    # its cell too, in a ground of its own). Anywhere on the board: a started board's
    # pipes may wall a few empty cells off from every empty cell read so.
    seen = samples.core_lab[empty]
    return ground & (delta_e(samples.core_lab[:, :, None], seen) <= NEAR).any(axis=2)


def _outer_sides(rows: int, cols: int, r: int, c: int) -> list[int]:
    """The sides (0 right, 1 down, 2 left, 3 up: ``CellSamples.sector_lab``'s order) on
    which cell ``(r, c)`` of a ``rows`` x ``cols`` grid lies on the board's border."""
    on = (c == cols - 1, r == rows - 1, c == 0, r == 0)
    return [k for k, border in enumerate(on) if border]


def _corner_colours(image: np.ndarray, geometry: BoardGeometry, cell: Cell) -> np.ndarray:
    """The colours (Lab) at ``cell``'s four corners, each at ``CORNER_AT`` pitches from its
    middle along both axes and a pixel nearer at a time down to ``CORNER_FROM``:
    ``(4 * reaches, 3)``."""
    h, w = image.shape[:2]
    centre = geometry.centre(cell)
    pitch = geometry.cell_size
    reaches = CORNER_AT * pitch - np.arange(0.0, (CORNER_AT - CORNER_FROM) * pitch + 1e-9)
    spread = np.arange(-CORNER_SPREAD, CORNER_SPREAD + 1)
    out = []
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        for reach in reaches:
            x = np.clip(np.rint(centre.x + sx * reach) + spread, 0, w - 1).astype(np.intp)
            y = np.clip(np.rint(centre.y + sy * reach) + spread, 0, h - 1).astype(np.intp)
            xx, yy = np.meshgrid(x, y)
            out.append(median_of(to_lab(pixels_at(image, yy.ravel(), xx.ravel())), axis=0))
    return np.stack(out)
