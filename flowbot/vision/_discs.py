"""Is a cell's content a dot? A crisp flat disc of a dot's size, centred in its cell."""

from __future__ import annotations

import math

import cv2
import numpy as np

from flowbot.vision._cells import CORE_RADIUS, NEAR, RING_OUTER, cell_offsets
from flowbot.vision._colour import (
    NEAR_RINGING,
    delta_e,
    nearest_pixels,
    pixels_at,
    place_between,
    to_lab,
)
from flowbot.vision._rays import SOFT_LIGHTNESS
from flowbot.vision._stats import median_of

#: A dot's rim lies in this range of radii (real screens: 0.33-0.35), and is
#: sharp: its colour changes within ``RIM_PX`` pixels plus ``RIM_PITCH`` of a
#: pitch (anti-aliasing, JPEG, scaling), where glow changes over a third of a cell.
DOT_RADII = (0.25, 0.4)


RIM_PX, RIM_PITCH = 2.0, 0.06


#: The rim is looked for among rings of at least this many pixels: the centre's
#: one to four pixels give no median to trust (a JPEG block's odd centre pixel).
RING_MIN_PIXELS = 5


#: Most ratio of a disc's long axis to its short one (second moments of its
#: pixels) for one of a dot's colour that barely stands out: real faint discs
#: in 17-25 px JPEG cells measure up to 1.24; a JPEG chroma block or a glow
#: band that merely looks like a disc in a small cell is oblong (1.39).
FAINT_ELONGATION = 1.25


#: Farthest a dot's own centre may lie from its cell's, as a share of the
#: pitch, for ``is_crisp_disc(tolerant=True)``: a grid found in a copy
#: shrunk 3-4 times is up to 1.5-2 px off, 0.1 pitch in a 20 px cell.
RECENTRE_MAX = 0.1


def ring_like_core_recentred(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    core: np.ndarray,
    ground: np.ndarray | None = None,
) -> float:
    """``CellSamples.ring_like_core`` around the centroid of the core's colour near ``centre``;
    with the cell's ``ground`` (its ring's colour), counting only the colour joined to the
    core with the ground showing nowhere between (``joined_to_core``).

    A large dot a pixel or two off the grid's cell centre reaches into the
    ring on one side; around its own centre it does not. A pipe runs on
    through the ring wherever the centre is, its colour all the way.
    """
    h, w = image.shape[:2]
    cx, cy = centre
    reach = RING_OUTER * pitch
    # The patch reaches past the ring as far as the centroid may move.
    margin = reach + RECENTRE_MAX * pitch + 2
    x0, x1 = max(0, math.floor(cx - margin)), min(w, math.ceil(cx + margin) + 1)
    y0, y1 = max(0, math.floor(cy - margin)), min(h, math.ceil(cy + margin) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    patch = to_lab(image[y0:y1, x0:x1])
    off = delta_e(patch, core)
    near = off <= NEAR
    if ground is not None:
        core_area = np.hypot(xx - cx, yy - cy) <= CORE_RADIUS * pitch
        near &= joined_to_core(off, delta_e(patch, ground), float(delta_e(core, ground)), core_area)
    like = near & (np.hypot(xx - cx, yy - cy) <= reach)
    if not like.any():
        return 1.0
    centre_x, centre_y = float(xx[like].mean()), float(yy[like].mean())
    # The ring's pixels as ``sample_cells`` takes them, round the disc's own centre.
    _, ring_xy, _, _ = cell_offsets(pitch)
    rows, cols = nearest_pixels(image.shape, np.array([[centre_x, centre_y]]), ring_xy)
    py, px = rows[0], cols[0]
    inside = (px >= x0) & (px < x1) & (py >= y0) & (py < y1)
    seen = near[np.clip(py - y0, 0, y1 - y0 - 1), np.clip(px - x0, 0, x1 - x0 - 1)] & inside
    # Past the patch (none but at the image's edge) as before: like by colour alone.
    alone = ~inside & (delta_e(to_lab(pixels_at(image, py, px)), core) <= NEAR)
    return float((seen | alone).mean())


def joined_to_core(
    off: np.ndarray, off_ground: np.ndarray, step: float, core_area: np.ndarray
) -> np.ndarray:
    """Where in a patch the pixels are joined to a dot's core: the piece (4-connected) of
    pixels that are not the ground (``off_ground``, each pixel's distance to the ground's
    colour, within ``NEAR``) nor the ground blended with the core's colour (farther than
    ``NEAR_RINGING`` from it, ``off``, and the two distances adding up to within
    ``NEAR`` of ``step``, the core's from the ground), that holds a pixel of the core's
    area within ``NEAR`` of its colour; all (``True``) when none does (a letter over the
    whole core).

    A dot and a pipe running out of it are one shape, the ground nowhere on the
    way; glow runs on under a grid line (the line's colour is neither). The
    blurred edge of the outline or a wall reaches the ring just inside the
    lines, and mixed with the ground it may take a pale dot's colour: the
    ground shows between them, itself (a pale ground near the dot's colour,
    synthetic holes zoomed 300007) or blended with the dot's edge (in 19 px
    cells the outline's fringe lies a pixel past a lavender grey dot's rim,
    walls tiny cells 100037).
    """
    blend = (off > NEAR_RINGING) & (off + off_ground <= step + NEAR)
    _, labels = cv2.connectedComponents(
        (~blend & (off_ground > NEAR)).astype(np.uint8), connectivity=4
    )
    kept = np.unique(labels[core_area & (off <= NEAR)])
    kept = kept[kept > 0]
    if not kept.size:
        return np.ones(off.shape, bool)
    return np.isin(labels, kept)


def is_crisp_disc(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    elongation: float = math.inf,
    tolerant: bool = False,
    hollow: float = 0.0,
    halfway: bool = False,
) -> bool:
    """Whether a flat disc of a dot's size and a sharp rim is centred at ``centre``.

    ``elongation``: most ratio of the disc's long axis to its short one.
    Out to the ring, the median colour distance to ``inside`` (the core's) in
    one-pixel-wide rings, as a share of the distance from ``inside`` to
    ``outside`` (the ring's): a dot stays near 0 out to its radius and climbs
    to near 1 within a thin rim, the same all round. Glow changes gradually
    and, not being centred on the cell, not in circles.

    ``tolerant``, for a disc that stands out more than JPEG noise or glow in
    an empty cell can: its size is the middle of its rim (JPEG or scaling
    soften a small dot's rim, which then starts well inside its radius), and
    a disc a little off ``centre`` (at most ``RECENTRE_MAX`` of a pitch: a
    grid found in a shrunk copy is a pixel or two off) is judged around its
    own centre too.

    ``hollow``: the share of the disc's size within which its pixels are
    not judged one by one: a letter drawn on it (the colour-blind setting).

    ``halfway``: the smallest dot's size asked of the rim's middle between the rings
    (``_halfway``), not of where the rim starts: a small dot's blurred rim starts a ring or
    two inside its radius.
    """
    placed = _places(image, centre, pitch, inside, outside)
    if placed is None:
        return False
    far, xx, yy, k = placed

    def disc_round(at: tuple[float, float]) -> bool:
        return _disc_at(
            far,
            xx,
            yy,
            at,
            pitch=pitch,
            k=k,
            elongation=elongation,
            tolerant=tolerant,
            hollow=hollow,
            halfway=halfway,
        )

    if disc_round(centre):
        return True
    if not tolerant:
        return False
    cx, cy = centre
    disc = (far < 0.5) & (np.hypot(xx - cx, yy - cy) < RING_OUTER * pitch)
    if not disc.any():
        return False
    own = (float(xx[disc].mean()), float(yy[disc].mean()))
    shift = math.hypot(own[0] - cx, own[1] - cy)
    return 0.5 <= shift <= RECENTRE_MAX * pitch and disc_round(own)


#: Angles round a dot (radians) left out on each side of a pipe running out of
#: it: the band (half-width 0.15-0.17 pitch) covers 43 degrees either side of
#: its direction at the dot's smallest radius (0.25 pitch), its blur a little more.
CLEAR_OF_PIPE = math.pi / 3
#: A rim within ``SOFT_LIGHTNESS`` of what lies past it is seen in colour,
#: which JPEG keeps at half resolution: its allowance this many times as wide
#: (a dark flow's dot on black through JPEG 75 in a 30 px cell: 4 px, allowed
#: 3.8 in lightness); glow still fades over a third of a cell (10 px there).
COLOUR_RIM_SCALE = 2.0
#: Where a pipe running out of a dot is looked across (pitch: along it from the
#: dot's centre, and beside its middle): a pipe is half a dot's width (its
#: half-width 0.15-0.17, a dot's radius 0.25 or more), so past the dot's rim
#: the ground shows this far beside it; a glow bar as wide as a dot ending in
#: the cell (tests/vision/test_reader.py, 0.3 pitch half-width) shows its own colour.
PIPE_ALONG, PIPE_BESIDE = 0.45, 0.22
#: Each side looked at as the median of a patch 3 by 3 round its place, this far apart
#: (pitch): one pixel through JPEG 60 lay nearer a dark dot's colour than the ground
#: beside its pipe by the board's edge (ringing off the border's line and the pipe's
#: colour: dark flows 300003 (25, 0, 25) 30 px JPEG 60 started, 4.4 Lab from the dot's
#: colour, 10.3 from the ground); a glow bar as wide as the dot shows its colour all over.
PIPE_SPREAD = 0.03
#: ``crisp_rim(denoised=True)``: the median filter's window (px). A dark flow's
#: dot on black stands 12-21 Lab from it, and JPEG's per-pixel noise lifts a
#: tenth of its disc's pixels past half way (dark flows 100007 (25, 0, 25) 30 px
#: JPEG 60: 0.90 of them on the disc's side, 0.9 asked); a median keeps a rim's
#: step where it is (an edge's place is its middle, whatever the window) and
#: glow's soft fade as soft, and takes out the noise of single pixels.
DENOISE_PX = 3


def crisp_rim(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    pipes: tuple[float, ...],
    denoised: bool = False,
) -> bool:
    """Whether a dot's flat disc with a sharp rim (``is_crisp_disc``) shows round ``centre``
    where no pipe runs out of it: at the angles ``CLEAR_OF_PIPE`` or more from every one of
    ``pipes`` (directions, radians, y down).

    A pipe's end is as wide as its band, half a dot's width; glow fades over
    many pixels: neither shows a dot's rim there. The band running out must be
    narrower than the disc: ``PIPE_BESIDE`` beside it, ``PIPE_ALONG`` out, nearer
    ``outside`` than ``inside``. The rim's size is its middle
    (``tolerant``); within ``SOFT_LIGHTNESS`` of the outside's lightness its
    allowance is ``COLOUR_RIM_SCALE`` times as wide. ``denoised``: the disc judged, as
    well, in the cell's pixels median-filtered (``DENOISE_PX``) where it is not in them.
    With ``denoised``, a rim seen in colour alone (within ``SOFT_LIGHTNESS``) is
    judged a third way: each filtered pixel by its place between ``inside`` and
    ``outside`` (nearer which), not by its distance from ``inside`` over theirs.
    JPEG keeps a dark disc's colour in 16 px blocks: its hue shifts from block to
    block across the disc, and by a white line's ringing in a corner cell, 2-3 Lab
    off the core's, where the disc stands 12 Lab from black: a sixth of its pixels
    lay half that step from the core's colour, yet all nearer it than the ground
    (dark flows 100014 (0, 20, 40) 30 px JPEG 60 solved: 0.85 of them, 0.9 asked;
    1.0 so). Glow fading into the ground fades as slowly by places; a pipe's
    end is no wider by them.
    """
    looks = [(False, False)]
    if denoised:
        looks.append((True, False))
        if abs(float(inside[0] - outside[0])) < SOFT_LIGHTNESS:
            looks.append((True, True))
    return any(
        _crisp_rim_at(image, centre, pitch, inside, outside, pipes=pipes, denoised=d, between=b)
        for d, b in looks
    )


def _crisp_rim_at(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    pipes: tuple[float, ...],
    denoised: bool,
    between: bool = False,
) -> bool:
    """``crisp_rim`` with each pixel's place measured as ``_places`` measures it."""
    placed = _places(image, centre, pitch, inside, outside, denoised=denoised, between=between)
    if placed is None:
        return False
    far, xx, yy, k = placed
    h, w = image.shape[:2]
    step = float(delta_e(inside, outside))
    spread = np.array([-PIPE_SPREAD, 0.0, PIPE_SPREAD]) * pitch
    for d in pipes:
        unit, normal = np.array([np.cos(d), np.sin(d)]), np.array([-np.sin(d), np.cos(d)])
        along = (PIPE_ALONG * pitch + spread)[:, None, None] * unit
        beside = (PIPE_BESIDE * pitch + spread)[None, :, None] * normal
        patch = (along + beside).reshape(-1, 2)
        points = np.array(centre) + np.stack(
            [patch, patch - 2 * (patch @ normal)[:, None] * normal]
        )
        px = np.clip(np.rint(points[..., 0]), 0, w - 1).astype(np.intp)
        py = np.clip(np.rint(points[..., 1]), 0, h - 1).astype(np.intp)
        sides = median_of(to_lab(pixels_at(image, py, px)), axis=1)
        if (delta_e(sides, inside) / step <= 0.5).any():
            return False  # a band as wide as the disc: no pipe's
    angle = np.arctan2(yy - centre[1], xx - centre[0])[..., None]
    gap = np.abs((angle - np.array(pipes) + np.pi) % (2 * np.pi) - np.pi)
    clear = (gap >= CLEAR_OF_PIPE).all(axis=-1)
    return _disc_at(
        far[clear],
        xx[clear],
        yy[clear],
        centre,
        pitch=pitch,
        k=k,
        elongation=math.inf,
        tolerant=True,
        hollow=0.0,
        rim_scale=COLOUR_RIM_SCALE if abs(float(inside[0] - outside[0])) < SOFT_LIGHTNESS else 1.0,
        halfway=True,
    )


def _places(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
    *,
    denoised: bool = False,
    between: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """Each pixel's place from ``inside`` (0) to ``outside`` (1) by its colour distance from
    ``inside``, out to the ring round ``centre``, with its x and y and the stride ``k``
    between them; ``None`` when the two colours are one. ``denoised``: the pixels
    median-filtered first (``DENOISE_PX``). ``between``: the place by the distances to
    both (``place_between``: ``crisp_rim``)."""
    step = float(delta_e(inside, outside))
    if step <= 0:
        return None
    h, w = image.shape[:2]
    reach = RING_OUTER * pitch
    # Every pixel of a small cell; every k-th of a large one, in rings k px wide
    # (the rim's allowance grows with the pitch faster than k). Not the cell's
    # core and ring (``_cells.cell_offsets``): a rim is found between them, in
    # rings of the pixels themselves, and the disc may be judged round its own centre.
    k = max(1, int(pitch // 50))
    cx, cy = centre
    x0, x1 = max(0, math.floor(cx - reach)), min(w, math.ceil(cx + reach) + 1)
    y0, y1 = max(0, math.floor(cy - reach)), min(h, math.ceil(cy + reach) + 1)
    yy, xx = np.mgrid[y0:y1:k, x0:x1:k]
    if denoised:
        # The filter's window whole at the patch's edge: a margin round it.
        m = DENOISE_PX // 2
        u0, u1, v0, v1 = max(0, x0 - m), min(w, x1 + m), max(0, y0 - m), min(h, y1 + m)
        filtered = cv2.medianBlur(np.ascontiguousarray(image[v0:v1, u0:u1]), DENOISE_PX)
        lab = to_lab(filtered[y0 - v0 : y1 - v0 : k, x0 - u0 : x1 - u0 : k])
    else:
        lab = to_lab(image[y0:y1:k, x0:x1:k])
    if between:
        return place_between(lab, inside, outside), xx, yy, k
    return delta_e(lab, inside) / step, xx, yy, k


def _disc_at(
    far: np.ndarray,
    xx: np.ndarray,
    yy: np.ndarray,
    centre: tuple[float, float],
    *,
    pitch: float,
    k: int,
    elongation: float,
    tolerant: bool,
    hollow: float,
    rim_scale: float = 1.0,
    halfway: bool = False,
) -> bool:
    """``is_crisp_disc`` around ``centre``, given each pixel's place ``far`` from inside to out;
    ``rim_scale``: the rim's allowance (``RIM_PX``, ``RIM_PITCH``) scaled; ``halfway``: the
    smallest dot's size asked of the rim's middle between the rings too (``_halfway``)."""
    reach = RING_OUTER * pitch
    r = np.hypot(xx - centre[0], yy - centre[1])
    near = r < reach
    far = far[near]
    bins = np.floor(r[near] / k).astype(np.intp)
    order = np.lexsort((far, bins))  # by ring, then distance: medians by index
    count = np.bincount(bins)
    starts = np.r_[0, np.cumsum(count)[:-1]]
    filled = count >= RING_MIN_PIXELS
    median = far[order][starts[filled] + count[filled] // 2]
    radii = np.flatnonzero(filled) * k
    inside = np.flatnonzero(median <= 0.25)
    if inside.size == 0 or median[-1] <= 0.25:
        return False
    # The outside's colour begins at the first ring past the disc's that is
    # three quarters of the way there, and holds on nearer it than the disc's:
    # the ground past a dot may change (a glow band's edge crossing the ring
    # pulled the last ring of a tan dot on green glow back to 0.67: synthetic
    # bridges twins 3800005), but no ring there is the disc's colour again.
    out = np.flatnonzero(median[inside[-1] + 1 :] >= 0.75)
    if out.size == 0 or (median[inside[-1] + 1 + out[0] :] < 0.5).any():
        return False
    # The disc's colour ends where the last rise out of it starts: a faint
    # disc's own JPEG noise lifts a ring or two near its centre above a
    # quarter of the way (step 18 Lab in a 24 px cell: 0.29, then 0.09).
    rim_in = int(radii[inside[-1] + 1])  # (the last ring is above a quarter)
    rim_out = int(radii[inside[-1] + 1 + out[0]])  # ... the outside's begins
    size = (rim_in + rim_out - k) / 2 if tolerant else rim_in  # the rim's middle, or start
    # A rim short of the smallest dot's size by the rings' steps is measured between
    # them (``_halfway``), where a flow's end is judged (``crisp_rim``: a dot or a
    # pipe's end, half-width 0.15-0.17, far under it).
    least = max(size, _halfway(median, radii, k)) if halfway else size
    # Some clear outside: the last ring is the outside's colour (above). No
    # more is asked: the last ring is cut by ``reach`` anywhere within a pixel,
    # and a large dot (0.38 pitch) in a small cell blurs out to it.
    if not (
        DOT_RADII[0] * pitch <= least
        and size <= DOT_RADII[1] * pitch
        and rim_out - rim_in <= rim_scale * (RIM_PX + RIM_PITCH * pitch)
    ):
        return False
    # All round: nearly every pixel inside the rim is nearer the disc's colour,
    # nearly every one outside it nearer the ring's (a glow band through the
    # centre has medians like a disc's, but its colour runs on along the band).
    # A rim sharp enough to lie within one ring (rim_in == rim_out) leaves that
    # ring's pixels part disc, part outside: neither side's.
    radius = r[near]
    judged = radius >= hollow * size
    disc, rest = far[judged & (radius < rim_in)], far[radius >= max(rim_out, rim_in + k)]
    if not (disc.size and rest.size and (disc < 0.5).mean() >= 0.9 and (rest > 0.5).mean() >= 0.9):
        return False
    return (
        math.isinf(elongation)
        or _elongation(xx[near], yy[near], ((far < 0.5) | ~judged) & (radius < rim_out))
        <= elongation
    )


def _halfway(median: np.ndarray, radii: np.ndarray, k: int) -> float:
    """Where the rings' medians (``median``, from the disc's colour at 0 to the outside's at 1;
    the rings starting at ``radii``, ``k`` px wide) pass halfway going out, each ring at its
    pixels' middle radius and linear between two: the rim's middle.

    The rim's middle as the rings' starts give it lies up to a ring short of it: a sharp
    rim within one ring leaves it at that ring's start. In 1 px rings in a 12.7 px cell
    (0.08 pitch) a dot whose rim is halfway 0.29 pitch out (its rings' medians 0.14, 0.36, 0.96 at
    2, 3 and 4 px) measured 0.24 pitch, under the smallest dot's ``DOT_RADII`` (synthetic
    mirror 300054 solved: a finished flow's dot by the board's corner, its pipe then
    neither a dot's nor a pipe's end). A pipe's end (half-width 0.15-0.17 pitch) stays far
    under it."""
    below = np.flatnonzero(median < 0.5)
    if below.size == 0 or below[-1] + 1 >= median.size:
        return 0.0
    j = int(below[-1])
    rise = float(median[j + 1] - median[j])
    return float(radii[j] + k / 2 + (0.5 - median[j]) / rise * (radii[j + 1] - radii[j]))


def _elongation(xx: np.ndarray, yy: np.ndarray, inside: np.ndarray) -> float:
    """Ratio of the long axis to the short one of the pixels ``inside``."""
    if np.count_nonzero(inside) < 3:
        return math.inf
    small, large = np.linalg.eigvalsh(np.cov(xx[inside], yy[inside]))
    return math.sqrt(large / small) if small > 0 else math.inf
