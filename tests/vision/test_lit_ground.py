"""Empty cells whose ring lies on wide lines and the outline: the ground, not a pipe (session 38).

The game draws its lines a fixed width, the outline twice as wide: on a big board of
small cells they take up to a fifth of the pitch, and a corner cell's ring lies on the
outline and the lines more than on the ground. Its ground core then stood out from the
ring as a dot does and, running out to the cell's edge, was refused as a pipe. The
bridge tiles there meet the wide lines on every side, the ground only past them.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._bridges import find_bridges
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._lit_ground import lit_ground
from tests.vision.conftest import ReadsExactly


def test_a_big_bridges_board_of_small_cells_reads() -> None:
    # 12x16 board of 28 px cells, lines 4.7 px, the outline 9.3: its empty corner
    # cells were refused as "the colour at cell (0, 0) runs out to its edge".
    shot = sample("rectangular", 4300003, "bridges", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_tiles_meeting_wide_lines_on_every_side_are_bridges() -> None:
    shot = sample("rectangular", 4300003, "bridges", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    found = find_bridges(shot.image, geometry, sample_cells(shot.image, geometry))
    assert found == set(shot.puzzle.bridges)


def _board() -> tuple[np.ndarray, BoardGeometry]:
    """A 6x6 board of 28 px cells on black, lines 5 px wide, the outline 10 (as the game
    draws a 12x16 board on a phone); a dark purple pipe from (0, 3) ending in the corner
    cell (0, 5), a dark purple disc in the corner cell (5, 5)."""
    pitch, size, left = 28, 6, 20
    at = [left + pitch * k for k in range(size + 1)]
    image = np.zeros((left * 2 + pitch * size, left * 2 + pitch * size, 3), np.uint8)
    for x in at[1:-1]:
        image[at[0] : at[-1], x - 2 : x + 3] = (116, 104, 115)
        image[x - 2 : x + 3, at[0] : at[-1]] = (116, 104, 115)
    for x in (at[0], at[-1]):
        image[at[0] - 5 : at[-1] + 5, x - 5 : x + 5] = (254, 228, 252)
        image[x - 5 : x + 5, at[0] - 5 : at[-1] + 5] = (254, 228, 252)
    dark = (20, 0, 20)  # 11.7 Lab off black: the game's darkest flows
    half = pitch // 2
    cv2.line(image, (at[3] + half, at[0] + half), (at[5] + half, at[0] + half), dark, 10)
    cv2.circle(image, (at[5] + half, at[5] + half), round(0.37 * pitch), dark, -1)
    geometry = BoardGeometry(tuple(map(float, at)), tuple(map(float, at)))
    return image, geometry


def test_the_ground_lit_round_its_edge_is_told_from_a_dark_pipe_or_dot() -> None:
    image, geometry = _board()
    samples = sample_cells(image, geometry)
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    strong = contrast >= 30  # as strong as a dot against their rings
    pipe_end, disc = Cell(0, 5), Cell(5, 5)
    assert strong[[0, 0, 5], [0, 5, 5]].all()
    lit = lit_ground(samples, image, geometry, strong, contrast <= 20)
    # The empty cells on the outline are the ground; the pipe's end and the disc, both
    # within NEAR of the black cores beside them, leave their cells' corners to it.
    ground = strong.copy()
    ground[pipe_end] = ground[disc] = False
    assert (lit == ground).all()


def test_empty_border_cells_lit_by_zoom_blurred_lines_read(reads_exactly: ReadsExactly) -> None:
    # A 10x8 board of 25 px cells zoomed in a web page: the blur runs the lines into
    # the corner cells' corners at 0.34 pitch (7.5 Lab off the black core), and three
    # corner cells stand out from their rings at 28-29 Lab, between empty and a dot:
    # refused as "the colour at cell (7, 9) runs out to its edge", then "cannot tell
    # whether cell (0, 0) holds a dot".
    reads_exactly("zoomed", 5900005, "bridges", "unsolved")
