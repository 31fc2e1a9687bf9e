"""A dot's colour counted in its ring only where joined to the dot (``_discs.joined_to_core``).

In small cells the outline's or a wall's blurred edge, three lines wide,
reaches the ring sampled just inside the lines, and mixed with the ground it
may take a pale dot's colour: the ground between parts it from the dot, itself
or blended with the dot's rim, so the dot is no pipe running out to its edge.
A pipe running out of a dot is joined to it and still counted, and so is glow
running on under a grid line (the line's colour is not the ground).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cells import RING_LIKE_MAX
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._discs import ring_like_core_recentred

PITCH = 19
GREY = (159, 159, 187)  # the game's lavender grey dot
FRINGE = (158, 141, 156)  # an outline's edge half over black: 9 Lab from it


def _cell(*, fringe: bool, pipe: bool) -> tuple[np.ndarray, tuple[float, float]]:
    """A 19 px cell with a grey dot; a one-pixel fringe of the outline just inside its
    right line, or a pipe of the dot's colour running out through its right side."""
    image = np.zeros((3 * PITCH, 3 * PITCH, 3), np.uint8)
    cx = cy = 1.5 * PITCH
    cv2.circle(
        image,
        (round(cx * 16), round(cy * 16)),
        round(0.36 * PITCH * 16),
        GREY,
        -1,
        cv2.LINE_AA,
        shift=4,
    )
    right = round(2 * PITCH)
    if fringe:
        image[PITCH : 2 * PITCH, right - 1] = FRINGE
        image[PITCH : 2 * PITCH, right] = (254, 228, 252)
    if pipe:
        half = round(0.15 * PITCH)
        image[round(cy) - half : round(cy) + half + 1, round(cx) : 3 * PITCH] = GREY
    return image, (cx, cy)


def _ring_like(image: np.ndarray, centre: tuple[float, float]) -> float:
    core = to_lab(np.array([[GREY]], np.uint8))[0, 0]
    ground = to_lab(np.zeros((1, 1, 3), np.uint8))[0, 0]
    return ring_like_core_recentred(image, centre, PITCH, core, ground)


def test_an_outlines_fringe_in_the_ring_is_no_pipe() -> None:
    image, centre = _cell(fringe=True, pipe=False)
    assert _ring_like(image, centre) <= RING_LIKE_MAX


def test_a_pipe_running_out_of_the_dot_still_counts() -> None:
    image, centre = _cell(fringe=False, pipe=True)
    assert _ring_like(image, centre) > RING_LIKE_MAX
    image, centre = _cell(fringe=True, pipe=True)
    assert _ring_like(image, centre) > RING_LIKE_MAX


def _lab(rgb: tuple[int, int, int]) -> np.ndarray:
    return to_lab(np.array([[rgb]], np.uint8))[0, 0]


def test_a_pale_ground_near_the_dots_colour_parts_an_outlines_tail_from_it() -> None:
    # A lavender grey dot on a pale ground 20 Lab from it (within twice NEAR: no
    # blend of the two is far enough from the dot's colour to part them), and
    # strokes of the dot's colour in its ring past that ground (an outline's tail).
    pitch, dot, pale = 60, (160, 160, 190), (135, 135, 150)
    image = np.full((pitch, pitch, 3), pale, np.uint8)
    cv2.circle(image, (30, 30), round(0.36 * pitch), dot, -1)
    image[3:6] = dot
    image[:, 55:58] = dot
    assert 12 < float(delta_e(_lab(dot), _lab(pale))) < 24
    like = ring_like_core_recentred(image, (30.0, 30.0), pitch, _lab(dot), _lab(pale))
    assert like <= RING_LIKE_MAX


def test_glow_running_on_under_a_grid_line_is_joined_to_its_core() -> None:
    # A soft band of glow from the cell's centre out past its right line: the line,
    # crossing it just inside the ring around the colour's own centre, parts nothing.
    pitch, purple = 80, (110, 40, 110)
    glow = np.zeros((pitch, 2 * pitch, 3), np.float32)
    cv2.rectangle(glow, (20, 20), (2 * pitch, 60), purple, -1)
    image = np.clip(cv2.GaussianBlur(glow, (0, 0), 6.0) + 0.5, 0, 255).astype(np.uint8)
    image[:, 78:81] = (90, 90, 90)
    like = ring_like_core_recentred(image, (40.0, 40.0), pitch, _lab(purple), _lab((0, 0, 0)))
    assert like > RING_LIKE_MAX


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state"),
    [
        ("walls", "tiny_cells", 100037, "unsolved"),  # a grey dot beside the outline, 19 px
        ("warps", "tiny_cells", 300019, "started"),  # a grey dot beside a warp's opening
    ],
)
def test_a_pale_dot_beside_the_outline_in_small_cells_is_read(
    variant: str, category: str, seed: int, state: str
) -> None:
    shot = sample(category, seed, variant, state)
    try:
        reading = read_board(shot.image)
    except VisionError as refusal:
        pytest.fail(f"refused: {refusal}")
    assert reading.puzzle == shot.puzzle.canonical()
