"""Empty cells whose ring lies on wide lines and the outline: the ground, not a pipe.

The game draws its lines a fixed width, the outline twice as wide: on a big board of
small cells they take up to a fifth of the pitch, and a corner cell's ring lies on the
outline and the lines more than on the ground. Its ground core then stood out from the
ring as a dot does and, running out to the cell's edge, was refused as a pipe. The
bridge tiles there meet the wide lines on every side, the ground only past them.
A browser's zoom blurs the lines onto the rings of the cells inside the board too.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

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


@pytest.mark.parametrize("state", ["unsolved", "solved"])
def test_empty_cells_inside_a_board_lit_by_zoom_blurred_lines_read(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A 7x8 walled board of 25 px cells zoomed out in a web page, its lines a fifth of a
    # pitch wide once blurred: the empty cells inside stood 15-25 Lab off their rings
    # (the empty contrast 20), "cannot tell whether cell (1, 2) holds a dot"; started, a
    # few of them walled off by pipes from every empty cell read; a cyan dot in a corner,
    # the outline on half its ring, judged by its sectors facing the board. (Started, read
    # exactly while tints overlapped their neighbours by a pixel; with the tints meeting
    # as the game's do, refused: "cell (0, 5) holds something that is neither a dot nor
    # empty", an empty cell beside a pipe's end under the outline.)
    reads_exactly("zoomed", 6800000, "walls", state)


PITCH, SIZE, AT = 25, 5, 20


def _zoomed_board(
    dots: dict[tuple[int, int], tuple[int, int, int]],
) -> tuple[np.ndarray, BoardGeometry]:
    """A 5x5 board of 25 px cells on black, its lines 5 px wide and blurred as a browser's
    zoom blurs them (their skirts on every cell's ring), ``dots`` drawn in their cells."""
    image = np.zeros((2 * AT + SIZE * PITCH, 2 * AT + SIZE * PITCH, 3), np.uint8)
    at = [AT + PITCH * k for k in range(SIZE + 1)]
    for x in at:
        image[at[0] - 2 : at[-1] + 3, x - 2 : x + 3] = (70, 110, 70)
        image[x - 2 : x + 3, at[0] - 2 : at[-1] + 3] = (70, 110, 70)
    for (r, c), colour in dots.items():
        centre = (at[c] + PITCH // 2, at[r] + PITCH // 2)
        cv2.circle(image, centre, int(0.36 * PITCH), colour, -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 1.5)
    return image, BoardGeometry(tuple(map(float, at)), tuple(map(float, at)))


def _lit(image: np.ndarray, geometry: BoardGeometry, candidates: np.ndarray) -> np.ndarray:
    """``lit_ground`` of ``candidates``, the board's border cells read empty."""
    empty = np.ones(candidates.shape, bool)
    empty[1:-1, 1:-1] = False
    return lit_ground(sample_cells(image, geometry), image, geometry, candidates, empty)


def test_cells_inside_the_board_ringed_by_blurred_lines_are_the_ground() -> None:
    image, geometry = _zoomed_board({(2, 2): (0, 30, 90)})
    samples = sample_cells(image, geometry)
    # Every cell stands out from its ring as much as a dot (the blurred lines on it).
    assert (delta_e(samples.core_lab, samples.ring_lab) > 30).all()
    inner = np.zeros((SIZE, SIZE), bool)
    inner[1:-1, 1:-1] = True
    lit = _lit(image, geometry, inner)
    # The dark dot (its core 14 L* off black) leaves its corners to the ground.
    dot = np.zeros((SIZE, SIZE), bool)
    dot[2, 2] = True
    assert (lit == inner & ~dot).all()


def test_ground_cells_walled_off_from_every_empty_cell_read_are_the_ground_too() -> None:
    # A ring of dots round the middle cell: no cell beside it is read empty.
    ring = {(r, c): (200, 40, 40) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) != (2, 2)}
    image, geometry = _zoomed_board(ring)
    inner = np.zeros((SIZE, SIZE), bool)
    inner[1:-1, 1:-1] = True
    middle = np.zeros((SIZE, SIZE), bool)
    middle[2, 2] = True
    assert (_lit(image, geometry, inner) == middle).all()


def test_a_cell_whose_ground_no_empty_cell_shows_is_not_the_ground() -> None:
    # The middle cell filled with a dark grey no cell read empty shows: a tile.
    image, geometry = _zoomed_board({})
    centre = AT + 2 * PITCH + PITCH // 2
    image[centre - 9 : centre + 10, centre - 9 : centre + 10] = (40, 40, 40)
    inner = np.zeros((SIZE, SIZE), bool)
    inner[1:-1, 1:-1] = True
    lit = _lit(image, geometry, inner)
    assert not lit[2, 2]
    assert lit.sum() == 8
