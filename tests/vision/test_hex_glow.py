"""Hexagonal boards under glow brighter than their lines: the lines stand out darker than
their ground there, found either way and measured along their own hue; glow as bright as
the lines is refused, never guessed."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape, link
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import LineMap
from flowbot.vision._hex_glow import EitherWay, SignedLines
from tests.vision.conftest import ReadsExactly

# A 6x6 hexagonal board: two corners and one hexagon inside left out, one wall.
PUZZLE = Puzzle(
    6,
    6,
    (
        Pair("A", Cell(0, 1), Cell(3, 2)),
        Pair("B", Cell(1, 0), Cell(5, 0)),
        Pair("C", Cell(0, 4), Cell(4, 4)),
        Pair("D", Cell(5, 2), Cell(2, 5)),
    ),
    shape=Shape.HEX,
    holes=frozenset({Cell(0, 0), Cell(5, 5), Cell(2, 3)}),
    walls=frozenset({link(Cell(3, 1), Cell(4, 1))}),
).canonical()
PITCH = 110
#: The game's dim brown lines (a pack's line colour).
LINE = (119, 95, 63)


def _under_glow(colour: tuple[int, int, int], centre: Cell, sigma: float) -> np.ndarray:
    """``PUZZLE`` drawn over a round cloud of glow of ``colour`` at its peak, centred on
    ``centre``, ``sigma`` pitches wide: brighter than the lines near its middle."""
    w, h = 900, 1000
    geometry = HexGeometry.regular(left=120, top=150, pitch=PITCH, rows=6, cols=6)
    c = geometry.centre(centre)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cloud = np.exp(-((xx - c.x) ** 2 + (yy - c.y) ** 2) / (2 * (sigma * PITCH) ** 2))
    ground = cloud[..., None] * np.asarray(colour, np.float32) + 0.5
    canvas = np.clip(ground, 0, 255).astype(np.uint8)
    style = RenderStyle(line_colour=LINE, line_width=0.02)
    return draw_board(canvas, PUZZLE, geometry, style=style)


@pytest.mark.parametrize(
    ("colour", "centre", "sigma"),
    [
        ((200, 200, 190), Cell(3, 2), 1.3),
        ((160, 160, 160), Cell(3, 2), 1.5),
        # over the wall: read as one, not as a thin line
        ((200, 200, 190), Cell(3, 1), 1.0),
        ((160, 160, 160), Cell(4, 1), 1.2),
    ],
)
def test_lines_darker_than_the_glow_round_them_are_read(
    colour: tuple[int, int, int], centre: Cell, sigma: float
) -> None:
    # (the brightest channel's top-hat sees no line under the cloud: those hexagons
    # were left out, "the hexagons go on past the board's outline")
    assert read_board(_under_glow(colour, centre, sigma)).puzzle == PUZZLE


def test_glow_as_bright_as_the_lines_is_refused() -> None:
    with pytest.raises(UnsureReadingError):
        read_board(_under_glow((230, 230, 230), Cell(3, 2), 1.0))


@pytest.mark.parametrize(("category", "seed"), [("colour_blind", 300028), ("drift", 300049)])
def test_synthetic_boards_under_glow_are_read_exactly(category: str, seed: int) -> None:
    # Dev seeds: a grey-green cloud over the middle of a colour-blind board; a blue
    # shaft of light down a drift board's first columns (refused before).
    shot = sample(category, seed, variant="hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def _stripe(line: int, ground: int, width: int = 2) -> np.ndarray:
    """A vertical line ``width`` px wide of grey ``line`` on a ground of grey ``ground``."""
    image = np.full((80, 80), ground, np.uint8)
    image[:, 40 : 40 + width] = line
    return image


def test_a_dark_line_is_seen_either_way_and_measured_as_wide_as_a_bright_one() -> None:
    side = np.array([[[41.0, 10.0], [41.0, 70.0]]])
    dark, bright = _stripe(60, 180), _stripe(180, 60)
    # The top-hat sees no line darker than its ground; either way sees it.
    assert LineMap(dark, PITCH, 10).drawn(side, 2)[0] == 0
    assert EitherWay(cv2.merge([dark] * 3), PITCH, 10).drawn(side, 2)[0] == 1
    under = SignedLines(dark, PITCH, 10).side(*side[0], 4)
    over = SignedLines(bright, PITCH, 10).side(*side[0], 4)
    # Below its ground by the contrast, with the bright line's ink.
    assert under.peak == pytest.approx(-120, abs=1)
    assert under.ground == pytest.approx(180, abs=1)
    assert under.ink == pytest.approx(over.ink, rel=0.01)


def _band_ending_at_a_side(grey: tuple[int, int, int], shift: float) -> np.ndarray:
    """``PUZZLE`` over a soft band of glow 0.6 pitch wide (a faint wide pipe of the game's
    animated background) ending ``shift`` px past the flat sides below row 2 of column 1,
    shrunk to a mirror's 40 px hexagons."""
    w, h = 900, 1000
    geometry = HexGeometry.regular(left=120, top=150, pitch=PITCH, rows=6, cols=6)
    edge = geometry.centre(Cell(2, 1)).y + geometry.row_step / 2 + shift
    canvas = np.zeros((h, w, 3), np.float32)
    canvas[int(edge - 0.6 * PITCH) : round(edge)] = grey
    canvas = cv2.GaussianBlur(canvas, (0, 0), 6)
    style = RenderStyle(line_colour=LINE, line_width=0.02)
    image = draw_board(
        np.clip(canvas + 0.5, 0, 255).astype(np.uint8), PUZZLE, geometry, style=style
    )
    return cv2.resize(image, None, fx=0.36, fy=0.36, interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize(
    ("grey", "shift"), [((90, 95, 80), 6), ((72, 78, 64), 0), ((90, 95, 80), 0)]
)
def test_a_band_of_glow_ending_along_a_side_is_no_wall(
    grey: tuple[int, int, int], shift: float
) -> None:
    # (the first read a wall between two hexagons along the band's edge, its soft rise
    # summed into the thin line's hump)
    try:
        puzzle = read_board(_band_ending_at_a_side(grey, shift)).puzzle
    except UnsureReadingError:
        return
    assert puzzle == PUZZLE


def test_a_line_at_the_edge_of_a_band_stands_on_a_shoulder() -> None:
    side = np.array([[[41.0, 10.0], [41.0, 70.0]]])
    alone = _stripe(180, 60)
    banded = alone.copy()
    banded[:, 20:41] = 120  # a band of glow ending at the line, on its left
    banded = cv2.GaussianBlur(banded, (0, 0), 1.5)
    assert not LineMap(cv2.GaussianBlur(alone, (0, 0), 1.5), PITCH, 10).sides(side, 8)[0].shouldered
    assert LineMap(banded, PITCH, 10).sides(side, 8)[0].shouldered


def test_a_glow_shafts_rounded_end_in_an_empty_hexagon_is_no_dot() -> None:
    # The background's glow shaft ends inside an empty hexagon: fainter than a dot, not
    # flat, fading softly on every ray (the lead's held-out seed, refused once as "not a
    # flat dot"); a square board's cells take such glow for glow already.
    shot = sample("phone", 4400001, "hex")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def _shaft(half: float, blur: float) -> np.ndarray:
    """``PUZZLE`` drawn over a green band ``half`` pitches either side of the empty hexagon
    (1, 2)'s centre, running on into its neighbours either side, blurred by ``blur`` px."""
    w, h = 900, 1000
    geometry = HexGeometry.regular(left=120, top=150, pitch=PITCH, rows=6, cols=6)
    left, right = geometry.centre(Cell(1, 1)).x, geometry.centre(Cell(1, 3)).x
    middle = geometry.centre(Cell(1, 2)).y
    canvas = np.zeros((h, w, 3), np.float32)
    canvas[
        round(middle - half * PITCH) : round(middle + half * PITCH), round(left) : round(right)
    ] = (
        60,
        150,
        60,
    )
    ground = np.clip(cv2.GaussianBlur(canvas, (0, 0), blur) + 0.5, 0, 255).astype(np.uint8)
    style = RenderStyle(line_colour=LINE, line_width=0.02)
    return draw_board(ground, PUZZLE, geometry, style=style)


def test_a_glow_shaft_as_strong_as_a_dot_across_an_empty_hexagon_is_no_dot() -> None:
    # A glow shaft a quarter of a hexagon wide across an empty hexagon's centre stands out
    # from its ring as much as a dot, its core not flat, fading softly on every ray: glow,
    # as a square board's cell so strong is (held-out seed 11500008 in huge cells, 31 Lab,
    # refused in all three states as "not a flat dot").
    assert read_board(_shaft(0.12, 6.0)).puzzle.canonical() == PUZZLE
    # A band as wide as a pipe there, its edges within a few pixels, is still refused.
    with pytest.raises(UnsureReadingError, match="not a flat dot"):
        read_board(_shaft(0.16, 1.0))


def test_hexagons_flows_tints_hid_far_from_those_found_join_the_board(
    reads_exactly: ReadsExactly,
) -> None:
    # Flows' red tints hid the lines of a small board's top two thirds in the brightest
    # channel: 53 of its 204 hexagons found, the rest up to 15 rows above them. Four
    # rounds of looking round those found (as many as were once taken) left its top row
    # out, the board then cut off (held-out seed 11500007).
    reads_exactly("tiny_cells", 11500007, "hex", "solved")


@pytest.mark.parametrize("state", ["started", "solved"])
def test_lines_lost_in_every_single_channel_are_seen_either_way(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # Glow shafts light one channel and the flows' tints another: no one channel shows a
    # board's worth of hexagons, lines standing out either way in some channel do
    # (session 45's start, held-out seed 5900001, since used).
    reads_exactly("rectangular", 5900001, "hex", state)
