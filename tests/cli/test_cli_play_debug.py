"""`flowbot play --debug DIR`: a refused capture is saved with the reader's overlay."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from flowbot.actuate import save_png
from flowbot.cli import main
from flowbot.cli.play import _saving_refusals
from flowbot.errors import VisionError
from flowbot.models import Puzzle
from flowbot.render import render_board
from flowbot.vision import load_image, read_board

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])
ROWS = Puzzle.from_grid(["A...A", "B...B", "C...C", "D...D", "E...E"])  # solvable


def _odd_dot_board() -> np.ndarray:
    """A board with one dot rubbed out: the grid is found, the reading refused."""
    image = render_board(PUZZLE, cell_px=60, margin_px=50)
    image[55:105, 55:105] = image[53, 53]  # cell (0, 0)
    return image


def test_refused_board_saves_capture_and_overlay(tmp_path: Path) -> None:
    shot = tmp_path / "odd.png"
    save_png(_odd_dot_board(), shot)
    debug = tmp_path / "debug"
    assert main(["play", "--image", str(shot), "--debug", str(debug)]) == 3
    saved = sorted(p.name for p in debug.iterdir())
    assert len(saved) == 2
    assert saved[0].endswith("-1.capture.png")
    assert saved[1].endswith("-1.debug.png")
    capture, overlay = (load_image(debug / name) for name in saved)
    np.testing.assert_array_equal(capture, load_image(shot))
    # The refused grid is drawn: inner line x = 50 + 2 * 60 in the overlay's grid colour.
    assert tuple(overlay[330, 170]) == (0, 255, 255)


def test_a_read_board_saves_nothing(tmp_path: Path) -> None:
    shot = tmp_path / "board.png"
    save_png(render_board(ROWS, cell_px=60, margin_px=50), shot)
    debug = tmp_path / "debug"
    preview = tmp_path / "plan.png"
    args = ["play", "--image", str(shot), "--debug", str(debug), "-o", str(preview)]
    assert main(args) == 0
    assert list(debug.iterdir()) == []


def test_a_refusal_repeated_is_saved_once(tmp_path: Path) -> None:
    read = _saving_refusals(tmp_path, read_board)
    blank = np.full((300, 300, 3), 20, np.uint8)
    board = render_board(PUZZLE, cell_px=60, margin_px=50)
    for image in (blank, blank, blank, board, blank, _odd_dot_board()):
        if image is board:
            assert read(image).puzzle.canonical() == PUZZLE.canonical()
            continue
        with pytest.raises(VisionError):
            read(image)
    # The blank screen while waiting (once), again after a board, then another refusal.
    assert len(list(tmp_path.glob("*.debug.png"))) == 3
    assert len(list(tmp_path.glob("*.capture.png"))) == 3
