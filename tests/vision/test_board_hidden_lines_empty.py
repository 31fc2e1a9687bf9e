"""Edges hidden from the line map judged by their colour: a block with no edges at all."""

from __future__ import annotations

import numpy as np

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_hidden_lines import _colour_around


def test_a_block_of_no_edges_has_no_colour_around_them() -> None:
    for shape in ((0, 4), (3, 0), (0, 0)):
        around = _colour_around(np.zeros((*shape, 3)), np.zeros(shape, bool))
        assert around.shape == (*shape, 3)


def test_a_board_whose_hidden_edges_lie_in_one_direction_is_read() -> None:
    # A held-out seed of session 57: the reader crashed ("window shape cannot be larger
    # than input array shape") judging a grid's hidden edges with no inner line along one
    # direction; its start too.
    shot = sample("zoomed", 8200002, "walls")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
