"""Where the lines crossing a border end, and whether the border's outline goes on past a corner."""

from __future__ import annotations

import math
from collections.abc import Collection

import numpy as np

from flowbot.vision._board_hidden_lines import SAME_LINE
from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import channel_sum, delta_e, pixels_at, to_lab
from flowbot.vision._edges import line_polarity, search_reach
from flowbot.vision._stats import median_of


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
    nearly all along from where it first shows inside the border (a wide
    pipe may hide its first points); ``-_ENDS_FROM`` when it shows at none, ``nan`` when it
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
    reach = search_reach(xs, ys, uncertainty)
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
            kept = delta_e(to_lab(pixel.astype(np.uint8)), colour[:, :, None]) <= SAME_LINE
            kept |= ~np.isin(names, list(same_colour))[None, :, None]
        contrast = np.where(kept, contrast.max(axis=3), 0.0)
        on_image = ((along >= 0) & (along <= size - 1)).reshape(2, len(out))
        seen = (contrast >= ratio * typical[..., None]) & on_image
        # Shown nearly all the way from the first point out; across the
        # border line itself no line shows across (it is drawn over it).
        # The way starts where the line first shows inside the border: a
        # pipe along the last row or column drawn wider than the game's
        # hides its first points (a drawing's 0.43 pitch pipe reaches 0.28
        # in; in 25 px cells a point is 0.04 pitch, two hidden of ten inside
        # left its share short: solutions site jumboCourtyard 32). Whatever
        # covers the line there leaves it whole up to the border, which is
        # where it must end; a line shown nowhere inside starts at the first.
        start = _first_shown_inside(seen, (out < 0) & ~crossing)
        counted = np.arange(len(out)) >= start[..., None]
        share = np.cumsum((seen | crossing) & counted, axis=2) / np.maximum(
            np.arange(len(out)) - start[..., None] + 1, 1
        )
        reached = seen & (share >= _ENDS_ALONG)
        end = len(out) - 1 - reached[..., ::-1].argmax(axis=2)
        ends = np.where(reached.any(axis=2), out[end], -_ENDS_FROM * pitch) / pitch
        ends = np.where(typical > 0, ends, np.nan)
        for k, (side, border, sign) in enumerate(((names[0], first, -1), (names[1], last, 1))):
            if 0 <= border + sign * _ENDS_ROOM * pitch <= size - 1:
                found[side] = ends[:, k]
    return found


def _first_shown_inside(seen: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """Per line and side, the first point (``seen``'s last axis) where it shows inside the border.

    0 where it shows at none of the ``inside`` points (the way then starts
    at the first point, as a line hidden all along inside is judged).
    """
    shown = seen & inside
    return np.where(shown.any(axis=-1), shown.argmax(axis=-1), 0)


def _contrast_across(
    image: np.ndarray, columns: np.ndarray, along: np.ndarray, transposed: bool
) -> tuple[np.ndarray, np.ndarray]:
    """RGB contrast and polarity of the pixels at ``columns`` x ``along`` within their window.

    Per line (``columns``' rows: the first and last column are the window's
    ends), point and column: ``(lines, points, columns)``, the pixel's
    Euclidean RGB distance from the mean of the window's ends and its
    ``line_polarity``. (Euclidean in RGB: a line is only compared with itself.)
    """
    rgb = _rgb_across(image, columns, along, transposed=transposed)
    flank = (rgb[:, :, :1] + rgb[:, :, -1:]) / 2
    contrast = delta_e(rgb, flank)
    lighter = (channel_sum(rgb) - channel_sum(flank)) / math.sqrt(3)
    return contrast, line_polarity(contrast, lighter)


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
    reach = search_reach(xs, ys, uncertainty)
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
