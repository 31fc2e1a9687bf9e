"""Another finished board beside the board read: its dots joined to its pipes.

``_other_boards.another_board`` looks for another board where pairs of round dots lie
outside the board read. A finished board shows none: each dot is joined to its pipe.
So a finished board's screenshot preview beside another board (the OS's thumbnail of
the screen before) went unseen, and the board beside it was read as if alone (decoy
flow_other_solved_preview). Its flows still show: blobs of one colour each with two
round ends, of one size (``_dots_apart.flow_ends_outside``). Where they are no smaller
copy of the board's dots, the board search is run round them; a board found there,
holding dots and no copy of this one, is another board. Where the search finds no grid
holding dots there (a preview's lines a pixel wide, faint, and cut by its pipes, or its
pipes taken for lines at twice its pitch), the flows' ends themselves tell a board: they
sit at the centres of one square lattice's cells, at a pitch their size fits
(``on_one_lattice``).
"""

from __future__ import annotations

import logging

import numpy as np

from flowbot.errors import VisionError
from flowbot.vision._dots_apart import FLOW_PAIRS, REACH, Region, around, flow_ends_outside
from flowbot.vision._ends_lattice import on_ends_lattice
from flowbot.vision._grid import overlap
from flowbot.vision._other_boards import as_lattice, copy_of_board, discs_copy, holds_dots
from flowbot.vision._rule import Cells
from flowbot.vision._search import find_boards

log = logging.getLogger(__name__)

#: Where none is found ``REACH`` dot sizes round its flows' outermost ends, the board
#: is looked for this many past them: a finished board's pipes fill its rows and
#: columns with no dot (a 7x7 preview's column of pipes alone 5.4 dot sizes past its
#: dots: decoy flow_other_solved_preview 10).
FLOWS_REACH = 2 * REACH


def finished_board_beside(image: np.ndarray, cells: Cells) -> bool:
    """Whether another board, its flows finished, lies outside the board read."""
    board, settings = cells.geometry, cells.settings
    ends = flow_ends_outside(image, board, settings, FLOW_PAIRS)
    if not len(ends) or discs_copy(image, cells, ends):
        return False
    # Round its dots as round any board's; else farther, past rows of pipes alone
    # (the farther look may take in the screen's edge or text, and find no grid).
    gridless = True
    for reach in (REACH, FLOWS_REACH):
        found = _board_in(image, cells, around(image, ends, reach))
        if found:
            return True
        gridless &= found is None
    # No grid holding dots found round them either time: the ends' own spacing tells
    # the board.
    return gridless and on_one_lattice(ends)


def _board_in(image: np.ndarray, cells: Cells, region: Region) -> bool | None:
    """Whether the board search finds a board in ``region`` apart from ``cells``' board,
    holding dots and no smaller copy of it; ``None`` when it finds no such grid there."""
    board, settings = cells.geometry, cells.settings
    log.debug("finished flows outside the board: searching %s", region)
    crop = image[region.y0 : region.y1, region.x0 : region.x1]
    try:
        for found, *_ in find_boards(crop, settings, hexagons=False):
            other = found.shifted(region.x0, region.y0)
            if overlap(as_lattice(other), as_lattice(board)) > 0:
                continue
            # A grid holding no dots tells nothing: in a small preview the search may
            # take its pipes for lines, at twice its pitch (decoy flow_other_solved_preview
            # 100000: 43 px cells found in a 6x6 preview of 21.5 px ones).
            if holds_dots(image, other, settings):
                return not copy_of_board(image, cells, other)
    except VisionError:
        return None
    return None


def on_one_lattice(ends: np.ndarray, pairs: int = FLOW_PAIRS) -> bool:
    """Whether ``pairs`` of the flows' ends (x, y, size, R, G, B rows, twins by colour:
    ``flow_ends_outside``) or more sit at the cells' centres of one square lattice whose
    pitch fits their size, each in a cell of its own (``_ends_lattice.on_ends_lattice``).

    A finished board's dots are its flows' ends, one to a cell, at the cells' centres:
    found this way, the board needs no grid line seen. Where the board search finds no
    grid (a preview's lines a pixel wide and faint, cut every cell by its pipes: an 8x8
    preview's taken half a cell off, decoy flow_other_solved_preview 700003), the ends'
    spacing alone shows it.
    """
    return on_ends_lattice(ends, pairs) is not None
