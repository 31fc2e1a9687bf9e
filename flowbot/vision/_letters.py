"""The colour-blind setting's letters: a dot's colour is its disc's, without the letter on it.

The game's colour-blind setting draws a capital letter on every dot (its
colour's: both dots of a pair carry the same one), white on dark dots and
black on light ones, its capitals about 0.6 of the dot's diameter high,
centred. The letter's strokes cross the core a cell is sampled in, so the
core is no longer one colour; between the letter and the dot's rim, a band
of the disc shows its colour alone. A lettered dot is a disc of a dot's
size whose band is one colour, and whose inside is that colour and one ink,
all lighter than it or all darker, covering a share of it as a letter's
strokes do: the disc's colour shows between them (a second disc inside,
as a checkers piece's, covers the middle whole).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from flowbot.vision._colour import NEAR_RINGING, delta_e, nearest_pixels, pixels_at, to_lab
from flowbot.vision._stats import median_along

#: The least share of the band that must have the disc's colour, within
#: ``NEAR_RINGING`` (``_cells.FLAT_CORE``): the band lies within a pixel or two
#: of both the rim and the letter, where JPEG rings.
FLAT_BAND = 0.8


#: The disc is looked for out to ``DISC_REACH`` of a pitch (past the largest
#: dot, 0.38-0.4, inside the ring); its colour first taken roughly, the
#: median of the pixels from ``ROUGH[0]`` to ``ROUGH[1]`` (mostly the disc's
#: in every dot, past most of its letter).
DISC_REACH, ROUGH = 0.42, (0.22, 0.36)


#: A dot's radius, as a pitch's share (``_discs.DOT_RADII``).
RADII = (0.25, 0.4)


#: The band, as shares of the disc's own radius (where the rings out from
#: its centre stop being mostly nearer its colour than the ring's): capitals
#: 0.6 of the diameter high reach 0.57-0.81 of the radius (the corners of
#: A, K and M; 95 % of any letter's ink within 0.74), and a pixel's blur of
#: the rim reaches 0.9 in 20-30 px cells (its band's share of its colour:
#: 0.92+ from 0.8 to 0.9 of the radius, 0.54+ from 0.84 to 0.95).
BAND = (0.8, 0.9)


#: A disc whose band (``BAND[0]`` of its radius out) lies within this many pixels of its
#: rim shows no pixel of its colour alone there: each is blurred with the ground round
#: the disc (13.6 px cells, a disc 4.5 px in radius: its band's median 12 L* darker than
#: its colour, a pair's twins 14 Lab apart, synthetic holes colour_blind 6100000).
RIM_BLUR_PX = 1.0


#: Within this share of a lettered disc's size, its pixels are the letter's
#: or the disc's: not judged one by one (``is_crisp_disc(hollow=...)``).
LETTER_REACH = BAND[0]


#: A pixel of the inside is ink past half way from the disc's colour to the
#: letter's (the ``INK_QUANTILE`` of their distances), and at least
#: ``INK_CONTRAST`` (Lab) from the disc: white or black on the game's
#: colours is 45+ Lab away; in small cells, most of a stroke's pixels are
#: anti-aliased part way (a white letter on blue is 30 Lab away at a
#: quarter's coverage).
INK_CONTRAST, INK_QUANTILE = 30.0, 0.95


#: The share of the inside a letter's ink covers: 0.1 (I) to 0.7 (N, JPEG
#: 76 in 37 px cells); fewer is noise. Counted over every pixel of the
#: inside (``_pixel_ink``), not the samples a pitch's 40th apart: past 40 px
#: cells those skip a pixel column now and then, and a thin stroke along
#: one loses half its ink (an I's stem in 51.4 px hexagons sampled 0.042,
#: 0.09 counted whole: synthetic hex colour_blind 400010 unsolved).
LEAST_INK = 0.05


#: Ink counted over every pixel stands this tall at least, in the disc's radius:
#: every capital is ``render.LETTER_HEIGHT`` 0.6 of the diameter high, 1.2 radii
#: (an I's stem in 51.4 px hexagons 1.15); a glint or a speck of noise is not.
TALL = 0.9


#: The least share of the middle (within ``MIDDLE`` of the radius) nearer
#: the disc's colour than the letter's: a letter's strokes leave it between
#: them (O's counter, the spaces beside I), a disc inside the disc leaves none.
MIDDLE, DISC_IN_MIDDLE = 0.5, 0.1


#: The ink lies on one side of the disc's lightness (a white letter or a
#: black one): at least ``ONE_INK`` of the ink that differs from the disc
#: in lightness by ``INK_LIGHTNESS`` L* or more. (JPEG 75-94 smears the
#: disc's chroma across the strokes, darker or lighter by less: 0.99+.)
ONE_INK, INK_LIGHTNESS = 0.9, 15.0


#: The fewest pixels the band and the middle are judged on (tiny cells: none).
LEAST_PIXELS = 5


class Letters(NamedTuple):
    """Per cell tried, whether it is a lettered disc, and its colour without the letter."""

    lettered: np.ndarray  # (n,) bool
    lab: np.ndarray  # (n, 3) the band's median Lab
    rgb: np.ndarray  # (n, 3) the band's median RGB
    flat: np.ndarray  # (n,) the share of the band of that colour


def lettered_discs(
    image: np.ndarray, centres: np.ndarray, pitch: float, ring_lab: np.ndarray
) -> Letters:
    """Which of the cells centred at ``centres`` (``(n, 2)`` x, y) hold a lettered disc.

    ``ring_lab``: ``(n, 3)``, the colour round each cell's disc (its ring's).
    """
    xy, radius, rings, beyond = _offsets(pitch)
    py, px = nearest_pixels(image.shape, centres, xy)
    rgb = pixels_at(image, py, px)  # (n, k, 3)
    lab = to_lab(rgb)
    rough_band = (radius >= ROUGH[0] * pitch) & (radius <= ROUGH[1] * pitch)
    n = len(centres)
    if np.count_nonzero(rough_band) < LEAST_PIXELS:  # too small a cell to tell
        return Letters(np.zeros(n, bool), np.zeros((n, 3)), np.zeros((n, 3)), np.zeros(n))
    rough = median_along(lab[:, rough_band], axis=1)
    # Each ring's share nearer the disc's colour than the ring's: the disc
    # ends where the last ring mostly so ends.
    nearer = delta_e(lab, rough[:, None]) < delta_e(lab, ring_lab[:, None])
    near = nearer.astype(np.float32)
    share = near @ rings / rings.sum(axis=0)  # (n, rings)
    mostly = share >= 0.5
    last = rings.shape[1] - 1 - np.argmax(mostly[:, ::-1], axis=1)
    # Where the share falls through a half, between that ring's middle and the next's
    # (past the last ring, the one beyond the reach).
    share = np.concatenate([share, near[:, beyond].mean(axis=1)[:, None]], axis=1)
    inner = np.take_along_axis(share, last[:, None], axis=1)[:, 0]
    outer = np.take_along_axis(share, (last + 1)[:, None], axis=1)
    fall = np.clip((inner - 0.5) / np.maximum(inner - outer[:, 0], 1e-6), 0.0, 1.0)
    disc_radius = np.where(mostly.any(axis=1), (last + 0.5 + fall) * _step(pitch), 0.0)
    lettered = np.zeros(n, bool)
    colour_lab, colour_rgb, flat = rough.copy(), np.zeros((n, 3)), np.zeros(n)
    for i in np.flatnonzero((disc_radius >= RADII[0] * pitch) & (disc_radius <= RADII[1] * pitch)):
        # Each pixel's own distance from the centre: in a small cell, a pixel
        # is a good share of the band's width.
        own = np.hypot(px[i] - centres[i, 0], py[i] - centres[i, 1])
        lettered[i], colour_lab[i], colour_rgb[i], flat[i] = _one_disc(
            lab[i],
            rgb[i],
            own / disc_radius[i],
            functools.partial(_pixel_ink, image, centres[i], disc_radius[i]),
            rim_blurred=(1 - BAND[0]) * disc_radius[i] < RIM_BLUR_PX,
        )
    return Letters(lettered, colour_lab, colour_rgb, flat)


def _pixel_ink(
    image: np.ndarray, centre: np.ndarray, disc_radius: float
) -> tuple[np.ndarray, np.ndarray]:
    """The Lab colour of every pixel of the inside (within ``BAND[0]`` of ``disc_radius``
    round ``centre``, x, y) and its height off the centre, in the disc's radius."""
    reach = BAND[0] * disc_radius
    h, w = image.shape[:2]
    x0, x1 = max(0, int(np.floor(centre[0] - reach))), min(w - 1, int(np.ceil(centre[0] + reach)))
    y0, y1 = max(0, int(np.floor(centre[1] - reach))), min(h - 1, int(np.ceil(centre[1] + reach)))
    ys, xs = np.mgrid[y0 : y1 + 1, x0 : x1 + 1]
    keep = np.hypot(xs - centre[0], ys - centre[1]) < reach
    return to_lab(image[ys[keep], xs[keep]]), (ys[keep] - centre[1]) / disc_radius


def _one_disc(
    lab: np.ndarray,
    rgb: np.ndarray,
    radius: np.ndarray,
    inside_pixels: Callable[[], tuple[np.ndarray, np.ndarray]] | None = None,
    *,
    rim_blurred: bool = False,
) -> tuple[bool, np.ndarray, np.ndarray, float]:
    """``lettered_discs`` for one disc: its pixels' colours and radii (in its own radius).

    ``inside_pixels``: every pixel's Lab inside the band and its height, for the
    ink's share (``LEAST_INK``) where the samples show too little: then the ink
    must also stand ``TALL`` (a letter's, not a glint's). ``rim_blurred``: the band lies
    within ``RIM_BLUR_PX`` of the rim, its colour then the inside's clear of the ink.
    """
    band = (radius >= BAND[0]) & (radius <= BAND[1])
    inside = radius < BAND[0]
    middle = radius < MIDDLE
    if min(np.count_nonzero(band), np.count_nonzero(middle)) < LEAST_PIXELS:
        return False, np.zeros(3), np.zeros(3), 0.0  # too small a disc to tell
    colour = median_along(lab[band], axis=0)
    off = delta_e(lab[inside], colour)
    # Ink: past half way to the letter's colour (its farthest pixels').
    half = max(INK_CONTRAST, float(np.quantile(off, INK_QUANTILE)) / 2)
    ink = off > half
    shade = lab[inside, 0] - colour[0]
    lit = ink & (np.abs(shade) >= INK_LIGHTNESS)
    one_side = max(np.sum(lit & (shade > 0)), np.sum(lit & (shade < 0)))
    flat = float(np.mean(delta_e(lab[band], colour) <= NEAR_RINGING))
    share = float(ink.mean())
    if inside_pixels is not None and share < LEAST_INK:
        whole, height = inside_pixels()
        inked = delta_e(whole, colour) > half
        tall = inked.any() and float(np.ptp(height[inked])) >= TALL
        share = float(np.mean(inked)) if tall else share
    lettered = bool(
        flat >= FLAT_BAND
        and share >= LEAST_INK
        and np.mean(off[middle[inside]] <= half) >= DISC_IN_MIDDLE
        and one_side > 0
        and one_side >= ONE_INK * lit.sum()
    )
    if lettered and rim_blurred:
        # The band blurred with the ground round the disc all across: the
        # disc's colour is its inside's, the letter's ink left out.
        clear = np.flatnonzero(inside)[~ink]
        return lettered, median_along(lab[clear], axis=0), median_along(rgb[clear], axis=0), flat
    return lettered, colour, median_along(rgb[band], axis=0), flat


def holds_ink(core_off: np.ndarray) -> np.ndarray:
    """Which cells' cores may hold a letter: ``LEAST_INK`` of their pixels ink.

    ``core_off``: ``(cells, pixels)``, each core pixel's Lab distance from
    its core's median.
    """
    ink = np.count_nonzero(core_off > INK_CONTRAST, axis=1)
    return ink >= LEAST_INK * core_off.shape[1]


def _step(pitch: float) -> float:
    """The spacing of the pixels looked at (a pitch's 40th, at least a pixel)."""
    return max(1.0, pitch / 40)


@functools.lru_cache(maxsize=32)
def _offsets(pitch: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Pixel offsets ``(dx, dy)`` out to ``DISC_REACH`` and one ring past it, their radii,
    which ring within the reach each is in, and which lie in the ring beyond.

    Not the cell's core and ring (``_cells.cell_offsets``, which imports this file): a
    lettered disc's rim and letter are found in every ring out to the disc's reach.

    Rings one ``_step`` wide: ``(pixels, rings)`` of 0 and 1. A last ring holding under
    half the pixels of the one inside it is a sliver at the reach, left out: 4 pixels in
    31 px cells, one of a pipe among them made it "mostly the disc's", the disc as wide as
    the reach (synthetic colour_blind 4000005 started: a lettered dot with its pipe not
    seen lettered, its colour taken with its letter's and left unpaired).

    The ring beyond (whole, ``(pixels,)`` bool) is where the share falls to when the
    disc's rim lies in the last ring: a dot 0.38 pitch wide blurs out to 0.4, its rim in
    the last ring of a small cell (7-8 px of 8.5 in 20 px cells), and with no ring past
    it to fall to, its radius was taken as the reach's, too wide for a dot (synthetic
    warps colour_blind 5300000 solved: a lettered dot with its pipe, left unpaired).
    """
    step = _step(pitch)
    reach = DISC_REACH * pitch
    # The same points as out to the reach alone (its phase kept), two steps wider.
    grid = np.arange(-reach - 2 * step, reach + 2.5 * step, step)
    dx, dy = (v.ravel() for v in np.meshgrid(grid, grid))
    radius = np.hypot(dx, dy)
    ring = np.floor(radius / step).astype(np.intp)
    within = radius <= reach
    counts = np.bincount(ring[within])
    if len(counts) > 1 and counts[-1] < counts[-2] / 2:
        within &= ring < len(counts) - 1
    outside = int(ring[within].max()) + 1
    beyond = ring == outside
    keep = within | beyond
    xy, radius, ring = np.stack([dx[keep], dy[keep]], axis=1), radius[keep], ring[keep]
    within, beyond = within[keep], beyond[keep]
    rings = np.zeros((radius.size, outside), np.float32)
    rings[np.flatnonzero(within), ring[within]] = 1.0
    for shared in (xy, radius, rings, beyond):
        shared.flags.writeable = False
    return xy, radius, rings, beyond
