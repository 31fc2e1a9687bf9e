"""With no pipes drawn, each side's clearest channel where the lead reads part of the outline thin.

Without pipes a board's widths are measured in one channel (``ink_channel``, or along
the lines' hue, ``_hex_glow.along_hue``). Glow of another hue over part of a side can
stand as bright as its line in that channel, or brighter, while the line stands clear of
it in another: the channel sees only the part of the line off the glow, and an outline
side measures as a thin line (synthetic hex twins 8110004 unsolved: mauve lines (116,
104, 115) over an olive glow blob (117, 118, 100), a flat outline side 3.2 px against
the outline's 7.1, refused as "the hexagons go on past the board's outline"). Measured
each in its clearest channel (``FacedInks``, as beside pipes), every side stands clear of
both its faces: that side 7.2 px, the thin lines 2.7. So where the lead's groups are
clear but its outline fails the outline rule, that measure leads where its own groups
are clear along every direction and it reads the very walls the lead reads: it tells
only the outline anew, and every rule after judges the board by it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, Node
from flowbot.vision._hex_directions import walls_along
from flowbot.vision._hex_faces import board_faced
from flowbot.vision._hex_outline import OUTLINE


def faced_outline(image: np.ndarray, sides: HexSides) -> HexSides:
    """``sides`` (no pipes drawn) led by each side's clearest channel of ``image``
    (``FacedInks``) where the lead's groups are clear, its outline fails the outline rule
    (``OUTLINE``), and that measure's groups are clear along every direction and read the
    lead's walls; else ``sides``."""
    if sides.crossed or sides.groups is None or not sides.clear_groups:
        return sides
    try:
        OUTLINE.check(sides)
    except UnsureReadingError:
        faced = replace(
            sides,
            inks=board_faced(image, sides),
            inks_faced=None,
        )
        if faced.clear_groups and _walls(faced) == _walls(sides):
            return faced
    return sides


def _walls(sides: HexSides) -> set[frozenset[Node]]:
    """The sides between two hexagons ``sides``' widths read as walls (groups clear)."""
    groups = sides.groups
    assert groups is not None
    return set().union(*(walls_along(sides, group, d) for d, group in enumerate(groups)))
