"""Hexagonal boards as screens show them: thin lines a pixel wide, the colour-blind
setting's letters, the OS's screenshot preview, a tight crop through the outline."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape, link
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board

PUZZLE = Puzzle(
    6,
    6,
    (
        Pair("A", Cell(0, 1), Cell(3, 2)),
        Pair("B", Cell(1, 0), Cell(5, 0)),
        Pair("C", Cell(0, 4), Cell(4, 4)),
        Pair("D", Cell(5, 2), Cell(2, 5)),
    ),
    shape=Shape.HEX,
    holes=frozenset({Cell(0, 0), Cell(5, 5), Cell(0, 5), Cell(2, 3)}),
    walls=frozenset({link(Cell(3, 1), Cell(4, 1))}),
).canonical()


def _draw(image: np.ndarray, puzzle: Puzzle, left: float, top: float, pitch: float) -> None:
    geometry = HexGeometry.regular(
        left=left, top=top, pitch=pitch, rows=puzzle.rows, cols=puzzle.cols
    )
    style = RenderStyle(line_width=1 / pitch)  # lines one pixel wide, the outline two
    image[:] = draw_board(image, puzzle, geometry, style=style)


def test_lines_a_pixel_wide_are_told_from_an_outline_two_wide() -> None:
    # The thin lines lie across two pixels in places, as bright in each as half a line:
    # by their peak they look as wide as the outline; by their ink, half as wide.
    image = np.zeros((420, 460, 3), np.uint8)
    _draw(image, PUZZLE, left=60.3, top=50.5, pitch=40)
    assert read_board(image).puzzle == PUZZLE


def test_a_smaller_copy_of_the_board_is_no_second_board() -> None:
    # The OS's screenshot preview: the same board at a quarter of its size in a corner.
    image = np.zeros((700, 620, 3), np.uint8)
    _draw(image, PUZZLE, left=40, top=40, pitch=70)
    _draw(image, PUZZLE, left=420, top=520, pitch=17.5)
    assert read_board(image).puzzle == PUZZLE


def test_a_smaller_board_of_other_dots_is_a_second_board() -> None:
    # One dot a hexagon away from where the big board has it.
    moved = {Cell(3, 2): Cell(4, 2)}
    other = replace(
        PUZZLE,
        pairs=tuple(Pair(p.label, moved.get(p.a, p.a), moved.get(p.b, p.b)) for p in PUZZLE.pairs),
    ).canonical()
    image = np.zeros((700, 620, 3), np.uint8)
    _draw(image, PUZZLE, left=40, top=40, pitch=70)
    _draw(image, other, left=420, top=520, pitch=17.5)
    with pytest.raises(VisionError, match="two boards"):
        read_board(image)


# Screens the reader refused before it measured lines by their ink, read lettered
# dots, took a preview for a copy, or judged an outline a tight crop cuts
# (development seeds, below 200000).
@pytest.mark.parametrize(
    ("category", "seed"),
    [("web", 140000), ("colour_blind", 140001), ("preview", 140000), ("crop", 140004)],
)
def test_synthetic_hexagonal_screens_of_each_kind_are_read_exactly(
    category: str, seed: int
) -> None:
    shot = sample(category, seed, variant="hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()
