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

import numpy as np

from flowbot.vision._cells import delta_e, to_lab

#: Points sampled along the middle of each edge (its ends meet crossing lines).
_ALONG = 9


def edge_visibility(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
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
        ``horizontal[i, c]`` for inner horizontal lines.
    """
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    # Wide enough for the position doubt and a line's own width, narrow enough
    # to stay clear of the largest dots (radius 0.38 pitch, so 0.12 from a line).
    reach = max(2, min(math.ceil(uncertainty + 1 + 0.02 * pitch), math.floor(0.11 * pitch)))
    vertical = _visibility(image, xs, ys, reach, transposed=False)
    horizontal = _visibility(image, ys, xs, reach, transposed=True)
    return vertical, horizontal


def run_on_visibility(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Colour contrast of the inner lines one pitch past and one pitch inside each border.

    Same measure as ``edge_visibility``, per inner line, as ``(beyond,
    inside)`` for the top, bottom, left and right borders whose outer strip
    lies inside the image: most lines as visible beyond as inside means the
    grid goes on past the border (the board is bigger than the grid found).
    """
    h, w = image.shape[:2]
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    reach = max(2, min(math.ceil(uncertainty + 1 + 0.02 * pitch), math.floor(0.11 * pitch)))
    found = []
    for lines, spans, size, transposed in ((xs, ys, h, False), (ys, xs, w, True)):
        if len(lines) <= 2:
            continue
        for border, step in ((spans[0], -pitch), (spans[-1], pitch)):
            if not 0 <= border + step <= size - 1:
                continue
            strip = np.array(sorted((border, border + step, border - step)))
            # A line that goes on shows all along; text and clutter in patches.
            seen = _visibility(image, lines, strip, reach, transposed=transposed, quantile=0.1)
            beyond, inside = (seen[:, 0], seen[:, 1]) if step < 0 else (seen[:, 1], seen[:, 0])
            found.append((beyond, inside))
    return found


def _visibility(
    image: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    reach: int,
    *,
    transposed: bool,
    quantile: float = 0.5,
) -> np.ndarray:
    """Visibility of the inner lines ``lines`` (columns, or rows when ``transposed``).

    Per span, the ``quantile`` of the contrast over the points along it.
    """
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    inner = lines[1:-1]
    if inner.size == 0:
        return np.zeros((0, len(spans) - 1))
    along = np.concatenate(
        [
            np.linspace(a + 0.2 * (b - a), b - 0.2 * (b - a), _ALONG)
            for a, b in itertools.pairwise(spans)
        ]
    )
    offsets = np.arange(-reach, reach + 1)
    px = np.clip(np.rint(inner[:, None, None] + offsets[None, None, :]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)[None, :, None]
    lab = to_lab(image[px, py] if transposed else image[py, px])  # (lines, points, offsets, 3)
    flank = (lab[:, :, :1] + lab[:, :, -1:]) / 2
    contrast = delta_e(lab, flank).max(axis=2)  # (lines, points)
    return np.quantile(contrast.reshape(len(inner), len(spans) - 1, _ALONG), quantile, axis=2)
