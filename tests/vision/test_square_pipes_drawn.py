"""Square boards with pipes drawn: a tint along a border, a small lettered dot's rim, a frame.

A solved board tints each cell its flow's colour: one tint near the lines' colour
along most of a side passes for the border drawn there. A small dot's disc, looked
at clear of its colour-blind letter, takes in its blurred rim. A frame flush
against another window, a flow's tint inside it, keeps the outline's colour but
not its ink over the ground. A ring the lettered-disc search's reach cuts to a few
pixels is no part of a disc.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._pipes import shows_a_link

_RED = np.array([52.1, 78.5, 64.4])
_TINT = np.array([13.6, 24.6, 16.3])


def test_a_dots_disc_mixed_with_its_ground_shows_its_link() -> None:
    # Warps colour_blind 320000 solved (23.4 px cells): a red dot's disc 0.85 of the
    # way from the tinted ring to its pipe's colour, 12.6 Lab and 5.4 L* off it.
    disc = np.array([[46.7, 70.8, 56.1]])
    assert shows_a_link(disc, _RED[None], _TINT)


def test_a_colour_off_the_way_to_the_ground_shows_no_link() -> None:
    # As far along, but 14 Lab off the line from the ring to the pipe's colour (18.6
    # from it): another colour, no mix of the pipe's with the ground.
    off = np.array([[46.3, 79.7, 46.7]])
    assert not shows_a_link(off, _RED[None], _TINT)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "category", "state", "seed"),
    [
        # A yellow tint along the right side passed for the border (the screen's edge
        # crops it): the top right cell, tinted green, was read left out.
        ("classic", "mirror", "solved", 300112),
        # The red dot A's disc, clear of its letter, 12.6 Lab off its pipe: read no dot.
        ("warps", "colour_blind", "solved", 320000),
        # The right frame beside a yellow tint, the window's green past a 2 px margin:
        # 10^2.15 ink, under "heavier than the lines", yet the outline's colour.
        ("walls", "mirror", "started", 400004),
        # At a pitch of 33.5 px the lettered-disc search's last ring holds 2 pixels, one
        # on the pipe into dot B: its disc read past any dot's size, its letter kept.
        ("holes", "colour_blind", "started", 500008),
    ],
)
def test_boards_with_pipes_drawn_are_read(
    variant: str, category: str, state: str, seed: int
) -> None:
    shot = sample(category, seed, variant, state)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()
