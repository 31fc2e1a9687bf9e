"""Pipes drawn on the game's other boards: walls, holes, bridges, warps (started or solved).

Synthetic shots (seeds of development) are read exactly, their pipes as drawn,
a finished board "already solved"; a solutions site's image of a solved
bridges level (two flows crossing, no tile drawn) reads its bridge.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from flowbot.formats import read_puzzles
from flowbot.models import Reading
from flowbot.vision import load_image, read_board
from flowbot.vision._colour import NEAR, delta_e, delta_e94
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

SHARED = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
SITE = SHARED / "variants"


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state"),
    [
        ("walls", "desktop_app", 100000, "solved"),
        ("holes", "desktop_app", 100000, "started"),
        ("holes", "crop", 100001, "solved"),
        ("bridges", "desktop_app", 100000, "started"),
        ("warps", "desktop_app", 100000, "started"),
        ("warps", "web", 100000, "started"),  # a flow let go just past its warp
        # The screenshot preview's board found first, the board's lines only
        # followed through its pipes: the later looks are tried too.
        ("walls", "preview", 300001, "started"),
        # A wall beside pipes the classic search's lines miss: its border shows
        # it in the outline's colour, and the board with an outline is read.
        ("walls", "phone", 300000, "solved"),
        # Held-out shots once read wrong (session 21): a dark flow on a ground of
        # nearly its hue, its pipe fainter than the pipe contrast (the flow was left
        # out); a bridge's tile under a pipe in cells of 22 px (the bridge was left out).
        ("walls", "preview", 800000, "started"),
        ("walls", "preview", 800000, "solved"),
        ("bridges", "tiny_cells", 800000, "started"),
        ("warps", "phone", 300000, "solved"),  # the opening hidden under the flow
        ("warps", "phone", 300002, "solved"),  # with a wall: the outlined stage
        ("bridges", "tiny_cells", 300000, "solved"),  # rails beside the flow over the deck
        ("bridges", "crop", 300001, "solved"),  # a tile among a white flow's grey tints
        ("bridges", "colour_blind", 300000, "solved"),  # dots' letters pass for rails
        ("classic", "colour_blind", 300001, "started"),  # a small lettered dot's disc
        # The preview's copy of a bridges board, its pipes read in the copy: compared as
        # drawn, no other board.
        ("bridges", "preview", 300001, "started"),
        # A lettered dot over its flow's tint is no bridge tile (its letter for rails).
        ("holes", "colour_blind", 300000, "started"),
        # A line darker than both cells beside it, which flows' tints light: a line.
        ("walls", "crop", 300001, "started"),
        # A tile painted over with its neighbours' rings: the cells round it are
        # dots and flows' tints, few empty (the patch stood out as a tile).
        ("bridges", "mirror", 300008, "started"),
        ("bridges", "rectangular", 300010, "started"),
        # A flow under a tile between its two dots (no piece of pipe shows), one over it.
        ("bridges", "crop", 300016, "started"),
        # A dark flow through a warp shows nothing drawn at one opening, its
        # colour at the other: the warp its pipes are read through is open at both.
        ("warps", "drift", 300006, "started"),
        # Between two flows' tints a line shows only as their step: no wall.
        ("warps", "phone_large", 300002, "started"),
        # A flow through a warp from a dot on the border straight out of it (no
        # link inside the board): a stub out at each end.
        ("warps", "huge_cells", 300013, "started"),
        ("warps", "preview", 300008, "started"),
        # A board with warps alone, another window's lines in step with it beside
        # the openings: the outlined stage reads it.
        ("warps", "drift", 100004, "started"),
        # A colour-blind dot's letter covers its centre: its flow runs out through
        # a warp in its colour sampled without the letter.
        ("warps", "colour_blind", 100012, "solved"),
        # Faint lines hidden under flows' tints round two cells: no hole (not
        # outlined), cells the flows cover.
        ("warps", "drift", 300007, "solved"),
        # A saturated blue flow out through a warp in 21 px cells: scaling dulls its
        # edge on the border line by chroma alone, the same flow in CIE94.
        ("warps", "tiny_cells", 6050001, "started"),
    ],
)
def test_pipes_on_a_variant_board_are_read(
    reads_exactly: ReadsExactly, variant: str, category: str, seed: int, state: str
) -> None:
    reading = reads_exactly(category, seed, variant, state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


@pytest.mark.skipif(not SITE.is_dir(), reason="the solutions site's images are not here")
def test_two_flows_crossing_on_a_bridge_with_no_tile_read_its_bridge() -> None:
    png = SITE / "bridges" / "2.png"
    [level] = read_puzzles(png.with_suffix(".txt"), "levelpack")
    reading = read_board(load_image(png))
    assert reading.puzzle.bridges
    assert reading.puzzle.canonical() == level.puzzle.canonical()
    assert ALREADY_SOLVED in reading.notes


def test_a_saturated_flow_dulled_by_chroma_alone_is_its_colour_in_cie94() -> None:
    flow = np.array([35.3, 70.8, -102.8])  # a blue pipe's core, chroma 125
    edge = np.array([[34.1, 60.3, -92.7], [33.8, 60.2, -92.1]])  # its edge on the border line
    assert (delta_e(edge, flow) > NEAR).all()
    assert (delta_e94(edge, flow) < NEAR / 3).all()
    ground = np.array([5.0, 20.0, -30.0])  # darker: lightness counts in full
    assert float(delta_e94(ground, flow)) > 2 * NEAR
