"""A started board found in part: grown past lines a pipe's tint hides, and past a pipe.

A flow's tint as light as the lines, along a border's cells, hides the lines
crossing that border on both sides of it; a flow along the board's last column
hides its last column's lines past the grid found. Neither says the board ends
there: a line hidden inside a border says nothing, and a pipe crossing a border
says the board goes on (the game draws no flow out of a classic board).
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_lines import _SEEN_BRIGHT, _drawn_apart, _own_channel
from flowbot.vision._grow import _sides_going_on
from flowbot.vision._lattice import Lattice
from flowbot.vision._past_border import RunOn
from flowbot.vision._pipes_across import pipes_across
from flowbot.vision._types import DEFAULT_SETTINGS

CONTRAST = DEFAULT_SETTINGS.pipe_contrast


def _right_band(inside: list[float], beyond: list[float]) -> dict[str, RunOn]:
    """A right border's crossing lines, each keeping its colour past it."""
    n = len(inside)
    return {"right": RunOn(np.array(beyond), np.array(inside), np.array(beyond), np.zeros(n))}


def test_lines_hidden_inside_a_border_leave_it_to_the_lines_that_show() -> None:
    # Eleven rows' lines (typical 16): five hidden under a white flow's tint on
    # both sides of the border, the rest going on (mirror 300015 started).
    grid = Lattice(tuple(10.0 * k for k in range(9)), tuple(10.0 * k for k in range(13)))
    inside = [16.4, 18.2, 20.4, 13.2, 1.7, 1.1, 3.8, 5.7, 5.6, 6.5, 16.1]
    beyond = [20.0, 18.0, 20.9, 20.3, 11.0, 8.8, 19.0, 22.2, 25.7, 18.0, 15.8]
    band = _right_band(inside, beyond)
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=16.0, first={}, grid=grid) == ["right"]
    # The lines that show inside stop there: the board ends.
    stopped = [1.0, 0.5, 0.0, 2.0, *beyond[4:10], 0.0]
    band = _right_band(inside, stopped)
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=16.0, first={}, grid=grid) == []
    # Most lines hidden inside: too few show to say the board goes on.
    hidden = [16.4, 18.2, 1.0, 1.0, 1.7, 1.1, 2.0, 1.0, 1.0, 1.0, 16.1]
    band = _right_band(hidden, beyond)
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=16.0, first={}, grid=grid) == []


def test_lines_dimmed_inside_a_border_by_a_tint_go_on_like_the_typical_line() -> None:
    # A 10x7 board found 9 columns wide: its next-to-last column tinted by
    # a started board's yellow and orange runs dims the rows' lines there to
    # 4-7, past the border (the last column, plain ground) they show 10-18,
    # the grid's typical line 14 (classic jpeg 4700004 started, 28 px cells).
    grid = Lattice(tuple(28.0 * k for k in range(10)), tuple(28.0 * k for k in range(8)))
    inside = [12.9, 6.5, 5.9, 4.1, 5.3, 13.8]
    beyond = [0.9, 9.8, 12.2, 14.7, 17.9, 16.4]
    band = _right_band(inside, beyond)
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=14.0, first={}, grid=grid) == ["right"]
    # Brighter than twice the typical line: another window's rules, not the board's.
    ruled = [0.9, 30.0, 32.0, 31.0, 33.0, 16.4]
    band = _right_band(inside, ruled)
    assert _sides_going_on(band, DEFAULT_SETTINGS, like=14.0, first={}, grid=grid) == []


def test_a_board_a_column_short_under_a_tint_reads_whole() -> None:
    # The same board end to end: grown to its 10 columns, the spreadsheet
    # beside the mirror window no part of it.
    shot = sample("jpeg", 4700004, "classic", "started")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.as_drawn().canonical()


@pytest.mark.parametrize(("seed", "state"), [(300015, "started"), (300111, "solved")])
def test_a_pipe_crossing_a_border_is_seen_and_none_crosses_the_boards_own(
    seed: int, state: str
) -> None:
    shot = sample("mirror", seed, "classic", state)
    xs, ys = np.asarray(shot.geometry.xs), np.asarray(shot.geometry.ys)
    assert not any(pipes_across(xs, ys, shot.image, CONTRAST).values())
    # A column short, some flow runs on past its right border (mirror 300015
    # started: the yellow flow along the last column, its lines hidden there).
    assert pipes_across(xs[:-1], ys, shot.image, CONTRAST)["right"] >= 1


def test_no_pipe_crosses_a_border_where_none_is_drawn() -> None:
    shot = sample("mirror", 300015, "classic", "unsolved")
    xs, ys = np.asarray(shot.geometry.xs), np.asarray(shot.geometry.ys)
    assert not pipes_across(xs[:-1], ys[:-1], shot.image, CONTRAST)["right"]
    assert not pipes_across(xs[:-1], ys[:-1], shot.image, CONTRAST)["bottom"]


def test_lines_dark_in_the_brightest_channel_are_judged_in_their_own() -> None:
    # Grey-green lines (67, 88, 73) on a purple glow brighter in blue (73, 13,
    # 102): darker than the ground in the brightest channel, bright in green.
    # An edge between the purple flow's tint and the ground, stronger in the
    # line map than its neighbours, is drawn as the lines are: no wall.
    shot = sample("mirror", 300111, "classic", "started")
    xs, ys = np.asarray(shot.geometry.xs), np.asarray(shot.geometry.ys)
    own = _own_channel(shot.image, xs, ys, DEFAULT_SETTINGS.line_contrast, _SEEN_BRIGHT)
    assert own is not None
    assert np.array_equal(own[..., 0], shot.image[..., 1])
    lattice = Lattice(tuple(xs), tuple(ys))
    n_vertical = (len(xs) - 2) * (len(ys) - 1)
    stronger = np.zeros(n_vertical + (len(ys) - 2) * (len(xs) - 1), bool)
    stronger[9 * (len(ys) - 1) + 8] = True  # vertical line 10, row 8
    assert not _drawn_apart(stronger, lattice, shot.image, 1, DEFAULT_SETTINGS.line_contrast)
    # Lines darker than their ground in every channel (grey, the green
    # channel turned over): cannot tell, as before.
    dark = np.repeat(255 - shot.image[..., 1:2], 3, axis=2)
    assert _own_channel(dark, xs, ys, DEFAULT_SETTINGS.line_contrast, _SEEN_BRIGHT) is None
    assert _drawn_apart(stronger, lattice, dark, 1, DEFAULT_SETTINGS.line_contrast)
