"""A hexagonal board's lattice among a desktop's clutter: looked for close around its dots."""

from __future__ import annotations

import pytest

from flowbot.models import HexGeometry
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_lattice import find_hex_lattices
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._types import Settings

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
def test_a_finished_board_beside_a_windows_clutter_is_read(seed: int) -> None:
    shot = sample("mirror", seed, "hex", "solved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.pipes == shot.pipes
    assert ALREADY_SOLVED in reading.notes
