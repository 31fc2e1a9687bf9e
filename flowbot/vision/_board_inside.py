"""Board rule: no lines inside the cells (a lattice at a whole multiple of the board's pitch).

A board's cells hold dots, pipes and ground, never a grid line. Where drawn
pipes break a small board's lines into pieces in the shrunk copy, the line
search may join every second or third line into a grid of its own, at twice
or three times the pitch, in step with the board: its cells then hold the
board's own lines across their middles (or at their thirds), along most of
their length. Read, such a grid sees dots off its cells' centres and refuses
the screen before the board, found later through its pipes, is looked at.
(Met without a finer grid beside it, it is doubted for its dots and passed
over once the board is read: ``_grid.board_at_other_pitch``.)
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._grid import overlap, whole_multiple
from flowbot.vision._lattice import Lattice
from flowbot.vision._rule import Grid, Rule
from flowbot.vision._stats import median_of, median_of_few

#: Where a cell's inside is looked at for a line (share of the pitch from its
#: left or top line): clear of its own lines' blur (a pixel or two in the copy).
_INSIDE = (0.2, 0.8)
#: Where its own lines show: within this share of the pitch of them.
_ON_LINE = 0.1
#: A cell's inside holds a line when, along most of its length (the median
#: over the grid's extent), something there stands this share of the grid's own
#: lines' strength or more (the median over cells, the weaker way): boards
#: found, solved, 0.00-0.37; a lattice at three times the pitch 0.74.
INSIDE_LINE = 0.6


#: Rows (across the lines) a column's median is taken over: evenly spaced along
#: the grid, enough for a median (a read pays for this rule on every board).
_ROWS = 33


def _inside_share(strength: np.ndarray, lines: tuple[float, ...], span: tuple[float, ...]) -> float:
    """For lines running along axis 0 of ``strength`` at positions ``lines`` (axis 1), over
    ``span`` (axis 0), the median over cells of the strongest line inside each cell over its
    own lines' (each column's median along the span, at ``_ROWS`` rows)."""
    h, w = strength.shape
    y0, y1 = max(0, round(span[0])), min(h, round(span[-1]) + 1)
    step = (lines[-1] - lines[0]) / max(1, len(lines) - 1)
    x0 = max(0, int(np.floor(lines[0] - _ON_LINE * step)))
    x1 = min(w, int(np.ceil(lines[-1] + _ON_LINE * step)) + 1)
    if y1 - y0 < 2 or x1 - x0 < 3:
        return 0.0
    rows = np.unique(np.linspace(y0, y1 - 1, _ROWS).round().astype(np.intp))
    # Per column (a list: a few slices per cell, cheaper than numpy's calls).
    profile = median_of(strength[rows, x0:x1].astype(np.float32), axis=0).tolist()

    def strongest(lo: float, hi: float) -> float:
        part = profile[max(0, round(lo) - x0) : max(0, round(hi) - x0 + 1)]
        return max(part, default=0.0)

    shares = []
    for a, b in pairwise(lines):
        reach, cell = _ON_LINE * (b - a), b - a
        own = max(strongest(a - reach, a + reach), strongest(b - reach, b + reach))
        inside = strongest(a + _INSIDE[0] * cell, a + _INSIDE[1] * cell)
        if own > 0:
            shares.append(inside / own)
    return median_of_few(shares) if shares else 0.0


def lines_inside(
    lattice: Lattice, vertical: np.ndarray, horizontal: np.ndarray
) -> tuple[float, float]:
    """How strongly the cells' insides show lines (``_inside_share``): of the vertical lines
    (their top-hat strength ``vertical``), then of the horizontal ones (``horizontal``)."""
    return (
        _inside_share(vertical, lattice.xs, lattice.ys),
        _inside_share(horizontal.T, lattice.ys, lattice.xs),
    )


def finer_grid_over(lattice: Lattice, others: list[Lattice]) -> bool:
    """Whether another grid found overlaps ``lattice`` at a whole fraction of its pitch (the
    board's lines in pieces, of which ``lattice`` may take every second or third)."""
    return any(whole_multiple(lattice, other) and overlap(lattice, other) for other in others)


def check_empty_inside(grid: Grid) -> None:
    """Refuse a grid whose cells hold lines across their insides both ways; looked at only
    where a finer grid found overlaps it (a read pays for nothing else)."""
    if not finer_grid_over(grid.lattice, grid.others):
        return
    shares = lines_inside(grid.lattice, grid.maps.vertical_strength, grid.maps.horizontal_strength)
    if min(shares) >= INSIDE_LINE:
        raise UnsureReadingError(REASON)


REASON = "the grid's cells hold lines inside them (a lattice at a multiple of the board's pitch)"

EMPTY_INSIDE: Rule[Grid] = Rule(
    name="cells empty of lines",
    refuses="a grid overlapped by another grid found at a whole fraction of its pitch (within "
    "`_grid.WHOLE` 0.1 of a ratio of 2 or more: the board's lines in pieces), whose cells "
    "hold a line inside them both ways (0.2-0.8 of the pitch from their lines), along most "
    "of their length, nearly as strong as the grid's own lines",
    why="A board's cells hold dots, pipes and ground, never a grid line. Drawn pipes break a "
    "small board's lines into pieces in the shrunk copy, and the line search may join "
    "every second or third line into a grid in step with the board at a multiple of its "
    "pitch; read, its cells show dots off their centres and the screen would be refused "
    "before the board, found through its pipes, is read (`_board_inside`).",
    bounds="`INSIDE_LINE` 0.6 of the own lines' top-hat strength (the cell's own lines, the "
    "border among them): per cell the strongest inside, each column or row its median "
    "along the grid (at 33 rows) (a pipe along a cell's middle, which small cells' copies "
    "show as a line, runs along part of a board at most), the median over the cells, the "
    "weaker way; boards found, solved, in every copy the search makes (45 dev shots, tiny "
    "cells among them) 0.00-0.37 (holes in tiny cells: their outline's sides missing "
    "lines), a lattice at 3 times the pitch (bridges tiny cells 300007 started) 0.74-1.21; "
    "at twice the pitch in a preview's large cells, pipes hiding the lines inside, "
    "0.22-0.43 (left to the cell rules: refused). Looked at only where another grid found "
    "overlaps it at a whole fraction of its pitch (the board's lines in pieces): a read "
    "pays for no more.",
    reason=REASON,
    check=check_empty_inside,
)
