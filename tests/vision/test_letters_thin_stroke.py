"""A lettered dot's ink counted over every pixel: a thin stroke the samples skip is no noise."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.render import _draw_letter, _fill_circle
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._colour import to_lab
from flowbot.vision._letters import lettered_discs

PURPLE = (129, 0, 126)


def _lettered(letter: str, pitch: float, offset: float) -> bool:
    """Whether a purple dot with ``letter`` on it in white, on black, reads as lettered."""
    canvas = np.zeros((200, 200, 3), np.uint8)
    x = y = 100 + offset
    radius = 0.33 * pitch
    _fill_circle(canvas, x, y, radius, PURPLE)
    _draw_letter(canvas, (x, y), radius, letter, (255, 255, 255))
    ring = to_lab(np.zeros((1, 3), np.uint8))
    return bool(lettered_discs(canvas, np.array([[x, y]]), pitch, ring).lettered[0])


@pytest.mark.parametrize("offset", [0.0, 0.25, 0.5])
def test_an_i_whose_stem_falls_between_the_samples_is_a_letter(offset: float) -> None:
    # 51.4 px cells are sampled 1.29 px apart: every fourth or fifth pixel column is
    # skipped, and an I's 2-3 px stem along one showed 0.042 of the inside as ink (under
    # LEAST_INK 0.05), 0.09 counted over every pixel.
    assert _lettered("I", 51.4, offset)


def test_a_plain_disc_is_not_lettered() -> None:
    canvas = np.zeros((200, 200, 3), np.uint8)
    _fill_circle(canvas, 100.25, 100.25, 0.33 * 51.4, PURPLE)
    ring = to_lab(np.zeros((1, 3), np.uint8))
    assert not lettered_discs(canvas, np.array([[100.25, 100.25]]), 51.4, ring).lettered[0]


def test_a_short_dash_is_no_letter() -> None:
    # Ink counted over every pixel must stand a capital's height: a dash 2 px high over a
    # disc (a glint, a scratch) covers 0.05 of the inside yet is no letter.
    canvas = np.zeros((200, 200, 3), np.uint8)
    _fill_circle(canvas, 100.25, 100.25, 0.33 * 51.4, PURPLE)
    canvas[100:102, 92:109] = 255
    ring = to_lab(np.zeros((1, 3), np.uint8))
    assert not lettered_discs(canvas, np.array([[100.25, 100.25]]), 51.4, ring).lettered[0]


def test_a_hex_board_with_a_thin_lettered_i_is_read() -> None:
    # Synthetic hex colour_blind 400010 unsolved: a purple dot's I refused as "not a flat dot".
    shot = sample("colour_blind", 400010, "hex", "unsolved")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()
