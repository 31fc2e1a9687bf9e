"""Hexagonal boards with pipes drawn where glow is brighter than the lines in a colour channel
(``_hex_faces.FacedInks._own_colour``), and pipes into lettered dots (``_hex_pipes.lettered_of``).

Synthetic shots of development seeds (300000-400000), and drawn lines.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import line_level
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_pipes import lettered_of, pipe_bands

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

#: The game's green lines, and a purple glow brighter than them in red and blue.
LINE = (66, 107, 65)
GLOW = (95, 54, 68)
GROUND = (20, 22, 24)


def _lines(glow: bool) -> tuple[np.ndarray, np.ndarray]:
    """Flat lines 3 px wide, 40 px apart, over the ground (the right half under soft
    ``glow``), and the sides along them: each line's left and right halves."""
    ground = np.zeros((240, 240, 3)) + GROUND
    if glow:
        # soft, as the game's glow, brightest round the right half's middle, and
        # rippled (its faint bands): the top-hat keeps a ripple beside a line
        ys, xs = np.mgrid[:240, :240]
        fall = np.exp(-((xs - 180.0) ** 2 + (ys - 120.0) ** 2) / (2 * 60.0**2))
        fall = (fall * (1 + 0.15 * np.sin(2 * np.pi * ys / 9)))[..., None]
        ground = ground + fall * (np.array(GLOW) - GROUND) / fall.max()
    image = np.rint(ground).astype(np.uint8)
    sides = []
    for y in range(20, 240, 40):
        image[y - 1 : y + 2] = LINE
        sides += [[(10.0, y), (110.0, y)], [(130.0, y), (230.0, y)]]
    return image, np.array(sides, np.float64)


def test_the_lines_level_under_brighter_glow_is_their_own() -> None:
    # The top-hat keeps no line darker than its ground: its level there is the glow's,
    # and the lines' colour then no mix of the ground and itself.
    image, sides = _lines(glow=True)
    faced = FacedInks(image, 40.0, 10.0)
    levels, _ = faced.looks(sides, 4.8)
    assert abs(levels[0] - LINE[0]) <= 2
    assert abs(levels[2] - LINE[2]) <= 2
    assert abs(levels[1] - LINE[1]) <= 2


def test_lines_above_their_ground_keep_the_top_hats_level() -> None:
    image, sides = _lines(glow=False)
    faced = FacedInks(image, 40.0, 10.0)
    levels, _ = faced.looks(sides, 4.8)
    expected = [line_level(lines.sides(sides, 4.8, inked=False)) for lines in faced.maps]
    assert levels == expected


@pytest.mark.parametrize(
    ("seed", "what"),
    [
        # green lines under a purple glow: their level in red and blue the glow's, the
        # lines' colour's share of them 0, three hexagons left out as showing no ink
        (300048, "glow brighter than the lines in red and blue"),
        # a blue pipe into an N: the letter's corners, blurred into the rim, left three
        # of 16 angles short of the disc's colour; the side it crosses taken for a line
        # of no ink, its two hexagons left out
        (300052, "a pipe into a lettered dot"),
    ],
)
def test_colour_blind_hexagonal_boards_are_read_exactly(
    reads_exactly: ReadsExactly, seed: int, what: str
) -> None:
    # ``what`` names what each shot once showed (in the test's id).
    reads_exactly("colour_blind", seed, "hex", "started")


#: Colour-blind 300052 started: a blue pipe from the hexagon above into the N dot's.
PITCH = 32.71
ABOVE, DOT = (1083.53, 568.23), (1083.53, 600.94)


def test_a_pipe_into_a_lettered_dot_crosses_its_side() -> None:
    image = sample("colour_blind", 300052, "hex", "started").image
    _, found = pipe_bands(image, np.array([[ABOVE, DOT]]), PITCH, 30.0)
    assert found.all()


def test_a_lettered_dot_of_another_colour_is_no_pipes_end() -> None:
    image = sample("colour_blind", 300052, "hex", "started").image
    band, _ = pipe_bands(image, np.array([[ABOVE, DOT]]), PITCH, 30.0)
    centres = np.array([DOT])
    assert lettered_of(image, centres, PITCH, band).all()
    # the same disc asked for a red pipe's end: not its colour
    red = np.array([[53.0, 80.0, 67.0]])
    assert not lettered_of(image, centres, PITCH, red).any()
    # the hexagon above (a pipe's bend, no dot) holds no lettered disc
    assert not lettered_of(image, np.array([ABOVE]), PITCH, band).any()


def test_the_lines_colour_under_jpeg_beside_light_tints_is_their_own(
    reads_exactly: ReadsExactly,
) -> None:
    # JPEG keeps the colours at half resolution and runs a white flow's light tint (lit by
    # glow) into the lines beside it: the top-hat's brightest tenth was the tint's, (135,
    # 107, 109) against the lines' own (125, 97, 70); eight hexagons whose lines there lay
    # off every mix of the ground and that colour were left out as of no ink, and the
    # board refused as cut off. Synthetic hex crop 3900015 solved (JPEG 77).
    reads_exactly("crop", 3900015, "hex", "solved")


@pytest.mark.parametrize(
    ("seed", "what"),
    [
        # an orange glow over green lines: the outline beside a green dot 0.42-0.73 px in
        # each side's clearest channel, thin lines 0.87-0.90 (JPEG runs the glow's colour
        # into the line, which stands out from it by its hue alone)
        (5500003, "an orange glow over the outline's corner"),
        # a yellow glow by two holes: an outline side 0.91 px against thin lines 1.14
        (5500005, "a yellow glow by two holes"),
    ],
)
def test_walls_under_glow_as_light_as_the_lines_are_never_guessed(seed: int, what: str) -> None:
    # Under such glow the outline measures as thin as the lines, and a wall would too: the
    # board is refused for its walls (read exactly would do as well; a wrong wall never).
    shot = sample("jpeg", seed, "hex", "unsolved")
    doubt: UnsureReadingError | None = None
    try:
        reading = read_board(shot.image)
    except UnsureReadingError as refused:
        doubt = refused
    if doubt is not None:
        assert "wall or not" in str(doubt), what
    else:
        assert reading.puzzle.canonical() == shot.puzzle.as_drawn().canonical(), what


def test_unpiped_walls_under_glow_are_read_by_the_lines_colours_shares(
    reads_exactly: ReadsExactly,
) -> None:
    # An orange glow over green lines lifts the ground beside them towards their level: the
    # lead measured the outline there 1.14-1.72 px against thin lines up to 1.13 (no clear
    # gap); the lines' colour's shares, each pixel over its own side's ground, fall in clear
    # groups (gaps 0.52-0.78) and read the board exactly (``_hex_unpiped_shares``).
    reads_exactly("jpeg", 5500003, "hex", "unsolved")
