"""Warps: openings in the board's border, in pairs across the board.

Flow Free: Warps leaves the border open where a flow leaves the board and
comes back on the other side: the border line is drawn all round but beside
those cells (``flowbot.look``: "warps take away the walls on the side"). A
warp joins the two ends of a row, or of a column, so each opening has its
partner straight across the board, on the opposite side; an opening without
one is no warp the game draws (a border hidden there, a board cut off), and
the screen is refused.

``find_warps`` judges the board chosen; ``open_at_warps`` lets a board rule
that refuses a gap in the border pass a board whose gaps are such pairs (the
warps are judged again once the board is placed); ``frame_openings`` finds
such pairs in the frame of a board with an outline (holes, walls), which
``find_warps`` must then find too.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Link, link
from flowbot.vision._border_sides import (
    DRAWN,
    OUTLINE_LIGHTER,
    WALL_OUTLINE_LIGHTER,
    Border,
    border_of,
)
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._grid import full_size
from flowbot.vision._line_positions import place_lines
from flowbot.vision._rule import Grid, Rule
from flowbot.vision._stats import median_of
from flowbot.vision._variant_pipes import letter_free, runs_out

#: A border cell's side is open where its ink (CIELAB, ``border_sides``) is
#: under ``OPEN_INK`` and under ``OPEN_SHARE`` of its side's drawn cells':
#: nothing drawn there at all. Openings 2.2 at most (JPEG), drawn outlines
#: 57+ (warp boards in every category, seeds 3000-3003), a classic board's
#: thin border 19+ (a mirror's, beside a side of 97).
OPEN_INK, OPEN_SHARE = 6.0, 0.3
#: ... or where it is under ``OPEN_LIFT`` lighter (L*) than that ground: the
#: ink counts hue too, and an opening's rises to 14-25 where the ground past
#: the board's edge has another hue, or a big dot's glow tints the ground
#: inside. Openings lift 4.5 at most, drawn outlines 30+ (unsolved warp
#: boards of every category, seeds 140000-140009, 150000-150019).
OPEN_LIFT = 12.0
#: ... and where what shows there is this far (CIELAB) from the side's drawn
#: colour: glow of the border's own colour hides it from the ground beside
#: it, whose colour it takes; an opening shows the board's ground (the
#: game's outlines 60+ from it).
OPEN_UNLIKE = 20.0
#: Least ink (CIELAB) of a side's drawn cells (its 75th percentile) for
#: openings to be told on it: outlines 57+; a classic board's thin border
#: under glow 4-14.
DRAWN_SIDE = 20.0


def openings(
    image: np.ndarray,
    geometry: BoardGeometry,
    holes: frozenset[Cell] = frozenset(),
    samples: CellSamples | None = None,
) -> dict[str, np.ndarray]:
    """Per side, the cells beside which the border is open, or hidden under a pipe running
    out of it (``openings_under_pipes``; ``samples``: the cells', if sampled).

    A side drawn nowhere (hidden by a frame, glow or a crop) shows no
    opening; one drawn but at a few cells is open at those. A hole on the
    border has no side there (nothing is drawn beside it).
    """
    border = border_of(image, geometry)
    open_ = _openings(geometry, border, holes)
    hidden = openings_under_pipes(image, geometry, border, samples)
    return {side: open_[side] | hidden[side] for side in open_}


def _openings(
    geometry: BoardGeometry,
    border: Border,
    holes: frozenset[Cell],
    walls: frozenset[Link] = frozenset(),
) -> dict[str, np.ndarray]:
    sides = border.sides
    out = {side: np.zeros(found.ink.shape, bool) for side, found in sides.items()}
    outline = _outline_colour(border, holes, walls)
    if outline is None:
        # Warps are drawn on the game's other boards, outlined lighter than
        # their lines; a classic board's border may fade under glow anywhere.
        return out
    ink = {side: found.ink.copy() for side, found in sides.items()}
    rows, cols = geometry.rows, geometry.cols
    beside = {
        "top": [Cell(0, c) for c in range(cols)],
        "bottom": [Cell(rows - 1, c) for c in range(cols)],
        "left": [Cell(r, 0) for r in range(rows)],
        "right": [Cell(r, cols - 1) for r in range(rows)],
    }
    for side, cells in beside.items():
        ink[side][[cell in holes for cell in cells]] = np.nan
    for side, values in ink.items():
        seen = values[np.isfinite(values)]
        if not seen.size:
            continue
        lift = sides[side].lift
        if float(np.quantile(seen, 0.75)) < DRAWN_SIDE:
            # Drawn nowhere: open all along (a warp beside every cell) where every
            # cell shows the ground, unlike the outline drawn elsewhere, on a board
            # clearly outlined as the game's other boards are; else hidden.
            bare = (values < OPEN_INK) | (lift < OPEN_LIFT)
            bare &= delta_e(sides[side].colour, outline) >= OPEN_UNLIKE
            # The ground an opening shows is the board's, darker than its lines: a
            # frame wider than the ground's place in from the line (0.15-0.21 pitch)
            # is taken for the ground there, and shows nothing on it (lines 0.2 pitch
            # wide, warps rectangular 400011 solved: L* 77 against the lines' 37, read
            # as warps all round; the official levels' open sides 0-2 against 28-44).
            bare &= sides[side].colour[:, 0] < border.line_colour[0]
            clear = outline[0] - border.line_colour[0] >= WALL_OUTLINE_LIGHTER
            if clear and bare[np.isfinite(values)].all():
                out[side] = np.isfinite(values)
            continue
        # One open at most cells still shows its outline at a quarter of them.
        is_drawn = np.isfinite(values) & (values >= DRAWN)
        limit = min(OPEN_INK, OPEN_SHARE * float(np.median(values[is_drawn])))
        # Glow of the border's own colour hides it from the ground beside it
        # but not from the board's ground: an opening shows the latter.
        colour = median_of(sides[side].colour[is_drawn], axis=0)
        unlike = delta_e(sides[side].colour, colour) >= OPEN_UNLIKE
        nothing = (values < limit) | (lift < OPEN_LIFT)
        out[side] = np.isfinite(values) & nothing & unlike
    return out


def _outline_colour(
    border: Border, holes: frozenset[Cell], walls: frozenset[Link]
) -> np.ndarray | None:
    """The colour (Lab) of the outline of the game's other boards, lighter than its lines:
    the border's sides drawn, else the outline round ``holes`` and along ``walls`` (the
    inner edges between a hole and a cell, and the walls: a board open all round shows
    it only there); None when neither is."""
    if border.outlined:
        return border.outline_colour
    if not holes and not walls:
        return None
    vertical, horizontal = border.inner
    rows, cols = vertical.shape[1], horizontal.shape[1]
    hole = np.zeros((rows, cols), bool)
    for cell in holes:
        hole[cell] = True
    across = hole[:, :-1] != hole[:, 1:]  # [r, c]: the edge right of cell (r, c)
    down = hole[:-1] != hole[1:]  # [r, c]: the edge below cell (r, c)
    for a, b in walls:
        (across if a.row == b.row else down)[a] = True
    around = [vertical.transpose(1, 0, 2)[across], horizontal[down]]
    colours = np.concatenate(around)
    if not len(colours):
        return None
    outline = median_of(colours, axis=0)
    if float(outline[0] - border.line_colour[0]) < OUTLINE_LIGHTER:
        return None
    return outline


def _paired(open_: dict[str, np.ndarray], rows: int, cols: int) -> tuple[frozenset[Link], str]:
    """The warps the openings make, and the refusal of the first opening without a partner."""
    warps: set[Link] = set()
    for a, b, n in (("left", "right", rows), ("top", "bottom", cols)):
        for k in range(n):
            if not (open_[a][k] or open_[b][k]):
                continue
            across_row = a == "left"
            cell = Cell(k, 0) if across_row else Cell(0, k)
            if not (open_[a][k] and open_[b][k]):
                side = a if open_[a][k] else b
                cell = (
                    Cell(k, 0 if side == "left" else cols - 1)
                    if across_row
                    else Cell(0 if side == "top" else rows - 1, k)
                )
                return frozenset(), (
                    f"the board's {side} border is open beside cell ({cell.row}, {cell.col}) "
                    "with no opening across the board from it"
                )
            if (cols if across_row else rows) < 3:
                return frozenset(), f"the board's {a} and {b} borders are open on a board too small"
            other = Cell(k, cols - 1) if across_row else Cell(rows - 1, k)
            warps.add(link(cell, other))
    return frozenset(warps), ""


def find_warps(
    image: np.ndarray,
    geometry: BoardGeometry,
    holes: frozenset[Cell] = frozenset(),
    border: Border | None = None,
    *,
    walls: frozenset[Link] = frozenset(),
    through: frozenset[Link] = frozenset(),
) -> frozenset[Link]:
    """The warps of the board chosen: its border's openings, paired across it.

    Raises ``UnsureReadingError`` for an opening without its partner, or a
    side drawn nowhere on a board whose other sides show warps or the
    outline of the game's other boards. ``border``: the board's, if measured;
    ``walls``: those read (drawn as the outline); ``through``: the warps drawn
    pipes run through (``Pipes.warps``), open at both ends.
    """
    border = border or border_of(image, geometry)
    sides = border.sides
    open_ = _openings(geometry, border, holes, walls)
    # A flow through a warp fills both its openings: a dark one shows as nothing
    # drawn at one end (the ground's lightness), a bright one as ink at the other.
    for side, k in _ends(through, geometry.rows, geometry.cols):
        open_[side][k] = True
    warps, doubt = _paired(open_, geometry.rows, geometry.cols)
    if doubt:
        raise UnsureReadingError(doubt)
    # A side seen but drawn nowhere, on a board with warps or outlined as the
    # game's other boards are: open all along (a warp at every cell), or
    # hidden; which cannot be told where some cell there shows more than the ground.
    nowhere = [
        name
        for name, side in sides.items()
        if np.isfinite(side.ink).any()
        and not (np.nan_to_num(side.ink) >= DRAWN).any()
        and not open_[name].any()
    ]
    if nowhere and (warps or border.outlined):
        raise UnsureReadingError(
            f"the board's {nowhere[0]} border is drawn nowhere: open all along (warps) or hidden"
        )
    return warps


def _ends(warps: frozenset[Link], rows: int, cols: int) -> list[tuple[str, int]]:
    """The border sides and places (row or column) of ``warps``' openings."""
    ends = []
    for a, b in warps:
        for cell in (a, b):
            if a.row == b.row:
                ends.append(("left" if cell.col == 0 else "right", cell.row))
            else:
                ends.append(("top" if cell.row == 0 else "bottom", cell.col))
    return ends


def openings_under_pipes(
    image: np.ndarray, geometry: BoardGeometry, border: Border, samples: CellSamples | None = None
) -> dict[str, np.ndarray]:
    """Per side, the cells beside which a pipe runs out of the board (``runs_out``): a
    warp's opening the pipe hides (a board started or finished). None on a board not
    outlined as the game's other boards are (all ``False``: no openings drawn there).
    ``samples``: the cells', if sampled (a colour-blind dot's letter covers its centre)."""
    rows, cols = geometry.rows, geometry.cols
    out = {side: np.zeros(len(found.ink), bool) for side, found in border.sides.items()}
    if not border.outlined:
        return out
    outline = border.outline_colour
    for side, out_here in out.items():
        for k in range(len(out_here)):
            cell = {
                "top": Cell(0, k),
                "bottom": Cell(rows - 1, k),
                "left": Cell(k, 0),
                "right": Cell(k, cols - 1),
            }[side]
            colour = letter_free(samples, cell)
            out_here[k] = bool(runs_out(image, geometry, cell, side, outline, colour=colour))
    return out


def open_at_warps(rule: Rule[Grid]) -> Rule[Grid]:
    """``rule`` (a gap in the border refused) passing a grid whose gaps are warps' openings."""

    def check(grid: Grid) -> None:
        try:
            rule.check(grid)
        except UnsureReadingError:
            # Placed at full resolution: an outline a pixel or two wide is
            # missed by a lattice found in a shrunk copy.
            found = full_size(grid.lattice, grid.factor)
            geometry = place_lines(grid.image, found, uncertainty=grid.factor + 1)
            # The cells sampled: a colour-blind dot's letter covers its centre.
            open_ = openings(grid.image, geometry, samples=sample_cells(grid.image, geometry))
            warps, doubt = _paired(open_, geometry.rows, geometry.cols)
            if doubt or not warps:
                raise
            # Openings in pairs across the board: warps, judged again once placed.

    return replace(rule, check=check)


def frame_openings(
    open_vertical: np.ndarray,
    open_horizontal: np.ndarray,
    playable: np.ndarray,
    box: tuple[int, int, int, int],
) -> tuple[np.ndarray, np.ndarray]:
    """Of the edges of a lattice where nothing is drawn, the warps' openings in a board's frame.

    ``open_vertical[i, r]`` (vertical line ``i``, row ``r``) and
    ``open_horizontal[j, c]``: edges with nothing drawn; ``playable[r, c]``:
    the board's cells on the lattice, ``box`` (``r0, r1, c0, c1``) their
    bounding box. An opening is where the frame beside a playable cell at one
    end of a row (a column) is open and so is the frame beside the playable
    cell at its other end: a warp's pair of openings. Other gaps are not
    returned (the frame there is judged as it is drawn).
    """
    r0, r1, c0, c1 = box
    vertical = np.zeros(open_vertical.shape, bool)
    horizontal = np.zeros(open_horizontal.shape, bool)
    for r in range(r0, r1):
        if (
            playable[r, c0]
            and playable[r, c1 - 1]
            and open_vertical[c0, r]
            and open_vertical[c1, r]
        ):
            vertical[[c0, c1], r] = True
    for c in range(c0, c1):
        if (
            playable[r0, c]
            and playable[r1 - 1, c]
            and open_horizontal[r0, c]
            and open_horizontal[r1, c]
        ):
            horizontal[[r0, r1], c] = True
    return vertical, horizontal
