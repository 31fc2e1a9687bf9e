"""Unsolved bridge boards (no pipes drawn) read exactly where glow peaks under a tile.

A bridge's tile is found by its shape and painted over in one colour, the
ground around its cell (``_bridges.take_off``). Where glow peaks in that
cell the paint's flat square stands out of the glow round it: the tile rule
(``_cell_marks.check_tiles``) leaves bridge cells to the bridge finder, and
still judges every other empty cell.
"""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._bridges import without_bridges
from flowbot.vision._cell_marks import check_tiles
from flowbot.vision._cells import sample_cells


def test_a_bridge_board_with_glow_peaking_under_a_tile_reads_exactly() -> None:
    shot = sample("crop", 300130, "bridges", "unsolved")
    assert Cell(4, 2) in shot.puzzle.bridges
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_the_painted_tile_is_left_to_the_bridge_finder_and_no_other_cell() -> None:
    shot = sample("crop", 300130, "bridges", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    seen = without_bridges(shot.image, geometry, sample_cells(shot.image, geometry))
    assert seen.bridges == shot.puzzle.bridges
    dots = set(shot.puzzle.dots())
    # The paint's own square over the green glow passes for a tile ...
    with pytest.raises(UnsureReadingError, match=r"cell \(4, 2\) holds a tile"):
        check_tiles(seen.samples, seen.image, geometry, dots)
    # ... which the bridge found there explains; the other cells are still judged.
    check_tiles(seen.samples, seen.image, geometry, dots, bridges=seen.bridges)
    with pytest.raises(UnsureReadingError, match=r"cell \(4, 2\) holds a tile"):
        check_tiles(seen.samples, seen.image, geometry, dots, bridges=seen.bridges - {Cell(4, 2)})
