"""A hexagonal board's empty cells judged against the ground their neighbours show: cells a
drawn flow touches show the board's one ground colour in their place (``stand_ins``), which
under strong glow lies far from a corner's own."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Point, Reading
from flowbot.vision._hex_cells import DOT_OR_EMPTY, HexCells
from flowbot.vision._types import DEFAULT_SETTINGS

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

GLOW = (40.0, -30.0, 30.0)  # Lab: a green glow's ground
STAND_IN = (5.0, 2.0, 4.0)  # the board's one ground colour, nearly black
DOT = (60.0, 60.0, 50.0)


def _cells(rings: Mapping[Cell, tuple[float, ...]], stand_ins: set[Cell]) -> HexCells:
    """A 3x3 hexagonal board, every cell's ring as given (the glow's by default), two dots."""
    ring = np.array([[rings.get(Cell(r, c), GLOW) for c in range(3)] for r in range(3)])
    return _seen(ring, (Cell(2, 0), Cell(2, 2)), frozenset(stand_ins))


def _seen(
    ring: np.ndarray, dots: tuple[Cell, ...], stand_ins: frozenset[Cell] = frozenset()
) -> HexCells:
    """A hexagonal board of ``ring``'s shape, its cells' rings and cores ``ring`` (Lab), but
    the ``dots``' cores."""
    rows, cols = ring.shape[:2]
    core = ring.copy()
    for dot in dots:
        core[dot] = DOT
    return HexCells(
        image=np.zeros((40 * rows + 60, 30 * cols + 60, 3), np.uint8),
        geometry=HexGeometry(Point(50, 60), col_step=30, row_step=34.64, rows=rows, cols=cols),
        cells=tuple(Cell(r, c) for r in range(rows) for c in range(cols)),
        core_lab=core,
        core_rgb=np.zeros((rows, cols, 3)),
        core_uniformity=np.ones((rows, cols)),
        ring_lab=ring,
        ring_like_core=np.zeros((rows, cols)),
        settings=DEFAULT_SETTINGS,
        stand_ins=stand_ins,
    )


def test_an_empty_cell_among_flows_is_judged_by_the_ground_shown_round_it() -> None:
    # The corner cell's neighbours are all touched by flows (their rings the stand-in):
    # it is judged against the glow the cells past them show, as are the stand-ins' own
    # rings not judged at all.
    touched = {Cell(0, 1), Cell(1, 0), Cell(1, 1)}
    DOT_OR_EMPTY.check(_cells(dict.fromkeys(touched, STAND_IN), touched))


def test_an_empty_cell_unlike_the_ground_round_it_is_still_refused() -> None:
    # A tile in a cell (its ring far from the glow its neighbours show) is refused, flows
    # beside it or not.
    touched = {Cell(0, 1), Cell(1, 0)}
    rings = dict.fromkeys(touched, STAND_IN) | {Cell(0, 0): (90.0, 0.0, 0.0)}
    with pytest.raises(UnsureReadingError, match="unlike the board's ground"):
        DOT_OR_EMPTY.check(_cells(rings, touched))


def test_a_started_board_under_strong_glow_is_read(reads_exactly: ReadsExactly) -> None:
    # A top-row cell beside two tinted dot cells, under a strong green glow: the flows'
    # stand-in ground (nearly black) lay 40 off its ring, refused as no ground.
    reads_exactly("jpeg", 300009, "hex", "started")


def test_an_edge_cell_beside_a_narrow_glow_shaft_is_on_the_boards_ground() -> None:
    # A glow shaft two columns wide lights the corner cell's neighbours but not the cell:
    # its ring is the board's plain ground, as most of the board's empty cells show it,
    # though two of its three neighbours lie under the shaft.
    plain = (3.0, 1.0, 1.0)
    ring = np.array([[GLOW if c in (1, 2) else plain for c in range(5)] for r in range(4)])
    seen = _seen(ring, (Cell(3, 0), Cell(3, 4)))
    DOT_OR_EMPTY.check(seen)
    # A tile there, unlike both the glow round it and the board's ground, is refused.
    ring[0, 0] = (90.0, 0.0, 0.0)
    with pytest.raises(UnsureReadingError, match="unlike the board's ground"):
        DOT_OR_EMPTY.check(_seen(ring, (Cell(3, 0), Cell(3, 4))))


def test_an_unstarted_board_with_a_narrow_glow_shaft_is_read(reads_exactly: ReadsExactly) -> None:
    # Under a purple glow shaft about a hexagon and a half wide, an edge cell of the plain
    # ground lay 44 Lab from its neighbours' median ring (two of three under the shaft).
    reads_exactly("jpeg", 11300017, "hex", "unsolved")
