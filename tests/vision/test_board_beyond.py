"""A bigger board beyond the board read (``board_beyond``): the board read may be its
screenshot preview. Its pairs of dots, or as much of a flow's colour as the board's
area (a finished board's flows, no lone dots), show outside it."""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._board_beyond import board_beyond
from flowbot.vision._types import DEFAULT_SETTINGS

# A 5x5 preview of 40 px cells in a 1080x1920 screen's corner.
PREVIEW = BoardGeometry.uniform(left=40, top=1500, width=200, height=200, rows=5, cols=5)


def _screen() -> np.ndarray:
    return np.zeros((1920, 1080, 3), np.uint8)


def test_a_bigger_boards_flows_beyond_the_board_read() -> None:
    screen = _screen()
    assert not board_beyond(screen, PREVIEW, DEFAULT_SETTINGS)
    # A flow's colour over less than the preview's area: a title, an icon.
    cv2.rectangle(screen, (100, 300), (100 + 150, 300 + 150), (230, 40, 40), -1)
    assert not board_beyond(screen, PREVIEW, DEFAULT_SETTINGS)
    # Over as much as its area (200 x 200 px): a finished board's flows.
    cv2.rectangle(screen, (100, 500), (100 + 60, 500 + 300), (40, 200, 40), -1)
    assert board_beyond(screen, PREVIEW, DEFAULT_SETTINGS)


def _dots(pairs: int) -> np.ndarray:
    """A screen with ``pairs`` pairs of dots (60 px discs) above the preview."""
    screen = _screen()
    colours = [(230, 40, 40), (40, 200, 40), (40, 80, 230)]
    for k, colour in enumerate(colours[:pairs]):
        for x in (150, 750):
            cv2.circle(screen, (x, 300 + 200 * k), 30, colour, -1)
    return screen


def test_a_bigger_boards_pairs_of_dots_beyond_the_board_read() -> None:
    # Their colour over less than the preview's area: seen as dots.
    assert board_beyond(_dots(3), PREVIEW, DEFAULT_SETTINGS)
    # Two pairs are an advert's or a button's, no board (every level has three flows).
    assert not board_beyond(_dots(2), PREVIEW, DEFAULT_SETTINGS)
