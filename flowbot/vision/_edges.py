"""How visible each inner grid edge is, by colour, at full resolution.

The line search works on the brightest channel of a shrunk copy, where a line
must be *brighter* than beside it. A glow band of another hue under the board
can be as bright as the lines, which then stand out by colour only (grey lines
on a purple cloud, brown lines on an orange band). An edge that the line map
misses is looked at again here: across the line, in full-resolution colour, is
some pixel clearly unlike both sides of it?
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import delta_e, pixels_at, to_lab
from flowbot.vision._stats import median_of

#: Points sampled along the middle of each edge (its ends meet crossing lines).
EDGE_POINTS = 9
#: The points nearest each end of an edge (0.2-0.275 and 0.725-0.8 of it):
#: clear of a pipe (0.34 pitch wide) crossing the edge's middle, and of dots.
NEAR_CORNERS = np.array([0, 1, EDGE_POINTS - 2, EDGE_POINTS - 1])
#: Fewer for a line's width (every pixel across it is read): 0.2-0.8 of the edge.
_MIDDLE = np.linspace(0.2, 0.8, 5)


def edge_visibility(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    uncertainty: float,
    *,
    near_corners: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """CIELAB contrast of every inner edge with its surroundings.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    uncertainty
        How far, in pixels, a true line may lie from its given position.

    Returns
    -------
    vertical, horizontal
        ``vertical[i, r]``: the median, over points along the edge between
        rows ``r`` and ``r + 1`` on inner vertical line ``i + 1``, of the
        largest colour difference between a pixel across the line and the
        mean of the two pixels that flank the search window; likewise
        ``horizontal[i, c]`` for inner horizontal lines. With ``near_corners``,
        over the ``NEAR_CORNERS`` points alone: clear of a pipe crossing the
        edge's middle.
    """
    reach = search_reach(xs, ys, uncertainty)
    points = NEAR_CORNERS if near_corners else None
    vertical = _visibility(image, xs, ys, reach, transposed=False, points=points)
    horizontal = _visibility(image, ys, xs, reach, transposed=True, points=points)
    return vertical, horizontal


def search_reach(xs: np.ndarray, ys: np.ndarray, uncertainty: float) -> int:
    """How far across a line, in pixels, its colour contrast is looked for.

    Wide enough for the position doubt and a line's own width, narrow enough
    to stay clear of the largest dots (radius 0.38 pitch, so 0.12 from a line).
    """
    pitch = cell_pitch(xs, ys)
    return max(2, min(math.ceil(uncertainty + 1 + 0.02 * pitch), math.floor(0.11 * pitch)))


def _visibility(
    image: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    reach: int,
    *,
    transposed: bool,
    points: np.ndarray | None = None,
) -> np.ndarray:
    """Visibility of the inner lines ``lines`` (columns, or rows when ``transposed``).

    Per span, the median over the points along it (``points`` of them, else
    all) of the largest contrast.
    """
    largest = _contrast(image, lines, spans, reach, transposed=transposed).max(axis=3)
    return median_of(largest if points is None else largest[:, :, points], axis=2)


def line_polarity(contrast: np.ndarray, lighter: np.ndarray) -> np.ndarray:
    """+1 where a contrast is mostly a lighter pixel, -1 a darker one, 0 a change of hue."""
    return np.where(np.abs(lighter) >= 0.5 * contrast, np.sign(lighter), 0.0)


def _contrast(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int, *, transposed: bool
) -> np.ndarray:
    """Colour contrast across the inner lines ``lines[1:-1]``, sampled along each span.

    ``[line, span, point, offset]``: the CIELAB difference between the pixel
    ``offset - reach`` from the line and the mean of the window's two ends.
    """
    return contrast_and_lightness(image, lines, spans, reach, transposed=transposed)[0]


def contrast_and_lightness(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int, *, transposed: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_contrast``, by how much each pixel is lighter (L*) than the window's ends, its CIELAB."""
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    inner = lines[1:-1]
    if inner.size == 0:
        empty = np.zeros((0, len(spans) - 1, EDGE_POINTS, 2 * reach + 1))
        return empty, empty, np.zeros((*empty.shape, 3))
    along = np.concatenate(
        [
            np.linspace(a + 0.2 * (b - a), b - 0.2 * (b - a), EDGE_POINTS)
            for a, b in itertools.pairwise(spans)
        ]
    )
    offsets = np.arange(-reach, reach + 1)
    # Round the line first: rounding each offset position alone would skip
    # every other pixel around a half-pixel position (round half to even).
    px = np.clip(np.rint(inner)[:, None, None] + offsets[None, None, :], 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)[None, :, None]
    row, col = (px, py) if transposed else (py, px)
    lab = to_lab(pixels_at(image, row, col))  # (lines, points, offsets, 3)
    flank = (lab[:, :, :1] + lab[:, :, -1:]) / 2
    shape = (len(inner), len(spans) - 1, EDGE_POINTS, len(offsets))
    return (
        delta_e(lab, flank).reshape(shape),
        (lab[..., 0] - flank[..., 0]).reshape(shape),
        lab.reshape((*shape, 3)),
    )


@dataclass(frozen=True, slots=True)
class LineProfiles:
    """Per inner edge, in ``edge_visibility`` order, flattened (vertical lines first,
    each line's edges in order, then horizontal ones), the median over points
    along the edge of the line's look across it, in the brightest channel.
    """

    #: The bright span: from the first to the last pixel brighter than halfway
    #: between the brighter of the window's ends and its top.
    width: np.ndarray
    #: The top's height above the brighter end.
    peak: np.ndarray
    #: The brightness above the brighter end summed across the window. Blur
    #: and resampling widen a line and lower its peak but keep its ink; a wall
    #: adds ink.
    ink: np.ndarray
    #: The brightest value across the line (0-255).
    top: np.ndarray


def line_profiles(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    *,
    near_ends: bool = False,
    luma: bool = False,
    depth: float | None = None,
) -> LineProfiles:
    """How wide, bright and inked each inner edge's line is, at full resolution.

    Across the line, in the brightest channel: one line's width, or from the
    outer side of one line of a double wall to that of the other.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    near_ends
        Measured near each edge's ends (``ends_and_ground``'s points, where no
        dot reaches the line) instead of along its middle (0.2-0.8 of it).
    luma
        In luma (JPEG's full-resolution channel) instead of the brightest
        channel, where JPEG's coarser colour adds fringes of another hue.
    depth
        The width taken no deeper than this below the line's top (where its
        half height lies deeper): a line over a darker ground stands higher
        above it, and its half height takes in more of its blurred skirt.
    """
    reach = _window_reach(xs, ys)
    along = _NEAR_ENDS if near_ends else _MIDDLE
    vertical = _profiles(image, xs, ys, reach, along, transposed=False, luma=luma, depth=depth)
    horizontal = _profiles(image, ys, xs, reach, along, transposed=True, luma=luma, depth=depth)
    width, peak, ink, top = (
        np.concatenate([v.ravel(), h.ravel()]) for v, h in zip(vertical, horizontal, strict=True)
    )
    return LineProfiles(width, peak, ink, top)


def _window_reach(xs: np.ndarray, ys: np.ndarray) -> int:
    """Half the width of the window across a line, in pixels.

    As wide as the dots allow (radius 0.38 pitch): a wall reaches 0.1 pitch out.
    """
    pitch = cell_pitch(xs, ys)
    return max(2, math.floor(0.11 * pitch))


def _profiles(
    image: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    reach: int,
    along: np.ndarray,
    *,
    transposed: bool,
    luma: bool = False,
    depth: float | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Bright span, peak, ink and top across the inner lines ``lines[1:-1]``, per span.

    Each the median over the points ``along`` (fractions) of the span.
    """
    inner = lines[1:-1]
    if inner.size == 0:
        return (np.zeros((0, len(spans) - 1)),) * 4
    offsets = np.arange(-reach, reach + 1)
    # Brightest channel, as the line search sees it (or luma): (lines, points, offsets).
    profile = _brightest_across(
        image, lines, spans, along, offsets, transposed=transposed, luma=luma
    )
    profile = profile.astype(np.int16).reshape(len(inner), -1, len(offsets))
    # A line is brighter than both sides; the edge of a glow band is only a step.
    ends = np.maximum(profile[..., :1], profile[..., -1:])
    top = profile.max(axis=-1, keepdims=True)
    bright = 2 * profile > ends + top
    if depth is not None:
        bright &= profile > top - depth
    n = len(offsets)
    first = bright.argmax(axis=-1)
    last = n - 1 - bright[..., ::-1].argmax(axis=-1)
    span = np.where(bright.any(axis=-1), last - first + 1, 0)
    ink = np.maximum(profile - ends, 0).sum(axis=-1)
    shape = (len(inner), len(spans) - 1, len(along))
    # The four measures' medians along each edge in one partition (of an
    # even count, the mean of the middle two).
    lo, hi = (len(along) - 1) // 2, len(along) // 2
    measures = np.stack([span, (top - ends)[..., 0], ink, top[..., 0]]).reshape(4, *shape)
    middle = np.partition(measures, [lo, hi], axis=3)
    medians = (middle[..., lo].astype(float) + middle[..., hi]) / 2
    return medians[0], medians[1], medians[2], medians[3]


def _brightest_across(
    image: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    along: np.ndarray,
    offsets: np.ndarray,
    *,
    transposed: bool,
    luma: bool = False,
) -> np.ndarray:
    """Brightest channel ``offsets`` px across the inner lines ``lines[1:-1]``.

    Sampled at ``along`` (fractions) of each span between the crossing
    ``spans``; shape ``(lines, spans, along, offsets)``. ``transposed``:
    the lines are rows (``lines`` are y, ``spans`` x). ``luma``: luma
    (BT.601, whole levels) instead of the brightest channel.
    """
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    at = spans[:-1, None] + np.diff(spans)[:, None] * along[None, :]
    px = np.clip(np.rint(lines[1:-1])[:, None, None, None] + offsets, 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(at), 0, h - 1).astype(np.intp)[None, :, :, None]
    row, col = (px, py) if transposed else (py, px)
    pixels = pixels_at(image, row, col).reshape(-1, 3)
    if luma:
        bright = (pixels.astype(np.int32) @ np.array([299, 587, 114]) + 500) // 1000
    else:
        bright = np.maximum(np.maximum(pixels[:, 0], pixels[:, 1]), pixels[:, 2])
    return bright.reshape(len(lines) - 2, len(spans) - 1, len(along), len(offsets))


#: Along each edge, points near its ends (fractions of it), clear of a dot
#: (radius <= 0.38 pitch) across the line and up to 0.3 pitch beside it, and
#: of a pipe crossing the edge's middle.
_NEAR_ENDS = np.array([0.12, 0.18, 0.82, 0.88])


def ends_and_ground(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """How bright each inner edge's line is near its ends, and the cells 0.2-0.3 pitch beside it.

    In ``line_profiles`` order, in the brightest channel, medians over points
    near the edge's ends (where no dot reaches the line, unlike its middle
    in small cells): the brightest pixel across the line (``line_profiles``'
    window); and per side the darkest pixel 0.2-0.3 pitch out, the brighter
    side's. A wall or a line ends well within 0.2 pitch of the edge, so that
    is the cells' own ground beside it; a glow band as bright as a line runs
    on there.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    """
    pitch = cell_pitch(xs, ys)
    reach = _window_reach(xs, ys)
    near = max(reach + 1, round(0.2 * pitch))
    beside = np.arange(near, max(near, round(0.3 * pitch)) + 1)
    offsets = np.concatenate([-beside[::-1], np.arange(-reach, reach + 1), beside])
    n = len(beside)
    tops, grounds = [], []
    for lines, spans, transposed in ((xs, ys, False), (ys, xs, True)):
        bright = _brightest_across(image, lines, spans, _NEAR_ENDS, offsets, transposed=transposed)
        top = bright[..., n:-n].max(axis=3)
        ground = np.maximum(bright[..., :n].min(axis=3), bright[..., -n:].min(axis=3))
        # Median of the four points: the mean of the middle two.
        both = np.sort(np.stack([top, ground]).astype(float), axis=3)
        middle = (both[..., 1] + both[..., 2]) / 2
        tops.append(middle[0].ravel())
        grounds.append(middle[1].ravel())
    return np.concatenate(tops), np.concatenate(grounds)
