"""Lettered dots (the colour-blind setting) in cells of about 14 px (session 47).

A disc 4.5 px in radius has its band (where its colour is taken, clear of the
letter) within a pixel of its rim: every band pixel is blurred with the ground,
and a pair's twins came out 14 Lab apart by their pixel phase. And a dot's rim
crossing the line just past a thick outline over half its span made the side's
"ground" a blend of the two, the rim's pixels carried out over the outline's
band: the disc ringed in its colour was no lettered disc.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Cell, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._outline_reach import outline_off
from flowbot.vision._types import Features

ReadsExactly = Callable[[str, int, str, str], Reading]

#: 11x11 holes board of 13.6 px cells in a mirror window, 16 lettered colours;
#: its P dots at (9, 5), inside, and (10, 6), a corner of the outline.
SEED, P_DOTS = 6100000, (Cell(9, 5), Cell(10, 6))


def test_small_lettered_twins_read_alike() -> None:
    shot = sample("colour_blind", SEED, "holes", "unsolved")
    samples = sample_cells(shot.image, shot.geometry)
    a, b = (samples.core_lab[cell] for cell in P_DOTS)
    assert all(samples.lettered[cell] for cell in P_DOTS)
    assert float(delta_e(a, b)) < 3.0  # 14.2 from the bands' medians


def test_a_dot_rim_past_the_outline_is_not_carried_over_its_band() -> None:
    shot = sample("colour_blind", SEED, "holes", "unsolved")
    features = Features(holes=frozenset(shot.puzzle.holes))
    shown = outline_off(shot.image, shot.geometry, features)
    assert shown is not shot.image
    samples = sample_cells(shown, shot.geometry)
    corner = P_DOTS[1]
    assert samples.lettered[corner]
    # The corner cell's ring is the board's ground, not the dot's pink carried out.
    assert np.allclose(samples.ring_lab[corner], samples.ring_lab[P_DOTS[0]], atol=4.0)


def test_the_small_lettered_board_reads(reads_exactly: ReadsExactly) -> None:
    # Refused before: "the board's outline looks like the lines between its hexagons"
    # (the outlined stage: "cell (10, 6) holds something that is not a flat dot").
    reads_exactly("colour_blind", SEED, "holes", "unsolved")


def test_the_small_lettered_board_reads_solved(reads_exactly: ReadsExactly) -> None:
    # Solved, each cell tinted its flow's colour: beside the red A dot in the corner
    # cell (0, 0) no pixel along the side is like the typical side's (a blue tint),
    # and the blend of the rim and the red tint was carried out over the band: the
    # disc squared off, no lettered disc, its colour read with the letter, unpaired.
    reads_exactly("colour_blind", SEED, "holes", "solved")
