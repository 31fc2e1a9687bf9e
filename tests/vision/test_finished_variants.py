"""Finished and started boards of the game's other kinds whose pipes hide what the reader
looks for: a warp's opening a flow runs out of, a bridge's rails under the flow over
its deck or among a white flow's grey tints, dots' letters passing for rails; and a
solutions site's warps, shown only by a flow's stub past a thin border.

Synthetic shots of development seeds are read exactly, their pipes as drawn.
"""

from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path

import pytest

from flowbot.formats import read_puzzles
from flowbot.models import link
from flowbot.screens.synthetic import sample
from flowbot.vision import load_image, read_board
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._warp_stubs import UNSEEN

SHARED = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
SITE = SHARED / "variants"


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state"),
    [
        ("warps", "phone", 300000, "solved"),  # the opening hidden under the flow
        ("warps", "phone", 300002, "solved"),  # with a wall: the outlined stage
        ("warps", "phone_large", 300002, "solved"),  # a stub's cell past the frame
        ("bridges", "tiny_cells", 300000, "solved"),  # rails beside the flow over the deck
        ("bridges", "crop", 300001, "solved"),  # a tile among a white flow's grey tints
        ("bridges", "colour_blind", 300000, "solved"),  # dots' letters pass for rails
        ("classic", "colour_blind", 300001, "started"),  # a small lettered dot's disc
    ],
)
def test_a_board_whose_pipes_hide_its_features_is_read(
    variant: str, category: str, seed: int, state: str
) -> None:
    shot = sample(category, seed, variant, state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.pipes == shot.pipes
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")
    assert UNSEEN not in reading.notes  # the game draws its warps' openings


@pytest.mark.skipif(not SITE.is_dir(), reason="the solutions site's images are not here")
def test_the_sites_warps_are_read_from_the_flows_stubs_and_the_rest_said_unseen() -> None:
    png = SITE / "warps" / "4.png"
    [level] = read_puzzles(png.with_suffix(".txt"), "levelpack")
    reading = read_board(load_image(png))
    want = level.puzzle.canonical()
    steps = {link(a, b) for path in level.solution.paths for a, b in pairwise(path)}
    got = reading.puzzle.canonical()
    assert got.warps == want.warps & steps  # the warps a flow takes, no other
    assert not got.walls  # not drawn
    assert {(p.a, p.b) for p in got.pairs} == {(p.a, p.b) for p in want.pairs}
    assert ALREADY_SOLVED in reading.notes
    assert UNSEEN in reading.notes


@pytest.mark.skipif(not SITE.is_dir(), reason="the solutions site's images are not here")
def test_the_sites_crossings_are_read_where_the_flow_over_tints_the_cell() -> None:
    png = SITE / "party" / "6.png"
    [level] = read_puzzles(png.with_suffix(".txt"), "levelpack")
    reading = read_board(load_image(png))
    assert reading.puzzle.bridges == level.puzzle.bridges
    assert {(p.a, p.b) for p in reading.puzzle.canonical().pairs} == {
        (p.a, p.b) for p in level.puzzle.canonical().pairs
    }
