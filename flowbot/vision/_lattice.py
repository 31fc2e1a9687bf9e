"""Finding the board: the lattice of thin grid lines, located from the image alone.

Flow Free draws its board as thin straight lines, brighter than what is on
either side of them, at one pitch in both directions. The search:

1. a "line-ness" map per direction: a white top-hat across the line keeps
   only structures thinner than a few pixels; short gaps (crossings, JPEG) are
   closed and anything shorter than a cell is opened away;
2. the remaining segments are grouped by their common extent (all vertical
   lines of a board run from its top to its bottom) and, inside a group, into
   runs of equal spacing;
3. a vertical run and a horizontal run whose ends meet each other's end lines
   form a candidate board, its lines put on the best-fitting equally spaced
   lattice; pieces of one lattice whose lines cross (glow breaks a board's
   lines into full-width rows and full-height columns) are joined into one
   more candidate; the one with most cells is tried first.

Nothing here knows the game's colours or sizes: the pitch, extent and line
contrast all come from the image.
"""

from __future__ import annotations

import functools
import itertools
import logging
import operator
from dataclasses import dataclass, replace

import cv2
import numpy as np

from flowbot.vision._pipe_lines import bridged
from flowbot.vision._stats import median_of, median_of_few
from flowbot.vision._types import LineSettings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Segment:
    """One straight line piece: ``pos`` across it, ``lo..hi`` along it."""

    pos: float
    lo: float
    hi: float


@dataclass(frozen=True, slots=True)
class Run:
    """Equally spaced parallel segments sharing one extent ``lo..hi``."""

    positions: tuple[float, ...]
    lo: float
    hi: float

    @property
    def pitch(self) -> float:
        return (self.positions[-1] - self.positions[0]) / (len(self.positions) - 1)


@dataclass(frozen=True, slots=True)
class Lattice:
    """A candidate board in some image's pixels: its grid-line positions."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    @property
    def cells(self) -> int:
        return (len(self.xs) - 1) * (len(self.ys) - 1)

    @property
    def pitch(self) -> float:
        return (
            (self.xs[-1] - self.xs[0]) / (len(self.xs) - 1)
            + (self.ys[-1] - self.ys[0]) / (len(self.ys) - 1)
        ) / 2

    def scaled(self, factor: float) -> Lattice:
        return Lattice(tuple(x * factor for x in self.xs), tuple(y * factor for y in self.ys))


@dataclass(frozen=True, slots=True)
class LineMaps:
    """Line evidence of one image per direction: top-hat strength and binary masks."""

    vertical: np.ndarray
    horizontal: np.ndarray
    #: Top-hat responses (0-255): how much brighter than beside it each pixel is.
    vertical_strength: np.ndarray
    horizontal_strength: np.ndarray


#: The line filter's width across a line (px): a top-hat keeps what is thinner.
ACROSS = 7


#: The closing's length along a line (px): it bridges a crossing's gap in
#: the line, and (OpenCV's border) carries a line ending within half of it
#: of the image's edge on to the edge.
ALONG_CLOSE = 9


def line_maps(
    gray: np.ndarray,
    contrast: float,
    *,
    dark: bool = False,
    edge_open: bool = False,
    across: int = ACROSS,
) -> LineMaps:
    """Pixels that belong to thin straight lines, per direction.

    A white top-hat with a short kernel across the line keeps what is both
    brighter than its surroundings and thinner than the kernel; closing along
    the line bridges crossings, opening along it drops text and specks.
    ``gray`` may also be a colour image: a line then needs to stand out in
    one channel only. With ``dark``, lines darker than beside them count too.
    With ``edge_open``, the image's edge is no line when they are closed (``_closed``).
    Lines are thinner than ``across`` px.
    """
    return _opened(_closed_maps(gray, contrast, dark=dark, edge_open=edge_open, across=across))


def line_maps_bridged(
    gray: np.ndarray,
    contrast: float,
    *,
    dark: bool = False,
    edge_open: bool = False,
    across: int = ACROSS,
) -> tuple[LineMaps, LineMaps]:
    """``line_maps`` as drawn, and with each line's gaps under drawn pipes bridged
    (``_pipe_lines``): one top-hat and closing for both."""
    closed = _closed_maps(gray, contrast, dark=dark, edge_open=edge_open, across=across)
    # Before the opening: a line's short pieces between pipes are kept.
    bv, bh = bridged(closed.vertical, closed.horizontal, gray)
    return _opened(closed), _opened(replace(closed, vertical=bv, horizontal=bh))


def _closed_maps(
    gray: np.ndarray, contrast: float, *, dark: bool, edge_open: bool, across: int
) -> LineMaps:
    """``line_maps`` before the opening along the lines."""
    kv = cv2.getStructuringElement(cv2.MORPH_RECT, (across, 1))
    kh = cv2.getStructuringElement(cv2.MORPH_RECT, (1, across))
    tv = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, kv)
    th = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, kh)
    if dark:
        # Or darker: green lines on a glow brighter than they are.
        tv = np.maximum(tv, cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, kv))
        th = np.maximum(th, cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, kh))
    if tv.ndim == 3:  # colour: a line unlike beside it in any one channel (grey on purple glow)
        # (Channel by channel: numpy's max over a last axis of 3 is ~20x slower.)
        tv = np.maximum(np.maximum(tv[..., 0], tv[..., 1]), tv[..., 2])
        th = np.maximum(np.maximum(th[..., 0], th[..., 1]), th[..., 2])
    level = min(255, max(1, round(contrast)))
    # 1 at or above ``level`` (whole numbers: above ``level - 1``), else 0.
    bv: np.ndarray = cv2.threshold(tv, level - 1, 1, cv2.THRESH_BINARY)[1]
    bh: np.ndarray = cv2.threshold(th, level - 1, 1, cv2.THRESH_BINARY)[1]
    vk_close = cv2.getStructuringElement(cv2.MORPH_RECT, (1, ALONG_CLOSE))
    hk_close = cv2.getStructuringElement(cv2.MORPH_RECT, (ALONG_CLOSE, 1))
    if edge_open:
        bv, bh = _closed(bv, vk_close), _closed(bh, hk_close)
    else:
        bv = cv2.morphologyEx(bv, cv2.MORPH_CLOSE, vk_close)
        bh = cv2.morphologyEx(bh, cv2.MORPH_CLOSE, hk_close)
    return LineMaps(bv, bh, tv, th)


#: The opening's length along a line (px): anything shorter (text, specks) is dropped.
ALONG_OPEN = 15


def _opened(maps: LineMaps) -> LineMaps:
    """``maps`` with their lines opened along their length (``ALONG_OPEN``)."""
    bv = cv2.morphologyEx(
        maps.vertical, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, ALONG_OPEN))
    )
    bh = cv2.morphologyEx(
        maps.horizontal, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (ALONG_OPEN, 1))
    )
    return replace(maps, vertical=bv, horizontal=bh)


def _closed(binary: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """``binary`` closed along its lines, the image's edge taken as no line: a line ending
    a few pixels short of the edge (a board's outline just inside a tight crop) is not
    carried on to it (OpenCV's default border counts the outside as line for the
    erosion), and a line drawn up to the edge keeps every pixel it has. The outlined
    stage's look (``_outlined``): the classic search keeps OpenCV's border, its readings
    as they were (a board's border a few pixels inside the image is placed alike)."""
    closed = cv2.morphologyEx(
        binary, cv2.MORPH_CLOSE, kernel, borderType=cv2.BORDER_CONSTANT, borderValue=0
    )
    return cv2.bitwise_or(closed, binary)


def segments(binary: np.ndarray, *, vertical: bool, min_length: float) -> list[Segment]:
    """The straight pieces of a one-direction line map, at least ``min_length`` long."""
    # Grana's block-based labelling: the same labels as the default, three times faster here.
    count, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        binary, 8, cv2.CV_32S, cv2.CCL_GRANA
    )
    found = []
    for label, (x, y, w, h, _area) in enumerate(stats[1:count].tolist(), start=1):
        length, width = (h, w) if vertical else (w, h)
        if length < min_length or width > max(6, length / 8):
            continue
        middle = (width - 1) / 2
        if width > 2:
            # Short patches beside a line joined to it (dark gaps between
            # the line and a crossing's anti-aliasing, sought as dark lines)
            # widen its box to one side: the line is the part as long as it.
            box = (labels[y : y + h, x : x + w] == label).view(np.uint8)
            full = np.flatnonzero(_sums(box, axis=0 if vertical else 1) >= length / 2)
            if full.size:
                middle = (full[0] + full[-1]) / 2
        if vertical:
            found.append(Segment(x + middle, float(y), float(y + h - 1)))
        else:
            found.append(Segment(y + middle, float(x), float(x + w - 1)))
    return found


def runs(segs: list[Segment], settings: LineSettings, along: np.ndarray | None = None) -> list[Run]:
    """Group segments by common extent, then split each group into equal-spacing runs.

    A group's gaps may be filled by lines sharing one of its ends and going
    on past the other. ``along`` is the line map the segments came from,
    with lines as rows: such a line is then placed where it lies along the
    group's own extent (one line in two windows, the board's and another's
    rules just off it, is centred between them).
    """
    groups: list[list[Segment]] = []
    # Each group's first segment's ends: with many groups (thousands of
    # segments on a noisy screen at full resolution) matched all at once.
    ends = np.empty((len(segs), 2))
    for seg in sorted(segs, key=lambda s: s.lo - s.hi):  # longest first
        tol = 3 + 0.02 * (seg.hi - seg.lo)
        n = len(groups)
        match: int | None
        if n < 64:
            match = next(
                (
                    i
                    for i, group in enumerate(groups)
                    if abs(group[0].lo - seg.lo) <= tol and abs(group[0].hi - seg.hi) <= tol
                ),
                None,
            )
        else:
            near = (np.abs(ends[:n, 0] - seg.lo) <= tol) & (np.abs(ends[:n, 1] - seg.hi) <= tol)
            match = int(near.argmax()) if near.any() else None
        if match is not None:
            groups[match].append(seg)
        else:
            ends[n] = seg.lo, seg.hi
            groups.append([seg])
    found = []
    n = len(groups)
    starts, stops = ends[:n, 0], ends[:n, 1]
    for group in groups:
        if len(group) < 2:
            continue
        group.sort(key=lambda s: s.pos)
        lo = median_of_few([s.lo for s in group])
        hi = median_of_few([s.hi for s in group])
        own = [s.pos for s in group]
        runs_of_own = _equal_runs(own, settings.spacing_tolerance)
        found += [Run(tuple(positions), lo, hi) for positions in runs_of_own]
        # Lines going on past one end of this extent, the other end shared,
        # are its lines too where they fill its gaps: the board's own run on
        # into another window's rules in line with them (a ruled page flush
        # against the board) or into header text just past its border.
        tol = 3 + 0.02 * (hi - lo)
        longer = ((np.abs(starts - lo) <= tol) & (stops > hi + tol)) | (
            (np.abs(stops - hi) <= tol) & (starts < lo - tol)
        )
        if not longer.any():
            continue
        more = [seg.pos for k in np.flatnonzero(longer).tolist() for seg in groups[k]]
        if along is not None:
            more = [_refine(along, p, lo, hi, _PLACE_WITHIN) for p in more]
        mine = set(own)
        for positions in _equal_runs(sorted(own + more), settings.spacing_tolerance):
            if (
                len(positions) > 2
                and any(p in mine for p in positions)
                and not all(p in mine for p in positions)
            ):
                found.append(Run(tuple(positions), lo, hi))
    return found


#: How far (working-copy pixels) a line going on into another window may lie
#: from its place along the board: merged with rules a few pixels off the
#: board's lines, its centre moved 1-1.5 px (mirror 95542, jpeg 98665).
_PLACE_WITHIN = 2.0


def _equal_runs(positions: list[float], tolerance: float) -> list[list[float]]:
    """Maximal runs of consecutive positions with one common spacing."""
    # Positions a pixel or two apart are one line seen twice (a thick line split).
    merged: list[float] = []
    for p in positions:
        if merged and p - merged[-1] <= 2:
            merged[-1] = (merged[-1] + p) / 2
        else:
            merged.append(p)
    found = []
    i = 0
    while i < len(merged) - 1:
        pitch = merged[i + 1] - merged[i]
        j = i + 1
        while j + 1 < len(merged) and abs(merged[j + 1] - merged[j] - pitch) <= max(
            1.5, tolerance * pitch
        ):
            j += 1
        found.append(merged[i : j + 1])
        i = j
    return found


def _coverage(binary: np.ndarray, pos: float, lo: float, hi: float, halfwidth: int) -> float:
    """Fraction of ``lo..hi`` along row ``pos`` covered by line pixels (rows of ``binary``)."""
    r = round(pos)
    a, b = max(0, r - halfwidth), min(binary.shape[0], r + halfwidth + 1)
    lo_i, hi_i = max(0, round(lo)), min(binary.shape[1], round(hi) + 1)
    if a >= b or lo_i >= hi_i:
        return 0.0
    return np.count_nonzero(binary[a:b, lo_i:hi_i].max(axis=0)) / (hi_i - lo_i)


def _peaks(profile: np.ndarray, level: float) -> list[float]:
    """Centres of the stretches of ``profile`` at or above ``level``, weighted by it."""
    # In plain Python: a stretch is a few pixels, where numpy's overhead per
    # call is most of the time (a read looks for peaks some twenty times).
    above = np.flatnonzero(profile >= level)
    if not above.size:
        return []
    # The stretches' bounds found at once; each one's sums added left to right.
    bounds = [0, *(np.flatnonzero(above[1:] - above[:-1] != 1) + 1).tolist(), above.size]
    at = above.tolist()
    weights = profile[above].tolist()
    centres = []
    for start, end in itertools.pairwise(bounds):
        stretch = weights[start:end]
        centres.append(sum(map(operator.mul, at[start:end], stretch)) / sum(stretch))
    return centres


def _without_shadows(peaks: list[float], profile: np.ndarray, pitch: float) -> list[float]:
    """``peaks`` less those within a quarter pitch of a better-covered one.

    No two grid lines are that close: the lesser is the line's shadow, JPEG
    ringing a few pixels off it (one 8x8 block) or the edge of a glow band
    beside it, and would break the lines' equal spacing.
    """
    # In order along the profile: most often no two lie that close.
    if all(b - a >= pitch / 4 for a, b in itertools.pairwise(peaks)):
        return peaks
    at = np.array(peaks)
    cover = profile[np.round(at).astype(int)]
    shadowed = (np.abs(at[:, None] - at[None, :]) < pitch / 4) & (cover[None, :] > cover[:, None])
    return [p for p, lesser in zip(peaks, shadowed.any(axis=1), strict=True) if not lesser]


def _from_run(
    run: Run,
    along: np.ndarray,
    across: np.ndarray,
    across_strength: np.ndarray,
    settings: LineSettings,
) -> tuple[list[float], list[float]] | None:
    """Complete a run of parallel lines into a lattice, in the run's own orientation.

    ``along`` holds the run's lines as rows, ``across`` the crossing lines as
    columns (transpose both for vertical runs), ``across_strength`` their
    top-hat contrast. Returns ``(positions,
    crossings)``: the run's line positions (extended over any border line the
    extent grouping missed) and the crossing lines' positions, or ``None``.
    """
    size_along, size_across = along.shape
    level = settings.line_coverage
    q = run.pitch
    tol = max(2.0, settings.spacing_tolerance * q)
    ys = list(run.positions)
    if q < 4:
        return None  # finer than any readable cell
    # Border lines can merge with neighbouring things and so fall out of the group.
    # Each step goes one pitch of the lines found so far: a run of two lines
    # can be a text line and the border (the counters 0.9 pitch above a board),
    # its pitch a tenth off; stepping on at it, each line snaps onto the
    # board's, but a border guessed at it lies pixels off.
    for _ in range(size_along):
        if ys[0] - q <= -tol or _coverage(along, ys[0] - q, run.lo, run.hi, 1) < level:
            break
        nxt = _refine(along, ys[0] - q, run.lo, run.hi, tol)
        if ys[0] - nxt < q / 2:
            break  # snapped back onto a known line
        ys.insert(0, nxt)
        q = (ys[-1] - ys[0]) / (len(ys) - 1)
    for _ in range(size_along):
        if (
            ys[-1] + q >= size_along + tol
            or _coverage(along, ys[-1] + q, run.lo, run.hi, 1) < level
        ):
            break
        nxt = _refine(along, ys[-1] + q, run.lo, run.hi, tol)
        if nxt - ys[-1] < q / 2:
            break
        ys.append(nxt)
        q = (ys[-1] - ys[0]) / (len(ys) - 1)
    # The crossing lines run from the first line to the last.
    a, b = max(0, round(ys[0])), min(size_along, round(ys[-1]) + 1)
    if b - a < 3:
        return None
    band = across[a:b]
    lo_i, hi_i = max(0, round(run.lo - tol)), min(size_across, round(run.hi + tol) + 1)
    profile = np.zeros(size_across, dtype=np.float32)
    # The share of line pixels per column (a sum of 0/1, so as exact as numpy's mean).
    profile[lo_i:hi_i] = _sums(band[:, lo_i:hi_i], axis=0) / (b - a)
    peaks = _without_shadows(_peaks(profile, level), profile, q)
    best: list[float] | None = None
    for run_of_peaks in _equal_runs(peaks, settings.spacing_tolerance):
        xs = _stepped_on(run_of_peaks, peaks, tol)
        if (
            len(xs) < 2
            or abs((xs[-1] - xs[0]) / (len(xs) - 1) - q) > 2 * settings.spacing_tolerance * q
        ):
            continue
        closed = _close_ends(list(xs), run.lo, run.hi, q, size_across)
        if closed is not None and (best is None or len(closed) > len(best)):
            best = closed
    if best is None:
        return None
    # A line added beyond the run only counts when the crossing lines reach
    # it: a row of header text one pitch above the board is no grid line.
    cols = [round(x) for x in best[1:-1]] or [round(x) for x in best]

    def joined(a: float, b: float) -> bool:
        lo, hi = max(0, round(a) + 2), min(size_along, round(b) - 1)
        if hi - lo < 2:
            return True
        cut = across[lo:hi, cols]
        return float(np.count_nonzero(cut) / cut.size) >= level

    first, last = ys.index(run.positions[0]), ys.index(run.positions[-1])
    while first > 0 and not joined(ys[0], ys[1]):
        ys, first, last = ys[1:], first - 1, last - 1
    while last < len(ys) - 1 and not joined(ys[-2], ys[-1]):
        ys = ys[:-1]
    ys = _edge_lines(
        ys, best, across, across_strength, q, tol=tol, level=level, ratio=settings.run_on_ratio
    )
    return ys, best


def _stepped_on(xs: list[float], peaks: list[float], tol: float) -> list[float]:
    """``xs`` extended over the ``peaks`` a pitch on at either end, within ``tol``.

    Tiny cells drawn on whole pixels space their lines a pixel or two
    unevenly: two lines each a pixel off break the spacing between them,
    not the run's. Each step goes one pitch of the lines found so far, as
    the run's own lines do.
    """
    xs = list(xs)
    while len(xs) >= 2:
        q = (xs[-1] - xs[0]) / (len(xs) - 1)
        # Only outward by half a pitch or more: never back onto a known line.
        before = [p for p in peaks if abs(p - (xs[0] - q)) <= tol and xs[0] - p >= q / 2]
        after = [p for p in peaks if abs(p - (xs[-1] + q)) <= tol and p - xs[-1] >= q / 2]
        if not before and not after:
            break
        first, last = xs[0] - q, xs[-1] + q
        if before:
            xs.insert(0, min(before, key=lambda p: abs(p - first)))
        if after:
            xs.append(min(after, key=lambda p: abs(p - last)))
    return xs


def _edge_lines(
    ys: list[float],
    xs: list[float],
    across: np.ndarray,
    strength: np.ndarray,
    q: float,
    *,
    tol: float,
    level: float,
    ratio: float,
) -> list[float]:
    """``ys`` plus an invisible border line where the crossing lines run one pitch further.

    Past that border the crossing lines must stop. What still shows there only
    counts as their continuation at a contrast like theirs in the last cell:
    the faint ripples in a white window's text beside the board are no lines.
    """
    size = across.shape[0]
    cols = [round(x) for x in xs[1:-1]] or [round(x) for x in xs]

    def strip(a: float, b: float) -> tuple[np.ndarray, np.ndarray] | None:
        lo, hi = max(0, round(a)), min(size, round(b))
        return (across[lo:hi, cols], strength[lo:hi, cols]) if hi - lo >= 2 else None

    def runs_one_more(a: float, b: float) -> tuple[bool, float]:
        got = strip(a, b)
        if got is None or got[0].mean() < level:
            return False, 0.0
        line, contrast = got
        return True, float(median_of(contrast[line > 0]))

    def goes_on(a: float, b: float, typical: float) -> bool:
        got = strip(a, b)
        if got is None:
            return False
        line, contrast = got
        alike = (contrast >= ratio * typical) & (contrast <= typical / ratio)
        return float(((line > 0) & alike).mean()) >= 0.2

    after = ys[-1] + q
    runs_on, typical = runs_one_more(ys[-1] + 2, after - 2)
    if (
        runs_on
        and after <= size - 1 + tol
        and (after >= size - 1 - tol or not goes_on(after + 0.15 * q, after + 0.85 * q, typical))
    ):
        ys = [*ys, min(size - 1.0, after)]
    before = ys[0] - q
    runs_on, typical = runs_one_more(before + 2, ys[0] - 2)
    if (
        runs_on
        and before >= -tol
        and (before <= tol or not goes_on(before - 0.85 * q, before - 0.15 * q, typical))
    ):
        ys = [max(0.0, before), *ys]
    return ys


def _refine(along: np.ndarray, pos: float, lo: float, hi: float, tol: float) -> float:
    """The line position near ``pos``: the centre of the best-covered rows."""
    a, b = max(0, round(pos - tol)), min(along.shape[0], round(pos + tol) + 1)
    lo_i, hi_i = max(0, round(lo)), min(along.shape[1], round(hi) + 1)
    if a >= b or lo_i >= hi_i:
        return pos
    rows = _sums(along[a:b, lo_i:hi_i], axis=1) / (hi_i - lo_i)
    top = rows.max()
    if top <= 0:
        return pos
    best = np.flatnonzero(rows >= top * 0.8).tolist()
    # Whole numbers: their sum is exact, so this is numpy's mean, bit for bit.
    return float(a + sum(best) / len(best))


def _close_ends(
    positions: list[float], lo: float, hi: float, pitch: float, size: int
) -> list[float] | None:
    """Positions whose ends meet the crossing lines' extent ``lo..hi``, or ``None``.

    A border line can be invisible: at the image edge (a tight crop) or
    against a bright area (a mirror window's frame). It is added when the
    crossing lines run exactly one pitch past the last line seen.

    An extent at the image's edge may have been carried there by the
    closing along the lines (``ALONG_CLOSE``: a line ending within half
    of it of the edge): its end lies up to that much further in, and an
    end line found there meets it (a tight crop 4 px past a wide outline,
    the outline's middle 7.5 px in, bridges crop 100132). Asked only where
    neither the end nor an invisible border line meets it.
    """
    tol = 3 + 0.1 * pitch
    carried = tol + ALONG_CLOSE // 2
    if abs(positions[0] - lo) > tol:
        if abs(positions[0] - pitch - lo) <= tol:
            positions.insert(0, max(0.0, positions[0] - pitch))
        elif not (lo <= 0 and positions[0] - lo <= carried):
            return None
    if abs(positions[-1] - hi) > tol:
        if abs(positions[-1] + pitch - hi) <= tol:
            positions.append(min(size - 1.0, positions[-1] + pitch))
        elif not (hi >= size - 1 and hi - positions[-1] <= carried):
            return None
    return positions


def find_lattices(
    gray: np.ndarray,
    settings: LineSettings,
    *,
    dark: bool = False,
    bridge: bool = False,
    edge_open: bool = False,
    across: int = ACROSS,
) -> tuple[list[Lattice], LineMaps]:
    """Every candidate board in a grey (or colour) image, most cells first, and the line maps.

    With ``bridge``, lines are followed through the gaps drawn pipes leave
    in them (``_pipe_lines``); the maps returned are the lines as drawn.
    With ``edge_open``, lines are not closed out to the image's edge (``_closed``).
    Lines are thinner than ``across`` px (``line_maps``).
    """
    if bridge:
        drawn, maps = line_maps_bridged(
            gray, settings.line_contrast, dark=dark, edge_open=edge_open, across=across
        )
    else:
        drawn = maps = line_maps(
            gray, settings.line_contrast, dark=dark, edge_open=edge_open, across=across
        )
    min_length = 24
    vsegs = segments(maps.vertical, vertical=True, min_length=min_length)
    hsegs = segments(maps.horizontal, vertical=False, min_length=min_length)
    found: dict[tuple[int, int, int, int], Lattice] = {}
    for run in runs(hsegs, settings, maps.horizontal):
        if len(run.positions) >= settings.min_lines - 1:
            got = _from_run(run, maps.horizontal, maps.vertical, maps.vertical_strength, settings)
            if got is not None:
                ys, xs = got
                _keep(found, Lattice(_regular(xs), _regular(ys)), settings)
    # Vertical runs read the maps with lines as rows: transposed copies, not
    # views (``cv2.transpose`` takes microseconds; every slice of a view
    # strides across memory, and ``cv2.reduce`` copies it first).
    vertical, horizontal, horizontal_strength = (
        cv2.transpose(m) for m in (maps.vertical, maps.horizontal, maps.horizontal_strength)
    )
    for run in runs(vsegs, settings, vertical):
        if len(run.positions) >= settings.min_lines - 1:
            got = _from_run(run, vertical, horizontal, horizontal_strength, settings)
            if got is not None:
                xs, ys = got
                _keep(found, Lattice(_regular(xs), _regular(ys)), settings)
    for union in _joined_pieces(list(found.values()), settings):
        _keep(found, union, settings)
    lattices = sorted(found.values(), key=lambda lat: -lat.cells)
    log.debug(
        "%d vertical, %d horizontal segments, %d lattices", len(vsegs), len(hsegs), len(lattices)
    )
    return lattices, drawn


def _regular(positions: list[float]) -> tuple[float, ...]:
    """The equally spaced lines that best fit ``positions`` (a board's lines are).

    Theil-Sen: the pitch is the median slope over all pairs of lines, so one
    line that is off (a bright window frame taken for an invisible border,
    a line blurred by JPEG) moves no other; it is put back in step.
    """
    at = np.asarray(positions, dtype=float)
    index = np.arange(len(at))
    start, pitch = equal_spacing(index, at)
    return tuple(float(v) for v in start + pitch * index)


def equal_spacing(index: np.ndarray, at: np.ndarray) -> tuple[float, float]:
    """``(start, pitch)`` of the equally spaced lines putting line ``index[k]`` at ``at[k]``.

    Theil-Sen: the pitch is the median slope over all pairs of different
    lines (one line may be seen more than once, in pieces), the start the
    median of the positions less their index's pitches.
    """
    i, j = _pairs(len(at))
    apart = index[j] != index[i]
    pitch = median_of_few(((at[j] - at[i])[apart] / (index[j] - index[i])[apart]).tolist())
    start = median_of_few((at - pitch * index).tolist())
    return start, pitch


@functools.cache
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Indices ``i < j`` of every pair among ``n`` (``np.triu_indices`` is slow to build)."""
    return np.triu_indices(n, k=1)


def _sums(binary: np.ndarray, axis: int) -> np.ndarray:
    """Sums of a 0/1 ``uint8`` map along ``axis``, as a flat array (``cv2.reduce``: fast)."""
    if binary.size == 0:
        return np.zeros(binary.shape[1 - axis], np.int32)
    return cv2.reduce(binary, axis, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()


def _keep(
    found: dict[tuple[int, int, int, int], Lattice], lattice: Lattice, settings: LineSettings
) -> None:
    if len(lattice.xs) < settings.min_lines or len(lattice.ys) < settings.min_lines:
        return
    px = (lattice.xs[-1] - lattice.xs[0]) / (len(lattice.xs) - 1)
    py = (lattice.ys[-1] - lattice.ys[0]) / (len(lattice.ys) - 1)
    if abs(px - py) > 2 * settings.spacing_tolerance * max(px, py):
        return  # cells are square
    key = (round(lattice.xs[0] / 4), round(lattice.ys[0] / 4), len(lattice.xs), len(lattice.ys))
    found.setdefault(key, lattice)


def in_phase(a: Lattice, b: Lattice, tolerance: float = 0.08) -> bool:
    """Whether ``b``'s lines lie on ``a``'s lattice: same pitch, lines one whole pitch apart."""
    p = a.pitch
    if abs(b.pitch - p) > tolerance * max(p, b.pitch):
        return False
    for mine, theirs in ((a.xs, b.xs), (a.ys, b.ys)):
        steps = (np.asarray(theirs) - mine[0]) / p
        if np.abs(steps - np.rint(steps)).max() * p > max(2.0, 2 * tolerance * p):
            return False
    return True


def _joined_pieces(lattices: list[Lattice], settings: LineSettings) -> list[Lattice]:
    """Whole boards put together from pieces of one lattice.

    Glow as bright as the lines breaks them, and the line search then finds a
    board as several pieces: some rows full width, some columns full height.
    Pieces in phase with each other that overlap or share a line make one
    board, but only when, in each direction, one piece's lines already span
    the whole union: lines that cross from one piece into the other. Two
    grids merely side by side (the board and a spreadsheet that happens to be
    in phase) are no such union; neither is a shaped board's bounding box
    (its edges are then checked, and found missing, by the reader).
    """
    unions: list[Lattice] = []
    tol = settings.spacing_tolerance

    # By index (the lattices are all unlike), each pair judged once.
    @functools.cache
    def in_phase_with(i: int, j: int) -> bool:
        return in_phase(lattices[i], lattices[j], tol)

    @functools.cache
    def touching(i: int, j: int) -> bool:
        return _touching(lattices[i], lattices[j])

    for seed in range(len(lattices)):
        group = [seed]
        grown = True
        while grown:
            grown = False
            for other in range(len(lattices)):
                if other in group or not all(in_phase_with(g, other) for g in group):
                    continue
                if any(touching(g, other) for g in group):
                    group.append(other)
                    grown = True
        if len(group) < 2:
            continue
        union = _union([lattices[i] for i in group])
        if union is not None and union not in unions:
            unions.append(union)
    for i, j in itertools.permutations(range(len(lattices)), 2):
        union = _a_pitch_apart(lattices[i], lattices[j])
        if union is not None and in_phase_with(i, j) and union not in unions:
            unions.append(union)
    return unions


#: Two pieces a column apart, one over fewer rows, are one board only when
#: their lines line up this closely (a fraction of the pitch): the hidden
#: column's side lines one pitch apart, each of the shorter's rows on one of
#: the taller's. Pieces of one board line up within a pixel or two (jpeg
#: 100761: 0.01 of the pitch); ``in_phase`` alone allows 0.16.
LINED_UP = 0.05


def _a_pitch_apart(a: Lattice, b: Lattice) -> Lattice | None:
    """The board whose two sides ``a`` (left or top) and ``b`` are, a row or column between them.

    Glow over one whole column (or row) hides the lines crossing it: the
    board is found as the two pieces on either side, in phase (the caller
    asks), their facing borders one pitch apart (the column's own side
    lines). Either both span the same rows, or glow over more of one side
    hid some of its rows too: then the shorter's rows are the taller's
    own lines, line for line (``LINED_UP``), one border shared, and the
    board is the taller's rows. Side by side grids of another kind lie
    apart otherwise; any other grid so placed is judged as the whole (the
    hidden cells' edges unseen: refused).
    """
    p, slack = a.pitch, 0.25 * a.pitch
    for along, across in ((0, 1), (1, 0)):
        mine, theirs = (a.xs, a.ys)[along], (b.xs, b.ys)[along]
        rows, their_rows = (a.xs, a.ys)[across], (b.xs, b.ys)[across]
        gap = abs(theirs[0] - mine[-1] - p)
        if gap > slack:
            continue
        lines = _regular([*mine, *theirs])
        if (
            len(rows) == len(their_rows)
            and abs(rows[0] - their_rows[0]) <= slack
            and abs(rows[-1] - their_rows[-1]) <= slack
        ):
            shared = _regular([(u + v) / 2 for u, v in zip(rows, their_rows, strict=True)])
        elif gap <= LINED_UP * p and _lines_within(rows, their_rows, LINED_UP * p):
            shared = _regular(list(rows if len(rows) > len(their_rows) else their_rows))
        else:
            continue
        return Lattice(lines, shared) if along == 0 else Lattice(shared, lines)
    return None


def _lines_within(rows: tuple[float, ...], others: tuple[float, ...], tol: float) -> bool:
    """Whether the fewer of two pieces' lines are the other's, one end shared, within ``tol``."""
    fewer, more = sorted((rows, others), key=len)
    if len(fewer) == len(more):
        return False
    off = np.abs(np.subtract.outer(np.asarray(fewer), np.asarray(more))).min(axis=1)
    shares_end = min(abs(fewer[0] - more[0]), abs(fewer[-1] - more[-1])) <= tol
    return bool(off.max() <= tol and shares_end)


def _touching(a: Lattice, b: Lattice) -> bool:
    """Whether two grids' rectangles overlap or share a border line."""
    slack = 0.25 * a.pitch
    return (
        min(a.xs[-1], b.xs[-1]) - max(a.xs[0], b.xs[0]) >= -slack
        and min(a.ys[-1], b.ys[-1]) - max(a.ys[0], b.ys[0]) >= -slack
    )


def _union(group: list[Lattice]) -> Lattice | None:
    """The lattice over all of ``group``, if its lines cross from piece to piece."""
    p = float(np.mean([g.pitch for g in group]))
    lines = []
    for axis in (0, 1):
        ends = [(g.xs if axis == 0 else g.ys) for g in group]
        lo, hi = min(e[0] for e in ends), max(e[-1] for e in ends)
        if not any(e[0] <= lo + 0.25 * p and e[-1] >= hi - 0.25 * p for e in ends):
            return None  # no piece's crossing lines run all the way: side by side
        # Every line seen by some piece, the gaps between them filled at the pitch.
        seen = sorted(v for e in ends for v in e)
        merged: list[list[float]] = []
        for v in seen:
            if merged and v - merged[-1][-1] < 0.3 * p:
                merged[-1].append(v)
            else:
                merged.append([v])
        known = [float(np.mean(m)) for m in merged]
        filled = [known[0]]
        for a, b in itertools.pairwise(known):
            k = round((b - a) / p)
            filled += [a + (b - a) * j / k for j in range(1, k)] + [b] if k >= 1 else []
        lines.append(tuple(filled))
    return Lattice(lines[0], lines[1])
