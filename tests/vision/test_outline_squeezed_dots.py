"""A dot squeezed between the thick outline's sides in a small cell (session 37).

The outline reaches a fifth of a pitch into the cells beside it; a dot in a
cell outlined on three sides fills the cell from side to side. Its colour was
the median along each outline side, the "ground" carried over the outline's
band: the disc was squared off into a tile. Its ring's sector facing the
board lies on the line's blurred skirt there, as every small cell's does.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cell_background import _ground_within_outline
from flowbot.vision._outline_reach import outline_off
from flowbot.vision._types import Features


def test_a_dot_squeezed_against_the_outline_reads() -> None:
    # 15x15 board of 25.6 px cells with holes and warps: a dot 18.5 px wide between
    # outline sides 18 px apart, refused as "neither a dot nor empty" before.
    shot = sample("twins", 4100002, "warps", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def _board_with_a_squeezed_dot() -> tuple[np.ndarray, BoardGeometry, tuple[int, int]]:
    """A 5x5 board of 30 px cells, its frame 9 px wide, a dot of 0.37 pitch in its
    top left corner cell; blurred. Returns the image, its lattice, the dot's centre."""
    pitch, size = 30, 5
    image = np.zeros((200, 200, 3), np.uint8)
    at = [20 + pitch * k for k in range(size + 1)]
    for x in at[1:-1]:
        image[at[0] : at[-1], x] = (110, 90, 60)
        image[x, at[0] : at[-1]] = (110, 90, 60)
    for x in (at[0], at[-1]):
        image[at[0] - 4 : at[-1] + 5, x - 4 : x + 5] = (245, 150, 150)
        image[x - 4 : x + 5, at[0] - 4 : at[-1] + 5] = (245, 150, 150)
    centre = (at[0] + pitch // 2, at[0] + pitch // 2)
    cv2.circle(image, centre, round(0.37 * pitch), (200, 60, 60), -1)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    geometry = BoardGeometry(tuple(float(x) for x in at), tuple(float(y) for y in at))
    return image, geometry, centre


def test_a_dot_covering_most_of_an_outline_side_is_not_carried_over_its_band() -> None:
    image, geometry, (x, y) = _board_with_a_squeezed_dot()
    shown = outline_off(image, geometry, Features())
    assert shown is not image
    # Beside the dot, in the outline's band: not the dot's colour carried out to the
    # line (the dot squared off), but as drawn.
    band = x - 12  # 3 px in from the frame's middle, in its band
    assert (shown[y, band] == image[y, band]).all()
    # Along the same side past the dot's reach, the band shows the ground again.
    assert image[y + 12, band].max() > 100
    assert shown[y + 12, band].max() < 20


def test_a_small_dot_outlined_on_three_sides_is_judged_against_its_neighbours_sectors() -> None:
    # Dot (1, 0) between two holes; its sector facing (1, 1) lies on the line's skirt
    # (34 L*), as (1, 1)'s own right sector does (25); (1, 1)'s ring is black.
    line_skirt, neighbour_skirt = [34.4, 23.2, 10.3], [24.9, 18.1, 7.9]
    outline = [72.8, 39.8, 17.4]
    is_hole = np.zeros((3, 2), bool)
    is_hole[0, 0] = is_hole[2, 0] = True
    bare = ~is_hole
    bare[1, 0] = False  # the dot
    sectors = np.zeros((3, 2, 4, 3))
    sectors[1, 0] = [line_skirt, outline, outline, outline]  # right, down, left, up
    sectors[1, 1, 0] = neighbour_skirt
    ground_beside = np.zeros(3)
    assert not _ground_within_outline(sectors, is_hole, Cell(1, 0), ground_beside)
    assert _ground_within_outline(sectors, is_hole, Cell(1, 0), ground_beside, bare=bare)
    # A card's light ground facing the board is unlike both.
    sectors[1, 0, 0] = [85.0, 5.0, 5.0]
    assert not _ground_within_outline(sectors, is_hole, Cell(1, 0), ground_beside, bare=bare)
