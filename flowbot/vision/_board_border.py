"""Board rules on the border: drawn all round, no gap, whole where it meets the image's edge."""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._board_edge_colours import (
    ALONG_EDGE,
    EdgeColours,
    centre_colours,
    edge_colours,
)
from flowbot.vision._board_hidden_lines import LINE_COLOUR_NOISE, drawn_in_line_colour
from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import channel_sum, delta_e, pixels_at, to_lab, to_rgb
from flowbot.vision._edges import edge_visibility
from flowbot.vision._grid import span_middles
from flowbot.vision._grounds import another_ground, ground_across, ground_reach, grounds_beside
from flowbot.vision._lattice import Lattice, LineMaps
from flowbot.vision._rule import Grid, Rule
from flowbot.vision._stats import (
    median_of,
    median_of_few,
    quantile_of,
)
from flowbot.vision._types import Settings

log = logging.getLogger(__name__)

#: Why a board whose border misses a cell's side is refused.
_BORDER_GAP = "the board's border has a gap (a shaped board with cells left out)"


def check_border(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    edges: EdgeColours,
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
    passes for it: there its colour decides (``_left_out_by_colour``). One
    cut lengthwise by what lies outside (the wallpaper over its outer half)
    shows the line map the step at the cut, evenly, and the lines' colour
    nowhere: there the sliver the cut leaves decides (``_left_out_at_cut``).
    """
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    for vertical, (positions, spans, strength) in enumerate(
        ((ys, xs, maps.horizontal_strength.T), (xs, ys, maps.vertical_strength))
    ):
        size = strength.shape[1]
        # The lattice's outer lines may stray a few pixels from the drawn ones
        # (its pitch is fitted on the inner lines): look that far across.
        slack = max(1, round(0.03 * lattice.pitch))
        middles = span_middles(spans)
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
                strip = _BorderStrip.of(image, f, edges, vertical=vertical, at=at, slack=slack)
                if _left_out_by_colour(strip, image, edges).any():
                    raise UnsureReadingError(_BORDER_GAP)
                continue  # hidden all along (a frame or glow): inferred, not drawn
            faint = values < max(0.5 * settings.line_contrast, 0.15 * drawn)
            # Where the border was found: the lattice's line, or the column sought.
            off_line = col != round(positions[end])
            at = col if off_line else positions[end]
            if not faint.any():
                # A cell left out beside a bright window or page shows a step
                # from the board's ground to it that the line map may see
                # nearly as strongly as the border, or as strongly (in the
                # dark-line copy the hole's black beside the page is a dark
                # line: flow_edge_objects 12600000, 0.98 of the drawn border).
                # Where the border shows unevenly (some cells under
                # _WEAK_BORDER of its strength), or was found off the
                # lattice's line, the line map cannot tell which stretch is
                # the border and which a step: every cell is judged by colour.
                weak = values < _WEAK_BORDER * drawn
                full = f * at + (f - 1) / 2
                strip = _BorderStrip.of(image, f, edges, vertical=vertical, at=full, slack=slack)
                if weak.any() or off_line:
                    left_out = _left_out_by_colour(strip, image, edges, cheap_first=True)
                else:
                    # Seen evenly, it is the border, unless it shows the lines'
                    # colour nowhere across: cut lengthwise by what lies
                    # outside, where the line map sees the step at the cut as
                    # a line (flow_edge_objects 12700002).
                    left_out = _left_out_at_cut(strip, edges.line)
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
                colours = edge_colours(column, line, across, edges.reach)
                unseen &= ~drawn_in_line_colour(
                    (colours,), (~faint[None, :],), image, edges.xs, edges.ys
                )
            if not unseen.any():
                # A cell left out beside a bright window or page shows a step
                # from the board's ground to it, as sharp as a line (it may
                # pass for the border even in the line map): judged by colour
                # where the border is drawn beside the other cells.
                strip = _BorderStrip.of(image, f, edges, vertical=vertical, at=line[1], slack=slack)
                if _left_out_by_colour(strip, image, edges).any():
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
                lab = edge_colours(column, inner, across, edges.reach)
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


#: CIELAB: where the lines lie within 2 ``LINE_COLOUR_NOISE`` of the board's
#: ground (dim lines, glow), only a cell's own ground unlike the lines shows
#: it left out, and it shows nothing nearer the lines' colour than this.
#: Measured, least over the profile: holes by dim lines or glow 21.6-39.9
#: (flow_edge_objects 97585, 99184); good boards' cells judged so: jpeg
#: 100761 13.8, mirror 100704 and 100715 7.4-13.3 (synthetic 100700-100739,
#: all categories), none on the 512 real screens.
_NEAR_GROUND_APART = 18.0


#: Share of the drawn border's strength (line map) under which a border cell
#: shows it uneven: every cell is then judged by colour. Measured: holes whose
#: step to a bright page, the wallpaper or a window passed for the border
#: 0.16-0.38 (flow_edge_objects 117, 168, 100520, 97732); good boards' cells
#: beside a dot or pipe end fall as low (1.0 such borders a read on the 40 real
#: 1080x2400 speed screens), so colour decides: those cells' least CIELAB from
#: the vertical inner lines' colour 0.8-4.9, the holes' 27.3-47.9, against
#: ``LINE_COLOUR_NOISE`` 12.
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
    strip: _BorderStrip, image: np.ndarray, edges: EdgeColours, *, cheap_first: bool = False
) -> np.ndarray:
    """Which cells along a border the line map sees faintly are left out, judged by colour.

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
    cells at most LINE_COLOUR_NOISE, the bound.
    ``cheap_first``: a cell that shows the inner lines' colour near the
    line is drawn, and when every cell does, nothing more is looked at.
    """
    lab, own = strip.lab, strip.own
    left_out = np.zeros(len(lab), bool)
    if not strip.judged:
        return left_out
    noise = LINE_COLOUR_NOISE
    if cheap_first and (delta_e(lab, edges.vertical_line) <= noise).any(axis=1).all():
        # The vertical inner lines' colour is found for ``check_outlined_holes``
        # anyway; a dot near the line only dims it.
        return left_out
    line = edges.line
    line_like = delta_e(lab, line) <= noise  # (cells, offsets)
    ground = median_of(centre_colours(image, edges.xs, edges.ys).reshape(-1, 3), axis=0)
    # Lines too near the board's ground to tell one from the other (dim
    # lines, glow): only a cell's own ground unlike the lines judges it.
    near_ground = bool(delta_e(line, ground) < 2 * noise)
    apart = delta_e(own, line) > 2 * noise
    ground_like = (~near_ground & (delta_e(lab, ground) <= noise)) | (
        apart[:, None] & (delta_e(lab, own[:, None, :]) <= noise)
    )
    profile = median_of(lab, axis=0)
    typical = delta_e(profile, line) <= noise  # where the border is drawn
    if not near_ground:
        # A solved board tints each cell its flow's colour: where one flow's
        # tint, near the lines' colour, lies along most of a side, the typical
        # profile shows the lines' colour at offsets inside the border with no
        # line there. An offset showing the cells' own ground is no line drawn
        # (classic mirror 300112 solved: a yellow tint 12 Lab from the lines'
        # median, the screen's edge cropping the border; one green cell read
        # left out).
        typical &= delta_e(profile, median_of(own, axis=0)) > noise
    else:
        # Lines near the ground: a flow's tint along most of the side may lie
        # within LINE_COLOUR_NOISE of the lines' colour, where no line is
        # drawn (the board flush with its window's edge, the border cut off).
        # A drawn line stands nearer the lines' colour than the cells' own
        # ground does (classic jpeg 6100000 started: a white flow's tint
        # beside 7 of 12 rows, 2.4-8.0 Lab from the cells' median own ground
        # and 7.3-9.2 from the lines'; two dark rows read left out).
        typical &= delta_e(profile, line) < delta_e(profile, median_of(own, axis=0))
    if not typical.any():
        # Nowhere in the lines' colour: hidden all along, or cut lengthwise.
        return _left_out_at_sliver(strip, line)
    shows_ground = (ground_like & typical).any(axis=1)
    # The lines' colour counts where the border is drawn (one straight line
    # beside every cell): off it, a window's text beside a cell left out may
    # share it.
    left_out[:] = shows_ground & ~(line_like & typical).any(axis=1)
    if left_out.any():
        # A blur mixes a thin line with the ground either side of it: beside a cell on
        # another ground than most (a black row among flows' tints), the border looks
        # as the inner lines along the cell's own row or column do, where those stand
        # out from its ground farther than a match (``LINE_COLOUR_NOISE``: else a cell
        # showing that ground would pass for one showing the line). Dark flows 300001
        # (25, 0, 25) 24 px blur 1.2 JPEG 50 started: the lines beside the flows' tints
        # 21 Lab from the border beside the black row, the row's own lines 2.4; a cell
        # left out shows its ground or what lies outside, not its row's lines.
        inner = edges.vertical if strip.vertical else edges.horizontal
        along = median_of(np.swapaxes(inner, 0, 1), axis=1)  # (cells, 3)
        drawn_so = (delta_e(along, own) > noise)[:, None] & (
            delta_e(lab, along[:, None, :]) <= noise
        )
        left_out &= ~(drawn_so & typical).any(axis=1)
    if left_out.any():
        left_out &= ~_lightness_ridge(lab, line, typical)
    if near_ground:
        left_out &= delta_e(lab, line).min(axis=1) > _NEAR_GROUND_APART
    log.debug(
        "border missed by the line map, drawn at %s of its offsets (from the outside); cells "
        "showing the ground there %s, their least CIELAB from the lines' colour %s (lines "
        "near the ground: %s); left out: %s",
        np.nonzero(typical)[0],
        np.nonzero(shows_ground)[0],
        np.round(delta_e(lab, line).min(axis=1)[shows_ground], 1),
        near_ground,
        np.nonzero(left_out)[0],
    )
    return left_out


@dataclass(frozen=True, eq=False)
class _BorderStrip:
    """Each cell's colours across one border line, and its own ground just inside.

    ``lab`` ``(cells, offsets, 3)``: CIELAB at each offset across the border,
    from the outside in, the median along the cell's side. ``own`` ``(cells,
    3)``: the cell's ground just inside, past the line's reach and clear of a
    dot (a cell left out may be blacker than a glow's ground). ``judged``:
    false where the lattice has too few lines to judge a border by.
    """

    lab: np.ndarray
    own: np.ndarray
    vertical: int
    judged: bool

    @classmethod
    def of(
        cls,
        image: np.ndarray,
        factor: int,
        edges: EdgeColours,
        *,
        vertical: int,
        at: float,
        slack: int,
    ) -> _BorderStrip:
        """The border at ``at`` in ``image`` pixels (a column if ``vertical``, else a
        row), give or take the line's reach and ``slack`` (shrunk pixels) across."""
        xs, ys = edges.xs, edges.ys
        column = image if vertical else np.swapaxes(image, 0, 1)
        across = ys if vertical else xs
        h, w = column.shape[:2]
        along = across[:-1, None] + ALONG_EDGE[None, :] * np.diff(across)[:, None]
        py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)  # (cells, points)
        out = edges.reach + factor * slack
        inward = 1 if at < np.mean(xs if vertical else ys) else -1
        px = np.rint(at) + inward * np.arange(-out, out + 1)
        px = np.clip(px, 0, w - 1).astype(np.intp)
        lab = median_of(to_lab(pixels_at(column, py[:, :, None], px[None, None, :])), axis=1)
        judged = len(xs) >= 3 and len(ys) >= 3
        depth = max(out + 1, round(0.15 * cell_pitch(xs, ys))) if judged else out + 1
        qx = np.clip(np.rint(at + inward * depth), 0, w - 1).astype(np.intp)
        own = median_of(to_lab(pixels_at(column, py, np.full_like(py, qx))), axis=1)
        return cls(lab, own, vertical, judged)


def _left_out_at_cut(strip: _BorderStrip, line: np.ndarray) -> np.ndarray:
    """Which cells along a border the line map sees evenly are left out: none, unless
    it shows the lines' colour (``line``) nowhere across (``_left_out_at_sliver``)."""
    if not strip.judged:
        return np.zeros(len(strip.lab), bool)
    if (delta_e(median_of(strip.lab, axis=0), line) <= LINE_COLOUR_NOISE).any():
        return np.zeros(len(strip.lab), bool)  # drawn in the lines' colour: the border
    return _left_out_at_sliver(strip, line)


def _left_out_at_sliver(strip: _BorderStrip, line: np.ndarray) -> np.ndarray:
    """Which cells are left out along a border cut lengthwise by what lies outside it.

    The wallpaper or another window over the outer half of a thin border
    leaves no offset in the lines' colour: at the cut, a sliver blended of
    the line and what lies outside beside every cell drawn; beside a cell
    left out, of that cell's own ground and the outside (flow_edge_objects
    12700002: a hole's (0, 9, 24) where the other cells show (56, 86, 120),
    the line (56, 58, 73) half under the wallpaper's (26, 107, 152): 30.7
    CIELAB from the line's blend, 5.1 from its own ground's; the other
    cells' 1.0-5.8 from the line's). A cell is left out where its own
    ground's blend matches (``LINE_COLOUR_NOISE``) and the line's lies past
    twice that: one near both tells nothing (JPEG against a white editor's
    ruled page: cells 12.1-12.5 from the line's blend, 7.4-9.2 from their
    own ground's, as the wallpaper's light changes along the border: jpeg
    85099). A sliver mostly of the outside fits any
    blend: only one holding ``_SLIVER_LINE_SHARE`` of the line tells. A
    border hidden all along (a frame over it, glow) shows no such sliver.
    """
    noise = LINE_COLOUR_NOISE
    lab = strip.lab
    # The cut is the first offset in from the outside that shows something
    # else: further in lie the line's inner edge blended with a flow's tint
    # (classic mirror 100005 solved), or the cells' tints inside an outline
    # of the pack's own colour (bridges phone_large 400002 solved).
    beyond = median_of(delta_e(lab, lab[:, :1]), axis=0) <= noise
    if beyond.all():
        return np.zeros(len(lab), bool)  # nothing but the outside: hidden all along
    cut = int(np.argmin(beyond))
    outside, sliver = to_rgb(lab[:, 0]), to_rgb(lab[:, cut])  # (cells, 3) each
    line_apart, share = _blend_apart(sliver, outside, to_rgb(line))
    if median_of(line_apart) > noise or median_of(share) < _SLIVER_LINE_SHARE:
        return np.zeros(len(lab), bool)  # no sliver of the line: hidden all along
    own_apart, _ = _blend_apart(sliver, outside, to_rgb(strip.own))
    left_out: np.ndarray = (own_apart <= noise) & (line_apart > 2 * noise)
    log.debug(
        "border cut lengthwise, its sliver %d offsets in: CIELAB from the line's blend %s, "
        "from the cell's own ground's %s; left out %s",
        cut,
        np.round(line_apart, 1),
        np.round(own_apart, 1),
        np.flatnonzero(left_out),
    )
    return left_out


def _blend_apart(
    pixels: np.ndarray, outside: np.ndarray, end: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """CIELAB distance of each of ``pixels`` (RGB, ``(n, 3)``) from the nearest blend of
    its ``outside`` and ``end`` (``(3,)`` or ``(n, 3)``), and ``end``'s share in that blend.

    Blended in RGB, as anti-aliasing and scaling blend a screen's pixels.
    """
    span = end - outside
    share = np.clip(
        channel_sum((pixels - outside) * span) / np.maximum(channel_sum(span * span), 1.0),
        0.0,
        1.0,
    )
    nearest = outside + share[:, None] * span
    return delta_e(to_lab(_as_pixels(nearest)), to_lab(_as_pixels(pixels))), share


def _as_pixels(rgb: np.ndarray) -> np.ndarray:
    return np.clip(np.rint(rgb), 0, 255).astype(np.uint8)


#: A border cut lengthwise tells its cells apart only at a sliver holding this share
#: of the line or more (blended with the outside): one mostly of the outside fits any
#: blend. Measured: flow_edge_objects 12700002's sliver 0.60-0.63 (median over its cells).
_SLIVER_LINE_SHARE = 0.25


#: L*: a cell's border shows the lines' lightness within ``_RIDGE_NOISE`` where the
#: border is drawn (give or take a pixel), standing ``_RIDGE_APART`` past it on both
#: sides ``_RIDGE_SIDE`` offsets out.
_RIDGE_NOISE, _RIDGE_APART, _RIDGE_SIDE = 6.0, 12.0, 2


def _lightness_ridge(lab: np.ndarray, line: np.ndarray, typical: np.ndarray) -> np.ndarray:
    """Which cells show the border as a ridge of the lines' lightness where it is drawn.

    JPEG keeps lightness at full resolution, colour in blocks: a 1 px border between a
    flow's tinted cell and another window keeps its lightness and takes their colour
    (synthetic classic jpeg 4000002 solved: 30.6 L* where the lines are 28.9, its
    chroma 19.9 Lab off theirs; the ground 10-13 L* either side). A cell left out shows
    no such ridge there: its ground, or a step to what lies outside.
    ``lab``: ``(cells, offsets, 3)`` across the border; ``typical``: where it is drawn.
    """
    lightness = lab[..., 0]
    n = lightness.shape[1]
    ridge = np.zeros(lightness.shape[0], bool)
    # Give or take a pixel: a thin line's brightest pixel shifts along it.
    near = np.flatnonzero(np.convolve(typical, np.ones(3), mode="same") > 0)
    for k in near:
        if k < _RIDGE_SIDE or k + _RIDGE_SIDE >= n:
            continue
        at = np.abs(lightness[:, k] - line[0]) <= _RIDGE_NOISE
        before = float(line[0]) - lightness[:, k - _RIDGE_SIDE]
        after = float(line[0]) - lightness[:, k + _RIDGE_SIDE]
        same_side = np.sign(before) == np.sign(after)
        ridge |= at & same_side & (np.minimum(np.abs(before), np.abs(after)) > _RIDGE_APART)
    return ridge


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


def check_border_at_image_edge(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a board whose border, cut by the image's edge, shows all along but beside some cells.

    A tight crop through the border line keeps a sliver of it along the
    whole edge (or none at all): a corner cell left out of a shaped board
    leaves that sliver dark beside it. ``check_border`` cannot look at a
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
                continue  # inside the image: check_border's
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


BORDER: Rule[Grid] = Rule(
    name="border drawn all round",
    refuses="a border drawn along most of its length but not beside some cells",
    why="A shaped board leaves cells out and its border follows them; read as a rectangle, "
    "it would hold cells the game has not. A border hidden all along (a tight crop, a bright "
    "frame) is allowed, and so is a gap where another window's ground meets the board.",
    bounds="Every cell of a border with weak cells (under _WEAK_BORDER 0.5 of the drawn "
    "border: holes 0.16-0.38, or the rest where a hole's step passes for it at 0.98) judged "
    "by colour against LINE_COLOUR_NOISE 12 CIELAB (good cells 0.8-4.9, holes 27.3-47.9); "
    "_GAP_OUTSIDE_APART 4 (holes <= 1.6, windows >= 8.3); _OWN_BORDER_APART "
    "24; _NEAR_GROUND_APART 18 (holes 21.6-39.9, good cells <= 13.8; none on 512 real "
    "screens); a cell's border drawn is the lines' colour where the border lies beside the "
    "other cells, not a window's text farther out (flow_edge_objects 505), or the colour "
    "of the inner lines along the cell's own row or column where those stand from its own "
    "ground past LINE_COLOUR_NOISE (a blur mixes a thin line with the ground either side: "
    "beside a dark flow's black row among flows' tints, 24 px cells blurred 1.2 px through "
    "JPEG 50, the border 21 Lab from the lines' median, 2.4 from its row's lines; a cell "
    "left out shows its ground or what lies outside); the border is drawn only at the "
    "offsets of its typical profile unlike the cells' own ground there (a flow's tint near "
    "the lines' colour along most of a side shows their colour with no line: classic "
    "mirror 300112 solved, the screen's edge cropping the border, a green cell among "
    "yellow ones read left out); where the lines lie near the board's ground, only at "
    "offsets nearer the lines' colour than the cells' median own ground (classic jpeg "
    "6100000 started: a board flush with its window's edge, a white flow's tint beside 7 "
    "of 12 rows 2.4-8.0 Lab from that ground and 7.3-9.2 from the lines', two dark rows "
    "read left out); a border the line map sees evenly but nowhere in the lines' colour "
    "across, cut lengthwise by what lies outside, judged at the sliver the cut leaves "
    "(_SLIVER_LINE_SHARE 0.25 of the line or more): a cell whose sliver is its own "
    "ground's blend with the outside within LINE_COLOUR_NOISE and the line's past twice "
    "that is left out (jpeg 85099's good cells by a ruled page 12.1-12.5; "
    "flow_edge_objects 12700002: the hole 30.7 from the line's blend, "
    "the other cells 1.0-5.8); the sliver is the first offset in from the outside that "
    "is not the outside (past it a line's inner edge blends with a flow's tint).",
    reason=_BORDER_GAP,
    check=lambda grid: check_border(
        grid.lattice, grid.maps, grid.image, grid.factor, grid.settings, edges=grid.edges
    ),
)

BORDER_AT_IMAGE_EDGE: Rule[Grid] = Rule(
    name="border whole at the image's edge",
    refuses="a border cut by the image's edge whose sliver shows beside some cells only",
    why="A tight crop through the border keeps a sliver of it all along (or none); a corner "
    "cell left out of a shaped board leaves the sliver dark beside it.",
    bounds="_EDGE_SLIVER_GAP 0.4 of the rest of the sliver: cut corners of decoys <= 0.01, "
    "plain boards >= 0.94 (real) and >= 0.80 (synthetic).",
    reason=_BORDER_GAP,
    check=lambda grid: check_border_at_image_edge(
        grid.lattice, grid.image, grid.factor, grid.settings
    ),
)
