"""Board rule: no cell outlined like a hole inside the board."""

from __future__ import annotations

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._board_edge_colours import EdgeColours, centre_colours
from flowbot.vision._board_hidden_lines import SAME_LINE
from flowbot.vision._border_sides import OUTLINE_LIGHTER
from flowbot.vision._colour import delta_e
from flowbot.vision._rule import Grid, Rule
from flowbot.vision._stats import (
    median_of,
)


def check_outlined_holes(image: np.ndarray, edges: EdgeColours) -> None:
    """Refuse a cell left out of a shaped board: outlined all round in a colour unlike the lines.

    The game draws no lines inside a cell it leaves out and outlines it, where
    it meets playable cells, in a bright colour of its own; inside it is plain
    background like an empty cell. A pipe crossing a line tints it too, but
    never a cell's every side, and the cell it fills is not background.
    """
    xs, ys = edges.xs, edges.ys
    rows, cols = len(ys) - 1, len(xs) - 1
    if rows < 2 or cols < 2:
        return
    # Every such cell has sides both ways, in another colour than the lines (not the
    # same line dimmed or tinted by glow: ``SAME_LINE``): none vertical, no hole.
    vertical = edges.vertical  # (cols - 1, rows)
    v_lighter = _lighter_than_its_line(vertical) > OUTLINE_LIGHTER
    v_off = (delta_e(vertical, edges.vertical_line) > SAME_LINE) | v_lighter
    if not v_off.any():
        return
    horizontal = edges.horizontal  # (rows - 1, cols)
    line = edges.line
    # The outline is bright: lighter than the lines (a glow brighter than the
    # lines is no outline, it only hides them). Thin lines split over two
    # pixels or not are lighter or darker a whole line at a time; the outline,
    # as thin, stands out from the rest of its own line.
    v_off = (delta_e(vertical, line) > SAME_LINE) & (vertical[..., 0] > line[0] + OUTLINE_LIGHTER)
    v_off |= v_lighter
    h_off = (delta_e(horizontal, line) > SAME_LINE) & (
        horizontal[..., 0] > line[0] + OUTLINE_LIGHTER
    )
    h_off |= _lighter_than_its_line(horizontal) > OUTLINE_LIGHTER
    if not (v_off.any() and h_off.any()):
        return
    centres = centre_colours(image, xs, ys)
    dark = centres[..., 0] <= median_of(centres[..., 0])
    background = median_of(centres[dark], axis=0)
    for r, c in zip(*np.nonzero(delta_e(centres, background) < 10.0), strict=True):
        sides = []
        if c > 0:
            sides.append((v_off[c - 1, r], vertical[c - 1, r]))
        if c < cols - 1:
            sides.append((v_off[c, r], vertical[c, r]))
        if r > 0:
            sides.append((h_off[r - 1, c], horizontal[r - 1, c]))
        if r < rows - 1:
            sides.append((h_off[r, c], horizontal[r, c]))
        if len(sides) < 2 or not all(off for off, _ in sides):
            continue
        colours = np.array([lab for _, lab in sides])
        bright = colours[:, 0].min() > centres[r, c, 0] + 30.0  # a line, not a tint
        if bright and delta_e(colours, colours.mean(axis=0)).max() < 15.0:
            raise UnsureReadingError(
                f"cell ({r}, {c}) is outlined in another colour than the grid lines: "
                "left out of a shaped board"
            )


def _lighter_than_its_line(edges: np.ndarray) -> np.ndarray:
    """How much lighter (L*) each edge (CIELAB ``[line, span]``) is than its line's median edge."""
    return edges[..., 0] - median_of(edges[..., 0], axis=1, keepdims=True)


#: An outline is ``OUTLINE_LIGHTER`` lighter than the lines (the board's, or its
#: own line's other edges): measured, good screens' empty cells' sides at most
#: 2.0 lighter than the rest of their line (560 synthetic, 491 real), outlines
#: of cells left out 20-41.


OUTLINED_HOLES: Rule[Grid] = Rule(
    name="no outlined hole",
    refuses="a cell outlined all round in a colour lighter than the lines, plain inside",
    why="The game draws no lines inside a cell it leaves out and outlines it in a bright "
    "colour of its own; a pipe tints a line too, but never a cell's every side.",
    bounds="`_border_sides.OUTLINE_LIGHTER` 12 L*, as the outline all round is told (its colour "
    "not the lines': SAME_LINE 24): good screens' cell sides at most 2.0 lighter than the "
    "rest of their line (560 synthetic, 491 real), outlines of cells left out 20-41.",
    reason="cell (r, c) is outlined in another colour than the grid lines: left out of a "
    "shaped board",
    check=lambda grid: check_outlined_holes(grid.image, grid.edges),
)
