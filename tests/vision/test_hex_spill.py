"""With pipes drawn, a hexagonal board's sides measured as the lines' colour's share of each
pixel over any mix of the board's ground and the two faces' tints (``_hex_spill``): a tint
filled smoothed reaches past its side, two tints overlap under and beside a thin line, and
where their mix leans towards the lines' colour every other measure widens the line.

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_coverage import CoveredInks, HalfCoveredInks, _shares
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_spill import SpilledInks

GROUND = np.array([0.0, 0.0, 0.0])
#: A green-grey line pack's lines, and flows' colours tinted at the game's 0.22.
LINE = np.array([66.0, 107.0, 65.0])
TINT = 0.22
WHITE, YELLOW, GREEN = (
    np.array([255.0, 255.0, 255.0]),
    np.array([255.0, 255.0, 0.0]),
    np.array([0.0, 255.0, 0.0]),
)
#: How far a tint filled smoothed reaches past its side, in pixels (OpenCV's anti-aliased
#: fill: 0.5-0.7).
SPILL = 0.7
#: The faces of the sides (left, right; ``None`` the plain ground).
FLOWS = [(WHITE, YELLOW), (YELLOW, WHITE), (WHITE, None), (None, YELLOW), (WHITE, WHITE)]


def _board(width: float, ground: np.ndarray = GROUND) -> tuple[np.ndarray, np.ndarray]:
    """Vertical lines ``width`` px wide 40 px apart (off the pixel grid), between the
    faces ``FLOWS``, each face's tint laid over the ground up to ``SPILL`` past the line's
    middle (one over the other there), the line over them; then an outline side 3 px wide
    on the ground. The image and the sides."""
    xs = [40.0 * (i + 1) + 0.3 * (i % 3) for i in range(len(FLOWS) + 1)]
    h, w = 120, int(xs[-1]) + 40
    image = np.tile(ground, (h, w, 1)).astype(np.float64)
    centres = np.arange(w) + 0.5
    faces = [*FLOWS, (None, None)]
    for x, (left, right), drawn in zip(xs, faces, [width] * len(FLOWS) + [3.0], strict=True):
        near = np.abs(centres - x) < 15
        leftward = np.clip(x + SPILL - (centres - 0.5), 0, 1)
        rightward = np.clip(centres + 0.5 - (x - SPILL), 0, 1)
        for colour, cover in ((left, leftward), (right, rightward)):
            if colour is not None:
                share = (TINT * cover * near)[None, :, None]
                image = image + share * (colour - image)
        cover = np.clip(
            np.minimum(centres + 0.5, x + drawn / 2) - np.maximum(centres - 0.5, x - drawn / 2),
            0,
            1,
        )[None, :, None]
        image = cover * LINE + (1 - cover) * image
    sides = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    return np.round(image).astype(np.uint8), sides


@pytest.mark.parametrize("width", [1.0, 2.0])
def test_a_line_over_overlapping_tints_keeps_its_width(width: float) -> None:
    # The line between two tints (and between a tint and the ground, the tint reaching past
    # it) measures its own width; the outline its 3 px.
    image, sides = _board(width)
    spilled = SpilledInks(FacedInks(image, 40.0, 10.0), GROUND, LINE).widths(sides, 5.0)
    assert np.allclose(spilled[:-1], width, atol=0.08)
    assert spilled[-1] == pytest.approx(3.0, abs=0.15)


def test_overlapping_tints_widen_a_thin_line_in_the_other_measures() -> None:
    # A grey tint over a yellow one is brighter than either, towards the green-grey lines'
    # colour: a 1 px line measured 1.5-1.75 px between them by the shares over a ground
    # stepping from one face to the other, at half the lines' colour, in one channel.
    image, sides = _board(1.0)
    faced = FacedInks(image, 40.0, 10.0)
    for inks in (CoveredInks(faced), HalfCoveredInks(faced), faced):
        assert inks.widths(sides, 5.0)[:2].min() > 1.4


def test_a_side_whose_colour_the_tints_make_is_measured_as_before() -> None:
    # Lines of the colour a white flow's grey tint and a green one's make together: colour
    # cannot tell the line from the tints there; the side is measured by the shares over
    # a ground stepping from one face to the other (``CoveredInks``).
    line = TINT * (WHITE + GREEN)
    image, _ = _board(1.0)
    faces = np.array([TINT * WHITE, TINT * GREEN])
    offsets = np.arange(-4.0, 4.25, 0.5)
    profile = np.linspace(faces[0], faces[1], len(offsets))
    profile[8] = line
    spilled = SpilledInks(FacedInks(image, 40.0, 10.0), GROUND, line)
    assert np.allclose(
        spilled._spilled(profile, faces, offsets), _shares(profile, offsets, faces, line)
    )


@pytest.mark.parametrize(("seed", "state"), [(300016, "started"), (300052, "started")])
def test_small_hexagons_with_overlapping_tints_read_exactly(seed: int, state: str) -> None:
    # 18-19 px hexagons, 1 px green-grey lines: a white flow's grey tint over a yellow
    # or green one beside a line measured it 1.3-1.6 px against the outline's 1.7-1.9 in
    # every other measure (no clear groups: refused); over the tints' mix, 1.0-1.4 (gaps
    # 0.33-0.6).
    shot = sample("tiny_cells", seed, "hex", state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
