"""Bridge tiles told from the ground around their own cell, on classic and walled boards."""

from __future__ import annotations

import pytest

from flowbot.generate import generate
from flowbot.models import BoardGeometry
from flowbot.screens.synthetic import ShotOptions, sample, synthesize
from flowbot.vision import read_board
from flowbot.vision._bridges import find_bridges
from flowbot.vision._cells import sample_cells

PHONE = ShotOptions(screen=(1080, 2400), line_px=3.0, glow=0.6)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_walled_board_with_bridges_is_read_with_both(seed: int) -> None:
    puzzle = generate(8, 8, 7, bridges=2, walls=5, seed=seed).solution.puzzle
    assert puzzle.walls
    assert puzzle.bridges
    shot = synthesize(puzzle, seed=seed, options=PHONE)
    reading = read_board(shot.image)
    assert reading.puzzle == puzzle.canonical()


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        ("phone", 70016),  # a wall beside a plain bridge
        ("preview", 70012),  # a tile in a light shaft, as light as the board's median ground
        ("web", 70008),  # a tile's grey beside a line between two walls, blurred into it
        ("drift", 70010),
    ],
)
def test_synthetic_bridge_screens_are_read_exactly(category: str, seed: int) -> None:
    shot = sample(category, seed, "bridges")
    assert shot.puzzle.bridges
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_colour_blind_letters_on_a_walled_board_are_no_bridges() -> None:
    # Letters M and K drawn on discs show two light strokes about the middle,
    # and the ground inside the grid lines has straight edges all round: only
    # its distance from the ground around the cell tells it is no tile.
    shot = sample("colour_blind", 80000, "walls")
    assert isinstance(shot.geometry, BoardGeometry)
    assert not shot.puzzle.bridges
    assert find_bridges(shot.image, shot.geometry, sample_cells(shot.image, shot.geometry)) == set()
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
