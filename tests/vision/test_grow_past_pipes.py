"""A grid found a row short under a flow's tint, grown a pitch where its pipes run out.

The game draws no flow out of a classic board: pipes running out past a
border of the grid found say the board goes on there (a flow's tint of nearly
the lines' colour hid that row's lines from the line search).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.models import Reading
from flowbot.vision._grow_past_pipes import one_more
from flowbot.vision._lattice import Lattice

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_one_more_adds_a_pitch_on_the_side_asked() -> None:
    grid = Lattice((10.0, 20.0, 30.0), (5.0, 15.0, 25.0, 35.0))
    assert one_more(grid, "bottom", (100, 100)) == Lattice(grid.xs, (5.0, 15.0, 25.0, 35.0, 45.0))
    lower = Lattice(grid.xs, (15.0, 25.0))
    assert one_more(lower, "top", (100, 100)) == Lattice(grid.xs, (5.0, 15.0, 25.0))
    assert one_more(grid, "right", (100, 100)) == Lattice((10.0, 20.0, 30.0, 40.0), grid.ys)
    assert one_more(grid, "left", (100, 100)) == Lattice((0.0, 10.0, 20.0, 30.0), grid.ys)


def test_one_more_stops_where_the_image_ends() -> None:
    grid = Lattice((10.0, 20.0, 30.0), (5.0, 15.0, 25.0, 35.0))
    # A border a pixel past the image's last one is its edge (clipped there).
    assert one_more(grid, "bottom", (45, 100)) == Lattice(grid.xs, (5.0, 15.0, 25.0, 35.0, 44.0))
    # A whole cell past it is no row of this image.
    assert one_more(grid, "bottom", (40, 100)) is None
    assert one_more(grid, "top", (100, 100)) is None
    # Just past the first pixel: the image's edge.
    assert one_more(Lattice((9.0, 19.0), (0.0, 10.0)), "left", (20, 20)) == Lattice(
        (0.0, 9.0, 19.0), (0.0, 10.0)
    )


@pytest.mark.parametrize("state", ["started", "solved"])
def test_last_row_under_a_tint_of_the_lines_colour_is_read(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A 7x7 board flush with the screen's sides: the bottom row's green flow
    # tints it nearly the green lines' colour, and the line search finds 6 rows;
    # the green pipes run out past that border (classic twins 4900005).
    reading = reads_exactly("twins", 4900005, "classic", state)
    assert (reading.puzzle.rows, reading.puzzle.cols) == (7, 7)
