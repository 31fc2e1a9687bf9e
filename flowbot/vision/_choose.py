"""Choosing the board among the grids the search finds: the first holding dots, alone."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from flowbot.errors import UnsureReadingError, VisionError
from flowbot.models import BoardGeometry
from flowbot.vision._border_sides import Border
from flowbot.vision._grid import MIN_BOARD_SIDE, board_at_other_pitch, overlap
from flowbot.vision._hex_sign import HexagonsSeenError
from flowbot.vision._lattice import in_phase
from flowbot.vision._other_boards import (
    PAIR_LEFT,
    as_lattice,
    clear_dots,
    copy_of_board,
    holds_dots,
    is_copy_of,
    most_board_like,
    takes_in,
    too_small,
)
from flowbot.vision._pipes import NO_PIPES, Pipes
from flowbot.vision._pipes_through import see_pipes_through
from flowbot.vision._rule import Cells
from flowbot.vision._rules import read_cells_through
from flowbot.vision._search import PIECE_OVERLAP, find_boards
from flowbot.vision._types import TWO_BOARDS, Features, Settings, UnsureBoardError


@dataclass(frozen=True, slots=True)
class Board:
    """The board chosen: its cells and dots read, how clearly they split, how it was found."""

    cells: Cells
    confidence: float
    notes: tuple[str, ...]
    features: Features = field(default_factory=Features)
    #: The flows already drawn (a board started or finished).
    pipes: Pipes = NO_PIPES
    #: The board's border once measured (by the stage that found the board, which then
    #: found its warps on it too, or the reader).
    border: Border | None = None


def choose_board(
    image: np.ndarray, settings: Settings, *, hexagons: bool = True, last_look: bool = False
) -> Board:
    """The first grid found that holds dots like a board's, is big enough, and lies alone.

    Raises the refusal about the most board-like grid met when there is none
    (or ``BoardNotFoundError``), and refuses at once a grid doubted for its
    cells that holds a board's clear dots, or another board holding dots.
    With ``hexagons``, ``HexagonsSeenError`` when the search's first look sees a
    hexagonal board's lattice and no square one (``find_boards``); with
    ``last_look``, among the grids of the reader's last look only.
    """
    boards = find_boards(image, settings, hexagons=hexagons, last_look=last_look)
    dotless: UnsureBoardError | None = None
    small: UnsureBoardError | None = None
    split: UnsureBoardError | None = None
    dotted: list[BoardGeometry] = []  # grids seen holding dots
    # Grids doubted for their cells that hold no dots like a board's.
    unsure: list[UnsureBoardError] = []
    while True:
        try:
            geometry, notes, apart, samples, read = next(boards)
        except HexagonsSeenError:
            raise
        except VisionError as exc:
            # Nothing read: the refusal is about the most board-like grid met.
            met: list[tuple[UnsureBoardError, bool | None]] = [
                (e, True) for e in (split, small) if e is not None
            ]
            met += [(e, False) for e in (*unsure, dotless) if e is not None]
            if not met:
                raise
            if isinstance(exc, UnsureBoardError):
                met.append((exc, None))
            raise most_board_like(image, met, settings) from None
        if geometry.cell_size < settings.min_cell_px:
            if _preview(image, geometry, apart, settings):
                continue
            raise too_small(geometry, settings)
        try:
            # Drawn pipes are read first (by the search); the dots are read through them.
            pipes = see_pipes_through(image, geometry, samples, settings.pipe_contrast, read=read)
            samples = pipes.hidden(samples)
            # (with its bridges: a copy of the board shows their tiles, ``copy_of_board``,
            # and the cell rules know their cells' tiles painted over, ``check_tiles``)
            cells, cell_confidence = read_cells_through(samples, image, geometry, settings, pipes)
            dots = cells.dots
        except UnsureReadingError as exc:
            doubt = UnsureBoardError(str(exc), geometry)
            # A board the user may mean (half solved, a tile on it) refuses
            # the screen, whatever else it shows. With fewer clear dots it
            # holds none like a board's either: ``holds_dots`` would doubt
            # the same samples and count the same clear dots (CLEAR_DOTS).
            if clear_dots(samples, settings) >= PAIR_LEFT:
                if _preview(image, geometry, apart, settings):
                    # Its dots too small to read flat: passed over as a preview read is.
                    continue
                raise doubt from exc
            # No dots like a board's: another window's grid paper holding a
            # picture. Had the board come first, this grid would have been
            # passed over as no other board (``apart``); the next candidate
            # may be the board, if it lies apart from this one.
            unsure.append(doubt)
            continue
        if dots and min(geometry.rows, geometry.cols) < MIN_BOARD_SIDE:
            # No level is this small: a board cut to its last rows, a few
            # cards or keys; the next candidate may be the board.
            small = small or UnsureBoardError(
                f"a {geometry.rows}x{geometry.cols} grid is smaller than any Flow board "
                f"({MIN_BOARD_SIDE}x{MIN_BOARD_SIDE})",
                geometry,
            )
            continue
        if dots:
            dotted_apart = [other for other in apart if holds_dots(image, other, settings)]
            copies = [other for other in dotted_apart if copy_of_board(image, cells, other)]
            # No copy, nor over a piece of one (a copy overlaps itself): a grid at half its
            # pitch over a screenshot preview's title and first row is the preview's
            # (synthetic classic preview 8000001 started, 3x3 cells of 25 px on a 7x7
            # preview's of 45).
            others = [
                other
                for other in dotted_apart
                if not any(overlap(as_lattice(other), as_lattice(c)) > 0 for c in copies)
            ]
            if any(is_copy_of(image, geometry, other, settings) for other in others):
                # The OS's screenshot preview, found before the board it
                # shows: the next candidate may be that board.
                continue
            if any(not in_phase(as_lattice(geometry), as_lattice(other)) for other in others):
                # Off this grid's lattice: another board.
                raise UnsureBoardError(TWO_BOARDS, geometry)
            dotted += others
            if any(not takes_in(geometry, other) for other in dotted):
                # On its lattice: another board, or a piece of this one cut
                # off by glow that hides the lines between them; a finer or
                # colour copy may find the pieces as one board. Any grid
                # found holding dots, now or before, must lie within it.
                split = split or UnsureBoardError(TWO_BOARDS, geometry)
                dotted.append(geometry)
                continue
            break
        # Every level has dots: a grid without any (a ruled page, a table) is
        # not the board; the next candidate may be.
        dotless = dotless or UnsureBoardError("no dots on the board", geometry)
    for doubt in unsure:
        doubted = as_lattice(doubt.geometry)
        if overlap(doubted, as_lattice(geometry)) > PIECE_OVERLAP and not board_at_other_pitch(
            doubted, as_lattice(geometry)
        ):
            # Passed over, it shares cells with the board: the same board (a
            # solved one, its dots hidden in pipes) or a piece of it. Not the
            # board's lines at a multiple of its pitch (pipes broke the lines
            # between in the copy it was found in): its cells hold the board's
            # lines, its doubt is about dots read off their centres.
            raise doubt
    return Board(cells, cell_confidence, tuple(notes), cells.features, pipes=pipes)


def _preview(
    image: np.ndarray, geometry: BoardGeometry, apart: list[BoardGeometry], settings: Settings
) -> bool:
    """Whether the grid ``geometry`` is the OS's screenshot preview of a board found apart
    from it, before that board: a smaller copy of one holding dots (``is_copy_of``). Too
    small to read, or its dots too small to read flat, it is no reason to refuse the
    screen; the board it shows is read on its own."""
    return any(
        holds_dots(image, other, settings) and is_copy_of(image, geometry, other, settings)
        for other in apart
    )
