"""The colour-blind setting's letters: a dot's colour is its disc's, without the letter on it.

The game's colour-blind setting draws a capital letter on every dot (its
colour's: both dots of a pair carry the same one), white on dark dots and
black on light ones, its capitals about 0.6 of the dot's diameter high,
centred. The letter's strokes cross the core a cell is sampled in, so the
core is no longer one colour; between the letter and the dot's rim, a band
of the disc shows its colour alone. A lettered dot is a disc whose band is
one colour and whose inside is that colour and one ink, all lighter than it
or all darker, covering a share of it as a letter's thin strokes do (a
second disc inside, as a checkers piece's, covers it all).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from flowbot.vision._colour import delta_e, pixels_at, to_lab
from flowbot.vision._stats import median_along

#: The letter lies within ``LETTER_REACH`` of the dot's centre (a pitch's
#: share); the band out to ``BAND_REACH`` shows the disc's colour alone.
#: Capitals 0.6 of the diameter high reach 0.57-0.81 of the dot's radius
#: (the corners of A, K and M: 95 % of their ink within 0.74), the dot's
#: radius is 0.32-0.38 of a pitch (real screens 0.33-0.35): the band is
#: inside every dot and past nearly all of every letter.
LETTER_REACH, BAND_REACH = 0.25, 0.3


#: Lab distance within which a pixel has the disc's colour (``_cells.NEAR``),
#: and the least share of the band that must have it (``_cells.FLAT_CORE``).
NEAR, FLAT_BAND = 12.0, 0.8


#: A pixel of the inside this far (Lab) from the disc's colour is ink: white
#: or black on the game's colours is 45+ Lab away; the strokes' anti-aliased
#: edges, JPEG's ringing and glow's speckle mostly less.
INK_CONTRAST = 30.0


#: The share of the inside a letter's ink covers: 0.1 (I) to 0.49 (N, JPEG
#: 75) in 55-107 px cells; the rest is the disc's colour or the strokes'
#: edges. Fewer is noise; more, no letter (a disc inside a disc).
INK_SHARE = (0.05, 0.6)


#: The ink lies on one side of the disc's lightness (a white letter or a
#: black one): at least this share of it (JPEG 75-94: 0.88+; the rest is
#: chroma smeared across the strokes).
ONE_INK = 0.8


class Letters(NamedTuple):
    """Per cell tried, whether it is a lettered disc, and its colour without the letter."""

    lettered: np.ndarray  # (n,) bool
    lab: np.ndarray  # (n, 3) the band's median Lab
    rgb: np.ndarray  # (n, 3) the band's median RGB
    flat: np.ndarray  # (n,) the share of the band of that colour


def lettered_discs(image: np.ndarray, centres: np.ndarray, pitch: float) -> Letters:
    """Which of the cells centred at ``centres`` (``(n, 2)`` x, y) hold a lettered disc."""
    h, w = image.shape[:2]
    inner_xy, band_xy = _offsets(pitch)

    def gather(offsets: np.ndarray) -> np.ndarray:
        px = np.clip(np.rint(centres[:, :1] + offsets[:, 0]), 0, w - 1).astype(np.intp)
        py = np.clip(np.rint(centres[:, 1:] + offsets[:, 1]), 0, h - 1).astype(np.intp)
        return pixels_at(image, py, px)  # (n, k, 3)

    band_rgb = gather(band_xy)
    band = to_lab(band_rgb)
    inner = to_lab(gather(inner_xy))
    lab = median_along(band, axis=1)
    flat = (delta_e(band, lab[:, None]) <= NEAR).mean(axis=1)
    ink = delta_e(inner, lab[:, None]) > INK_CONTRAST
    share = ink.mean(axis=1)
    lighter = inner[..., 0] > lab[:, None, 0]
    on_one_side = np.maximum((ink & lighter).sum(axis=1), (ink & ~lighter).sum(axis=1))
    lettered = (
        (flat >= FLAT_BAND)
        & (share >= INK_SHARE[0])
        & (share <= INK_SHARE[1])
        & (on_one_side >= ONE_INK * ink.sum(axis=1))
    )
    return Letters(lettered, lab, median_along(band_rgb, axis=1), flat)


@functools.lru_cache(maxsize=32)
def _offsets(pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets ``(dx, dy)`` of a disc's inside (the letter's) and of its band."""
    step = max(1.0, pitch / 40)
    reach = BAND_REACH * pitch
    grid = np.arange(-reach, reach + step / 2, step)
    dx, dy = (v.ravel() for v in np.meshgrid(grid, grid))
    r = np.hypot(dx, dy) / pitch
    inner = np.stack([dx[r < LETTER_REACH], dy[r < LETTER_REACH]], axis=1)
    in_band = (r >= LETTER_REACH) & (r <= BAND_REACH)
    band = np.stack([dx[in_band], dy[in_band]], axis=1)
    for shared in (inner, band):
        shared.flags.writeable = False
    return inner, band
