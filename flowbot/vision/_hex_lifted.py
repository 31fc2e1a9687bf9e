"""A side whose ground a bright dot beside it lifts, measured in the channel where it stays low.

A side's width is its line's ink in a top-hat over the line's contrast over
the ground the top-hat stands on (``_hex_board.side_width``). A big dot
touching a thick line, as bright as the line or brighter in the channel the
widths are measured in, joins it there into one bright shape as wide as the
top-hat's square: its opening then lifts the ground under the line to the
line's soft edge by the dot, and the line keeps only its far half (the game's
dot rim is the dot's colour darkened, as bright as a slate line in the dot's
own channel). An outline side beside a blue dot measured 1.66 px in blue, the
lines 1.71 and the outline 3.29 (synthetic hex zoomed 5800000, lines 3 px):
a wall beside such a dot would read as a line. The dot is dark in another
channel, where the line stands on the plain ground (red: 64 over a rim of 5
and a dot of 12). A width is the line's share of pixels in any channel linear
in the pixels' colour: each side whose ground stands ``LIFTED`` of the lines'
contrast above the board's is measured in the colour channel where it stands
lowest, if it is ``CLEAR`` there, scaled to the lines' contrast of the channel
it replaces. Only where the channel's widths fall in no clear groups
(``unlifted``): a board read right keeps its reading.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import cv2
import numpy as np

from flowbot.vision._hex_board import HexSides, LineMap, Side, line_level
from flowbot.vision._hex_glow import SignedLines

#: A side's ground lies this share of the lines' contrast (their level over the board's
#: ground, the median of the sides') above the board's ground: something bright beside
#: its line lifts it (synthetic hex zoomed 5800000 unsolved, lines 3 px, in blue: the six
#: sides past it, beside blue dots, 0.25-0.47; 412 of the 466 sides below 0.1, the rest
#: 0.11-0.25; only where the widths fall in no clear groups, ``unlifted``).
LIFTED = 0.25
#: ... and another channel's ground under it lies below this share there: the dot stays
#: dark in it (those six 0.00-0.06 in red, 0.07-0.31 in green).
CLEAR = 0.1


class UnliftedLines(SignedLines):
    """The lines of one channel (as ``SignedLines``), the sides whose ground is lifted there
    (``LIFTED``) measured in the colour channel of ``image`` where it stays lowest
    (``CLEAR``)."""

    def __init__(
        self,
        image: np.ndarray,
        gray: np.ndarray,
        pitch: float,
        contrast: float,
        *,
        cut_ground: bool = False,
    ) -> None:
        super().__init__(gray, pitch, contrast, cut_ground=cut_ground)
        self.image = image

    @cached_property
    def colours(self) -> list[LineMap]:
        """The lines of red, green and blue, the ground by the image's edges as here."""
        return [
            LineMap(channel, self.pitch, self.contrast, cut_ground=self.cut_ground)
            for channel in cv2.split(self.image)
        ]

    def sides(self, sides: np.ndarray, across: float, *, inked: bool = True) -> list[Side]:
        seen = super().sides(sides, across, inked=inked)
        if len(seen) < 2:
            return seen
        base, level = _ground_and_level(seen)
        lifted = [
            i
            for i, side in enumerate(seen)
            if side.peak >= self.contrast and side.ground - base >= LIFTED * (level - base)
        ]
        if not lifted:
            return seen
        # Each colour's ground under the lifted sides, as a share of its own lines' contrast
        # (none where the line does not stand out there).
        looks = []
        shares = np.full((len(self.colours), len(lifted)), np.inf)
        for which, lines in enumerate(self.colours):
            plain = lines.sides(sides, across, inked=False)
            c_base, c_level = _ground_and_level(plain)
            looks.append((c_base, c_level))
            for n, i in enumerate(lifted):
                if plain[i].peak >= self.contrast:
                    shares[which, n] = (plain[i].ground - c_base) / max(c_level - c_base, 1.0)
        lowest = np.argmin(shares, axis=0)
        for which, (lines, (c_base, c_level)) in enumerate(zip(self.colours, looks, strict=True)):
            mine = [
                i for n, i in enumerate(lifted) if lowest[n] == which and shares[which, n] < CLEAR
            ]
            if not mine:
                continue
            # (scaled to the lines' contrast here: ``side_width`` over the level here gives
            # the width in the colour's)
            scale = (level - base) / max(c_level - c_base, 1.0)
            for i, side in zip(mine, lines.sides(sides[mine], across, inked=inked), strict=True):
                seen[i] = replace(
                    side,
                    ink=side.ink * scale,
                    peak=side.peak * scale,
                    ground=base + (side.ground - c_base) * scale,
                )
        return seen


def _ground_and_level(seen: list[Side]) -> tuple[float, float]:
    """The board's ground (the median of the sides') and its lines' level (``line_level``)."""
    return float(np.median([side.ground for side in seen])), line_level(seen)


def unlifted(image: np.ndarray, sides: HexSides) -> HexSides:
    """``sides`` with their lines (``inks``, ``SignedLines``) measured as ``UnliftedLines``
    where their widths fall in no clear groups and do so then; ``sides`` itself otherwise."""
    inks = sides.inks
    if not isinstance(inks, SignedLines) or sides.groups is None or sides.clear_groups:
        return sides
    lines = UnliftedLines(
        image, inks.gray, sides.lattice.row_step, inks.contrast, cut_ground=inks.cut_ground
    )
    tried = replace(sides, inks=lines)
    return tried if tried.clear_groups else sides
