"""Board-level checks: is the grid found one whole, plain, rectangular Flow board?"""

from __future__ import annotations

import functools
import itertools
import logging
import math

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.vision._cells import CellSamples, cell_pitch, sample_cells
from flowbot.vision._colour import channel_sum, delta_e, pixels_at, to_lab
from flowbot.vision._edges import (
    OTHER_GROUND,
    LineProfiles,
    RunOn,
    against_another_ground,
    another_ground,
    cells_past_border,
    changes_at_once,
    edge_visibility,
    ends_and_ground,
    ground_across,
    ground_across_border,
    ground_reach,
    grounds_beside,
    line_ends,
    line_profiles,
    outline_past_corners,
    run_on_visibility,
)
from flowbot.vision._lattice import Lattice, LineMaps, equal_spacing, in_phase
from flowbot.vision._stats import (
    median_along,
    median_of,
    median_of_few,
    median_of_present,
    pad_with,
    quantile_of,
)
from flowbot.vision._types import MissingEdgesError, RunOnError, Settings

log = logging.getLogger(__name__)


def check_lattice(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    others: list[Lattice],
) -> None:
    """Every whole-board check of one candidate grid (raises ``UnsureReadingError``)."""
    _check_alone(lattice, others, maps, settings.lines().line_coverage)
    _check_edges(lattice, maps, image, factor, settings)
    edges = _EdgeColours(lattice, image, factor)
    _check_border(lattice, maps, image, factor, settings, edges=edges)
    _check_border_at_image_edge(lattice, image, factor, settings)
    _check_outlined_holes(image, edges)
    if _check_run_on_by_colour(lattice, image, factor, settings):
        _check_cells_past_border(lattice, image, factor, settings)


#: A row (an int) or a column (``np.s_[:, k]``) of a cells' samples array, or a band of them.
_Index = int | slice | tuple[slice, int | slice]


def without_empty_band(
    lattice: Lattice,
    missing: MissingEdgesError,
    image: np.ndarray,
    factor: int,
    settings: Settings,
) -> Lattice | None:
    """``lattice`` less the outer rows and columns that are no part of the board, or ``None``.

    Such a band (the counters' text above a board, buttons below it) shows
    missing crossing edges and nothing solid in any cell: no dot, no pipe.
    Every missing edge must lie in a band so dropped, and few of the board's
    lines may go on through it; the grid left must then pass every check
    again (its lines must not run on into the band).
    """
    vertical, horizontal = missing.vertical, missing.horizontal
    xs, ys = lattice.xs, lattice.ys
    top, bottom = int(vertical[:, 0].any()), int(vertical[:, -1].any())
    left, right = int(horizontal[:, 0].any()), int(horizontal[:, -1].any())
    rows, cols = len(ys) - 1, len(xs) - 1
    if (
        vertical[:, top : rows - bottom].any()
        or horizontal[:, left : cols - right].any()
        or rows - top - bottom < 2
        or cols - left - right < 2
    ):
        return None
    # Each band with the row or column next to it inside: the board's own ground.
    bands: list[tuple[tuple[float, ...], tuple[float, ...], _Index, _Index]] = []
    bands += [(xs, ys[:3], 0, 1)] * top + [(xs, ys[-3:], 1, 0)] * bottom
    bands += [(xs[:3], ys, np.s_[:, 0], np.s_[:, 1])] * left
    bands += [(xs[-3:], ys, np.s_[:, 1], np.s_[:, 0])] * right
    trimmed = Lattice(xs[left : len(xs) - right], ys[top : len(ys) - bottom])
    least = _least_filled(sample_cells(image, full_size(trimmed, factor)), settings)
    f = factor
    for band_xs, band_ys, band, next_in in bands:
        geometry = BoardGeometry(
            tuple(f * x + (f - 1) / 2 for x in band_xs), tuple(f * y + (f - 1) / 2 for y in band_ys)
        )
        if _holds_filled(sample_cells(image, geometry), band, next_in, settings, least=least):
            return None
    # The board's lines going on through a band make it part of the board:
    # cells kept beside cells left out of a shaped board (the outline round
    # those is drawn brighter than the lines). Text lines up with a few; so
    # do another window's ruled lines in step with the grid, but that
    # window's ground meets the board at the border all along it.
    dropped = {"top": top, "bottom": bottom, "left": left, "right": right}
    board_xs, board_ys = _full_size_lines(trimmed, factor)
    for side, past in _run_on_past(trimmed, image, factor).items():
        goes_on = past.beyond >= settings.edge_colour_ratio * past.inside
        if (
            dropped[side]
            and goes_on.mean() >= _BAND_LINES
            and not against_another_ground(image, board_xs, board_ys, side)
        ):
            return None
    log.debug("dropped %d empty outer bands of missing edges", len(bands))
    return trimmed


def _holds_filled(
    samples: CellSamples, band: _Index, next_in: _Index, settings: Settings, *, least: float
) -> bool:
    """Whether a cell of ``band`` (of the cells ``samples`` shows) is filled like a dot or a pipe.

    ``next_in`` is the row or column beside the band, inside the board: the
    board's own ground. ``least`` is the share of a core in one colour from
    which on it is filled (``_least_filled``).
    """
    # A dot or a pipe fills its cell's core with one colour, unlike the
    # board's ground; the thin strokes of a word over the core leave most
    # of it background, and another window's ground is no dot.
    core = samples.core_lab[band]
    ground = median_of(samples.ring_lab[next_in].reshape(-1, 3), axis=0)
    filled = samples.core_uniformity[band] >= least
    filled &= delta_e(core, samples.ring_lab[band]) > settings.empty_contrast
    return bool((filled & (delta_e(core, ground) > settings.empty_contrast)).any())


def _least_filled(
    samples: CellSamples, settings: Settings, kept: tuple[slice, slice] = np.s_[:, :]
) -> float:
    """The share of a cell's core in one colour from which on it is filled like the board's dots.

    The board's own cells are ``samples[kept]``, the bands left out.
    A dot fills its core whole, and a pipe's bend nearly 4/5 of it, as
    evenly as the board's dots fill theirs, however blurred or compressed
    the screen; a word over the end of a background pipe leaves a patch of
    its colour about half the core. With no dot to go by, half the core.
    """
    contrast = delta_e(samples.core_lab[kept], samples.ring_lab[kept])
    dots = samples.flat[kept] & (contrast > settings.empty_contrast)
    if not dots.any():
        return _FILLED_CORE
    return _PIPE_SHARE * float(median_of(samples.core_uniformity[kept][dots]))


def without_foreign_sides(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> Lattice | None:
    """``lattice`` less the outer rows and columns that lie on another window, or ``None``.

    Another window's ruled page or text lines flush against the board can
    give it lines in step with the board's, and the grid found then goes on
    over it. The board's border is the line nearest that side where another
    window's ground meets the board beside every cell along it
    (``against_another_ground``: the ground changes at once there and is
    flat beyond, as the board's own ground across an inner line does not,
    glow or no glow). The cells dropped must hold nothing filled like a dot
    or a pipe, and at least ``MIN_BOARD_SIDE`` rows and columns must be left;
    the grid left must then pass every check.
    """
    xs, ys = _full_size_lines(lattice, factor)
    # The nearest cut first, each next one sought on the grid left: seen
    # from the far side, the board's own ground meets another window's
    # just as well (jpeg 84931: an editor five columns wide left of the
    # board, which a cut from the right would keep).
    cuts: dict[str, int] = {}
    board_xs, board_ys = xs, ys
    while True:
        found = {s: _foreign_cut(image, board_xs, board_ys, s) for s in _SIDES if s not in cuts}
        found = {s: k for s, k in found.items() if k}
        if not found:
            break
        side = min(found, key=found.__getitem__)
        cuts[side] = k = found[side]
        if side in ("left", "right"):
            board_xs = board_xs[k:] if side == "left" else board_xs[:-k]
        else:
            board_ys = board_ys[k:] if side == "top" else board_ys[:-k]
    if not cuts:
        return None
    left, right = cuts.get("left", 0), cuts.get("right", 0)
    top, bottom = cuts.get("top", 0), cuts.get("bottom", 0)
    samples = sample_cells(image, BoardGeometry(tuple(xs), tuple(ys)))
    bands: list[tuple[_Index, _Index]] = []
    bands += [(np.s_[:top], top)] * bool(top) + [(np.s_[-bottom:], -bottom - 1)] * bool(bottom)
    bands += [(np.s_[:, :left], np.s_[:, left])] * bool(left)
    bands += [(np.s_[:, -right:], np.s_[:, -right - 1])] * bool(right)
    board = np.s_[top : len(ys) - 1 - bottom, left : len(xs) - 1 - right]
    least = _least_filled(samples, settings, board)
    if any(_holds_filled(samples, band, next_in, settings, least=least) for band, next_in in bands):
        return None
    log.debug("dropped outer bands on another window: %s", cuts)
    return Lattice(lattice.xs[left : len(xs) - right], lattice.ys[top : len(ys) - bottom])


def _foreign_cut(image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str) -> int:
    """How many outer rows or columns on ``side`` lie on another window (0: none found).

    At least ``MIN_BOARD_SIDE`` rows and columns are left.
    """
    lines = xs if side in ("left", "right") else ys
    for k in range(1, len(lines) - MIN_BOARD_SIDE):
        kept = lines[k:] if side in ("left", "top") else lines[: len(lines) - k]
        grid = (kept, ys) if side in ("left", "right") else (xs, kept)
        if against_another_ground(image, *grid, side):
            return k
    return 0


#: The game's smallest boards are 5x5: a grid with fewer rows or columns is none.
MIN_BOARD_SIDE = 5


#: Share of an outer band's crossing lines going on through it from which on
#: the band is part of the board: measured, header text bands 0-0.125 (one
#: glyph in line), the cells kept beside a shaped board's cells left out 0.6-1.
_BAND_LINES = 1 / 3

#: Share of a cell's core in one colour above which it is filled (a dot or a
#: pipe: nearly all of it), not crossed by text, where no dot of the board's
#: shows how evenly this screen fills a dot's core.
_FILLED_CORE = 0.5

#: Least share of a dot's core in one colour that a pipe through the cell
#: covers as evenly: measured, a bend's core holds 0.80-0.90 of a dot's on
#: synthetic solved boards (60 shots, seeds 96000+), 0.755-0.84 on the real
#: solved boards' bands; a word over a background pipe's end 0.55.
_PIPE_SHARE = 2 / 3


def full_size(lattice: Lattice, factor: int) -> BoardGeometry:
    """A grid found in a copy shrunk ``factor`` times, in full-size pixels."""
    # Pixel i of the copy covers full-size pixels f*i .. f*i + f - 1.
    f = factor
    return BoardGeometry(
        tuple(f * x + (f - 1) / 2 for x in lattice.xs),
        tuple(f * y + (f - 1) / 2 for y in lattice.ys),
    )


def _full_size_lines(lattice: Lattice, factor: int) -> tuple[np.ndarray, np.ndarray]:
    """A grid's lines found in a copy shrunk ``factor`` times, in full-size pixels (as arrays)."""
    f = factor
    return f * np.asarray(lattice.xs) + (f - 1) / 2, f * np.asarray(lattice.ys) + (f - 1) / 2


def _run_on_past(lattice: Lattice, image: np.ndarray, factor: int) -> dict[str, RunOn]:
    """``run_on_visibility`` of a grid found in a copy shrunk ``factor`` times."""
    xs, ys = _full_size_lines(lattice, factor)
    return run_on_visibility(image, xs, ys, uncertainty=factor / 2 + 1)


def overlap(a: Lattice, b: Lattice) -> float:
    """Shared area of two grids' rectangles over the smaller one's area."""
    w = min(a.xs[-1], b.xs[-1]) - max(a.xs[0], b.xs[0])
    h = min(a.ys[-1], b.ys[-1]) - max(a.ys[0], b.ys[0])
    if w <= 0 or h <= 0:
        return 0.0
    area = min(
        (a.xs[-1] - a.xs[0]) * (a.ys[-1] - a.ys[0]), (b.xs[-1] - b.xs[0]) * (b.ys[-1] - b.ys[0])
    )
    return w * h / area


def lies_within(inner: Lattice, outer: Lattice) -> bool:
    """Whether ``inner``'s rectangle lies within ``outer``'s (a quarter cell of slack)."""
    slack = 0.25 * outer.pitch
    return (
        inner.xs[0] > outer.xs[0] - slack
        and inner.xs[-1] < outer.xs[-1] + slack
        and inner.ys[0] > outer.ys[0] - slack
        and inner.ys[-1] < outer.ys[-1] + slack
    )


def _check_alone(best: Lattice, others: list[Lattice], maps: LineMaps, level: float) -> None:
    """Refuse when another grid overlaps or adjoins the chosen one (walls, shapes, clones).

    ``maps`` are the line maps ``best`` was found in, ``level`` the share of
    its extent a line covers there to be seen (``line_coverage``).
    """
    p = best.pitch
    for other in others:
        if abs(other.pitch - p) > 0.15 * p:
            continue
        same = (
            len(other.xs) == len(best.xs)
            and len(other.ys) == len(best.ys)
            and abs(other.xs[0] - best.xs[0]) < 0.25 * p
            and abs(other.ys[0] - best.ys[0]) < 0.25 * p
        )
        if same or lies_within(other, best):
            continue  # the same board, or a piece of it (lines broken by a bright band)
        shared_x = min(other.xs[-1], best.xs[-1]) - max(other.xs[0], best.xs[0])
        shared_y = min(other.ys[-1], best.ys[-1]) - max(other.ys[0], best.ys[0])
        if not in_phase(best, other) and (
            # A wall or a shape continues the board's own lattice. A grid out
            # of step with it is something else when it lies beside the board
            # (an editor's ruled page behind a mirror window), or over it but
            # drawn nowhere there: another window's rules flush against the
            # board, joined by the line search with the board's lines in step
            # with them (an editor's columns going on the board's).
            min(shared_x, shared_y) < 0.5 * p or _unseen_across(best, other, maps, level)
        ):
            continue
        gap_x = max(other.xs[0] - best.xs[-1], best.xs[0] - other.xs[-1])
        gap_y = max(other.ys[0] - best.ys[-1], best.ys[0] - other.ys[-1])
        if max(gap_x, gap_y) < 1.5 * p:
            raise UnsureReadingError(
                "several grids meet here (a board with walls or an irregular shape)"
            )


#: Least distance (pitch fraction) of another grid's line from the board's
#: nearest for the two to be told apart in the line maps: nearer, it may be
#: the board's own line, blurred or a pixel off.
_DISTINCT_LINE = 0.2


def _unseen_across(best: Lattice, other: Lattice, maps: LineMaps, level: float) -> bool:
    """Whether ``other``'s lines within ``best`` that are none of its own are nowhere seen.

    Two such lines at least, each distinct from ``best``'s (``_DISTINCT_LINE``)
    and covering less than ``level`` of ``best``'s extent in the line maps,
    where a wall or a shape's outline would show. Measured on the editor grid
    merged with a mirror window's board (jpeg 100285, 1/4 scale): 0.00-0.01
    on the 3-5 distinct rows of each such grid; a row of dots 0.27.
    """
    p = best.pitch
    seen: list[float] = []
    for mine, theirs, vertical in ((best.ys, other.ys, False), (best.xs, other.xs, True)):
        lo, hi = (best.ys[0], best.ys[-1]) if vertical else (best.xs[0], best.xs[-1])
        lines = maps.vertical if vertical else maps.horizontal
        a, b = max(0, round(lo)), min(lines.shape[0 if vertical else 1], round(hi) + 1)
        for t in theirs:
            if not mine[0] < t < mine[-1] or min(abs(t - m) for m in mine) < _DISTINCT_LINE * p:
                continue
            at = round(t)
            cut = lines[a:b, at] if vertical else lines[at, a:b]
            seen.append(np.count_nonzero(cut) / max(1, cut.size))
    return len(seen) >= 2 and max(seen) < level


def _check_edges(
    lattice: Lattice, maps: LineMaps, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse boards whose inner grid edges are missing, doubled as walls, or run on outside."""
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    p = lattice.pitch
    # Inner lines running on past the border: the board is cut by the image edge
    # or shaped. A run-on looks as the lines do inside; the faint ripples in a
    # white window's text beside the board do not.
    for positions, spans, binary, strength in (
        (xs, ys, maps.vertical, maps.vertical_strength),
        (ys, xs, maps.horizontal.T, maps.horizontal_strength.T),
    ):
        inner = [round(v) for v in positions[1:-1]]
        if not inner:
            continue
        size = binary.shape[0]
        first, last = max(0, round(spans[0])), min(size, round(spans[-1]) + 1)
        seen = binary[first:last][:, inner] > 0
        if not seen.any():
            continue
        typical = float(median_of(strength[first:last][:, inner][seen]))
        least, most = settings.run_on_ratio * typical, typical / settings.run_on_ratio
        for a, b in (
            (spans[0] - 0.85 * p, spans[0] - 0.15 * p),
            (spans[-1] + 0.15 * p, spans[-1] + 0.85 * p),
        ):
            lo, hi = max(0, round(a)), min(size, round(b))
            if hi - lo < max(2, 0.3 * p):
                continue
            contrast = strength[lo:hi][:, inner]
            line = (binary[lo:hi][:, inner] > 0) & (contrast >= least) & (contrast <= most)
            run_on = line.mean()
            if run_on >= 0.5:
                raise RunOnError
    # Every inner edge, one cell long: present, and not much stronger than the rest.
    strengths = []
    for positions, spans, strength in (
        (xs, ys, maps.vertical_strength),
        (ys, xs, maps.horizontal_strength.T),
    ):
        if len(positions) < 3:
            continue
        # Per inner line, the strongest of its column and the two beside it.
        at = np.array([round(v) for v in positions[1:-1]])
        left, middle, right = (
            strength[:, np.clip(at + k, 0, strength.shape[1] - 1)] for k in (-1, 0, 1)
        )
        bands = np.maximum(np.maximum(left, middle), right).T  # (lines, along)
        # A span whose middle lies past the image's edge (a border line put
        # beyond it, where the crossing lines run on to the edge) shows none.
        size = bands.shape[1]
        middles = [(max(0, lo), min(size - 1, hi)) for lo, hi in _middles(spans)]
        strengths.append(_span_medians(bands, middles).ravel())  # line by line, edge by edge
    if not strengths:
        return
    values = np.concatenate(strengths)
    typical = float(median_of(values))
    if typical < settings.line_contrast:
        raise UnsureReadingError("the grid's inner lines are too faint to trust")
    # Missing means not visible at all; glow and anti-aliasing only dim a line.
    faint = values < max(settings.line_contrast, 0.15 * typical)
    if faint.any():
        missing = _unseen_by_colour(faint, image, lattice, factor, settings)
        if missing.any():
            rows, cols = len(ys) - 1, len(xs) - 1
            split = (len(xs) - 2) * rows
            raise MissingEdgesError(
                missing[:split].reshape(len(xs) - 2, rows),
                missing[split:].reshape(len(ys) - 2, cols),
            )
    n_vertical = (len(xs) - 2) * (len(ys) - 1)
    local = np.concatenate(
        [
            _nearby_median(values[:n_vertical].reshape(len(xs) - 2, len(ys) - 1)).ravel(),
            _nearby_median(values[n_vertical:].reshape(len(ys) - 2, len(xs) - 1)).ravel(),
        ]
    )
    stronger = values > settings.wall_ratio * local + settings.line_contrast
    if stronger.any():
        # A dot narrower than the line filter's kernel (small cells in a
        # shrunk copy) shows in it beside the middle of an edge; near the
        # cell's corners no dot reaches the line, and a wall runs on there.
        stronger &= _corner_strengths(lattice, maps) > settings.wall_ratio * local + (
            settings.line_contrast
        )
    if stronger.any() and _drawn_apart(stronger, lattice, image, factor, settings.line_contrast):
        raise UnsureReadingError("some inner grid edges are drawn as walls")
    _check_wall_widths(lattice, image, factor, settings)


def _span_medians(bands: np.ndarray, spans: list[tuple[int, int]]) -> np.ndarray:
    """Per line (row of ``bands``) and span ``lo..hi`` (inclusive), the median; 0 when ``hi <= lo``.

    Spans of one length (all but a pixel or so) in one call: the same
    medians as one call each.
    """
    found = np.zeros((len(bands), len(spans)))
    by_length: dict[int, list[int]] = {}
    for k, (lo, hi) in enumerate(spans):
        if hi > lo:
            by_length.setdefault(hi - lo + 1, []).append(k)
    for length, ks in by_length.items():
        starts = np.array([spans[k][0] for k in ks])
        found[:, ks] = median_along(bands[:, starts[:, None] + np.arange(length)], axis=2)
    return found


def _middles(spans: np.ndarray) -> list[tuple[int, int]]:
    """The middle of each span (0.2-0.8 of it, clear of the crossing lines), as pixel bounds."""
    return [
        (round(a + 0.2 * (b - a)), round(b - 0.2 * (b - a))) for a, b in itertools.pairwise(spans)
    ]


def _corner_strengths(lattice: Lattice, maps: LineMaps) -> np.ndarray:
    """Each inner edge's line-filter strength near its ends, in ``_check_edges`` order.

    The median over 0.2-0.275 and 0.725-0.8 of the edge: clear of the crossing
    lines and of a dot (radius up to 0.38 pitch) in either cell beside it.
    """
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    found = []
    for positions, spans, strength in (
        (xs, ys, maps.vertical_strength),
        (ys, xs, maps.horizontal_strength.T),
    ):
        ends = [
            np.r_[
                round(a + 0.2 * (b - a)) : round(a + 0.275 * (b - a)) + 1,
                round(b - 0.275 * (b - a)) : round(b - 0.2 * (b - a)) + 1,
            ]
            for a, b in itertools.pairwise(spans)
        ]
        for v in positions[1:-1]:
            col = round(v)
            band = strength[:, max(0, col - 1) : col + 2].max(axis=1)
            found += [float(median_of(band[np.clip(at, 0, len(band) - 1)])) for at in ends]
    return np.array(found)


def _drawn_apart(
    stronger: np.ndarray, lattice: Lattice, image: np.ndarray, factor: int, line_contrast: float
) -> bool:
    """Whether an edge the line filter sees ``stronger`` than its neighbours is drawn unlike a line.

    A wall is drawn brighter or wider than the board's lines; a line of their
    own look shows stronger only over a darker background (the dark end of a
    glow's gradient, beside a border cut off by the image's edge), or beside
    dots (in small cells, where the filter's kernel reaches them).

    Measured near the edge's ends, where no dot reaches the line (its rim,
    JPEG's ringing round it, brighten a window across the middle), against
    the board's typical line and the rest of the edge's own line: a line a
    half pixel off the pixel grid is a pixel wider all along, and glow or
    ringing brightens a line as a whole; a wall (one to three cells) is wider
    or brighter than the line it lies on.

    Brighter, that is, than the cells beside it too: glow brighter than the
    lines (a pipe's glow band over the board) raises a line's top as much
    as the cells' on either side, where the dark-lines map sees it strongly;
    a wall is a stroke, dark again beside it.
    """
    f = factor
    xs, ys = _full_size_lines(lattice, f)
    lines = line_profiles(image, xs, ys, near_ends=True)
    if np.mean(lines.peak >= line_contrast) < _SEEN_BRIGHT:
        # The lines are no brighter than beside them (dark lines): cannot
        # tell. Glow as bright as the lines over half a board hides them
        # there, while they show elsewhere.
        return True
    typical_peak, typical_width = median_of(np.stack([lines.peak, lines.width]), axis=1).tolist()
    typical_top = float(median_of(lines.top[lines.peak >= 0.5 * typical_peak]))
    shape = (len(xs), len(ys))
    width = np.fmax(typical_width, _along_own_line(lines.width, stronger, shape))
    top = np.fmax(typical_top, _along_own_line(lines.top, stronger, shape))
    if (stronger & (lines.width > width)).any():
        return True
    brighter = stronger & (lines.top > _PLAIN_TOP * top)
    if not brighter.any():
        return False
    stroke_top, ground = ends_and_ground(image, xs, ys)
    return bool((brighter & (stroke_top - ground >= _PLAIN_STROKE * typical_peak)).any())


def _along_own_line(values: np.ndarray, flagged: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Per inner edge, the median of the unflagged edges on its line (NaN where all are flagged).

    ``values`` and ``flagged`` in ``_check_edges`` order; ``shape``: how many
    vertical and horizontal grid lines (borders included) the board has.
    """
    n_xs, n_ys = shape
    n_vertical = (n_xs - 2) * (n_ys - 1)
    found = np.empty(len(values))
    for part, lines in (
        (slice(0, n_vertical), n_xs - 2),
        (slice(n_vertical, len(values)), n_ys - 2),
    ):
        if lines == 0:
            continue
        plain = np.where(flagged[part], np.nan, values[part]).reshape(lines, -1)
        found[part] = np.repeat(median_of_present(plain), plain.shape[1])
    return found


#: A line at most this much brighter (its top: absolute brightness) than the
#: board's lines is drawn as they are.
_PLAIN_TOP = 1.15
#: ... and stands this many typical peaks above the cells beside it (a
#: stroke): measured, walls decided by brightness (flow_walls, flow_walled
#: 96000-96099, 7 boards looked at) >= 2.0; phone_large 84410's edges
#: under a pipe's glow band <= 0.11.
_PLAIN_STROKE = 1.0
#: Lines seen brighter than beside them (by the line search's contrast) at
#: fewer than this share of the edges are dark lines: whether an edge is
#: drawn apart cannot be told. Measured: flow decoys (walls, walled, shaped,
#: holes, cut 96000-96099) <= 0.10, a real shaped board 0.16; phone_large
#: 84410 (a strong glow over half the board) 0.48.
_SEEN_BRIGHT = 0.25


def _check_wall_widths(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a grid with an inner edge drawn much wider or brighter than its lines: a wall.

    The game draws walls as a bright double line (or a wide band) along an
    edge; the line filter, tuned to thin lines, sees it no stronger than a
    line, or not at all. Its width across the edge, at full resolution,
    gives it away: the board's own lines set the typical width. A line
    widened by blur or resampling (a browser's zoom) is as wide, but holds
    no more ink than the others: a wall adds ink.
    """
    f = factor
    xs, ys = _full_size_lines(lattice, f)
    lines = line_profiles(image, xs, ys)
    if lines.width.size == 0:
        return
    typical_peak = float(median_of(lines.peak))
    if typical_peak < settings.line_contrast:
        return  # the lines do not show here: their width says nothing
    # A dim band (glow, a shadow) is no wall: only edges about as bright as a line.
    bold = lines.peak >= 0.5 * typical_peak
    margin = max(2.0, settings.wall_width * lattice.pitch * f)
    wider = bold & _wider_than_lines(lines, bold, margin)
    if wider.any():
        # JPEG keeps colour coarser than lightness: a line on a ground of the
        # opposite hue gains fringes of the ground's hue a few pixels out,
        # which the brightest channel sees as a second line (jpeg 87544: a
        # green line on magenta 6 px wide, its lines' 2). A wall, drawn in
        # one colour, is as wide in luma, JPEG's full-resolution channel.
        luma = line_profiles(image, xs, ys, luma=True)
        if (wider & _wider_than_lines(luma, bold, margin)).any():
            raise UnsureReadingError(
                "some inner grid edges are drawn as walls (wide or double lines)"
            )
    # A wall as wide as the window across the edge (a double line in small
    # cells, a thick bar) leaves no darker end in it to measure a line
    # against: no peak, or (the bar a pixel off the line's rounded centre)
    # one end on the bar and a peak barely half a line's. Along the edge's
    # whole length (near its ends, where no dot lies) far brighter than the
    # brightest lines (drawn on whole pixels, where the others' ink is split
    # over two), and a stroke, dark again in the cells beside it (a glow band
    # runs on into them), it is a wall, whatever its peak.
    brightest = float(quantile_of(lines.top[bold], 0.9))
    if not bold.all() or (lines.top >= _WALL_BRIGHTER * brightest).any():
        top, ground = ends_and_ground(image, xs, ys)
        wall = (top >= _WALL_BRIGHTER * brightest) & (top - ground >= _WALL_STROKE * typical_peak)
        if wall.any():
            raise UnsureReadingError(
                "some inner grid edges are drawn as walls (wide or double lines)"
            )


def _wider_than_lines(lines: LineProfiles, bold: np.ndarray, margin: float) -> np.ndarray:
    """Edges drawn wider, with more ink, than the typical line by ``margin`` px, or brighter.

    ``bold``: the edges about as bright as a line (the typical top's).
    """
    # The typical line's look, in one call (np.median's cost is per call).
    typical_width, typical_ink = median_of(np.stack([lines.width, lines.ink]), axis=1).tolist()
    wide = (lines.width >= typical_width + margin) & (lines.ink >= _WALL_INK * typical_ink)
    # Or a line at least a pixel wider and far brighter than the lines: glow
    # lowers a line's peak over its background, never its top.
    typical_top = float(median_of(lines.top[bold]))
    bright = (
        (lines.width >= typical_width + 1)
        & (lines.ink >= _WALL_BRIGHTER * typical_ink)
        & (lines.top >= _WALL_BRIGHTER * typical_top)
    )
    return wide | bright


#: A wall's band holds this much more ink (brightness summed across it) than
#: the typical line: measured, lines widened by zoom blur 0.98-1.12, walls
#: refused by width >= 2.5.
_WALL_INK = 1.5
#: A line this many times brighter (top and ink) than the typical line is a
#: wall: measured, real and fixture boards' lines <= 1.11, bright walls >= 2.04.
#: Also for an edge with no peak in its window (near its ends, against the
#: brightest lines' top): good boards' <= 1.52 (synthetic: glow, blur, tiny
#: cells; real boards have no such edge), walls >= 1.85.
_WALL_BRIGHTER = 1.6
#: Such a wall's top stands this many times a line's peak above the cells
#: beside it: measured, walls >= 1.85, good boards' peakless edges <= 1.30.
#: Both ratios over their thresholds, the lesser share, on every inner edge
#: (a peak or not): good boards' <= 0.68 (491 real), <= 0.75 (13 synthetic
#: categories x 40: tiny cells, mirror, JPEG, drift); a thick bar with one
#: end of its window on it (flow_walls 93134) 1.96.
_WALL_STROKE = 1.5


#: Why a board whose border misses a cell's side is refused.
_BORDER_GAP = "the board's border has a gap (a shaped board with cells left out)"


def _check_border(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    edges: _EdgeColours,
) -> None:
    """Refuse a board whose drawn border has a gap: a shaped board's cells left out.

    Each border line, one cell at a time, as the inner edges are checked. A
    border hidden by a tight crop or a bright frame is missing all along, and
    that is allowed; a border drawn along most of its length but not at all
    beside some cells (in the line map nor by colour) is the outline of a
    board with cells left out, unless something unlike the board's background
    lies beside those cells, with no cell of the board going on into it (the
    lines at both its sides), and unlike what lies beside the drawn border
    next to them: another window against the board, whose frame looked like
    the border. One line alone lines up with its text at times.
    A thin border against a bright window or page may be faint in the line
    map all along, or seen at a cell left out where the step to the page
    passes for it: there its colour decides (``_left_out_by_colour``).
    """
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    for vertical, (positions, spans, strength) in enumerate(
        ((ys, xs, maps.horizontal_strength.T), (xs, ys, maps.vertical_strength))
    ):
        size = strength.shape[1]
        # The lattice's outer lines may stray a few pixels from the drawn ones
        # (its pitch is fitted on the inner lines): look that far across.
        slack = max(1, round(0.03 * lattice.pitch))
        middles = _middles(spans)
        f = factor
        for end in (0, -1):
            col = round(positions[end])
            if col < 2 or col > size - 3:
                continue  # at the image's edge: cropped, nothing to see
            values, drawn = _border_segments(strength, col, slack, middles)
            if drawn < 1.5 * settings.line_contrast:
                # A lattice fitted on a line's dark fringes (dark lines
                # sought on a dark board) lies beside the drawn lines: before
                # taking the border for hidden, look for it that far across.
                col = _drawn_border(strength, col, slack, middles, lattice.pitch)
                values, drawn = _border_segments(strength, col, slack, middles)
            if drawn < 1.5 * settings.line_contrast:
                # Faint in the line map all along: hidden (a frame, glow, a
                # tight crop), or a thin line against a bright window or
                # page beside it, which the line filter does not see as a
                # line. Drawn, it shows the lines' colour along the border.
                at = f * positions[end] + (f - 1) / 2
                if _left_out_by_colour(
                    image, f, edges, vertical=vertical, at=at, slack=slack
                ).any():
                    raise UnsureReadingError(_BORDER_GAP)
                continue  # hidden all along (a frame or glow): inferred, not drawn
            faint = values < max(0.5 * settings.line_contrast, 0.15 * drawn)
            # Where the border was found: the lattice's line, or the column sought.
            off_line = col != round(positions[end])
            at = col if off_line else positions[end]
            if not faint.any():
                # A cell left out beside a bright window or page shows a step
                # from the board's ground to it that the line map may see
                # nearly as strongly as the border: judged by colour where
                # weaker than _WEAK_BORDER of the drawn border.
                weak = values < _WEAK_BORDER * drawn
                if off_line:
                    # Found off the lattice's line: what the line map sees
                    # there may be the step from the board's ground to a
                    # bright window beside it, as strong beside a cell left
                    # out as beside the drawn border. Every cell is judged.
                    weak[:] = True
                if weak.any():
                    left_out = _left_out_by_colour(
                        image,
                        f,
                        edges,
                        vertical=vertical,
                        at=f * at + (f - 1) / 2,
                        slack=slack,
                        asked=weak,
                    )
                    if left_out.any():
                        raise UnsureReadingError(_BORDER_GAP)
                continue
            # Glow or a bright band hides a line from the line map, not from colour.
            p = lattice.pitch
            line = f * np.array([at - p, at, at + p]) + (f - 1) / 2
            across = f * spans + (f - 1) / 2
            xs_full, ys_full = (line, across) if vertical else (across, line)
            seen = edge_visibility(image, xs_full, ys_full, uncertainty=f / 2 + 1)[1 - vertical]
            visibility = seen.ravel()
            typical = float(np.median(visibility[~faint]))
            unseen = faint & (visibility < settings.edge_colour_ratio * typical)
            column = image if vertical else np.swapaxes(image, 0, 1)
            if unseen.any():
                colours = _edge_colours(column, line, across, edges.reach)
                unseen &= ~_drawn_in_line_colour(
                    (colours,), (~faint[None, :],), image, edges.xs, edges.ys
                )
            if not unseen.any():
                # A cell left out beside a bright window or page shows a step
                # from the board's ground to it, as sharp as a line (it may
                # pass for the border even in the line map): judged by colour
                # where the border is drawn beside the other cells.
                if _left_out_by_colour(
                    image, f, edges, vertical=vertical, at=line[1], slack=slack
                ).any():
                    raise UnsureReadingError(_BORDER_GAP)
                continue
            # A cell left out shows the board's own background on both sides of
            # where the border would be. A border hidden by what lies beside it
            # (another window, its frame taken for the border) has something
            # else outside, and the board's lines end there: not both lines of
            # a cell go on (a dark window's text ends in line with one, jpeg
            # 98132: 17.6 of the line's 24.7 CIELAB, 0.95 pitch out only).
            inward = 1 if end == 0 else -1
            reach = ground_reach(p * f)
            step, beyond = ground_across(column, line[1], across, inward=inward, reach=reach)
            ends_go_on = _lines_go_on(
                column,
                line[1],
                across,
                inward=inward,
                pitch=p * f,
                reach=reach,
                ratio=settings.edge_colour_ratio,
            )
            hidden = another_ground(step, beyond) & ~(ends_go_on[:-1] & ends_go_on[1:])
            if (hidden & unseen).any():
                # A cell left out shows past it the same outside as the drawn
                # border beside it does (a window flush along the side, the
                # wallpaper), and that border is the board's own, in its
                # lines' colour. Another window hides a border where its
                # frame (in its own colour) was taken for the border, or
                # lies beside the gap alone (its title bar beside its frame).
                (outside,) = grounds_beside(column, line[1], across, (-inward * reach,))
                apart = _apart_from_nearest(outside, ~faint)
                inner = line[1] + inward * f * p * np.array([-1.0, 0.0, 1.0, 2.0])
                lab = _edge_colours(column, inner, across, edges.reach)
                frame = float(np.median(delta_e(lab[0], lab[1])[~faint]))
                log.debug(
                    "border gap: outside %s from the drawn border's, itself %.1f from the lines'",
                    np.round(apart[unseen], 1),
                    frame,
                )
                if frame < _OWN_BORDER_APART:
                    hidden &= apart >= _GAP_OUTSIDE_APART
            log.debug(
                "border gap candidates: step across %s, lines go on %s",
                np.round(step[unseen], 1),
                ends_go_on,
            )
            if (unseen & ~hidden).any():
                raise UnsureReadingError(_BORDER_GAP)


#: CIELAB: where the lines lie within 2 ``_LINE_COLOUR_NOISE`` of the board's
#: ground (dim lines, glow), only a cell's own ground unlike the lines shows
#: it left out, and it shows nothing nearer the lines' colour than this.
#: Measured, least over the profile: holes by dim lines or glow 21.6-39.9
#: (flow_edge_objects 97585, 99184); good boards' cells judged so: jpeg
#: 100761 13.8, mirror 100704 and 100715 7.4-13.3 (synthetic 100700-100739,
#: all categories), none on the 512 real screens.
_NEAR_GROUND_APART = 18.0


#: Share of the drawn border's strength (line map) under which a border cell
#: is judged by colour. Measured: holes whose step to a bright page, the
#: wallpaper or a window passed for the border 0.16-0.38 (flow_edge_objects
#: 117, 168, 100520, 97732); good boards' cells beside a dot or pipe end fall
#: as low (1.0 such borders a read on the 40 real 1080x2400 speed screens), so
#: colour decides: those cells' least CIELAB from the vertical inner lines'
#: colour 0.8-4.9, the holes' 27.3-42.3, against ``_LINE_COLOUR_NOISE`` 12.
_WEAK_BORDER = 0.5


#: CIELAB: the ground just past a border gap differs from that past the
#: nearest drawn stretch of the border by at least this where another window
#: hides the border. Measured: cells left out by a border flush against a
#: window, the wallpaper (flow_edge_objects 0-299, 100500-100799) <= 1.6;
#: good boards whose gap another window hides: a title bar beside a dark
#: window's frame 8.3, mirror 98085 77.6, jpeg 98132 >= 77.4. Asked only of a
#: drawn border within ``_OWN_BORDER_APART`` of the line inward of it (the
#: board's own).
_GAP_OUTSIDE_APART = 4.0
#: CIELAB: a drawn border this close to the line inward of it is the board's
#: own, not another window's frame. Measured: flow_edge_objects decoys <= 7.3,
#: but a 1-px border beside 2-px anti-aliased inner lines (its brightest pixel
#: is brighter) 14.4-15.5 (100782); a window's frame taken for the border
#: (mirror 98085, jpeg 98132, the tests' white frames) >= 49.7.
_OWN_BORDER_APART = 24.0


def _apart_from_nearest(grounds: np.ndarray, drawn: np.ndarray) -> np.ndarray:
    """CIELAB distance of each span's ``grounds`` from the nearest ``drawn`` span's on either side.

    The lesser of the two sides' (a wallpaper's gradient changes it slowly along a border).
    """
    at = np.flatnonzero(drawn)
    index = np.arange(len(grounds))
    before = at[np.clip(np.searchsorted(at, index, side="right") - 1, 0, len(at) - 1)]
    after = at[np.clip(np.searchsorted(at, index, side="left"), 0, len(at) - 1)]
    return np.minimum(delta_e(grounds, grounds[before]), delta_e(grounds, grounds[after]))


def _left_out_by_colour(
    image: np.ndarray,
    factor: int,
    edges: _EdgeColours,
    *,
    vertical: int,
    at: float,
    slack: int,
    asked: np.ndarray | None = None,
) -> np.ndarray:
    """Which cells along a border the line map sees faintly are left out, judged by colour.

    ``at``: the border's position in ``image`` pixels (a column if
    ``vertical``, else a row); ``slack`` how far (in the shrunk copy's
    pixels) the drawn line may lie off it.

    A thin border line against a bright window or page beside it is no
    brighter than both its sides: the line filter misses it, all along or
    beside some cells, yet it is drawn, in the lines' colour, at one place
    across it beside most cells (the typical profile across, the median
    over the cells). A cell left out shows ground there (the board's, or
    the cell's own just inside: a hole is blacker than a glow's ground), up
    to whatever lies outside, and no pixel near the line in the lines'
    colour. A border hidden all along (a frame over it, glow, a tight crop)
    shows the lines' colour nowhere in the typical profile: no cell is
    judged. Measured (CIELAB from the lines' colour, least over the
    profile, of the cells showing ground where the border is drawn):
    flow_edge_objects' cells left out 34.4-57.3 (12 decoys); good boards'
    cells at most _LINE_COLOUR_NOISE, the bound.
    Only the cells ``asked`` (all if None) are judged: a cell that shows the
    lines' colour near the line is drawn, and when every one asked does,
    nothing more is looked at.
    """
    f = factor
    xs, ys, reach = edges.xs, edges.ys, edges.reach
    left_out = np.zeros((len(ys) if vertical else len(xs)) - 1, bool)
    if len(xs) < 3 or len(ys) < 3:
        return left_out
    judged = np.ones_like(left_out) if asked is None else asked
    noise = _LINE_COLOUR_NOISE
    column = image if vertical else np.swapaxes(image, 0, 1)
    across = ys if vertical else xs
    h, w = column.shape[:2]
    along = across[:-1, None] + _ALONG_EDGE[None, :] * np.diff(across)[:, None]
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)  # (cells, points)
    out = reach + f * slack
    px = np.clip(np.rint(at) + np.arange(-out, out + 1), 0, w - 1).astype(np.intp)
    if asked is not None:
        # Cheap first: the cells asked about, against the vertical inner
        # lines' colour (found for ``_check_outlined_holes`` anyway).
        near = pixels_at(column, py[asked][:, :, None], px[None, None, :])
        near_lab = median_of(to_lab(near), axis=1)
        if (delta_e(near_lab, edges.vertical_line) <= noise).any(axis=1).all():
            return left_out  # drawn beside every cell asked about (a dot near it only dims it)
    line = edges.line
    lab = median_of(to_lab(pixels_at(column, py[:, :, None], px[None, None, :])), axis=1)
    line_like = delta_e(lab, line) <= noise  # (cells, offsets)
    ground = median_of(_centre_colours(image, xs, ys).reshape(-1, 3), axis=0)
    # Lines too near the board's ground to tell one from the other (dim
    # lines, glow): only a cell's own ground unlike the lines judges it.
    near_ground = bool(delta_e(line, ground) < 2 * noise)
    # Each cell's own ground just inside the border, past the line's reach
    # and clear of a dot: a cell left out may be blacker than a glow's ground.
    inward = 1 if at < np.mean(xs if vertical else ys) else -1
    depth = max(out + 1, round(0.15 * cell_pitch(xs, ys)))
    qx = np.clip(np.rint(at + inward * depth), 0, w - 1).astype(np.intp)
    own = median_of(to_lab(pixels_at(column, py, np.full_like(py, qx))), axis=1)  # (cells, 3)
    apart = delta_e(own, line) > 2 * noise
    ground_like = (~near_ground & (delta_e(lab, ground) <= noise)) | (
        apart[:, None] & (delta_e(lab, own[:, None, :]) <= noise)
    )
    typical = delta_e(median_of(lab, axis=0), line) <= noise  # where the border is drawn
    if not typical.any():
        return left_out  # hidden all along: inferred, not drawn
    shows_ground = (ground_like & typical).any(axis=1)
    left_out[:] = shows_ground & ~line_like.any(axis=1) & judged
    if near_ground:
        left_out &= delta_e(lab, line).min(axis=1) > _NEAR_GROUND_APART
    log.debug(
        "border missed by the line map, drawn at %s of its offsets; cells showing the ground "
        "there %s, their least CIELAB from the lines' colour %s (lines near the ground: %s); "
        "left out: %s",
        np.nonzero(typical)[0] - out,
        np.nonzero(shows_ground)[0],
        np.round(delta_e(lab, line).min(axis=1)[shows_ground], 1),
        near_ground,
        np.nonzero(left_out)[0],
    )
    return left_out


def _border_segments(
    strength: np.ndarray, col: int, slack: int, middles: list[tuple[int, int]]
) -> tuple[np.ndarray, float]:
    """A border's line-filter strength at column ``col`` (give or take ``slack``) per cell's side.

    Also how strong it is where drawn: the 75th percentile of the sides.
    """
    band = strength[:, max(0, col - slack) : col + slack + 1].max(axis=1).tolist()
    values = np.array([median_of_few(band[lo : hi + 1]) if hi > lo else 0.0 for lo, hi in middles])
    return values, float(quantile_of(values, 0.75))  # np.percentile(values, 75)


def _drawn_border(
    strength: np.ndarray, col: int, slack: int, middles: list[tuple[int, int]], pitch: float
) -> int:
    """The column near ``col`` where a border shows most strongly along most of its length.

    Looked for up to the line filter's reach (``_FRINGE``), less than a tenth
    of a pitch: clear of any dot in the cells beside the border.
    """
    reach = max(slack, min(_FRINGE, math.floor(0.1 * pitch)))
    columns = range(max(0, col - reach), min(strength.shape[1], col + reach + 1))
    drawn = [_border_segments(strength, c, 0, middles)[1] for c in columns]
    return columns[int(np.argmax(drawn))]


#: Pixels (of the copy searched) a dark-line lattice may lie off a bright
#: line: the line filter's half kernel across (a fringe reaches that far).
_FRINGE = 3


def _lines_go_on(
    column: np.ndarray,
    line: float,
    rows: np.ndarray,
    *,
    inward: int,
    pitch: float,
    reach: int,
    ratio: float,
) -> np.ndarray:
    """Whether each crossing line ``rows`` shows anywhere within a pitch past a border.

    Per line, by colour: the contrast across it at points beyond the border
    at ``line`` (as ``ground_across`` lays it out), somewhere at least
    ``ratio`` of its median contrast over the same reach inside, where it
    lies inside (give or take a pixel). Glow may hide most of it; a line that
    shows at all beyond goes on.
    """
    h, w = column.shape[:2]
    t = np.linspace(0.15, 0.95, 9)
    offsets = np.arange(-reach, reach + 1)
    py = np.clip(np.rint(rows)[:, None] + offsets[None, :], 0, h - 1).astype(np.intp)
    seen = []
    for side in (inward, -inward):
        px = np.clip(np.rint(line + side * t * pitch), 0, w - 1).astype(np.intp)
        lab = to_lab(column[py[:, None, :], px[None, :, None]])  # (rows, points, offsets, 3)
        flank = (lab[:, :, :1] + lab[:, :, -1:]) / 2
        seen.append(delta_e(lab, flank))  # (rows, points, offsets)
    inside = median_of(seen[0], axis=1)  # (rows, offsets)
    at = inside.argmax(axis=1)
    near = np.abs(offsets[None, :] - offsets[at][:, None]) <= 1
    beyond = np.where(near[:, None, :], seen[1], 0.0).max(axis=2)
    return beyond.max(axis=1) >= ratio * inside.max(axis=1)


def _check_border_at_image_edge(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a board whose border, cut by the image's edge, shows all along but beside some cells.

    A tight crop through the border line keeps a sliver of it along the
    whole edge (or none at all): a corner cell left out of a shaped board
    leaves that sliver dark beside it. ``_check_border`` cannot look at a
    border at the image's edge in the shrunk copy; here, at full resolution,
    per cell, the brightest pixel between the image's edge and the border.
    """
    f = factor
    near = 2 * f + 1  # the shrunk copy's blind margin, in full-size pixels
    t = _ALONG_SIDE
    for vertical, (positions, spans) in enumerate(
        ((lattice.ys, lattice.xs), (lattice.xs, lattice.ys))
    ):
        size, length = (image.shape[1], image.shape[0]) if vertical else image.shape[:2]
        for end in (0, -1):
            at = f * positions[end] + (f - 1) / 2
            if near <= at <= size - 1 - near:
                continue  # inside the image: _check_border's
            lo, hi = (0, min(size, round(at) + 2)) if end == 0 else (max(0, round(at) - 1), size)
            if hi <= lo:
                continue
            across = f * np.asarray(spans) + (f - 1) / 2
            along = across[:-1, None] + t[None, :] * np.diff(across)[:, None]
            points = np.clip(np.rint(along), 0, length - 1).astype(np.intp)  # (cells, 9)
            if vertical:
                strip = image[:, lo:hi][points]  # (cells, 9, across, channels)
            else:
                strip = np.moveaxis(image[lo:hi][:, points], 0, 2)
            # Brightest channel of the brightest pixel across; the median along.
            values = np.sort(strip.max(axis=(2, 3)), axis=1)[:, len(t) // 2].astype(float)
            drawn = median_of_few(values.tolist())
            if drawn < 3 * settings.line_contrast:
                continue  # no sliver of the border along this edge: nothing to compare
            log.debug("border sliver at the image's edge: darkest %.2f of it", values.min() / drawn)
            if (values < _EDGE_SLIVER_GAP * drawn).any():
                raise UnsureReadingError(_BORDER_GAP)


#: Points along the middle of each cell's side, as fractions of it.
_ALONG_SIDE = np.linspace(0.2, 0.8, 9)
#: Beside a cell left out, the sliver of border at the image's edge is darker
#: than this share of the rest: measured, the cut corners of decoys <= 0.01 of
#: it; plain boards' slivers >= 0.94 (real) and >= 0.80 (synthetic).
_EDGE_SLIVER_GAP = 0.4


def _edge_colours(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int
) -> np.ndarray:
    """CIELAB of the inner lines ``lines[1:-1]`` (image columns), ``[line, span]``.

    Per span, the median over points along it of the brightest pixel across
    the line: the line's own colour, not the background's.
    """
    pixels = _across_inner_lines(image, lines, spans, reach)  # (lines, points, offsets, 3)
    brightest = channel_sum(pixels.astype(np.int32)).argmax(axis=2)
    rgb = np.take_along_axis(pixels, brightest[:, :, None, None], axis=2)[:, :, 0]
    rgb = median_of(rgb.reshape(len(lines) - 2, len(spans) - 1, len(_ALONG_EDGE), 3), axis=2)
    return to_lab(rgb.astype(np.uint8))


def _across_inner_lines(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int
) -> np.ndarray:
    """Pixels across the inner lines ``lines[1:-1]`` (image columns), ``reach`` either side.

    At ``_ALONG_EDGE`` of each span: ``(lines, spans * points, offsets, 3)``.
    """
    h, w = image.shape[:2]
    along = (spans[:-1, None] + _ALONG_EDGE[None, :] * np.diff(spans)[:, None]).ravel()
    offsets = np.arange(-reach, reach + 1)
    px = np.clip(np.rint(lines[1:-1])[:, None] + offsets[None, :], 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)
    return pixels_at(image, py[None, :, None], px[:, None, :])


#: Points along each edge where its line is looked at across (fractions of it).
_ALONG_EDGE = np.array([0.3, 0.5, 0.7])


class _EdgeColours:
    """A lattice's inner edges' colours (``_edge_colours``), each way, found when first asked.

    ``vertical`` ``(cols - 1, rows, 3)``, ``horizontal`` ``(rows - 1, cols, 3)``
    and ``line``, the lines' colour: their median over every inner edge
    (``vertical_line`` over the vertical ones only).
    """

    def __init__(self, lattice: Lattice, image: np.ndarray, factor: int) -> None:
        self.image = image
        self.xs, self.ys = _full_size_lines(lattice, factor)
        self.reach = _colour_reach(self.xs, self.ys, factor)

    @functools.cached_property
    def vertical(self) -> np.ndarray:
        return _edge_colours(self.image, self.xs, self.ys, self.reach)

    @functools.cached_property
    def horizontal(self) -> np.ndarray:
        return _edge_colours(np.swapaxes(self.image, 0, 1), self.ys, self.xs, self.reach)

    @functools.cached_property
    def vertical_line(self) -> np.ndarray:
        return median_of(self.vertical.reshape(-1, 3), axis=0)

    @functools.cached_property
    def line(self) -> np.ndarray:
        inner = [self.vertical.reshape(-1, 3), self.horizontal.reshape(-1, 3)]
        return median_of(np.concatenate(inner), axis=0)


def _check_outlined_holes(image: np.ndarray, edges: _EdgeColours) -> None:
    """Refuse a cell left out of a shaped board: outlined all round in a colour unlike the lines.

    The game draws no lines inside a cell it leaves out and outlines it, where
    it meets playable cells, in a bright colour of its own; inside it is plain
    background like an empty cell. A pipe crossing a line tints it too, but
    never a cell's every side, and the cell it fills is not background.
    """
    xs, ys = edges.xs, edges.ys
    rows, cols = len(ys) - 1, len(xs) - 1
    if rows < 2 or cols < 2:
        return
    unlike = 25.0  # CIELAB: another colour, not the same line dimmed or tinted by glow
    # Every such cell has sides both ways: no vertical side unlike the lines, no hole.
    vertical = edges.vertical  # (cols - 1, rows)
    v_lighter = _lighter_than_its_line(vertical) > _OUTLINE_LIGHTER
    v_off = (delta_e(vertical, edges.vertical_line) > unlike) | v_lighter
    if not v_off.any():
        return
    horizontal = edges.horizontal  # (rows - 1, cols)
    line = edges.line
    # The outline is bright: lighter than the lines (a glow brighter than the
    # lines is no outline, it only hides them). Thin lines split over two
    # pixels or not are lighter or darker a whole line at a time; the outline,
    # as thin, stands out from the rest of its own line.
    v_off = (delta_e(vertical, line) > unlike) & (vertical[..., 0] > line[0] + _OUTLINE_LIGHTER)
    v_off |= v_lighter
    h_off = (delta_e(horizontal, line) > unlike) & (horizontal[..., 0] > line[0] + _OUTLINE_LIGHTER)
    h_off |= _lighter_than_its_line(horizontal) > _OUTLINE_LIGHTER
    if not (v_off.any() and h_off.any()):
        return
    centres = _centre_colours(image, xs, ys)
    dark = centres[..., 0] <= median_of(centres[..., 0])
    background = median_of(centres[dark], axis=0)
    for r, c in zip(*np.nonzero(delta_e(centres, background) < 10.0), strict=True):
        sides = []
        if c > 0:
            sides.append((v_off[c - 1, r], vertical[c - 1, r]))
        if c < cols - 1:
            sides.append((v_off[c, r], vertical[c, r]))
        if r > 0:
            sides.append((h_off[r - 1, c], horizontal[r - 1, c]))
        if r < rows - 1:
            sides.append((h_off[r, c], horizontal[r, c]))
        if len(sides) < 2 or not all(off for off, _ in sides):
            continue
        colours = np.array([lab for _, lab in sides])
        bright = colours[:, 0].min() > centres[r, c, 0] + 30.0  # a line, not a tint
        if bright and delta_e(colours, colours.mean(axis=0)).max() < 15.0:
            raise UnsureReadingError(
                f"cell ({r}, {c}) is outlined in another colour than the grid lines: "
                "left out of a shaped board"
            )


def _centre_colours(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """CIELAB ``(rows, cols, 3)`` at each cell's centre pixel, the grid lines ``xs`` and ``ys``."""
    cx = np.clip(np.rint((xs[:-1] + xs[1:]) / 2), 0, image.shape[1] - 1).astype(np.intp)
    cy = np.clip(np.rint((ys[:-1] + ys[1:]) / 2), 0, image.shape[0] - 1).astype(np.intp)
    return to_lab(pixels_at(image, cy[:, None], cx[None, :]))


def _lighter_than_its_line(edges: np.ndarray) -> np.ndarray:
    """How much lighter (L*) each edge (CIELAB ``[line, span]``) is than its line's median edge."""
    return edges[..., 0] - median_of(edges[..., 0], axis=1, keepdims=True)


#: L*: an outline is this much lighter than the lines (the board's, or its
#: own line's other edges): measured, good screens' empty cells' sides at
#: most 2.0 lighter than the rest of their line (560 synthetic, 491 real),
#: outlines of cells left out 20-41.
_OUTLINE_LIGHTER = 10.0


def _nearby_median(strengths: np.ndarray, *, border_typical: bool = True) -> np.ndarray:
    """Per edge, how strong the edges beside it are: the stronger side's median.

    ``strengths[i, k]`` is the edge on line ``i`` over span ``k``; a side is
    the two parallel lines on that side, over spans ``k - 1 .. k + 1``. A wall
    is stronger than the lines on both sides of it; glow dims or brightens a
    region of the board, so one side or the other looks like the edge. With
    ``border_typical``, beside the border (one side only inside) the board's
    typical edge stands in for the other side.
    """
    lines, spans = strengths.shape
    if strengths.size == 0:  # a grid one cell wide has no inner line this way
        return np.zeros((lines, spans))
    padded = pad_with(strengths.astype(float), 2, 1, np.nan)
    window = np.lib.stride_tricks.sliding_window_view(padded, (5, 3))  # (lines, spans, 5, 3)
    sides = np.stack([window[:, :, :2], window[:, :, 3:]]).reshape(2, lines, spans, 6)
    before, after = median_of_present(sides)
    if border_typical:
        typical = float(median_of(strengths))
        before[0], after[-1] = np.fmax(before[0], typical), np.fmax(after[-1], typical)
    return np.fmax(before, after)


#: An edge at least this share of its neighbours' colour contrast (they
#: showing at least half as much as a faint line must) is a line dimmed with
#: them (glow), not one taken away (a hole or a wall): measured, glow-dimmed
#: lines keep >= 0.34 of their neighbours' contrast, the inner edges of real
#: shaped boards' holes <= 0.11.
_DIMMED_WITH_NEIGHBOURS = 0.25


def _unseen_by_colour(
    faint: np.ndarray, image: np.ndarray, lattice: Lattice, factor: int, settings: Settings
) -> np.ndarray:
    """Which of the edges the line map missed do not show in full-resolution colour either.

    ``faint`` flags the inner edges in ``_check_edges`` order (vertical lines
    first, each line's edges top to bottom, then horizontal ones). A line of
    another hue over a band of glow as bright as itself is visible by colour
    alone; the edges the line map did see set what "visible" means here.
    """
    if faint.mean() > 0.5:
        return faint  # too few edges seen to say what a visible one looks like
    f = factor
    xs, ys = _full_size_lines(lattice, f)
    vertical, horizontal = edge_visibility(image, xs, ys, uncertainty=f / 2 + 1)
    visibility = np.concatenate([vertical.ravel(), horizontal.ravel()])
    typical = float(median_of(visibility[~faint]))
    log.debug("faint edges: colour %s, typical %.1f", np.round(visibility[faint], 1), typical)
    if (faint & (visibility > settings.wall_ratio * typical)).any():
        # Missed by the line filter yet far bolder than a line: a wall too
        # wide for the filter.
        raise UnsureReadingError("some inner grid edges are drawn as walls")
    unseen = faint & (visibility < settings.edge_colour_ratio * typical)
    if not unseen.any():
        return unseen
    # Glow dims a region's lines together, gradually; a hole or a wall takes
    # an edge's line away where its neighbours still show theirs.
    nearby = np.concatenate(
        [
            _nearby_median(vertical, border_typical=False).ravel(),
            _nearby_median(horizontal, border_typical=False).ravel(),
        ]
    )
    dimmed = (visibility >= _DIMMED_WITH_NEIGHBOURS * nearby) & (
        nearby >= 0.5 * settings.edge_colour_ratio * typical
    )
    unseen &= ~dimmed
    if unseen.any():
        unseen &= ~_in_line_colour(faint, image, xs, ys, factor, typical=typical)
    return unseen


def _in_line_colour(
    faint: np.ndarray,
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    factor: int,
    *,
    typical: float,
) -> np.ndarray:
    """Which inner edges show the board's line colour, or a ground as light, where their line lies.

    Edges are flagged in ``_check_edges`` order; ``faint`` ones set no colour.
    ``typical``: the seen edges' typical colour contrast.
    """
    reach = _colour_reach(xs, ys, factor)
    vertical = _edge_colours(image, xs, ys, reach)  # (lines, spans, 3)
    horizontal = _edge_colours(np.swapaxes(image, 0, 1), ys, xs, reach)
    split = vertical.shape[0] * vertical.shape[1]
    seen = (
        ~faint[:split].reshape(vertical.shape[:2]),
        ~faint[split:].reshape(horizontal.shape[:2]),
    )
    drawn = _drawn_in_line_colour((vertical, horizontal), seen, image, xs, ys)
    across = [
        _across_lightness(image, xs, ys, reach),
        _across_lightness(np.swapaxes(image, 0, 1), ys, xs, reach),
    ]
    if not _lines_lighter(across, seen):
        return drawn
    # The ground a little way out too, clear of a wall's strokes beside the
    # line: glow is wide, a wall lights a narrow band.
    out = max(reach + 1, round(_LIT_OUT * cell_pitch(xs, ys)))
    beside = [
        _across_lightness(image, xs, ys, out)[..., [0, -1]],
        _across_lightness(np.swapaxes(image, 0, 1), ys, xs, out)[..., [0, -1]],
    ]
    return drawn | _lit_as_the_lines(across, beside, ~faint, typical=typical)


#: Pitches from a line where the ground must be lit as well: past a wall's
#: two strokes (the game's, and the decoys': 0.05 pitch either side of the
#: line, a line wide), short of a dot (0.12 pitch from the line at least).
_LIT_OUT = 0.15


def _lit_as_the_lines(
    across: list[np.ndarray], beside: list[np.ndarray], seen: np.ndarray, *, typical: float
) -> np.ndarray:
    """Which edges lie on a ground lit up to the lines' own lightness: a line there cannot show.

    ``across``: L* across the inner lines, vertical then horizontal
    (``_across_lightness``), ``beside`` the same a little way out on either
    side; ``seen`` flags the edges seen (flattened in that order),
    ``typical`` their typical colour contrast; the lines stand lighter than
    their ground. Glow lit up to their lightness hides them (a phone
    mirror's video keeps no colour across a one-pixel line): the ground
    beside the edge (its darkest pixel across), and out, is as light as the
    lines' lightest. A cell left out shows the dark ground; a pipe crossing
    an edge leaves its cells' ground beside it, a wall's strokes the ground
    past them; a ground lighter than the lines by more than their typical
    contrast would show a line there as a dark one.
    """

    def flat(blocks: list[np.ndarray]) -> np.ndarray:
        return np.concatenate([block.reshape(-1, *block.shape[2:]) for block in blocks])

    lines = float(median_of(median_of(flat(across)[seen].max(axis=2), axis=1)))
    lit = np.ones(len(seen), bool)
    for where, blocks in (("beside", across), ("out", beside)):
        lift = median_of(flat(blocks).min(axis=2), axis=1) - lines
        log.debug(
            "unseen edges' ground %s lighter than the lines by %s (L*)",
            where,
            np.round(lift[~seen], 1),
        )
        lit &= (lift >= 0.0) & (lift <= typical)
    return lit


def _lines_lighter(across: list[np.ndarray], seen: tuple[np.ndarray, ...]) -> bool:
    """Whether the inner edges ``seen`` (vertical, horizontal) stand lighter than the ground beside.

    Per edge, across its line (``across``, as ``_lit_as_the_lines`` takes
    it): how far its lightest pixel stands above the two at the ends of the
    look (the ground), against how far its darkest stands below them; the
    median edge decides. Dark lines on a light page stand below it.
    """
    above, below = [], []
    for flags, block in zip(seen, across, strict=True):
        lightness = block[flags]  # (edges, points, offsets)
        ground = (lightness[..., 0] + lightness[..., -1]) / 2
        above.append(median_of(lightness.max(axis=2) - ground, axis=1))
        below.append(median_of(ground - lightness.min(axis=2), axis=1))
    up, down = float(median_of(np.concatenate(above))), float(median_of(np.concatenate(below)))
    log.debug("seen lines stand %.1f above their ground, %.1f below (L*)", up, down)
    return up > down


def _across_lightness(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int
) -> np.ndarray:
    """L* across the inner lines ``lines[1:-1]`` (image columns), ``[line, span, point, offset]``.

    At ``_ALONG_EDGE`` of each span, ``reach`` pixels either side of the line.
    """
    lightness = to_lab(_across_inner_lines(image, lines, spans, reach))[..., 0]
    return lightness.reshape(len(lines) - 2, len(spans) - 1, len(_ALONG_EDGE), 2 * reach + 1)


def _colour_around(colours: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """Per edge (CIELAB ``colours[line, span]``), the median colour of the ``lines`` around it.

    Those flagged in ``lines`` on its own line and the parallel lines beside
    it, over its span and the spans beside it (NaN where none is).
    """
    count, spans = lines.shape
    shown = np.where(lines[..., None], colours, np.nan)
    padded = pad_with(shown, 1, 1, np.nan)
    window = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(0, 1))
    around = np.delete(window.reshape(count, spans, 3, 9), 4, axis=3)  # not the edge itself
    return median_of_present(around)


def _colour_reach(xs: np.ndarray, ys: np.ndarray, factor: int) -> int:
    """How far across a line (full-size pixels) its colour is looked for: clear of any dot."""
    return max(1, min(math.ceil(factor / 2 + 1), math.floor(0.1 * cell_pitch(xs, ys))))


def _drawn_in_line_colour(
    blocks: tuple[np.ndarray, ...],
    seen_in: tuple[np.ndarray, ...],
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
) -> np.ndarray:
    """Which edges show the lines' colour where their line lies (flattened, block by block).

    ``blocks``: CIELAB ``[line, span]`` of parallel lines' edges (each
    direction's inner lines, or one border), ``seen_in`` their edges seen.
    The game draws every line in one colour; glow of that colour as bright as
    a line hides it from both measures of contrast, yet the line is drawn. A
    cell left out (a hole) shows the board's background there instead: the
    edge must be nearer the lines' colour than the background of the board's
    cells (``xs``, ``ys``: its grid in ``image`` pixels). The seen edges set
    the lines' colour; glow of a hue near it tints the lines of its region
    alike, further from it than noise: an edge hidden there shows the colour
    of the lines seen around it.
    """
    colours = np.concatenate([block.reshape(-1, 3) for block in blocks])
    seen = np.concatenate([block.ravel() for block in seen_in])
    line = median_of(colours[seen], axis=0)
    to_line = delta_e(colours, line)
    # Lines thinner than a pixel, or blurred, take on some of the glow under
    # them: as far as the lines seen stray from their typical colour, so may
    # a hidden one. Lines seen that stray further are not one board's lines
    # (header text, a window's frame taken for a row, pipes) or lie under
    # glow of another hue: the rest set the lines' colour, and an edge must
    # then show it (within noise) as well as the colour of those around it.
    spread = max(_LINE_COLOUR_NOISE, float(np.percentile(to_line[seen], 95)))
    one_colour = spread <= 2 * _LINE_COLOUR_NOISE
    spread = min(spread, 2 * _LINE_COLOUR_NOISE)
    centres = _centre_colours(image, xs, ys)
    background = median_of(centres.reshape(-1, 3), axis=0)
    to_background = delta_e(colours, background)
    log.debug(
        "unseen edges' colour: %s from the lines' (spread %.1f), %s from the background's",
        np.round(to_line[~seen], 1),
        spread,
        np.round(to_background[~seen], 1),
    )
    # The lines around an edge: those seen in the lines' colour (a pipe over
    # a half-solved board's lines shows in the line map in its own), and the
    # hidden ones found drawn, so that an edge deep in a glow hiding every
    # line around it is judged by the hidden lines beside it (generated
    # 93609: two edges 12.4 and 13.4 from the lines' colour, no line seen
    # around them; 3.3 and 2.0 from the hidden ones found drawn beside them).
    # A hole's edges show the background (not ``nearer_line``): never drawn.
    nearer_line = to_line <= _NEARER_LINE * to_background
    line_like = to_line <= (spread if one_colour else _LINE_COLOUR_NOISE)
    lines = seen & (to_line <= spread)
    while True:
        to_around = delta_e(colours, _colour_around_blocks(blocks, lines))
        around_like = to_around <= _LINE_COLOUR_NOISE
        like = (line_like | around_like) if one_colour else (line_like & around_like)
        drawn = like & nearer_line
        grown = lines | (drawn & ~seen)
        if (grown == lines).all():
            break
        lines = grown
    log.debug("unseen edges' colour: %s from the lines' around", np.round(to_around[~seen], 1))
    return drawn


def _colour_around_blocks(blocks: tuple[np.ndarray, ...], lines: np.ndarray) -> np.ndarray:
    """``_colour_around`` of each block's edges (flattened, block by block; inf where none is)."""
    around, start = [], 0
    for block in blocks:
        size = block.shape[0] * block.shape[1]
        flags = lines[start : start + size].reshape(block.shape[:2])
        around.append(_colour_around(block, flags).reshape(-1, 3))
        start += size
    nearby = np.concatenate(around)
    return np.where(np.isnan(nearby), np.inf, nearby)


#: CIELAB: JPEG and anti-aliasing move a line's colour this much at least
#: (the lines seen: 95th percentile 5-19 from their median on glow; holes'
#: inner edges 36-51 from it); lines seen twice as far off are not the
#: board's or lie under glow of another hue. Where over 5% of those seen
#: are, an edge is drawn only within this of both the typical line and the
#: lines around it (measured: the edge glow hides in twins 99714 0.0 and
#: 0.0; no grid of 5x5 or more in flow_holes, shaped, walled, cut, dialog
#: 96000-96199 or the real screens loses all its missing edges, the nearest
#: kept 13.6 and 12.3 (a pop-up), 11.0 and 12.5 (a solved board's pipes)).
#: Also from the lines seen around an edge (measured: glow-hidden edges
#: 1.1-9.8 from theirs; flow_holes and flow_shaped 96400-96599, the unseen
#: edge furthest from them in each image >= 32.8, or none around; real solved
#: boards' pipes over lines >= 23.5).
_LINE_COLOUR_NOISE = 12.0
#: A hidden line's colour is nearer the line's than the board's background's
#: (measured, glow-hidden lines at most 0.66 as far; holes show the background).
_NEARER_LINE = 0.75


def _check_run_on_by_colour(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> bool:
    """Refuse a grid whose inner lines go on past a border in full-resolution colour.

    Glow as bright as the lines hides them from the line map, and with them
    whole rows of the board; so do pipes and their tint on a half-solved
    board. The grid found would then be too small: a wrong puzzle.

    Returns whether some inner line goes on, too few of them to refuse for.
    """
    ratio = settings.edge_colour_ratio
    goes_on = False
    for run_on in _run_on_past(lattice, image, factor).values():
        # A line that goes on looks as it does inside; half the lines or more
        # (pipes on a half-solved board hide some), as text or a window beside
        # the board (of another contrast) lines up with a few at most.
        inside = run_on.inside
        like = _like_lines(run_on.beyond, inside, ratio)
        seen = like & _same_colour(run_on)
        # (Its next line one pitch out cannot be asked for as well: the pipes
        # of a half-solved board hide most of it, and a corner of such a
        # board would be read as a small puzzle.) Lines that go on only a
        # little way, up to a pop-up laid over the board's last rows, go on
        # too: nearly all of them, as glyphs of the counters' text just past
        # a border line up with a few.
        stub = _like_lines(run_on.just_past, inside, ratio)
        if seen.mean() >= 0.5 or stub.mean() >= 0.8:
            raise RunOnError
        # Any line going on, in whatever colour, earns the closer look for
        # cells outlined past the border (beside a pop-up, its frame along a
        # line tints it).
        goes_on = goes_on or bool(like.any())
    return goes_on


def _like_lines(contrast: np.ndarray, lines: np.ndarray | float, ratio: float) -> np.ndarray:
    """Whether a colour contrast past the border is the board's ``lines``' own.

    At least ``ratio`` of it, as a line going on shows; at most twice it: an
    editor's ruled lines or a window's frame beside the board are brighter.
    """
    return (contrast >= ratio * lines) & (contrast <= 2.0 * lines)


def _same_colour(run_on: RunOn) -> np.ndarray:
    """Whether each line past a border keeps its colour inside: the board's line going on.

    The game draws every line in one colour; another window's ruled lines
    or text against a mirror window's edge, in step with some of the
    board's lines, are of their own (white rules beside grey lines).
    """
    return run_on.unlike <= _SAME_LINE


#: CIELAB: a line going on past a border keeps its colour within this (two
#: lines seen on one board: ``_LINE_COLOUR_NOISE`` twice).
_SAME_LINE = 2 * _LINE_COLOUR_NOISE


def grown(
    lattice: Lattice,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    pieces: list[Lattice],
) -> Lattice | None:
    """``lattice`` grown a row or column at a time where its lines go on a pitch, or ``None``.

    Glow that flips from brighter than the lines to darker across a board
    hides them where it is as bright as they are: the line search then finds
    the board in pieces, whose lines go on past their borders (seen at full
    resolution, by colour). Grown while they go on, like the lines of the
    grid first found, and the image reaches; the lines are then fitted to
    those of the grid and of the other ``pieces`` found within it (one pitch
    carried over many rows drifts). The grid grown must then pass every
    check itself.
    """
    f = factor
    h, w = image.shape[:2]
    xs, ys = list(lattice.xs), list(lattice.ys)
    sizes = {"top": h, "bottom": h, "left": w, "right": w}
    run_on = _run_on_past(lattice, image, f)
    # What goes on must look like the lines of the grid first found: the
    # rows grown at the last step set no measure (text or a page beyond the
    # board shows ripples like each other, not like the board's lines).
    inside = [band.inside for band in run_on.values()]
    like = float(median_of(np.concatenate(inside))) if inside else 0.0
    if like <= 0:
        return None
    # ... or like that very line inside the grid first found: glow brighter
    # than the lines over part of a board dims them there all along their
    # length (twins 99779: a column at 0.31 of the typical line's contrast
    # inside the grid found goes on at 0.22 of it, then 0.18, under a glow
    # growing lighter).
    first = {side: (_crossing_lines(lattice, side), band.inside) for side, band in run_on.items()}
    # Glow over a line's length hides it from the line search, and dims the
    # lines crossing it below the grid's typical look: the board is found as
    # two grids side by side. Where this one's lines go on past a border (as
    # the check judges) into another grid on its lattice that starts at that
    # border, the lines cross from one into the other: one board.
    taken = _abutting(lattice, image, f, settings, pieces=pieces)
    if taken is not None:
        xs, ys = list(taken.xs), list(taken.ys)
        run_on = _run_on_past(taken, image, f)
    stopped: set[str] = set()
    for _ in range(_MOST_GROWTH):
        grid = Lattice(tuple(xs), tuple(ys))
        p = grid.pitch
        going = _sides_going_on(run_on, settings, like=like, first=first, grid=grid)
        sides = [side for side in going if side not in stopped]
        stopped |= {"top", "bottom", "left", "right"} - set(sides)
        grew = False
        for side in sides:
            lines = ys if side in ("top", "bottom") else xs
            at = lines[0] - p if side in ("top", "left") else lines[-1] + p
            if not 0 <= f * at + (f - 1) / 2 <= sizes[side] - 1:
                continue  # the image ends first: a board cut off
            if side in ("top", "left"):
                lines.insert(0, at)
            else:
                lines.append(at)
            grew = True
        if not grew:
            break
        run_on = _run_on_past(Lattice(tuple(xs), tuple(ys)), image, f)
    if len(xs) == len(lattice.xs) and len(ys) == len(lattice.ys):
        return None
    p = lattice.pitch
    within = [
        piece
        for piece in [lattice, *pieces]
        if abs(piece.pitch - p) <= settings.spacing_tolerance * p
        and lies_within(piece, Lattice(tuple(xs), tuple(ys)))
    ]
    seen_xs = _matched(xs, [piece.xs for piece in within], p)
    seen_ys = _matched(ys, [piece.ys for piece in within], p)
    # Cells are square: a direction grown far past the few lines seen in it
    # takes its pitch from the other's lines too (a piece two columns wide,
    # its pitch a rounded pixel short in the shrunk copy, grown to six).
    fitted = (
        _fitted(xs, seen_xs, across=seen_ys if len(xs) > len(lattice.xs) else None),
        _fitted(ys, seen_ys, across=seen_xs if len(ys) > len(lattice.ys) else None),
    )
    for guess, lines in zip((xs, ys), fitted, strict=True):
        if np.abs(np.asarray(lines) - guess).max() > 0.25 * p:
            return None  # the pieces do not fit one lattice
    xs, ys = fitted
    if (
        min(xs[0], ys[0]) < -0.5
        or f * xs[-1] + (f - 1) / 2 > w - 0.5
        or f * ys[-1] + (f - 1) / 2 > h - 0.5
    ):
        return None
    log.debug(
        "grid grown from %dx%d to %dx%d",
        len(lattice.ys) - 1,
        len(lattice.xs) - 1,
        len(ys) - 1,
        len(xs) - 1,
    )
    return Lattice(tuple(xs), tuple(ys))


def _abutting(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings, *, pieces: list[Lattice]
) -> Lattice | None:
    """``lattice`` taking in a grid of ``pieces`` that its lines go on into, or ``None``.

    Such a grid lies on ``lattice``'s lattice past one of its borders, its
    lines across that border the same (within a quarter pitch); and from the
    border up to it, a pitch at a time, half or more of the inner lines go
    on past each border in turn, as ``_check_run_on_by_colour`` judges.
    """
    ratio = settings.edge_colour_ratio
    p = lattice.pitch
    for piece in pieces:
        if piece == lattice or not in_phase(lattice, piece):
            continue
        for side in _SIDES:
            crosswise = side in ("top", "bottom")
            along, theirs = (lattice.xs, piece.xs) if crosswise else (lattice.ys, piece.ys)
            if len(theirs) != len(along) or np.abs(np.subtract(theirs, along)).max() > 0.25 * p:
                continue
            mine, their_across = (lattice.ys, piece.ys) if crosswise else (lattice.xs, piece.xs)
            out = -1 if side in ("top", "left") else 1
            border = mine[0] if out < 0 else mine[-1]
            near = their_across[-1] if out < 0 else their_across[0]
            apart = out * (near - border) / p
            if not -0.25 <= apart <= _MOST_GROWTH or abs(apart - round(apart)) > 0.25:
                continue
            xs, ys = list(lattice.xs), list(lattice.ys)
            lines = ys if crosswise else xs
            steps = round(apart)
            # Past each border up to the grid's first line (at least once).
            for k in range(max(1, steps)):
                band = _run_on_past(Lattice(tuple(xs), tuple(ys)), image, factor).get(side)
                if band is None:
                    break
                seen = _like_lines(band.beyond, band.inside, ratio) & _same_colour(band)
                if seen.mean() < 0.5:
                    break
                if k < steps:
                    _extend(lines, out, 1, p)
            else:
                # Then on across the grid.
                _extend(lines, out, len(their_across) - 1, p)
                return Lattice(tuple(xs), tuple(ys))
    return None


def _extend(lines: list[float], out: int, count: int, pitch: float) -> None:
    """Add ``count`` lines a ``pitch`` apart past the last of ``lines`` (``out`` +1) or first."""
    for _ in range(count):
        if out > 0:
            lines.append(lines[-1] + pitch)
        else:
            lines.insert(0, lines[0] - pitch)


def _sides_going_on(
    run_on: dict[str, RunOn],
    settings: Settings,
    *,
    like: float,
    first: dict[str, tuple[np.ndarray, np.ndarray]],
    grid: Lattice,
) -> list[str]:
    """The borders of ``grid`` past which half the inner lines or more go on a whole pitch.

    As ``_check_run_on_by_colour`` judges, and at a contrast like ``like``
    (the typical line's inside the grid first found) or, if dimmer, like
    the same line's there (``first``: per border, its crossing lines'
    positions and contrasts inside it).
    """
    ratio = settings.edge_colour_ratio
    found = []
    for side, band in run_on.items():
        seen = _like_lines(band.beyond, band.inside, ratio) & _same_colour(band)
        own = np.full(len(band.beyond), like)
        if side in first:
            at, contrast = first[side]
            lines = _crossing_lines(grid, side)
            apart = np.abs(lines[:, None] - at[None, :])
            nearest = apart.argmin(axis=1)
            kept = apart[np.arange(len(lines)), nearest] < 0.25 * grid.pitch
            own[kept] = contrast[nearest[kept]]
            # A line must show there to be followed: at least as a line
            # dimmed past a border (``ratio``) of one itself as dim
            # (``ratio`` of the typical line) shows; fainter, it is noise
            # (a line that shows nowhere is like any other).
            own[own < ratio * ratio * like] = like
        # (Dimmer only: a line brighter than the typical one at the grid's
        # border is no board's line dimmed, but another window's rule.)
        seen &= _like_lines(band.beyond, like, ratio) | _like_lines(
            band.beyond, np.minimum(own, like), ratio
        )
        if seen.mean() >= 0.5:
            found.append(side)
    return found


def _crossing_lines(lattice: Lattice, side: str) -> np.ndarray:
    """The inner lines of ``lattice`` crossing its ``side`` border, in ``RunOn``'s order."""
    lines = lattice.xs if side in ("top", "bottom") else lattice.ys
    return np.asarray(lines[1:-1], dtype=float)


def _matched(
    lines: list[float], seen: list[tuple[float, ...]], pitch: float
) -> tuple[np.ndarray, np.ndarray]:
    """The lines ``seen`` that lie near one of ``lines``: that line's index, and where seen."""
    guess = np.asarray(lines)
    index, at = [], []
    for positions in seen:
        for v in positions:
            k = int(np.abs(guess - v).argmin())
            if abs(guess[k] - v) < 0.3 * pitch:
                index.append(k)
                at.append(v)
    return np.asarray(index, dtype=int), np.asarray(at, dtype=float)


def _fitted(
    lines: list[float],
    seen: tuple[np.ndarray, np.ndarray],
    *,
    across: tuple[np.ndarray, np.ndarray] | None = None,
) -> list[float]:
    """Equally spaced ``lines`` fitted to the lines ``seen`` (``_matched``; Theil-Sen).

    With ``across`` (the other direction's lines seen), the pitch is the
    median slope over the pairs of both directions' lines: cells are square.
    """
    index, at = seen
    if len(set(index.tolist())) < 2:
        return lines
    start, step = equal_spacing(index, at)
    if across is not None and len(set(across[0].tolist())) >= 2:
        slopes = [_pair_slopes(*seen), _pair_slopes(*across)]
        step = float(median_of(np.concatenate(slopes)))
        start = float(median_of(at - step * index))
    return [start + step * n for n in range(len(lines))]


def _pair_slopes(index: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The spacing between every two lines seen at different indices."""
    i, j = np.triu_indices(len(index), k=1)
    apart = index[j] != index[i]
    return (at[j] - at[i])[apart] / (index[j] - index[i])[apart]


#: Rows and columns a grid may grow by in all (no board is larger).
_MOST_GROWTH = 20


def _check_cells_past_border(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a grid with a cell past its border outlined as the board's cells are.

    Something laid over the board (a pop-up) hides most of its last rows'
    lines, so few run on; beside it a whole cell may still show: its side
    lines going on a pitch past the border and the next line across them
    there, each like the board's lines. Text and clutter beside a board
    draw no such box in step with its grid. (Such a cell has an inner line
    going on past the border: only then is it looked for.)
    """
    f = factor
    xs, ys = _full_size_lines(lattice, f)
    ratio = settings.edge_colour_ratio
    bands = cells_past_border(image, xs, ys, uncertainty=f / 2 + 1)
    if not bands:
        return
    # The board's lines all round: a pop-up hides the lines inside one side.
    typical = float(median_of(np.concatenate([band.crossing.inside for band in bands])))
    for band in bands:
        crossing, far = band.crossing, band.far
        seen = _like_lines(crossing.beyond, crossing.inside, ratio)
        far_seen = _like_lines(far.beyond, typical, ratio)
        # A side at the image's edge cannot be seen; the others must all be.
        sides = seen | band.off_image
        outlined = far_seen & sides[:-1] & sides[1:] & (seen[:-1] | seen[1:])
        if outlined.any():
            # ... on the board's ground: another window's (a box in it in
            # step with the board's cells) changes at once at the border.
            across = ground_across_border(image, xs, ys, band.side)
            if across is not None:
                step, beyond = across
                other = changes_at_once(step, beyond)
                # Its ruled page may stand a rule where the ground beyond is
                # looked at; but its rules are of their own colour on both
                # sides of the box (white beside dark green lines: 53-57
                # CIELAB), where the board's lines going on keep theirs (the
                # game draws every line in one colour; a pop-up's frame along
                # one side tints that one), and its ground steps at the
                # border (a pop-up's cells lie on the board's).
                kept = seen & _same_colour(crossing)
                other |= ~(kept[:-1] | kept[1:]) & (step >= OTHER_GROUND)
                outlined &= ~other
        if outlined.any():
            raise UnsureReadingError(
                "cells like the board's go on past its border (part of a board)"
            )


def check_lines_end_at_border(
    image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> None:
    """Refuse a board whose lines end together elsewhere than at one border: something covers it.

    The game draws each line from border to border, so the lines crossing
    every border end where that border is drawn, alike on all sides. A flat
    box laid over the board (a pop-up) cuts its lines at its own straight
    edge: under a border found where the lattice goes on (its rows beyond
    hidden), or a little past one, the cells beyond it hidden. All the
    lines crossing that border then end together, apart from where the
    board's lines end at its other borders.
    """
    side, apart = lines_end_apart(image, geometry, settings)
    if _ends_apart(apart, geometry.cell_size):
        how = "past" if apart > 0 else "short of"
        raise UnsureReadingError(
            f"the board's lines end together {how} its {side} border: "
            "something laid over the board hides part of it"
        )
    # A box whose edge lies along a line leaves the lines crossing it no
    # stubs; beside the box, the outline goes on: the outer line (its side
    # border) a pitch on, and the next line across there, by the corner,
    # both like the board's lines (an editor's ruled page beside the board,
    # a rule in line with its border, is far brighter).
    # The board's ground goes on in that cell too: another window's ruled
    # page against a mirror window's edge lines up with the outline as well.
    # A dark one's ground may pass for the board's; but it changes at once
    # at the border, beside the corner cell, and is flat beyond it.
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    for side, shares in outline_past_corners(image, xs, ys, uncertainty=1.0).items():
        like = (shares >= settings.edge_colour_ratio) & (shares <= 2.0)
        ends = [end for end in (0, 1) if like[end].all()]
        ends = [end for end in ends if not _ground_changes_at_corner(image, xs, ys, side, end)]
        if any(_ground_goes_on(image, xs, ys, side, end, settings=settings) for end in ends):
            raise UnsureReadingError(
                f"the board's outline goes on a cell past its {side} border by a corner: "
                "something laid over the board hides part of it"
            )


def _ground_goes_on(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str, end: int, *, settings: Settings
) -> bool:
    """Whether the cell past ``side``'s border at corner ``end`` shows the board's ground.

    Compared near the corner (clear of a dot, which reaches no cell's
    corner), with the same place in the corner cell inside, a pitch across.
    """
    pitch = cell_pitch(xs, ys)
    spans, lines = (ys, xs) if side in ("top", "bottom") else (xs, ys)
    border = spans[0] if side in ("top", "left") else spans[-1]
    out = -1.0 if side in ("top", "left") else 1.0
    outer, inward = (lines[0], 1.0) if end == 0 else (lines[-1], -1.0)
    near = np.linspace(*_CORNER_PATCH, 4) * pitch
    along = outer + inward * near  # across the cell, from the outer line
    h, w = image.shape[:2]
    patches = []
    for way in (out, -out):
        past = border + way * near
        a, b = np.meshgrid(along, past)
        x, y = (a, b) if side in ("top", "bottom") else (b, a)
        if x.min() < 0 or y.min() < 0 or x.max() > w - 1 or y.max() > h - 1:
            return False
        patches.append(
            median_of(
                to_lab(image[np.rint(y).astype(int), np.rint(x).astype(int)]).reshape(-1, 3), axis=0
            )
        )
    return float(delta_e(patches[0], patches[1])) <= settings.empty_contrast


def _ground_changes_at_corner(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str, end: int
) -> bool:
    """Whether the ground changes at once across ``side``'s border by corner ``end``.

    ``changes_at_once``, looked at where ``_ground_goes_on`` compares the
    grounds (along the border, as far from the outer line): another
    window's ground meets the board there.
    """
    pitch = cell_pitch(xs, ys)
    spans = ys if side in ("left", "right") else xs
    outer, toward = (spans[0], 1.0) if end == 0 else (spans[-1], -1.0)
    across = ground_across_border(
        image,
        xs,
        ys,
        side,
        spans=np.array([outer, outer + toward * pitch]),
        along=np.linspace(*_CORNER_PATCH, 4),
    )
    return across is not None and bool(changes_at_once(*across)[0])


#: Where a cell's ground is sampled near a corner (pitch from both lines).
_CORNER_PATCH = (0.12, 0.22)


def lines_end_apart(
    image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> tuple[str, float]:
    """The border whose lines end farthest (pitch, out: positive) from where the others' do.

    Only borders all of whose crossing lines end together count, each
    against the median of the others'; ``("", 0.0)`` when fewer than two do.
    """
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    pitch = cell_pitch(xs, ys)

    def farthest(same_colour: list[str]) -> tuple[str, float]:
        ends = line_ends(
            image,
            xs,
            ys,
            uncertainty=1.0,
            ratio=settings.edge_colour_ratio,
            same_colour=same_colour,
        )
        return _farthest_apart(ends, pitch)

    worst = farthest([])
    if not _ends_apart(worst[1], geometry.cell_size):
        return worst
    # Against another window's ground (all along a border), a line goes on
    # only in its own colour: that window's text lines up with the lines.
    # Looked at only when the lines seem to end apart (a few ms a board).
    windowed = [side for side in _SIDES if against_another_ground(image, xs, ys, side)]
    return farthest(windowed) if windowed else worst


def _farthest_apart(ends: dict[str, np.ndarray], pitch: float) -> tuple[str, float]:
    """``lines_end_apart`` from the lines' ends past each border (``line_ends``)."""
    where: dict[str, float] = {}
    for side, measured in ends.items():
        found = measured[~np.isnan(measured)]
        if len(found) < _ENDS_LINES:
            continue
        end = median_of_few(found.tolist())
        together = np.abs(found - end) <= max(_ENDS_TOGETHER, 1.5 / pitch)
        if together.sum() >= _ENDS_SHARE * len(found):
            where[side] = end
    log.debug("grid lines end at %s pitch past the borders", where)
    worst = ("", 0.0)
    # Farthest from its border first: with two sides to compare, the one off.
    for side, end in sorted(where.items(), key=lambda item: -abs(item[1])):
        others = [v for k, v in where.items() if k != side]
        if others:
            apart = end - median_of_few(others)
            if abs(apart) > abs(worst[1]):
                worst = (side, apart)
    return worst


def _ends_apart(apart: float, pitch: float) -> bool:
    """Whether lines ending ``apart`` (pitch) from the others' ends are cut by something."""
    return abs(apart) >= max(_ENDS_APART, _ENDS_APART_PX / pitch)


#: The borders, as ``line_ends`` names them.
_SIDES = ("top", "bottom", "left", "right")
#: Least lines crossing a border to judge where they end ...
_ENDS_LINES = 3
#: ... and the share of them ending together (within this, pitch; 1.5 px at
#: least) to end as one: all. A box laid over the board cuts every line
#: crossing its edge; text beside a border lines up with some (real
#: variant mirror 5x5.2: glyphs 0.06 pitch past 3 of 4 lines' ends).
_ENDS_SHARE = 1.0
_ENDS_TOGETHER = 0.03
#: Lines end this far (pitch, and pixels) from where the others end only
#: where something covers them: measured (see the tests' notes).
_ENDS_APART = 0.07
_ENDS_APART_PX = 3.0
