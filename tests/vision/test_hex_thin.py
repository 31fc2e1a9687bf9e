"""A solutions site's hexagonal boards: every side drawn as thin as the lines, so walls are not
drawn; the board is its hexagons, read without walls and said so, and the ground must show
all round it (a board cut off or a flow left unread is refused, never read smaller)."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.formats import read_puzzles
from flowbot.vision import load_image, read_board
from flowbot.vision._hex_thin import WALLS_UNSEEN
from flowbot.vision._pipes import ALREADY_SOLVED

SHARED = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
SITE = SHARED / "variants"
needs_site = pytest.mark.skipif(not SITE.is_dir(), reason="the site's images are not here")


@needs_site
@pytest.mark.parametrize("png", ["hexes/1.png", "party/11.png", "party/13.png"])
def test_a_thin_outlined_hex_board_is_read_without_walls_and_says_so(png: str) -> None:
    # party 11, 13: flows bending sharply (60 degrees, ``_hex_bends``), their hexagons
    # not left out as holes.
    path = SITE / png
    [level] = read_puzzles(path.with_suffix(".txt"), "levelpack")
    reading = read_board(load_image(path))
    got, want = reading.puzzle.canonical(), level.puzzle.canonical()
    assert (got.rows, got.cols, got.shape) == (want.rows, want.cols, want.shape)
    assert {(p.a, p.b) for p in got.pairs} == {(p.a, p.b) for p in want.pairs}
    assert not got.walls
    assert got.holes <= want.holes
    assert WALLS_UNSEEN in reading.notes
    assert ALREADY_SOLVED in reading.notes


@needs_site
def test_a_thin_outlined_hex_board_cut_by_the_images_edge_is_refused() -> None:
    image = load_image(SITE / "hexes" / "1.png")
    # The leftmost column of hexagons cut through: the rest is no board of its own.
    with pytest.raises(VisionError):
        read_board(np.ascontiguousarray(image[:, 40:]))


@needs_site
def test_colour_in_a_hexagon_left_out_of_a_thin_outlined_board_is_refused() -> None:
    image = load_image(SITE / "hexes" / "1.png").copy()
    # A disc of a flow's colour in the hexagon left out above the board's top
    # (its centre 65 px above the top cell's, at x 159): a flow unread there.
    yy, xx = np.mgrid[: image.shape[0], : image.shape[1]]
    image[(xx - 159) ** 2 + (yy - 98) ** 2 <= 14**2] = (252, 14, 27)
    with pytest.raises(VisionError, match="left out of the board"):
        read_board(image)


@needs_site
def test_a_line_running_on_past_a_thin_outline_is_refused() -> None:
    image = load_image(SITE / "hexes" / "1.png").copy()
    # The lattice's side out from the top hexagon's upper left corner drawn, as
    # where the board goes on under something laid over it.
    cv2.line(image, (140, 131), (121, 98), (57, 80, 103), 1, cv2.LINE_AA)
    with pytest.raises(VisionError, match="runs on past the board's outline"):
        read_board(image)
