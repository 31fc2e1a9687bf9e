"""With pipes drawn, each side's width as the lines' lightness's share of the pixels across it,
the ground on each side apart: one of the measures heard (``_hex_heard``).

JPEG keeps a screen's lightness at full resolution and its colours at half,
each 16 px block's smoothed further by its coarse steps: a flow's tint's
colour runs 3-5 px past its side, into the line and onto the face beyond,
while the lightness steps within a pixel. Every measure that leans on colour
then widens thin lines beside a tint's edge: the lines' colour's shares
(``_hex_coverage.CoveredInks``) count the colour's ramp towards the line as
ink (synthetic hex JPEG 300046 started: beside a cyan tint the red channel
rose from 22 to 49 over the 4 px before a thin line, its lightness flat at
52; the shares 1.63 px against the outline's 2.05, the lightness's 1.1),
and a single channel's top-hat takes one ground for both faces. The
lightness's shares over each face's own lightness (the ground stepping
from one face's to the other's at the line's middle, as ``CoveredInks``
takes it) keep the line alone.

Where a face's tint is nearly as light as the lines (a white flow's grey
tint), the lightness cannot see the line there: its share is the noise over
next to no contrast (a thin line read 6 times the outline's width, synthetic
hex JPEG 300055 solved). So this measure is heard (``_hex_heard``) only where
it sees every side between two hexagons, the line lighter than both faces by the
line contrast.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.vision._hex_board import HexSides, colour_profiles
from flowbot.vision._hex_coverage import CoveredInks, _shares
from flowbot.vision._hex_faces import FacedInks

#: The lightness is ``FacedInks``' last channel (the luma: JPEG's own, kept whole).
_LIGHTNESS = 3


class LightnessInks(CoveredInks):
    """The sides' widths as the lines' lightness's share of the pixels across each, over the
    lightness of the ground on each side of it apart (``_hex_board.Inks``)."""

    def __init__(self, faced: FacedInks) -> None:
        super().__init__(faced)
        lightness = faced.channels[_LIGHTNESS]
        # (the profiles are taken as the colour's: three channels, here alike)
        self.image = cv2.merge([lightness] * 3)

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        if not len(sides):
            return np.zeros(0)
        local = sides - self.origin
        levels, either = self.faced.looks(local, across)
        level = np.array(levels[_LIGHTNESS : _LIGHTNESS + 1])
        profiles, offsets = colour_profiles(self.image, local, across)
        return np.array(
            [
                self._width(_shares(profile[:, :1], offsets, ground, level), offsets)
                for profile, ground in zip(profiles, either[..., _LIGHTNESS:], strict=True)
            ]
        )

    def unseen(self, sides: np.ndarray, across: float) -> np.ndarray:
        """Whether the lightness cannot see the line along each of the sides ``(n, 2, 2)``:
        it stands above the lighter of its faces by less than the line contrast there."""
        if not len(sides):
            return np.zeros(0, bool)
        levels, either = self.faced.looks(sides - self.origin, across)
        clearance = levels[_LIGHTNESS] - either[:, :, _LIGHTNESS].max(axis=1)
        return np.asarray(clearance < self.faced.contrast)


def sees_every_line(sides: HexSides) -> LightnessInks | None:
    """``LightnessInks`` over the sides' clearest channels (their inks, ``FacedInks``), where
    it sees every side between two hexagons (the line above both faces by the line contrast
    there); else ``None``."""
    assert isinstance(sides.inks, FacedInks)
    inks = LightnessInks(sides.inks)
    ends, across = sides.ends
    # (all the sides looked at, as the widths are measured: the lines' level is theirs)
    unseen = inks.unseen(np.array(list(ends.values()), np.float64), across)
    inner = np.array([other in sides.cells for _, other in ends])
    return None if (unseen & inner).any() else inks
