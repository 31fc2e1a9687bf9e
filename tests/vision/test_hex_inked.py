"""Hexagons of no ink left out (``_hex_inked``): the board's own hexagons, those holding a
dot, set the typical width a side of no ink falls short of, and are never left out."""

from __future__ import annotations

import numpy as np

from flowbot.vision._hex_board import HexSides, LineMap, Node
from flowbot.vision._hex_inked import inked
from flowbot.vision._hex_lattice import HexLattice
from tests.vision.conftest import ReadsExactly

LATTICE = HexLattice(x0=60.0, y0=60.0, col_step=45.0, row_step=52.0)
#: A board of 16 hexagons (columns 0-3) with a page's ruled grid closing 32 more onto it
#: (columns 4-11), its lines far wider in the channel measured.
BOARD = {(j, k) for j in range(4) for k in range(8) if (j + k) % 2 == 0}
CLUTTER = {(j, k) for j in range(4, 12) for k in range(8) if (j + k) % 2 == 0}
#: A dot's hexagon on the board's edge whose side facing out glow hides (no ink there).
HIDDEN = (0, 2)


class _Widths:
    """Each side's width by the hexagons either side of it: the board's lines 1 px, the
    clutter's 4 px, the side of ``HIDDEN`` facing out none."""

    def __init__(self, sides: HexSides) -> None:
        ends, _ = sides.ends
        self.width: dict[tuple[float, float], float] = {}
        for (node, other), (a, b) in ends.items():
            width = 1.0 if node in BOARD or other in BOARD else 4.0
            if node == HIDDEN and other not in sides.cells:
                width = 0.0
            self.width[_middle(np.array([a, b], np.float64))] = width

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        return np.array([self.width[_middle(side)] for side in sides])


def _middle(side: np.ndarray) -> tuple[float, float]:
    """A side's middle (its two corners ``(2, 2)``), rounded to look it up by."""
    x, y = side.mean(axis=0)
    return round(float(x), 3), round(float(y), 3)


def _sides() -> HexSides:
    lines = LineMap(np.zeros((600, 700), np.uint8), LATTICE.row_step, 10.0)
    plain = HexSides(lines, LATTICE, frozenset(BOARD | CLUTTER))
    return HexSides(lines, LATTICE, plain.cells, inks=_Widths(plain))


def test_the_dotted_hexagons_set_the_typical_width_and_stay_in() -> None:
    sides = _sides()
    dotted: set[Node] = {HIDDEN, (2, 0), (3, 5), (1, 7)}
    kept = inked(sides, dotted=dotted).cells
    assert kept >= BOARD
    # Measured by the clutter's typical width, the board's thin lines carry no ink.
    assert not BOARD & inked(sides).cells


def test_a_page_grid_joined_to_a_board_over_glow_leaves_the_board_whole(
    reads_exactly: ReadsExactly,
) -> None:
    # Synthetic hex mirror 9100004 unsolved: a page's ruled grid closed 58 hexagons onto
    # a small board's outline and set the typical width; the board's lines over a blue
    # glow on its lower half measured 0.1-0.4 of it, six of its hexagons were left out,
    # and their neighbours' sides read as a thin outline ("the hexagons go on past the
    # board's outline").
    reads_exactly("mirror", 9100004, "hex", "unsolved")
