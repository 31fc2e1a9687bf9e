"""Edges hidden by a ground lit up to the lines' lightness, on hand-built L* profiles."""

from __future__ import annotations

import numpy as np

from flowbot.vision._board_hidden_lines import _lines_lighter, _lit_as_the_lines

GROUND, LINE = 10.0, 40.0


def _across(edges: list[list[list[float]]]) -> np.ndarray:
    """One direction's block ``[line, span, point, offset]``: one inner line, a span per edge."""
    return np.array(edges, float)[None]


def _line_on(ground: float, line: float = LINE) -> list[list[float]]:
    """Three points along an edge, each a one-pixel line between two ground pixels."""
    return [[ground, ground, line, ground, ground]] * 3


def _lit(*unseen: list[list[float]], out: float | None = None) -> np.ndarray:
    """Which of ``unseen`` edges (after four seen ones) lie on a ground lit up to the lines.

    ``out``: the ground a little way out beside them (by default, as at
    the ends of their look across).
    """
    block = _across([_line_on(GROUND)] * 4 + list(unseen))
    beside = block[..., [0, -1]].copy()
    if out is not None:
        beside[:, 4:] = out
    seen = np.arange(block.shape[1]) < 4
    return _lit_as_the_lines([block], [beside], seen, typical=LINE - GROUND)[4:]


def test_a_line_on_a_ground_lit_up_to_it_is_hidden_not_missing() -> None:
    assert _lit([[LINE + 3.0] * 5] * 3).tolist() == [True]


def test_a_hole_shows_the_dark_ground() -> None:
    assert _lit([[GROUND] * 5] * 3).tolist() == [False]


def test_a_ground_far_lighter_than_the_lines_would_show_them_dark() -> None:
    assert _lit([[LINE + 2 * (LINE - GROUND)] * 5] * 3).tolist() == [False]


def test_a_pipe_across_an_edge_leaves_the_ground_beside_it_dark() -> None:
    # A pipe as light as the lines covers the edge's middle point; by its
    # other two the line shows on the dark ground: its lightest pixel is
    # the lines' all along, yet the ground beside it is no glow.
    pipe = [[LINE] * 5, *_line_on(GROUND)[:2]]
    assert _lit(pipe).tolist() == [False]


def test_a_wall_lights_only_a_narrow_band_beside_the_line() -> None:
    # A wall's two bright strokes either side of the line: the ground
    # between them, the line, is as light as the lines; a little way out
    # it is dark again.
    wall = [[90.0, LINE, LINE, LINE, 90.0]] * 3
    assert _lit(wall, out=GROUND).tolist() == [False]
    assert _lit([[LINE + 3.0] * 5] * 3, out=LINE + 3.0).tolist() == [True]


def test_dark_lines_on_a_light_page_stand_below_it() -> None:
    light = _across([[[90.0, 90.0, 20.0, 90.0, 90.0]] * 3] * 4)
    dark = _across([_line_on(GROUND)] * 4)
    seen = (np.ones((1, 4), bool),)
    assert not _lines_lighter([light], seen)
    assert _lines_lighter([dark], seen)
