"""A hexagonal board in its lattice: which hexagons are drawn, the outline, walls and holes.

Every side of a board's hexagon is drawn: a thin line between two of its
cells, the wide outline (or a wall) where it meets a hole or the outside. A
hole's sides are drawn only where it meets the board. So the board's cells
are the hexagons drawn all round (``_drawn``), the holes the rest of the
index grid around them; the sides between two cells drawn as wide as the
outline are walls. The lattice found in a shrunk copy is placed again at
full resolution from the drawn sides themselves (``_placed``). That the
outline is drawn all round is judged apart (``_hex_outline``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Link, Point, link
from flowbot.vision._hex_fit import fitted_steps, line_at
from flowbot.vision._hex_lattice import SQRT3, HexLattice
from flowbot.vision._hex_pipes import Crossings
from flowbot.vision._hex_widths import WALL_PAST, WidthGroups, width_groups
from flowbot.vision._rule import Rule

#: A side is drawn when its line map shows along this share of its middle half.
DRAWN = 0.75
#: A side's line is looked for this far across it, in pitches (at least 1.5 px):
#: wider while the lattice is only found, narrower once placed.
ACROSS_FOUND, ACROSS_PLACED = 0.06, 0.03
#: Rounds of fitting the lattice to the sides drawn.
PLACING_ROUNDS = 3
#: The game's smallest hexagonal board has 19 cells.
MIN_CELLS = 12
#: Regular hexagons: column step over row step is sqrt(3)/2 within this share.
REGULAR = 0.04
#: The top-hat keeping the lines is this many pitches either side of a pixel:
#: wider than the outline (the game 0.05 pitch, synthetic screens up to 0.17:
#: twice a 2.6 px line at a 31 px pitch), narrower than a dot.
LINE_REACH = 0.12
#: By the image's edges, the ground is found with a square this many times as wide.
CUT_REACH = 2

#: Half-row steps to the six neighbours, clockwise from straight up, with the
#: corners (as indices into ``_CORNERS``) of the side facing each.
_SIDES = (
    ((0, -2), 1, 2),
    ((1, -1), 2, 3),
    ((1, 1), 3, 4),
    ((0, 2), 4, 5),
    ((-1, 1), 5, 0),
    ((-1, -1), 0, 1),
)
#: A flat-topped hexagon's corners, clockwise from the left one, as multiples
#: of (its radius, half a row).
_CORNERS = ((-1.0, 0.0), (-0.5, -1.0), (0.5, -1.0), (1.0, 0.0), (0.5, 1.0), (-0.5, 1.0))

Node = tuple[int, int]  # (column j, half-row k) of the lattice, j + k even


@dataclass(frozen=True, slots=True)
class HexBoard:
    """A hexagonal board read from its lines: every cell's centre, its holes and walls."""

    geometry: HexGeometry
    holes: frozenset[Cell]
    walls: frozenset[Link]


def sampled(image: np.ndarray, points: np.ndarray, *, edge_on: bool = False) -> np.ndarray:
    """``image`` at ``points`` (``(rows, cols, 2)`` x, y), interpolated; past the image's
    edge nothing, or with ``edge_on`` its edge's pixels."""
    # Nothing past the image's edge: a line it cuts shows only its part inside.
    return cv2.remap(
        image,
        points[..., 0].astype(np.float32),
        points[..., 1].astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE if edge_on else cv2.BORDER_CONSTANT,
        borderValue=0,
    )


def colour_profiles(
    image: np.ndarray, sides: np.ndarray, across: float
) -> tuple[np.ndarray, np.ndarray]:
    """``image``'s colour across each side ``(n, 2, 2)``, the median along its middle half,
    in half-pixel steps ``across`` pixels either side (``(n, steps, 3)``), and the steps."""
    offsets = np.arange(-across, across + 0.25, 0.5)
    a, b = sides[:, 0], sides[:, 1]
    length = np.hypot(*(b - a).T)
    # (the normal ``LineMap._profiles`` and ``faces`` take: the first face at minus)
    normal = np.stack([-(b - a)[:, 1], (b - a)[:, 0]], axis=1) / length[:, None]
    steps = max(5, int(length.max() / 2))
    along = a[:, None, :] + np.linspace(0.25, 0.75, steps)[None, :, None] * (b - a)[:, None, :]
    points = along[:, :, None, :] + offsets[None, None, :, None] * normal[:, None, None, :]
    flat = points.reshape(-1, len(offsets), 2)
    # (remap takes fewer than 32767 rows at once)
    values = np.concatenate(
        [sampled(image, flat[i : i + 30000]) for i in range(0, len(flat), 30000)]
    ).astype(np.float32)
    return np.median(values.reshape(len(sides), steps, len(offsets), 3), axis=1), offsets


def line_kernel(pitch: float) -> np.ndarray:
    """The top-hat's kernel keeping the lines at a pitch of ``pitch`` pixels: wider than the
    outline (a tenth of a pitch, or twice a thick line); square, so that a large pitch's
    top-hat stays quick."""
    size = max(5, 2 * round(LINE_REACH * pitch) + 1)
    return cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))


class Inks(Protocol):
    """What measures the sides' widths: a ``LineMap`` in one channel, or another way."""

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray: ...


class LineMap(Inks):
    """The image's thin bright lines, measured along a hexagon's sides."""

    def __init__(
        self,
        gray: np.ndarray,
        pitch: float,
        contrast: float,
        pipes: Crossings | None = None,
        *,
        cut_ground: bool = False,
    ) -> None:
        kernel = line_kernel(pitch)
        self.tophat = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, kernel).astype(np.float32)
        # What the top-hat stands on: the ground under the lines.
        self.ground = gray.astype(np.float32) - self.tophat
        #: Whether the ground by the image's edges is found past a dot's cap, and a cut
        #: line's hump measured over the ground itself (``_edge_ground``).
        self.cut_ground = cut_ground
        if cut_ground:
            self._edge_ground(gray, kernel.shape[0])
        self.contrast = contrast
        #: Where drawn pipes cross the sides, hiding their lines (``None``: not looked for).
        self.pipes = pipes

    def _edge_ground(self, gray: np.ndarray, size: int) -> None:
        """The ground by the image's edges found with a square ``CUT_REACH`` times as wide.

        The top-hat's square cannot reach past a line the image's edge cuts: by
        the edge it finds its ground inside the board alone, where a dot's cap
        a pixel or two past the line in small hexagons, as wide as the square,
        leaves only the line's own soft edge, taken for the ground (a cut
        outline then measured as thin as a line). A wider square reaches past
        the cap; the ground is never raised by it (an opening by a larger
        square is no brighter).
        """
        reach = CUT_REACH * size
        wide = cv2.getStructuringElement(cv2.MORPH_RECT, (reach, reach))
        band = size // 2 + 1
        # (each edge's strip alone, deep enough for the wide square's opening by it)
        deep = band + 2 * reach
        h, w = gray.shape
        for rows, cols, keep_rows, keep_cols in (
            (slice(0, deep), slice(None), slice(0, band), slice(None)),
            (slice(max(0, h - deep), h), slice(None), slice(-band, None), slice(None)),
            (slice(None), slice(0, deep), slice(None), slice(0, band)),
            (slice(None), slice(max(0, w - deep), w), slice(None), slice(-band, None)),
        ):
            lower = cv2.morphologyEx(gray[rows, cols], cv2.MORPH_OPEN, wide)
            ground = self.ground[rows, cols]
            ground[keep_rows, keep_cols] = np.minimum(
                ground[keep_rows, keep_cols], lower[keep_rows, keep_cols]
            )
        self.tophat = gray.astype(np.float32) - self.ground

    def drawn(self, sides: np.ndarray, across: float) -> np.ndarray:
        """For sides ``(n, 2, 2)`` (two corners' x, y each), the share of each one's middle
        half standing out by the contrast."""
        profile, _ = self._profiles(self.tophat, sides, across)
        return (profile.max(axis=2) >= self.contrast).mean(axis=1)

    #: Whether the map has a second, costlier look at the sides ``drawn`` leaves undrawn
    #: (``drawn_again``).
    looks_again = False

    def drawn_again(self, sides: np.ndarray, across: float, among: np.ndarray) -> np.ndarray:
        """For the sides ``among`` (indices into ``sides``), the share of each one's middle
        half a second look finds drawn (``looks_again``; a top-hat alone has none)."""
        return np.zeros(len(among))

    def sides(self, sides: np.ndarray, across: float, *, inked: bool = True) -> list[Side]:
        """How each of the sides ``(n, 2, 2)`` shows (``Side``), looked for ``across``
        pixels either side of it (without ``inked``, its ink left 0: placing the lattice
        asks only where each line lies)."""
        profile, offsets = self._profiles(self.tophat, sides, across)
        # (with ``cut_ground``, the ground where the image's edge cuts a line is the ground
        # at its edge: taken as nothing, it raised a cut outline's contrast over it, and
        # sank its width)
        ground = np.median(
            self._profiles(self.ground, sides, 0.0, edge_on=self.cut_ground)[0], axis=(1, 2)
        )
        peaks = profile.max(axis=2)
        drawn = (peaks >= self.contrast).mean(axis=1)
        typical = np.median(profile, axis=1)
        past = self.past_edge(sides, offsets) if self.cut_ground else np.zeros(typical.shape, bool)
        ink = np.array(
            [
                _hump_ink(row, offsets, cut) if inked else 0.0
                for row, cut in zip(typical, past, strict=True)
            ]
        )
        peak = np.sort(peaks, axis=1)[:, int(0.9 * (peaks.shape[1] - 1))]
        weight = profile.sum(axis=(1, 2))
        where = (profile * offsets).sum(axis=(1, 2)) / np.maximum(weight, 1e-6)
        # (a line the image's edge cuts is judged by its own rules, not its shoulder)
        shouldered = [
            not cut.any() and _shouldered(row, offsets)
            for row, cut in zip(typical, past, strict=True)
        ]
        values = zip(drawn, ink, peak, where, ground, shouldered, strict=True)
        return [
            Side(float(d), float(i), float(p), float(w), float(g), on)
            for d, i, p, w, g, on in values
        ]

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels
        (``side_width``, the lines' level taken over them all)."""
        seen = self.sides(sides, across)
        if not seen:
            return np.zeros(0)
        level = line_level(seen)
        return np.array([side_width(side, level) for side in seen])

    def side(self, a: Point, b: Point, across: float) -> Side:
        """Along the middle half of side ``a``-``b``: how its line shows (``Side``)."""
        return self.sides(np.array([[a, b]], np.float64), across)[0]

    def past_edge(self, sides: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        """For each side and offset across it, whether its middle half lies past the
        image's edge there (mostly)."""
        if not len(sides):
            return np.zeros((0, len(offsets)), bool)
        h, w = self.tophat.shape
        a, b = sides[:, 0], sides[:, 1]
        length = np.maximum(np.hypot(*(b - a).T), 1e-6)
        normal = np.stack([-(b - a)[:, 1], (b - a)[:, 0]], axis=1) / length[:, None]
        ts = np.linspace(0.25, 0.75, 9)
        along = a[:, None, :] + ts[None, :, None] * (b - a)[:, None, :]
        points = along[:, :, None, :] + offsets[None, None, :, None] * normal[:, None, None, :]
        x, y = points[..., 0], points[..., 1]
        outside = (x < -0.5) | (x > w - 0.5) | (y < -0.5) | (y > h - 0.5)
        return np.asarray(outside.mean(axis=1) > 0.5)

    def _profiles(
        self, image: np.ndarray, sides: np.ndarray, across: float, *, edge_on: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """``image`` across each side's middle half: ``(n, steps along, steps across)``,
        in half-pixel steps across, interpolated, over a band wider than the line; and the
        offsets across."""
        offsets = np.arange(-across, across + 0.25, 0.5)
        if not len(sides):
            return np.zeros((0, 5, len(offsets)), np.float32), offsets
        a, b = sides[:, 0], sides[:, 1]
        length = np.hypot(*(b - a).T)
        normal = np.stack([-(b - a)[:, 1], (b - a)[:, 0]], axis=1) / length[:, None]
        steps = max(5, int(length.max() / 2))
        ts = np.linspace(0.25, 0.75, steps)
        along = a[:, None, :] + ts[None, :, None] * (b - a)[:, None, :]  # (n, t, 2)
        points = along[:, :, None, :] + offsets[None, None, :, None] * normal[:, None, None, :]
        flat = points.reshape(-1, len(offsets), 2)
        # (remap takes fewer than 32767 rows at once)
        profile = np.concatenate(
            [
                sampled(image, flat[i : i + 30000], edge_on=edge_on)
                for i in range(0, len(flat), 30000)
            ]
        )
        return profile.reshape(len(sides), steps, len(offsets)), offsets

    def shown(self, a: Point, b: Point, width: float) -> float:
        """The share of a line ``width`` wide along the middle half of side ``a``-``b``
        that lies within the image (its pixels' edges)."""
        h, w = self.tophat.shape
        length = math.hypot(b.x - a.x, b.y - a.y)
        nx, ny = -(b.y - a.y) / length, (b.x - a.x) / length
        ts = np.linspace(0.25, 0.75, 21)[:, None]
        offsets = np.linspace(-width / 2, width / 2, 21)[None, :]
        xs = a.x + ts * (b.x - a.x) + offsets * nx
        ys = a.y + ts * (b.y - a.y) + offsets * ny
        inside = (xs >= -0.5) & (xs <= w - 0.5) & (ys >= -0.5) & (ys <= h - 0.5)
        return float(inside.mean())


#: A line's hump in a profile across it ends at a valley: where the profile,
#: past its lowest point out from the peak, rises again by HUMP_RISE of the
#: peak (the next thing across: a dot's rim a pixel or two off the line in
#: small hexagons, rising 0.1-0.15 of the peak), that lowest point below
#: VALLEY of the peak (a wide line's plateau ripples by more under JPEG);
#: or, below VALLEY, where it falls no further by HUMP_RISE of the peak
#: over the next FLAT_AHEAD half-pixel steps (JPEG's ringing beside a slanted
#: line sinks the top-hat's ground there: the profile then falls on slowly
#: for pixels past the line, 5-9 of a 60 peak, and its ink with it).
HUMP_RISE = 0.05
VALLEY = 0.5
FLAT_AHEAD = 2
#: The line's peak is looked for this many pixels either side of the side.
PEAK_NEAR = 1.5


def _line_peak(profile: np.ndarray, offsets: np.ndarray, cut: np.ndarray | None = None) -> int:
    """Where the line at the middle of ``profile`` peaks: its brightest within ``PEAK_NEAR``
    of the side, but where that is a slope rising on past the look beyond a valley
    (``VALLEY``) from a hump's top within it: another hump's (a white dot's cap two pixels
    off a small hexagon's flat side, 71 against its line's 37, its slope 39 within the look
    past a valley of 14: summed as the line, a false wall, synthetic hex mirror 8120003).
    Where the image's edge cuts the line (``cut``), a rise to the edge is its own."""
    near = np.flatnonzero(np.abs(offsets) <= PEAK_NEAR)
    brightest = int(near[np.argmax(profile[near])])
    if cut is not None and cut.any():
        return brightest
    before, after = np.roll(profile, 1), np.roll(profile, -1)
    before[0], after[-1] = profile[0], profile[-1]
    tops = near[(profile[near] >= before[near]) & (profile[near] >= after[near])]
    if not tops.size or brightest in tops:
        return brightest
    top = int(tops[np.argmax(profile[tops])])
    height = float(profile[top])
    between = profile[min(top, brightest) : max(top, brightest) + 1]
    # (a top as bright as the slope's half at least: no noise over a line not seen)
    apart = height >= VALLEY * profile[brightest] and between.min() <= VALLEY * height
    return top if apart else brightest


def _hump_ink(profile: np.ndarray, offsets: np.ndarray, cut: np.ndarray | None = None) -> float:
    """The ink of the line at the middle of ``profile`` (half-pixel steps across it): its
    contrast summed over its own hump, down to the valleys either side before
    anything else rises (``hump_span``), over a straight line between them (glow's
    soft edge along a line leaves a slope under it in the top-hat).

    A hump ending past the image's edge (``cut``, per offset: the line cut) is
    summed over the top-hat's own zero: the edge is no valley, and the line's
    other one, between its soft edge and a dot's cap a pixel past it in small
    hexagons, stands above the ground (the top-hat's ground found past the cap:
    ``LineMap._edge_ground``); a straight base to it took a cut outline's soft edge
    away, leaving it as thin as a line."""
    lo, _, hi = hump_span(profile, offsets, cut)
    return ink_between(profile, lo, hi, cut)


def hump_span(
    profile: np.ndarray, offsets: np.ndarray, cut: np.ndarray | None = None
) -> tuple[int, int, int]:
    """Where the hump of the line at the middle of ``profile`` lies: the valley before its
    peak, its peak (``_line_peak``) and the valley after it, as steps of ``profile``."""
    peak = _line_peak(profile, offsets, cut)
    top = max(float(profile[peak]), 1e-6)
    rise = HUMP_RISE * top
    edges = []
    for out in (profile[peak::-1], profile[peak:]):
        low = np.minimum.accumulate(out)
        past = np.flatnonzero((out > low + rise) & (low <= VALLEY * top))
        ahead = np.full(len(out), np.inf)
        for step in range(1, FLAT_AHEAD + 1):
            ahead[:-step] = np.minimum(ahead[:-step], out[step:])
        flat = np.flatnonzero((out <= VALLEY * top) & (ahead >= out - rise))
        stop = min(
            int(past[0]) if past.size else len(out), int(flat[0]) + 1 if flat.size else len(out)
        )
        edges.append(int(np.argmin(out[:stop])))
    return peak - edges[0], peak, peak + edges[1]


def ink_between(profile: np.ndarray, lo: int, hi: int, cut: np.ndarray | None = None) -> float:
    """``profile``'s contrast summed from step ``lo`` to ``hi`` over a straight line between
    them (over nothing where either is past the image's edge, ``cut``), in pixels."""
    hump = profile[lo : hi + 1]
    base = np.linspace(float(profile[lo]), float(profile[hi]), len(hump))
    if cut is not None and (cut[lo] or cut[hi]):
        base = np.zeros(len(hump))
    return 0.5 * float(np.clip(hump - base, 0, None).sum())


#: A line stands on a shoulder when, to one side of its peak, the top-hat never
#: falls below this share of the peak out to the end of the look: a band of glow
#: ending at the line (its edge kept by the top-hat), whose rise the line's hump
#: then holds (a faint wide background pipe's soft edge along a flat side: a thin
#: line measured 2.4 px, the outline 2.0, the thin lines 0.8). A line on its
#: ground falls to its valley within its blur, well below a third of its peak.
SHOULDER = 1 / 3


def _shouldered(profile: np.ndarray, offsets: np.ndarray) -> bool:
    """Whether the line at the middle of ``profile`` stands on a shoulder (``SHOULDER``)."""
    near = np.flatnonzero(np.abs(offsets) <= PEAK_NEAR)
    peak = int(near[np.argmax(profile[near])])
    floor = SHOULDER * max(float(profile[peak]), 1e-6)
    return bool(profile[: peak + 1].min() >= floor or profile[peak:].min() >= floor)


@dataclass(frozen=True, slots=True)
class Side:
    """How a hexagon's side shows in the line map, along its middle half.

    ``drawn``: the share of it standing out by the contrast; ``ink``: the
    line's contrast summed across it (pixels times contrast); ``peak``: its
    brightest (a slanted line crosses pixel centres somewhere, a thin line
    along a row of pixels may not); ``where``: its offset across the side
    (positive to the left going from one corner to the other), in pixels;
    ``ground``: the brightness it stands on; ``shouldered``: its line stands on a
    shoulder (``SHOULDER``), its ink holding what it borders.
    """

    drawn: float
    ink: float
    peak: float
    where: float
    ground: float
    shouldered: bool = False


def side_width(side: Side, level: float) -> float:
    """A side's line's width in pixels: its ink over the contrast of the board's lines (at
    ``level``, ``line_level``) over the ground it stands on. A line one pixel wide lying
    across two shows half its contrast in each, as wide as two by its peak; its ink is one
    pixel's. The lines are one colour, drawn over the glow, which changes the ground alone;
    a line darker than its glow (``_hex_glow.SignedLines``: its peak below 0) stands below its
    ground by as much as the ground lies above the level."""
    if side.peak < 0:
        return side.ink / max(side.ground - level, 1.0)
    return side.ink / max(level - side.ground, 1.0)


def line_level(seen: Sequence[Side]) -> float:
    """The board's lines' own brightness in the channel ``seen`` were measured in (their
    brightness where a line covers a whole pixel), from the lines brighter than their
    ground: a line darker than its glow (``_hex_glow``) shows its level from the other side."""
    bright = [side.peak + side.ground for side in seen if side.peak >= 0]
    return float(np.percentile(bright or [0.0], 90))


@dataclass(frozen=True, slots=True)
class OutlineSide:
    """A side of the board's outline: its direction (``_direction``), its line's width,
    its corners and the hexagon inside it."""

    direction: int
    width: float
    a: Point
    b: Point
    node: Node


@dataclass(frozen=True)
class HexSides:
    """A hexagonal board's drawn cells in their lattice: what the hex board rules see.

    ``crossed``: the sides between two of them a drawn pipe crosses (their lines hidden).

    ``inks``: the lines in the channel their widths are measured in
    (``_hex_channel.ink_channel``), when not ``lines``; ``inks_faced``: each side's
    clearest channel's where ``inks`` are the line's colour's shares (``_hex_coverage``),
    from which every other measure is taken to read none of their walls thin
    (``_hex_heard.VETO``); ``inks_cut``: where ``inks`` do not measure a line
    the image's edge cuts as cut (with pipes drawn), what judges the outline's sides it
    cuts (``_hex_outline``).

    ``unshouldered``: the sides between two cells read wide on a shoulder whose width at
    half the lines' colour, blind to the shoulder, measures them as the outline
    (``_hex_shoulder``): walls their shoulder puts in no doubt.
    """

    lines: LineMap
    lattice: HexLattice
    cells: frozenset[Node]
    crossed: frozenset[frozenset[Node]] = frozenset()
    inks: Inks | None = None
    inks_faced: Inks | None = None
    inks_cut: Inks | None = None
    unshouldered: frozenset[frozenset[Node]] = frozenset()

    @cached_property
    def ends(self) -> tuple[dict[tuple[Node, Node], tuple[Point, Point]], float]:
        """The ends of every side between two cells or on the outline, by the cells either
        side of it (a side a pipe crosses left out: it shows the pipe, not its line), and
        how far across them a line is looked at: across the widest outline and on to the
        ground either side."""
        ends: dict[tuple[Node, Node], tuple[Point, Point]] = {}
        for node in self.cells:
            corners = _corners(self.lattice, node)
            for step, a, b in _SIDES:
                other = (node[0] + step[0], node[1] + step[1])
                if (other, node) not in ends and frozenset((node, other)) not in self.crossed:
                    ends[node, other] = (corners[a], corners[b])
        return ends, max(4.0, LINE_REACH * self.lattice.row_step)

    @cached_property
    def measured(self) -> tuple[dict[tuple[Node, Node], Side], float]:
        """How every side shows in the one channel the widths are measured in (``inks``, a
        ``LineMap``; ``lines`` where they are measured side by side, ``_hex_faces``), and
        the lines' level there (``line_level``)."""
        ends, reach = self.ends
        inks = self.inks if isinstance(self.inks, LineMap) else self.lines
        measured = inks.sides(np.array(list(ends.values()), np.float64), reach)
        seen = dict(zip(ends, measured, strict=True))
        return seen, line_level(list(seen.values()))

    @cached_property
    def widths(self) -> tuple[dict[frozenset[Node], float], list[OutlineSide]]:
        """The width of every side between two cells, and of every side on the outline with
        its direction (``_direction``)."""
        ends, reach = self.ends
        inks = self.inks or self.lines
        measured = inks.widths(np.array(list(ends.values()), np.float64), reach)
        inner: dict[frozenset[Node], float] = {}
        outline: list[OutlineSide] = []
        for (node, other), width in zip(ends, measured, strict=True):
            if other in self.cells:
                inner[frozenset((node, other))] = float(width)
            else:
                step = (other[0] - node[0], other[1] - node[1])
                corners = _corners(self.lattice, node)
                _, a, b = next(s for s in _SIDES if s[0] == step)
                outline.append(
                    OutlineSide(_direction(step), float(width), corners[a], corners[b], node)
                )
        return inner, outline

    @cached_property
    def groups(self) -> tuple[WidthGroups, ...] | None:
        """Per direction, the widths' two groups: thin lines; the outline and walls (``None``
        when the outline is not wider than the lines along every direction)."""
        found = self.direction_groups
        return None if None in found else found  # type: ignore[return-value]

    @property
    def clear_groups(self) -> bool:
        """Whether the widths fall in two clear groups along every direction (``groups``,
        ``WidthGroups.clear``): the measure walls are told by."""
        groups = self.groups
        return groups is not None and all(group.clear for group in groups)

    @cached_property
    def direction_groups(self) -> tuple[WidthGroups | None, ...]:
        """``groups`` along each direction alone (``None`` where the outline is not wider)."""
        inner, outline = self.widths
        reach = 2 * max(4.0, LINE_REACH * self.lattice.row_step)
        found = []
        for direction in range(3):
            thin = [width for side, width in inner.items() if side_direction(side) == direction]
            # (the outline whole: a tight crop cuts some of it)
            wide = [
                side.width
                for side in outline
                if side.direction == direction and self.lines.shown(side.a, side.b, reach) == 1
            ]
            found.append(width_groups(thin, wide))
        return tuple(found)


def _direction(step: Node) -> int:
    """A side's direction, by the step across it: 0 flat, 1 rising, 2 falling."""
    dj, dk = step
    return 0 if dj == 0 else 1 if dj * dk < 0 else 2


def side_direction(side: frozenset[Node]) -> int:
    (j1, k1), (j2, k2) = sorted(side)
    return _direction((j2 - j1, k2 - k1))


def found_hexagons(
    gray: np.ndarray, lattice: HexLattice, contrast: float, pipes: Crossings | None = None
) -> list[HexSides]:
    """The pieces of a board's worth of hexagons (``MIN_CELLS``) drawn whole on
    ``lattice`` as found (looked for ``ACROSS_FOUND`` across), the biggest first; with
    ``pipes``, a side a drawn pipe crosses counts as drawn."""
    return hexagons_drawn(LineMap(gray, lattice.row_step, contrast, pipes), lattice, ACROSS_FOUND)


def hexagons_drawn(lines: LineMap, lattice: HexLattice, across: float) -> list[HexSides]:
    """The pieces of a board's worth of hexagons drawn whole on ``lattice`` in ``lines``
    (looked for ``across`` pitches across), the biggest first."""
    drawn, crossed = _drawn(lines, lattice, across)
    pieces = sorted(in_pieces(drawn), key=len, reverse=True)
    return [_sides(lines, lattice, p, crossed) for p in pieces if len(p) >= MIN_CELLS]


def _sides(
    lines: LineMap, lattice: HexLattice, cells: set[Node], crossed: set[frozenset[Node]]
) -> HexSides:
    """The hexagons ``cells`` drawn on ``lattice``, with the sides between them pipes cross."""
    return HexSides(
        lines, lattice, frozenset(cells), frozenset(side for side in crossed if side <= cells)
    )


def placed_board(found: HexSides, board_like: Callable[[HexSides], bool]) -> HexSides | None:
    """The hexagons drawn on the lattice of ``found`` once placed at full resolution from
    their drawn sides, in pieces ``board_like`` (``None`` when there are none)."""
    lines = found.lines
    placed = _fitted(found)
    if placed is None:
        return None
    # A few hexagons apart are no board's (the gaps between lines of text, a
    # window's edges), nor are hexagons holding lines (a page's ruled grid);
    # a piece of the board cut off by something laid over it leaves the rest
    # with thin lines facing out (``_hex_outline.OUTLINE``).
    drawn, crossed = _drawn(lines, placed, ACROSS_PLACED)
    pieces = [
        _sides(lines, placed, piece, crossed)
        for piece in in_pieces(drawn)
        if len(piece) >= MIN_CELLS
    ]
    kept = [piece.cells for piece in pieces if board_like(piece)]
    if not kept:
        return None
    return _sides(lines, placed, set().union(*kept), crossed)


def _fitted(found: HexSides) -> HexLattice | None:
    """The lattice of ``found`` placed at full resolution from its hexagons' drawn sides
    (``None`` unless the hexagons are regular)."""
    lines, cells = found.lines, set(found.cells)
    # Each fit looks for the lines near where the last one put them: a few
    # rounds take in a lattice found a little off (a blurred, zoomed screen).
    by_mean: HexLattice | None = found.lattice
    by_humps: HexLattice | None = found.lattice
    for _ in range(PLACING_ROUNDS):
        by_mean = _placed_by_mean(lines, by_mean, cells) if by_mean else None
        by_humps = _placed(lines, by_humps, cells) if by_humps else None
    if by_mean is None or by_humps is None:
        return None
    # The two agree within a pixel where each side's band holds its line alone, and the
    # band's mean, with which the widths' groups and their bounds were measured, is kept
    # (a lattice within a pixel of the lines finds them: ``ACROSS_PLACED``, 1.5 px at
    # least); where they part by more the band's mean was pulled toward where the lattice
    # lay by what else the band holds (a finished board's pipes' edges at a large pitch,
    # 1-3 px off after three rounds: synthetic hex phone 300021, 300029 solved), and the
    # humps' fit is taken (``_hex_fit``).
    return by_humps if _apart(by_mean, by_humps, cells) > AGREE else by_mean


def placed_alone(board: HexSides, left_out: Collection[Node]) -> HexSides:
    """``board`` (its clutter ``left_out``) with its lattice placed again on its own
    hexagons, and the hexagons drawn on that joined to them (never those ``left_out``);
    ``board`` itself where the fit fails.

    Clutter the board's piece took in (a spreadsheet's ruled grid closing hexagons on
    its outline) pulled the fit of the whole piece off the board's own lines: its far
    hexagons' sides then lay past where they were looked for, and were left out of the
    board, their neighbours' sides facing them read as thin lines on the outline
    (synthetic hex drift 5500002: a 7x7 board's lattice fitted with 117 cells of a
    spreadsheet beside it lost two of its corner's hexagons)."""
    placed = _fitted(board)
    if placed is None:
        return board
    lines = board.lines
    drawn, crossed = _drawn(lines, placed, ACROSS_PLACED)
    cells = (drawn | board.cells) - set(left_out)
    joined = set().union(*(piece for piece in in_pieces(cells) if piece & board.cells))
    crossed |= board.crossed
    return _sides(lines, placed, joined, crossed)


def hex_board(sides: HexSides, *, walled: bool = True) -> HexBoard:
    """The board in the game's index grid, its holes and its walls (the sides between two
    cells drawn with the outline's width); a hexagon outlined all round is a hole.
    Without ``walled`` (no wall drawn wider than the lines: ``_hex_thin``), no walls."""
    if not walled:
        return _indexed(sides.lattice, set(sides.cells), set())
    walls, enclosed = wall_sides(sides)
    return _indexed(sides.lattice, set(sides.cells) - enclosed, walls)


#: Walls round a hexagon drawn whole, the rest of its sides the outline, for it to be
#: read as a hole: no flow could reach it, and the game draws none so; the more walls,
#: the less a thin line misread as one could make a cell a hole (a cell beside the
#: outline has few sides to it). Holes two side by side: 5.
WALLED_IN = 4


def wall_sides(sides: HexSides) -> tuple[set[frozenset[Node]], set[Node]]:
    """The sides between two cells drawn with the outline's width (walls), and the
    hexagons walled all round (holes inside the board: no flow could cover them).

    Walled all round: every side a wall or the outline (facing no cell). Two holes
    side by side, the outline round each drawn whole in small blurred hexagons: one
    was read drawn all round, five walls and the outline towards the other (synthetic
    hex tiny_cells 1200003 unsolved, 16 px hexagons)."""
    inner, _ = sides.widths
    assert sides.groups is not None, "read once the width rule passed"
    groups = sides.groups
    walls = {side for side, width in inner.items() if groups[side_direction(side)].is_wide(width)}
    cells = set(sides.cells)

    def walled_in(node: Node) -> bool:
        around = [frozenset((node, n)) for n in neighbours(node)]
        walled = sum(side in walls for side in around)
        return walled >= WALLED_IN and all(side in walls or not side <= cells for side in around)

    enclosed = {node for node in cells if walled_in(node)}
    return {side for side in walls if not side & enclosed}, enclosed


def _check_walls_as_the_outline(sides: HexSides) -> None:
    groups = sides.groups
    if groups is None:
        return  # (no walls told: ``TWO_GROUPS`` refuses)
    inner, _ = sides.widths
    seen, _ = sides.measured
    for (node, other), side in seen.items():
        key = frozenset((node, other))
        if key not in inner:
            continue
        group = groups[side_direction(key)]
        width = inner[key]
        shouldered = side.shouldered and key not in sides.unshouldered
        if group.is_wide(width) and (shouldered or group.way(width) > WALL_PAST):
            raise UnsureReadingError(WALLS_AS_THE_OUTLINE.reason)


WALLS_AS_THE_OUTLINE: Rule[HexSides] = Rule(
    name="hex walls measured as the outline",
    refuses="a hexagonal board with a side between two hexagons measured in the outline's "
    "group (a wall) whose line stands on a shoulder (to one side of its peak the line map "
    "never falls below SHOULDER of it within the look), or that measures past the outline's "
    "typical width by more than WALL_PAST of the way from the thin lines' to it",
    why="A side's width is the ink of its hump, and the game draws a wall as it draws the "
    "outline. Where a band of glow ends along a side (a faint wide pipe of the game's "
    "animated background, its soft edge on a flat side), the top-hat keeps the band's edge "
    "beside the line and the hump holds it: a thin line measured 2.4 px against the "
    "outline's 2.0, read as a wall. In small blurred hexagons a dot's rim runs into the "
    "line with no valley between them: a thin line beside one measured 1.96 px against the "
    "outline's 1.49, read as a wall. A line on its ground falls to its valley within its "
    "blur, and a wall measures as the outline does.",
    bounds="SHOULDER 1/3 of the line's peak (a line's valley lies near 0; the glow band's "
    "shoulder stood at 0.4-0.5 of it); the look LINE_REACH 0.12 pitch either side, 4 px at "
    "the least, a side the image's edge cuts not judged for its shoulder; WALL_PAST 1.25 "
    "(log scale; walls read right on dev seeds of every category with and without pipes "
    "1.09 at most, the thin line beside a dot's rim 1.39, the one along a glow band 1.19). "
    "A side on a shoulder the lead reads wide whose half-level width lies no farther past "
    "the thin lines' typical one than THIN_PAST 0.25 of the way to the outline's (the "
    "outline's SOLID 0.6 px or more; thin lines at half the colour on dev seeds, 99th "
    "percentile 0.19-0.22, walls 0.90 at the least) is read at the thin lines' typical "
    "width first (`_hex_shoulder`: a wall reaches half the "
    "lines' colour as the outline does; synthetic hex colour_blind 5700000 started and "
    "solved, a khaki tint under a glow shaft, thin lines 1.58-1.73 px in the lightness "
    "against the boundary 1.24-1.36, half-level 0.00; without pipes, colour_blind 7700005, "
    "a glow shaft's end over a thin line, lead 7.70 px against the outline's 5.58-5.88, "
    "half-level 1.56 against the thin lines' 1.48: refused before, read exact); and a wall "
    "on a shoulder whose half-level width falls in that width's clear groups as wide, no "
    "farther past the outline's typical half-level width than WALL_PAST, is not refused for "
    "its shoulder (a band fainter than the lines never reaches half their colour: a hole's "
    "wall over glow lighting its ground, lead 4.70 px against the outline's 4.73-4.82, "
    "half-level 4.87 against 4.85-4.90, synthetic hex twins 6640004 started)",
    reason="a wall between two hexagons does not measure as the outline does (glow's edge "
    "or a dot's rim beside it: it may be a thin line)",
    check=_check_walls_as_the_outline,
)


def _check_one_piece(sides: HexSides) -> None:
    if len(in_pieces(set(sides.cells))) > 1:
        raise UnsureReadingError(ONE_PIECE.reason)


ONE_PIECE: Rule[HexSides] = Rule(
    name="hexagons in one piece",
    refuses="hexagons drawn whole in two or more groups apart",
    why="A hexagonal board is one piece; hexagons apart from it are another board, or a "
    "piece of this one cut off by something laid over it.",
    bounds="Sides drawn: DRAWN 0.75 of their middle half in the line map (top-hat "
    "LINE_REACH 0.12 pitch either side, line_contrast), looked for ACROSS_PLACED 0.03 pitch "
    "across (1.5 px least); pieces of fewer than MIN_CELLS 12 hexagons are left out (no "
    "board has so few: text's line gaps, a window's edges), and pieces the lattice rules "
    "pass over (a page's ruled grid: hexagons empty inside).",
    reason="hexagons drawn apart from the board (two boards, or a piece)",
    check=_check_one_piece,
)


def _drawn(
    lines: LineMap, lattice: HexLattice, across: float, among: Collection[Node] | None = None
) -> tuple[set[Node], set[frozenset[Node]]]:
    """The hexagons within the image (``among`` these nodes, when given) drawn all round
    (a side a pipe crosses counts as drawn, when ``lines`` looks for pipes), and the
    sides pipes cross."""
    h, w = lines.tophat.shape
    half_row = lattice.row_step / 2
    if among is not None:
        j, k = np.array(sorted(among), np.int64).reshape(-1, 2).T
    else:
        # Every node over the image, wherever the lattice's origin lies (in arrays:
        # small hexagons over a whole screen are thousands of nodes).
        js = np.arange(
            math.floor(-lattice.x0 / lattice.col_step) - 1,
            math.ceil((w - lattice.x0) / lattice.col_step) + 2,
        )
        ks = np.arange(
            math.floor(-lattice.y0 / half_row) - 2, math.ceil((h - lattice.y0) / half_row) + 3
        )
        j, k = (grid.ravel() for grid in np.meshgrid(js, ks, indexing="ij"))
    x, y = lattice.x0 + j * lattice.col_step, lattice.y0 + k * half_row
    keep = ((j + k) % 2 == 0) & _inside(lattice, x, y, w, h)
    j, k, x, y = j[keep], k[keep], x[keep], y[keep]
    radius = lattice.col_step * 2 / 3
    corners = np.stack(
        [np.stack([x + u * radius, y + v * half_row], axis=1) for u, v in _CORNERS], axis=1
    )
    # Each side once, named by the sum of the two nodes it lies between.
    steps = np.array([step for step, _, _ in _SIDES])
    names = np.stack([2 * j, 2 * k], axis=1)[:, None, :] + steps[None, :, :]
    ends = np.stack(
        [corners[:, [a for _, a, _ in _SIDES]], corners[:, [b for _, _, b in _SIDES]]], axis=2
    )
    _, first, which = np.unique(
        names.reshape(-1, 2), axis=0, return_index=True, return_inverse=True
    )
    looked, width = ends.reshape(-1, 2, 2)[first], max(1.5, across * lattice.row_step)
    drawn = lines.drawn(looked, width) >= DRAWN
    around = which.reshape(len(j), len(_SIDES))
    again = lines.looks_again
    if again and lines.pipes is not None and lines.pipes.least_drawn:
        # (the sides pipes are looked for on follow how many of each hexagon's are drawn)
        undrawn = np.flatnonzero(~drawn)
        drawn[undrawn] = lines.drawn_again(looked, width, undrawn) >= DRAWN
        again = False
    crossed = np.zeros_like(drawn)
    if lines.pipes is not None:
        # (also where the line map shows one: a slanted pipe is too narrow for
        # its top-hat, and stands out as a line would)
        at = np.stack([x, y], axis=1)[:, None, :]
        to = at + steps * np.array([lattice.col_step, half_row])
        pairs = np.stack([np.broadcast_to(at, to.shape), to], axis=2).reshape(-1, 2, 2)[first]
        asked = np.zeros_like(drawn)
        asked[around[drawn[around].sum(axis=1) >= lines.pipes.least_drawn]] = True
        crossed[asked] = lines.pipes.crossed(pairs[asked], lattice.row_step)
    shown = drawn | crossed
    if again:
        shown = _looked_again(lines, looked, width, shown, around)
    whole = shown[around].all(axis=1)
    cells = {(int(a), int(b)) for a, b in zip(j[whole], k[whole], strict=True)}
    node, step = first[crossed] // len(_SIDES), first[crossed] % len(_SIDES)
    sides = {
        frozenset(((int(j[n]), int(k[n])), (int(j[n] + steps[s, 0]), int(k[n] + steps[s, 1]))))
        for n, s in zip(node, step, strict=True)
    }
    return cells, sides


def _looked_again(
    lines: LineMap, sides: np.ndarray, across: float, shown: np.ndarray, around: np.ndarray
) -> np.ndarray:
    """``shown`` (each of ``sides`` drawn or crossed) with those ``lines`` finds drawn on
    its second look (``LineMap.drawn_again``), looked at only where that may close a hexagon
    (``around``: each one's six sides): a round at a time, one side of each hexagon none of
    whose sides was looked at and found undrawn. The hexagons whole are those every side
    looked at again would make whole; the second look is costly, and most hexagons of a
    lattice over a whole screen have a side drawn on neither look."""
    shown, unseen = shown.copy(), ~shown
    while True:
        open_ = (shown | unseen)[around].all(axis=1) & unseen[around].any(axis=1)
        if not open_.any():
            return shown
        rows = around[open_]
        picked = np.unique(rows[np.arange(len(rows)), unseen[rows].argmax(axis=1)])
        shown[picked] = lines.drawn_again(sides, across, picked) >= DRAWN
        unseen[picked] = False


def _corners(lattice: HexLattice, node: Node) -> list[Point]:
    x, y = lattice.centre(*node)
    radius, half = lattice.col_step * 2 / 3, lattice.row_step / 2
    return [Point(x + u * radius, y + v * half) for u, v in _CORNERS]


def _inside(lattice: HexLattice, x: np.ndarray, y: np.ndarray, w: int, h: int) -> np.ndarray:
    """Whether the middle halves of the sides of the hexagons centred at ``x``, ``y``, where
    they are looked at, lie within the image: a flat side may lie a pixel past its edge,
    the outline cut through by a tight crop (a side there is on the outline, which must
    show as the outline does, cut as it is: ``_hex_outline``)."""
    # The slanted sides' middle halves reach 7/8 of the radius across.
    rx, ry = lattice.col_step * 2 / 3 * 7 / 8, lattice.row_step / 2
    return (x - rx >= -0.5) & (y - ry >= -1.5) & (x + rx <= w - 0.5) & (y + ry <= h + 0.5)


def _side_ends(
    lattice: HexLattice, cells: set[Node]
) -> tuple[list[tuple[Node, tuple[int, int], Point, Point]], np.ndarray]:
    """Every side of ``cells`` (its cell, its step to the neighbour across it, its two
    corners), and the corners as an ``(n, 2, 2)`` array, for a placement to look across."""
    ends = [
        (node, step, corners[a], corners[b])
        for node in cells
        for corners in [_corners(lattice, node)]
        for step, a, b in _SIDES
    ]
    return ends, np.array([(pa, pb) for *_, pa, pb in ends], np.float64)


def _placed(lines: LineMap, lattice: HexLattice, cells: set[Node]) -> HexLattice | None:
    """The lattice fitted to where the board's sides are drawn at full resolution.

    Every side drawn whole within the image tells where its line lies; the
    lattice's origin and steps are fitted to them all at once (``_hex_fit``).
    ``None`` unless the hexagons are regular.
    """
    reach = max(2.0, ACROSS_FOUND * lattice.row_step)
    ends, looked = _side_ends(lattice, cells)
    profile, offsets = lines._profiles(lines.tophat, looked, reach)
    drawn = (profile.max(axis=2) >= lines.contrast).mean(axis=1) >= DRAWN
    # A line the image's edge cuts shows only its part inside, its weight pulled
    # inward off its middle: the lattice is fitted to the lines seen whole (cut ones
    # squeezed a tight crop's rows together, its cut outline then measured thinner than
    # the lattice said it shows: "the hexagons go on past the board's outline").
    whole = ~np.any(lines.past_edge(looked, np.array([-reach, reach])), axis=1)
    use = np.flatnonzero(drawn & whole)
    if not use.size:
        return None
    typical = np.median(profile[use], axis=1)
    seen = np.array([line_at(row, offsets) for row in typical])
    a, b = looked[use, 0], looked[use, 1]
    length = np.hypot(*(b - a).T)
    # (to the left going from one corner to the other, as the profiles are taken)
    normals = np.stack([-(b - a)[:, 1], (b - a)[:, 0]], axis=1) / length[:, None]
    index = np.array(
        [(j + dj / 2, k + dk / 2) for (j, k), (dj, dk), _, _ in (ends[i] for i in use)]
    )
    fitted = fitted_steps((a + b) / 2, normals, seen, index)
    if fitted is None:
        return None
    x0, y0, col_step, half_row = fitted
    row_step = 2 * half_row
    if abs(col_step / row_step / (SQRT3 / 2) - 1) > REGULAR:
        return None
    return HexLattice(x0, y0, col_step, row_step)


def _placed_by_mean(lines: LineMap, lattice: HexLattice, cells: set[Node]) -> HexLattice | None:
    """The lattice fitted to where the board's sides are drawn at full resolution, each
    side's line at the mean of its band's top-hat (rows and columns apart).

    The flat sides give the rows, the slanted sides' middles (half a column
    step either side of a centre) the columns. ``None`` unless the
    hexagons are regular.
    """
    reach = max(2.0, ACROSS_FOUND * lattice.row_step)
    ks: list[float] = []
    ys: list[float] = []
    js: list[float] = []
    xs: list[float] = []
    ends, looked = _side_ends(lattice, cells)
    measured = lines.sides(looked, reach, inked=False)
    # A line the image's edge cuts shows only its part inside, its weight pulled
    # inward off its middle: the lattice is fitted to the lines seen whole (cut ones
    # squeezed a tight crop's rows together, its cut outline then measured thinner than
    # the lattice said it shows: "the hexagons go on past the board's outline").
    cut = list(np.any(lines.past_edge(looked, np.array([-reach, reach])), axis=1))
    for ((j, k), (dj, dk), pa, pb), seen, edge in zip(ends, measured, cut, strict=True):
        where = seen.where
        if seen.drawn < DRAWN or edge:
            continue
        length = math.hypot(pb.x - pa.x, pb.y - pa.y)
        # The side's line lies ``where`` off it (to its left, from a to b).
        nx, ny = -(pb.y - pa.y) / length, (pb.x - pa.x) / length
        if dj == 0:
            ks.append(k + dk / 2)
            ys.append(pa.y + where * ny)
        else:
            js.append(j + dj / 2)
            xs.append((pa.x + pb.x) / 2 + where * nx)
    if len(set(ks)) < 3 or len(set(js)) < 3:
        return None
    row_half, y0 = np.polyfit(ks, ys, 1)
    col_step, x0 = np.polyfit(js, xs, 1)
    row_step = 2 * row_half
    if abs(col_step / row_step / (SQRT3 / 2) - 1) > REGULAR:
        return None
    return HexLattice(float(x0), float(y0), float(col_step), float(row_step))


#: The humps' fit is taken over the band's mean where the two place a board's cell more
#: than this many pixels apart (within it, both find the same lines; 0.68 px apart on a
#: finished colour-blind board, synthetic hex colour_blind 300011 solved, whose widths'
#: groups the humps' placing left unclear).
AGREE = 1.0


def _apart(a: HexLattice, b: HexLattice, cells: set[Node]) -> float:
    """The farthest the lattices ``a`` and ``b`` place one of ``cells`` apart, in pixels."""
    return max(math.dist(a.centre(*node), b.centre(*node)) for node in cells)


def neighbours(node: Node) -> Iterable[Node]:
    j, k = node
    return ((j + dj, k + dk) for (dj, dk), _, _ in _SIDES)


def in_pieces(cells: set[Node], cut: Collection[frozenset[Node]] = frozenset()) -> list[set[Node]]:
    """The cells in groups of neighbours (joined across sides not ``cut``)."""
    left, pieces = set(cells), []
    while left:
        todo = [left.pop()]
        piece = set(todo)
        while todo:
            node = todo.pop()
            for other in neighbours(node):
                if other in left and (not cut or frozenset((node, other)) not in cut):
                    left.discard(other)
                    piece.add(other)
                    todo.append(other)
        pieces.append(piece)
    return pieces


def _indexed(lattice: HexLattice, cells: set[Node], walls: set[frozenset[Node]]) -> HexBoard:
    """The board in the game's index grid: column 0 the leftmost, odd columns half a row higher."""
    j0 = min(j for j, _ in cells)

    def half_row(node: Node) -> int:
        # An odd column's row r lies half a row above an even column's row r.
        j, k = node
        return k + (j - j0) % 2

    k0 = min(half_row(node) for node in cells)

    def cell(node: Node) -> Cell:
        return Cell((half_row(node) - k0) // 2, node[0] - j0)

    board = {cell(node) for node in cells}
    rows = max(c.row for c in board) + 1
    cols = max(c.col for c in board) + 1
    geometry = HexGeometry(
        Point(*lattice.centre(j0, k0)), lattice.col_step, lattice.row_step, rows, cols
    )
    holes = frozenset(
        Cell(r, c) for r in range(rows) for c in range(cols) if Cell(r, c) not in board
    )
    return HexBoard(
        geometry,
        holes,
        frozenset(link(cell(a), cell(b)) for a, b in (tuple(side) for side in walls)),
    )
