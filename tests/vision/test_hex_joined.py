"""Hexagons joined to the board by a thin line: a dot's hue spilling over a side hides its line
in the brightest channel, not in the channel the widths are measured in; and hexagons a pipe
from the board runs through."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Reading, Shape, link
from flowbot.render import RenderStyle, draw_board
from flowbot.vision import read_board

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

# A 6x6 hexagonal board: corners cut off, one hexagon inside left out, one wall.
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
    holes=frozenset({Cell(0, 0), Cell(5, 5), Cell(0, 5), Cell(2, 3)}),
    walls=frozenset({link(Cell(3, 1), Cell(4, 1))}),
).canonical()
# Pair A blue: its dots' blue spills over their hexagons' sides once blurred.
PALETTE = ((0, 0, 255), (255, 0, 0), (0, 160, 0), (255, 255, 0))


def _drawn(pitch: float) -> np.ndarray:
    geometry = HexGeometry.regular(left=30.3, top=30.6, pitch=pitch, rows=6, cols=6)
    style = RenderStyle(line_width=1 / pitch, palette=PALETTE)  # lines a pixel wide
    size = round(7 * pitch) + 40
    return draw_board(np.zeros((size, size, 3), np.uint8), PUZZLE, geometry, style=style)


@pytest.mark.parametrize("blur", [2.5, 3.0])
def test_a_blue_dots_colour_blurred_over_its_sides_leaves_its_hexagon_on_the_board(
    blur: float,
) -> None:
    # The blue channel alone blurred (colour kept at a lower resolution than
    # brightness, as JPEG and video do): round each blue dot, blue lifts the ground up
    # to the green lines' brightest channel, and their hexagons' sides sink under it
    # there; the luma still shows them as thin lines.
    image = _drawn(pitch=20)
    image[..., 2] = cv2.GaussianBlur(image[..., 2], (0, 0), blur)
    assert read_board(image).puzzle == PUZZLE


def test_a_covered_hexagon_is_not_joined() -> None:
    # A hexagon painted over with the ground (nothing drawn there in any channel): the
    # board shows thin lines facing a hexagon that is not drawn, and stays refused.
    image = _drawn(pitch=20)
    geometry = HexGeometry.regular(left=30.3, top=30.6, pitch=20, rows=6, cols=6)
    x, y = geometry.centre(Cell(3, 3))
    cv2.circle(image, (round(x), round(y)), 11, (0, 0, 0), -1)
    with pytest.raises(UnsureReadingError):
        read_board(image)


@pytest.mark.parametrize(("category", "seed"), [("jpeg", 8150007), ("drift", 8150000)])
def test_a_hexagon_a_pipe_from_the_board_runs_through_is_the_boards(
    reads_exactly: ReadsExactly, category: str, seed: int
) -> None:
    # Finished boards (development seeds, session 58): a cell under a white flow's grey
    # tint, nearly the lines' colour (JPEG 8150007), and one between an orange flow's tint
    # and a green one's (drift 8150000), their other sides short of drawn in every
    # measure, were left out; the side of the cell beside each, facing it, then measured as
    # a thin outline, and the board was refused as going on past its outline. A pipe from
    # the board runs through each, in by one side and out by another.
    reads_exactly(category, seed, "hex", "solved")
