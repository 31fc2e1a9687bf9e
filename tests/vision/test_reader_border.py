"""Shaped boards (cells left out): a gap in the border or an outlined hole is refused."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.vision import UnsureBoardError, read_board
from flowbot.vision._board_checks import _check_outlined_holes
from flowbot.vision._lattice import Lattice
from flowbot.vision.decoys import decoy


@pytest.mark.parametrize("seed", [0, 5, 22])
def test_a_corner_cell_cut_out_is_a_gap_in_the_border(seed: int) -> None:
    # Every inner edge is still drawn (each borders a present cell); only the
    # cut corner's two outer border edges are missing.
    shot = decoy("flow_holes", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [16, 27, 40])
def test_a_cell_left_out_and_outlined_in_another_colour_is_refused(seed: int) -> None:
    # A 1x1 hole: black like an empty cell, every side present, but each side
    # inside the board drawn in the game's bright outline colour, not the grid's.
    shot = decoy("flow_shaped", seed)
    with pytest.raises(UnsureReadingError):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [7, 30, 43])
def test_a_corner_cut_out_at_the_image_edge_is_a_gap_in_the_border(seed: int) -> None:
    # A tight crop through the border line: the sliver of border along the
    # image's edge shows beside every cell but the one left out.
    shot = decoy("flow_holes", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_gap_in_a_border_the_lattice_places_a_few_pixels_off_is_seen() -> None:
    # A tight crop 4 px past the top border of a 92 px board, one top cell
    # left out: the lattice, its pitch fitted on the inner lines, put that
    # border 2.5 px below the drawn line, where the line map saw nothing
    # along it, and took it for a border hidden all along (read as 8x10).
    shot = decoy("flow_holes", 75195)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_lone_cell_inside_the_board_is_never_a_hole_decoy() -> None:
    # Its neighbours draw its whole outline again: it would be a plain empty
    # cell, a board rightly read. (Seed 81008 drew one before.)
    shot = decoy("flow_holes", 81008)
    with pytest.raises(UnsureReadingError, match=r"border has a gap|grid lines are missing"):
        read_board(shot.image)


def test_a_gap_in_a_border_beside_a_lattice_fitted_on_dark_fringes_is_seen() -> None:
    # Bright 3 px lines on black, cell (0, 1) left out: sought as dark lines,
    # each line shows as two dark fringes beside it, and the lattice fitted
    # on them put the top border 1.5 px (of the 1/3 copy) above the drawn
    # line, where the line filter saw only its edge (12 < 15) all along: a
    # border hidden all along, and the board was read as a plain 5x5.
    shot = decoy("flow_holes", 85016)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_cell_outlined_a_little_lighter_than_thin_lines_is_refused() -> None:
    # 720 px phone, 90 px cells, 1 px lines: the outline (235, 150, 150) and
    # the lines both blend into the black, so the outline's sides lie only
    # 23-26 CIELAB from the lines' median colour (under 25), yet each stands
    # 20 L* lighter than the other edges of its own line.
    # Bright and dark again beside it, the outline passes for a wall too; the
    # outline check alone must still see it.
    shot = decoy("flow_shaped", 88145)
    with pytest.raises(
        UnsureBoardError, match=r"outlined in another colour|drawn as walls"
    ) as found:
        read_board(shot.image)
    board = found.value.geometry
    with pytest.raises(UnsureReadingError, match="outlined in another colour"):
        _check_outlined_holes(Lattice(board.xs, board.ys), shot.image, 1)
