"""A hexagonal board whose piece took in clutter beside it: once the clutter is left out, the
lattice is placed again on the board's own hexagons, and none of its hexagons is lost to a
fit the clutter pulled off its lines. Likewise a lattice placed on a part of the board, the
rest joined after, is placed again on it all."""

from __future__ import annotations

from collections.abc import Callable

import pytest

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


@pytest.mark.parametrize(("seed", "state"), [(11500007, "started"), (11400003, "solved")])
def test_a_lattice_placed_on_part_of_a_board_is_placed_again_on_it_all(
    reads_exactly: ReadsExactly, seed: int, state: str
) -> None:
    # Flows' tints hid most of a small board's lines from the brightest channel: its lattice
    # was placed on the rest (53 of 204 hexagons; 12 of 140) and strayed across the board
    # (its top row 0.37 px low, where the image's edge cut the outline, measured then
    # thinner than the lattice said it shows; 1.2 px off), refused as cut off.
    reads_exactly("tiny_cells", seed, "hex", state)


def test_the_board_placed_again_is_the_piece_holding_the_board_so_far(
    reads_exactly: ReadsExactly,
) -> None:
    # A spreadsheet's rows beside a small shaped board in a mirror window closed 56
    # hexagons onto it (88 found, its own 32): left out as blank, they joined the board
    # again on the lattice placed again, and the piece holding most of the hexagons first
    # found was the sheet's, 48 hexagons read as the board ("the board's outline looks like
    # the lines between its hexagons").
    reads_exactly("colour_blind", 12300014, "hex", "unsolved")
