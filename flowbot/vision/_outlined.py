"""Boards with an outline: shaped boards, holes inside a board, inner walls.

The game draws such a board's outline and its walls as one bright line in
the pack's colour, wider than the grid lines; holes are plain background
outside that outline, with no lines; the playable cells keep the thin grid
lines. The classic search refuses these boards (missing inner lines, grids
meeting, a border with gaps); this stage, asked only then, reads them:

1. the lattice of the grid found in a shrunk copy is laid over the whole
   screen, and every edge judged: nothing, a grid line, or the outline
   (``_outline_edges``);
2. the playable cells are those joined by grid lines (the largest such group,
   with any group walled off from it), their bounding box the board;
3. every other cell of the box is a hole; every side between two playable
   cells is a line or a wall, every side of a playable cell facing a hole or
   the box's edge is the outline, no line is drawn between two holes: any
   edge doubtful, or not as the game draws it, refuses the board;
4. the lines are placed at full resolution, the edges judged again there,
   and the dots read and checked as on a classic board.

A board with neither holes, walls nor warps is not read here: the classic
search refused it for a reason of its own. One with warps alone is (its
openings hold no line, and another window's lines in step with the board
run on past them into the classic search's grid).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, link
from flowbot.vision._between_holes import clear_between_holes
from flowbot.vision._board_beyond import board_beyond
from flowbot.vision._border_sides import border_of
from flowbot.vision._bridges import Bridged, take_off, tiles_off
from flowbot.vision._cells import FLAT_CORE, CellSamples, sample_cells
from flowbot.vision._choose import Board
from flowbot.vision._colour import brightest_channel, delta_e
from flowbot.vision._dots_apart import flow_coloured
from flowbot.vision._ends_lattice import dots_grid
from flowbot.vision._grid import MIN_BOARD_SIDE, board_at_other_pitch, full_size, overlap, shrunk
from flowbot.vision._lattice import find_lattices
from flowbot.vision._line_positions import place_lines
from flowbot.vision._other_boards import as_lattice
from flowbot.vision._outline_edges import (
    DOUBT,
    EdgeKinds,
    Kind,
    classify,
    edge_ink,
    inner_edges,
    line_width,
)
from flowbot.vision._outline_reach import outline_off
from flowbot.vision._outlined_glow import hidden_by_glow
from flowbot.vision._outlined_pitch import board_of_pitches, in_step
from flowbot.vision._pipes_through import see_pipes_through
from flowbot.vision._rule import Cells
from flowbot.vision._rules import read_cells_bridged
from flowbot.vision._types import Features, Settings
from flowbot.vision._variant_pipes import border_under_pipes
from flowbot.vision._warps import find_warps, frame_openings

#: Candidate grids tried (most cells first; and one bigger apart from them: ``_candidates``).
CANDIDATES = 3
#: Most share of the sides between two cells of the board drawn fainter than a
#: line (under glow or glare): a lattice half a cell off shows none of its lines.
FAINT_SHARE = 0.25
#: How far (px) the lines of the grid the dots give are looked for round it, placed at
#: full resolution: the dots are placed to a pixel of the finer copy, within 0.05 pitch
#: of their cells' centres (``dots_grid``).
DOTS_UNCERTAINTY = 3


@dataclass(frozen=True)
class Outlined:
    """A board with an outline: where it lies, what it holds besides cells, its cells' samples."""

    geometry: BoardGeometry
    features: Features
    samples: CellSamples
    #: Playable cells whose lines no side shows: hidden under flows' tints, if read so.
    unseen: frozenset[Cell] = frozenset()
    #: Each unseen cell with the cells across its sides that show nothing drawn.
    unseen_sides: frozenset[tuple[Cell, Cell]] = frozenset()
    #: The screen, the outline past the lines' reach painted over (``outline_off``).
    image: np.ndarray | None = None


class OutlineError(UnsureReadingError):
    """An outlined board was seen but not read for certain."""


def outlined_board(
    image: np.ndarray,
    settings: Settings,
    refused: BoardGeometry | None = None,
    *,
    copy_of: BoardGeometry | None = None,
) -> Board | None:
    """The board with an outline on the screen, its dots read (the dot rules), or None.

    ``refused``: the grid the classic search refused, tried last; ``copy_of``: a board
    read, when only a bigger copy of it is asked for (``find_outlined``).
    Raises ``OutlineError`` when one is seen but something about it is doubtful.
    """
    found = find_outlined(image, settings, refused, copy_of=copy_of)
    if found is None:
        return None
    geometry, features = found.geometry, found.features
    # The cells are read with the outline past the lines' reach painted over; the
    # border and its openings as drawn.
    drawn, image = image, image if found.image is None else found.image
    # Drawn pipes are read first, the dots through them (a board started or finished).
    pipes = see_pipes_through(
        image, geometry, found.samples, settings.pipe_contrast, holes=features.holes
    )
    bare = _bare(found, pipes.touched)
    if bare and not hidden_by_glow(
        drawn,
        geometry,
        features,
        unseen_sides=found.unseen_sides,
        cells=bare,
        covered=pipes.touched,
    ):
        # Lines hidden only under flows' tints or glow of their colour: elsewhere (a
        # panel laid over the board) the cells are no board's cells seen.
        raise OutlineError("some cells of the board show no lines and no flow covers them")
    dots, confidence, seen = read_cells_bridged(
        pipes.hidden(found.samples), image, geometry, settings, features, pipes=pipes
    )
    _check_holes_empty(
        found.samples, features.holes | dots | seen.bridges, features.holes, settings
    )
    if not dots:
        return None
    features = replace(features, bridges=seen.bridges | pipes.bridges)
    # The border as drawn, its bridges' tiles taken off as for the dots.
    outline = (
        _tiles_taken_off(drawn, seen, found.samples, geometry, features.holes)
        if drawn is not image
        else seen.image
    )
    border = border_under_pipes(
        border_of(outline, geometry), outline, geometry, pipes, features.bridges
    )
    warps = find_warps(
        outline, geometry, features.holes, border, walls=features.walls, through=pipes.warps
    )
    # Openings a pipe runs out of hide under it on the board placed (``pipes.warps``).
    if warps | pipes.warps != features.warps | pipes.warps:
        raise OutlineError("the warps' openings read differently on the board placed")
    features = replace(features, warps=features.warps | pipes.warps)  # and those pipes hide
    piped = pipes.touched - pipes.dots
    cells = Cells(seen.image, geometry, seen.samples, dots, settings, features, piped, pipes.dots)
    note = f"board with an outline: {len(features.holes)} holes, {len(features.walls)} walls"
    return Board(cells, confidence, (note,), features, pipes=pipes, border=border)


def _tiles_taken_off(
    image: np.ndarray,
    seen: Bridged,
    samples: CellSamples,
    geometry: BoardGeometry,
    holes: frozenset[Cell],
) -> np.ndarray:
    """``image`` with the bridges ``seen`` found painted over, as ``seen.image`` has them."""
    if not seen.bridges:
        return image
    return take_off(image, geometry, set(seen.bridges), samples, holes)


def _check_holes_empty(
    samples: CellSamples,
    apart: frozenset[Cell] | set[Cell],
    holes: frozenset[Cell],
    settings: Settings,
) -> None:
    """No hole holds a flat disc of a dot's strength over its ring and the board's background.

    The dot rules do not look at holes (their rings may show the outline): a
    hole holding a dot was a cell of the board misjudged. Glow tints a hole's
    core and ring alike; the outline lights a hole's ring, not its core.
    """
    rows, cols = samples.core_lab.shape[:2]
    ground = [
        samples.ring_lab[r, c] for r in range(rows) for c in range(cols) if (r, c) not in apart
    ]
    if not ground or not holes:
        return
    background = np.median(np.array(ground), axis=0)
    for hole in sorted(holes):
        if (
            float(delta_e(samples.core_lab[hole], background)) > settings.dot_contrast
            and float(delta_e(samples.core_lab[hole], samples.ring_lab[hole]))
            > settings.dot_contrast
            and samples.core_uniformity[hole] >= FLAT_CORE
        ):
            raise OutlineError(f"cell ({hole.row}, {hole.col}) outside the outline holds a dot")


def find_outlined(
    image: np.ndarray,
    settings: Settings,
    refused: BoardGeometry | None = None,
    *,
    copy_of: BoardGeometry | None = None,
) -> Outlined | None:
    """The board with an outline on the screen, or None when none is seen.

    ``refused``: the grid the classic search refused (placed at full resolution),
    tried when no lattice this stage finds reads: the classic search looks in
    more copies (at full resolution where dots show, through pipes), and a
    finished board's lines, hidden under its flows' tints, may show only there
    (synthetic holes mirror 300004 solved).
    ``copy_of``: a board read, when only a bigger copy of it is asked for (it may be the
    OS's screenshot preview of a board with an outline: ``_reader``): only the lattices
    that may hold one are read (``_may_be_bigger_copy``).
    Raises ``OutlineError`` when one is seen but something about it is doubtful.
    """
    h, w = image.shape[:2]
    gray = brightest_channel(image)
    factor = max(1, math.ceil(max(h, w) / settings.work_size))
    doubts: list[OutlineError] = []  # the first is raised when no board reads
    boards: list[Outlined] = []

    def read_on(geometry: BoardGeometry, uncertainty: int) -> None:
        if copy_of is not None and not _may_be_bigger_copy(geometry, copy_of):
            return
        try:
            found = _outlined(image, gray, geometry, uncertainty=uncertainty)
        except OutlineError as exc:
            doubts.append(exc)
        else:
            boards.extend([found] if found is not None else [])

    # As the classic search: a finer copy when the first shows no board
    # (thin lines fade in a small board shrunk; text's lattices, doubted,
    # may come before a small board's).
    # Last, lines broken by drawn pipes followed through them (``_pipe_lines``),
    # in colour first (a line beside a pipe's tint may stand out in one channel).
    attempts = [(f, gray, False, False) for f in dict.fromkeys((factor, max(1, factor // 2)))]
    attempts += [(factor, image, True, False), (factor, gray, True, False)]
    if factor > 1:
        # And in the finer copy (as the classic search): in small cells a pipe
        # (a third of a pitch) is as thin there as the line filter's kernel.
        attempts += [(factor // 2, image, True, False), (factor // 2, gray, True, False)]
    # Last, lines darker than the ground beside them followed through pipes, in colour:
    # over light tints a board's lines stand out dark only, and pipes break them (the
    # classic search's dark look follows no pipes, so no grid of the board reached this
    # stage: synthetic holes preview 6500001 started and solved, green lines over pink).
    attempts.append((factor, image, True, True))
    # (where the screen shows a flow's colour, made once when first asked for: ``board_beyond``)
    coloured = cache(lambda: flow_coloured(image))
    for f, source, bridge, dark in attempts:
        small = shrunk(source, f)
        # Lines not closed out to the image's edge: an outline a few pixels inside a
        # tight crop would carry every line crossing it on to the edge, past the board.
        lattices, _ = find_lattices(
            small, settings.lines(), dark=dark, bridge=bridge, edge_open=True
        )
        # A grid that is a board already read at another pitch (finer: its cells'
        # middles or its pipes' edges between its lines) is neither that board nor
        # another: passed over before the candidates are taken, as with more cells than
        # the board's it would crowd out a bigger board's grid when the board read is
        # that board's screenshot preview (synthetic holes preview 300001 solved: four
        # of the preview's came first).
        grids = [
            g
            for g in (full_size(lattice, f) for lattice in lattices)
            if not any(board_at_other_pitch(as_lattice(g), as_lattice(b.geometry)) for b in boards)
        ]
        for geometry in _candidates(grids):
            if geometry.cell_size < settings.min_cell_px:
                continue
            if any(_within(geometry, board.geometry) for board in boards):
                continue  # a piece of a board already read
            read_on(geometry, f + 1)
        # The later looks only while a bigger board shows beyond the biggest read: it
        # may be that board's screenshot preview, the board's lines showing only
        # followed through its pipes.
        if boards and not board_beyond(image, _biggest(boards).geometry, settings, coloured):
            break
    if not boards and refused is not None and refused.cell_size >= settings.min_cell_px:
        read_on(refused, 2)
    if not boards:
        # Last, the lattice the board's dots sit on, no line seen: a finished board's
        # lines hide under its flows' tints and every cell's pipe, and no copy may
        # propose its grid (warps jpeg 310003 solved: 25 px cells through JPEG, the
        # grids found all text's or a few cells at another pitch).
        dotted = dots_grid(image, settings)
        if dotted is not None:
            read_on(dotted, DOTS_UNCERTAINTY)
    if boards:
        # The biggest: a smaller one is the OS's screenshot preview of it, or
        # another board (``another_board`` tells them apart).
        return _biggest(boards)
    if doubts:
        raise doubts[0]
    return None


def _candidates(grids: list[BoardGeometry]) -> list[BoardGeometry]:
    """The grids tried, of ``grids`` (most cells first): the first ``CANDIDATES``, and the
    biggest of the rest lying apart from them all and bigger than each, if any.

    Most cells first, the lines of a small board drawn elsewhere at its pitch and finer
    ones (its cells' middles, its pipes' edges) may fill every place: the OS's screenshot
    preview's, crowding out the bigger board it shows, with fewer, larger cells (synthetic
    holes preview 6200000 started: four of a 5x5 preview's lattices, 80 cells at most,
    before the board's 5x5; the preview read alone, a copy of a board not found).
    """
    taken = grids[:CANDIDATES]
    apart = [
        g
        for g in grids[CANDIDATES:]
        if all(overlap(as_lattice(g), as_lattice(t)) == 0 and g.area > t.area for t in taken)
    ]
    return taken + sorted(apart, key=lambda g: g.area)[-1:]


#: A bigger copy of a board is drawn at this many times its pitch at least (the OS's
#: screenshot preview shows the screen at 0.2-0.3 of its size: a board's pitch 3-5
#: times its preview's).
COPY_PITCH = 1.5


def _may_be_bigger_copy(geometry: BoardGeometry, board: BoardGeometry) -> bool:
    """Whether a board on ``geometry`` may be a bigger copy of ``board``: at a larger pitch
    (``COPY_PITCH``), apart from it. Other lattices (over the board itself, or at its pitch
    or finer: a window's ruled grid, text) cost a classic read seconds on a cluttered
    desktop (synthetic mirror 9000000 solved: 18 read, 5.4 s) and give no copy."""
    return (
        geometry.cell_size >= COPY_PITCH * board.cell_size
        and overlap(as_lattice(geometry), as_lattice(board)) == 0
    )


def _biggest(boards: list[Outlined]) -> Outlined:
    """The biggest of ``boards``; of boards on one board's lines at pitches in a whole
    ratio, the board (``board_of_pitches``).

    The game draws a dot in the middle of its cell: a lattice at half a board's pitch
    over the same box (its lines the board's and the cells' middles, found where the
    dots' rows and columns pass for lines) splits every cell in four, its "walls" the
    board's lines beside its cells' middles, and its dots on its lines (synthetic walls
    preview 100014: 115 px cells and a 57.5 px lattice over them, 804 and 805 px wide).
    A lattice at twice a board's pitch takes every second line, the board's walls
    mostly between them: its cells read as a board of their own, bigger where they
    straddle the board's outline (bridges desktop_app 3700000 started, a row and openings
    past the frame), or over the same box (walls mirror 330002 started).
    """
    biggest = max(boards, key=lambda b: b.geometry.area)
    same = [b for b in boards if b is biggest or in_step(b.geometry, biggest.geometry)]
    return board_of_pitches(same)


def _within(inner: BoardGeometry, outer: BoardGeometry) -> bool:
    """Whether ``inner``'s lines lie on ``outer``'s lattice, inside it (a piece of it)."""
    return abs(inner.cell_size - outer.cell_size) < 0.1 * outer.cell_size and _inside(inner, outer)


def _inside(inner: BoardGeometry, outer: BoardGeometry) -> bool:
    """Whether ``inner`` lies inside ``outer``, to a fifth of its pitch."""
    pitch = outer.cell_size
    return (
        inner.left >= outer.left - 0.2 * pitch
        and inner.right <= outer.right + 0.2 * pitch
        and inner.top >= outer.top - 0.2 * pitch
        and inner.bottom <= outer.bottom + 0.2 * pitch
    )


def _outlined(
    image: np.ndarray, gray: np.ndarray, found: BoardGeometry, uncertainty: float
) -> Outlined | None:
    """The outlined board on ``found``'s lattice, judged twice: placed as found, then whole.

    Placed at full resolution first (a line a pixel or two wide is missed by
    a lattice a little off), and again once the board's extent is known.
    """
    placed = place_lines(image, found, uncertainty=uncertainty, square=True)
    untiled = tiles_off(image, placed)  # the lines judged without bridge tiles beside them
    gray = gray if untiled is None else brightest_channel(untiled)
    rgb = image if untiled is None else untiled
    first = _board_on(gray, rgb, *_whole_lattice(placed, gray.shape))
    if first is None:
        return None
    whole = place_lines(image, first.geometry, uncertainty=uncertainty, square=True)
    if not _square(whole):
        return None  # no board's cells: text's lines, its letters' strokes at another pitch
    again = _board_on(gray, rgb, *_whole_lattice(whole, gray.shape))
    if again is None or again.features != first.features or again.size != first.size:
        raise OutlineError("the board's outline reads differently once its lines are placed")
    shown = outline_off(image, again.geometry, again.features)
    samples = sample_cells(shown, again.geometry)
    return Outlined(
        again.geometry, again.features, samples, again.unseen, again.unseen_sides, shown
    )


#: Most share by which a board's pitches across and down may differ, placed at full
#: resolution: the game's cells are square (synthetic boards read, walls and holes in
#: four categories: 0.2 % at most); a page's text makes a lattice of its line spacing
#: one way and its letters' strokes the other (holes zoomed 300026: 6.6 %, read as a
#: board the size of the page, with 406 walls and 84 warps, and the board beside it
#: never looked at).
SQUARE = 0.02


def _square(geometry: BoardGeometry) -> bool:
    """Whether ``geometry``'s cells are square (``SQUARE``)."""
    pitches = [(lines[-1] - lines[0]) / (len(lines) - 1) for lines in (geometry.xs, geometry.ys)]
    return abs(pitches[0] - pitches[1]) <= SQUARE * max(pitches)


#: A cell at the image's edge is whole when its outer line's middle lies past
#: the edge by under this (pitches): the outline's half-width (0.04 pitch), a
#: sliver of it shows (a tight crop; judged as cut by ``_check_not_cut``).
CUT_LINE = 0.04


#: A lattice's vertical and horizontal lines, in pixels.
Lines = tuple[np.ndarray, np.ndarray]


@dataclass(frozen=True)
class _Board:
    geometry: BoardGeometry
    features: Features
    size: tuple[int, int]
    #: Cells whose lines no side shows (``_lines_hidden``): a flow must cover each.
    unseen: frozenset[Cell] = frozenset()
    #: Each unseen cell with the cells across its sides that show nothing drawn.
    unseen_sides: frozenset[tuple[Cell, Cell]] = frozenset()


def _whole_lattice(
    geometry: BoardGeometry, shape: tuple[int, ...]
) -> tuple[Lines, tuple[slice, slice]]:
    """``geometry``'s lines, carried on at its pitch over the whole image (whole cells only,
    or cut by the image's edge through their outer line: ``CUT_LINE``).

    With where ``geometry``'s own lines lie among them (columns, rows).
    """
    h, w = shape[:2]
    out, where = [], []
    for lines, size in ((np.asarray(geometry.xs), w), (np.asarray(geometry.ys), h)):
        pitch = (lines[-1] - lines[0]) / (len(lines) - 1)
        past = 0.5 + CUT_LINE * pitch
        before = np.arange(lines[0] - pitch, -past, -pitch)[::-1]
        after = np.arange(lines[-1] + pitch, size - 1 + past, pitch)
        out.append(np.concatenate([before, lines, after]))
        where.append(slice(len(before), len(before) + len(lines)))
    return (out[0], out[1]), (where[0], where[1])


def _board_on(
    gray: np.ndarray, rgb: np.ndarray, lattice: Lines, found: tuple[slice, slice]
) -> _Board | None:
    """The outlined board on ``lattice``, or None; ``OutlineError`` when doubtful.

    ``found``: the lines of the grid the search found (mostly the board's lines).
    """
    xs, ys = lattice
    pitch = float((np.median(np.diff(xs)) + np.median(np.diff(ys))) / 2)
    cols, rows = found
    width = line_width(gray, xs[cols], ys[rows], pitch)
    inks = edge_ink(gray, xs, ys, pitch, width, rgb=rgb)
    inner = inner_edges(inks, found)
    every = np.concatenate([inks.vertical.ravel(), inks.horizontal.ravel()])
    kinds = classify(inks, every[inner], inner)
    if kinds is None:
        return None
    playable = _playable(kinds, found)
    if playable is None:
        return None
    rows_in, cols_in = np.nonzero(playable)
    r0, r1 = int(rows_in.min()), int(rows_in.max()) + 1
    c0, c1 = int(cols_in.min()), int(cols_in.max()) + 1
    if min(r1 - r0, c1 - c0) < MIN_BOARD_SIDE:
        return None
    box = np.zeros_like(playable)
    box[r0:r1, c0:c1] = True
    joined, playable = playable, _lines_hidden(kinds, playable, box)
    # Warps leave the frame open in pairs across the board (``_warps``).
    bright = _frame_bright(kinds)
    opening = frame_openings(
        ~(kinds.heavier_than_lines(kinds.vertical_ink) | bright[0]),
        ~(kinds.heavier_than_lines(kinds.horizontal_ink) | bright[1]),
        playable,
        (r0, r1, c0, c1),
    )
    # Sides between two holes judged at their middle too, asked only where one shows ink.
    left_out = box & ~playable
    clear = cache(
        lambda ground: clear_between_holes(gray, rgb, kinds, lattice, left_out, ground=ground)
    )
    _check_sides(kinds, playable, box, opening, clear)
    _check_not_cut(kinds, playable, lattice, (r0, r1, c0, c1), gray.shape, opening=opening)
    holes = frozenset(Cell(int(r) - r0, int(c) - c0) for r, c in np.argwhere(box & ~playable))
    walls = frozenset(
        link(Cell(a[0] - r0, a[1] - c0), Cell(b[0] - r0, b[1] - c0))
        for a, b in _sides(kinds, playable, playable, Kind.OUTLINE)
    )
    warps = frozenset(
        link(Cell(int(r) - r0, 0), Cell(int(r) - r0, c1 - c0 - 1))
        for r in np.flatnonzero(opening[0][c0])
    ) | frozenset(
        link(Cell(0, int(c) - c0), Cell(r1 - r0 - 1, int(c) - c0))
        for c in np.flatnonzero(opening[1][r0])
    )
    if not (holes or walls or warps):
        return None  # a plain board: the classic search refused it for a reason of its own
    geometry = BoardGeometry(
        tuple(float(x) for x in xs[c0 : c1 + 1]), tuple(float(y) for y in ys[r0 : r1 + 1])
    )
    features = Features(holes=holes, walls=walls, warps=warps)
    unseen = frozenset(Cell(int(r) - r0, int(c) - c0) for r, c in np.argwhere(playable & ~joined))
    sides = frozenset(
        (cell, Cell(cell.row + dr, cell.col + dc))
        for cell in unseen
        for dr, dc in _undrawn_sides(kinds, cell.row + r0, cell.col + c0)
    )
    return _Board(geometry, features, (int(r1 - r0), int(c1 - c0)), unseen, sides)


def _undrawn_sides(kinds: EdgeKinds, row: int, col: int) -> list[tuple[int, int]]:
    """The steps (rows, columns) to the cells across cell (``row``, ``col``)'s sides
    that show neither a line nor the outline."""
    drawn = (Kind.LINE, Kind.OUTLINE)
    sides = (
        ((0, -1), kinds.vertical[col, row]),
        ((0, 1), kinds.vertical[col + 1, row]),
        ((-1, 0), kinds.horizontal[row, col]),
        ((1, 0), kinds.horizontal[row + 1, col]),
    )
    return [step for step, kind in sides if kind not in drawn]


def _bare(found: Outlined, covered: frozenset[Cell]) -> frozenset[Cell]:
    """The unseen cells of ``found`` no flow explains: neither covered by a flow (its tint
    hides the lines) nor showing nothing drawn only on sides facing cells a flow covers.
    A line between a dark cell and a flow's lighter tint beside it is a step, no ridge
    (the tint's edge; ``EdgeKinds.no_ridge``): a dot or an empty cell among a flow's
    cells shows none of its lines there (synthetic holes colour-blind 100036 started,
    a lettered dot in a white flow's bend)."""
    bare = set()
    for cell in found.unseen - covered:
        across = [b for a, b in found.unseen_sides if a == cell]
        if not across or any(b not in covered for b in across):
            bare.add(cell)
    return frozenset(bare)


def _inner(kinds: EdgeKinds) -> tuple[np.ndarray, np.ndarray]:
    """The kinds of the sides between two cells: ``across[r, c]`` right of cell (r, c),
    ``down[r, c]`` below it."""
    return kinds.vertical[1:-1].T, kinds.horizontal[1:-1]


#: log10 of the share of the lines' ink under which a side along a flow's stub past a
#: warp's opening shows no line but JPEG's ringing off the stub's band, 0.3 pitch from it
#: (half: synthetic warps jpeg 300053 started and solved, a green stub on the dark ground,
#: 10^-0.42 to -0.55 of the lines' beside it; the frame's opening, its tint stepping to
#: the ground, 10^-0.30 to -0.41). Only across from a side showing nothing: a finished
#: board's lines between two flows' tints are as faint (holes mirror 300010 solved).
STUB_RINGING = np.log10(2)


def _playable(kinds: EdgeKinds, found: tuple[slice, slice]) -> np.ndarray | None:
    """The playable cells ``[row, col]``: joined by grid lines, with any group walled off.

    The group of cells joined by grid lines with most cells in the grid the
    search found (``found``: its lines, columns then rows) is the board (text
    or JPEG's ringing beside it may join more); another group is part of it
    when the outline closes it all round (walled off inside the board), some of
    it lies in the grid found and it reaches the board's box or a cell beside
    it, not when it lies apart (text, buttons; text's strokes may box a few
    cells in, beside the board's outline: walls zoomed 6620006).
    """
    across, down = _inner(kinds)
    n_rows, n_cols = across.shape[0], down.shape[1]
    # Cells at even places, the sides between them at odd ones: 4-connected
    # components of this picture are the groups of cells joined by lines.
    picture = np.zeros((2 * n_rows - 1, 2 * n_cols - 1), np.uint8)
    picture[1::2, ::2] = down == Kind.LINE
    picture[::2, 1::2] = across == Kind.LINE
    joined = np.zeros((n_rows, n_cols), bool)
    joined[:, :-1] |= across == Kind.LINE
    joined[:, 1:] |= across == Kind.LINE
    joined[:-1] |= down == Kind.LINE
    joined[1:] |= down == Kind.LINE
    # A cell of the board shows neither a line nor the outline on two sides at
    # most (a corner's two warps' openings): one past an opening, joined by
    # what shows there (glow's edge), is none.
    drawn = (Kind.LINE, Kind.OUTLINE)
    left, right, top, bottom = (
        ~np.isin(side, drawn)
        for side in (
            kinds.vertical[:-1].T,
            kinds.vertical[1:].T,
            kinds.horizontal[:-1],
            kinds.horizontal[1:],
        )
    )
    undrawn = left.astype(int) + right + top + bottom
    joined &= undrawn < 3
    cols, rows = found
    in_found = np.zeros_like(joined)
    in_found[rows.start : rows.stop - 1, cols.start : cols.stop - 1] = True
    # Nor, past the grid found, on two opposite sides (a corner's openings lie
    # side by side): a flow's stub running out of an opening, its crossing of
    # the frame passing for a line, shows nothing drawn either side of it; or
    # on one side, no more than JPEG's ringing on the other (``STUB_RINGING``:
    # the stub's far side shows the ground, the opening the tint's step, a side
    # along it the band's ringing). A board's lines between two flows' tints may
    # be as faint, but the board draws a line or the outline on its far side.
    faint = [
        (side == Kind.LINE) & (ink < kinds.levels[1] - STUB_RINGING)
        for side, ink in (
            (kinds.vertical[:-1].T, kinds.vertical_ink[:-1].T),
            (kinds.vertical[1:].T, kinds.vertical_ink[1:].T),
            (kinds.horizontal[:-1], kinds.horizontal_ink[:-1]),
            (kinds.horizontal[1:], kinds.horizontal_ink[1:]),
        )
    ]
    stub = np.zeros_like(joined)
    for (one, one_faint), (other, other_faint) in (
        ((left, faint[0]), (right, faint[1])),
        ((top, faint[2]), (bottom, faint[3])),
    ):
        stub |= (one & (other | other_faint)) | (other & one_faint)
    joined &= in_found | ~stub
    if not joined.any():
        return None
    picture[::2, ::2] = joined
    _, labels = cv2.connectedComponents(picture, connectivity=4)
    groups = labels[::2, ::2]
    if not (joined & in_found).any():
        return None
    in_grid = groups[joined & in_found]
    board = int(np.argmax(np.bincount(in_grid)))
    # A group apart: some side between it and another cell, or facing past the
    # lattice's edge (a board flush with the image's), is not the outline.
    apart: set[int] = set()
    for edge, side in (
        (groups[0], kinds.horizontal[0]),
        (groups[-1], kinds.horizontal[-1]),
        (groups[:, 0], kinds.vertical[0]),
        (groups[:, -1], kinds.vertical[-1]),
    ):
        apart |= set(edge[side != Kind.OUTLINE])
    for side, a, b in ((across, groups[:, :-1], groups[:, 1:]), (down, groups[:-1], groups[1:])):
        open_side = (a != b) & (side != Kind.OUTLINE) & (side != Kind.DOUBT)
        apart |= set(a[open_side]) | set(b[open_side])
    closed = {int(g) for g in np.unique(in_grid)} - {int(g) for g in apart} - {board}
    return joined & np.isin(groups, _beside(groups, board, closed))


def _lines_hidden(kinds: EdgeKinds, playable: np.ndarray, box: np.ndarray) -> np.ndarray:
    """``playable`` with the cells of ``box`` beside it across a side that shows no
    outline (nor a doubt heavier than a line): their lines hidden (faint lines under
    flows' tints), not holes, which the game outlines against every playable cell beside
    them. Taken in turn from the playable cells inward."""
    heavy = [
        (kind == Kind.OUTLINE) | ((kind == Kind.DOUBT) & (ink >= kinds.levels[1]))
        for kind, ink in (
            (kinds.vertical, kinds.vertical_ink),
            (kinds.horizontal, kinds.horizontal_ink),
        )
    ]
    # Each cell's sides: left, right, top, bottom.
    left, right, top, bottom = heavy[0][:-1].T, heavy[0][1:].T, heavy[1][:-1], heavy[1][1:]
    candidates = box & ~playable
    out = playable.copy()
    while True:
        # Beside a cell taken across a side showing no outline: a hole is outlined
        # against every playable cell beside it, so a cell so open to the board is
        # none, whatever its other sides show (the outline round holes or the frame
        # beside it: a flow's bend by two holes, its lines under the tint, synthetic
        # holes mirror 300010 solved, was taken for a hole not outlined).
        beside = np.zeros_like(out)
        beside[1:] |= out[:-1] & ~top[1:]
        beside[:-1] |= out[1:] & ~bottom[:-1]
        beside[:, 1:] |= out[:, :-1] & ~left[:, 1:]
        beside[:, :-1] |= out[:, 1:] & ~right[:, :-1]
        more = candidates & beside & ~out
        if not more.any():
            return out
        out |= more


def _beside(groups: np.ndarray, board: int, closed: set[int]) -> list[int]:
    """``board`` and those of the ``closed`` groups that reach a cell beside its box, or
    beside those taken so: walled off inside the board, not text's strokes boxed in apart."""
    taken = [board]
    while True:
        rows, cols = np.nonzero(np.isin(groups, taken))
        near = groups[
            max(0, rows.min() - 1) : rows.max() + 2, max(0, cols.min() - 1) : cols.max() + 2
        ]
        more = (closed - set(taken)) & {int(g) for g in np.unique(near)}
        if not more:
            return taken
        taken += sorted(more)


def _sides(
    kinds: EdgeKinds, first: np.ndarray, second: np.ndarray, kind: Kind | None = None
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The sides between a cell in ``first`` and one in ``second`` (of ``kind``, if given)."""
    across, down = _inner(kinds)
    out = []
    for side, a, b, step in (
        (across, first[:, :-1] & second[:, 1:], first[:, 1:] & second[:, :-1], (0, 1)),
        (down, first[:-1] & second[1:], first[1:] & second[:-1], (1, 0)),
    ):
        mask = a | b
        if kind is not None:
            mask &= side == kind
        out += [
            ((int(r), int(c)), (int(r) + step[0], int(c) + step[1])) for r, c in np.argwhere(mask)
        ]
    return out


def _check_sides(
    kinds: EdgeKinds,
    playable: np.ndarray,
    box: np.ndarray,
    opening: tuple[np.ndarray, np.ndarray],
    clear: Callable[[float], tuple[np.ndarray, np.ndarray]] | None = None,
) -> None:
    """Every side as the game draws it round and inside a board with an outline.

    Between two playable cells a line or a wall; between a playable cell and
    a hole the outline; between two holes nothing; the frame round the box
    clearly heavier than a line (a board as wide as the screen has its frame
    dimmer than its holes' outline; one flush against another window, as a side cut
    by the image's edge, its brightest pixel the outline's: ``_frame_bright``) but at
    warps' ``opening``. ``clear``: the sides between two holes clear at their middle
    (``clear_between_holes``, given the holes' ground), asked only where one shows ink by
    its ends.
    """
    across, down = _inner(kinds)
    across_ink, down_ink = kinds.vertical_ink[1:-1].T, kinds.horizontal_ink[1:-1]
    across_ridge, down_ridge = kinds.inks.vertical_ridge[1:-1].T, kinds.inks.horizontal_ridge[1:-1]
    across_open, down_open = opening[0][1:-1].T, opening[1][1:-1]
    across_top, down_top = kinds.inks.vertical_top[1:-1].T, kinds.inks.horizontal_top[1:-1]
    bright = _frame_bright(kinds)
    across_bright, down_bright = bright[0][1:-1].T, bright[1][1:-1]
    holes = box & ~playable
    outside = ~box
    ground = _holes_ground(kinds, holes)
    faint_count = inner_count = 0
    for side, ink, ridge, top, open_, frame, a, b in (
        (
            across,
            across_ink,
            across_ridge,
            across_top,
            across_open,
            across_bright,
            np.s_[:, :-1],
            np.s_[:, 1:],
        ),
        (down, down_ink, down_ridge, down_top, down_open, down_bright, np.s_[:-1], np.s_[1:]),
    ):

        def between(one: np.ndarray, other: np.ndarray) -> np.ndarray:
            return (one[a] & other[b]) | (other[a] & one[b])  # noqa: B023 - used at once

        inner = between(playable, playable)
        # Fainter than a line: a line over a lighter ground (glow, glare), never a
        # wall (ten times a line's ink); between a line and a wall: doubtful. A
        # line's ink without its ridge (``no_ridge``: a step between two flows'
        # tints that hide the line) is nothing drawn, no wall either.
        faint = inner & ((ink < kinds.levels[1]) | (side == Kind.NONE)) & (side != Kind.LINE)
        if (inner & ~faint & (side != Kind.LINE) & (side != Kind.OUTLINE)).any():
            raise OutlineError(
                "an edge between two cells of the board is neither a line nor a wall"
            )
        faint_count += int(faint.sum())
        inner_count += int(inner.sum())
        if (between(playable, holes) & (side != Kind.OUTLINE)).any():
            raise OutlineError("the board's outline is not drawn round a cell left out")
        heavy = kinds.heavier_than_lines(ink) | frame
        if (between(playable, outside) & ~heavy & ~open_).any():
            raise OutlineError("the board's frame is not drawn heavier than its lines")
        # Glow's broad hump over two holes, or a band's edge, holds a line's ink, not
        # its bright ridge; JPEG's ringing there, not a line's brightness.
        drawn = (
            (side != Kind.NONE) & ~kinds.no_ridge(ridge) & ~kinds.faint_and_dim(ink, top, ground)
        )
        if (between(holes, holes) & drawn).any() and clear is not None:
            # Clear at its middle: the outline's blur at its corners (``_between_holes``).
            drawn &= ~clear(ground)[0 if side is across else 1]
        if (between(holes, holes) & drawn).any():
            raise OutlineError("a line is drawn between two cells left out of the board")
    if faint_count > FAINT_SHARE * inner_count:
        raise OutlineError("the board's lines are too faint to tell from its ground")


def _holes_ground(kinds: EdgeKinds, holes: np.ndarray) -> float:
    """log10(1 + the ground's brightness) between holes: the median darkest pixel by the
    sides between two (0, black, where none is measured). JPEG's noise there rises from it
    (``EdgeKinds.faint_and_dim``)."""
    if kinds.inks.bottom is None:
        return 0.0
    across, down = (b[1:-1] for b in kinds.inks.bottom)
    bottoms = np.concatenate(
        [
            across.T[holes[:, :-1] & holes[:, 1:]],
            down[holes[:-1] & holes[1:]],
        ]
    )
    bottoms = bottoms[np.isfinite(bottoms)]
    return float(np.median(bottoms)) if bottoms.size else 0.0


def _frame_bright(kinds: EdgeKinds) -> tuple[np.ndarray, np.ndarray]:
    """The edges of the lattice (``vertical``, ``horizontal``) holding more ink than a
    line whose brightest pixel is clearly the outline's: drawn as the frame, its ink not
    all measured where another window lies flush against it (a phone screen's edge a
    pixel past the board's frame, the window's ground within the line's reach:
    synthetic holes jpeg 300027), as where the image's edge cuts it
    (``_check_not_cut``). A grid line is never as bright as the outline.

    Or its colour the outline's (``outline_coloured``), as ``_check_not_cut`` takes a
    cut side: a flow's tint inside and the window's light ground past a dark margin
    2 px wide lift the ground its ink and peak are measured over, never its colour
    (synthetic walls mirror 400004 started: 10^2.15 ink, 10^2.03 peak beside a yellow
    tint, the lines 10^2.01 and 10^1.83, the outline 10^2.66 and 10^2.12; its top the
    outline's 10^2.37, the lines' 10^1.99).
    """
    inks = kinds.inks

    def bright(ink: np.ndarray, peak: np.ndarray, top: np.ndarray) -> np.ndarray:
        outline = kinds.outline_bright(peak) | kinds.outline_coloured(top)
        return outline & (ink >= kinds.levels[1])

    return (
        bright(inks.vertical, inks.vertical_peak, inks.vertical_top),
        bright(inks.horizontal, inks.horizontal_peak, inks.horizontal_top),
    )


def _check_not_cut(
    kinds: EdgeKinds,
    playable: np.ndarray,
    lattice: Lines,
    box: tuple[int, int, int, int],
    shape: tuple[int, ...],
    *,
    opening: tuple[np.ndarray, np.ndarray],
) -> None:
    """The frame round the board's box (but warps' ``opening``) not cut by the image's edge.

    Every side of the frame is drawn heavier than a line. Cut by the image's
    edge (its ink reaching past it), a line's sliver can pass for a frame: a
    side cut must be as heavy as the frame's sides not cut (within
    ``DOUBT``), or, where every side is cut, clearly the outline; or, cut in
    width but not in brightness, show the outline's brightest pixel over its
    ground, or its colour with a line's ink at least (a flow's tint beside it).
    """
    xs, ys = lattice
    r0, r1, c0, c1 = box
    h, w = shape[:2]
    inks = kinds.inks
    v_open, h_open = opening
    v_bright, h_bright = _frame_bright(kinds)
    v_edges = (inks.vertical, inks.vertical_peak, inks.vertical_top, v_bright)
    h_edges = (inks.horizontal, inks.horizontal_peak, inks.horizontal_top, h_bright)
    sides = (
        ([a[c0] for a in v_edges], playable[:, c0] & ~v_open[c0]),
        ([a[c1] for a in v_edges], playable[:, c1 - 1] & ~v_open[c1]),
        ([a[r0] for a in h_edges], playable[r0] & ~h_open[r0]),
        ([a[r1] for a in h_edges], playable[r1 - 1] & ~h_open[r1]),
    )
    places = ((xs[c0], w), (xs[c1], w), (ys[r0], h), (ys[r1], h))
    cut: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    whole: list[np.ndarray] = []
    for (edges, beside), (at, size) in zip(sides, places, strict=True):
        ink, peak, top, bright = (a[beside] for a in edges)
        if not ink.size:
            continue  # open all along: judged with the warps (`find_warps`)
        if min(at, size - 1 - at) < inks.reach + 1:
            cut.append((ink, peak, top))
            continue
        # Flush against another window, as cut: its brightest pixel the outline's.
        heavy = kinds.heavier_than_lines(ink)
        if not (heavy | bright).all():
            raise OutlineError("the board's frame is not drawn heavier than its lines")
        whole.append(ink[heavy])
    every = np.concatenate(whole) if whole else np.zeros(0)
    frame = float(np.median(every)) if every.size else None
    for ink, peak, top in cut:
        heavy = kinds.outline(ink) if frame is None else ink >= frame - DOUBT
        # Or a line's ink at least in the outline's colour: a flow's tint beside the cut
        # outline lifts the ground its ink and peak are measured over, never its colour;
        # a grid line's sliver has neither (synthetic holes tiny cells 320006 started).
        coloured = kinds.outline_coloured(top) & (ink >= kinds.levels[1])
        if not (heavy | kinds.outline_bright(peak) | coloured | _bright_by_dots(kinds, peak)).all():
            raise OutlineError("the board's outline is cut by the image's edge")


def _bright_by_dots(kinds: EdgeKinds, peak: np.ndarray) -> np.ndarray:
    """The cells of a side cut by the image's edge (their brightest pixels over the ground,
    ``peak``) that show the outline as the rest of the side does, but a dot beside them
    dimmed it: the side as a whole shows the outline's brightest pixel (its median
    ``outline_bright``), each of them clearly brighter than a line's (above the middle by
    ``DOUBT``/2, as ``outline_bright``) and no brighter than the outline's.

    Cut, a side shows the ground on the board's side only, and in small cells the ground
    is taken a pixel or two past the lines' reach (``MIN_REACH_PX``), where the disc of a
    dot beside the side lies near the edge's parts measured: the ground so lit, the
    outline's brightest pixel over it is lower (synthetic walls tiny cells 140038, 19 px
    cells: 10^2.22 by dots, 10^2.35 the rest of the side, the lines' 10^1.88). A line's
    sliver keeps a line's brightness all along, a dot beside it dims it further.
    """
    if not peak.size or not kinds.outline_bright(np.array([np.median(peak)])).all():
        return np.zeros(peak.shape, bool)
    line, outline = kinds.peak_levels
    return (peak > (line + outline) / 2 + DOUBT / 2) & (peak <= outline + DOUBT)
