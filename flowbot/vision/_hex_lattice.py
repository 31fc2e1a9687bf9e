"""Finding a hexagon lattice: the pitch, the columns and the rows of flat-topped hexagons.

The game's hexagonal boards are flat-topped hexagons in columns, every other
column half a row higher. Their thin lines repeat along three directions, a
pitch ``p`` apart: straight down (``(0, p)``) and 30 degrees either side of
across (``(p sqrt(3)/2, +-p/2)``). A square grid repeats across and down, a
pointy-topped lattice across and at 60 degrees: neither repeats along all
three of these directions at once. So the lattice is found in three steps,
in a shrunk copy of the brightest channel (or, where no board is drawn there, of
each colour's own in turn: ``_hex_reader``), on the map of its thin lines:

1. the pitch: the shortest distance at which the map's autocorrelation
   peaks along all three directions (``_pitches``);
2. the rows: the hexagons' flat tops and bottoms, lines across every half
   pitch; the columns: those flat sides' middles, ``p sqrt(3)/2`` apart
   (``_phases``);
3. which columns stand higher: the flat sides of one column lie every
   pitch, the next column's half a pitch off (``_parity``).

The result is an unbounded lattice (``HexLattice``); the board's cells in it
are found by ``_hex_board``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from flowbot.vision._colour import brightest_channel
from flowbot.vision._dots_apart import REACH, Region, around, board_dot_sets
from flowbot.vision._grid import shrunk
from flowbot.vision._pipe_dots import flows_regions

SQRT3 = math.sqrt(3)

#: Largest line width, in working pixels, the line map keeps (a top-hat this wide).
LINE_KERNEL = 7
#: Fewest hexagons across the smaller side of the image a lattice may have
#: (its pitch at most this fraction of that side).
MIN_ACROSS = 3
#: Steps and phases are measured in a copy where the pitch is at least this
#: many pixels (or at full resolution): a copy with the pitch at 16-20 px
#: measured a small board's step 2.3 % short (clutter's rows beside its dozen
#: lines across), 7 px off five columns on, past where its hexagons are looked
#: for (synthetic hex drift 100038, a 6x6 board at a 61 px pitch: no board).
FINE_PITCH = 32
#: Least autocorrelation (a share of the map's own) at the pitch along all
#: three directions: a lattice's lines repeat there; text and clutter do not.
MIN_REPEAT = 0.15
#: A repeat this strong against the strongest one is taken as the pitch when
#: shorter (twice the pitch: 0.49 against 0.49 on a 13x17 board).
FUNDAMENTAL = 0.85
#: ... standing this much above the lowest point before it (renders: 0.18 at
#: a 10 px pitch, 0.6 at 25 px).
MIN_PEAK = 0.1
#: The tight region around a board's dots reaches this many dot sizes past the
#: outermost (a dot about half a pitch across: its hexagon's outline and the next
#: one's), the wider one ``REACH`` (about three cells: rows with no dot at the edge).
TIGHT_REACH = 2.0
#: Repeats tried as the pitch, the likeliest first (the hexagons drawn on each
#: lattice tell the board's from text's or a page's rules).
MAX_PITCHES = 4


@dataclass(frozen=True, slots=True)
class HexLattice:
    """An unbounded lattice of flat-topped hexagons, in full-resolution pixels.

    Column ``j``'s centres lie at ``x0 + j * col_step``; half-rows ``k`` at
    ``y0 + k * row_step / 2``; a hexagon is centred at ``(j, k)`` when
    ``j + k`` is even (columns of odd ``j`` are half a row off).
    """

    x0: float
    y0: float
    col_step: float
    row_step: float

    def centre(self, j: int, k: int) -> tuple[float, float]:
        return self.x0 + j * self.col_step, self.y0 + k * self.row_step / 2


def line_map(gray: np.ndarray, contrast: float) -> np.ndarray:
    """Thin bright lines (at most ``LINE_KERNEL`` px wide) standing out by ``contrast``."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (LINE_KERNEL, LINE_KERNEL))
    tophat = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, kernel)
    return (tophat >= contrast).astype(np.float32)


def find_hex_lattices(
    image: np.ndarray,
    work_size: int,
    contrast: float,
    min_side: float,
    *,
    flows: bool = False,
    gray: np.ndarray | None = None,
    whole: bool = True,
) -> Iterator[HexLattice]:
    """Lattices the image's thin lines may follow, the likeliest first: around pairs of
    dots like a board's (each set: ``board_dot_sets``), then over the whole image; with
    ``flows``, only around a started or finished board's flows (``flows_regions``: its dots
    joined to their pipes, round each set of one size), asked when those give no board.

    Text or a window's clutter beside a small board can outweigh its lines
    over the whole image; around its dots, the board's own lines stand out (and
    within ``TIGHT_REACH`` of them, clutter a few cells off the board is left out).
    Each repeat of the lines along the three directions gives a lattice
    (``_pitches``); which one a board is drawn on is for ``_hex_board`` to
    tell. Each lattice is in full-resolution pixels, and given once. The lines are looked
    for in ``gray`` (a channel of ``image``), the brightest channel unless given; over the
    whole image too unless not ``whole``.
    """
    if gray is None:
        gray = brightest_channel(image)
    h, w = gray.shape
    found: list[HexLattice] = []
    step = max(1, math.ceil(max(h, w) / work_size))
    # Around the dots, and then more tightly: a window's clutter within the wider reach
    # (a spreadsheet's ruled grid, lines of text beside a small mirrored board) can
    # repeat more strongly than the board's lines there (a lattice found in both is
    # given once, as found in the wider).
    if flows:
        # (round each set of flows of one size: a preview's smaller copy's may be the
        # likelier, the board's the bigger one)
        found_in = flows_regions(image, step, (REACH, TIGHT_REACH))
    else:
        # Round each set of pairs of dots of one size: a smaller copy's (the OS's
        # screenshot preview) may be the likelier set, the board's the bigger one.
        sets = board_dot_sets(image, step, min_side, split=True)
        found_in = [around(image, dots, reach) for reach in (REACH, TIGHT_REACH) for dots in sets]
    parts = [region for region in found_in if region is not None]
    if whole and not flows:
        parts.append(Region(0, 0, w, h))
    for part in parts:
        crop = gray[part.y0 : part.y1, part.x0 : part.x1]
        for lattice in lattices_in(crop, work_size, contrast, runs=True):
            placed = HexLattice(
                lattice.x0 + part.x0, lattice.y0 + part.y0, lattice.col_step, lattice.row_step
            )
            if not any(_same(placed, other) for other in found):
                found.append(placed)
                yield placed


def lattices_in(
    gray: np.ndarray, work_size: int, contrast: float, *, runs: bool = False
) -> Iterator[HexLattice]:
    """The hexagon lattices the thin lines of ``gray`` (one channel) may follow,
    the likeliest first; with ``runs``, where the map repeats nowhere, its straight runs
    are looked at alone (``straight_runs``).

    Found in a copy shrunk to about ``work_size`` pixels; placed in
    full-resolution pixels.
    """
    h, w = gray.shape
    f = max(1, math.ceil(max(h, w) / work_size))
    lines = _shrunk_lines(gray, f, contrast)
    if lines.sum() < 50:
        return
    repeats = _pitches(lines) or _pitches(widened(lines))
    if not repeats and runs:
        repeats = _pitches(straight_runs(lines))
    for repeat in repeats:
        shrink, fine, pitch = f, lines, repeat
        if pitch < FINE_PITCH and f > 1:
            # Slanted lines a few pixels apart blur into the flat ones: the
            # steps and phases are measured in a finer copy.
            shrink = max(1, int(f * pitch // FINE_PITCH))
            pitch = pitch * f / shrink
            fine = _shrunk_lines(gray, shrink, contrast)
        phases = _phases(fine, pitch, pitch * SQRT3 / 2)
        if phases is None:
            continue
        x0, y0, col_step, row_step = phases
        if _parity(fine, x0, y0, row_step, col_step):
            y0 += row_step / 2
        # A working pixel covers ``shrink`` full-resolution ones.
        yield HexLattice(
            (x0 + 0.5) * shrink - 0.5,
            (y0 + 0.5) * shrink - 0.5,
            col_step * shrink,
            row_step * shrink,
        )


def widened(lines: np.ndarray) -> np.ndarray:
    """The line map with each line a pixel wider either side, where the repeat is measured
    when the map's own repeats nowhere.

    A line a pixel wide in the shrunk copy (the game's thin line at a large pitch, shrunk
    several times: a small share of its period) lands on one row of pixels or the next as
    the lattice's fractional steps add up, so a pitch over only part of it falls on
    itself, and the repeat measured on the map is weak however regular the lattice
    (synthetic hex preview 300029 solved: 0.13 at its pitch, under ``MIN_REPEAT``; 0.20
    widened). Widened, a line meets its copy within a pixel, as a thicker line's does: the
    repeat no longer depends on how much of the period the line covers, and is held to
    the same ``MIN_REPEAT``.
    """
    return cv2.dilate(lines, np.ones((3, 3), np.uint8))


#: Shortest straight run, in working pixels, ``straight_runs`` keeps: a hexagon's side at
#: a pitch of 16 (its lines' speckle rarely runs this far straight).
RUN = 9


def straight_runs(lines: np.ndarray) -> np.ndarray:
    """The line map's pixels on straight runs ``RUN`` long along a hexagon's sides (across,
    and 60 degrees either side of it), where the repeat is measured when neither the map's
    own nor its widened copy's repeats anywhere.

    JPEG's ringing in a small copy's pipes and tints lights up as speckle in the map, and
    glow brighter than the lines hides them from it there: over a small finished board,
    the speckle outweighs what is left of its lines (synthetic hex colour-blind 8000003
    solved, a 5x6 board 195 px wide: 0.11 at its pitch, under ``MIN_REPEAT``). Speckle
    rarely runs straight; a hexagon's sides do (0.18 kept alone).
    """
    kept = np.zeros_like(lines)
    half = (RUN - 1) / 2
    for degrees in (0, 60, 120):
        dx, dy = half * math.cos(math.radians(degrees)), half * math.sin(math.radians(degrees))
        c, ex, ey = RUN // 2, round(dx), round(dy)
        kernel = np.zeros((RUN, RUN), np.uint8)
        cv2.line(kernel, (c - ex, c - ey), (c + ex, c + ey), 1)
        np.maximum(kept, cv2.morphologyEx(lines, cv2.MORPH_OPEN, kernel), out=kept)
    return kept


#: Two lattices are one when their pitches and hexagons' centres agree within this
#: share of the pitch.
SAME = 0.05


def _same(a: HexLattice, b: HexLattice) -> bool:
    """Whether ``a`` and ``b`` are one lattice (a centre of one on a centre of the other)."""
    if abs(a.row_step - b.row_step) > SAME * a.row_step:
        return False
    j = round((a.x0 - b.x0) / b.col_step)
    k = round((a.y0 - b.y0) / (b.row_step / 2))
    if (j + k) % 2:
        return False
    x, y = b.centre(j, k)
    return math.hypot(x - a.x0, y - a.y0) <= SAME * a.row_step


def _shrunk_lines(gray: np.ndarray, f: int, contrast: float) -> np.ndarray:
    return line_map(shrunk(gray, f), contrast)


def _pitches(lines: np.ndarray) -> list[float]:
    """The distances the line map repeats at along all three directions, the likeliest
    pitch first: the shortest repeating about as strongly as the best, then the other
    repeats, strongest first (text or a page's rules beside a small board can repeat
    more strongly than its lines; the hexagons drawn tell them apart)."""
    h, w = lines.shape
    distances = np.arange(5.0, min(h, w) / MIN_ACROSS, 0.25)
    if not distances.size:
        return []  # no distance to look at: nothing repeats
    # Zero-padded past the longest distance looked at: a circular autocorrelation
    # would fold the sides together there.
    reach = math.ceil(min(h, w) / MIN_ACROSS) + 2
    ph, pw = cv2.getOptimalDFTSize(h + reach), cv2.getOptimalDFTSize(w + reach)
    padded = np.zeros((ph, pw), np.float32)
    np.subtract(lines, lines.mean(), out=padded[:h, :w])
    # The map is real: its spectrum kept packed (half of it, the other half its mirror),
    # a third of the time of the whole complex one.
    spectrum = cv2.dft(padded)
    power = cv2.mulSpectrums(spectrum, spectrum, 0, conjB=True)
    raw = cv2.idft(power, flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)
    scores = _scores(raw, distances)
    # Past the central peak (each line's repeat with itself): from the first
    # point where the scores rise again (the neighbourhood's plateaus, as
    # the wide peak of thick or blurred lines falls, are no rise).
    rising = np.flatnonzero(np.diff(scores) > 0)
    if not rising.size:
        return []
    cut = int(rising[0])
    # Each repeat's top: a local maximum standing MIN_PEAK above the lowest
    # point between it and the last one kept.
    tops: list[int] = []
    low = cut
    for i in range(cut + 1, len(scores)):
        if scores[i] < scores[low]:
            low = i
        at_top = i + 1 == len(scores) or scores[i + 1] < scores[i]
        if at_top and scores[i] >= MIN_REPEAT and scores[i] - scores[low] >= MIN_PEAK:
            tops.append(i)
            low = i + 1 if i + 1 < len(scores) else i
    if not tops:
        return []
    # The shortest distance repeating about as strongly as the best: a
    # lattice repeats at twice its pitch as well, as strongly on a big board.
    strongest = max(float(scores[i]) for i in tops)
    first = next(i for i in tops if scores[i] >= FUNDAMENTAL * strongest)
    ordered = [first, *sorted((i for i in tops if i != first), key=lambda i: -scores[i])]

    def centre(best: int) -> float:
        # The middle of the plateau the 3x3 neighbourhood makes of the peak.
        top = np.flatnonzero(scores >= scores[best] - 1e-6)
        return float(distances[top[np.abs(top - best) <= 8]].mean())

    return [centre(i) for i in ordered[:MAX_PITCHES]]


def _scores(raw: np.ndarray, distances: np.ndarray) -> np.ndarray:
    """How strongly the map repeats at each of ``distances`` along all three directions
    (down, and 30 degrees either side of across): the least of the three, each the most of
    the normalised autocorrelation ``raw`` in the 3x3 neighbourhood of the shift (a lattice
    point rarely falls on a whole pixel).

    Worked out in the array's first rows and columns and, for the shifts up (negative rows,
    from the end), its last rows: a fiftieth of it on a text region's map. Each block on its
    own, as over the whole array: each value is the pixel's own, each neighbourhood ends at
    the array's sides (the zero padding past the map keeps the two blocks apart)."""
    steps = [
        (np.rint(distances * dx).astype(int), np.rint(distances * dy).astype(int))
        for dx, dy in ((0.0, 1.0), (SQRT3 / 2, 0.5), (SQRT3 / 2, -0.5))
    ]
    right = max(int(x.max()) for x, _ in steps)
    up, down = int(steps[2][1].min()), int(steps[0][1].max())  # up < 0 < down
    ph = raw.shape[0]
    scale = max(float(raw[0, 0]), 1e-6)
    kernel = np.ones((3, 3), np.uint8)
    blocks = (raw[ph + up - 1 :, : right + 2], raw[: down + 2, : right + 2])
    # Row ``y - up + 1`` holds the shift ``y`` down.
    near = np.vstack([cv2.dilate((block / scale).astype(np.float32), kernel) for block in blocks])
    scores = np.full(distances.shape, np.inf, np.float32)
    for x, y in steps:
        scores = np.minimum(scores, near[y - up + 1, x])
    return scores


def _phases(lines: np.ndarray, pitch: float, col_step: float) -> tuple[float, ...] | None:
    """The lattice's steps and phases, measured from the flat sides alone.

    Lines across lie every half row, the flat sides' middles every column:
    the period is the one near the pitch's at which the lines across repeat
    most strongly, each phase where its profile repeats.
    """
    # Most of a flat side (0.58 pitch long), longer than where slanted lines meet.
    length = max(3, round(0.45 * pitch))
    across = cv2.morphologyEx(
        lines, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (length, 1))
    )
    if across.sum() < 10:
        return None
    half_row, y0 = _fold(across.sum(axis=1), pitch / 2)
    # Sharp lines every half row measure the pitch best; the columns' step
    # follows (regular hexagons), the flat sides' middles give their phase.
    col_step = half_row * SQRT3
    _, x0 = _fold(across.sum(axis=0), col_step, span=0.0)
    return x0, y0, col_step, 2 * half_row


#: The period is looked for within this share of the pitch's.
PERIOD_SPAN = 0.05


def _fold(profile: np.ndarray, period: float, span: float = PERIOD_SPAN) -> tuple[float, float]:
    """The period within ``span`` of ``period`` at which ``profile`` repeats most strongly,
    and its phase."""
    periods = period * np.linspace(1 - span, 1 + span, 81)
    angle = 2 * np.pi * np.arange(profile.size)[None, :] / periods[:, None]
    c, s = np.cos(angle) @ profile, np.sin(angle) @ profile
    best = int(np.argmax(np.hypot(c, s)))
    found = float(periods[best])
    return found, (math.atan2(float(s[best]), float(c[best])) % (2 * np.pi)) * found / (2 * np.pi)


def _parity(lines: np.ndarray, x0: float, y0: float, pitch: float, col_step: float) -> bool:
    """Whether the hexagons' flat sides lie at odd half-rows of even columns (``y0`` is off)."""
    h, w = lines.shape
    half = max(1, round(col_step / 4))
    # At each pixel: the line map's most over three rows, averaged over a
    # flat side's middle (2 * half + 1 columns) centred there.
    seen = cv2.blur(
        cv2.dilate(lines, np.ones((3, 1), np.uint8)),
        (2 * half + 1, 1),
        borderType=cv2.BORDER_CONSTANT,
    )
    j = np.arange(-1, int(w / col_step) + 2)
    k = np.arange(-1, int(2 * h / pitch) + 2)
    x = np.rint(x0 + j * col_step).astype(int)
    y = np.rint(y0 + k * pitch / 2).astype(int)
    cols, rows = (x - half >= 0) & (x + half < w), (y > 0) & (y < h - 1)
    values = seen[np.ix_(y[rows], x[cols])].astype(np.float64)
    odd = (k[rows][:, None] + j[cols][None, :]) % 2 == 1
    # Flat sides at even (j + k): the centres between them at odd ones.
    return float(values[~odd].sum()) > float(values[odd].sum())
