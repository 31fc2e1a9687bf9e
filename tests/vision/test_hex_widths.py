"""A hexagonal board's side widths: thin lines told from the outline and walls by the board's
own widths in two groups, each line's ink summed over its own hump."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import _hump_ink
from flowbot.vision._hex_widths import WALL_PAST, width_groups

# Half-pixel steps across a side, as the line map is sampled.
OFFSETS = np.arange(-4.0, 4.25, 0.5)


def test_slanted_thin_lines_nearly_as_wide_as_the_outline_are_told_apart() -> None:
    # Small hexagons as the renderer drew them before its slanted lines carried their
    # own width: a pixel-wide slanted line 2.1-2.6 px of ink, the 2 px outline 3.3; no
    # fixed ratio of the two medians tells them apart.
    rng = np.random.default_rng(1)
    thin = rng.uniform(2.05, 2.62, 120)
    outline = rng.uniform(3.2, 3.35, 40)
    walls = [3.25, 3.3]
    groups = width_groups([*thin, *walls], outline)
    assert groups is not None
    assert groups.clear
    assert not any(groups.is_wide(w) for w in thin)
    assert all(groups.is_wide(w) for w in [*walls, *outline])


def test_widths_spread_all_the_way_between_are_doubted() -> None:
    thin = np.linspace(2.0, 3.3, 60)
    groups = width_groups(thin[:40], thin[30:])
    assert groups is None or not groups.clear


def test_an_outline_no_wider_than_the_lines_gives_no_groups() -> None:
    assert width_groups([2.0, 2.1, 2.05], [2.1, 2.0, 2.15]) is None


def test_a_dots_rim_beside_a_thin_line_is_not_its_ink() -> None:
    line = np.where(np.abs(OFFSETS) < 0.25, 100.0, 0.0)
    line[np.abs(OFFSETS) == 0.5] = 50.0
    rim = np.where(OFFSETS <= -2.5, 20.0, 0.0)  # a dot's edge two pixels off the line
    assert _hump_ink(line + rim, OFFSETS) == pytest.approx(_hump_ink(line, OFFSETS))
    assert _hump_ink(line, OFFSETS) == pytest.approx(100.0)


def test_a_brighter_caps_slope_reaching_into_the_look_is_not_the_lines_peak() -> None:
    # A white dot's cap two pixels off a small hexagon's flat side, its slope brighter than
    # the line within PEAK_NEAR (the measured profile, synthetic hex mirror 8120003
    # unsolved: the cap 71 at -2.5, 39 at -1.5; the line 37): the cap's hump was summed
    # as the line, read as a wall. The line's own hump is its top within the look.
    cap = np.interp(OFFSETS, [-4.0, -3.5, -3.0, -2.5, -2.0, -1.5, -1.0], [0, 18, 57, 71, 57, 39, 0])
    line = np.interp(OFFSETS, [-1.0, -0.5, 0.0, 0.5, 1.0, 1.5], [0, 0, 37, 37, 13, 0])
    assert _hump_ink(cap + line, OFFSETS) <= _hump_ink(line, OFFSETS)


def test_a_false_wall_beside_a_white_dots_cap_is_not_read() -> None:
    # The shot itself: an 11x11 board of 14 px hexagons in a mirror window, no walls;
    # read before with a wall under the white dot.
    shot = sample("mirror", 8120003, "hex")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_wide_lines_rippled_plateau_is_kept_whole() -> None:
    plateau = np.where(np.abs(OFFSETS) <= 3.0, 93.0, 3.0)
    plateau[np.abs(OFFSETS) == 2.0] = 98.0  # JPEG's ripples along the top
    ink = _hump_ink(plateau, OFFSETS)
    assert ink == pytest.approx(0.5 * float((plateau - 3.0).sum()))


def test_a_ground_sinking_slowly_past_a_line_is_not_its_ink() -> None:
    # JPEG's ringing beside a slanted line sinks the top-hat's ground there: past the
    # line the profile falls on slowly for pixels (measured: 9 8 8 8 5 3 2 1 of a 60 peak).
    line = np.where(np.abs(OFFSETS) < 0.25, 100.0, 0.0)
    line[np.abs(OFFSETS) == 0.5] = 50.0
    shelf = np.clip(12.0 - 3.0 * np.abs(OFFSETS), 0.0, None)
    assert _hump_ink(line + shelf, OFFSETS) == pytest.approx(_hump_ink(line, OFFSETS), abs=8)


@pytest.mark.parametrize("seed", [300000, 300011])
def test_small_hexagons_are_read_exactly_walls_and_all(seed: int) -> None:
    # 18-19 px pitches, 1 px lines, a 2 px outline; 300000 has six walls.
    shot = sample("tiny_cells", seed, "hex")
    try:
        reading = read_board(shot.image)
    except UnsureReadingError as refusal:  # pragma: no cover - reported as the failure
        pytest.fail(f"refused: {refusal}")
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_line_on_a_glows_slope_keeps_the_slope_out() -> None:
    # Ground rising on one side (glow's soft edge) and nothing rising again: the slope
    # under the line is no ink of it.
    line = np.where(np.abs(OFFSETS) < 0.25, 100.0, 0.0)
    line[np.abs(OFFSETS) == 0.5] = 50.0
    slope = np.clip(OFFSETS + 4.0, 0.0, None) * 5.0
    assert _hump_ink(line + slope, OFFSETS) == pytest.approx(_hump_ink(line, OFFSETS), abs=3)


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        ("jpeg", 300012),  # a text window's lines closing hexagons past the outline
        ("jpeg", 100007),  # ... a spreadsheet's; magenta dots' chroma ringing beside lines
    ],
)
def test_hexagonal_screens_once_refused_are_read_exactly(category: str, seed: int) -> None:
    shot = sample(category, seed, "hex")
    try:
        reading = read_board(shot.image)
    except UnsureReadingError as refusal:  # pragma: no cover - reported as the failure
        pytest.fail(f"refused: {refusal}")
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_wall_measures_as_the_outline_and_not_past_it() -> None:
    # Thin lines about 0.74 px, the outline 1.49 (an 18 px mirrored board's).
    groups = width_groups([0.72, 0.74, 0.76] * 10, [1.45, 1.49, 1.52] * 4)
    assert groups is not None
    assert groups.way(0.74) == pytest.approx(0.0, abs=0.02)
    assert groups.way(1.49) == pytest.approx(1.0, abs=0.02)
    # Walls read right measured 1.09 of the way at most; a thin line a dot's blurred
    # rim ran into measured 1.96 px, 1.39 of the way.
    assert groups.is_wide(1.56)
    assert groups.way(1.56) <= WALL_PAST
    assert groups.is_wide(1.96)
    assert groups.way(1.96) > WALL_PAST


def test_a_measure_sees_a_line_no_farther_short_of_the_thin_lines_than_walls_lie_past() -> None:
    # Thin lines about 0.74 px, the outline 1.49: a line measured 0 px (a glow shaft over
    # it in one channel) or a tenth of a pixel is one the measure does not see; a thin line
    # half its typical width, a wall, the outline are seen, one at a time or many at once.
    groups = width_groups([0.72, 0.74, 0.76] * 10, [1.45, 1.49, 1.52] * 4)
    assert groups is not None
    assert not groups.sees(0.0)
    assert not groups.sees(0.1)
    assert groups.sees(0.37)
    seen = groups.sees(np.array([0.0, 0.1, 0.37, 0.74, 1.49]))
    assert seen.tolist() == [False, False, True, True, True]
