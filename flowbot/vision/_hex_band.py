"""A hexagonal board's side widths as the ink within a band as wide as the outline, where
an outline side's hump is cut short inside its line.

A side's width is its line's ink summed over its own hump, down to the
valleys either side (``_hex_board._hump_ink``): past a valley anything rising
again is the next thing across (a dot's rim a pixel or two off a line in
small hexagons). Measured along the lines' own hue (``_hex_glow.along_hue``:
glow crossing their brightness in every channel), a width is mostly the
colour, which JPEG keeps at half resolution: a wide line's colour then ripples
across it, and beside a saturated dot its ringing sinks the line's flanks to a
third of its peak and lifts them again, inside the line itself. The hump ends
there, and an outline side measures as thin as a line (synthetic hex preview
5700003: grey lines under purple glow, JPEG 86; the side above a green dot
3.1 px along the hue against thin lines 2.8 and the outline's 8.5, its
line 9 px wide in red).

So every side is measured again as its ink within one band as wide as the
outline's typical width (the widest direction's), ``MARGIN`` wider either
side (its blur), centred on its peak, over the ground's floor past the band
either side (``BandInks``): a thin line holds its own ink there, the outline
its whole, whatever ripples inside it. The band stays within ``GROUND_OFF``
of the side, where the ground is looked at, short of a dot's rim (0.12 pitch
from a flat side); past that, or the widths being no one line map's, there is
no such measure.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import PEAK_NEAR, HexSides, Inks, LineMap, line_level, side_width
from flowbot.vision._hex_channel import GROUND_OFF

#: The band reaches this many pixels past the outline's half width either side (its blur).
MARGIN = 1.0


class BandInks(Inks):
    """The sides' widths as their ink within a band ``half`` pixels either side of their
    peak, in the line map ``lines``, over the floor past it either side."""

    def __init__(self, lines: LineMap, half: float) -> None:
        self.lines, self.half = lines, half

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        seen = self.lines.sides(sides, across)
        if not seen:
            return np.zeros(0)
        level = line_level(seen)
        profile, offsets = self.lines._profiles(self.lines.tophat, sides, across)
        near = np.flatnonzero(np.abs(offsets) <= PEAK_NEAR)
        widths = np.zeros(len(seen))
        for i, (side, typical) in enumerate(zip(seen, np.median(profile, axis=1), strict=True)):
            # (a line darker than its ground is measured in another map: left as it reads)
            if side.peak < 0:
                widths[i] = side_width(side, level)
                continue
            peak = offsets[int(near[np.argmax(typical[near])])]
            band = np.abs(offsets - peak) <= self.half
            before, after = typical[offsets < peak - self.half], typical[offsets > peak + self.half]
            if not before.size or not after.size:
                widths[i] = side_width(side, level)
                continue
            # (the top-hat's ground is no flat zero: summed over a band, glow's slope under
            # it lifts a thin line's ink)
            base = np.linspace(float(before.min()), float(after.min()), int(band.sum()))
            ink = 0.5 * float(np.clip(typical[band] - base, 0, None).sum())
            widths[i] = side_width(replace(side, ink=ink), level)
        return widths


def banded(sides: HexSides) -> HexSides | None:
    """``sides`` with their widths as the ink within a band as wide as the outline
    (``BandInks``), or ``None`` where the widths are no one line map's, their groups not
    found, or the band reaches past ``GROUND_OFF``."""
    inks, groups = sides.inks, sides.groups
    if not isinstance(inks, LineMap) or groups is None:
        return None
    half = max(group.wide for group in groups) / 2 + MARGIN
    if half > GROUND_OFF * sides.lattice.row_step:
        return None
    return replace(
        sides,
        inks=BandInks(inks, half),
        inks_faced=None,
        inks_cut=None,
    )
