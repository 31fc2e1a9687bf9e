"""End to end on a virtual display, for every kind of board the game has.

``flowbot play --once`` (through ``flowbot.cli.main``) plays a practice window
showing a classic board, and boards with walls, holes, bridges, warps, and
hexagons (with holes and walls), each at two window positions and cell sizes:
the real capture (mss), solver, planning, drawing (pyautogui) and confirm
check; the practice window itself, not the bot, must report the board solved.

Every board, classic or not, is read from the capture by the real reader.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from flowbot.cli import main
from flowbot.generate import generate
from flowbot.models import Puzzle
from flowbot.practice import PracticeProcess

pytestmark = [pytest.mark.gui, pytest.mark.slow]

Image = npt.NDArray[np.uint8]

#: One board of each kind, made by the generator (seeded: the same boards every run).
VARIANTS = {
    "classic": {},
    "walls": {"walls": 8},
    "holes": {"holes": 6},
    "bridges": {"bridges": 2},
    "warps": {"warps": 4},
    "hex": {"hexagonal": True, "holes": 3, "walls": 3},
    "all-square": {"holes": 3, "walls": 3, "bridges": 1, "warps": 3},
}

#: Two window placements: cell size, window x, window y.
PLACES = {"big-top-left": (40, 40, 50), "small-bottom-right": (28, 720, 430)}


def _board(variant: str) -> Puzzle:
    return generate(7, 7, min_distance=3, seed=26, **VARIANTS[variant]).puzzle


@pytest.mark.usefixtures("xdisplay")
@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_play_once_solves_a_practice_board_of_every_kind(
    variant: str,
    place: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    puzzle = _board(variant)
    assert puzzle.kind.split("+")[0] == ("hex" if variant == "hex" else "square")
    cell, x, y = PLACES[place]
    style = "turns" if place == "big-top-left" else "cells"
    with PracticeProcess(puzzle, cell=cell, at=(x, y)) as window:
        assert not window.state()["solved"]
        assert main(["play", "--once", "--profile", "practice", "--style", style]) == 0
        assert window.wait_solved(timeout=2.0), window.state()
    assert f"solved {puzzle.size}" in capsys.readouterr().out
