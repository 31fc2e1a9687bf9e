"""Another window's ruled rows in step with a board's lines are no run-on of them.

The line map takes in any thin bright line: an editor's ruled page beside a
mirror window, its rules a third of the board's pitch apart, puts one in line
with each of the board's rows past its right border. The board's lines going
on keep the one colour the game draws them in; the rules are of their own
(white beside green, 53 CIELAB off), so ``check_edges`` leaves them out as
the colour rule (``check_run_on_by_colour``) does.
"""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_run_on import other_lines_past
from flowbot.vision._past_border import run_on_visibility
from flowbot.vision._types import DEFAULT_SETTINGS


def test_ruled_rows_in_step_with_a_boards_rows_are_read_past() -> None:
    shot = sample("colour_blind", 1200002, "bridges", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_only_lines_seen_past_the_border_in_another_colour_are_another_windows() -> None:
    shot = sample("colour_blind", 1200002, "bridges", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    run_ons = run_on_visibility(shot.image, xs, ys, uncertainty=2)
    # The ruled rows beside the right border, in step with four of its six inner lines ...
    assert other_lines_past(run_ons["right"], DEFAULT_SETTINGS).sum() == 4
    # ... and nothing past the other borders (nothing seen there: its colour is noise's).
    for side in ("top", "bottom", "left"):
        assert not other_lines_past(run_ons[side], DEFAULT_SETTINGS).any()
