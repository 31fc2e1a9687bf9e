"""One definition of a flow's colour (``_dots_apart.flow_coloured``), for the cheap look
for another board's dots and for a board's flows outside the board read (``_outlined``)."""

from __future__ import annotations

import numpy as np

from flowbot.palette import ANDROID_COLOURS, CLASSIC_COLOURS, GAME_COLOURS
from flowbot.vision._dots_apart import flow_coloured


def test_every_palettes_coloured_flows_are_a_flows_colour() -> None:
    # White and grey dots are left out (a board has coloured pairs enough); tan,
    # the least saturated of the rest (HSV saturation 110), is in.
    palettes = GAME_COLOURS + CLASSIC_COLOURS + ANDROID_COLOURS
    image = np.array([[c.rgb for c in palettes if c.name not in ("white", "grey")]], np.uint8)
    assert flow_coloured(image).all()


def test_tints_greys_and_white_are_not() -> None:
    # A red flow's cell tint, the grid's grey, the classic grid line, white text, black.
    image = np.array(
        [[(60, 14, 10), (70, 70, 70), (66, 107, 65), (255, 255, 255), (0, 0, 0)]], np.uint8
    )
    assert not flow_coloured(image).any()
