"""A solutions site's finished boards: its warps shown only by a flow's stub past a thin
border (the warps no flow takes and the walls not drawn, and the reading says so), its
bridges by two flows crossing where the flow over tints the cell's ring.

(Synthetic boards whose pipes hide a warp's opening or a bridge's rails:
``test_variant_pipes``.)
"""

from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path

import pytest

from flowbot.formats import read_puzzles
from flowbot.models import link
from flowbot.vision import load_image, read_board
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._warp_stubs import UNSEEN

SHARED = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
SITE = SHARED / "variants"


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
