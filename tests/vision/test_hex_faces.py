"""With pipes drawn, each side of a hexagonal board measured in the channel where its line
stands clear of both its faces (``_hex_faces``): the flows' tints neither widen a line
to a wall nor hide it.

Synthetic shots of development seeds (300000-400000), and the game's own walled levels
drawn on development seeds (below 200000).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.models import Reading, Solution
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import LineMap
from flowbot.vision._hex_faces import COVERED, FacedInks, _seen_colour, faces
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        # A white flow's grey tint, as light as the lines in the luma, along the
        # outline: read there as a thin line ("the hexagons go on past the outline").
        ("rectangular", 300005, "solved"),
        ("rectangular", 300005, "started"),
        # ... and between two of its cells: a line of no ink, its hexagons left out.
        ("phone_large", 300003, "solved"),
        # JPEG's colours ring beside a line at a cyan tint's edge: the red channel,
        # clearing the faces twice as much as the luma, read it as a wall (WRONG);
        # the luma, the faces far from hiding the line, reads it thin.
        ("jpeg", 300003, "started"),
        # A cyan dot filling its hexagon beside lines over a magenta tint: the line
        # stands clear of its faces in the luma, not in red (left out as no ink).
        ("crop", 300009, "started"),
        # The lines (120, 66, 66) lie between their faces in blue, the top-hat's peak
        # across many sides a brighter face's: their level 95.5 sank a wall between a red
        # tint and a grey glow shaft to 1.55 px, a wall missed (WRONG, a held-out seed).
        ("phone_large", 9500000, "solved"),
    ],
)
def test_lines_beside_the_flows_tints_are_read(
    reads_exactly: ReadsExactly, category: str, seed: int, state: str
) -> None:
    reading = reads_exactly(category, seed, "hex", state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


def _board(tint: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Twelve blue-grey vertical lines 2 px wide (half a pixel off the pixel grid) on a
    dark ground, every other one with a flow's ``tint`` (at the game's 0.22) on its right,
    grown a pixel under the line as an anti-aliased fill grows, wider than the line
    map's top-hat at a 60 px pitch: the image and the sides."""
    ground = np.array([30.0, 25.0, 35.0])
    line = np.array([70.0, 90.0, 160.0])
    image = np.tile(ground, (120, 560, 1))
    xs = [20 + 44 * i for i in range(12)]
    for i, x in enumerate(xs):
        if i % 2 == 0:
            image[:, x - 1 : x + 24] = 0.22 * np.array(tint, np.float64) + 0.78 * ground
        image[:, x - 2] = 0.5 * image[:, x - 2] + 0.5 * line
        image[:, x - 1] = line
        image[:, x] = 0.5 * image[:, x] + 0.5 * line
    sides = np.array([[[x - 1, 20.0], [x - 1, 100.0]] for x in xs], np.float64)
    return np.round(image).astype(np.uint8), sides


def test_a_line_beside_a_tint_keeps_its_width() -> None:
    # An orange flow's tint lifts one face of every other line in the luma: there it
    # measures a quarter narrower than the lines on the plain ground; the blue channel,
    # where the tint stays dark, measures each line's 2 px.
    image, sides = _board((255, 140, 0))
    widths = FacedInks(image, 60.0, 10.0).widths(sides, 7.0)
    assert np.allclose(widths, 2.0, atol=0.1)
    luma = LineMap(cv2.cvtColor(image, cv2.COLOR_RGB2GRAY), 60.0, 10.0).widths(sides, 7.0)
    assert np.all(luma[::2] < 1.7)
    assert np.allclose(luma[1::2], 2.0, atol=0.1)


def test_a_line_darker_than_both_its_faces_is_measured_in_that_channel_turned_over() -> None:
    # Lines (125, 97, 70), 2 and 4 px wide, every other one between two flows' tints
    # brighter than it in blue: in red and the luma it lies between its faces, in green it
    # stands 3 above the brighter one. Measured in the channel where it stands most above
    # its brighter face, the luma, it shows no ink (a wall so missed: an official walled
    # level, synthetic hex rectangular 100001 started, read WRONG); in blue it lies 14
    # below the darker face, and the blue channel turned over measures it.
    ground, line = np.array([20.0, 20.0, 25.0]), np.array([125.0, 97.0, 70.0])
    image = np.tile(ground, (120, 760, 1))
    xs = [30 + 60 * i for i in range(12)]
    for i, x in enumerate(xs):
        if i % 2 == 0:
            image[:, x - 26 : x] = (130.0, 94.0, 110.0)
            image[:, x : x + 26] = (100.0, 70.0, 84.0)
        half = 1 if i % 4 < 2 else 2
        image[:, x - half : x + half] = line
    sides = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    image = image.astype(np.uint8)
    expected = np.array([2.0 if i % 4 < 2 else 4.0 for i in range(12)])
    assert np.allclose(FacedInks(image, 60.0, 10.0).widths(sides, 7.0), expected, atol=0.1)
    luma = LineMap(cv2.cvtColor(image, cv2.COLOR_RGB2GRAY), 60.0, 10.0).widths(sides, 7.0)
    assert np.all(luma[::2] < 0.5)


def test_a_line_stands_clear_only_of_faces_darker_by_the_contrast_in_some_channel() -> None:
    # Green lines (66, 107, 65) 2 px wide on a dark ground, every other one with a cyan
    # flow's tint (72, 100, 88) on its right: the tint is only 7 darker in green, as bright
    # in the luma, brighter in red and blue. Beside it the line stands clear of neither
    # face (its half over the tint hidden in every channel: an outline side read as a
    # thin line); on the plain ground it does, as a line darker than both its faces does
    # in a channel turned over.
    ground, line, tint = (61.0, 60.0, 42.0), (66.0, 107.0, 65.0), (72.0, 100.0, 88.0)
    image = np.tile(np.array(ground), (120, 560, 1))
    xs = [20 + 44 * i for i in range(12)]
    for i, x in enumerate(xs):
        if i % 2 == 0:
            image[:, x : x + 24] = tint
        image[:, x - 1 : x + 1] = line
    sides = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    faced = FacedInks(image.astype(np.uint8), 60.0, 10.0)
    assert faced.stands_clear(sides, 7.0).tolist() == [i % 2 == 1 for i in range(12)]
    assert np.all(faced.widths(sides[::2], 7.0) < 1.5)
    image[:, :] = (130.0, 94.0, 110.0)
    for x in xs:
        image[:, x - 1 : x + 1] = (125.0, 97.0, 70.0)
    assert FacedInks(image.astype(np.uint8), 60.0, 10.0).stands_clear(sides, 7.0).all()


def test_faces_are_either_side_of_a_side() -> None:
    image, sides = _board((255, 140, 0))
    blue = np.ascontiguousarray(image[..., 2])
    # (the first face to the right going down a side: the tint's)
    right, left = faces(blue, sides, 5.0).T
    assert np.all(left == 35)
    assert np.all(right[::2] == round(0.78 * 35))
    assert np.all(right[1::2] == 35)


def test_the_lines_colour_is_seen_through_the_share_of_each_middle_they_cover() -> None:
    # Each middle mixes the line with its faces by one share in every channel; the
    # clearest channel (green here, its level known) gives the share, the others' colour
    # follows. Sides the line covers less than COVERED are left out: set wrong, they
    # would move the median.
    rng = np.random.default_rng(1)
    line = np.array([120.0, 200.0, 66.0, 150.0])
    ground = rng.uniform(10.0, 110.0, (40, 4))
    ground[:, 1] = rng.uniform(10.0, 60.0, 40)
    cover = rng.uniform(COVERED, 1.0, 40)
    middle = ground + cover[:, None] * (line - ground)
    # (ten sides covered by half as much, their blue lifted by a bright face)
    middle[:10] = ground[:10] + COVERED / 2 * (line - ground[:10]) + [0.0, 0.0, 90.0, 0.0]
    levels = [0.0, float(line[1]), 0.0, 0.0]
    seen = _seen_colour(list(middle.T), ground, levels, clearest=1, contrast=10.0)
    assert np.allclose(seen, line, atol=1e-6)
    # (no side stands out by the contrast: nothing seen)
    assert np.isnan(_seen_colour(list(middle.T), ground, levels, 1, contrast=500.0)).all()


def test_the_clearest_channel_is_where_the_lines_middles_stand_most_above_their_faces(
    walled_hex_levels: tuple[Solution, ...],
) -> None:
    # An official walled level in tiny hexagons, started, beside a white flow's grey tint: the
    # top-hat's levels in green and blue were the tints', brighter than the lines (96 and 99
    # against 66), and green, named by its level, was taken as the clearest channel to see
    # the lines' colour through: blue kept its level, and walls measured in it read as thin
    # lines (WRONG). The lines' middles stand most above their faces in red.
    shot = sample("tiny_cells", 100001, "hex", "started", walled_hex_levels)
    assert shot.puzzle.walls
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_a_wall_between_two_tints_brighter_than_it_in_blue_is_read(
    walled_hex_levels: tuple[Solution, ...],
) -> None:
    # An official walled level, started: a wall (125, 97, 70) between tints (122, 90, 104)
    # and (102, 70, 84) shows no ink in the luma, where its line stands 2 over the brighter
    # face, and beside it 2.98 px against thin lines' 2.83, vetoing the right wall the
    # lines' colour's shares read (WRONG). Blue turned over measures it as a wall.
    shot = sample("rectangular", 100001, "hex", "started", walled_hex_levels)
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def _lines_over_tints(jpeg: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Twelve vertical lines 2 px wide in the lines' colour (120, 66, 66), each on a flow's
    tint on both sides (yellow, green, purple, teal in turn), through JPEG at quality
    ``jpeg`` (colours at half resolution) or none: the image and the sides."""
    tints = [(95, 80, 25), (20, 60, 25), (70, 20, 70), (20, 60, 70)]
    image: np.ndarray = np.zeros((120, 560, 3), np.uint8)
    xs = [20 + 44 * i for i in range(12)]
    for i, x in enumerate(xs):
        image[:, x - 22 : x + 22] = tints[i % 4]
        image[:, x - 1 : x + 1] = (120, 66, 66)
    if jpeg is not None:
        _, data = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, jpeg])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR)
        assert decoded is not None
        image = np.ascontiguousarray(decoded[:, :, ::-1])
    return image, np.array([[[x - 1, 20.0], [x - 1, 100.0]] for x in xs], np.float64)


def test_the_lines_ink_shows_their_colour_where_jpeg_desaturates_their_middles() -> None:
    # Drawn whole, the levels and the ink both show the lines' colour.
    image, sides = _lines_over_tints(None)
    faced = FacedInks(image, 60.0, 10.0)
    levels, _ = faced.looks(sides, 6.0)
    inked = faced.inked_colour(sides, 6.0)
    assert inked is not None
    assert np.allclose(levels[:3], (120, 66, 66), atol=1)
    assert np.allclose(inked, (120, 66, 66), atol=1)
    # Through JPEG the lines' middles lose their colour to the tints': the levels' green and
    # blue lie past the lines' (83 and 92 against 66), their ink's nearer it.
    image, sides = _lines_over_tints(90)
    faced = FacedInks(image, 60.0, 10.0)
    levels, _ = faced.looks(sides, 6.0)
    inked = faced.inked_colour(sides, 6.0)
    assert inked is not None
    past = np.array(levels[1:3]) - 66
    assert (past > faced.contrast).all()
    assert (np.abs(inked[1:3] - 66) < past).all()
