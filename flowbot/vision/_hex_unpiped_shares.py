"""With no pipes drawn, the lines' colour's shares where the lead's widths fall in no clear groups.

Without pipes a board's widths are measured in one channel (``ink_channel``, or along
the lines' hue, ``_hex_glow.along_hue``) over one ground per side, each line's ink
taken over the lines' contrast across the board. Glow as light as the lines lifts the
ground beside the lines it lies over towards their level: there the line's ink over
that ground is a share of the board's contrast, and the outline measures as thin as
the lines (synthetic hex JPEG 5500003 unsolved: an orange glow over green lines, the
outline 1.14-1.72 px against thin lines 0.59-1.13 and the outline's 2.46-3.13 elsewhere).
The lines' colour's shares (``_hex_coverage.CoveredInks``, as beside pipes) take each
pixel's step from its own side's ground towards the lines' colour in all three
channels: a glow's ground is no ink, and the line's share over it is its own. So where
the lead is not clear, the board is measured as one with pipes is (each side in its
clearest channel, ``FacedInks``) and led by the shares where those fall in clear
groups along every direction, judged then as a board with pipes is (none of their
walls read thin by another measure, ``_hex_heard.VETO``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import HexSides
from flowbot.vision._hex_coverage import CoveredInks
from flowbot.vision._hex_faces import board_faced


def shares_lead(image: np.ndarray, sides: HexSides) -> HexSides:
    """``sides`` (no pipes drawn) led by the lines' colour's shares where the lead's widths
    fall in no clear groups (the outline wider along every direction) and the shares' do
    along every direction (each side's clearest channel kept to veto their walls,
    ``inks_faced``); else ``sides``."""
    # (an outline no wider than the lines in the lead is a board drawn so, walls unseen:
    # ``_hex_thin``, not judged again)
    if sides.crossed or sides.groups is None or sides.clear_groups:
        return sides
    faced = board_faced(image, sides)
    # (a side the image's edge cuts measured by the shares too, as the lead measured it:
    # past the edge they are nothing's, a cut line's share its part inside; no flow's
    # tint beside it to fall short over, ``CutInks``)
    shares = replace(sides, inks=CoveredInks(faced), inks_faced=faced)
    return shares if shares.clear_groups else sides
