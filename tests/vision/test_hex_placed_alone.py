"""A hexagonal board whose piece took in clutter beside it: once the clutter is left out, the
lattice is placed again on the board's own hexagons, and none of its hexagons is lost to a
fit the clutter pulled off its lines."""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``tests/vision/conftest.py``).
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_board_beside_a_spreadsheet_keeps_its_far_corner(reads_exactly: ReadsExactly) -> None:
    # A spreadsheet's ruled grid closed hexagons onto the board's outline: the lattice fitted
    # to both (157 hexagons, 117 of them the sheet's) lay 2.4 px or more off the board's far
    # corner, two of its hexagons left out ("the hexagons go on past the board's outline").
    reads_exactly("drift", 5500002, "hex", "started")
