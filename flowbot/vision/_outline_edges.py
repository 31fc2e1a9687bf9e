"""How each edge of a lattice shows: not drawn, a thin grid line, or the bright outline.

The game draws a shaped or walled board's outline and walls as one bright
line about three times as wide as its grid lines, in the lines' hue; its holes
are plain background. Across each edge of a lattice laid over the whole screen,
the *ink* of what is drawn there (its brightness over the ground beside it,
summed across the line) falls into three groups far apart: nothing (the
background, glow), grid lines, and the outline, about ten times a line's ink
(both wider and brighter). The groups are found per screen, in log ink; an edge
between two groups is doubtful.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

from flowbot.vision._stats import median_along

#: Along an edge, the parts measured: clear of the crossing lines (the
#: outline's reaches 0.04 pitch along it) and of the dots beside it (a dot of
#: 0.4 pitch, the largest, stays 0.15 pitch from the line there, past the
#: ground's reach); across it, the reach of the line (the outline is under 0.04
#: pitch from its middle, plus the lattice's doubt) and where the ground
#: beside it is taken.
ALONG = (0.12, 0.3)
LINE_REACH = 0.07
GROUND_FROM, GROUND_TO = 0.09, 0.13
#: Log10 of ink: groups must lie this far apart (a factor of 2.5) ...
GROUPS_APART = 0.4
#: ... and an edge within this of the middle between lines and the outline is
#: doubtful (measured on seven real screens: lines 10^2.2-2.6, outlines
#: 10^2.9-3.4, a full-width board's frame 10^2.6-2.9, nothing under 10^1.8).
DOUBT = 0.12
#: Nothing is drawn on an edge with under a sixth of a line's ink, a line is
#: drawn with over a fifth (glow inside holes: up to 10^1.3, lines 10^2.2+).
NOTHING_BELOW, LINE_ABOVE = -0.8, -0.7


class Kind(enum.IntEnum):
    """What an edge shows."""

    NONE = 0
    LINE = 1
    OUTLINE = 2
    #: Between two groups: neither clearly.
    DOUBT = 3


@dataclass(frozen=True)
class EdgeKinds:
    """The kind of every edge of a lattice, and the groups' log inks.

    ``vertical[i, r]``: the edge on vertical line ``i`` along row ``r``;
    ``horizontal[j, c]``: on horizontal line ``j`` along column ``c``.
    ``vertical_ink`` and ``horizontal_ink``: their log10 ink.
    """

    vertical: np.ndarray
    horizontal: np.ndarray
    vertical_ink: np.ndarray
    horizontal_ink: np.ndarray
    #: log10 ink of the three groups: nothing, lines, outline.
    levels: tuple[float, float, float]

    def heavier_than_lines(self, ink: np.ndarray) -> np.ndarray:
        """Clearly more ink than a grid line: an outline (a board's frame may be dimmer)."""
        return ink >= (self.levels[1] + self.levels[2]) / 2 - DOUBT

    def outline(self, ink: np.ndarray) -> np.ndarray:
        """Clearly the outline's ink."""
        return ink > (self.levels[1] + self.levels[2]) / 2 + DOUBT


def edge_ink(
    gray: np.ndarray, xs: np.ndarray, ys: np.ndarray, pitch: float
) -> tuple[np.ndarray, np.ndarray]:
    """log10(1 + ink) across every edge: ``(vertical [len(xs), len(ys)-1], horizontal)``."""
    g = gray.astype(np.float32)
    vertical = _ink(g, xs, ys, pitch)
    horizontal = _ink(g.T, ys, xs, pitch)
    return vertical, horizontal


def _ink(g: np.ndarray, lines: np.ndarray, spans: np.ndarray, pitch: float) -> np.ndarray:
    """Ink across the edges on ``lines`` (columns of ``g``) along each span of rows."""
    h, w = g.shape
    reach = int(np.ceil(GROUND_TO * pitch))
    off = np.arange(-reach, reach + 1)
    n_along = max(3, round((ALONG[1] - ALONG[0]) * pitch))
    quarter = np.linspace(*ALONG, n_along)
    t = np.concatenate([quarter, 1 - quarter[::-1]])
    along = spans[:-1, None] + np.diff(spans)[:, None] * t  # [spans, n_along]
    rows = np.clip(np.round(along).astype(int), 0, h - 1)
    cols_f = np.round(lines[:, None] + off).astype(int)  # [lines, off]
    inside = (cols_f >= 0) & (cols_f < w)
    cols = np.clip(cols_f, 0, w - 1)
    patch = g[rows[None, :, :, None], cols[:, None, None, :]]  # [lines, spans, along, off]
    profile = median_along(patch.transpose(0, 1, 3, 2), axis=-1)  # [lines, spans, off]
    a = np.abs(off)
    near = a <= LINE_REACH * pitch
    side = (a >= GROUND_FROM * pitch) & (a <= GROUND_TO * pitch)
    # The ground under the line, straight between its two sides (glow
    # fading across the edge leaves no ink); one side only at the image's edge.
    grounds = []
    for half in (off < 0, off > 0):
        take = side & half
        valid = inside[:, take]  # [lines, n]
        count = valid.sum(-1)
        mean = (profile[..., take] * valid[:, None, :]).sum(-1) / np.maximum(count, 1)[:, None]
        grounds.append(np.where(count[:, None] > 0, mean, np.nan))
    before, after = grounds
    before = np.where(np.isnan(before), after, before)
    after = np.where(np.isnan(after), before, after)
    weight = (off + reach) / (2 * reach)
    ground = before[..., None] + (after - before)[..., None] * weight
    ground = np.nan_to_num(ground)
    # Past the image's edge nothing is seen (not the edge pixel over again).
    above = np.clip(profile[..., near] - ground[..., near], 0, None) * inside[:, None, near]
    ink = above.sum(-1)
    return np.log10(1 + ink)


def classify(
    vertical_ink: np.ndarray, horizontal_ink: np.ndarray, found: np.ndarray
) -> EdgeKinds | None:
    """Each edge's kind, or None when no outline stands far above the lines.

    ``found``: the inks of the inner edges of the grid the line search found,
    mostly grid lines on any board (its median is the lines' level); the
    outline is what lies far above them (a few edges of text or glow
    between the groups move no median).
    """
    if found.size < 4:
        return None
    inks = np.concatenate([vertical_ink.ravel(), horizontal_ink.ravel()])
    line = float(np.median(found))
    heavy = inks[inks > line + GROUPS_APART]
    if heavy.size < 3:
        return None
    high = float(np.median(heavy))
    nothing = inks[inks < line + NOTHING_BELOW]
    low = float(np.median(nothing)) if nothing.size else line + NOTHING_BELOW
    levels = (low, line, high)

    def kinds(ink: np.ndarray) -> np.ndarray:
        second = (line + high) / 2
        out = np.full(ink.shape, Kind.DOUBT, dtype=np.int8)
        out[ink < line + NOTHING_BELOW] = Kind.NONE
        out[(ink > line + LINE_ABOVE) & (ink < second - DOUBT)] = Kind.LINE
        out[ink > second + DOUBT] = Kind.OUTLINE
        return out

    return EdgeKinds(
        kinds(vertical_ink), kinds(horizontal_ink), vertical_ink, horizontal_ink, levels
    )
