"""Cell rule: no flat disc lies a cell past the border."""

from __future__ import annotations

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import core_and_ring_lab
from flowbot.vision._colour import delta_e
from flowbot.vision._discs import is_crisp_disc
from flowbot.vision._grounds import against_another_ground
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._types import Settings


def check_nothing_past_border(
    image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> None:
    """Refuse a board with a dot one cell past its border: the board goes on.

    Glow as bright as the lines can hide a whole outer row of the board,
    lines and all; its dots, centred on the grid's columns (or rows), still
    show, if faintly. No header, counter or button is a flat disc there;
    nor is a disc in another window whose ground meets the board all along
    that border (clutter beside a mirror window whose edge is the board's).
    """
    h, w = image.shape[:2]
    xs, ys, pitch = geometry.xs, geometry.ys, geometry.cell_size
    bands = {
        "top": BoardGeometry(xs, (ys[0] - pitch, ys[0])),
        "bottom": BoardGeometry(xs, (ys[-1], ys[-1] + pitch)),
        "left": BoardGeometry((xs[0] - pitch, xs[0]), ys),
        "right": BoardGeometry((xs[-1], xs[-1] + pitch), ys),
    }
    for side, band in bands.items():
        if band.left < 0 or band.top < 0 or band.right > w - 1 or band.bottom > h - 1:
            continue
        core_lab, ring_lab = core_and_ring_lab(image, band)
        contrast = delta_e(core_lab, ring_lab)
        discs = (
            is_crisp_disc(
                image, band.centre(Cell(int(r), int(c))), pitch, core_lab[r, c], ring_lab[r, c]
            )
            for r, c in np.argwhere(contrast >= settings.faint_contrast)
        )
        if any(discs) and not against_another_ground(image, np.asarray(xs), np.asarray(ys), side):
            raise UnsureReadingError(
                f"a dot lies one cell past the board's {side} border (the board goes on)"
            )


NOTHING_PAST_BORDER: Rule[Cells] = Rule(
    name="no dot past the border",
    refuses="a flat disc one cell past a border, centred on the grid's columns or rows",
    why="Glow as bright as the lines can hide a whole outer row, lines and all, but its dots "
    "still show; no header, counter or button is a flat disc there. Not where another "
    "window's ground meets the board all along that border.",
    bounds="A flat disc as the reader's own dot tests judge one (crisp, round, a dot's size).",
    reason="a dot lies one cell past the board's <side> border (the board goes on)",
    check=lambda cells: check_nothing_past_border(cells.image, cells.geometry, cells.settings),
)
