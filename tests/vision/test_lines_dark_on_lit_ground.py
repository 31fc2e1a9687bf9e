"""A finished board's lines darker than a lit ground, brighter than a dark one.

The game draws its lines in one colour over a ground that shows through the
cells: over glow lit on one side of the board the lines stand darker than
both their sides there, brighter elsewhere. With pipes over every edge's
middle, the edges are judged by their ends; in the bright look alone, the
lit side's lines are too faint, and the whole board's typical with them.
"""

from __future__ import annotations

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_lines import check_edges
from flowbot.vision._grid import shrunk
from flowbot.vision._lattice import Lattice, find_lattices
from flowbot.vision._types import DEFAULT_SETTINGS


def test_a_finished_board_over_glow_lit_on_one_side_is_read() -> None:
    # Classic preview 3800004 solved (a spent held-out seed): a 10x10 board as
    # wide as the 720 px screen, glow lit over its right 4 columns; its lines
    # typical 7 in the bright look near the edges' ends, against 10.
    shot = sample("preview", 3800004, "classic", "solved")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.as_drawn().canonical()


def test_the_lit_sides_lines_count_at_the_edges_ends() -> None:
    shot = sample("preview", 3800004, "classic", "solved")
    f = 2
    _, maps = find_lattices(shrunk(shot.image, f), DEFAULT_SETTINGS.lines(), bridge=True)
    xs, ys = shot.geometry.xs, shot.geometry.ys
    board = Lattice(tuple((x - 0.5) / f for x in xs), tuple((y - 0.5) / f for y in ys))
    check_edges(board, maps, shot.image, f, DEFAULT_SETTINGS)  # no refusal
