"""Rays from a cell's centre: where its colour ends, softly (glow) or in a crisp outline."""

from __future__ import annotations

import math
from statistics import NormalDist

import cv2
import numpy as np

from flowbot.vision._bands import BORDER
from flowbot.vision._cells import CORE_RADIUS
from flowbot.vision._colour import place_between, to_lab
from flowbot.vision._stats import median_of

#: An object's outline (anti-aliased, through JPEG) goes from the object's
#: colour to the background's within this many pixels (bridge tiles: at most
#: 3.2); the game's glow fades over more (synthetic glow: 15+ px on a phone
#: screen, 5+ in a mirror window a third of the phone's size).
OUTLINE_PX = 4.0


#: Rays from a cell's centre along which its colour is followed to the lines.
RAYS = 16


#: Least place between the inside (0) and outside (1) colours that a ray
#: across a crisp outline reaches: past a tile's edge lies the background.
REACHED = 0.75


def soft_rays(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    reach: float = BORDER[1],
    outline_px: float = OUTLINE_PX,
) -> int:
    """How many rays from ``centre`` see the ``inside`` colour fade into ``outside``.

    Along each ray, from the core's edge to the border band, every half pixel,
    a point's place between the two colours (0 at ``inside``, 1 at
    ``outside``, by Lab distances). A ray on which it moves at least half the
    way, yet nowhere faster than the whole way in ``outline_px`` pixels, is
    soft. An object drawn in the cell has a crisp outline on every ray that
    leaves it; background glow fades gradually. ``reach``: where the rays
    end, a share of the pitch (``interior_reach``: short of the lines).

    Glow may fade over most of a ray's length: a ray that ends before it has
    faded half way is judged by what it saw (``_fade_seen``), not by whether
    it got there, which a grid found a tenth of a pixel off decides.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    lab = _ray_lab(image, centre, pitch, angles, start=CORE_RADIUS, end=reach)
    place = place_between(lab, inside, outside)
    moved, sharp = _moved_and_sharp(place, outline_px)
    # Towards ``outside``: a lighter rail on a grey tile is far from both colours.
    span = np.subtract(outside, inside)
    towards = (lab - inside) @ span / max(float(span @ span), 1e-6)
    seen = _fade_seen(towards, place, outline_px)
    return int(np.count_nonzero((moved & ~sharp) | (~moved & seen)))


def fills_cell(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    reach: float = BORDER[1],
) -> bool:
    """Whether no ray from ``centre`` (as in ``soft_rays``) gets half way to ``outside``.

    Nowhere inside the cell does its colour end: it fills the cell out to
    ``reach`` (a share of the pitch) on every side.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    place = _ray_places(image, centre, pitch, angles, inside=inside, outside=outside, end=reach)
    return bool(place.max(initial=0.0) < 0.5)


#: Least share of the way that ``_fade_seen`` needs a ray to have moved (its
#: samples smoothed by a running median of ``_SMOOTH`` first: JPEG's stray
#: pixels and a tile's shading move a flat ray less) to judge its fade.
FADE_SEEN = 0.25


_SMOOTH = 3


def _fade_seen(towards: np.ndarray, place: np.ndarray, outline_px: float) -> np.ndarray:
    """Rays that have faded part of the way, short of half, too gently for an outline.

    ``towards``: ``(rays, points)``, each point's progress from inside (0)
    towards outside (1) along the line between them; ``place``: its place
    between them by distances (``place_between``); the pace is the steeper.
    A blurred step (an outline's anti-aliasing and blur, a lens's or JPEG's)
    rises fastest at its middle; before that, at place ``p``, at
    ``exp(-z**2 / 2)`` of its steepest, ``z`` the normal quantile of ``p``,
    if Gaussian (a ramp's is as steep all along: this is the sharper
    reading). A ray that has risen to ``p`` at most at a pace that, so
    scaled, would take the whole way in ``outline_px`` pixels or more, sees
    glow's fade, not an outline's shoulder.
    """
    if towards.shape[1] < _SMOOTH:
        return np.zeros(towards.shape[0], bool)
    runs = np.lib.stride_tricks.sliding_window_view(towards, _SMOOTH, axis=1)
    smooth = median_of(runs, axis=2)
    # From the core's colour (0), or the ray's start if past it, to the ray's end.
    seen = smooth[:, -1] - np.maximum(smooth[:, 0], 0.0)
    z = np.array([NormalDist().inv_cdf(p) for p in np.clip(seen, FADE_SEEN, 0.5)])
    shoulder = np.exp(-(z**2) / 2)
    steps = np.maximum(np.abs(np.diff(towards, axis=1)), np.abs(np.diff(place, axis=1)))
    steepest = steps.max(axis=1, initial=0.0) / _RAY_STEP
    return (seen >= FADE_SEEN) & (steepest * outline_px < shoulder)


def outline_rays(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    outline_px: float = OUTLINE_PX,
) -> tuple[int, int]:
    """Rays from ``centre`` on which ``inside`` fades softly into ``outside``, and sharply.

    Out to the border band; soft as ``soft_rays`` judges a ray that moves at
    least half the way (within ``outline_px``); a ray on which the place
    moves at least half the way, faster than that somewhere, is sharp.
    A ray meets a straight outline at a slant and sees it stretched, but of
    16 rays one meets it within 12 degrees of square on: a drawn object (a
    pipe, a dot) shows a sharp ray.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    place = _ray_places(image, centre, pitch, angles, inside=inside, outside=outside)
    moved, sharp = _moved_and_sharp(place, outline_px)
    return int((moved & ~sharp).sum()), int((moved & sharp).sum())


#: Least lightness step from a band to its ring for ``band_is_soft`` to judge
#: it, and across an object's outline for ``crisp_sides``.
SOFT_LIGHTNESS = 5.0


def crisp_sides(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    beyond: np.ndarray,
    *,
    reach: float = BORDER[1],
    in_lightness: bool = True,
) -> int:
    """On how many sides of the cell ``inside`` ends in a crisp outline.

    An object drawn in the cell has an outline on every side, beyond which
    lies the background (``beyond``: four colours, beyond the right, lower,
    left and upper sides). A side shows it when one of the rays (as in
    ``outline_rays``) within 22.5 degrees of its normal moves from
    ``inside`` at least half way to that side's colour, somewhere faster than
    the whole way in ``OUTLINE_PX`` pixels, and reaches ``REACHED`` of the
    way (a thick grid line's colour, far from both, stays near half way).
    A band or edge of glow that is sharp somewhere crosses the cell: sharp on
    one or two sides only. The ray must do all that in lightness too, which
    must step by ``SOFT_LIGHTNESS`` or more: JPEG keeps lightness at full
    resolution but colour at half, quantised in blocks of 16 px, whose steps
    give dim glow an "outline" in colour alone (glow 10-25 Lab from the
    colour beyond but within 4 L*: synthetic 18-20 px cells, real 48-97 px
    ones through JPEG); objects differ in lightness too (bridge tiles: 8.3+).
    The rays end at ``reach`` (a share of the pitch), as in ``soft_rays``.
    ``in_lightness=False`` leaves the lightness test out, for a cell too
    near black for lightness to show an outline.
    """
    angles = np.arange(RAYS) * (2 * np.pi / RAYS)
    # Each ray's nearest side (0 right, 1 down, 2 left, 3 up), and whether it
    # lies within 22.5 degrees of that side's normal (not a diagonal).
    nearest = np.rint(angles / (np.pi / 2))
    facing = np.abs(angles - nearest * np.pi / 2) <= np.pi / 8 + 1e-6
    side = nearest[facing].astype(np.intp) % 4
    outside = beyond[side][:, None, :]
    lab = _ray_lab(image, centre, pitch, angles[facing], start=CORE_RADIUS, end=reach)
    place = place_between(lab, inside, outside)
    moved, sharp = _moved_and_sharp(place, OUTLINE_PX)
    crisp = moved & sharp & (place.max(axis=1) >= REACHED)
    if not in_lightness:
        return int(np.unique(side[crisp]).size)
    step = beyond[side, 0] - inside[0]
    lit = np.abs(step) >= SOFT_LIGHTNESS
    lightness = (lab[..., 0] - inside[0]) / np.where(lit, step, 1.0)[:, None]
    moved, sharp = _moved_and_sharp(lightness, OUTLINE_PX)
    crisp &= lit & moved & sharp & (lightness.max(axis=1) >= REACHED)
    return int(np.unique(side[crisp]).size)


def band_is_soft(
    image: np.ndarray,
    point: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    across: float,
    outline_px: float,
) -> bool:
    """Whether a band through ``point`` fades softly into ``outside`` across its width.

    From ``point``, rays both ways at angle ``across`` (radians: square to
    the band) out to the cell's border band's reach, each point's place from
    ``inside`` (0) to ``outside`` (1) by lightness: a band drawn with an
    outline (a pipe) changes faster than the whole way in ``outline_px``
    pixels on a ray that leaves it; the background's glow, on none, yet
    leaves it on at least one. Lightness, as JPEG keeps it at full
    resolution but halves colour's: a pipe's edge that stays within 2.5 px
    in L* spreads over 3.7 in colour. A band that barely differs from its
    ring in lightness (under ``SOFT_LIGHTNESS``) is not judged (not soft):
    ``edges_in_colour`` judges such a band.
    """
    step = float(outside[0] - inside[0])
    if abs(step) < SOFT_LIGHTNESS:
        return False
    lab = _ray_lab(image, point, pitch, np.array([across, across + np.pi]), start=0.0)
    place = (lab[..., 0] - inside[0]) / step
    moved = _moved(place)
    return bool(moved.any()) and not (moved & _rises_within(place, outline_px)).any()


#: The least share of the way a band's edge rises within ``outline_px`` to be sharp
#: (``_rises_within``): a blurred step as steep at its middle as the whole way in
#: ``outline_px`` (a Gaussian of 0.4 ``outline_px``) rises 0.79 of it there, a ramp
#: 1; a glow pipe's edge as steep as the whole way in 5.2 px (``BAND_EDGE_PX`` 4),
#: 0.67 if Gaussian, 0.77 a ramp.
EDGE_RISE = 0.8


def _rises_within(place: np.ndarray, outline_px: float) -> np.ndarray:
    """Rays on which the place moves ``EDGE_RISE`` of the way within ``outline_px`` pixels.

    The rise over a run of points, not from one point to the next: a faint
    band's step (9 L* over a dark ground) is eight levels of 8-bit RGB, and
    one point's rounding or the ground's noise moves a soft glow's place an
    eighth of the way between two points half a pixel apart, as fast as a
    pipe's edge (crop bridges 100267: glow 0.4 pitch wide, its edges over 10 px).
    """
    span = max(1, round(outline_px / _RAY_STEP))
    if place.shape[1] <= span:
        return np.abs(place[:, -1] - place[:, 0]) >= EDGE_RISE
    return np.abs(place[:, span:] - place[:, :-span]).max(axis=1) >= EDGE_RISE


def band_width(
    image: np.ndarray,
    point: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    across: float,
) -> float:
    """The width (pitches) of a band through ``point`` square to ``across``: between the
    first places either way where its lightness is half way from ``inside`` to ``outside``
    (blur moves an edge's half-way place little); ``inf`` where a side gets no half way
    out to the cell's border band. Rays as ``band_is_soft``'s."""
    step = float(outside[0] - inside[0])
    if abs(step) < SOFT_LIGHTNESS:
        return math.inf
    lab = _ray_lab(image, point, pitch, np.array([across, across + np.pi]), start=0.0)
    return _half_way_width((lab[..., 0] - inside[0]) / step, pitch)


def _half_way_width(place: np.ndarray, pitch: float) -> float:
    """The width (pitches) between the first points half way out (``place`` 0.5 or more) on
    two rays from a band's middle, ``_RAY_STEP`` px apart; ``inf`` where a ray gets none."""
    half = place >= 0.5
    if not half.any(axis=1).all():
        return math.inf
    return float(np.argmax(half, axis=1).sum() * _RAY_STEP / pitch)


def edges_in_colour(
    image: np.ndarray,
    point: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    sides: np.ndarray,
    *,
    across: float,
    outline_px: float,
    reach: float,
) -> tuple[np.ndarray, np.ndarray, float]:
    """How a band through ``point`` ends in colour on each of its two sides: whether it
    moves half way to the side's colour, and whether faster somewhere than the whole way
    in ``outline_px`` pixels (a pipe's edge; glow's gradient rises softly); and its width
    (pitches) between the first places half way either side (``band_width`` in colour;
    ``inf`` where a side gets no half way within ``reach``).

    From ``point``, a ray each way at angle ``across`` (radians: square to
    the band; ``sides[0]`` the colour (Lab) ``reach`` pitches back along it,
    ``sides[1]`` as far ahead), each point's place from ``inside`` (0) to its
    side's colour (1) by its colour distances to both. For a band too near
    its ground's lightness to judge there (``band_is_soft``).
    """
    place = _band_places(image, point, pitch, inside, sides, across=across, reach=reach)
    moved, sharp = _moved_and_sharp(place, outline_px)
    return moved, sharp, _half_way_width(place, pitch)


def corner_reach(
    image: np.ndarray,
    centres: np.ndarray,
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
) -> np.ndarray:
    """Per object, how much farther its colour reaches along the diagonals than square on.

    ``centres``: ``(n, 2)`` points; ``inside``, ``outside``: ``(n, 3)`` Lab
    colours (the core's and the ring's). Along eight rays from each centre,
    from the core's edge to the border band's outer edge, the first point
    half way from ``inside`` to ``outside`` (interpolated; the ray's end if
    none): the least of the four diagonal rays' over the most of the four
    square on. A disc reaches as far every way (1, less with its centre off
    the cell's); a square's corners reach ``sqrt(2)`` times as far as its sides.
    """
    angles = np.arange(8) * (np.pi / 4)
    # A pitch's 80th apart at most: where the colour is half way is
    # interpolated between samples, and every dot's pixels cost time.
    step = max(_RAY_STEP, pitch / 80)
    radii = np.arange(CORE_RADIUS * pitch, BORDER[1] * pitch, step, dtype=np.float32)
    cx, cy = centres[:, 0, None, None], centres[:, 1, None, None]
    map_x = (cx + np.cos(angles)[None, :, None] * radii).astype(np.float32)
    map_y = (cy + np.sin(angles)[None, :, None] * radii).astype(np.float32)
    n = len(centres)
    pixels = cv2.remap(
        image,
        map_x.reshape(n * 8, -1),
        map_y.reshape(n * 8, -1),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    lab = to_lab(pixels).reshape(n, 8, -1, 3)
    place = place_between(lab, inside[:, None, None, :], outside[:, None, None, :])
    past = place >= 0.5
    first = np.where(past.any(axis=2), past.argmax(axis=2), radii.size - 1)
    before = np.maximum(first - 1, 0)
    a = np.take_along_axis(place, before[..., None], axis=2)[..., 0]
    b = np.take_along_axis(place, first[..., None], axis=2)[..., 0]
    share = np.where(first > 0, np.clip((0.5 - a) / np.maximum(b - a, 1e-6), 0.0, 1.0), 0.0)
    reach = radii[before] + share * (radii[first] - radii[before])
    reach = np.where(past.any(axis=2), reach, radii[-1])
    return reach[:, 1::2].min(axis=1) / np.maximum(reach[:, 0::2].max(axis=1), 1e-6)


#: Pixels between samples along a ray.
_RAY_STEP = 0.5


def _ray_places(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    angles: np.ndarray,
    *,
    inside: np.ndarray,
    outside: np.ndarray,
    end: float = BORDER[1],
) -> np.ndarray:
    """Each point's place from ``inside`` (0) to ``outside`` (1) along rays from ``centre``.

    Shape ``(rays, points)``: from the core's edge out to ``end`` (the
    cell's border band), every ``_RAY_STEP`` px; ``outside`` is one colour
    or one per ray.
    """
    lab = _ray_lab(image, centre, pitch, angles, start=CORE_RADIUS, end=end)
    return place_between(lab, inside, outside)


def _ray_lab(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    angles: np.ndarray,
    *,
    start: float,
    end: float = BORDER[1],
) -> np.ndarray:
    """Lab along rays from ``centre``: from ``start`` to ``end`` (shares of the pitch).

    ``end``: the border band's outer edge, or ``interior_reach`` to stay
    clear of the board's own lines.
    """
    cx, cy = centre
    radii = np.arange(start * pitch, end * pitch, _RAY_STEP, dtype=np.float32)
    map_x = (cx + np.cos(angles)[:, None] * radii).astype(np.float32)
    map_y = (cy + np.sin(angles)[:, None] * radii).astype(np.float32)
    pixels = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return to_lab(pixels)


def edges_px_in_colour(
    image: np.ndarray,
    point: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    sides: np.ndarray,
    *,
    across: float,
    reach: float,
) -> np.ndarray:
    """Per side of a band through ``point`` (as ``edges_in_colour`` looks), the pixels its
    place from ``inside`` to that side's colour would take to go the whole way at its
    steepest: how soft its edge is (``edges_in_colour`` calls it sharp within ``outline_px``)."""
    return _edge_px(_band_places(image, point, pitch, inside, sides, across=across, reach=reach))


def _band_places(
    image: np.ndarray,
    point: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    sides: np.ndarray,
    *,
    across: float,
    reach: float,
) -> np.ndarray:
    """Along a ray each way from ``point`` at ``across`` (back, then ahead), out to ``reach``
    pitches, each point's place from ``inside`` (0) to its side's colour ``sides`` (1)."""
    lab = _ray_lab(image, point, pitch, np.array([across + np.pi, across]), start=0.0, end=reach)
    return place_between(lab, inside, sides[:, None, :])


def _edge_px(place: np.ndarray) -> np.ndarray:
    """Per ray, the pixels its place would take to go the whole way at its steepest."""
    steepest = np.abs(np.diff(place, axis=1)).max(axis=1, initial=0.0)
    return _RAY_STEP / np.maximum(steepest, 1e-9)


def _moved_and_sharp(place: np.ndarray, outline_px: float) -> tuple[np.ndarray, np.ndarray]:
    """Rays whose place moves at least half the way; rays faster somewhere than ``outline_px``."""
    return _moved(place), _edge_px(place) <= outline_px


def _moved(place: np.ndarray) -> np.ndarray:
    """Rays whose place moves at least half the way."""
    return place.max(axis=1) - place.min(axis=1) >= 0.5
