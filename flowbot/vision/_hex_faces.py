"""With pipes drawn, each side's width measured in the channel where its line stands clear
of both its faces.

The game lays a tint of each flow's colour over the hexagons it covers, the
lines drawn over it. A side's width is its line's ink over the line's
contrast over the ground it stands on (``_hex_board.LineMap.widths``); beside
a tint that ground steps under the line, and in a channel where the tint is
nearly as bright as the line one face of it all but vanishes: the top-hat's
ground there is the tint's or the dark ground's by a pixel's chance, and the
width comes out up to twice the line's (a line beside an orange tint measured
in the luma as a wall) or next to nothing (a line between a white flow's grey
tints, left out as no ink; an outline beside one, read as a thin line: "the
hexagons go on past the board's outline"). A channel where a tint stays dark
measures the line as on the plain ground. No one channel is clear of every
flow's tint, but each side has faces of only two cells: each side is measured
in the channel (red, green, blue or the luma) where the line stands most above
the brighter of its two faces, the luma unless a colour's own channel clears
them ``CLEARER`` times as much (JPEG keeps the luma at full resolution; its
colours ring beside a line at a tint's edge) and by the line contrast at least.
The faces are looked at from ``GROUND_OFF`` out to as far as the width is
measured: a dot's rim there widens the line in its own channels (a yellow
dot's beside a line read it as a wall in the luma and green, synthetic hex
drift 300002 solved; in blue, dark for yellow, a line).
A width is the line's share of pixels in any channel linear in the pixels'
colour, so the widths of sides measured in different channels are one measure.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.vision._hex_board import LineMap, line_level, sampled
from flowbot.vision._hex_channel import GROUND_OFF

#: A colour's own channel is taken over the luma for a side only where it clears the
#: brighter face this many times as much as the luma does: the luma's faces all but
#: hide the line there (a white flow's grey tint as light as the lines: 5.8-46 times,
#: synthetic hex phone_large 300003, rectangular 300005, preview 300003 solved). JPEG
#: keeps the colours at half resolution: at a cyan tint's edge the red channel rang
#: beside a line and read it as wide as a wall, clearing its faces 2.0 times as much
#: (jpeg 300003 started, read WRONG at 1.3); a white flow's tint beside blurred lines
#: 2.4 times (web 300013 solved, refused as before at 3).
CLEARER = 3.0
#: Where along a side its faces are looked at (its middle half, as its width).
_ALONG = np.linspace(0.25, 0.75, 5)


class FacedInks:
    """The sides' widths, each side's in the channel where its line stands most clear of
    both its faces (``_hex_board.Inks``)."""

    def __init__(self, image: np.ndarray, pitch: float, contrast: float) -> None:
        luma = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
        # Red, green, blue, then the luma (the last: taken unless another is clearer).
        self.channels = [*cv2.split(image), luma]
        self.maps = [LineMap(channel, pitch, contrast) for channel in self.channels]
        self.off = GROUND_OFF * pitch
        self.contrast = contrast

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        if not len(sides):
            return np.zeros(0)
        widths, clear = [], []
        for channel, lines in zip(self.channels, self.maps, strict=True):
            seen = lines.sides(sides, across)
            level = line_level(seen)
            widths.append([side.ink / max(level - side.ground, 1.0) for side in seen])
            # (out to where the width is measured: a dot's rim within it counts too)
            offsets = np.arange(self.off, max(self.off, across) + 0.5, 1.0)
            around = np.max([faces(channel, sides, off) for off in offsets], axis=0)
            clear.append(level - around.max(axis=1))
        by_channel, clearance = np.array(widths), np.array(clear)
        index = np.arange(len(sides))
        colour = np.argmax(clearance[:3], axis=0)
        best = clearance[colour, index]
        # (the luma unless its faces all but hide the line: JPEG's colours ring beside it)
        taken = np.where((best >= CLEARER * clearance[3]) & (best >= self.contrast), colour, 3)
        return by_channel[taken, index]


def faces(channel: np.ndarray, sides: np.ndarray, off: float) -> np.ndarray:
    """``channel`` either side of each of the sides ``(n, 2, 2)``, ``off`` pixels out from
    it, the median along its middle half: ``(n, 2)``."""
    a, b = sides[:, None, 0], sides[:, None, 1]
    length = np.maximum(np.hypot(*(b - a)[:, 0].T), 1e-6)[:, None, None]
    normal = np.concatenate([-(b - a)[..., 1:], (b - a)[..., :1]], axis=-1) / length
    along = a + _ALONG[None, :, None] * (b - a)
    either = [sampled(channel, (along + s * off * normal).astype(np.float32)) for s in (-1, 1)]
    return np.stack([np.median(side, axis=1) for side in either], axis=1)
