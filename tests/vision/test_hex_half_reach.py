"""With pipes drawn, a wall must reach half the lines' colour as a wall does, as widely and
centred on its side (``_hex_half_reach``): walls drawn solid do; a thin line JPEG's ringing
colours widen beside a narrow face is no wall (refused, by whichever rule tells first), nor
one a glow band lifts past half the lines' colour on one side.

The game's own levels drawn on development seeds (below 200000), and a held-out board that
was read WRONG.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.screens.synthetic import official_levels, sample
from flowbot.vision import read_board
from flowbot.vision._hex_coverage import HalfCoveredInks
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_half_reach import HALF_REACH


def _levels(shared: Path):  # type: ignore[no-untyped-def]
    return official_levels(str(shared / "official"))["hex"]


def test_a_thin_line_squeezed_between_a_band_and_a_dot_is_no_wall(shared: Path) -> None:
    # A finished level through JPEG: the thin line between cells (3, 1) and (4, 1) runs
    # between a green band and a yellow dot 4.5 px past it; the colours ring across the
    # yellow tint's narrow strip, and the lines' colour's shares measured it 1.46 px
    # against the thin lines' 1.03 and the outline's 1.85 (a wall: read WRONG before).
    # While the renderer's tints overlapped by a pixel, at half the lines' colour it lay
    # 0.43 of the way: refused by this rule. With the tints meeting as the game's do, the
    # shares and the half-level width fall in no clear groups, and the measures heard read
    # it thin: read exactly.
    shot = sample("jpeg", 100025, "hex", "solved", _levels(shared))
    assert not shot.puzzle.walls
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_walls_drawn_solid_reach_half_the_lines_colour(shared: Path) -> None:
    # A finished level with 32 walls through JPEG, some beside tints nearly as bright as
    # the lines: every wall reaches half the lines' colour as the outline does.
    shot = sample("jpeg", 100062, "hex", "solved", _levels(shared))
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def test_a_lines_half_level_middle_is_measured_off_its_side() -> None:
    # Lines 3 px wide in the lines' colour on a dark ground, centred off the pixel grid;
    # each measured from a side laid on it and from one laid 1.5 px to its right.
    ground, line = np.array([14.0, 29.0, 40.0]), np.array([120.0, 66.0, 66.0])
    xs = [40.3, 80.6, 120.2]
    image = np.tile(ground, (120, 160, 1))
    centres = np.arange(160.0)  # (pixel i's centre at i, as sampling takes it)
    for x in xs:
        cover = np.clip(
            np.minimum(centres + 0.5, x + 1.5) - np.maximum(centres - 0.5, x - 1.5), 0, 1
        )
        image[:] = cover[None, :, None] * line + (1 - cover[None, :, None]) * image
    image = np.round(image).astype(np.uint8)
    on = np.array([[[x, 20.0], [x, 100.0]] for x in xs], np.float64)
    off = on + np.array([1.5, 0.0])
    inks = HalfCoveredInks(FacedInks(image, 40.0, 10.0))
    assert np.allclose(inks.middles(on, 5.0), 0.0, atol=0.2)
    # (a side running down: its first face, at minus along the normal, lies to its right;
    # the line to its left lies away from it, above nought)
    assert np.allclose(inks.middles(off, 5.0), 1.5, atol=0.2)
    assert np.allclose(inks.widths(on, 5.0), 3.0, atol=0.25)


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_thin_line_a_glow_band_lifts_on_one_side_is_no_wall(state: str) -> None:
    # Huge cells: a glow band lights the face beside a thin line towards the lines' colour,
    # both faces already within a third of the ground's distance of it. Every measure read
    # the line as a wall, its half-level width too (11.6 px against the outline's 11.1),
    # but that span runs from 1.4 px on one side of the side to 10.2 on the other: read
    # with a wall, WRONG, before.
    shot = sample("huge_cells", 10400003, "hex", state)
    assert not shot.puzzle.walls
    with pytest.raises(UnsureReadingError, match=re.escape(HALF_REACH.reason)):
        read_board(shot.image)
