"""A grid line over a darker ground than the rest is no wall for its half height's width.

Two cells left black on a board a flow's tint or glow lights elsewhere: the line
between them stands higher above its ground, and its half height takes in more
of its blurred skirt, a pixel wider than the lines on the lit ground. Taken no
deeper below its top than the typical line's half height, it is as wide as they
are (``_edges.line_profiles(depth=...)``); a wall is wider there too.
"""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.screens.synthetic import SyntheticShot, sample
from flowbot.vision import read_board
from flowbot.vision._edges import line_profiles
from flowbot.vision._stats import median_of


def _shot() -> SyntheticShot:
    return sample("crop", 300027, "bridges", "started")


def test_a_bridge_board_with_two_black_cells_among_lit_ones_reads_exactly() -> None:
    shot = _shot()
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_the_line_between_the_black_cells_is_as_wide_as_the_rest_at_the_typical_depth() -> None:
    shot = _shot()
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    lines = line_profiles(shot.image, xs, ys, near_ends=True)
    # Horizontal line 4 (between rows 3 and 4), the edge of column 5: both cells black.
    n_vertical = (len(xs) - 2) * (len(ys) - 1)
    edge = n_vertical + 3 * (len(xs) - 1) + 5
    typical_peak, typical_width = median_of(lines.peak), median_of(lines.width)
    assert lines.peak[edge] > 2 * typical_peak
    assert lines.width[edge] > typical_width
    core = line_profiles(shot.image, xs, ys, near_ends=True, depth=typical_peak / 2).width
    assert core[edge] <= median_of(core)
