"""With pipes drawn and no measure in clear groups, a hexagonal board's sides measured by the
lines' lightness's share of each pixel across them, the ground on each side apart
(``_hex_lightness``): JPEG keeps the lightness whole and runs a tint's colour past its side.

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.models import Reading
from flowbot.vision._hex_coverage import CoveredInks
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_lightness import LightnessInks

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

LINE = np.array([150.0, 80.0, 75.0])
#: A cyan flow's tint and a grey one, of about one lightness.
CYAN, GREY = np.array([10.0, 60.0, 70.0]), np.array([50.0, 50.0, 50.0])
#: The luma's weights (JPEG's lightness).
WEIGHTS = np.array([0.299, 0.587, 0.114])
#: How far the line's colour runs onto its faces, and how much of the way it goes there.
RUN, MIXED = 4.5, 0.6


def _board(run: float) -> tuple[np.ndarray, np.ndarray]:
    """Lines 1 px wide on vertical sides 40 px apart, each between a cyan tint and a grey
    one, then two outline sides 3 px wide; within ``run`` px of each line its colour runs
    onto the faces (``MIXED`` of the way at the line's edge), their lightness kept, as
    JPEG's halved colours do; the image and the sides."""
    h, w = 120, 240
    xs = [40.3, 80.6, 120.2, 160.7, 200.0]
    widths = [1.0, 1.0, 1.0, 3.0, 3.0]
    image = np.zeros((h, w, 3))
    centres = np.arange(w) + 0.5
    for x, drawn in zip(xs, widths, strict=True):
        for near, face in (
            ((centres > x - 15) & (centres < x), CYAN),
            ((centres >= x) & (centres < x + 15), GREY),
        ):
            off = np.abs(centres[near] - x) - drawn / 2
            mix = (MIXED * np.clip(1 - off / run, 0, 1) if run else np.zeros(off.shape))[:, None]
            colour = (1 - mix) * face + mix * LINE
            # (the lightness kept: the colour shifted back to the face's along grey)
            colour += (face @ WEIGHTS - colour @ WEIGHTS)[:, None]
            image[:, near] = colour
        cover = np.clip(
            np.minimum(centres + 0.5, x + drawn / 2) - np.maximum(centres - 0.5, x - drawn / 2),
            0,
            1,
        )
        image[:] = cover[None, :, None] * LINE + (1 - cover[None, :, None]) * image
    sides = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    return np.round(np.clip(image, 0, 255)).astype(np.uint8), sides


def test_a_tints_colour_run_past_its_side_is_no_ink() -> None:
    # The line's colour run onto its faces widens thin lines in the colour's shares (up to
    # 1.5 px); in the lightness they keep their width, the outline its 3 px.
    image, sides = _board(RUN)
    faced = FacedInks(image, 40.0, 10.0)
    lightness = LightnessInks(faced).widths(sides, 5.0)
    covered = CoveredInks(faced).widths(sides, 5.0)
    assert np.allclose(lightness[:3], 1.0, rtol=0.16)
    assert np.allclose(lightness[3:], 3.0, rtol=0.16)
    assert covered[:3].max() > 1.4
    assert not LightnessInks(faced).unseen(sides - faced.origin, 5.0).any()


@pytest.mark.parametrize(
    ("seed", "state"), [(300042, "solved"), (300044, "solved"), (400001, "started")]
)
def test_jpeg_hexagons_read_in_their_lightness(
    reads_exactly: ReadsExactly, seed: int, state: str
) -> None:
    # Boards with pipes drawn under JPEG, the thin lines beside tints' edges widened in each
    # side's clearest channel, the lines' colour's shares and at half of it (no clear groups
    # in any, nor in their middle voice: refused); in the lightness clear along every
    # direction, every wall and hole right (300044: 5 walls, 16 holes).
    reads_exactly("jpeg", seed, "hex", state)


def test_a_thin_line_only_the_shares_read_wide_is_no_wall(reads_exactly: ReadsExactly) -> None:
    # The lightness leading, a thin line between a red tint and a cyan one read as a wall
    # by the lines' colour's shares alone (JPEG ran the tints' colours into it): each
    # side's clearest channel and the half-level width read it thin, as the lightness
    # does (synthetic hex JPEG 5300001 started, refused before: "the line's colour and
    # its clearest channel disagree").
    reads_exactly("jpeg", 5300001, "hex", "started")
