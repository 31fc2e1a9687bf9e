"""With pipes drawn, a hexagonal board's sides measured as the share of each pixel across them
the lines' colour covers, the ground on each side apart (``_hex_coverage``): two flows'
tints side by side widen a thin line in every channel, not in its colour's shares.

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.models import Reading
from flowbot.vision._hex_coverage import CoveredInks, EdgedInks
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``tests/vision/conftest.py``).
ReadsExactly = Callable[[str, int, str, str], Reading]

GROUND = np.array([0.0, 0.0, 0.0])
LINE = np.array([150.0, 80.0, 75.0])
#: A white flow's grey tint and a green flow's, at the game's 0.22.
GREY, GREEN = 0.22 * np.array([255.0, 255.0, 255.0]), 0.22 * np.array([0.0, 200.0, 0.0])


def _board(width: float) -> tuple[np.ndarray, np.ndarray]:
    """Lines ``width`` px wide (a brownish pink, off the pixel grid) on vertical sides 40 px
    apart: the first on the plain ground, then lines between a grey tint and the ground, a
    green tint and a grey one, the ground and a green one, each tint a side's face
    up to the line's middle; then two outline sides 3 px wide on the ground (the lines'
    colour shows whole there); the image and the sides."""
    h, w = 120, 280
    xs = [40.3, 80.6, 120.2, 160.7, 200.0, 240.5]
    faces = [(GROUND, GROUND), (GREY, GROUND), (GREEN, GREY), (GROUND, GREEN)]
    faces += [(GROUND, GROUND)] * 2
    widths = [width] * 4 + [3.0] * 2
    image = np.tile(GROUND, (h, w, 1))
    centres = np.arange(w) + 0.5
    for x, (left, right), drawn in zip(xs, faces, widths, strict=True):
        near = np.abs(centres - x) < 15
        # (each face's share of a pixel at the line's middle, as an anti-aliased fill)
        leftward = np.clip(x - (centres - 0.5), 0, 1)[near, None]
        image[:, near] = leftward * left + (1 - leftward) * right
        # (each pixel covered by its share of the line, the ground on its side the rest)
        cover = np.clip(
            np.minimum(centres + 0.5, x + drawn / 2) - np.maximum(centres - 0.5, x - drawn / 2),
            0,
            1,
        )
        image[:] = cover[None, :, None] * LINE + (1 - cover[None, :, None]) * image
    sides = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    return np.round(image).astype(np.uint8), sides


@pytest.mark.parametrize("width", [1.0, 1.5, 2.0])
def test_a_line_between_two_tints_keeps_its_width(width: float) -> None:
    # A line between two tints measures its width as on the plain ground, within the
    # pixels' share of the tints' step under it (0.85-1.09 for 1 px); an outline its 3 px.
    image, sides = _board(width)
    covered = CoveredInks(FacedInks(image, 40.0, 10.0)).widths(sides, 5.0)
    assert np.allclose(covered[:4], width, rtol=0.16)
    assert np.allclose(covered[4:], 3.0, atol=0.05)


@pytest.mark.parametrize("width", [1.0, 2.0])
def test_one_channel_a_side_misjudges_a_line_beside_tints(width: float) -> None:
    # Each side's clearest channel, over one ground under the line, takes the tint's step
    # for ink or for ground: 2 px lines measured 1.35-2.0, 1 px ones 0.52-1.
    image, sides = _board(width)
    faced = FacedInks(image, 40.0, 10.0).widths(sides, 5.0)
    assert np.abs(faced[:4] - width).max() > 0.3


def test_a_band_past_a_lines_face_adds_no_ink() -> None:
    # 18 px hexagons: a line 1 px wide on a purple ground, alone and with a blue band (a
    # flow's pipe) rising 2.5 px past it, past its face (1.8 px out), to a colour farther
    # from the line's than the ground. Its shares there below nothing sank the hump's
    # straight base under the line: measured 2.0 px beside the band, 1.3 alone.
    ground, line, band = (
        np.array([60.0, 50.0, 100.0]),
        np.array([120.0, 110.0, 120.0]),
        np.array([20.0, 30.0, 160.0]),
    )
    h, w = 80, 120
    xs = [20.3, 60.6, 100.2]
    image = np.tile(ground, (h, w, 1))
    centres = np.arange(w) + 0.5
    for x in xs[1:]:
        rise = np.clip((centres - (x + 2.5)) / 2.0, 0, 1) * (centres < x + 12)
        image[:] = rise[None, :, None] * band + (1 - rise[None, :, None]) * image
    for x in xs:
        cover = np.clip(
            np.minimum(centres + 0.5, x + 0.5) - np.maximum(centres - 0.5, x - 0.5), 0, 1
        )
        image[:] = cover[None, :, None] * line + (1 - cover[None, :, None]) * image
    sides = np.array([[[x, 10.0], [x, 70.0]] for x in xs], np.float64)
    image = np.round(image).astype(np.uint8)
    covered = CoveredInks(FacedInks(image, 18.0, 10.0)).widths(sides, 4.0)
    assert np.allclose(covered, 1.0, atol=0.3)
    assert np.ptp(covered) < 0.2


def test_glow_rising_to_a_line_is_no_ink_between_its_edges() -> None:
    # Lines 1 px and walls 3 px on a magenta ground, each alone and with glow rising
    # towards it over 4 px on one side to 0.4 of the way to the lines' colour. Summed
    # over its hump (down to its valleys) the rise widens a thin line by a third (1.0 ->
    # 1.36 px); between the feet of its own edges, not at all. A line with nothing beside
    # it is measured whole, and walls stay walls.
    ground, line = np.array([55.0, 25.0, 48.0]), np.array([125.0, 80.0, 80.0])
    h, w = 80, 200
    xs, drawn, glow = [20.3, 60.6, 100.2, 140.7], [1.0, 1.0, 3.0, 3.0], [False, True] * 2
    image = np.tile(ground, (h, w, 1))
    centres = np.arange(w) + 0.5
    for x, width, glowing in zip(xs, drawn, glow, strict=True):
        if glowing:
            start = x - width / 2 - 4.0
            rise = 0.4 * np.clip((centres - start) / 4.0, 0, 1) * (centres < x)
            image[:] = rise[None, :, None] * line + (1 - rise[None, :, None]) * image
        cover = np.clip(
            np.minimum(centres + 0.5, x + width / 2) - np.maximum(centres - 0.5, x - width / 2),
            0,
            1,
        )
        image[:] = cover[None, :, None] * line + (1 - cover[None, :, None]) * image
    sides = np.array([[[x, 10.0], [x, 70.0]] for x in xs], np.float64)
    faced = FacedInks(np.round(image).astype(np.uint8), 40.0, 10.0)
    summed = CoveredInks(faced).widths(sides, 6.0)
    edged = EdgedInks(faced).widths(sides, 6.0)
    assert summed[1] - summed[0] > 0.3
    assert edged[1] <= edged[0] + 0.05
    assert edged[[0, 2]] == pytest.approx(summed[[0, 2]], abs=0.05)
    assert edged[3] >= edged[2] - 0.05
    assert min(edged[2:]) > 2 * max(edged[:2])


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        # 18 px hexagons, lines 1 px: between two flows' tints 1.5-1.65 px in each side's
        # clearest channel, between the lines' 1.12 and the outline's 1.89 ("cannot tell
        # whether a line between two hexagons is a wall").
        ("tiny_cells", 300000, "solved"),
        ("tiny_cells", 300000, "started"),
        # A blue flow's band 2 px past a thin line's face: the shares falling on below
        # nothing summed as ink under the line (1.5-1.8 px, no clear groups).
        ("tiny_cells", 300017, "started"),
        # Blurred thin lines whose ground right beside them lies darker than their face
        # 0.1 pitch out (a tint's or glow's slope): their shares there below nothing sank
        # the hump's base, thin lines summed 1.0-1.4 px against the outline's 1.75 (no
        # clear groups; in each side's clearest channel none either).
        ("colour_blind", 300011, "solved"),
        # Thick zoomed lines between tints.
        ("zoomed", 300005, "solved"),
        ("web", 300004, "started"),
        # The colour channel's widths in no groups (gaps 0.07-0.13): each wall the shares
        # read beside a flow is one the sides each in its clearest channel read alone too
        # (its gap 0.42 there, the shares' 0.38).
        ("web", 300003, "solved"),
    ],
)
def test_lines_between_the_flows_tints_are_read(
    category: str, seed: int, state: str, reads_exactly: ReadsExactly
) -> None:
    reading = reads_exactly(category, seed, "hex", state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # A thin line between a red flow's tint and a yellow one under a mirror's scaling
        # and JPEG, 1.60 px in blue (each side's clearest channel) against its boundary 1.15;
        # the shares read it thin, clear.
        ("mirror", 4200001),
        # 22 px hexagons, two flows' tints overlapping along a side in its clearest channel.
        ("tiny_cells", 4200000),
        # A browser's zoom (1.1) blurring 27 px hexagons: a thin line between a yellow tint
        # and a teal one as light in the luma, 1.60 px there against the boundary 1.41 (its
        # red falling off over 3 px on the teal side); the shares read it thin, clear.
        ("zoomed", 6100001),
    ],
)
def test_a_wall_one_channel_alone_reads_is_no_wall(
    category: str, seed: int, reads_exactly: ReadsExactly
) -> None:
    # Each measure errs wide, never thin: the clearest channel may veto the shares' walls,
    # never add one (``_hex_heard.VETO``; each refused once as the two disagreeing).
    reads_exactly(category, seed, "hex", "solved")
