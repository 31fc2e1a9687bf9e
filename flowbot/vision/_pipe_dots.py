"""Where a started or finished board's flows lie: dots joined to their pipes in one blob.

On a board the user started or finished, a flow is one saturated blob: a
pipe about half as wide as the dots at its ends. So a dot is found where the
blob is widest (its distance from the blob's edge near the blob's greatest:
the pipe's ridge lies half as far in), a flow where a blob has two such
places of one size far apart. The board lies around the flows of one dot
size (``flows_region``), as an unstarted board lies around its dots
(``_dots_apart.board_dots``, which takes only round blobs).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from flowbot.vision._dots_apart import DOT_CHROMA, PAIRS, REACH, TWIN_SIZE, Region
from flowbot.vision._grid import shrunk
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


def flows_region(image: np.ndarray, step: int, reach: float = REACH) -> Region | None:
    """The region around blobs that are flows (two dots of one size joined by a pipe) in
    ``image`` shrunk ``step`` times, at least ``PAIRS`` of them, reaching ``reach`` dot
    sizes past their dots; ``None`` when fewer."""
    h, w = image.shape[:2]
    small = shrunk(image, step)
    r, g, b = cv2.split(small)
    spread = cv2.subtract(cv2.max(cv2.max(r, g), b), cv2.min(cv2.min(r, g), b))
    mask = cv2.threshold(spread, DOT_CHROMA - 1, 1, cv2.THRESH_BINARY)[1]
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    if count < 2:
        return None
    inside = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    greatest = np.zeros(count, np.float32)
    np.maximum.at(greatest, labels.ravel().astype(np.intp), inside.ravel())
    widest = (inside >= WIDEST * greatest[labels]) & (labels > 0)
    parts, part_of, stats, centres = cv2.connectedComponentsWithStats(
        widest.astype(np.uint8), connectivity=8
    )
    blob_of = np.zeros(parts, np.int32)
    blob_of[part_of[widest]] = labels[widest]
    dots: dict[int, list[tuple[float, float, float]]] = {}
    for i in range(1, parts):
        _, _, bw, bh, _ = stats[i]
        blob = int(blob_of[i])
        radius = float(greatest[blob])
        if radius < LEAST_RADIUS or max(bw, bh) > COMPACT * radius + 1:
            dots.setdefault(blob, []).append((math.nan, 0.0, 0.0))  # a ridge: no flow
            continue
        dots.setdefault(blob, []).append((radius, *centres[i]))
    flows = [
        ends
        for ends in dots.values()
        if len(ends) == 2
        and not math.isnan(ends[0][0] + ends[1][0])
        and math.dist(ends[0][1:], ends[1][1:]) > 2 * ends[0][0]
    ]
    if len(flows) < PAIRS:
        return None
    # The board's flows: those of the typical dot size.
    size = float(median_of(np.array([ends[0][0] for ends in flows], np.float64)))
    kept = [e for ends in flows if abs(ends[0][0] / size - 1) <= TWIN_SIZE for e in ends]
    if len(kept) < 2 * PAIRS:
        return None
    xs = np.array([e[1] for e in kept]) * step
    ys = np.array([e[2] for e in kept]) * step
    past = reach * 2 * size * step
    return Region(
        max(0, int(xs.min() - past)),
        max(0, int(ys.min() - past)),
        min(w, math.ceil(xs.max() + past)),
        min(h, math.ceil(ys.max() + past)),
    )
