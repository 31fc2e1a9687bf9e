"""Hexagons a page's ruled grid closes past a hex board's outline are left out
(``_hex_beyond``), and the board alone measured again (``_hex_reader._inked_board``)."""

from __future__ import annotations

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


def test_a_spreadsheet_beside_a_small_board_leaves_its_dots_hexagons_in() -> None:
    # Synthetic hex colour_blind 4800000 unsolved: a spreadsheet's ruled grid beside a
    # small mirrored hex board closed 78 hexagons onto it. Judged with the board, the
    # grid's set the typical widths, and the hexagons of the board's dots were left out
    # as blank: their sides left as the outline, it looked like the thin lines
    # ("the board's outline looks like the lines between its hexagons").
    shot = sample("colour_blind", 4800000, "hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()
