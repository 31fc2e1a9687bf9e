"""Other grids than the board: another board beside it, or the grid a refusal is about."""

from __future__ import annotations

import dataclasses
import itertools
import logging
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Geometry, HexGeometry
from flowbot.vision._bridges import take_off
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import NEAR, brightest_channel, channel_sum, delta_e
from flowbot.vision._dots_apart import TWIN_COLOUR, Region, dots_outside
from flowbot.vision._grid import overlap
from flowbot.vision._hex_alone import box_of
from flowbot.vision._hex_copy import DotsSeen, discs_apart
from flowbot.vision._hex_copy import smaller_copy as dots_copy
from flowbot.vision._hex_sign import hexagons_in
from flowbot.vision._lattice import Lattice, find_lattices
from flowbot.vision._line_positions import place_lines
from flowbot.vision._pipes import NO_PIPES, hide_pipes
from flowbot.vision._pipes_through import read_pipes_through, see_pipes_through
from flowbot.vision._rule import Cells
from flowbot.vision._rules import read_cells, read_cells_through
from flowbot.vision._types import (
    Features,
    Settings,
    UnsureBoardError,
)

log = logging.getLogger(__name__)


#: Flat, round, high-contrast cells that make a grid another board even when
#: it cannot be read as a whole (a column of text or a window's edge beside it).
CLEAR_DOTS = 4


def holds_dots(image: np.ndarray, geometry: BoardGeometry, settings: Settings) -> bool:
    """Whether a grid holds two or more clear dots (another board, not a table or text),
    read through its drawn pipes as the board search reads them (``read_pipes_through``:
    bridges crossed straight, warps taken)."""
    seen = sample_cells(image, geometry)
    pipes = read_pipes_through(image, geometry, seen, settings.pipe_contrast) or NO_PIPES
    samples = pipes.hidden(seen)
    try:
        dots, _ = read_cells(samples, image, geometry, settings)
    except UnsureReadingError:
        # Unsure as a whole, its clear dots still count.
        return clear_dots(samples, settings) >= CLEAR_DOTS
    return len(dots) >= 2


#: A grid doubted for its cells before any board was read refuses the screen
#: with this many clear dots, fewer than make another board (``CLEAR_DOTS``):
#: a board half solved may have one pair left to join.
PAIR_LEFT = 2


def clear_dots(samples: CellSamples, settings: Settings) -> int:
    """Cells with a flat core far from its rim, not running out to the cell's edge."""
    clear = (delta_e(samples.core_lab, samples.ring_lab) >= settings.dot_contrast) & (samples.flat)
    return int(clear.sum())


#: A grid holding dots is another board the user may mean even when its cells
#: are somewhat smaller than this reader needs (``min_cell_px``) ...
SMALLER_BOARD = 2 / 3


#: Pairs of dots outside the board that make it worth looking for another
#: board there: one, as the cheap look sees only saturated dots (a level of two
#: pairs, one of them white, grey or pale tan, shows one).
OTHER_BOARD_PAIRS = 1
#: ... and, none seen, two among discs cut from large saturated blobs too
#: (``_dots_apart.CUT_LEAST``): a screenshot preview's dots on its saturated
#: ground or in its glow (flow_other_preview 170163, 170205); none such on the
#: 510 real screens.
CUT_PAIRS = 2


def another_board(image: np.ndarray, cells: Cells) -> bool:
    """Whether another grid holding dots lies outside the board read, not a smaller copy of it.

    The board search stops at the first board it can read; another one whose
    thin lines faded in the shrunk copy is looked for only where pairs of dots
    like a board's lie outside it (a cheap look), at full resolution there.
    """
    board, settings = cells.geometry, cells.settings
    region = dots_outside(image, board, settings, pairs=OTHER_BOARD_PAIRS, cut_pairs=CUT_PAIRS)
    if region is None:
        return False
    log.debug("dots like a board's outside it: searching %s", region)
    copies: list[BoardGeometry] = []
    for other in _grids_apart(image, region, board, settings, copies):
        if not copy_of_board(image, cells, other):
            return True
        copies.append(other)
    # A hexagonal board draws no square grid (synthetic decoy variant_two_boards
    # 700004: a hex board beside a square one with bridges, read as the square one).
    return not copies and hexagons_in(image, region, settings)


def square_board_beside(image: np.ndarray, board: DotsSeen) -> bool:
    """Whether a square grid holding dots, no smaller copy of them, lies outside the
    hexagonal board read (its dots ``board``): another board, looked for as
    ``another_board`` looks beside a square board.

    The hexagonal reader's own look (``hex board alone``) asks for two pairs of round
    discs of one size: a small square board's dots beside its outline or walls, drawn in a
    light colour, run into them at the cheap look's scale (decoy variant_two_boards
    5700001: one pair of a 5x8 walled board's 8 seen beside a hexagonal board, read).
    The square grid found may be one the board's screenshot preview draws, its hexagons'
    sides taken for a square grid's lines (synthetic hex preview 3600005): its dots,
    round it, are then the board's, smaller (``_hex_copy.smaller_copy``), looked for
    wherever a copy holding the grid may lie (``where_copy_may_lie``: the grid found may be
    a piece of the copy, its discs round it only some of the copy's, hex preview 5200008).
    """
    settings = board.settings
    assert isinstance(board.geometry, HexGeometry)  # the square boards' look is another_board
    box = box_of(board.geometry)
    region = dots_outside(image, box, settings, pairs=OTHER_BOARD_PAIRS, cut_pairs=CUT_PAIRS)
    if region is None:
        return False
    log.debug("dots like a board's beside a hexagonal board: searching %s", region)
    copies: list[BoardGeometry] = []
    for other in _grids_apart(image, region, box, settings, copies):
        copy_discs = discs_apart(image, board, where_copy_may_lie(image, other, board.geometry))
        if not dots_copy(image, board, copy_discs):
            return True
        copies.append(other)
    return False


def _grids_apart(
    image: np.ndarray,
    region: Region,
    board: BoardGeometry,
    settings: Settings,
    copies: list[BoardGeometry],
) -> Iterator[BoardGeometry]:
    """The grids in ``region`` that may be another board: apart from ``board``, cells
    big enough for one (``SMALLER_BOARD``), holding dots, and no piece of a smaller copy
    of the board already found (``copies``, which the caller adds to as it judges)."""
    for other in _grids_then_faint(image, region, settings, copies):
        if not (
            overlap(as_lattice(other), as_lattice(board)) > 0
            or other.cell_size < SMALLER_BOARD * settings.min_cell_px
            or any(overlap(as_lattice(other), as_lattice(copy)) > 0 for copy in copies)
            or not holds_dots(image, other, settings)
        ):
            yield other


def where_copy_may_lie(image: np.ndarray, grid: BoardGeometry, board: Geometry) -> Region:
    """Where a smaller copy of ``board`` holding ``grid`` may lie: ``grid``'s box and the
    copy's largest size (``SMALLER_COPY`` of the board's) past it on every side."""
    h, w = image.shape[:2]
    grow_x = SMALLER_COPY * (board.right - board.left)
    grow_y = SMALLER_COPY * (board.bottom - board.top)
    return Region(
        max(0, int(grid.left - grow_x)),
        max(0, int(grid.top - grow_y)),
        min(w, round(grid.right + grow_x)),
        min(h, round(grid.bottom + grow_y)),
    )


#: A board whose pipes are drawn is a smaller copy of another when ``LARGER_COPY_COLOURS``
#: of its dots' colours cover, outside it, ``LARGER_COPY_AREA`` times their area on it or
#: more (a copy twice its size: four times): their pipes drawn larger elsewhere.
LARGER_COPY_AREA, LARGER_COPY_COLOURS = 2.0, 0.75
#: Looked at from three pairs up: fewer colours may all be the screen's own.
LARGER_COPY_DOTS = 6
#: The screen is looked at shrunk to this longer side (pipes a few pixels wide still).
LARGER_COPY_SIDE = 960


def larger_copy(image: np.ndarray, cells: Cells) -> bool:
    """Whether the board read, its pipes drawn, is a smaller copy of a larger board there.

    The OS's screenshot preview of a finished board may be found before the board it
    shows (synthetic bridges preview 4000001 solved: the board's lines hidden by its
    pipes). The larger board's dots are joined to their pipes, no round discs, so the
    cheap look for another board (``another_board``: pairs of dots outside) sees none;
    its pipes' colours, the copy's, cover far more of the screen than the copy does.
    """
    if not cells.piped or len(cells.dots) < LARGER_COPY_DOTS:
        return False
    g = cells.geometry
    h, w = image.shape[:2]
    f = min(1.0, LARGER_COPY_SIDE / max(h, w))
    small = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA).astype(np.int32)
    top, left = int(g.top * f), int(g.left * f)
    on_board = np.s_[top : int(np.ceil(g.bottom * f)), left : int(np.ceil(g.right * f))]
    colours = np.array([cells.samples.core_rgb[c] for c in cells.dots], np.int32)
    larger = 0
    for colour in colours:
        apart = small - colour
        like = channel_sum(apart * apart) <= TWIN_COLOUR**2
        inside = int(np.count_nonzero(like[on_board]))
        outside = int(np.count_nonzero(like)) - inside
        larger += int(inside > 0 and outside >= LARGER_COPY_AREA * inside)
    return larger >= LARGER_COPY_COLOURS * len(colours)


#: The line contrast of the second look round pairs of dots outside the board when
#: the first finds no grid there: a screenshot preview's lines, scaled down to a
#: fifth, blur to a step of 3-4 (flow_other_preview 5500004: its 5x5 grid shows at
#: 3 only). Asked only there, the look is cheap; dots with no lines at all (icons,
#: a picture) still show no grid, and the board is read.
FAINT_LINE_CONTRAST = 3.0


def _grids_then_faint(
    image: np.ndarray, region: Region, settings: Settings, copies: list[BoardGeometry]
) -> Iterator[BoardGeometry]:
    """The grids in ``region`` at the line contrast of ``settings``; then, should none
    of them be a copy of the board (``copies`` still empty: the dots there unexplained),
    those its fainter lines show (``FAINT_LINE_CONTRAST``)."""
    yield from grids_in(image, region, settings)
    if not copies and settings.line_contrast > FAINT_LINE_CONTRAST:
        faint = dataclasses.replace(settings, line_contrast=FAINT_LINE_CONTRAST)
        yield from grids_in(image, region, faint)


def grids_in(image: np.ndarray, region: Region, settings: Settings) -> Iterator[BoardGeometry]:
    """The grids found in ``region`` of ``image`` (its brightest channel, then its colours
    light and dark), in full-size pixels: a few per look, the likeliest first."""
    crop = image[region.y0 : region.y1, region.x0 : region.x1]
    for source, dark in ((brightest_channel(crop), False), (crop, False), (crop, True)):
        lattices, _ = find_lattices(source, settings.lines(), dark=dark)
        for found in lattices[:6]:
            yield BoardGeometry(
                tuple(x + region.x0 for x in found.xs), tuple(y + region.y0 for y in found.ys)
            )


#: The OS's screenshot preview shows the whole screen at 20-30 % of its size in
#: a corner; a grid this much smaller than the board or less may be its copy.
SMALLER_COPY = 0.5


#: A copy of a board with pipes drawn has nearly all its cells' centres in
#: the board's colours: 0.97+ in 15 px cells, where a bend's centre in a few
#: blurs with the ground (synthetic previews of started boards).
COPY_CELLS = 0.9


#: A preview's lines, found in a shrunk copy and extended across it, lie within
#: this fraction of its pitch of where they are.
COPY_PLACING = 0.25


def smaller_copy(image: np.ndarray, board: Cells, other: BoardGeometry) -> bool:
    """Whether ``other`` is (part of) a smaller copy of ``board``: the OS's screenshot preview.

    The copy is the board scaled down: ``other``'s lattice extended to the
    board's rows and columns, wherever ``other`` may sit in it, must hold
    dots at exactly the board's cells, in the board's colours. A smaller
    board with other dots, or other colours, is another board.
    """
    geometry = board.geometry
    # The grid found may miss some of the copy's lines, or take in a line of
    # text beside it as one more row or column.
    if other.rows > geometry.rows + 2 or other.cols > geometry.cols + 2 or len(board.dots) < 2:
        return False
    # A board with pipes drawn: its copy shows them too, as it shows everything.
    drawn = sample_cells(image, geometry).core_lab if board.piped else None
    return any(
        _copy_at_pitch(image, board, other, pitch, drawn)
        for pitch in copy_pitches(geometry, other)
        if max(pitch) <= SMALLER_COPY * geometry.cell_size
    )


#: Two measures of a copy's pitch this close (a fraction of it) are one.
SAME_PITCH = 0.01


def copy_pitches(geometry: BoardGeometry, other: BoardGeometry) -> list[tuple[float, float]]:
    """The pitches (across, down) of a smaller copy of the board ``geometry`` that
    holds ``other``: one scale both ways, measured along each of ``other``'s sides,
    its longer side's first (the same once: a square grid found square).

    Found in a shrunk copy, a grid's pitch may be off along one side only, through
    pipes drawn: a solved 11x11 board's preview found 3 % wide (classic preview 400009
    solved: its pitch across 33.0 px, down 32.0, the copy's 32.2); extended over the
    board's rows at the pitch across, its last row lay a third of a cell off, too far
    for its lines to be placed, and its cells read as ground.
    """
    board_x = (geometry.right - geometry.left) / geometry.cols
    board_y = (geometry.bottom - geometry.top) / geometry.rows
    across = (other.right - other.left) / other.cols / board_x
    down = (other.bottom - other.top) / other.rows / board_y
    first, second = (across, down) if other.cols >= other.rows else (down, across)
    scales = [first] if abs(second - first) <= SAME_PITCH * first else [first, second]
    return [(scale * board_x, scale * board_y) for scale in scales]


def _copy_at_pitch(
    image: np.ndarray,
    board: Cells,
    other: BoardGeometry,
    pitch: tuple[float, float],
    drawn: np.ndarray | None,
) -> bool:
    """Whether ``other`` is (part of) a smaller copy of ``board`` at ``pitch`` (across,
    down); ``drawn``: the board's cells' centres (Lab) when it has pipes drawn."""
    settings = board.settings
    geometry = board.geometry
    pitch_x, pitch_y = pitch
    h, w = image.shape[:2]
    # Where other lies in the copy: most often at its corner (the whole
    # preview found), so looked at first; the answer is the same in any order.
    shifts = sorted(
        itertools.product(
            copy_shifts(geometry.rows, other.rows), copy_shifts(geometry.cols, other.cols)
        ),
        key=lambda shift: abs(shift[0]) + abs(shift[1]),
    )
    for dr, dc in shifts:
        copy = BoardGeometry.uniform(
            left=other.left - dc * pitch_x,
            top=other.top - dr * pitch_y,
            width=geometry.cols * pitch_x,
            height=geometry.rows * pitch_y,
            rows=geometry.rows,
            cols=geometry.cols,
        )
        if copy.left < 0 or copy.top < 0 or copy.right >= w or copy.bottom >= h:
            continue
        # Its lines placed at full resolution, as the board's are.
        copy = place_lines(image, copy, uncertainty=COPY_PLACING * min(pitch_x, pitch_y))
        # A copy of a board with pipes drawn shows them too: its dots read through them.
        seen = sample_cells(image, copy)
        samples = hide_pipes(image, copy, seen, settings.pipe_contrast)
        # The board's dots' colours first: the cells' closer look only for a copy of them.
        # A copy keeps its dots' colours: scaled down, their cores within NEAR of the
        # board's (previews <= 5.8 Lab, 40 synthetic ``preview`` shots, lossless and JPEG
        # 60-80; the dots' cells must match besides).
        if not all(
            delta_e(samples.core_lab[c], board.samples.core_lab[c]) <= NEAR for c in board.dots
        ):
            continue
        alike = delta_e(seen.core_lab, drawn) <= NEAR if drawn is not None else None
        if alike is not None and alike.mean() >= COPY_CELLS:
            # Its dots and nearly every cell's centre in the board's colours,
            # its pipes' too, as drawn (in a copy too small for the pipe stage
            # to read through them, or whose pipes cross a bridge).
            return True
        try:
            dots = _copy_dots(image, copy, samples, board)
        except UnsureReadingError:
            continue
        if dots == set(board.dots):
            return True
    return False


def copy_shifts(board: int, found: int) -> range:
    """Where the first of ``found`` rows (or columns) of a grid found may lie among the
    ``board``'s rows of its copy: anywhere the grid fits in the copy, a row more either
    way (its first or last line missed); or, a grid found with more rows than the board
    (the copy's frame or a line of text beside it taken in, on either side), anywhere
    the copy fits in it, a row more either way (classic preview 3900003 started: a
    5x5 board's preview found 5x7, two columns of its frame and margin on its left)."""
    return range(min(-1, board - found - 1), max(1, board - found + 1) + 1)


def _copy_dots(
    image: np.ndarray, copy: BoardGeometry, samples: CellSamples, board: Cells
) -> set[Cell]:
    """The dots in ``samples`` of ``copy``, a smaller copy of ``board``, read as the board's
    were: its holes left out, its bridges' tiles taken off (the copy holds the board's
    features where the board does, too small for the stages that find them to see)."""
    features, settings = board.features, board.settings
    if features.bridges:
        image = take_off(image, copy, set(features.bridges), samples)
        samples = hide_pipes(image, copy, sample_cells(image, copy), settings.pipe_contrast)
    dots, _ = read_cells(samples, image, copy, settings, Features(holes=features.holes))
    return dots


#: A copy's dots are looked for in its grid's box and this share of its size
#: past it on every side (the grid found may miss a row or two of the copy).
COPY_BEYOND_GRID = 0.5


def copy_of_board(image: np.ndarray, board: Cells, other: BoardGeometry) -> bool:
    """Whether ``other`` is a smaller copy of ``board``: its grid read as the board's
    (``smaller_copy``), or else its dots alone (``copied_dots``) round the grid found (a
    shrunk copy's lattice may be found half a cell off, in step with text beside it)."""
    if smaller_copy(image, board, other):
        return True
    if other.cell_size > SMALLER_COPY * board.geometry.cell_size:
        return False  # no copy: a piece of the board, or another board
    h, w = image.shape[:2]
    grow_x = COPY_BEYOND_GRID * (other.right - other.left)
    grow_y = COPY_BEYOND_GRID * (other.bottom - other.top)
    around = Region(
        max(0, int(other.left - grow_x)),
        max(0, int(other.top - grow_y)),
        min(w, round(other.right + grow_x)),
        min(h, round(other.bottom + grow_y)),
    )
    return copied_dots(image, board, around)


@dataclass(frozen=True)
class _BoardDots:
    """A square board's dots as the dots' copy check sees them (``_hex_copy.DotsSeen``)."""

    geometry: BoardGeometry
    dots: tuple[Cell, ...]
    core_rgb: np.ndarray
    settings: Settings


def copied_dots(image: np.ndarray, board: Cells, region: Region) -> bool:
    """Whether the round discs in ``region`` are a smaller copy of ``board``'s dots, as a
    hexagonal board's preview is told (``_hex_copy.smaller_copy``: one scale and shift
    take every board dot to a disc of its colour, and nothing else there).

    The copy's grid read cell by cell (``smaller_copy``) fails where its cells are too
    small for the cell sampling (9 px: a dot's blurred rim taken for a letter, a wall
    beside it in its ring); its dots still show as discs.
    """
    return discs_copy(image, board, discs_apart(image, _seen(board), region))


def discs_copy(image: np.ndarray, board: Cells, discs: np.ndarray) -> bool:
    """Whether ``discs`` (x, y, size, R, G, B rows, outside the board) are a smaller copy
    of ``board``'s dots (``_hex_copy.smaller_copy``)."""
    return dots_copy(image, _seen(board), discs)


def _seen(board: Cells) -> _BoardDots:
    return _BoardDots(
        board.geometry, tuple(sorted(board.dots)), board.samples.core_rgb, board.settings
    )


def is_copy_of(
    image: np.ndarray, geometry: BoardGeometry, other: BoardGeometry, settings: Settings
) -> bool:
    """Whether the grid ``geometry`` is a smaller copy of the board ``other`` (its preview).

    ``other`` is read as the board search reads a grid (``choose_board``): its drawn
    pipes through bridges too, its bridges' tiles taken off. Read with its pipes alone,
    a started board's bridge, a pipe going under its tile, refused it, and its preview,
    found first, was taken for another board beside it (synthetic bridges preview
    300024 started).
    """
    seen = sample_cells(image, other)
    try:
        pipes = see_pipes_through(image, other, seen, settings.pipe_contrast)
        board, _ = read_cells_through(pipes.hidden(seen), image, other, settings, pipes)
    except UnsureReadingError:
        return False
    return smaller_copy(image, board, geometry)


def most_board_like(
    image: np.ndarray, doubts: list[tuple[UnsureBoardError, bool | None]], settings: Settings
) -> UnsureBoardError:
    """The refusal about the grid most like a board, when no board was read.

    One holding dots comes first, then the biggest, then the one with most
    cells; the first met of equals. With each doubt, whether its grid holds
    dots, or ``None`` to look (only then is it worth the time: the screen is
    refused anyway). A grid of cells too small even for another board
    (``SMALLER_BOARD``) is text or a texture and holds none.
    """
    looked: dict[BoardGeometry, bool] = {}

    def likeness(item: tuple[UnsureBoardError, bool | None]) -> tuple[bool, float, int]:
        doubt, dots = item
        g = doubt.geometry
        if dots is None:
            if g not in looked:
                looked[g] = g.cell_size >= SMALLER_BOARD * settings.min_cell_px and holds_dots(
                    image, g, settings
                )
            dots = looked[g]
        return dots, g.area, g.rows * g.cols

    return max(doubts, key=likeness)[0]


def too_small(geometry: BoardGeometry, settings: Settings) -> UnsureBoardError:
    """The refusal of a grid whose cells are smaller than this reader needs."""
    # One decimal: 11.6 px rounded would read as the 12 px needed.
    return UnsureBoardError(
        f"cells of {geometry.cell_size:.1f} px are too small to read "
        f"(need {settings.min_cell_px:g})",
        geometry,
    )


def as_lattice(geometry: BoardGeometry) -> Lattice:
    """A board's grid lines as a ``Lattice`` (to compare grids' phases)."""
    return Lattice(geometry.xs, geometry.ys)


def takes_in(board: BoardGeometry, other: BoardGeometry) -> bool:
    """Whether most of ``other``'s rectangle lies within ``board``'s."""
    w = min(board.right, other.right) - max(board.left, other.left)
    h = min(board.bottom, other.bottom) - max(board.top, other.top)
    return w > 0 and h > 0 and w * h > 0.5 * other.area
