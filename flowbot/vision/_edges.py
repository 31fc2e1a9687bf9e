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
from collections.abc import Collection
from dataclasses import dataclass

import numpy as np

from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import channel_sum, delta_e, pixels_at, to_lab
from flowbot.vision._stats import median_of, quantile_along

#: Points sampled along the middle of each edge (its ends meet crossing lines).
_ALONG = 9
#: The points nearest each end of an edge (0.2-0.275 and 0.725-0.8 of it):
#: clear of a pipe (0.34 pitch wide) crossing the edge's middle, and of dots.
_CORNERS = np.array([0, 1, _ALONG - 2, _ALONG - 1])
#: Fewer for a line's width (every pixel across it is read): 0.2-0.8 of the edge.
_MIDDLE = np.linspace(0.2, 0.8, 5)


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
    reach = _reach(xs, ys, uncertainty)
    vertical = _visibility(image, xs, ys, reach, transposed=False)
    horizontal = _visibility(image, ys, xs, reach, transposed=True)
    return vertical, horizontal


@dataclass(frozen=True, slots=True)
class RunOn:
    """Colour contrast of a border's inner lines one pitch past it and one inside it.

    Past it: up to the image's edge, when that edge cuts the cells there.
    """

    beyond: np.ndarray
    inside: np.ndarray
    #: Past a bottom or right border, only just past it (0.2-0.275 pitch):
    #: lines cut short there by something laid over the board (a pop-up)
    #: still show. Past a top or left border, at 0.725-0.8 pitch out and
    #: 0.2-0.275 both (a line goes on from the border): the counters' text
    #: sits just above a board and lines up with most of a small board's
    #: lines at one of them (real screens, 0.2-0.275 pitch out: 4 of 5
    #: lines; a page's title 0.725-0.8 out: 4 of 4), like lines cut short.
    just_past: np.ndarray
    #: Per line, how unlike (CIELAB) its colour past the border is to its
    #: colour inside: its pixel most unlike the pixels beside, near the
    #: cell corners.
    unlike: np.ndarray


def run_on_visibility(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
) -> dict[str, RunOn]:
    """Colour contrast of the inner lines one pitch past and one pitch inside each border.

    Same measure as ``edge_visibility``, per inner line, for the top, bottom,
    left and right borders whose outer strip lies inside the image (or as
    much of it as the image holds, when its edge cuts the cells there); past
    the border only at the line's own position. Most lines as visible beyond as
    inside means the grid goes on past the border (the board is bigger than
    the grid found). Keyed by the border: ``"top"``, ``"bottom"``, ``"left"``
    or ``"right"``.
    """
    h, w = image.shape[:2]
    pitch = cell_pitch(xs, ys)
    reach = _reach(xs, ys, uncertainty)
    found: dict[str, RunOn] = {}
    for names, lines, spans, size, transposed in (
        (("top", "bottom"), xs, ys, h, False),
        (("left", "right"), ys, xs, w, True),
    ):
        if len(lines) <= 2:
            continue
        for side, border, step in ((names[0], spans[0], -pitch), (names[1], spans[-1], pitch)):
            if 0 <= border + step <= size - 1:
                strip = [border - step, border, border + step]
            else:
                # The image's edge cuts the cells past the border: their
                # lines, if the board goes on, run on to that edge. Looked
                # at clear of the border line, where the sliver is wide enough.
                edge = 0.0 if step < 0 else size - 1.0
                start = border + _CUT_CLEAR * step
                if abs(edge - border) < _CUT_SLIVER * pitch:
                    continue
                strip = [border - step, border, start, edge]
            strip_sorted = np.array(sorted(strip))
            contrast, lighter, lab = _contrast_and_lightness(
                image, lines, strip_sorted, reach, transposed=transposed
            )
            if step < 0:
                contrast, lighter, lab = contrast[:, ::-1], lighter[:, ::-1], lab[:, ::-1]
            # One pitch inside, and past the border.
            contrast, lighter, lab = contrast[:, [0, -1]], lighter[:, [0, -1]], lab[:, [0, -1]]
            found[side] = _run_on(*_seen_past(contrast, lighter, lab), toward_board=step < 0)
    return found


def _seen_past(
    contrast: np.ndarray, lighter: np.ndarray, lab: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per line and point, its contrast past a border where it lies inside, and inside.

    ``contrast`` and ``lighter``: ``(lines, 2, points, offsets)``, one span
    inside the border, then one past it; ``lab`` their pixels' CIELAB.
    Past it, a line counts only near its own position inside and of the
    same polarity. Third, per line, how unlike its colour past the border
    is to inside (``RunOn.unlike``).
    """
    inside, beyond = contrast[:, 0], contrast[:, 1]
    # A line that goes on does so where it lies inside, all along; text
    # and clutter show in patches, and another grid's lines a few
    # pixels off it (an editor's ruled page beside a mirror window).
    typical = median_of(inside, axis=1)  # (lines, offsets)
    at = typical.argmax(axis=1)
    near = np.abs(np.arange(contrast.shape[-1])[None, :] - at[:, None]) <= 1
    # ... and it stays lighter (or darker) than beside it: the dark
    # ruled lines of a white page beside a board of light lines, even
    # in step with its rows, are no run-on. (Medians of _ALONG = 9
    # points: the middle one.)
    index = np.arange(len(at))
    lighter_at = np.sort(lighter[index, 0, :, at], axis=1)[:, _ALONG // 2]
    here = _polarity(typical[index, at], lighter_at)  # (lines,)
    flipped = here[:, None, None] * _polarity(beyond, lighter[:, 1]) < 0
    beyond_near = np.where(near[:, None, :] & ~flipped, beyond, 0.0)
    # The line's colour: its pixel most unlike the window's ends, near the
    # cell corners (as the callers judge), the median over those points.
    colours = [
        median_of(np.take_along_axis(part, at[:, :, None, None], axis=2)[:, :, 0], axis=1)
        for part, at in (
            (lab[:, 0][:, _CORNERS], inside[:, _CORNERS].argmax(axis=2)),
            (lab[:, 1][:, _CORNERS], beyond_near[:, _CORNERS].argmax(axis=2)),
        )
    ]
    # Judged near the cell corners (by the callers): a pipe of a half-solved
    # board crosses a line only in the middle of a cell's side.
    return beyond_near.max(axis=2), inside.max(axis=2), delta_e(*colours)


@dataclass(frozen=True, slots=True)
class BandCells:
    """The cells one pitch past a border, as the board's lines would outline them.

    ``crossing`` per line crossing the border (the borders beside it too),
    ``far`` per cell: the line one pitch out along it. ``off_image`` flags
    crossing lines too near the image's edge to be looked at.
    """

    crossing: RunOn
    far: RunOn
    off_image: np.ndarray
    #: The border: ``"top"``, ``"bottom"``, ``"left"`` or ``"right"``.
    side: str


def cells_past_border(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
) -> list[BandCells]:
    """How the board's lines would outline a row of cells past each border.

    For each border whose next parallel line (one pitch out) lies inside the
    image: the crossing lines, all of them, past the border (as in
    ``run_on_visibility``), and that next line along each cell's side,
    where the border line lies across it.
    """
    h, w = image.shape[:2]
    pitch = cell_pitch(xs, ys)
    reach = _reach(xs, ys, uncertainty)
    found = []
    for names, lines, spans, size, across, transposed in (
        (("top", "bottom"), xs, ys, h, w, False),
        (("left", "right"), ys, xs, w, h, True),
    ):
        padded = np.concatenate([[lines[0] - pitch], lines, [lines[-1] + pitch]])
        off_image = (lines < reach) | (lines > across - 1 - reach)
        for side, border, step in ((names[0], spans[0], -pitch), (names[1], spans[-1], pitch)):
            far = border + step
            if not reach <= far <= size - 1 - reach:
                continue
            strip = np.array(sorted((border - step, border, far)))
            contrast, lighter, lab = _contrast_and_lightness(
                image, padded, strip, reach, transposed=transposed
            )
            if step < 0:
                contrast, lighter, lab = contrast[:, ::-1], lighter[:, ::-1], lab[:, ::-1]
            crossing = _run_on(*_seen_past(contrast, lighter, lab))
            # The border, then the next line out, along each cell: (2, cells, ...).
            rows = np.array([border - step, border, far, far + step])
            contrast, lighter, lab = _contrast_and_lightness(
                image, rows, lines, reach, transposed=not transposed
            )
            far_line = _run_on(
                *_seen_past(*(np.swapaxes(a, 0, 1) for a in (contrast, lighter, lab)))
            )
            found.append(BandCells(crossing, far_line, off_image, side))
    return found


def line_ends(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    uncertainty: float,
    ratio: float,
    *,
    same_colour: Collection[str] = (),
) -> dict[str, np.ndarray]:
    """Where the inner lines crossing each border end: pitches past it (short of it: negative).

    Per line, by colour as ``edge_visibility`` measures it, going out from
    ``_ENDS_FROM`` pitch inside the border: the farthest point up to which
    the line shows (at least ``ratio`` of its contrast one cell further in)
    nearly all along; ``-_ENDS_FROM`` when it shows at none, ``nan`` when it
    cannot be told (no contrast further in). Keyed as ``run_on_visibility``;
    a border with less than ``_ENDS_ROOM`` pitch of image past it is left
    out (its lines end at the image's edge).

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    uncertainty
        How far, in pixels, a true line may lie from its given position.
    ratio
        Share of its contrast further in at which a line still shows.
    same_colour
        Borders past which a line shows only in its own colour (further in).
    """
    h, w = image.shape[:2]
    pitch = cell_pitch(xs, ys)
    reach = _reach(xs, ys, uncertainty)
    offsets = np.arange(-reach, reach + 1)
    step = max(1.0, pitch / _ENDS_STEPS)
    out = np.arange(-_ENDS_FROM * pitch, _ENDS_TO * pitch + step / 2, step)
    # One cell further in, clear of the crossing line there.
    further = np.linspace(-1.3, -0.7, 9) * pitch
    further = further[np.abs(further + pitch) > 0.06 * pitch]
    crossing = np.abs(out) <= reach
    found: dict[str, np.ndarray] = {}
    for names, lines, spans, size, transposed in (
        (("top", "bottom"), xs, ys, h, False),
        (("left", "right"), ys, xs, w, True),
    ):
        inner = np.rint(lines[1:-1])
        if inner.size == 0:
            continue
        across = w if not transposed else h
        # Both borders at once, one cell further in: (lines, points, offsets),
        # the points (side, point) flattened.
        first, last = spans[0], spans[-1]
        window = np.clip(inner[:, None] + offsets[None, :], 0, across - 1).astype(np.intp)
        contrast, polarity = _contrast_across(
            image, window, np.concatenate([first - further, last + further]), transposed
        )
        # Where each line lies across (give or take a pixel), as further in.
        # (Middle values, not np.median: it costs 20 us a call.)
        index = np.arange(len(inner))
        at = np.sort(contrast, axis=1)[:, len(further)].argmax(axis=1)
        near = (np.abs(offsets[None, :] - offsets[at][:, None]) <= 1)[:, None, :]
        shows = np.where(near, contrast, 0.0).max(axis=2).reshape(len(inner), 2, -1)
        typical = np.sort(shows, axis=2)[..., len(further) // 2]  # (lines, side)
        # Its look (lighter or darker than beside it) by each border: glow
        # lighter than the lines at one end of the board and darker at the
        # other flips it between them.
        here = np.sort(polarity[index, :, at].reshape(len(inner), 2, -1), axis=2)
        here = here[..., len(further) // 2]  # (lines, side)
        # Going out, only the window's two ends and the pixels near the line
        # count (same values as the whole window's).
        near_columns = np.clip(at[:, None] + np.array([-1, 0, 1]), 0, len(offsets) - 1)
        columns = np.concatenate(
            [window[:, :1], window[index[:, None], near_columns], window[:, -1:]], axis=1
        )
        along = np.concatenate([first - out, last + out])
        contrast, polarity = (
            a[..., 1:-1] for a in _contrast_across(image, columns, along, transposed)
        )
        # Going out, a line stays lighter (or darker) than beside it: the
        # dark rules of a white page beside a board of light lines, even in
        # step with them, are no line going on.
        shape = (len(inner), 2, len(out), contrast.shape[-1])
        flipped = here[:, :, None, None] * polarity.reshape(shape) < 0
        contrast = np.where(flipped, 0.0, contrast.reshape(shape))
        # ... and, past ``same_colour`` borders, keeps its colour (the game
        # draws each line in one colour): text in a white window against the
        # border, in step with the board's rows, shows as light pixels among
        # its glyphs.
        kept = np.ones(shape[:3], bool)
        if any(name in same_colour for name in names):
            # Its colour by each border: the pixel where it lies, further in.
            rgb = _rgb_across(
                image,
                window[index, at][:, None],
                np.concatenate([first - further, last + further]),
                transposed=transposed,
            )[:, :, 0]
            colour = to_lab(
                np.rint(median_of(rgb.reshape(len(inner), 2, -1, 3), axis=2)).astype(np.uint8)
            )  # (lines, side, 3)
            rgb = _rgb_across(image, columns[:, 1:-1], along, transposed=transposed)
            strongest = contrast.argmax(axis=3)  # (lines, side, out)
            pixel = np.take_along_axis(rgb.reshape(*shape, 3), strongest[..., None, None], axis=3)[
                ..., 0, :
            ]
            kept = delta_e(to_lab(pixel.astype(np.uint8)), colour[:, :, None]) <= _ENDS_SAME_LINE
            kept |= ~np.isin(names, list(same_colour))[None, :, None]
        contrast = np.where(kept, contrast.max(axis=3), 0.0)
        on_image = ((along >= 0) & (along <= size - 1)).reshape(2, len(out))
        seen = (contrast >= ratio * typical[..., None]) & on_image
        # Shown nearly all the way from the first point out; across the
        # border line itself no line shows across (it is drawn over it).
        share = np.cumsum(seen | crossing, axis=2) / np.arange(1, len(out) + 1)
        reached = seen & (share >= _ENDS_ALONG)
        end = len(out) - 1 - reached[..., ::-1].argmax(axis=2)
        ends = np.where(reached.any(axis=2), out[end], -_ENDS_FROM * pitch) / pitch
        ends = np.where(typical > 0, ends, np.nan)
        for k, (side, border, sign) in enumerate(((names[0], first, -1), (names[1], last, 1))):
            if 0 <= border + sign * _ENDS_ROOM * pitch <= size - 1:
                found[side] = ends[:, k]
    return found


def _contrast_across(
    image: np.ndarray, columns: np.ndarray, along: np.ndarray, transposed: bool
) -> tuple[np.ndarray, np.ndarray]:
    """RGB contrast and polarity of the pixels at ``columns`` x ``along`` within their window.

    Per line (``columns``' rows: the first and last column are the window's
    ends), point and column: ``(lines, points, columns)``, the pixel's
    Euclidean RGB distance from the mean of the window's ends and its
    ``_polarity``. (Euclidean in RGB: a line is only compared with itself.)
    """
    rgb = _rgb_across(image, columns, along, transposed=transposed)
    flank = (rgb[:, :, :1] + rgb[:, :, -1:]) / 2
    contrast = delta_e(rgb, flank)
    lighter = (channel_sum(rgb) - channel_sum(flank)) / math.sqrt(3)
    return contrast, _polarity(contrast, lighter)


#: Where ``ground_across`` looks along each span (fractions of it): its middle.
_ALONG_SPAN = np.linspace(0.2, 0.8, 7)


def ground_across_border(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    side: str,
    *,
    spans: np.ndarray | None = None,
    along: np.ndarray = _ALONG_SPAN,
) -> tuple[np.ndarray, np.ndarray] | None:
    """``ground_across`` the border on ``side`` (``"top"``, ``"left"``, ...) of grid ``xs``, ``ys``.

    Along the grid's cells by that border, or along ``spans`` (positions
    along it) at ``along`` of each. ``None`` when the image ends short of
    where the ground beyond is looked at.
    """
    reach = ground_reach(cell_pitch(xs, ys))
    vertical = side in ("left", "right")
    lines, cells = (xs, ys) if vertical else (ys, xs)
    column = image if vertical else np.swapaxes(image, 0, 1)
    border, inward = (lines[0], 1) if side in ("top", "left") else (lines[-1], -1)
    if not 0 <= round(border - inward * _FAR_OUT * reach) <= column.shape[1] - 1:
        return None
    return ground_across(
        column, border, cells if spans is None else spans, inward=inward, reach=reach, along=along
    )


def ground_reach(pitch: float) -> int:
    """How far either side of a border ``ground_across`` looks, in pixels: a tenth of a pitch.

    ``OTHER_GROUND`` and ``_ABRUPT`` were measured at this reach.
    """
    return max(2, round(0.1 * pitch))


def ground_across(
    column: np.ndarray,
    line: float,
    spans: np.ndarray,
    *,
    inward: int,
    reach: int,
    along: np.ndarray = _ALONG_SPAN,
) -> tuple[np.ndarray, np.ndarray]:
    """How the ground changes across a border, per span along it.

    ``column`` is an image (transposed for a horizontal border), ``line``
    the border's column in it and ``inward`` the side (+1 or -1) the board
    lies on. ``step``: CIELAB distance between the ground ``reach`` px
    (``ground_reach``) in from the border and as far out; ``beyond``: between that outside ground
    and ``_FAR_OUT`` times as far out. Each ground is the median over points
    ``along`` each span (fractions of it; by default its middle).
    """
    offsets = (inward * reach, -inward * reach, -inward * _FAR_OUT * reach)
    inside, outside, far = grounds_beside(column, line, spans, offsets, along=along)
    return delta_e(inside, outside), delta_e(outside, far)


def grounds_beside(
    column: np.ndarray,
    line: float,
    spans: np.ndarray,
    offsets: tuple[int, ...],
    *,
    along: np.ndarray = _ALONG_SPAN,
) -> list[np.ndarray]:
    """The CIELAB ground ``offsets`` px from a border's column, per span along it.

    As in ``ground_across``: each the median over points ``along`` each span.
    """
    h, w = column.shape[:2]
    points = np.rint(spans[:-1, None] + along[None, :] * np.diff(spans)[:, None]).astype(np.intp)
    points = np.clip(points, 0, h - 1)
    grounds = []
    for offset in offsets:
        at = int(np.clip(round(line) + offset, 0, w - 1))
        grounds.append(median_of(to_lab(column[points, at]), axis=1))
    return grounds


def another_ground(step: np.ndarray, beyond: np.ndarray) -> np.ndarray:
    """Whether another window's ground meets the board at its border (per cell).

    The board's own ground goes on past a border where the board does,
    tinted alike on both sides by any glow. Another window against the
    border (a mirror window's edge on the board's) changes it at the line:
    clearly (``LIKE_INSIDE``), or less (a dark window beside a dark board)
    but at once (``changes_at_once``). ``step`` and ``beyond`` as
    ``ground_across`` gives them.
    """
    return (step >= LIKE_INSIDE) | changes_at_once(step, beyond)


def changes_at_once(step: np.ndarray, beyond: np.ndarray) -> np.ndarray:
    """Whether the ground changes at the border line, and is flat beyond it (per cell).

    Glow fades over many pixels: beyond the border it changes as much as
    across it. ``step`` and ``beyond`` as ``ground_across`` gives them.
    """
    return (step >= OTHER_GROUND) & (beyond <= _ABRUPT * step)


def against_another_ground(image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str) -> bool:
    """Whether another window's ground meets the board beside every cell along ``side``.

    The ground must change at once beside every cell (``changes_at_once``),
    however clearly: bright glow can change it as much over a tenth of a
    pitch. How flat it is beyond is taken as the median over the cells (a
    disc in a cell past the border reaches that far out).
    """
    across = ground_across_border(image, xs, ys, side)
    if across is None:
        return False
    step, beyond = across
    return bool(changes_at_once(step, np.full_like(step, median_of(beyond))).all())


#: CIELAB: the colour just outside a border differs from just inside it by
#: less than this only where the board's own background goes on past it.
LIKE_INSIDE = 12.0
#: ... and by less than this where it changes at once. Measured: the board's
#: own ground past the top and bottom borders of 200 synthetic shots (mirror,
#: drift, JPEG, crop, large phone) <= 4.7, <= 2.0 where flat beyond; past
#: 262 unseen border pieces of 1600 flow and table decoys <= 2.2 but one
#: (10.6, not flat beyond); a dark window against a dark board's edge >= 7.7
#: (mirror 98085, jpeg 98728: 11.0).
OTHER_GROUND = 6.0
#: Where the ground beyond the border is looked at, in ``reach``es out.
_FAR_OUT = 3
#: Most change of the ground out there, as a share of the step at the
#: border, for another window's: glow changes as much beyond as across
#: (the decoy's 10.6 above: 1.0); a window's ground, with JPEG and text on
#: it, <= 0.3.
_ABRUPT = 0.5


def outline_past_corners(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
) -> dict[str, np.ndarray]:
    """How the board's outline would go on one cell past each border, at its two corners.

    Per border whose next parallel line (one pitch out) lies inside the image,
    and each of its ends: how the outer crossing line (the border beside)
    shows 0.15-0.85 pitch past it, as a share of how it shows along the last
    cell inside; and how that next line shows 0.05-0.2 pitch in from the
    outer line, as a share of how the border shows there. Each is the 20th
    percentile over points along, of the contrast as a line: unlike the
    pixels on both sides of it (at the image's edge, the one inside), which
    a window's edge or a glow's is not. A share is 0 where the line it is
    taken of shows less than ``_OUTLINE_SHOWS`` of the median such line here
    (glow as light as the lines hides them by a corner). Keyed as
    ``run_on_visibility``: ``[end, (outer line, next line)]``.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    uncertainty
        How far, in pixels, a true line may lie from its given position.
    """
    pitch = cell_pitch(xs, ys)
    reach = _reach(xs, ys, uncertainty)
    out = np.linspace(0.15, 0.85, _CORNER_POINTS) * pitch
    near = np.linspace(0.05, 0.2, _CORNER_POINTS) * pitch
    # Every line looked at, as (position, points along), in two batches: by
    # image columns (``transposed`` False) and by image rows.
    queries: dict[bool, list[tuple[float, np.ndarray]]] = {False: [], True: []}
    sides = []
    for names, lines, spans, transposed in (
        (("top", "bottom"), xs, ys, False),
        (("left", "right"), ys, xs, True),
    ):
        size = image.shape[1 if transposed else 0]
        for side, border, sign in ((names[0], spans[0], -1), (names[1], spans[-1], 1)):
            far = border + sign * pitch
            if not reach <= far <= size - 1 - reach:
                continue
            sides.append((side, transposed, len(queries[transposed]), len(queries[not transposed])))
            for outer, inward in ((lines[0], 1), (lines[-1], -1)):
                queries[transposed] += [(outer, border + sign * out), (outer, border - sign * out)]
                along = outer + inward * near
                queries[not transposed] += [(far, along), (border, along)]
    shown = {
        transposed: _as_lines(image, asked, reach, transposed=transposed)
        for transposed, asked in queries.items()
        if asked
    }
    lows: dict[str, np.ndarray] = {}
    middles: dict[str, np.ndarray] = {}
    for side, transposed, first, second in sides:
        outer = shown[transposed][first : first + 4].reshape(2, 2, -1)  # end, (past, inside)
        across = shown[not transposed][second : second + 4].reshape(2, 2, -1)  # end, (next, drawn)
        seen = np.stack([outer[:, 0], across[:, 0]], axis=1)  # (end, kind, points)
        typical = np.stack([outer[:, 1], across[:, 1]], axis=1)
        middles[side] = np.sort(typical, axis=2)[..., _CORNER_POINTS // 2]
        lows[side] = np.sort(seen, axis=2)[..., _CORNER_POINTS // 5]
    if not middles:
        return {}
    # A share of a line that does not show (glow as light as the lines over
    # a corner) is a ratio of noise: no outline to go on there.
    shows = _OUTLINE_SHOWS * float(median_of(np.concatenate(list(middles.values())).ravel()))
    return {
        side: np.where((middle > 0) & (middle >= shows), lows[side] / np.maximum(middle, 1e-9), 0.0)
        for side, middle in middles.items()
    }


#: A line by a corner shows, for its share to count, at least this share of
#: how the board's lines by its corners typically do (as much as a line
#: dimmed by glow keeps, ``Settings.edge_colour_ratio``): measured, mirror
#: 95235's border under glow as light as its lines 0.11 of them, the
#: borders by a pop-up laid along a line (tests/vision/test_reader_pop_up.py) 1.0.
_OUTLINE_SHOWS = 0.4


#: Points along each line looked at by a corner.
_CORNER_POINTS = 9


def _as_lines(
    image: np.ndarray, asked: list[tuple[float, np.ndarray]], reach: int, *, transposed: bool
) -> np.ndarray:
    """Per line asked (its column, a row when ``transposed``, and points along), how it shows.

    ``(lines, points)``: RGB distance of the line's most unlike pixel (give
    or take one) from the nearer of the two pixels ``reach`` either side: a
    line is unlike both sides, a step like one. At the image's edge, the
    side inside only; a line off the image shows nowhere.
    """
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    at = np.rint([position for position, _ in asked]).astype(np.intp)
    rows = np.clip(np.rint(np.stack([along for _, along in asked])), 0, h - 1).astype(np.intp)
    columns = at[:, None] + np.array([-1, 0, 1, -reach, reach])[None, :]  # line, then sides
    inside = (columns >= 0) & (columns <= w - 1)
    columns = np.clip(columns, 0, w - 1)
    row, col = columns[:, :, None], rows[:, None, :]
    if not transposed:
        row, col = col, row
    pixels = pixels_at(image, row, col).astype(np.float32)  # (asked, 5, points, 3)
    line, beside = pixels[:, :3], pixels[:, 3:]
    unlike = np.sqrt(channel_sum((line[:, :, None] - beside[:, None]) ** 2))  # (q, 3, 2, p)
    unlike = np.where(inside[:, None, 3:, None], unlike, np.inf).min(axis=2).max(axis=1)
    on_image = inside[:, 1] & inside[:, 3:].any(axis=1)
    return np.where(on_image[:, None] & np.isfinite(unlike), unlike, 0.0)


def _rgb_across(
    image: np.ndarray, columns: np.ndarray, along: np.ndarray, *, transposed: bool
) -> np.ndarray:
    """RGB at ``columns`` (per line: image columns, rows when ``transposed``) x ``along``.

    Shape ``(lines, points, columns, 3)``, float; points off the image are
    clipped to it. (RGB, not CIELAB: a line is only compared with itself.)
    """
    size = image.shape[1 if transposed else 0]
    py = np.clip(np.rint(along), 0, size - 1).astype(np.intp)[None, :, None]
    px = columns[:, None, :]
    row, col = (px, py) if transposed else (py, px)
    return pixels_at(image, row, col).astype(np.float32)


#: Lines' ends are looked for from this far inside a border (pitch): clear of
#: a pipe along the last row, which crosses them 0.33-0.67 pitch in ...
_ENDS_FROM = 0.3
#: ... to this far past it (a box laid over the next row leaves stubs of its lines).
_ENDS_TO = 0.9
#: Points per pitch (at least one pixel apart).
_ENDS_STEPS = 60
#: A line shows up to its end along this share of the way at least.
_ENDS_ALONG = 0.9
#: Least image past a border (pitch) to tell where its lines end.
_ENDS_ROOM = 0.1
#: CIELAB: a line's stub keeps its colour further in within this (as a line
#: going on does: ``_SAME_LINE`` in the board checks).
_ENDS_SAME_LINE = 24.0


def _run_on(
    beyond_seen: np.ndarray,
    inside_seen: np.ndarray,
    unlike: np.ndarray,
    *,
    toward_board: bool = False,
) -> RunOn:
    """``_seen_past``'s measures, judged near the cell corners.

    ``toward_board``: the points along the spans past the border run toward
    it (a top or left border).
    """
    return RunOn(
        quantile_along(beyond_seen[:, _CORNERS], 0.1),
        quantile_along(inside_seen[:, _CORNERS], 0.1),
        beyond_seen[:, _CORNERS if toward_board else _CORNERS[:2]].min(axis=1),
        unlike,
    )


#: Past a border cut by the image's edge, the lines are looked at from this
#: far out (pitch fraction: clear of the border line's width and blur) ...
_CUT_CLEAR = 0.1
#: ... when the image holds at least this much past the border: the game's
#: boards sit whole on the screen, a cut through cells leaves this or more.
_CUT_SLIVER = 0.2


def _reach(xs: np.ndarray, ys: np.ndarray, uncertainty: float) -> int:
    """How far across a line, in pixels, its colour contrast is looked for.

    Wide enough for the position doubt and a line's own width, narrow enough
    to stay clear of the largest dots (radius 0.38 pitch, so 0.12 from a line).
    """
    pitch = cell_pitch(xs, ys)
    return max(2, min(math.ceil(uncertainty + 1 + 0.02 * pitch), math.floor(0.11 * pitch)))


def _visibility(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int, *, transposed: bool
) -> np.ndarray:
    """Visibility of the inner lines ``lines`` (columns, or rows when ``transposed``).

    Per span, the median over the points along it of the largest contrast.
    """
    contrast = _contrast(image, lines, spans, reach, transposed=transposed)
    return median_of(contrast.max(axis=3), axis=2)


def _polarity(contrast: np.ndarray, lighter: np.ndarray) -> np.ndarray:
    """+1 where a contrast is mostly a lighter pixel, -1 a darker one, 0 a change of hue."""
    return np.where(np.abs(lighter) >= 0.5 * contrast, np.sign(lighter), 0.0)


def _contrast(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int, *, transposed: bool
) -> np.ndarray:
    """Colour contrast across the inner lines ``lines[1:-1]``, sampled along each span.

    ``[line, span, point, offset]``: the CIELAB difference between the pixel
    ``offset - reach`` from the line and the mean of the window's two ends.
    """
    return _contrast_and_lightness(image, lines, spans, reach, transposed=transposed)[0]


def _contrast_and_lightness(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int, *, transposed: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_contrast``, by how much each pixel is lighter (L*) than the window's ends, its CIELAB."""
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    inner = lines[1:-1]
    if inner.size == 0:
        empty = np.zeros((0, len(spans) - 1, _ALONG, 2 * reach + 1))
        return empty, empty, np.zeros((*empty.shape, 3))
    along = np.concatenate(
        [
            np.linspace(a + 0.2 * (b - a), b - 0.2 * (b - a), _ALONG)
            for a, b in itertools.pairwise(spans)
        ]
    )
    offsets = np.arange(-reach, reach + 1)
    # Round the line first: rounding each offset position alone would skip
    # every other pixel around a half-pixel position (round half to even).
    px = np.clip(np.rint(inner)[:, None, None] + offsets[None, None, :], 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)[None, :, None]
    row, col = (px, py) if transposed else (py, px)
    lab = to_lab(pixels_at(image, row, col))  # (lines, points, offsets, 3)
    flank = (lab[:, :, :1] + lab[:, :, -1:]) / 2
    shape = (len(inner), len(spans) - 1, _ALONG, len(offsets))
    return (
        delta_e(lab, flank).reshape(shape),
        (lab[..., 0] - flank[..., 0]).reshape(shape),
        lab.reshape((*shape, 3)),
    )


@dataclass(frozen=True, slots=True)
class LineProfiles:
    """Per inner edge, in ``edge_visibility`` order, flattened (vertical lines first,
    each line's edges in order, then horizontal ones), the median over points
    along the edge of the line's look across it, in the brightest channel.
    """

    #: The bright span: from the first to the last pixel brighter than halfway
    #: between the brighter of the window's ends and its top.
    width: np.ndarray
    #: The top's height above the brighter end.
    peak: np.ndarray
    #: The brightness above the brighter end summed across the window. Blur
    #: and resampling widen a line and lower its peak but keep its ink; a wall
    #: adds ink.
    ink: np.ndarray
    #: The brightest value across the line (0-255).
    top: np.ndarray


def line_profiles(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    *,
    near_ends: bool = False,
    luma: bool = False,
) -> LineProfiles:
    """How wide, bright and inked each inner edge's line is, at full resolution.

    Across the line, in the brightest channel: one line's width, or from the
    outer side of one line of a double wall to that of the other.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    near_ends
        Measured near each edge's ends (``ends_and_ground``'s points, where no
        dot reaches the line) instead of along its middle (0.2-0.8 of it).
    luma
        In luma (JPEG's full-resolution channel) instead of the brightest
        channel, where JPEG's coarser colour adds fringes of another hue.
    """
    reach = _window_reach(xs, ys)
    along = _NEAR_ENDS if near_ends else _MIDDLE
    vertical = _profiles(image, xs, ys, reach, along, transposed=False, luma=luma)
    horizontal = _profiles(image, ys, xs, reach, along, transposed=True, luma=luma)
    width, peak, ink, top = (
        np.concatenate([v.ravel(), h.ravel()]) for v, h in zip(vertical, horizontal, strict=True)
    )
    return LineProfiles(width, peak, ink, top)


def _window_reach(xs: np.ndarray, ys: np.ndarray) -> int:
    """Half the width of the window across a line, in pixels.

    As wide as the dots allow (radius 0.38 pitch): a wall reaches 0.1 pitch out.
    """
    pitch = cell_pitch(xs, ys)
    return max(2, math.floor(0.11 * pitch))


def _profiles(
    image: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    reach: int,
    along: np.ndarray,
    *,
    transposed: bool,
    luma: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Bright span, peak, ink and top across the inner lines ``lines[1:-1]``, per span.

    Each the median over the points ``along`` (fractions) of the span.
    """
    inner = lines[1:-1]
    if inner.size == 0:
        return (np.zeros((0, len(spans) - 1)),) * 4
    offsets = np.arange(-reach, reach + 1)
    # Brightest channel, as the line search sees it (or luma): (lines, points, offsets).
    profile = _brightest_across(
        image, lines, spans, along, offsets, transposed=transposed, luma=luma
    )
    profile = profile.astype(np.int16).reshape(len(inner), -1, len(offsets))
    # A line is brighter than both sides; the edge of a glow band is only a step.
    ends = np.maximum(profile[..., :1], profile[..., -1:])
    top = profile.max(axis=-1, keepdims=True)
    bright = 2 * profile > ends + top
    n = len(offsets)
    first = bright.argmax(axis=-1)
    last = n - 1 - bright[..., ::-1].argmax(axis=-1)
    span = np.where(bright.any(axis=-1), last - first + 1, 0)
    ink = np.maximum(profile - ends, 0).sum(axis=-1)
    shape = (len(inner), len(spans) - 1, len(along))
    # The four measures' medians along each edge in one partition (of an
    # even count, the mean of the middle two).
    lo, hi = (len(along) - 1) // 2, len(along) // 2
    measures = np.stack([span, (top - ends)[..., 0], ink, top[..., 0]]).reshape(4, *shape)
    middle = np.partition(measures, [lo, hi], axis=3)
    medians = (middle[..., lo].astype(float) + middle[..., hi]) / 2
    return medians[0], medians[1], medians[2], medians[3]


def _brightest_across(
    image: np.ndarray,
    lines: np.ndarray,
    spans: np.ndarray,
    along: np.ndarray,
    offsets: np.ndarray,
    *,
    transposed: bool,
    luma: bool = False,
) -> np.ndarray:
    """Brightest channel ``offsets`` px across the inner lines ``lines[1:-1]``.

    Sampled at ``along`` (fractions) of each span between the crossing
    ``spans``; shape ``(lines, spans, along, offsets)``. ``transposed``:
    the lines are rows (``lines`` are y, ``spans`` x). ``luma``: luma
    (BT.601, whole levels) instead of the brightest channel.
    """
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    at = spans[:-1, None] + np.diff(spans)[:, None] * along[None, :]
    px = np.clip(np.rint(lines[1:-1])[:, None, None, None] + offsets, 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(at), 0, h - 1).astype(np.intp)[None, :, :, None]
    row, col = (px, py) if transposed else (py, px)
    pixels = pixels_at(image, row, col).reshape(-1, 3)
    if luma:
        bright = (pixels.astype(np.int32) @ np.array([299, 587, 114]) + 500) // 1000
    else:
        bright = np.maximum(np.maximum(pixels[:, 0], pixels[:, 1]), pixels[:, 2])
    return bright.reshape(len(lines) - 2, len(spans) - 1, len(along), len(offsets))


#: Along each edge, points near its ends (fractions of it), clear of a dot
#: (radius <= 0.38 pitch) across the line and up to 0.3 pitch beside it, and
#: of a pipe crossing the edge's middle.
_NEAR_ENDS = np.array([0.12, 0.18, 0.82, 0.88])


def ends_and_ground(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """How bright each inner edge's line is near its ends, and the cells 0.2-0.3 pitch beside it.

    In ``line_profiles`` order, in the brightest channel, medians over points
    near the edge's ends (where no dot reaches the line, unlike its middle
    in small cells): the brightest pixel across the line (``line_profiles``'
    window); and per side the darkest pixel 0.2-0.3 pitch out, the brighter
    side's. A wall or a line ends well within 0.2 pitch of the edge, so that
    is the cells' own ground beside it; a glow band as bright as a line runs
    on there.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    xs, ys
        Grid-line positions in ``image`` pixels.
    """
    pitch = cell_pitch(xs, ys)
    reach = _window_reach(xs, ys)
    near = max(reach + 1, round(0.2 * pitch))
    beside = np.arange(near, max(near, round(0.3 * pitch)) + 1)
    offsets = np.concatenate([-beside[::-1], np.arange(-reach, reach + 1), beside])
    n = len(beside)
    tops, grounds = [], []
    for lines, spans, transposed in ((xs, ys, False), (ys, xs, True)):
        bright = _brightest_across(image, lines, spans, _NEAR_ENDS, offsets, transposed=transposed)
        top = bright[..., n:-n].max(axis=3)
        ground = np.maximum(bright[..., :n].min(axis=3), bright[..., -n:].min(axis=3))
        # Median of the four points: the mean of the middle two.
        both = np.sort(np.stack([top, ground]).astype(float), axis=3)
        middle = (both[..., 1] + both[..., 2]) / 2
        tops.append(middle[0].ravel())
        grounds.append(middle[1].ravel())
    return np.concatenate(tops), np.concatenate(grounds)
