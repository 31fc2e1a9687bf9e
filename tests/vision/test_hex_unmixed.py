"""A hexagon's side on a light tint's edge: its line between the tint and the dark ground,
standing over neither face in any one channel, is seen as a colour no mix of its faces;
a step between two faces with no line (or a line of their mix) is none."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.models import Reading
from flowbot.vision._hex_board import LineMap
from flowbot.vision._hex_glow import EitherWay
from flowbot.vision._hex_unmixed import off_mixes

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

PITCH = 24.0
#: The dark ground, a green-grey line and a white flow's grey tint (RGB) as a mirrored
#: board shows them (synthetic hex mirror 300012 started): the line lies between the
#: two faces in red and blue, 8 over the tint in green.
GROUND, LINE, TINT = (12, 33, 54), (53, 89, 65), (65, 81, 97)
SIDE = np.array([[[41.0, 10.0], [41.0, 70.0]]])


def _across(left: tuple[int, int, int], line: tuple[int, int, int] | None) -> np.ndarray:
    """A vertical side at x = 41: ``left`` face left of it, the grey tint right of it, and a
    line a pixel wide of ``line`` on it (none: a bare step), blurred as a mirror blurs."""
    image = np.zeros((80, 80, 3), np.uint8)
    image[:, :41] = left
    image[:, 41:] = TINT
    if line is not None:
        image[:, 41] = line
    return cv2.GaussianBlur(image, (0, 0), 0.5)


def _drawn(image: np.ndarray) -> float:
    lines = EitherWay(image, PITCH, 10)
    # (its first look, in one channel, or its second, off the faces' mixes)
    first, again = lines.drawn(SIDE, 1.5)[0], lines.drawn_again(SIDE, 1.5, np.arange(1))[0]
    return float(max(first, again))


def test_a_line_between_the_ground_and_a_lighter_tint_is_seen_as_no_mix() -> None:
    image = _across(GROUND, LINE)
    # In no channel does it stand out by the contrast over or under both faces ...
    for channel in cv2.split(image):
        assert LineMap(channel, PITCH, 10).drawn(SIDE, 1.5)[0] == 0
        assert LineMap(255 - channel, PITCH, 10).drawn(SIDE, 1.5)[0] == 0
    # ... but its colour lies off the mixes of its faces.
    rgb = image.astype(np.float32)
    box = (0, 0, 80, 80)
    assert off_mixes(rgb, SIDE, box=box, pitch=PITCH, contrast=10, across=1.5)[0] == 1
    assert _drawn(image) == 1


@pytest.mark.parametrize(
    "line",
    [
        None,  # a bare step: a tint's edge, glow's
        tuple(round((g + t) / 2) for g, t in zip(GROUND, TINT, strict=True)),  # their mix
    ],
)
def test_a_step_between_two_faces_is_no_line(line: tuple[int, int, int] | None) -> None:
    assert _drawn(_across(GROUND, line)) == 0


def test_a_face_past_the_image_edge_shows_no_line() -> None:
    # A line the image's edge runs along: the face past it is nothing's, not black.
    image = np.zeros((80, 80, 3), np.uint8)
    image[:] = TINT
    image[:, :2] = LINE
    side = np.array([[[0.5, 10.0], [0.5, 70.0]]])
    rgb = image.astype(np.float32)
    seen = off_mixes(rgb, side, box=(0, 0, 80, 80), pitch=PITCH, contrast=10, across=1.5)
    assert seen[0] == 0


@pytest.mark.parametrize(
    ("category", "state", "seed"),
    [
        ("mirror", "solved", 300059),
        ("colour_blind", "solved", 300055),
    ],
)
def test_boards_under_a_light_flows_tint_are_read_exactly(
    reads_exactly: ReadsExactly, category: str, state: str, seed: int
) -> None:
    # Dev seeds: a light flow's hexagons were never found drawn: "the hexagons go on past
    # the board's outline" before.
    reads_exactly(category, seed, "hex", state)


def test_a_board_under_a_light_flows_tint_found_whole_is_then_judged_by_its_walls(
    reads_exactly: ReadsExactly,
) -> None:
    # Mirror 300012 started: its hexagons under the light tint are found now (the board no
    # longer "goes on past the outline"). The shares of the lines' colour then read other
    # walls than the clearest channels along a direction where both are clear (the rule
    # then, before ``_hex_heard.VETO``, asked for the same walls), refused, while the lines'
    # level in red was the glow's (103, the lines' own 63: the top-hat keeps no line
    # darker than its ground); with their own value there
    # (``_hex_faces.FacedInks._own_colour``) the two agree and it reads exactly.
    reads_exactly("mirror", 300012, "hex", "started")
