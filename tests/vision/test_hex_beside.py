"""What lies beside a hex board: hexagons a page's ruled grid closes past its outline,
left out (``_hex_beyond``) and the board alone measured again (``_hex_reader._inked_board``);
a finished board's flows, no copy of its dots, and letters' counters, no dots (``_hex_alone``)."""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.models import Cell, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._dots_apart import counters

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_spreadsheet_beside_a_small_board_leaves_its_dots_hexagons_in() -> None:
    # Synthetic hex colour_blind 4800000 unsolved: a spreadsheet's ruled grid beside a
    # small mirrored hex board closed 78 hexagons onto it. Judged with the board, the
    # grid's set the typical widths, and the hexagons of the board's dots were left out
    # as blank: their sides left as the outline, it looked like the thin lines
    # ("the board's outline looks like the lines between its hexagons"). Joined to the
    # board with the hexagons glow hid, until none is added, its 120 hexagons outnumber
    # the board's 43: the board's piece is the one holding the hexagons found first.
    shot = sample("colour_blind", 4800000, "hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_a_hexagon_a_third_on_a_page_beside_a_finished_board_is_left_out(
    reads_exactly: ReadsExactly,
) -> None:
    # Synthetic hex JPEG 5000011 solved: the board's outline closed a hexagon past it, a
    # third on a text page's white, the rest on the phone window's black edge (2 of its 6
    # places foreign). Kept, its text lit the only hexagon no pipe crossed, and the
    # board's lattice was passed over as one holding lines inside its hexagons.
    reads_exactly("jpeg", 5000011, "hex", "solved")


def test_a_finished_boards_preview_is_never_read_for_the_board() -> None:
    # Synthetic hex preview 4800001 solved: the finished board was not found and its
    # screenshot preview was read, 19 pitches off the board: a drag would miss it.
    # The board's flows outside the preview are no smaller copy of its dots ("two
    # boards"). Drawn with its cells' tints meeting as the game's do, the board itself was
    # found and refused (a wall by a dot's rim measured thin); its lattice placed again on
    # the whole board (placed on 41 of its 93 hexagons), it is read, where it lies.
    shot = sample("preview", 4800001, "hex", "solved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.as_drawn().canonical()
    for cell in (Cell(0, 0), Cell(shot.geometry.rows - 1, shot.geometry.cols - 1)):
        apart = math.dist(reading.geometry.centre(cell), shot.geometry.centre(cell))
        assert apart < 0.05 * shot.geometry.cell_size


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_a_titles_letters_and_an_ads_button_are_no_finished_flows(state: str) -> None:
    # Synthetic hex JPEG 5400008: JPEG's blocks made blobs with two 4 px "ends" of a
    # title's letter, an ad's button and its logo, three pairs, taken for a finished
    # board's flows beside the 11x11 board (40 px dots): "two boards on the screen".
    # Ends smaller than any readable board's dots are left out, as discs are.
    shot = sample("jpeg", 5400008, "hex", state)
    truth = shot.puzzle if state == "unsolved" else shot.puzzle.as_drawn()
    assert read_board(shot.image).puzzle.canonical() == truth.canonical()


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_letters_counters_are_no_dots_beside_a_board(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # Synthetic hex colour-blind 12500008 (a held-out seed): the hole of the counts' "6" and
    # "o" over orange glow, and of an advert's "o"s over its blue panel, round discs of one
    # size in pairs, were taken for another board's dots ("two boards on the screen").
    reads_exactly("colour_blind", 12500008, "hex", state)


def test_a_disc_ringed_by_a_letters_stroke_is_a_counter() -> None:
    # On a blue panel: a disc of the panel's blue inside a white "o" 3 px thick (a counter),
    # a red dot on a dark ground, and a red dot a white pipe runs past on one side.
    image = np.zeros((60, 180, 3), np.uint8)
    image[:, :60] = (30, 60, 120)
    cv2.circle(image, (30, 30), 10, (255, 255, 255), 3, cv2.LINE_AA)
    cv2.circle(image, (90, 30), 9, (230, 40, 30), -1, cv2.LINE_AA)
    image[20:40, 161:170] = (255, 255, 255)
    cv2.circle(image, (150, 30), 9, (230, 40, 30), -1, cv2.LINE_AA)
    discs = np.array([[30.0, 30.0, 17.0], [90.0, 30.0, 18.0], [150.0, 30.0, 18.0]])
    assert counters(image, discs).tolist() == [True, False, False]
