"""Which hexagons hold a dot: the game's dots, bright saturated discs on a dark ground.

The game draws its dots (and its flows) on the board's cells alone, so the
hexagons holding one are the board's for sure, whatever clutter the lattice
closes into hexagons beside it (``_hex_inked``); and a dot's rim, a closed
curve round the centre, is no line inside an empty hexagon (``_hex_inside``).
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._colour import delta_e
from flowbot.vision._hex_board import HexSides, Node
from flowbot.vision._hex_pipes import centre_colours
from flowbot.vision._pipes import DISC, discs_show, lab_at

#: A hexagon holds a dot where its centre's colour lies this far (CIELAB) from its
#: ring's (the game's dots: bright, saturated discs on a dark ground; the dot reader's
#: ``dot_contrast``) and shows all round at a dot's radius (``_pipes.discs_show``).
DOT_OFF = 30.0
#: The ring: this far out from the centre, in pitches (past a dot's rim, 0.3, inside the
#: flat sides, 0.5).
RING = 0.42
#: ... and round its letter, within the dot, this far out (a dot's smallest radius
#: looked at, ``_pipes._DISC_RADII``: past a bold letter's reach, 0.2 pitch).
DISC_INNER = 0.26


def dotted_hexagons(image: np.ndarray, centres: np.ndarray, pitch: float) -> np.ndarray:
    """Whether each hexagon centred at ``centres`` ``(n, 2)`` (x, y) in ``image`` (RGB) holds
    a dot: its centre's colour ``DOT_OFF`` from its ring's, and shown all round at a dot's
    radius."""
    h, w = image.shape[:2]
    angles = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    around = RING * pitch * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    ring = np.median(lab_at(image, centres[:, None, :] + around[None], h, w), axis=1)
    dotted = np.zeros(len(centres), bool)
    # The dot's colour is its centre's, or, where a colour-blind dot's bold letter fills
    # half its centre (the median there a mix of the two, shown nowhere round it), the
    # colour round the letter, within the dot (the median over DISC_INNER pitch round it).
    disc = DISC_INNER * pitch * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    within = np.median(lab_at(image, centres[:, None, :] + disc[None], h, w), axis=1)
    for colour in (centre_colours(image, centres, pitch), within):
        apart = delta_e(colour, ring) >= DOT_OFF
        dotted |= apart & (discs_show(image, centres, pitch, colour) >= DISC)
    return dotted


def hexagons_dotted(image: np.ndarray, sides: HexSides) -> frozenset[Node]:
    """The hexagons of ``sides`` holding a dot in ``image`` (RGB, ``dotted_hexagons``)."""
    cells = sorted(sides.cells)
    if not cells:
        return frozenset()
    centres = np.array([sides.lattice.centre(*node) for node in cells], np.float64)
    dotted = dotted_hexagons(image, centres, sides.lattice.row_step)
    return frozenset(node for node, dot in zip(cells, dotted, strict=True) if dot)
