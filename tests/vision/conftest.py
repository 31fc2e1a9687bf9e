"""Fixtures shared by the vision tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from flowbot.models import Reading, Solution
from flowbot.screens.synthetic import official_levels, sample
from flowbot.vision import read_board


def _reads_exactly(category: str, seed: int, variant: str, state: str) -> Reading:
    """The reading of the synthetic shot ``sample(category, seed, variant, state)``, checked
    exact: its board as drawn (``Puzzle.as_drawn``, as the benchmark counts it) and every
    pipe drawn (none on an unsolved board)."""
    shot = sample(category, seed, variant, state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.as_drawn().canonical()
    if any(shot.pipes):
        assert reading.pipes == shot.pipes
    else:  # no pipes drawn: the reading says none is (an empty tuple, or empty sets)
        assert not any(reading.pipes)
    return reading


ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.fixture
def reads_exactly() -> ReadsExactly:
    """``_reads_exactly``: a synthetic shot read exactly, pipes too."""
    return _reads_exactly


@pytest.fixture(scope="session")
def walled_hex_levels(shared: Path) -> tuple[Solution, ...]:
    """The game's own hexagonal levels with walls (``../shared/official``), to draw
    ``sample(..., levels)`` from; skipped when the corpora are absent."""
    hexes = official_levels(str(shared / "official"))["hex"]
    return tuple(level for level in hexes if level.puzzle.walls)
