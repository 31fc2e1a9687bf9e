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


def test_a_board_whose_clutter_has_no_ink_keeps_its_bottom_row(
    reads_exactly: ReadsExactly,
) -> None:
    # A spreadsheet's grid beside a mirrored phone closed 27 hexagons onto the board (of 51
    # found), left out for the sides of no ink they have (not past the outline): the
    # lattice fitted to both lay 2.5 px off the board's bottom sides, past where the peak
    # share looks with pipes drawn, and the hexagons there were left out as blank (refused
    # before).
    for state in ("started", "solved"):
        reads_exactly("drift", 10300013, "hex", state)
