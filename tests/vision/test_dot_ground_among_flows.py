"""A dot's ground is judged against its empty neighbours', not cells a pipe covers.

A cell a drawn pipe covers shows the board's typical ground in its stead
(``Pipes.hidden``): a dot on a strong glow cloud among flows' cells stood 40+
Lab from that stand-in and was refused as a card or a tile (synthetic bridges
mirror 330003 started, an orange dot on a purple cloud).
"""

from __future__ import annotations

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


def test_a_dot_on_glow_among_flows_cells_is_read() -> None:
    shot = sample("mirror", 330003, "bridges", "started")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()
