"""The outline's level among the edges far above the lines is taken from those in its own
brighter colour where the rest are a group of their own far below them
(``_outline_edges._outline_level``): lines a light shaft lifts far above the rest of the
board's outnumber the walls and frame there, and set the middle between the groups among
themselves otherwise; a frame drawn in the lines' colour near the bright outline is one
group with it."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Reading
from flowbot.vision._outline_edges import GROUPS_APART, TOPS_APART, _outline_level

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

LINE, WALL = 0.4, 2.6
LINES_TOP, WALLS_TOP = 2.07, 2.36


def _edges(walls_top: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Inks and brightest pixels of 200 grid lines (100 lit far above the rest, up to
    10^1.7) and 60 walls (``walls_top`` their brightest pixel), with the heavy edges and the
    grid's inner edges (every line, the walls among them)."""
    rng = np.random.default_rng(0)
    lines = np.concatenate([rng.normal(LINE, 0.1, 100), rng.uniform(0.9, 1.7, 100)])
    every = np.concatenate([lines, rng.normal(WALL, 0.03, 60)])
    tops = np.concatenate([rng.normal(LINES_TOP, 0.01, 200), rng.normal(walls_top, 0.01, 60)])
    heavy = every > LINE + GROUPS_APART
    return every, tops, heavy, np.ones(every.size, bool)


def test_the_outline_is_the_heavy_edges_in_its_own_brighter_colour() -> None:
    every, tops, heavy, inner = _edges(WALLS_TOP)
    assert abs(_outline_level(every, tops, heavy, inner) - WALL) < 0.05
    # Taken by ink alone, the lit lines pull it half way down to them.
    assert abs(float(np.median(every[heavy])) - WALL) > 0.8


def test_without_a_brighter_colour_every_heavy_edge_counts() -> None:
    every, tops, heavy, inner = _edges(LINES_TOP + TOPS_APART / 2)
    assert _outline_level(every, tops, heavy, inner) == float(np.median(every[heavy]))


def test_a_frame_in_the_lines_colour_near_the_bright_outline_is_one_group_with_it() -> None:
    # A web version draws the board's frame in the lines' colour, only wider, beside its
    # holes' bright outline: heavy edges not a group of their own far below it.
    rng = np.random.default_rng(1)
    every = np.concatenate(
        [rng.normal(2.38, 0.05, 200), rng.normal(2.83, 0.02, 44), rng.normal(3.12, 0.02, 30)]
    )
    tops = np.concatenate([rng.normal(2.08, 0.02, 244), rng.normal(2.36, 0.01, 30)])
    heavy = every > 2.38 + GROUPS_APART
    level = _outline_level(every, tops, heavy, np.ones(every.size, bool))
    assert level == float(np.median(every[heavy]))
    assert level < 2.9


def test_a_walled_board_with_lines_lit_by_a_light_shaft_is_read(
    reads_exactly: ReadsExactly,
) -> None:
    # Lines under a light shaft at up to 10^1.7 of ink, the board's lines 10^0.4, walls and
    # frame 10^2.6; by ink alone the middle fell among the lit lines, refused as walls.
    reads_exactly("drift", 11600002, "walls", "unsolved")
