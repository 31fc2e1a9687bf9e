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
#: ... but at least this many pixels, and a pixel past a line's width: lines
#: stay a pixel or more wide on small cells, and a phone draws them as wide on
#: a small board (up to 0.1 pitch), the outline twice as wide; the ground is
#: taken a pixel or two past that reach.
MIN_REACH_PX = 2.5
#: A line's width is measured within this of its middle (pitches).
WIDTH_REACH = 0.11
#: Log10 of ink: groups must lie this far apart (a factor of 2.5) ...
GROUPS_APART = 0.4
#: ... and an edge within this of the middle between lines and the outline is
#: doubtful (measured on seven real screens: lines 10^2.2-2.6, outlines
#: 10^2.9-3.4, a full-width board's frame 10^2.6-2.9, nothing under 10^1.8).
DOUBT = 0.12
#: Nothing is drawn on an edge with under a sixth of a line's ink, a line is
#: drawn with over a fifth (glow inside holes: up to 10^1.3, lines 10^2.2+).
NOTHING_BELOW, LINE_ABOVE = -0.8, -0.7
#: log10 of the share of a line's ink under which an edge read as a line is judged by its
#: brightness (``EdgeKinds.faint_and_dim``): half.
FAINT_LINE = np.log10(2)
#: log10 of the share of the lines' brightness (their brightest pixel's) under which an
#: edge shows no line the game draws (``EdgeKinds.faint_and_dim``): a quarter.
DIM = np.log10(4)


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
    inks: Inks
    #: log10 ink of the three groups: nothing, lines, outline.
    levels: tuple[float, float, float]
    #: log10 brightest pixel over the ground of lines' and the outline's edges.
    peak_levels: tuple[float, float]
    #: log10 brightness of the brightest pixel of lines' and the outline's edges (their
    #: colours), when both are seen.
    top_levels: tuple[float, float] | None = None

    @property
    def vertical_ink(self) -> np.ndarray:
        return self.inks.vertical

    @property
    def horizontal_ink(self) -> np.ndarray:
        return self.inks.horizontal

    def outline_bright(self, peak: np.ndarray) -> np.ndarray:
        """Clearly as bright as the outline (its width aside: cut by the image's edge)."""
        line, outline = self.peak_levels
        return (peak > (line + outline) / 2 + DOUBT / 2) & (np.abs(peak - outline) <= DOUBT)

    def no_ridge(self, ridge: np.ndarray) -> np.ndarray:
        """No line's bright ridge: a brightest pixel over the brighter side under a sixth of
        the lines' over their ground (``NOTHING_BELOW``; glow's hump over holes 10^0.7-0.9,
        lines 10^1.8-2.0; a step at a glow band's edge none)."""
        return ridge < self.peak_levels[0] + NOTHING_BELOW

    def faint_and_dim(self, ink: np.ndarray, top: np.ndarray, ground: float = 0.0) -> np.ndarray:
        """Under half a line's ink (``FAINT_LINE``) and a brightest pixel under a quarter of
        the way from ``ground`` (log10(1 + brightness): the ground the edges lie on) to the
        lines' brightness (``DIM``, where the lines' is known): no line the game draws.

        JPEG's ringing in a hole beside the outline (its colours' 16 px blocks, the
        outline's and a flow's glow's hue spread into the black) holds a third of a line's
        ink in one channel, 10^1.47 (lines 10^1.93), and a bright pixel standing 10^1.08
        over its ground, yet it is nowhere brighter than 10^1.20, the lines 10^1.99
        (synthetic holes tiny cells 300068 solved). A line keeps its own colour over any
        ground, a tint's or glow's lifting it. The noise rises from the ground, not from
        black: over holes 16 levels bright, a side's brightest pixel 26.5, the lines' 96,
        a quarter of the lines' brightness left it 8 levels to rise (synthetic holes tiny
        cells 3900000 solved).
        """
        if self.top_levels is None:
            return np.zeros(top.shape, bool)
        floor, line = 10**ground - 1, 10 ** self.top_levels[0] - 1
        dim = np.log10(1 + floor + (line - floor) / 10**DIM)
        return (ink < self.levels[1] - FAINT_LINE) & (top < dim)

    def outline_coloured(self, top: np.ndarray) -> np.ndarray:
        """The outline's colour (as ``_by_colour`` tells it: within a quarter of the way from
        the outline's brightness to the lines'), where the two stand apart (``TOPS_APART``).
        A flow's tint beside an edge lifts its ground, not its brightest pixel."""
        if self.top_levels is None:
            return np.zeros(top.shape, bool)
        line, outline = self.top_levels
        apart = outline - line
        return (np.abs(top - outline) <= apart / 4) & (apart >= TOPS_APART)

    def heavier_than_lines(self, ink: np.ndarray) -> np.ndarray:
        """Clearly more ink than a grid line: an outline (a board's frame may be dimmer)."""
        return ink >= (self.levels[1] + self.levels[2]) / 2 - DOUBT

    def outline(self, ink: np.ndarray) -> np.ndarray:
        """Clearly the outline's ink."""
        return ink > (self.levels[1] + self.levels[2]) / 2 + DOUBT


@dataclass(frozen=True)
class Inks:
    """log10(1 + ink) across every edge (``vertical [len(xs), len(ys)-1]``, ``horizontal``),
    and log10(1 + its brightest pixel over the ground): the ink a cut line keeps."""

    vertical: np.ndarray
    horizontal: np.ndarray
    vertical_peak: np.ndarray
    horizontal_peak: np.ndarray
    #: log10(1 + the brightest pixel's brightness): the line's own colour, whatever
    #: the ground beside it.
    vertical_top: np.ndarray
    horizontal_top: np.ndarray
    #: log10(1 + how far its brightest pixel stands above the brighter side, or its
    #: darkest below the darker): a line's ridge (or valley, between cells a flow's tint
    #: lights past it); the edge of a band of glow (a step) or its broad hump shows none.
    vertical_ridge: np.ndarray
    horizontal_ridge: np.ndarray
    #: How far from a line's middle (pixels) its ink was taken.
    reach: float
    #: log10(1 + the ink below both its sides), in the channel with most (vertical,
    #: horizontal): a line over glow lit past it in that channel (``_glow_lit_lines``).
    valley: tuple[np.ndarray, np.ndarray] | None = None
    #: log10(1 + the darkest pixel's brightness within the line's reach) in the brightest
    #: channel (vertical, horizontal): a line below both its sides is that pixel, its
    #: top the lit ground beside it (``_glow_lit_lines``).
    bottom: tuple[np.ndarray, np.ndarray] | None = None
    #: log10(1 + ink) in each end's part of an edge alone, ``[..., 0]`` the part by its
    #: first corner (top, left), ``[..., 1]`` by its second (vertical, horizontal): the
    #: outline's end blurred round its corner (``_past_outline_ends``).
    ends: tuple[np.ndarray, np.ndarray] | None = None
    #: The edges whose line's middle lies within ``reach`` (and a pixel) of the image's
    #: edge (vertical, horizontal): part of their ink lies past it (a tight crop).
    cut: tuple[np.ndarray, np.ndarray] | None = None


def line_width(gray: np.ndarray, xs: np.ndarray, ys: np.ndarray, pitch: float) -> float:
    """The grid lines' width (pixels): the median of their ink over their brightest
    pixel's, across the inner lines of the grid ``xs``, ``ys``."""
    g = gray.astype(np.float32)
    widths = []
    for arr, lines, spans in ((g, xs[1:-1], ys), (g.T, ys[1:-1], xs)):
        total, peak, *_ = _ink(arr, lines, spans, pitch, WIDTH_REACH * pitch)
        widths.append((total / np.maximum(peak, 1))[peak >= 1])
    every = np.concatenate(widths)
    return float(np.median(every)) if every.size else 1.0


def edge_ink(
    gray: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    pitch: float,
    width: float,
    *,
    rgb: np.ndarray | None = None,
) -> Inks:
    """The ink across every edge of the lattice ``xs``, ``ys`` whose lines are ``width``
    pixels wide (``line_width``): taken as far as the outline's edge, twice as wide.

    With the image's ``rgb``, an edge's ink (and its brightest pixel over the
    ground) is the most any of its channels shows: a grey line over glow of a
    warm hue stands out in blue, not in the brightest channel, whose glow is
    as bright as the line. Its brightness (``top``) stays the brightest channel's.
    """
    reach = max(LINE_REACH * pitch, MIN_REACH_PX, width + 1)
    planes = [gray.astype(np.float32)]
    if rgb is not None:
        planes += [rgb[..., k].astype(np.float32) for k in range(3)]
    out = []
    for across in (False, True):  # the vertical lines' edges, then the horizontal ones'
        lines, spans = (ys, xs) if across else (xs, ys)
        measured = [_ink(p.T if across else p, lines, spans, pitch, reach) for p in planes]
        total = np.max([m[0] for m in measured], axis=0)
        peak = np.max([m[1] for m in measured], axis=0)
        ridge = np.max([m[3] for m in measured], axis=0)
        valley = np.max([m[4] for m in measured], axis=0)
        ends = np.max([m[5] for m in measured], axis=0)
        bottom = measured[0][6]
        out.append(
            [np.log10(1 + a) for a in (total, peak, measured[0][2], ridge, valley, ends, bottom)]
        )
    v_ink, v_peak, v_top, v_ridge, v_valley, v_ends, v_bottom = out[0]
    h_ink, h_peak, h_top, h_ridge, h_valley, h_ends, h_bottom = out[1]
    h, w = gray.shape[:2]
    cut = tuple(
        np.broadcast_to((np.minimum(at, size - 1 - at) < reach + 1)[:, None], ink.shape)
        for at, size, ink in ((xs, w, v_ink), (ys, h, h_ink))
    )
    return Inks(
        v_ink,
        h_ink,
        v_peak,
        h_peak,
        v_top,
        h_top,
        v_ridge,
        h_ridge,
        reach,
        (v_valley, h_valley),
        (v_bottom, h_bottom),
        (v_ends, h_ends),
        (cut[0], cut[1]),
    )


#: An edge's middle part (from either end): the farthest from both its corners, where a
#: line the game draws shows as along the rest of it (``middle_ink``).
MIDDLE = (0.35, 0.5)


def middle_ink(
    gray: np.ndarray,
    rgb: np.ndarray | None,
    lines: np.ndarray,
    spans: np.ndarray,
    *,
    pitch: float,
    reach: float,
) -> tuple[np.ndarray, np.ndarray]:
    """log10(1 + the ink) across the middle (``MIDDLE``) of each edge on the vertical
    ``lines`` (columns) between consecutive ``spans`` (rows; horizontal edges: ``gray``
    and ``rgb`` transposed), the most any channel shows as ``edge_ink`` takes it, within
    ``reach`` of the line; and log10(1 + its brightest pixel's brightness) in ``gray``.
    Both ``[lines, spans - 1]``."""
    # The window round the edges alone (the whole screen's planes as floats cost more),
    # all edges in one measure (a lattice over a desktop has thousands).
    lines, spans = np.asarray(lines, float), np.asarray(spans, float)
    side = int(np.ceil(max(GROUND_TO * pitch, reach + 2))) + 1
    h, w = gray.shape[:2]
    r0, r1 = max(0, int(spans[0]) - 1), min(h, int(np.ceil(spans[-1])) + 2)
    c0, c1 = max(0, round(lines.min()) - side), min(w, round(lines.max()) + side + 1)
    window = [gray[r0:r1, c0:c1]]
    if rgb is not None:
        window += [rgb[r0:r1, c0:c1, k] for k in range(3)]
    measured = [
        _ink(p.astype(np.float32), lines - c0, spans - r0, pitch, reach, span_parts=MIDDLE)
        for p in window
    ]
    total = np.max([m[0] for m in measured], axis=0)
    return np.log10(1 + total), np.log10(1 + measured[0][2])


def _ink(
    g: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    pitch: float,
    line_reach: float,
    *,
    span_parts: tuple[float, float] = ALONG,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Ink across the edges on ``lines`` (columns of ``g``) along each span of rows (within
    ``line_reach`` pixels of them; at ``span_parts`` of each span from either end, ``ALONG``
    unless told), the brightest pixel's over the ground, its brightness,
    how far it stands above the brighter side (a ridge: a step stands above neither), and
    the ink below the darker side (a line darker than the glow lit past it); the ink
    in each end's part alone (``[..., 0]`` the part by the edge's first corner); and the
    darkest pixel's brightness."""
    h, w = g.shape
    ground_to = max(GROUND_TO * pitch, line_reach + 2)
    reach = int(np.ceil(ground_to))
    off = np.arange(-reach, reach + 1)
    n_along = max(3, round((span_parts[1] - span_parts[0]) * pitch))
    quarter = np.linspace(*span_parts, n_along)
    t = np.concatenate([quarter, 1 - quarter[::-1]])
    along = spans[:-1, None] + np.diff(spans)[:, None] * t  # [spans, n_along]
    rows = np.clip(np.round(along).astype(int), 0, h - 1)
    cols_f = np.round(lines[:, None] + off).astype(int)  # [lines, off]
    inside = (cols_f >= 0) & (cols_f < w)
    cols = np.clip(cols_f, 0, w - 1)
    patch = g[rows[None, :, :, None], cols[:, None, None, :]]  # [lines, spans, along, off]
    total, peak, top, ridge, below, bottom = _across(
        _profile(patch), off, inside, line_reach, pitch
    )
    # Each end's part alone: its first ``n_along`` points, its last.
    parts = (patch[:, :, :n_along], patch[:, :, n_along:])
    ends = [_across(_profile(part), off, inside, line_reach, pitch)[0] for part in parts]
    return total, peak, top, ridge, below, np.stack(ends, axis=-1), bottom


def _profile(patch: np.ndarray) -> np.ndarray:
    """The median across each edge along it: ``[lines, spans, along, off]`` to
    ``[lines, spans, off]``."""
    return median_along(patch.transpose(0, 1, 3, 2), axis=-1)


def _across(
    profile: np.ndarray, off: np.ndarray, inside: np.ndarray, line_reach: float, pitch: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``_ink``'s measures from the ``profile`` across each edge (``[lines, spans, off]``)."""
    ground_from = max(GROUND_FROM * pitch, line_reach + 1)
    ground_to = max(GROUND_TO * pitch, line_reach + 2)
    reach = int(off[-1])
    a = np.abs(off)
    near = a <= line_reach
    side = (a >= ground_from) & (a <= ground_to)
    # The ground under the line, straight between its two sides (glow
    # fading across the edge leaves no ink); one side only at the image's edge.
    # A side brighter than the line itself is not all the line is drawn on (another
    # window flush against the board's frame, past a dark margin): its darkest
    # pixel past the line's middle is (the margin may lie within the line's reach:
    # a phone mirrored small, its window's edge 3 px from the frame).
    near_profile = profile[..., near] * inside[:, None, near]
    top = near_profile.max(-1)
    top_at = off[near][near_profile.argmax(-1)]  # where the top lies (pixels)
    grounds = []
    for half in (off < 0, off > 0):
        take = side & half
        valid = inside[:, take]  # [lines, n]
        count = valid.sum(-1)
        mean = (profile[..., take] * valid[:, None, :]).sum(-1) / np.maximum(count, 1)[:, None]
        past = half & (a >= 1) & (a <= ground_to)
        values = np.where(inside[:, None, past], profile[..., past], np.inf)
        darkest = values.min(-1)
        # The margin lies past the line's top: a ramp rising through the line's reach
        # (glow's edge: its darkest pixel by the middle, its top at the reach's end) has
        # no line on it to take the ground at (synthetic holes jpeg 300003 started).
        # Nor has a line darker than a lit ground on both its sides (a light shaft's
        # middle): its top is that ground, out on either side, its darkest pixel the line
        # itself by the middle; the ground's slope lifting one side a level past the top
        # took the line for the margin, its ink for a wall's (synthetic walls phone_large
        # 310025 unsolved: 10^2.66, the lines 10^2.1-2.58, the walls 10^2.87+).
        darkest_at = a[past][values.argmin(-1)]
        margin = darkest_at > np.abs(top_at)
        mean = np.where((mean > top) & margin, np.minimum(mean, darkest), mean)
        grounds.append(np.where(count[:, None] > 0, mean, np.nan))
    before, after = grounds
    before = np.where(np.isnan(before), after, before)
    after = np.where(np.isnan(after), before, after)
    weight = (off + reach) / (2 * reach)
    ground = before[..., None] + (after - before)[..., None] * weight
    ground = np.nan_to_num(ground)
    # Past the image's edge nothing is seen (not the edge pixel over again).
    above = np.clip(profile[..., near] - ground[..., near], 0, None) * inside[:, None, near]
    ridge = np.clip(top - np.maximum(before, after), 0, None)
    # A line drawn darker than the ground on both its sides (between two cells a
    # flow's tint lights more than the line) is a ridge turned over; a step is neither.
    bottom = np.where(inside[:, None, near], profile[..., near], np.inf).min(-1)
    valley = np.clip(np.minimum(before, after) - bottom, 0, None)
    floor = np.minimum(before, after)[..., None]
    below = np.clip(floor - profile[..., near], 0, None) * inside[:, None, near]
    lowest = np.where(np.isfinite(bottom), bottom, top)  # none inside: as bright as its top
    return above.sum(-1), above.max(-1), top, np.maximum(ridge, valley), below.sum(-1), lowest


def classify(inks: Inks, found: np.ndarray, inner: np.ndarray | None = None) -> EdgeKinds | None:
    """Each edge's kind, or None when no outline stands far above the lines.

    ``found``: the inks of the inner edges of the grid the line search found,
    mostly grid lines on any board (its median is the lines' level); the
    outline is what lies far above them (a few edges of text or glow
    between the groups move no median), in its own brighter colour where that
    shows (``_outline_level``). ``inner``: which edges those are
    (vertical's then horizontal's, ravelled: ``inner_edges``), where the lines'
    colour that tells doubtful edges apart is measured too (``_line_top``).
    """
    if found.size < 4:
        return None
    vertical_ink, horizontal_ink = inks.vertical, inks.horizontal
    every = np.concatenate([vertical_ink.ravel(), horizontal_ink.ravel()])
    line = float(np.median(found))
    heavy = every > line + GROUPS_APART
    if heavy.sum() < 3 - _cut_outline(inks, line) or not heavy.any():
        return None
    tops = np.concatenate([inks.vertical_top.ravel(), inks.horizontal_top.ravel()])
    high = _outline_level(every, tops, heavy, inner)
    nothing = every[every < line + NOTHING_BELOW]
    low = float(np.median(nothing)) if nothing.size else line + NOTHING_BELOW
    levels = (low, line, high)

    def kinds(ink: np.ndarray) -> np.ndarray:
        second = (line + high) / 2
        out = np.full(ink.shape, Kind.DOUBT, dtype=np.int8)
        out[ink < line + NOTHING_BELOW] = Kind.NONE
        out[(ink > line + LINE_ABOVE) & (ink < second - DOUBT)] = Kind.LINE
        out[ink > second + DOUBT] = Kind.OUTLINE
        return out

    vertical, horizontal = kinds(vertical_ink), kinds(horizontal_ink)
    kind = np.concatenate([vertical.ravel(), horizontal.ravel()])
    top_levels = None
    if (kind == Kind.LINE).any() and (kind == Kind.OUTLINE).any():
        line_top = float(np.median(tops[kind == Kind.LINE]))
        outline_top = float(np.median(tops[kind == Kind.OUTLINE]))
        top_levels = (line_top, outline_top)
        # Doubtful edges told by the board's own lines' colour (``_line_top``).
        board_top = _line_top(tops, kind == Kind.LINE, inner)
        for out, ink, top in (
            (vertical, vertical_ink, inks.vertical_top),
            (horizontal, horizontal_ink, inks.horizontal_top),
        ):
            _by_colour(out, ink > line, top, board_top, outline_top)
            _heavy_yet_dim(out, top, board_top, outline_top)
    _past_outline_ends(
        vertical, horizontal, inks.ends, line, high, inks=(vertical_ink, horizontal_ink)
    )
    kind = np.concatenate([vertical.ravel(), horizontal.ravel()])
    peaks = np.concatenate([inks.vertical_peak.ravel(), inks.horizontal_peak.ravel()])
    peak_levels = (
        float(np.median(peaks[kind == Kind.LINE])) if (kind == Kind.LINE).any() else line,
        float(np.median(peaks[kind == Kind.OUTLINE])) if (kind == Kind.OUTLINE).any() else high,
    )
    if top_levels is not None and (kind == Kind.LINE).any() and (kind == Kind.OUTLINE).any():
        # (After the peaks' levels: those of lines seen as drawn; the tops' levels are
        # those of the edges first seen as lines and outline.)
        for k, (out, ink, peak, top) in enumerate(
            (
                (vertical, vertical_ink, inks.vertical_peak, inks.vertical_top),
                (horizontal, horizontal_ink, inks.horizontal_peak, inks.horizontal_top),
            )
        ):
            valley = None if inks.valley is None else inks.valley[k]
            bottom = None if inks.bottom is None else inks.bottom[k]
            _glow_lit_lines(out, valley, top, line, top_levels, bottom=bottom)
            _by_peak(out, ink > line, peak, top, peaks=peak_levels, tops=top_levels)
    edge_kinds = EdgeKinds(vertical, horizontal, inks, levels, peak_levels, top_levels)
    # A line stands above the ground on both its sides: the edge of a band of glow
    # along a row of cells, or of a window (a step), holds a line's ink but shows
    # nothing drawn there (it neither joins cells nor closes them off).
    for out, ridge in ((vertical, inks.vertical_ridge), (horizontal, inks.horizontal_ridge)):
        out[(out == Kind.LINE) & edge_kinds.no_ridge(ridge)] = Kind.NONE
    return edge_kinds


def _outline_level(
    every: np.ndarray, tops: np.ndarray, heavy: np.ndarray, inner: np.ndarray | None
) -> float:
    """The outline's log ink: the median of the edges far above the lines (``heavy``); of
    those among them whose brightest pixel stands ``TOPS_APART`` above the lines' (``tops``,
    measured on the grid found's ``inner`` edges) where three or more do and the rest lie
    ``GROUPS_APART`` below them, a group of their own.

    The game draws walls and the outline 2.1 times as bright as its lines, on any ground.
    Glow lighting part of a board lifts its lines' ink there far above the rest's: lines
    under a light shaft measured up to 10^1.7, the board's lines 10^0.4, and outnumbered
    the walls and the frame (10^2.6) among the heavy edges. Their median, 10^1.46, set the
    middle between the groups among the lit lines, doubtful then (synthetic walls drift
    11600002 unsolved). Their brightest pixels stay the lines' own (10^2.07, the walls'
    10^2.36). A frame drawn in the lines' colour, only wider, is the outline all the same:
    a web version's, 10^2.83 beside its holes' bright outline at 10^3.12 (the lines'
    10^2.38), one group with it (migaol's standard_globular scattered-150).
    """
    level = float(np.median(every[heavy]))
    if inner is None:
        return level
    bright = heavy & (tops > np.median(tops[inner]) + TOPS_APART)
    dim = heavy & ~bright
    if bright.sum() < 3 or not dim.any():
        return level
    outline = float(np.median(every[bright]))
    return outline if outline - float(np.median(every[dim])) >= GROUPS_APART else level


def inner_edges(inks: Inks, found: tuple[slice, slice]) -> np.ndarray:
    """Which edges of ``inks`` (vertical's then horizontal's, ravelled) are inner edges
    of the grid found (``found``: its columns and rows of the lattice)."""
    cols, rows = found
    v, h = np.zeros(inks.vertical.shape, bool), np.zeros(inks.horizontal.shape, bool)
    v[cols.start + 1 : cols.stop - 1, rows.start : rows.stop - 1] = True
    h[rows.start + 1 : rows.stop - 1, cols.start : cols.stop - 1] = True
    return np.concatenate([v.ravel(), h.ravel()])


def _line_top(tops: np.ndarray, lines: np.ndarray, inner: np.ndarray | None) -> float:
    """The lines' colour: the median brightest pixel of the edges read as lines (``lines``)
    among the grid found's inner edges (``inner``), where its lines' ink is measured; of
    all edges read as lines when none is there.

    The lattice is carried over the whole screen, where other windows' ruled lines
    read as lines too: an editor's grid, light on its white page, lifted the lines'
    median brightest pixel from 10^2.0 on the board to 10^2.25, within ``TOPS_APART``
    of the outline's 10^2.39, and colour told no doubtful edge (synthetic walls
    mirror 300002 started: a line beside a cyan dot, 10^2.34 of ink, lines 10^2.11,
    outline 10^2.78, its brightest pixel 10^1.99)."""
    on_board = lines if inner is None else lines & inner
    return float(np.median(tops[on_board if on_board.any() else lines]))


#: log10 of the share of a line's ink the image's edge leaves when it cuts the line
#: through its middle: half.
CUT_HALF = np.log10(2)


def _cut_outline(inks: Inks, line: float) -> int:
    """How many edges cut by the image's edge through their line (``Inks.cut``) show the
    outline's ink once their half inside is doubled (``CUT_HALF``), far above the lines
    (``GROUPS_APART``): a board cut close all round by a tight crop, its frame halved,
    shows the outline beside its walls as much as a whole frame does (synthetic walls
    crop 300043 started: two walls 10^3.13, the frame cut 10^2.82-2.93, the lines'
    10^2.54). A grid line's sliver doubled is a line's ink. Only the outline's being
    there is so told, not its level: its ink is the edges seen whole."""
    if inks.cut is None:
        return 0
    cut = np.concatenate([inks.cut[0].ravel(), inks.cut[1].ravel()])
    every = np.concatenate([inks.vertical.ravel(), inks.horizontal.ravel()])
    halved = cut & (every <= line + GROUPS_APART)
    return int((every[halved] + CUT_HALF > line + GROUPS_APART).sum())


def _past_outline_ends(
    vertical: np.ndarray,
    horizontal: np.ndarray,
    ends: tuple[np.ndarray, np.ndarray] | None,
    line: float,
    high: float,
    *,
    inks: tuple[np.ndarray, np.ndarray] | None = None,
) -> None:
    """Doubtful edges whose part by a corner where the outline ends or turns holds more
    ink than their other part, that part clearly nothing, are nothing; that part clearly
    a line's (as ``classify`` tells a whole edge, between the lines' level ``line`` and
    the outline's ``high``), a line (in place). So are edges read as lines with less than
    the lines' ink (``inks``, the whole edges' vertical and horizontal) whose far part is
    clearly nothing: nothing.

    The game draws its lines along whole sides of cells, as heavy all along. Blurred
    (small cells, a browser's zoom), the outline's end or corner spreads its ink round
    the corner into the part measured by it of the edges meeting it there (synthetic
    holes tiny cells 300014: a side between two holes by the outline's corner 10^1.38,
    between nothing and the lines' 10^2.08; its far part nothing); an outline running
    straight through a corner spreads no more than its width beside it. A line drawn
    there would show in the far part too. So would a wall (the game draws it whole,
    as heavy as the outline all along): a far part clearly a line's ink is a line's, the
    wall's end blurred into its near part (synthetic bridges zoomed 100089 started: a
    wall's end 0.1 pitch past its corner, blurred, lifts the line beyond it to 10^2.82,
    10^2.90 by the wall's end and 10^2.73 at its far part, as the lines beside it; lines
    10^2.60, outline 10^3.27, a line up to 10^2.81).

    A flow's tint beside the outline lifts the ink its blurred corner spreads past the
    lines' least (``LINE_ABOVE``): the same side, the board started or finished, read
    10^1.37 (by the corner 10^1.68, its far part 10^0.38; the lines 10^2.05), a line
    between two holes. Both its corners are the outline's there (it turns at one and
    ends at the other): the part with more ink is by a corner, the other far from it.
    A line drawn there holds a line's ink in its far part too, however dim it is. JPEG's
    blocks spread the corner's ink farther: a side between two holes read 10^1.66, half
    the lines' 10^1.96, all of it by the corner (10^1.83 there, nothing at its far part:
    synthetic holes tiny cells 300153 solved).
    """
    if ends is None:
        return
    n_x, n_y = vertical.shape[0], horizontal.shape[0]
    # At each corner [x line, y line], the outline's edges up, down, left and right of it.
    up, down, left, right = (np.zeros((n_x, n_y), bool) for _ in range(4))
    up[:, 1:] = vertical == Kind.OUTLINE
    down[:, :-1] = vertical == Kind.OUTLINE
    left[1:] = (horizontal == Kind.OUTLINE).T
    right[:-1] = (horizontal == Kind.OUTLINE).T
    count = up.astype(int) + down + left + right
    end = (count == 1) | ((count == 2) & ~((up & down) | (left & right)))
    whole = (None, None) if inks is None else inks
    for kinds, part, first, last, ink in (
        (vertical, ends[0], end[:, :-1], end[:, 1:], whole[0]),
        (horizontal, ends[1], end[:-1].T, end[1:].T, whole[1]),
    ):
        doubt = kinds == Kind.DOUBT
        faint = np.zeros_like(doubt) if ink is None else (kinds == Kind.LINE) & (ink < line)
        # The part with more ink by an end (both ends may be: a side between two of the
        # outline's corners), the other part far from it.
        by_first = first & (part[..., 0] > part[..., 1])
        by_last = last & (part[..., 1] > part[..., 0])
        far = np.where(by_first, part[..., 1], part[..., 0])
        nothing = (doubt | faint) & (by_first | by_last) & (far < line + NOTHING_BELOW)
        kinds[nothing] = Kind.NONE
        # A line's ink far from one end only: the other end's cap may have lifted it.
        by_end = doubt & ((by_first & ~last) | (by_last & ~first))
        kinds[by_end & (far > line + LINE_ABOVE) & (far < (line + high) / 2 - DOUBT)] = Kind.LINE


#: Least log10 brightness by which the outline's colour must stand above the
#: lines' for it to tell them apart (the game's: 2.1 times as bright, 10^0.32+).
TOPS_APART = 0.2


def _by_colour(
    kinds: np.ndarray, heavier: np.ndarray, top: np.ndarray, line: float, outline: float
) -> None:
    """Doubtful edges heavier than a line told by their brightest pixel, in place.

    A line's ink grows on a darker ground, the outline's colour does not move:
    an edge between a line's ink and the outline's whose brightest pixel is
    nearer a line's colour than the outline's (under half the way; dimmer, a
    line blurred wider, or beside a light shaft whose edge adds ink) is a line;
    the outline's (within a quarter of the way), the outline. The game draws
    walls and the outline 2.1 times as bright as the lines and never dimmer:
    they lie 0.85 of the way or more (``_heavy_yet_dim``). A dot's rim within a
    small cell's line reach lifts a line's brightest pixel in the dot's own
    channel, its ink with it: a line beside a green dot in 19.5 px cells, 0.26
    of the way (synthetic bridges tiny cells 5700000). Anything brighter stays
    doubtful (a thin white line is neither).
    """
    apart = outline - line
    if apart < TOPS_APART:
        return
    doubt = heavier & (kinds == Kind.DOUBT)
    kinds[doubt & (top - line <= apart / 2)] = Kind.LINE
    kinds[doubt & (np.abs(top - outline) <= apart / 4)] = Kind.OUTLINE


def _heavy_yet_dim(kinds: np.ndarray, top: np.ndarray, line: float, outline: float) -> None:
    """Edges read as the outline by their ink whose brightest pixel is a line's colour
    (within a quarter of the way to the outline's, as ``_by_colour`` tells a doubtful
    edge) are lines, in place.

    An edge's ink is the most any channel shows (``edge_ink``). A line between two cells
    of one flow, its tint dark in a channel the line is bright in (a green flow's, no
    red, under the lines' reddish grey), shows its whole contrast there, three times the
    lines' typical ink taken over the ground and other tints (synthetic warps jpeg 310003
    solved, 25 px cells: 10^2.18, lines 10^1.70, the outline 10^2.34), past the middle
    by more than ``DOUBT``: read as a wall. Its brightest pixel stays the lines' own
    (10^2.03, lines 10^2.05, the outline 10^2.40). The game draws walls and the outline
    in the outline's colour, 2.1 times as bright as the lines, never dimmer: the walls
    and outline read on synthetic walls boards of every category, unsolved, started and
    finished (dev seeds 300000-300002), lay 0.85 of the way or more from the lines'
    brightest pixel to the outline's where those stand ``TOPS_APART``.
    """
    apart = outline - line
    if apart < TOPS_APART:
        return
    kinds[(kinds == Kind.OUTLINE) & (top - line <= apart / 4)] = Kind.LINE


def _by_peak(
    kinds: np.ndarray,
    heavier: np.ndarray,
    peak: np.ndarray,
    top: np.ndarray,
    *,
    peaks: tuple[float, float],
    tops: tuple[float, float],
) -> None:
    """Doubtful edges heavier than a line whose colour told nothing (``_by_colour``) are
    lines where their brightest pixel stands over their ground as a line's does (within a
    quarter of the way from the lines' ``peaks`` to the outline's) and is not the
    outline's brightness (below the middle of the ``tops``), in place.

    On a finished board the lines' level is taken over flows' tints, which lift the ground
    in every channel the tint is bright in; a line over a tint dark in a channel the line
    is bright in (a deep blue flow's, no red) shows its whole contrast there, its ink up to
    half again the lines' (synthetic holes tiny cells 300049 solved: 10^2.18, lines
    10^2.02, outline 10^2.57) and its brightest pixel lifted by the tint in the tint's own
    channel (10^2.09: lines 10^1.98, outline 10^2.37). Over its ground it stands as lines
    do (10^1.85: lines 10^1.74, outline 10^2.32). The game draws walls and the outline far
    brighter than its lines: a wall stands so over any tint in the channel the tint is
    dark in (each edge's peak is its clearest channel's).
    """
    line_peak, outline_peak = peaks
    line_top, outline_top = tops
    if outline_peak - line_peak < TOPS_APART or outline_top - line_top < TOPS_APART:
        return
    doubt = heavier & (kinds == Kind.DOUBT)
    doubt &= peak - line_peak <= (outline_peak - line_peak) / 4
    doubt &= top < (line_top + outline_top) / 2
    kinds[doubt] = Kind.LINE


def _glow_lit_lines(
    kinds: np.ndarray,
    valley: np.ndarray | None,
    top: np.ndarray,
    line: float,
    tops: tuple[float, float],
    *,
    bottom: np.ndarray | None = None,
) -> None:
    """Edges of less than a line's ink that hold a line's ink below both their sides, at the
    lines' own brightness, are lines (in place).

    The game draws its lines over the background's glow: where a light shaft
    lights the ground past a line in some channel, the line shows darker than
    both its sides there and its ink over the ground is lost (synthetic holes
    mirror 300010). Its brightest pixel stays the lines' own colour, within a
    quarter of the way to the outline's (``_by_colour``; ``tops``: the lines' and
    the outline's brightest pixels); nothing else drawn dark between two lighter
    sides is (a dark stroke on a page has the page beside it, far brighter).

    Where the shaft lights the ground past the lines in the brightest channel too, the
    brightest pixel within the line's reach is that ground, and the line is its darkest
    (``bottom``): at the lines' own colour so, and its top the lit ground's, below the
    outline's (short of the middle of ``tops``), it is a line (synthetic walls
    phone_large 310025 unsolved: a dark red line 120 on a green shaft 159 in that
    channel, the lines' top 121, the outline's 255). A wall, the game's brightest
    drawing, has the outline's brightness for its top on any ground.
    """
    line_top, outline_top = tops
    if valley is None:
        return
    apart = outline_top - line_top
    if apart < TOPS_APART:
        return
    lit = np.isin(kinds, (Kind.NONE, Kind.DOUBT)) & (valley > line + LINE_ABOVE)
    own = np.abs(top - line_top) <= apart / 4
    if bottom is not None:
        below_lit = (np.abs(bottom - line_top) <= apart / 4) & (top > bottom)
        own |= below_lit & (top < (line_top + outline_top) / 2)
    kinds[lit & own] = Kind.LINE
