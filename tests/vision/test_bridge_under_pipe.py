"""A bridge's tile the finder misses under a drawn pipe is refused, never read as a pipe's
cell; a pipe's own cells show no such tile."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell
from flowbot.screens.synthetic import SyntheticShot, sample
from flowbot.vision import _bridges, read_board
from flowbot.vision._bridges import rails_unfound

#: A 16x12 bridges board of 18.6 px cells, started: a red flow drawn over the deck of
#: the bridge at (5, 9), a yellow cloud dimming the tile's edges on two sides.
SHOT = ("tiny_cells", 6900000, "bridges", "started")


def _piped() -> tuple[SyntheticShot, frozenset[Cell]]:
    shot = sample(*SHOT)
    dots = {cell for pair in shot.puzzle.pairs for cell in (pair.a, pair.b)}
    return shot, frozenset(set().union(*shot.pipes) - dots)


def test_every_bridge_under_a_pipe_shows_its_rails_and_no_other_pipe_cell_does() -> None:
    shot, piped = _piped()
    assert set(rails_unfound(shot.image, shot.geometry, piped)) == set(shot.puzzle.bridges)


def test_a_tile_missed_under_a_pipe_is_refused_not_read_without_its_bridge(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No weak side allowed: the finder misses the tile at (5, 9), its edges dimmed by glow.
    monkeypatch.setattr(_bridges, "WEAK_SIDES", 0)
    shot = sample(*SHOT)
    with pytest.raises(UnsureReadingError, match=r"cell \(5, 9\) shows a bridge's rails"):
        read_board(shot.image)
