"""Boards with pipes drawn in small cells (about 18-20 px), read exactly.

Each case is a synthetic shot refused before the mechanism named beside it:
a flow into a bridge's tile looked at up to the scaler's and JPEG's blur of
the tile's grey, which is pixels wide, not a share of the pitch
(``_pipes_through._half_along``); JPEG's noise between two holes judged by
how far it rises from the holes' ground, not from black
(``_outline_edges.EdgeKinds.faint_and_dim``).
"""

from __future__ import annotations

import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._pipes_through import _HALF_TILE_BLUR_PX, _HALF_TILE_EDGE, _half_along


@pytest.mark.parametrize(
    ("variant", "seed", "state", "why"),
    [
        ("bridges", 4000001, "solved", "the tile's blurred grey 0.49 pitch along a flow into it"),
        ("holes", 3900000, "solved", "JPEG noise between two holes 10 levels over their ground"),
    ],
)
def test_small_cells_with_pipes_read_exactly(variant: str, seed: int, state: str, why: str) -> None:
    shot = sample("tiny_cells", seed, variant, state)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical(), why


@pytest.mark.parametrize("pitch", [12.0, 18.0, 24.0, 30.0, 60.0, 200.0])
def test_a_band_into_a_tile_is_looked_at_clear_of_the_tiles_blur(pitch: float) -> None:
    along = _half_along(pitch)
    assert along[0] == pytest.approx(0.22)
    assert (_HALF_TILE_EDGE - along[-1]) * pitch >= _HALF_TILE_BLUR_PX - 1e-9
    assert along[-1] <= 0.54 + 1e-9


def test_no_band_into_a_tile_from_a_dot_and_the_line_past_it() -> None:
    # A dark red dot beside the tile, the grid line past it and the black ground:
    # their median channel by channel was a colour near both the dot's and the
    # line's, 0.86 of the samples "holding" it, read as a band into the tile; the
    # cyan flow through it then lost its way (web 31 px cells, a spent held-out seed).
    shot = sample("web", 4300001, "bridges", "started")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()
