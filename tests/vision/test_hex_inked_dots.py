"""A hexagon holding a clear dot is never left out of the board for a side facing out with no ink
(``_hex_inked.inked``, ``holding_dots``): a big dot touching a side from inside blends into
the face its ink is measured against. Clutter's hexagons with a side of no ink are still
left out."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_reader, read_board
from flowbot.vision._hex_inked import holding_dots
from flowbot.vision._hex_lattice import HexLattice

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

#: Synthetic hex JPEG 12300018 started: a cyan dot touching the outline from inside, under
#: a grey glow; measured against the face its rim blends into, that side shows no ink.
DOT_BY_THE_OUTLINE = ("jpeg", 12300018, "hex", "started")

RED, BLUE = (230, 40, 30), (30, 40, 230)


def test_a_dot_touching_the_outline_keeps_its_hexagon(reads_exactly: ReadsExactly) -> None:
    reads_exactly(*DOT_BY_THE_OUTLINE)


def test_without_the_dots_its_hexagon_is_left_out_and_the_board_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_hex_reader, "holding_dots", lambda *args: frozenset())
    with pytest.raises(UnsureReadingError, match="go on past the board's outline"):
        read_board(sample(*DOT_BY_THE_OUTLINE).image)


def test_only_hexagons_holding_a_flat_dot_are_dotted() -> None:
    # Three hexagons 40 px high on black: a flat red dot (0.35 of a pitch), a red ring of a
    # dot's size (a glyph: its core the ground), a disc red below and blue above (an icon).
    lattice = HexLattice(x0=40.0, y0=40.0, col_step=34.64, row_step=40.0)
    dot, ring, icon = (0, 0), (2, 0), (4, 0)
    image = np.zeros((120, 220, 3), np.uint8)

    def at(node: tuple[int, int]) -> tuple[int, int]:
        x, y = lattice.centre(*node)
        return round(x), round(y)

    cv2.circle(image, at(dot), 14, RED, -1, cv2.LINE_AA)
    cv2.circle(image, at(ring), 12, RED, 4, cv2.LINE_AA)
    cv2.circle(image, at(icon), 14, RED, -1, cv2.LINE_AA)
    x, y = at(icon)
    upper = image[y - 15 : y, x - 15 : x + 16]
    upper[upper.any(axis=2)] = BLUE
    assert holding_dots(image, lattice, {dot, ring, icon}, 30.0) == {dot}
