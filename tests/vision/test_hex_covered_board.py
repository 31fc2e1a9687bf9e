"""A finished hexagonal board whose flows cover the cells near its outline: its outline told
from hexagons going on past it.

A line between two flows' tints, each nearly as bright as the line in its own channels,
stands out in no one channel: its hexagons are joined to the board where every side shows
the lines' colour or a pipe. A cut outline beside a pipe is measured over the lines' own
level. A hexagon of the board covered over still leaves thin lines facing out, and is refused."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # Three cells between an orange and a magenta tint: no channel shows their lines.
        ("phone", 300036),
        # A line under yellow glow beside tints: the lines' level taken over the hexagons
        # looked at beside the board moved the red channel's from 68 to 92.
        ("huge_cells", 300023),
        # An outline the image's edge nearly cuts, beside an orange pipe: its width was
        # measured over a level the pipe lifted (169 in red against the lines' 124).
        ("huge_cells", 300024),
    ],
)
def test_a_finished_board_covered_by_its_flows_is_read(
    reads_exactly: ReadsExactly, category: str, seed: int
) -> None:
    reads_exactly(category, seed, "hex", "solved")


@pytest.mark.parametrize("cell", [Cell(6, 6), Cell(3, 0), Cell(6, 3)])
def test_a_covered_hexagon_of_a_finished_board_is_refused(cell: Cell) -> None:
    # A window over one of the board's hexagons by its outline (its sides too): the
    # hexagons beside it show thin lines facing out, and none of its own sides shows the
    # lines' colour, so it is not joined to the board.
    shot = sample("phone", 300036, "hex", "solved")
    geometry = shot.geometry
    image = shot.image.copy()
    corners = np.array([(p.x, p.y) for p in geometry.polygon(cell)])
    middle = corners.mean(axis=0)
    over = (middle + (corners - middle) * 1.08).round().astype(np.int32)
    ground = tuple(int(v) for v in image[round(geometry.origin.y + 7.5 * geometry.row_step), 20])
    cv2.fillPoly(image, [over], ground)
    with pytest.raises(UnsureReadingError, match="go on past the board's outline"):
        read_board(image)
