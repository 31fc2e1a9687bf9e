"""Inner lines the line map misses, judged by their colour (glow, dim lines)."""

from __future__ import annotations

import logging

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._board_edge_colours import (
    ALONG_EDGE,
    across_inner_edges,
    centre_colours,
    colour_reach,
    edge_colours,
)
from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._edges import (
    edge_visibility,
)
from flowbot.vision._grid import full_size_lines
from flowbot.vision._lattice import Lattice
from flowbot.vision._stats import (
    median_of,
    median_of_present,
    pad_with,
)
from flowbot.vision._types import Settings

log = logging.getLogger(__name__)


def nearby_median(strengths: np.ndarray, *, border_typical: bool = True) -> np.ndarray:
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


def unseen_by_colour(
    faint: np.ndarray,
    image: np.ndarray,
    lattice: Lattice,
    factor: int,
    settings: Settings,
    *,
    crossed: np.ndarray | None = None,
) -> np.ndarray:
    """Which of the edges the line map missed do not show in full-resolution colour either.

    ``faint`` flags the inner edges in ``check_edges`` order (vertical lines
    first, each line's edges top to bottom, then horizontal ones). A line of
    another hue over a band of glow as bright as itself is visible by colour
    alone; the edges the line map did see set what "visible" means here.
    ``crossed``: edges a drawn pipe crosses (``under_pipes``). Where pipes
    are drawn, no edge is judged a wall by its colour: a pipe covers the
    middle of an edge it crosses, and the cells' tints (each its pipe's
    colour) step across the edges between flows; walls are judged by the
    line map near the edges' ends (``check_edges``) and their widths.
    """
    if faint.mean() > 0.5:
        return faint  # too few edges seen to say what a visible one looks like
    f = factor
    xs, ys = full_size_lines(lattice, f)
    vertical, horizontal = edge_visibility(image, xs, ys, uncertainty=f / 2 + 1)
    if crossed is not None and crossed.any():
        # An edge a pipe may cross is judged by its ends, as in the line map:
        # the pipe covers the middle points, showing no line there (a teal
        # flow over a bright green glow, its faint lines visible by their
        # ends alone, 13-15 Lab against a typical 30, 0 along the middle:
        # bridges rectangular 300011 started).
        split = vertical.size
        ends_v, ends_h = edge_visibility(image, xs, ys, uncertainty=f / 2 + 1, near_corners=True)
        vertical = np.where(crossed[:split].reshape(vertical.shape), ends_v, vertical)
        horizontal = np.where(crossed[split:].reshape(horizontal.shape), ends_h, horizontal)
    visibility = np.concatenate([vertical.ravel(), horizontal.ravel()])
    typical = float(median_of(visibility[~faint]))
    log.debug("faint edges: colour %s, typical %.1f", np.round(visibility[faint], 1), typical)
    bold = faint & (visibility > settings.wall_ratio * typical)
    if bold.any() and (crossed is None or not crossed.any()):
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
            nearby_median(vertical, border_typical=False).ravel(),
            nearby_median(horizontal, border_typical=False).ravel(),
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

    Edges are flagged in ``check_edges`` order; ``faint`` ones set no colour.
    ``typical``: the seen edges' typical colour contrast.
    """
    reach = colour_reach(xs, ys, factor)
    vertical = edge_colours(image, xs, ys, reach)  # (lines, spans, 3)
    horizontal = edge_colours(np.swapaxes(image, 0, 1), ys, xs, reach)
    split = vertical.shape[0] * vertical.shape[1]
    seen = (
        ~faint[:split].reshape(vertical.shape[:2]),
        ~faint[split:].reshape(horizontal.shape[:2]),
    )
    drawn = drawn_in_line_colour((vertical, horizontal), seen, image, xs, ys)
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

    At ``ALONG_EDGE`` of each span, ``reach`` pixels either side of the line.
    """
    lightness = to_lab(across_inner_edges(image, lines, spans, reach))[..., 0]
    return lightness.reshape(len(lines) - 2, len(spans) - 1, len(ALONG_EDGE), 2 * reach + 1)


def _colour_around(colours: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """Per edge (CIELAB ``colours[line, span]``), the median colour of the ``lines`` around it.

    Those flagged in ``lines`` on its own line and the parallel lines beside
    it, over its span and the spans beside it (NaN where none is).
    """
    count, spans = lines.shape
    if not lines.size:
        return np.full((count, spans, 3), np.nan)  # (no edges: a grid with no inner line)
    shown = np.where(lines[..., None], colours, np.nan)
    padded = pad_with(shown, 1, 1, np.nan)
    window = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(0, 1))
    around = np.delete(window.reshape(count, spans, 3, 9), 4, axis=3)  # not the edge itself
    return median_of_present(around)


def drawn_in_line_colour(
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
    spread = max(LINE_COLOUR_NOISE, float(np.percentile(to_line[seen], 95)))
    one_colour = spread <= SAME_LINE
    spread = min(spread, SAME_LINE)
    centres = centre_colours(image, xs, ys)
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
    line_like = to_line <= (spread if one_colour else LINE_COLOUR_NOISE)
    lines = seen & (to_line <= spread)
    while True:
        to_around = delta_e(colours, _colour_around_blocks(blocks, lines))
        around_like = to_around <= LINE_COLOUR_NOISE
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
LINE_COLOUR_NOISE = 12.0
#: CIELAB: two lines seen on one board differ by up to ``LINE_COLOUR_NOISE`` each
#: from their colour: within this of each other they are of one colour (a line
#: going on past a border, a line's stub further in, the lines seen all round).
SAME_LINE = 2 * LINE_COLOUR_NOISE


#: A hidden line's colour is nearer the line's than the board's background's
#: (measured, glow-hidden lines at most 0.66 as far; holes show the background).
_NEARER_LINE = 0.75
