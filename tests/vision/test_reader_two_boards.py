"""Two boards on one screen: which one to play is a guess, so the reading is refused."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Puzzle
from flowbot.render import RenderStyle, render_board
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._dots_apart import other_dots


@pytest.mark.parametrize("seed", [0, 1])
def test_two_boards_side_by_side_are_refused(seed: int) -> None:
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("flow_two_boards", seed).image)


@pytest.mark.parametrize("seed", [50027, 50037])
def test_another_board_found_with_a_column_too_many_still_counts(seed: int) -> None:
    # The other board's grid runs a column on into the window beside it: that
    # column's cells (text, a window's edge) make it unreadable as a whole,
    # yet its many flat, round dots show it is a board.
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("flow_two_boards", seed).image)


def test_a_hexagonal_board_beside_a_square_one_is_another_board() -> None:
    # A hexagonal board draws no square grid for the look around the dots outside
    # the square board read: it was read as the only board (a wrong puzzle).
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("variant_two_boards", 700004).image)


def test_a_small_square_board_beside_a_hexagonal_one_is_another_board() -> None:
    # A 5x8 walled board beside the hexagonal board read: its dots beside its light
    # outline and walls ran into them at the cheap look's scale, one pair of round
    # discs left where the hexagonal reader's own look asks for two (read, a wrong
    # puzzle). The square board's grid is looked for as beside a square board; its
    # dots are no smaller copy of the hexagonal board's (the board's preview's grid,
    # found round its hexagons, is: test_reader_preview, hex preview 3600005).
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("variant_two_boards", 5700001).image)


def test_a_board_found_in_pieces_is_no_two_boards() -> None:
    # A glow band hides four columns of a 12x15 board's lines at 1/4 scale:
    # its left and right parts are found as two grids holding dots. Full
    # resolution finds it whole, and it takes in both: one board, read.
    shot = sample("mirror", 75143)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


# A 7x7 board with bold lines, found at the search's 1/4 scale, and beside it
# a 6x6 board whose 1 px dim lines fade there: only its dots stand out.
_BOLD = Puzzle.from_grid(
    ["A.B.C..", ".......", "..D....", "A.....B", "...E...", "C..D...", "......E"]
)
_FAINT = Puzzle.from_grid(["A....B", "..C...", "......", ".D..A.", "......", "B.C..D"])


def _desktop(faint_lines: tuple[int, int, int]) -> np.ndarray:
    image = np.zeros((1440, 2560, 3), np.uint8)
    bold = render_board(
        _BOLD, cell_px=60, style=RenderStyle(line_colour=(150, 150, 150), line_width=0.05)
    )
    image[200 : 200 + bold.shape[0], 1400 : 1400 + bold.shape[1]] = bold
    faint = render_board(
        _FAINT, cell_px=28, style=RenderStyle(line_colour=faint_lines, line_width=0.01)
    )
    image[300 : 300 + faint.shape[0], 600 : 600 + faint.shape[1]] = faint
    return image


def test_another_board_whose_lines_fade_when_shrunk_is_refused() -> None:
    # Its pairs of dots outside the board read send a close look there.
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(_desktop(faint_lines=(70, 70, 70)))


def test_another_board_whose_lines_show_only_at_a_lower_contrast_is_refused() -> None:
    # Lines one sixth as bright (a step of 6 over the ground, under the search's
    # 10): the second look round the dots outside, at a lower contrast, finds them.
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(_desktop(faint_lines=(12, 12, 12)))


def test_a_screenshot_preview_of_another_level_with_faint_lines_is_another_board() -> None:
    # The OS's preview of a 5x5 level in other colours beside the board: its
    # grid, scaled down, shows only at a line contrast of 3 (it was read).
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("flow_other_preview", 5500004).image)


def test_pairs_of_dots_on_no_grid_are_no_second_board() -> None:
    # The same dots with no lines (icons, a picture): the board is read.
    assert read_board(_desktop(faint_lines=(0, 0, 0))).puzzle == _BOLD.canonical()


def test_a_row_of_like_discs_is_no_pairs_of_dots() -> None:
    # Four discs of one colour and size (icons in a row, a lamp's rays) are
    # no board's pairs: each colour of a board is drawn exactly twice.
    image = np.zeros((1440, 2560, 3), np.uint8)
    board = BoardGeometry.uniform(left=1400, top=200, width=420, height=420, rows=7, cols=7)
    for k, colour in enumerate([(230, 50, 40)] * 4 + [(40, 60, 240)] * 4):
        cv2.circle(image, (200 + 60 * k, 1000), 12, colour, -1)
    assert other_dots(image, board, step=4, min_side=60) is None
    image[:, :] = 0
    for k, colour in enumerate([(230, 50, 40), (40, 60, 240)] * 2):
        cv2.circle(image, (200 + 60 * k, 1000), 12, colour, -1)
    assert other_dots(image, board, step=4, min_side=60) is not None


@pytest.mark.parametrize("seed", [34, 81165, 82196])
def test_another_board_seen_only_closer_is_refused(seed: int) -> None:
    # 34: a 7x14 board of 27 px cells, dim lines on glow, beside a 13x6 board
    # (1/4 scale); 81165: a 6x6 board beside a 10x9 one on a phone (1/3 scale);
    # 82196: a 13x13 board of 11.7 px cells, too small to read but a board.
    with pytest.raises(UnsureReadingError, match="two boards"):
        read_board(decoy("flow_two_boards", seed).image)
