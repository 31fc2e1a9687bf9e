"""A dot's colour counted in its ring only where joined to the dot (``_discs.joined_to_core``).

In small cells the outline's or a wall's blurred edge, three lines wide,
reaches the ring sampled just inside the lines, and mixed with the ground it
may take a pale dot's colour: the ground between parts it from the dot, so
the dot is no pipe running out to its edge. A pipe running out of a dot is
joined to it and still counted.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cells import RING_LIKE_MAX
from flowbot.vision._colour import to_lab
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
    return ring_like_core_recentred(image, centre, PITCH, core, joined=True)


def test_an_outlines_fringe_in_the_ring_is_no_pipe() -> None:
    image, centre = _cell(fringe=True, pipe=False)
    assert _ring_like(image, centre) <= RING_LIKE_MAX


def test_a_pipe_running_out_of_the_dot_still_counts() -> None:
    image, centre = _cell(fringe=False, pipe=True)
    assert _ring_like(image, centre) > RING_LIKE_MAX
    image, centre = _cell(fringe=True, pipe=True)
    assert _ring_like(image, centre) > RING_LIKE_MAX


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
