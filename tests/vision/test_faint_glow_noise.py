"""A faint glow band's soft edges stay soft through the ground's noise.

A faint band's step (9 L* over a dark ground) is a few levels of 8-bit RGB:
one point's rounding moves its place between band and ground an eighth of the
way between two points half a pixel apart, as fast as a pipe's edge. An edge
is sharp when it rises most of the way within ``BAND_EDGE_PX``, not at one
step between two points (``_rays._rises_within``).
"""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cell_dots import _one_shaft
from flowbot.vision._faint_pipes import DRAWN_SHARE, WIDEST, drawn_share
from flowbot.vision._rays import _rises_within


def test_a_bridge_board_with_a_faint_glow_band_across_its_cells_reads_exactly() -> None:
    # The background's faint pipe, 0.4 pitch wide in 98 px cells, its edges over 10 px.
    shot = sample("crop", 100267, "bridges", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_the_glow_band_is_judged_soft_its_noise_no_edge() -> None:
    shot = sample("crop", 100267, "bridges", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    flow = (Cell(2, 1), Cell(2, 2))
    assert drawn_share(shot.image, geometry, flow, widest=WIDEST) < DRAWN_SHARE


def test_an_edge_rising_within_the_outline_is_sharp_and_noise_on_a_ramp_is_not() -> None:
    points = np.arange(60) * 0.5  # px along a ray
    edge = np.clip((points - 10) / 2.5, 0, 1)  # the whole way in 2.5 px
    ramp = np.clip((points - 5) / 12, 0, 1)  # glow: the whole way in 12 px
    noisy = ramp + np.where(np.arange(60) % 7 == 3, 0.16, 0.0)  # a level's jump here and there
    rises = _rises_within(np.stack([edge, ramp, noisy]), 4.0)
    assert rises.tolist() == [True, False, False]


def test_a_glow_shaft_ends_are_no_pair_of_blurred_dots() -> None:
    # A faint glow shaft across three cells of a row: its two rounded ends look like
    # two blurred dots of one colour, but the cell between stands out as much as they
    # do (a dot's pipe thins between its dots).
    shot = sample("huge_cells", 4000001, "warps", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_blurred_ends_of_a_thinner_band_stay_in_doubt() -> None:
    core = np.full((1, 3, 3), 8.0)
    contrast = np.array([[13.0, 8.5, 14.0]])  # dots 13-14 off their rings, their pipe 8.5
    sides = np.zeros((1, 3, 4), bool)
    sides[0, 1] = [True, False, True, False]  # crossed left to right
    a, b = Cell(0, 0), Cell(0, 2)
    assert not _one_shaft(a, b, contrast, core, sides)
    contrast[0, 1] = 13.5  # as strong as its ends: one shaft
    assert _one_shaft(a, b, contrast, core, sides)
    sides[0, 1] = [True, False, False, False]  # not crossed: an end of its own
    assert not _one_shaft(a, b, contrast, core, sides)
