"""Where a started or finished board's flows lie: dots joined to their pipes in one blob.

On a board the user started or finished, a flow is one saturated blob: a
pipe about half as wide as the dots at its ends. So a dot is found where the
blob is widest (its distance from the blob's edge near the blob's greatest:
the pipe's ridge lies half as far in), a flow where a blob has two such
places of one size far apart. A started board's flows are often unfinished: a
dot with a pipe drawn from it, its twin alone. So every blob with one or two
such places and no ridge as wide gives dots, each of its colour where drawn,
and the board lies around the pairs of dots of one colour and size among them
(``flows_region``), as an unstarted board lies around its dots
(``_dots_apart.board_dots``, which takes only round blobs). A colour-blind dot's
letter is a hole in its blob (``lettered``), filled in where the blobs as drawn show
too few flows finished.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from flowbot.vision._dots_apart import (
    DOT_CHROMA,
    PAIRS,
    REACH,
    TWIN_SIZE,
    Region,
    around,
    flow_coloured,
    groups_apart,
    pairs_of_one_size,
)
from flowbot.vision._grid import MIN_BOARD_SIDE, shrunk
from flowbot.vision._stats import median_of

#: A blob's widest places: their distance from its edge at least this share of
#: the blob's greatest (a dot's centre 1.0, a pipe's ridge about 0.5; the
#: knob at the end of a flow being drawn 0.7).
WIDEST = 0.8
#: A dot's widest place is compact: no farther across than this share of its
#: radius (a pipe as wide as the blob's widest runs on along its ridge).
COMPACT = 1.0
#: Least dot radius, in the shrunk copy's pixels.
LEAST_RADIUS = 2.0


def lettered(mask: np.ndarray) -> np.ndarray:
    """``mask`` (0/1 ``uint8``) with each hole in a blob thinner than the blob filled in.

    The colour-blind setting writes a letter over each dot, white or black (no flow's
    colour): a hole in the dot, at its centre, where the blob's widest place would be
    (its distance from the edge a letter's stroke or less). Its strokes are thinner
    than the blob round them; the ground a flow's loop closes round a cell is wider
    than the pipe, and kept out. A blob deeper than any dot can be (its disc within a
    cell of a board ``MIN_BOARD_SIDE`` cells across the image's shorter side) is a
    ground, no flow: a saturated desktop round a phone's window closes no hole there
    (the window, board and all, was filled: the board's flows one blob with the
    desktop, synthetic hex colour_blind 300013, 300018 and 300025 solved).
    """
    filled = mask.copy()
    h, w = mask.shape
    count, blob_of = cv2.connectedComponents(mask, connectivity=8)
    depth = _deepest(blob_of, count, _depth(mask))
    grounds = depth > min(h, w) / (2 * MIN_BOARD_SIDE)
    grounds[0] = False
    mask = np.where(grounds[blob_of], 0, mask).astype(np.uint8)
    # The ground reached from the image's edge (past a one-pixel frame) is no hole.
    framed = np.zeros((h + 2, w + 2), np.uint8)
    framed[1:-1, 1:-1] = mask
    cv2.floodFill(framed, None, (0, 0), 1)
    holes = (framed[1:-1, 1:-1] == 0).astype(np.uint8)
    if not holes.any():
        return filled
    count, hole_of = cv2.connectedComponents(holes, connectivity=4)
    hole_depth = _deepest(hole_of, count, _depth(holes))
    blobs, blob_of = cv2.connectedComponents(mask | holes, connectivity=8)
    blob_depth = _deepest(blob_of, blobs, _depth(mask))
    thin = (hole_of > 0) & (hole_depth[hole_of] < blob_depth[blob_of])
    filled[thin] = 1
    return filled


def _depth(mask: np.ndarray) -> np.ndarray:
    """Each pixel of ``mask`` (0/1 ``uint8``): its distance from the mask's edge."""
    return cv2.distanceTransform(mask, cv2.DIST_L2, 3)


def _deepest(labels: np.ndarray, count: int, depth: np.ndarray) -> np.ndarray:
    """Per component of ``labels`` (``count`` of them, 0 the ground's), its greatest
    ``depth``."""
    deepest = np.zeros(count, np.float32)
    np.maximum.at(deepest, labels.ravel().astype(np.intp), depth.ravel())
    return deepest


#: A blob alone (no pipe from it) filling more of its box than this is no dot but a
#: square (an icon, a taskbar's button): a disc fills pi/4 of it.
SQUARE_FILL = 0.9
#: A flow's pipe and dots drawn at its colour's full brightness: a pixel at least this
#: share of the brightest within ``BRIGHTEST_REACH`` search pixels of it (a tint beside
#: its pipe, under a glow of its hue, measured at 0.3-0.65 of it) ...
NEAR_BRIGHTEST = 0.75
#: ... a pipe's half width or more in the search copy.
BRIGHTEST_REACH = 3


def _square(stats: np.ndarray, radius: float) -> bool:
    """Whether a blob (its ``connectedComponentsWithStats`` row) whose widest place is
    ``radius`` from its edge is a square: no wider than that place's disc, filling its box."""
    _, _, bw, bh, area = stats
    return bool(max(bw, bh) <= 2 * radius + 2 and area > SQUARE_FILL * bw * bh)


def flows_region(image: np.ndarray, step: int, reach: float = REACH) -> Region | None:
    """The region around the dots of flows in ``image`` shrunk ``step`` times: pairs of
    dots of one colour and size (``pairs_of_one_size``), each a flow's end (two joined by
    a pipe), a started flow's (a pipe from it) or alone, at least ``PAIRS`` of them,
    reaching ``reach`` dot sizes past them; ``None`` when fewer.

    A board the user started shows few flows finished (synthetic hex mirror 300504
    started: one of four, the other dots each alone or with a pipe from it): its pairs
    are its dots twinned by colour, joined or not.
    """
    regions = flows_regions(image, step, (reach,))
    return regions[0] if regions else None


def flows_regions(
    image: np.ndarray, step: int, reaches: Sequence[float] = (REACH,)
) -> list[Region]:
    """``flows_region`` at each of ``reaches`` round each set of the flows' dots of one size
    (``flow_dot_sets``, found once for all), the likeliest first; then round each group of
    a set falling apart (``groups_apart``: discs of a dot's size in a window beside a small
    board, taken for a started flow's dots, widen the set's region over that window's
    clutter)."""
    sets = flow_dot_sets(image, step)
    apart = [group for dots in sets for group in groups_apart(dots)]
    looked = sets + [group for group in apart if len(group) >= 2 * PAIRS]
    # (each set in full-resolution pixels: x, y and size)
    return [around(image, dots[:, :3] * step, reach) for reach in reaches for dots in looked]


def flow_dots(image: np.ndarray, step: int) -> np.ndarray | None:
    """The dots of the flows in ``image`` shrunk ``step`` times (x, y, size, R, G, B rows in
    the shrunk copy's pixels: ``_board_dots``), the likeliest set (``flow_dot_sets``), or
    ``None`` under ``PAIRS`` pairs."""
    sets = flow_dot_sets(image, step)
    return sets[0] if sets else None


def flow_dot_sets(image: np.ndarray, step: int) -> list[np.ndarray]:
    """The sets of the flows' dots in ``image`` shrunk ``step`` times, each of one size
    (``_board_dots``), the likeliest first; none under ``PAIRS`` pairs."""
    small = shrunk(image, step)
    r, g, b = cv2.split(small)
    brightest = cv2.max(cv2.max(r, g), b)
    spread = cv2.subtract(brightest, cv2.min(cv2.min(r, g), b))
    drawn = cv2.threshold(spread, DOT_CHROMA - 1, 1, cv2.THRESH_BINARY)[1]
    sets = _dots_drawn(drawn, small)
    if sets:
        return sets
    # A glow of a saturated hue behind the board adds its chroma to the cells' dim
    # tints under the pipes: every tinted cell joins its flow's blob, and the flows
    # run together through touching tints into blobs with no dot's widest place
    # (synthetic hex jpeg 5300000 started and solved: a red tint on a dark green
    # glow 92, 40, 9). The dots and pipes are drawn bright, the tints dim: the flows
    # seen again in their bright pixels alone (``flow_coloured``).
    coloured = flow_coloured(small)
    sets = _dots_drawn(coloured.astype(np.uint8), small)
    if sets:
        return sets
    # A tint lit by a glow of its own hue can pass for bright as well (synthetic hex
    # mirror 5500001 solved: a red flow's tint on a dark red glow). A flow's pipe and
    # dots are drawn at its colour's full brightness, its tint at a share of it: the
    # flows seen again where a pixel is near the brightest around it.
    return _dots_drawn(_near_brightest(brightest, coloured), small)


def _near_brightest(brightest: np.ndarray, coloured: np.ndarray) -> np.ndarray:
    """Where ``coloured`` (of a flow's colour: ``flow_coloured``) and ``brightest`` (each
    pixel's brightest channel) is at least ``NEAR_BRIGHTEST`` of the brightest within
    ``BRIGHTEST_REACH`` of it (0/1 ``uint8``)."""
    reach = 2 * BRIGHTEST_REACH + 1
    around = cv2.dilate(brightest, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach)))
    return (coloured & (brightest >= NEAR_BRIGHTEST * around)).astype(np.uint8)


def _dots_drawn(drawn: np.ndarray, small: np.ndarray) -> list[np.ndarray]:
    """``_board_dots`` among the blobs of ``drawn`` (0/1 ``uint8``, of a flow's colour in
    ``small``), past colour-blind letters where needed."""
    # Colour-blind letters are looked past only where the blobs as drawn show too few
    # flows finished (filled, a glow's blob can close over the ground between flows:
    # synthetic hex mirror 300508 solved).
    sets, finished = _board_dots(drawn, small)
    if not finished:
        looked_past, _ = _board_dots(lettered(drawn), small, drawn)
        sets = looked_past or sets
    return sets


def _board_dots(
    mask: np.ndarray, small: np.ndarray, drawn: np.ndarray | None = None
) -> tuple[list[np.ndarray], bool]:
    """The board's dots among the blobs of ``mask`` in ``small`` (x, y, size, R, G, B rows in
    its pixels), in sets of one size, the likeliest first (none under ``PAIRS`` pairs), and
    whether those are finished flows' ends; ``drawn``: the pixels of a flow's colour where
    ``mask`` fills letters in (a dot's colour is taken there)."""
    drawn = mask if drawn is None else drawn
    count, labels, blobs, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count < 2:
        return [], False
    inside = _depth(mask)
    greatest = _deepest(labels, count, inside)
    widest = (inside >= WIDEST * greatest[labels]) & (labels > 0)
    parts, part_of, stats, centres = cv2.connectedComponentsWithStats(
        widest.astype(np.uint8), connectivity=8
    )
    blob_of = np.zeros(parts, np.int32)
    blob_of[part_of[widest]] = labels[widest]
    dots: dict[int, list[tuple[float, ...]]] = {}
    for i in range(1, parts):
        x, y, bw, bh, _ = stats[i]
        blob = int(blob_of[i])
        radius = float(greatest[blob])
        if radius < LEAST_RADIUS or max(bw, bh) > COMPACT * radius + 1:
            dots.setdefault(blob, []).append((math.nan,))  # a ridge: no flow
            continue
        if _square(blobs[blob], radius):
            continue
        # The dot's colour where it is drawn (not its letter).
        box = (slice(y, y + bh), slice(x, x + bw))
        own = (part_of[box] == i) & (drawn[box] > 0)
        if not own.any():
            continue
        rgb = np.median(small[box][own], axis=0)
        dots.setdefault(blob, []).append((*centres[i], 2 * radius, *rgb))
    # A flow's two dots joined by its pipe, a dot with a pipe the user started from it,
    # a dot alone: each blob with one or two dots' widest places and no ridge.
    plain = [ends for ends in dots.values() if not any(math.isnan(e[0]) for e in ends)]
    flows = [
        ends
        for ends in plain
        if len(ends) == 2 and math.dist(ends[0][:2], ends[1][:2]) > ends[0][2]
    ]
    if len(flows) >= PAIRS:
        # The board's finished flows: those of the typical dot size; then those of each
        # other size, the biggest first (a screenshot preview's smaller copy of a finished
        # board, or a title's letters, may outnumber the board's flows).
        sets = _of_one_size(flows)
        if sets:
            return sets, True
    # Few finished, or none of one size (a board the user started; a started flow's pipe
    # over its saturated tints, its widest places there, is no finished flow: synthetic
    # hex preview 8800002 started): pairs of dots of one colour and size, joined or not
    # (a started flow's dot and its twin apart).
    found = [end for ends in plain if len(ends) == 1 or ends in flows for end in ends]
    kept = pairs_of_one_size(np.array(found)) if len(found) >= 2 * PAIRS else np.zeros(0)
    return ([kept] if len(kept) >= 2 * PAIRS else []), False


def _of_one_size(flows: list[list[tuple[float, ...]]]) -> list[np.ndarray]:
    """The ends of the finished ``flows`` (each two dots' x, y, size, R, G, B) in sets of
    one dot size (``TWIN_SIZE``) of ``PAIRS`` flows or more: those of the typical size
    first (none without them), then each other size's, the biggest first."""
    sizes = np.array([ends[0][2] for ends in flows], np.float64)

    def ends_of(one: np.ndarray) -> np.ndarray:
        return np.array([end for i in np.flatnonzero(one) for end in flows[i]])

    one = np.abs(sizes / float(median_of(sizes)) - 1) <= TWIN_SIZE
    if one.sum() < PAIRS:
        return []
    sets, left = [ends_of(one)], ~one
    while left.any():
        one = left & (np.abs(sizes / float(sizes[left].max()) - 1) <= TWIN_SIZE)
        if one.sum() >= PAIRS:
            sets.append(ends_of(one))
        left &= ~one
    return sets
