"""Outlined boards read on one board's lines at two pitches: which is the board.

A lattice at a whole multiple of a board's pitch, in step with it, takes every
second (or third) of its lines; one at a fraction of it holds its lines and the
cells' middles between them (where the dots' rows pass for lines). Either may
read as an outlined board of its own over the same place: the coarser one's box
may even reach half its pitch past the board's, its cells straddling the
board's outline (read as openings all along a side). The finer one read over
the board's cells takes the board's own lines beside the cells' middles for
walls; read over the board itself it reads its lines as lines, as the coarser
one skipped them.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

import numpy as np

from flowbot.models import BoardGeometry, Cell, link
from flowbot.vision._grid import in_finer_steps, lines_over_finer, whole_multiple
from flowbot.vision._other_boards import as_lattice
from flowbot.vision._types import Features


class _Read(Protocol):
    @property
    def geometry(self) -> BoardGeometry: ...

    @property
    def features(self) -> Features: ...


_T = TypeVar("_T", bound=_Read)


#: Share of the finer board's inner edges on the coarser's lines read as walls from
#: which those lines are the board's and the finer one's others the cells' middles
#: (synthetic walls preview 100014: every one of them; a board's own walls, never
#: drawn all along its lines, a few: walls mirror 330002 started 2 of 90).
WALLS_ALONG = 0.5


def in_step(a: BoardGeometry, b: BoardGeometry) -> bool:
    """Whether ``a`` and ``b`` are one board's lines at two pitches in a whole ratio:
    every line of the coarser over the finer's box (to half the finer's pitch) one of
    the finer's (``ON_FINER_LINE``), two or more each way, and most of the smaller box
    within the other."""
    la, lb = as_lattice(a), as_lattice(b)
    if whole_multiple(la, lb):
        coarse, fine = a, b
    elif whole_multiple(lb, la):
        coarse, fine = b, a
    else:
        return False
    p = fine.cell_size
    for theirs, mine in ((coarse.xs, fine.xs), (coarse.ys, fine.ys)):
        over = lines_over_finer(in_finer_steps(theirs, mine, p), len(mine), p)
        if over is None or len(over) < 2:
            return False
    w = min(a.right, b.right) - max(a.left, b.left)
    h = min(a.bottom, b.bottom) - max(a.top, b.top)
    return w > 0 and h > 0 and w * h > 0.5 * min(a.area, b.area)


def walls_along(fine: _Read, coarse: BoardGeometry) -> bool:
    """Whether ``fine`` reads walls along ``coarse``'s lines inside it (``WALLS_ALONG``
    of its inner edges there): the coarser lines are the board's, heavier than the
    cells' middles taken for lines between them."""
    g = fine.geometry
    rows, cols = len(g.ys) - 1, len(g.xs) - 1
    edges: list[tuple[Cell, Cell]] = []
    for x in coarse.xs:
        i = int(np.argmin(np.abs(np.asarray(g.xs) - x)))
        if 0 < i < cols:
            edges += [link(Cell(r, i - 1), Cell(r, i)) for r in range(rows)]
    for y in coarse.ys:
        i = int(np.argmin(np.abs(np.asarray(g.ys) - y)))
        if 0 < i < rows:
            edges += [link(Cell(i - 1, c), Cell(i, c)) for c in range(cols)]
    if not edges:
        return False
    walls = sum(edge in fine.features.walls for edge in edges)
    return walls >= WALLS_ALONG * len(edges)


def board_of_pitches(boards: list[_T]) -> _T:
    """Of ``boards`` on one board's lines at pitches in a whole ratio (``in_step``),
    the board: the finest that reads no walls along a coarser one's lines
    (``walls_along``), else the coarsest."""
    by_pitch = sorted(boards, key=lambda b: b.geometry.cell_size)
    for i, fine in enumerate(by_pitch):
        if not any(walls_along(fine, coarse.geometry) for coarse in by_pitch[i + 1 :]):
            return fine
    return by_pitch[-1]
