"""One outline all round though JPEG dilutes some sides' chroma (``_border_sides.one_outline``)."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._border_sides import one_outline

#: A green outline's sides as measured in synthetic warps drift 3500001: the top side,
#: two pixels on a JPEG block's rows, keeps its chroma; the others mix theirs with
#: the black ground.
TOP = np.array([82.2, -39.5, 36.4])
OTHER = np.array([80.1, -27.4, 27.3])


def test_a_side_only_more_saturated_is_the_same_outline() -> None:
    assert one_outline(TOP, OTHER)
    assert one_outline(OTHER, TOP)


@pytest.mark.parametrize(
    "other",
    [
        np.array([80.1, 27.4, 27.3]),  # the same chroma, another hue (orange, not green)
        np.array([70.0, -27.4, 27.3]),  # the same hue and chroma, 12 L* darker
        np.array([80.1, -12.0, 11.0]),  # the same hue, under half the chroma
    ],
)
def test_another_hue_lightness_or_a_faint_chroma_is_another_line(other: np.ndarray) -> None:
    assert not one_outline(TOP, other)


def test_warps_read_where_one_side_keeps_its_chroma() -> None:
    # The top side's green 15.3 CIELAB from the others' (only its chroma apart): the
    # board was not taken for outlined, its warps' openings not told, and the border
    # refused as having a gap.
    shot = sample("drift", 3500001, "warps", "unsolved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.puzzle.warps
