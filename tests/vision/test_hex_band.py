"""An outline side whose hump ripples cut short inside its line (JPEG's colour ringing
along the lines' hue) measured by the ink within a band as wide as the outline."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Reading
from flowbot.vision._hex_band import BandInks
from flowbot.vision._hex_board import LineMap

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def _lines() -> tuple[LineMap, np.ndarray]:
    """A 9 px line whose middle stands apart from its flanks by dips to a third of its
    peak (a hump cut short inside it), and a 3 px line, each 100 over a dark ground."""
    gray = np.zeros((200, 200), np.uint8)
    gray[96:105, 20:180] = 100
    gray[[98, 102], 20:180] = 30
    gray[149:152, 20:180] = 100
    sides = np.array([[(40.0, 100.0), (160.0, 100.0)], [(40.0, 150.0), (160.0, 150.0)]])
    return LineMap(gray, 100.0, 10.0), sides


def test_a_hump_cut_inside_its_line_reads_thin() -> None:
    lines, sides = _lines()
    wide, thin = lines.widths(sides, 12.0)
    assert wide < 4.5
    assert 2.5 < thin < 3.5


def test_the_band_holds_the_whole_line_and_a_thin_line_alone() -> None:
    lines, sides = _lines()
    wide, thin = BandInks(lines, 5.5).widths(sides, 12.0)
    assert 7.0 < wide < 9.5
    assert 2.5 < thin < 3.5


def test_hex_preview_outline_over_a_dots_colour_ringing(reads_exactly: ReadsExactly) -> None:
    # Grey lines under purple glow (JPEG 86), measured along their hue: the outline above
    # a green dot 3.1 px against thin lines of 2.8 (refused: "past the board's outline").
    reads_exactly("preview", 5700003, "hex", "unsolved")
