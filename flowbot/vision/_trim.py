"""A grid less the outer bands that are no part of the board (header text, another window)."""

from __future__ import annotations

import logging

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._grid import (
    MIN_BOARD_SIDE,
    SIDES,
    CellIndex,
    full_size,
    full_size_lines,
    run_on_past,
)
from flowbot.vision._grounds import against_another_ground
from flowbot.vision._lattice import Lattice
from flowbot.vision._stats import (
    median_of,
)
from flowbot.vision._types import MissingEdgesError, Settings

log = logging.getLogger(__name__)


#: Least share of the odd lines' edges missing for them to be taken for pipes along the
#: cells' middles: a pipe shows along the middle only where it runs straight along it or
#: turns (a finished board's straight runs across a middle leave it bare; a started
#: board's empty cells show none): 0.34 on a finished board (bridges jpeg 300068),
#: where a board's own lines hidden here and there by glow or tints miss a few.
ODD_MISSING = 0.2


def every_other_line(lattice: Lattice, missing: MissingEdgesError) -> Lattice | None:
    """``lattice`` at twice its pitch, its even lines kept (its outer ones among them), where
    its missing edges all lie on its odd lines; else ``None``.

    Followed through drawn pipes, a pipe running along the cells' middles passes
    for a line: the grid found is at half the board's pitch, its odd lines the
    pipes, broken wherever no pipe runs along them, its even lines the board's
    own, drawn whole. A board at that pitch missing edges (a hole, a cell left
    out) misses them on both sides of a cell, one even line and one odd. The
    grid kept must pass every check again (it is the board's, with no line
    inside its cells where its own ground shows).
    """
    rows, cols = len(lattice.ys) - 1, len(lattice.xs) - 1
    if rows % 2 or cols % 2 or min(rows, cols) < 2 * MIN_BOARD_SIDE:
        return None
    # missing.vertical[i]: inner line i + 1; the even inner lines are the odd i.
    odd_v, even_v = missing.vertical[0::2], missing.vertical[1::2]
    odd_h, even_h = missing.horizontal[0::2], missing.horizontal[1::2]
    if even_v.any() or even_h.any() or not (odd_v.any() and odd_h.any()):
        return None
    if (odd_v.sum() + odd_h.sum()) / (odd_v.size + odd_h.size) < ODD_MISSING:
        return None  # a few edges hidden: a board at the half pitch
    log.debug("kept every other line of a %dx%d grid: pipes along the middles", rows, cols)
    return Lattice(lattice.xs[::2], lattice.ys[::2])


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
    bands: list[tuple[tuple[float, ...], tuple[float, ...], CellIndex, CellIndex]] = []
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
    board_xs, board_ys = full_size_lines(trimmed, factor)
    for side, past in run_on_past(trimmed, image, factor).items():
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
    samples: CellSamples, band: CellIndex, next_in: CellIndex, settings: Settings, *, least: float
) -> bool:
    """Whether a cell of ``band`` (of the cells ``samples`` shows) is filled like a dot or a pipe.

    ``next_in`` is the row or column beside the band, inside the board: the
    board's own ground. ``least`` is the share of a core in one colour from
    which on it is filled (``_least_filled``).
    """
    # A dot or a pipe fills its cell's core with one colour, unlike the
    # board's ground; the thin strokes of a word over the core leave most
    # of it background, and another window's ground is no dot.
    core, ring = samples.core_lab[band], samples.ring_lab[band]
    ground = median_of(samples.ring_lab[next_in].reshape(-1, 3), axis=0)
    even = samples.core_uniformity[band] >= least
    standing, off_ground = delta_e(core, ring), delta_e(core, ground)
    filled = even & (standing > settings.empty_contrast) & (off_ground > settings.empty_contrast)
    # On a ring as black as the game's ground, fainter: a dark flow on black, its
    # cells 10-15 Lab off their rings along a band the lines go through, passed for
    # another window's ground below a bright flow's tinted row (dark flows 300024
    # (25, 0, 25) 24 px JPEG 50 solved: the board read a row short).
    on_black = delta_e(ring, np.zeros(3)) < FAINT_ON_BLACK
    faint = settings.faint_contrast
    filled |= even & on_black & (standing > faint) & (off_ground > faint)
    return bool(filled.any())


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
    xs, ys = full_size_lines(lattice, factor)
    # The nearest cut first, each next one sought on the grid left: seen
    # from the far side, the board's own ground meets another window's
    # just as well (jpeg 84931: an editor five columns wide left of the
    # board, which a cut from the right would keep).
    cuts: dict[str, int] = {}
    board_xs, board_ys = xs, ys
    while True:
        found = {s: _foreign_cut(image, board_xs, board_ys, s) for s in SIDES if s not in cuts}
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
    bands: list[tuple[CellIndex, CellIndex]] = []
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


#: Share of an outer band's crossing lines going on through it from which on
#: the band is part of the board: measured, header text bands 0-0.125 (one
#: glyph in line), the cells kept beside a shaped board's cells left out 0.6-1.
_BAND_LINES = 1 / 3


#: A cell's ring this near black (Lab) is on the game's own ground, where a dark flow's
#: cells stand out as little as ``Settings.faint_contrast`` (``_cell_dots.TINTED_RING``).
FAINT_ON_BLACK = 6.0


#: Share of a cell's core in one colour above which it is filled (a dot or a
#: pipe: nearly all of it), not crossed by text, where no dot of the board's
#: shows how evenly this screen fills a dot's core.
_FILLED_CORE = 0.5


#: Least share of a dot's core in one colour that a pipe through the cell
#: covers as evenly: measured, a bend's core holds 0.80-0.90 of a dot's on
#: synthetic solved boards (60 shots, seeds 96000+), 0.755-0.84 on the real
#: solved boards' bands; a word over a background pipe's end 0.55.
_PIPE_SHARE = 2 / 3
