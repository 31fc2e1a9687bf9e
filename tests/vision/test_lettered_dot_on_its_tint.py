"""A small lettered dot on its own dark flow's tint shows its pipe's colour (session 47).

Classic colour_blind 6200003 started: a maroon dot (white letter "H") in 23.7 px
cells, its pipe leaving it, on the maroon tint the started flow lays under its
cells. Blurred, its disc takes in the tint and the letter: 13.1 Lab off its pipe,
23.8 from the tint, 4.6 off the line between them. The rule for a blurred disc
(a mix of the ring and the link) asked it to stand twice as near the link as the
ring: on a dark flow's own tint (34 Lab from the flow) no small disc does, and
the board was refused ("the pipe at cell (3, 9) is unlike the cell's centre",
then "the colour at cell (1, 2) runs out to its edge").
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Reading
from flowbot.vision._pipes import shows_a_link

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_blurred_lettered_dot_on_its_flows_tint_shows_its_link() -> None:
    disc = np.array([[35.5, 32.7, 17.1]])  # the disc, its letter left out, blurred
    link = np.array([[36.3, 43.0, 25.1]])  # the maroon pipe leaving it
    tint = np.array([22.3, 14.9, 8.4])  # the cell's ring: the flow's tint
    assert shows_a_link(disc, link, tint)


def test_the_tint_itself_shows_no_link() -> None:
    # Nearer the ring than the link: the ground under a pipe's end, no dot of its colour.
    link = np.array([[36.3, 43.0, 25.1]])
    tint = np.array([22.3, 14.9, 8.4])
    nearer_the_tint = 0.4 * link[0] + 0.6 * tint
    assert not shows_a_link(nearer_the_tint[None], link, tint)


def test_the_started_colour_blind_board_reads_exactly(reads_exactly: ReadsExactly) -> None:
    reads_exactly("colour_blind", 6200003, "classic", "started")
