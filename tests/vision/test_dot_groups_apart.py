"""A set of pairs of dots that falls apart is looked round group by group.

Discs of a dot's size in a window beside a small board join its dots' set, and the
set's region then spreads over that window's clutter (``_dots_apart.groups_apart``).
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._dots_apart import APART, groups_apart

RED, BLUE, GREEN, PINK = (250, 0, 0), (10, 40, 250), (0, 140, 0), (230, 135, 135)


def _dots(*rows: tuple[float, float, tuple[int, int, int]], size: float = 44.0) -> np.ndarray:
    return np.array([(x, y, size, *colour) for x, y, colour in rows], float)


def test_a_pair_far_off_the_board_is_a_group_of_its_own() -> None:
    board = [(1636, 573, RED), (1692, 284, RED), (1858, 573, BLUE), (1858, 380, BLUE)]
    board += [(1748, 508, GREEN), (1636, 444, GREEN)]
    window = [(796, 243, PINK), (885, 225, PINK)]  # 17 dot sizes off
    groups = groups_apart(_dots(*board, *window))
    assert sorted(len(group) for group in groups) == [2, 6]


def test_a_board_whose_pair_spans_it_stays_one_group() -> None:
    # Two red ends farther apart than APART dot sizes, each near the board's other dots.
    far = APART * 44 * 1.5
    dots = _dots((0, 0, RED), (far, 0, RED), (60, 0, BLUE), (far - 60, 0, BLUE))
    assert groups_apart(dots) == []
