"""A hexagon lattice's steps measured finely enough to find a small board far from where the
lattice was first placed."""

from __future__ import annotations

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._grid import MIN_BOARD_SIDE
from flowbot.vision._hex_lattice import find_hex_lattices
from flowbot.vision._types import Settings


def test_a_small_boards_step_is_measured_to_its_last_column() -> None:
    # A 6x6 board (61 px pitch) in a mirror window among text: measured in a copy with
    # the pitch at 20 px its step came out 2.3 % short, its hexagons 7 px off five
    # columns on from the lattice's origin, and none was found; now 1.1 % short.
    shot = sample("drift", 100038, "hex")
    truth = shot.geometry
    settings = Settings()
    min_side = MIN_BOARD_SIDE * settings.min_cell_px
    lattice = next(
        find_hex_lattices(shot.image, settings.work_size, settings.line_contrast, min_side)
    )
    assert abs(lattice.row_step / truth.row_step - 1) < 0.015  # (was 0.023)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
