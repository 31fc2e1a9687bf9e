"""Board rules on the inner lines: one grid alone, every inner edge drawn, no wall."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._board_hidden_lines import nearby_median, unseen_by_colour
from flowbot.vision._board_pipes import colour_line_maps, under_pipes
from flowbot.vision._board_run_on import other_lines_past
from flowbot.vision._edges import (
    LineProfiles,
    ends_and_ground,
    line_profiles,
)
from flowbot.vision._grid import full_size_lines, lies_within, span_middles
from flowbot.vision._lattice import Lattice, LineMaps, in_phase
from flowbot.vision._past_border import RunOn
from flowbot.vision._rule import Grid, Rule
from flowbot.vision._stats import (
    median_along,
    median_of,
    median_of_present,
    quantile_of,
)
from flowbot.vision._types import GridsMeetError, MissingEdgesError, RunOnError, Settings


def check_alone(best: Lattice, others: list[Lattice], maps: LineMaps, level: float) -> None:
    """Refuse when another grid overlaps or adjoins the chosen one (walls, shapes, clones).

    ``maps`` are the line maps ``best`` was found in, ``level`` the share of
    its extent a line covers there to be seen (``line_coverage``).
    """
    p = best.pitch
    meeting: list[Lattice] = []
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
        if _along_cell_middles(best, other):
            continue  # the board's own lines crossed with its pipes
        shared_x = min(other.xs[-1], best.xs[-1]) - max(other.xs[0], best.xs[0])
        shared_y = min(other.ys[-1], best.ys[-1]) - max(other.ys[0], best.ys[0])
        if not in_phase(best, other) and (
            # A wall or a shape continues the board's own lattice. A grid out
            # of step with it is something else when it lies beside the board
            # (an editor's ruled page behind a mirror window), or over it but
            # drawn nowhere there: another window's rules flush against the
            # board, joined by the line search with the board's lines in step
            # with them (an editor's columns going on the board's).
            min(shared_x, shared_y) < 0.5 * p
            or _unseen_across(
                best, other, maps, level, least=_least_unseen(min(shared_x, shared_y), other)
            )
        ):
            continue
        gap_x = max(other.xs[0] - best.xs[-1], best.xs[0] - other.xs[-1])
        gap_y = max(other.ys[0] - best.ys[-1], best.ys[0] - other.ys[-1])
        if max(gap_x, gap_y) < 1.5 * p:
            meeting.append(other)
    if meeting:
        raise GridsMeetError(in_step=all(in_phase(best, other) for other in meeting))


#: How far (pitch fraction) a line may lie from a cell's middle, or from the
#: board's line, to be taken as on it (``_along_cell_middles``).
_ON_MIDDLE = 0.12


def _along_cell_middles(best: Lattice, other: Lattice) -> bool:
    """Whether ``other`` is ``best``'s own lines one way crossed with its cells' middles the
    other way, within the board or a pitch past it.

    Pipes along the cells' middles (a third of a pitch wide, in a shrunk copy as
    thin as the line filter's kernel) pass for lines, and the line search joins
    them with the board's lines crossing them into a grid half a cell out of step:
    no other grid (synthetic walls jpeg 5500000 solved: the bottom rows' long pipes).
    """
    p = best.pitch
    offsets = []
    for mine, theirs in ((best.xs, other.xs), (best.ys, other.ys)):
        if theirs[0] < mine[0] - p or theirs[-1] > mine[-1] + p:
            return False
        steps = (np.asarray(theirs) - mine[0]) / p
        offsets.append(np.abs(steps - np.rint(steps)))
    on = [bool(off.max() <= _ON_MIDDLE) for off in offsets]
    middle = [bool(off.min() >= 0.5 - _ON_MIDDLE) for off in offsets]
    return (on[0] and middle[1]) or (middle[0] and on[1])


#: Least distance (pitch fraction) of another grid's line from the board's
#: nearest for the two to be told apart in the line maps: nearer, it may be
#: the board's own line, blurred or a pixel off.
_DISTINCT_LINE = 0.2


def _least_unseen(shared: float, other: Lattice) -> int:
    """How many of ``other``'s lines must go unseen within the board (``_unseen_across``).

    Two; one where ``other`` reaches less than one of its own cells into the
    board (``shared``: the overlap's narrower side), as it can hold no more
    there: the line search joined the board's last inner line with text and
    rules of a spreadsheet beside a mirror window into a grid reaching 0.6
    of its cell over the board's corner, its one row there drawn nowhere on
    the board (classic jpeg 4700004 started, once the board grew to 10x7).
    """
    return 1 if shared < other.pitch else 2


def _unseen_across(
    best: Lattice, other: Lattice, maps: LineMaps, level: float, *, least: int = 2
) -> bool:
    """Whether ``other``'s lines within ``best`` that are none of its own are nowhere seen.

    ``least`` such lines at least (two unless told), each distinct from
    ``best``'s (``_DISTINCT_LINE``) and covering less than ``level`` of
    ``best``'s extent in the line maps, where a wall or a shape's outline
    would show. Measured on the editor grid merged with a mirror window's
    board (jpeg 100285, 1/4 scale): 0.00-0.01 on the 3-5 distinct rows of
    each such grid; a row of dots 0.27.
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
    return len(seen) >= least and max(seen) < level


def check_edges(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    run_on: Callable[[], dict[str, RunOn]] | None = None,
) -> None:
    """Refuse boards whose inner grid edges are missing, doubled as walls, or run on outside.

    ``run_on``: how the lines crossing each border look past it in colour
    (``Grid.run_on``, measured only when asked), where known.
    """
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    p = lattice.pitch
    # Inner lines running on past the border: the board is cut by the image edge
    # or shaped. A run-on looks as the lines do inside; the faint ripples in a
    # white window's text beside the board do not.
    for positions, spans, binary, strength, sides in (
        (xs, ys, maps.vertical, maps.vertical_strength, ("top", "bottom")),
        (ys, xs, maps.horizontal.T, maps.horizontal_strength.T, ("left", "right")),
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
        for side, (a, b) in zip(
            sides,
            (
                (spans[0] - 0.85 * p, spans[0] - 0.15 * p),
                (spans[-1] + 0.15 * p, spans[-1] + 0.85 * p),
            ),
            strict=True,
        ):
            lo, hi = max(0, round(a)), min(size, round(b))
            if hi - lo < max(2, 0.3 * p):
                continue
            contrast = strength[lo:hi][:, inner]
            line = (binary[lo:hi][:, inner] > 0) & (contrast >= least) & (contrast <= most)
            if line.mean() >= 0.5 and run_on is not None and side in run_on():
                # ... in the board's line colour: the line map takes in
                # another window's thin rules too.
                line &= ~other_lines_past(run_on()[side], settings)[None, :]
            if line.mean() >= 0.5:
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
        middles = [(max(0, lo), min(size - 1, hi)) for lo, hi in span_middles(spans)]
        strengths.append(_span_medians(bands, middles).ravel())  # line by line, edge by edge
    if not strengths:
        return
    values = np.concatenate(strengths)
    # A drawn pipe hides the middle of an edge it crosses (on a solved board,
    # half of them): such an edge is judged by its ends. An edge under the
    # line contrast is weak whatever the rest (faint, it is judged missing
    # below): glow dimming most lines put half the strongest edges' under it,
    # and an edge a pipe crosses was judged by its middle, the pipe's colour
    # (classic colour_blind 5400004 solved: 9 against 8 and 10).
    weak = values < max(float(np.quantile(values, 0.9)) / 2, settings.line_contrast)
    crossed, between = under_pipes(weak, image, lattice, factor, settings.pipe_contrast)
    if crossed.any():
        tinted = colour_line_maps(image, factor, settings.line_contrast)
        ends = _corner_strengths(lattice, tinted)
        if float(median_of(np.where(crossed, ends, values))) < settings.line_contrast:
            # The game draws its lines in one colour over a ground that may show
            # through the cells: over a ground or a flow's tint lighter than the
            # line, it is darker than both its sides (glow lit on one side of
            # the board, dark on the other: synthetic
            # classic preview 3800004 solved, a 10x10 board over glow lit on its
            # right, typical 7 in the bright look over 4 columns of 10). Too faint
            # so, the ends are looked at for a line darker than beside them too.
            dark = colour_line_maps(image, factor, settings.line_contrast, dark=True)
            ends = np.maximum(ends, _corner_strengths(lattice, dark))
        values = np.where(crossed, ends, values)
    typical = float(median_of(values))
    if typical < settings.line_contrast:
        raise UnsureReadingError("the grid's inner lines are too faint to trust")
    # Missing means not visible at all; glow and anti-aliasing only dim a line.
    faint = (values < max(settings.line_contrast, 0.15 * typical)) & ~between
    if faint.any():
        missing = unseen_by_colour(faint, image, lattice, factor, settings, crossed=crossed)
        if missing.any():
            rows, cols = len(ys) - 1, len(xs) - 1
            split = (len(xs) - 2) * rows
            raise MissingEdgesError(
                missing[:split].reshape(len(xs) - 2, rows),
                missing[split:].reshape(len(ys) - 2, cols),
            )
    # An edge is a wall only if much stronger than those beside it, which are no
    # weaker than the weakest edge: with none that strong, none is (NaN: looked at).
    weakest_wall = settings.wall_ratio * values.min() + settings.line_contrast
    if not values.max() <= weakest_wall:
        _check_walls_by_strength(values, lattice, maps, image, factor, settings=settings)
    _check_wall_widths(lattice, image, factor, settings)


def _check_walls_by_strength(
    values: np.ndarray,
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    *,
    settings: Settings,
) -> None:
    """Refuse inner edges (``values``: their strengths, vertical then horizontal) much
    stronger than the edges beside them, near the cells' corners too, drawn apart: walls."""
    xs, ys = lattice.xs, lattice.ys
    n_vertical = (len(xs) - 2) * (len(ys) - 1)
    local = np.concatenate(
        [
            nearby_median(values[:n_vertical].reshape(len(xs) - 2, len(ys) - 1)).ravel(),
            nearby_median(values[n_vertical:].reshape(len(ys) - 2, len(xs) - 1)).ravel(),
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


def _corner_strengths(lattice: Lattice, maps: LineMaps) -> np.ndarray:
    """Each inner edge's line-filter strength near its ends, in ``check_edges`` order.

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
    xs, ys = full_size_lines(lattice, f)
    lines = line_profiles(image, xs, ys, near_ends=True)
    seen = float(np.mean(lines.peak >= line_contrast))
    # The lines are no brighter than beside them in the brightest channel, or at few of
    # the edges: in their own colour's channel they may be (grey-green lines on a purple
    # glow brighter in blue, synthetic mirror 300111 started; grey lines between a
    # finished board's tints, brighter than most of them in blue, bridges preview
    # 12000000 solved), judged there as the brightest channel judges them elsewhere.
    own = _own_channel(
        image, xs, ys, line_contrast, _SEEN_BRIGHT if seen < _SEEN_BRIGHT else _SEEN_MORE * seen
    )
    if own is not None:
        image = own
        lines = line_profiles(image, xs, ys, near_ends=True)
    elif seen < _SEEN_BRIGHT:
        # Dark lines: cannot tell. Glow as bright as the lines over half
        # a board hides them there, while they show elsewhere.
        return True
    typical_peak, typical_width, typical_ink = median_of(
        np.stack([lines.peak, lines.width, lines.ink]), axis=1
    ).tolist()
    # The brightest plain lines' top: a line drawn on whole pixels is brighter than one
    # whose ink is split over two, and a wall brighter than either. Among the lines
    # standing clear of their ground (where none shows, the top is a flow's tint):
    # a plain line between two tints stood 1.27 over the lines' median top, 1.08 over
    # their brightest tenth's (synthetic bridges jpeg 5000001 solved, the last look).
    clear = lines.peak >= line_contrast
    plain = clear & ~stronger
    typical_top = float(quantile_of(lines.top[plain if plain.any() else clear], _BRIGHTEST))
    shape = (len(xs), len(ys))
    # Its own line's width over a ground like its own: a line whose blur spreads over
    # two pixels at nearly half its peak reads a pixel narrower over a flow's tint
    # than over the bare ground (``_LIKE_GROUND``).
    ground = lines.top - lines.peak
    own_width = _along_own_line(lines.width, stronger, shape)
    alike = _along_own_line_alike(lines.width, stronger, shape, ground, _LIKE_GROUND * typical_peak)
    width = np.fmax(typical_width, np.where(np.isnan(alike), own_width, alike))
    top = np.fmax(typical_top, _along_own_line(lines.top, stronger, shape))
    # Wider, and holding a line's ink at least (the less of the typical line's and its
    # own line's): a wall adds ink. Between two flows' tints a line stands barely above
    # the brighter one, and so low a peak reads wide (its half-height near the tint's
    # noise): synthetic mirror 300044 solved, an edge between a yellow and a red flow's
    # tints 2 px wide, the lines 1, its ink 13.5 against the lines' 29.8 (its own 22).
    ink = np.fmin(typical_ink, _along_own_line(lines.ink, stronger, shape))
    wider = stronger & (lines.width > width) & (lines.ink >= ink)
    if wider.any():
        # Over a darker ground than the rest (two cells a flow's tint or glow leaves
        # black) a line stands higher above it, and its half height takes in its blurred
        # skirt: wider by a pixel, as its own look. A wall is wider at the typical
        # line's half depth below its top too.
        core = line_profiles(image, xs, ys, near_ends=True, depth=typical_peak / 2).width
        core_width = np.fmax(median_of(core), _along_own_line(core, stronger, shape))
        if (wider & (core > core_width)).any():
            return True
    brighter = stronger & (lines.top > _PLAIN_TOP * top)
    if not brighter.any():
        return False
    stroke_top, ground = ends_and_ground(image, xs, ys)
    return bool((brighter & (stroke_top - ground >= _PLAIN_STROKE * typical_peak)).any())


def _own_channel(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, line_contrast: float, share: float
) -> np.ndarray | None:
    """``image``'s one colour channel (as three alike) where the lines stand out brighter than
    beside them at ``share`` of the edges or more, the most of them; ``None`` if none (and
    at once where ``share`` is past all of them)."""
    best = None
    if share > 1:
        return None
    for channel in range(3):
        mono = np.repeat(image[..., channel : channel + 1], 3, axis=2)
        seen = float(np.mean(line_profiles(mono, xs, ys, near_ends=True).peak >= line_contrast))
        if seen >= share:
            best, share = mono, seen
    return best


def _along_own_line(values: np.ndarray, flagged: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Per inner edge, the median of the unflagged edges on its line (NaN where all are flagged).

    ``values`` and ``flagged`` in ``check_edges`` order; ``shape``: how many
    vertical and horizontal grid lines (borders included) the board has.
    """
    found = np.empty(len(values))
    for part, lines in _line_parts(shape, len(values)):
        plain = np.where(flagged[part], np.nan, values[part]).reshape(lines, -1)
        found[part] = np.repeat(median_of_present(plain), plain.shape[1])
    return found


def _line_parts(shape: tuple[int, int], edges: int) -> list[tuple[slice, int]]:
    """The vertical and the horizontal inner edges (``check_edges`` order, ``edges`` in
    all) as slices, each with how many inner lines it holds (its edges line by line); a
    part with no inner line left out."""
    n_xs, n_ys = shape
    n_vertical = (n_xs - 2) * (n_ys - 1)
    parts = [(slice(0, n_vertical), n_xs - 2), (slice(n_vertical, edges), n_ys - 2)]
    return [(part, lines) for part, lines in parts if lines > 0]


def _along_own_line_alike(
    values: np.ndarray,
    flagged: np.ndarray,
    shape: tuple[int, int],
    ground: np.ndarray,
    like: float,
) -> np.ndarray:
    """Per ``flagged`` edge, the median of the unflagged edges on its line whose ``ground``
    lies within ``like`` of its own (NaN where none, and for the edges not flagged); in
    ``_along_own_line``'s order and ``shape``."""
    found = np.full(len(values), np.nan)
    for part, lines in _line_parts(shape, len(values)):
        value, flag, under = (a[part].reshape(lines, -1) for a in (values, flagged, ground))
        out = found[part].reshape(lines, -1)  # (a view: written into ``found``)
        for line, edge in zip(*np.nonzero(flag), strict=True):
            alike = ~flag[line] & (np.abs(under[line] - under[line, edge]) <= like)
            if alike.any():
                out[line, edge] = float(np.median(value[line][alike]))
    return found


#: Grounds beside a line within this share of the typical line's peak are alike
#: (``_drawn_apart``): a line one pixel wide over the black ground beside a flow's
#: tints (30-60 in the brightest channel, the line's peak 60) read 2 px at every
#: edge on black, 1 px over the tints, its line's median 1 (synthetic mirror 300019
#: started: an edge between two black cells taken for a wall).
_LIKE_GROUND = 0.25


#: A line at most this much brighter (its top: absolute brightness) than the
#: board's brightest lines (``_BRIGHTEST``) is drawn as they are.
_PLAIN_TOP = 1.15


#: The share of the board's plain lines darker than its brightest (their top).
_BRIGHTEST = 0.9


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
#: ... and where they do, they are judged in a colour channel that sees them at this many
#: times as many edges or more (``_own_channel``): there the brightest hides most of them
#: (synthetic bridges preview 12000000 solved, 0.27 of the edges against 0.62 in blue), not
#: where a glow over half the board hides them alike in each (phone_large 84410: 0.48,
#: 0.51 in blue, its edges' lines plain in the brightest, walls in blue).
_SEEN_MORE = 2.0


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
    xs, ys = full_size_lines(lattice, f)
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
    brightest = float(quantile_of(lines.top[bold], _BRIGHTEST))
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
    # Or its ink among the edges on the darkest grounds (their brighter end the lower
    # quartile's or darker), if more: a flow's tint beside a line lifts the ground it is
    # measured over (less ink), and on a started board most edges lie beside one; the
    # lines on the plain ground, a whole line drawn a pixel wider by a browser's zoom
    # among them, then held twice the typical ink (synthetic bridges zoomed 320004
    # started). Walls lie on any ground, as few among these as among all.
    ground = lines.top - lines.peak
    plain = ground <= np.percentile(ground, 25)
    typical_ink = max(typical_ink, float(median_of(lines.ink[plain])))
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


ALONE: Rule[Grid] = Rule(
    name="one grid alone",
    refuses="another grid of the same pitch overlapping or adjoining the one found",
    why="A wall or a shaped board's outline continues the board's own lattice as a grid of its "
    "own; the board would be read without them. A grid out of step with it beside the "
    "board, or drawn nowhere over it, is another window's and passes; so is one of the "
    "board's own lines crossed with lines along its cells' middles (`_along_cell_middles`: "
    "pipes along the middles pass for lines in a shrunk copy, joined with the board's "
    "lines crossing them: walls jpeg 5500000 solved, the bottom rows' long pipes). Refused "
    "with every such grid on the board's lattice (`GridsMeetError.in_step`), the grid is "
    "grown where its lines go on and judged whole.",
    bounds="Pitches within 15 %; adjoining: a gap under 1.5 pitch; out of step and unseen: lines "
    "covering under line_coverage (0.6) of the board, 0.00-0.01 measured on an editor's "
    "grid merged with a mirror window's board (jpeg 100285), a row of dots 0.27; on the "
    "cells' middles: within `_ON_MIDDLE` 0.12 pitch of them one way and of the lines the "
    "other, inside the board or a pitch past it; two such lines, or one where the grid "
    "reaches less than one of its cells into the board (the board's last line joined with "
    "a spreadsheet's text beside a mirror window, 17 by 28 px over its corner: classic "
    "jpeg 4700004 started).",
    reason="several grids meet here (a board with walls or an irregular shape)",
    check=lambda grid: check_alone(
        grid.lattice, grid.others, grid.maps, grid.settings.lines().line_coverage
    ),
)

INNER_EDGES: Rule[Grid] = Rule(
    name="every inner edge drawn, no wall",
    refuses="a grid whose inner edges are missing (holes, walls drawn apart from the lines), "
    "too faint to trust, or drawn wider, brighter or with more ink than the lines (walls)",
    why="The game draws every inner edge of a plain board alike; a missing edge or a wall "
    "changes the puzzle, so reading it as plain would be a wrong answer. Zoom blur widens "
    "a line but keeps its ink; a wall adds ink. The typical line's ink is the more of all "
    "edges' median and that of the edges on the darkest grounds (lower quartile): a flow's "
    "tint beside most edges of a started board lowers their ink, and a whole line a "
    "browser's zoom drew a pixel wider on the plain ground held twice the median (bridges "
    "zoomed 320004 started).",
    bounds="Walls: _WALL_INK 1.5 (zoom-blurred lines 0.98-1.12, walls >= 2.5), _WALL_BRIGHTER 1.6 "
    "(real lines <= 1.11, walls >= 2.04), _WALL_STROKE 1.5 (walls >= 1.85, good boards' "
    "peakless edges <= 1.30); edges dimmed with their neighbours by glow keep >= 0.34 of "
    "their contrast, holes' <= 0.11 (_DIMMED_WITH_NEIGHBOURS 0.25), an edge a pipe may "
    "cross (pipes drawn) judged in colour, as in the line map, near its ends "
    "(`_edges.NEAR_CORNERS`: a teal flow over bright green glow, its faint lines 13-15 Lab "
    "by their ends against a typical 30, 0 along the middle, bridges rectangular 300011 "
    "started); with pipes drawn, no edge a wall by its colour alone (pipes cover the "
    "middles, tints step across edges between flows: mirror 100001 solved), only by the "
    "line map near its ends and its width, wider holding a line's ink at least (a line "
    "between two tints, barely above the brighter, read 2 px with half a line's ink: "
    "mirror 300044 solved); wider than its own line's edges over a ground like its own "
    "where it has any (`_LIKE_GROUND` 0.25 of the typical peak: a line whose blur spreads "
    "over two pixels at nearly half its peak read 2 px over black, 1 px over the tints, "
    "its line's median 1: mirror 300019 started); lines no brighter than beside them in "
    "the brightest channel (at fewer than `_SEEN_BRIGHT` 0.25 of the edges near their "
    "ends) judged so in the colour channel where the most of them stand out brighter, 0.25 "
    "at least (`_board_lines._own_channel`: grey-green lines on a purple glow brighter in "
    "blue, an edge beside a flow's tint taken for a wall, mirror 300111 started), none "
    "such: cannot tell, a wall; and where they stand out at more of them, in a colour "
    "channel where `_SEEN_MORE` 2 times as many do (a finished board's tints brighter than "
    "its grey lines in the brightest channel, 0.27 of the edges against 0.62 in blue: "
    "the lines between two dark tints stood out there as walls, bridges preview 12000000 "
    "solved; a glow over half a board hides them alike in each channel, 0.48 against 0.51 "
    "in blue, phone_large 84410). The edges a pipe crosses, too faint so to trust (their "
    "typical under the line contrast), are looked at near their ends for a line darker "
    "than beside it too: the game draws its lines in one colour over a ground that shows "
    "through, and over glow or a flow's tint lighter than the line it stands darker than "
    "both its sides (classic preview 3800004 solved: a 10x10 board over glow lit on its "
    "right, its lines too faint in the bright look over 4 columns of 10, typical 7 against "
    "10).",
    reason="some inner grid lines are missing (holes or walls in the board) / "
    "some inner grid edges are drawn as walls / the grid's inner lines are too faint to trust",
    check=lambda grid: check_edges(
        grid.lattice, grid.maps, grid.image, grid.factor, grid.settings, run_on=lambda: grid.run_on
    ),
)
