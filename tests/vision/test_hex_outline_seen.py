"""A hexagonal board's outline judged where the image shows it: a side whose line lies whole
within the image is judged by the lead's measure as every other side (the cut measure only
where that refuses it), and clutter hexagons with no ink in the lead's measure are left out.
A hexagon of the board past the image's edge is still refused."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Reading, Shape, Solution
from flowbot.render import RenderStyle, draw_board
from flowbot.vision import read_board

#: The ``reads_exactly`` fixture (``tests/vision/conftest.py``).
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # A column's slanted outline sides ending at the image's left edge beside a white
        # flow's grey tint: the lead's measure 4.44 px (the outline's 4.3), the cut
        # measure 2.85 against a gap at 2.97 ("the hexagons go on past the outline").
        ("crop", 3900001),
        # A hexagon a window's text closed on the outline: the lines' colour's shares saw
        # ink on its sides, the lead measure next to none (0.00-0.20 of the typical width).
        ("mirror", 4000000),
    ],
)
def test_finished_boards_whose_outline_the_image_shows_whole_are_read(
    category: str, seed: int, reads_exactly: ReadsExactly
) -> None:
    reads_exactly(category, seed, "hex", "solved")


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_cut_outline_darker_than_a_flows_tint_in_every_channel_is_read(
    state: str, reads_exactly: ReadsExactly
) -> None:
    # The bottom row's outline cut by the image's edge beside a yellow flow's tint lighter
    # than the dark green lines in red, green and blue alike: no channel's top-hat sees the
    # line (0 px in the luma); the lines' colour's shares do (5.9 px, the outline's 8.6).
    reads_exactly("huge_cells", 5600000, "hex", state)


def _protruding_left(cut_off: float, *, into: bool) -> np.ndarray:
    """A started board whose column 0 is holes but (4, 0), the image cut ``cut_off`` px
    right of the left corner of (4, 1): the hexagon (4, 0) past the edge but for a sliver,
    the thin lines between it and column 1 whole; its flow running into it (``into``) or
    away."""
    holes = {Cell(r, 0) for r in range(9)} - {Cell(4, 0)}
    pairs = (
        Pair("A", Cell(4, 1), Cell(6, 6)),
        Pair("B", Cell(1, 5), Cell(8, 2)),
        Pair("C", Cell(1, 1), Cell(5, 3)),
        Pair("D", Cell(2, 7), Cell(7, 4)),
        Pair("E", Cell(0, 2), Cell(3, 8)),
    )
    puzzle = Puzzle(9, 9, pairs, shape=Shape.HEX, holes=frozenset(holes))
    paths = (
        (Cell(4, 1), Cell(4, 0)) if into else (Cell(4, 1), Cell(4, 2)),
        (Cell(1, 5), Cell(2, 5), Cell(3, 5)),
        (Cell(1, 1), Cell(2, 1), Cell(3, 1)),
        (Cell(2, 7), Cell(3, 7)),
        (Cell(0, 2), Cell(1, 2)),
    )
    geometry = HexGeometry.regular(left=40, top=40, pitch=19.0, rows=9, cols=9)
    canvas = np.zeros((270, 270, 3), np.uint8)
    style = RenderStyle(dot_radius=0.4)
    image = draw_board(canvas, puzzle, geometry, Solution(puzzle, paths), style=style)
    corner = geometry.centre(Cell(4, 1)).x - geometry.col_step * 2 / 3
    return np.ascontiguousarray(image[:, round(corner + cut_off + 0.5) :])


@pytest.mark.parametrize("into", [True, False])
@pytest.mark.parametrize("cut_off", [-1.0, -3.0, -5.0])
def test_a_hexagon_past_the_left_edge_behind_whole_thin_lines_is_refused(
    cut_off: float, into: bool
) -> None:
    # The thin lines facing the hexagon past the edge lie whole within the image, the
    # edge within the widths' reach: judged in the lead's measure they are thin still.
    with pytest.raises(UnsureReadingError, match="past the board's outline"):
        read_board(_protruding_left(cut_off, into=into))
