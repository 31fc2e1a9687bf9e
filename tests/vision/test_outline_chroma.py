"""One outline all round though JPEG dilutes some sides' chroma (``_border_sides.one_outline``),
or a scaled thin outline mixes some sides with the ground (``mixed_with_ground``)."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._border_sides import mixed_with_ground, one_outline
from tests.vision.conftest import ReadsExactly

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


#: A pale blue outline's sides as measured in synthetic warps jpeg 4700001 unsolved:
#: the bottom side keeps its chroma, the others' (their median) mix theirs with a dark
#: olive ground and turn 13.8 degrees, 5.1 a*b* across the bottom's hue.
BOTTOM = np.array([74.8, 15.5, -36.7])
MEDIAN = np.array([76.3, 3.9, -23.1])


def test_a_hue_turned_by_jpegs_chroma_noise_is_the_same_outline() -> None:
    assert one_outline(BOTTOM, MEDIAN)
    assert one_outline(MEDIAN, BOTTOM)


@pytest.mark.parametrize(
    "other",
    [
        np.array([76.3, 20.0, -12.0]),  # turned 13.7 a*b* across: another hue
        np.array([76.3, -15.5, 36.7]),  # the opposite hue (yellow, not blue)
    ],
)
def test_a_hue_turned_past_jpegs_chroma_noise_is_another_line(other: np.ndarray) -> None:
    assert not one_outline(BOTTOM, other)


def test_warps_read_where_jpeg_turns_the_outlines_hue() -> None:
    # Before, its sides were not taken for one outline, the warp's openings on the
    # board placed not told, and the board refused ("some inner grid edges are drawn
    # as walls", the classic search's doubt).
    shot = sample("jpeg", 4700001, "warps", "unsolved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.puzzle.warps


def test_warps_read_where_one_side_keeps_its_chroma() -> None:
    # The top side's green 15.3 CIELAB from the others' (only its chroma apart): the
    # board was not taken for outlined, its warps' openings not told, and the border
    # refused as having a gap.
    shot = sample("drift", 3500001, "warps", "unsolved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.puzzle.warps


#: A green outline's sides as measured in synthetic warps zoomed 6300002 unsolved (a
#: browser zoom): its brightest side (right) and its dimmest (top), on a black ground.
BRIGHTEST = np.array([85.8, -43.0, 35.1])
DIMMEST = np.array([67.2, -34.5, 27.9])
BLACK = np.zeros(3)


def test_a_side_mixed_with_the_ground_is_the_same_outline() -> None:
    assert not one_outline(DIMMEST, BRIGHTEST)  # 18.6 L* apart
    assert mixed_with_ground(DIMMEST, BRIGHTEST, BLACK)
    assert mixed_with_ground(BRIGHTEST, DIMMEST, BLACK)


@pytest.mark.parametrize(
    "other",
    [
        np.array([67.2, 34.5, 27.9]),  # as dim, another hue (orange, not green)
        np.array([30.0, -15.0, 12.2]),  # the same hue, under half way from the ground
        np.array([67.2, -20.0, 16.0]),  # as light, greyer than a mix with black
    ],
)
def test_another_hue_or_little_of_the_line_is_no_mix_with_the_ground(other: np.ndarray) -> None:
    assert not mixed_with_ground(BRIGHTEST, other, BLACK)


def test_warps_read_where_a_zoomed_outline_falls_across_pixels(
    reads_exactly: ReadsExactly,
) -> None:
    # Its sides 67-86 L*, the outline two pixels wide mixed with the black ground by
    # each side's place: not taken for one outline, the warp's openings not told, and
    # the border refused as having a gap (a shaped board).
    reading = reads_exactly("zoomed", 6300002, "warps", "unsolved")
    assert reading.puzzle.warps
