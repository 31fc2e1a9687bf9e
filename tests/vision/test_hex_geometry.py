"""A hexagonal board's lattice among a desktop's clutter: looked for close around its dots."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.models import HexGeometry, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision._hex_lattice import find_hex_lattices
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._types import Settings

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

#: Mirrored finished boards among windows within three cells of their dots: a
#: spreadsheet's ruled rows beside a 7x10 board (300003: no repeat of its pitch stood
#: out along all three directions there), lines of text either side of a 5x5 (300010).
BESIDE_CLUTTER = (300003, 300010)


@pytest.mark.parametrize("seed", BESIDE_CLUTTER)
def test_the_lattice_around_a_boards_flows_has_its_pitch(seed: int) -> None:
    shot = sample("mirror", seed, "hex", "solved")
    settings = Settings()
    geometry = shot.geometry
    assert isinstance(geometry, HexGeometry)
    lattices = find_hex_lattices(
        shot.image, settings.work_size, settings.line_contrast, 60, flows=True
    )
    pitches = [lattice.row_step for lattice in lattices]
    assert any(abs(p / geometry.row_step - 1) < 0.01 for p in pitches)


@pytest.mark.parametrize("seed", BESIDE_CLUTTER)
def test_a_finished_board_beside_a_windows_clutter_is_read(
    reads_exactly: ReadsExactly, seed: int
) -> None:
    reading = reads_exactly("mirror", seed, "hex", "solved")
    assert ALREADY_SOLVED in reading.notes
