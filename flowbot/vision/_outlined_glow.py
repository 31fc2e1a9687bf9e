"""An outlined board's cells whose lines no side shows: hidden by glow of the lines' colour.

The themes' glow lies under the board; where it is as bright as the lines and of
their hue, a line there stands out from neither side and the line map sees none
(synthetic walls rectangular 3700005: a wide faint pipe of the animated
background, the pack's line colour, over four cells). The classic search takes
such edges as drawn (``_board_hidden_lines.drawn_in_line_colour``); a panel
laid over the board, or a hole, shows a colour of its own there.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from flowbot.models import BoardGeometry, Cell, link
from flowbot.vision._board_edge_colours import colour_reach, edge_colours
from flowbot.vision._board_hidden_lines import drawn_in_line_colour
from flowbot.vision._types import Features


def hidden_by_glow(
    image: np.ndarray,
    geometry: BoardGeometry,
    features: Features,
    *,
    unseen_sides: Iterable[tuple[Cell, Cell]],
    cells: Iterable[Cell],
    covered: frozenset[Cell],
) -> bool:
    """Whether every side of ``cells`` showing nothing drawn (``unseen_sides``) shows the
    lines' colour, as the lines seen around it (``drawn_in_line_colour``).

    The lines seen: the inner edges between two playable cells no flow ``covers`` (a
    pipe over an edge shows its own colour), neither a wall nor unseen.
    """
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    rows, cols = len(ys) - 1, len(xs) - 1
    sides = list(unseen_sides)
    unseen = {link(a, b) for a, b in sides}
    apart = features.holes | covered

    def seen(a: Cell, b: Cell) -> bool:
        edge = link(a, b)
        return not ({a, b} & apart) and edge not in features.walls and edge not in unseen

    seen_v = np.array(
        [[seen(Cell(r, i), Cell(r, i + 1)) for r in range(rows)] for i in range(cols - 1)], bool
    ).reshape(cols - 1, rows)
    seen_h = np.array(
        [[seen(Cell(i, c), Cell(i + 1, c)) for c in range(cols)] for i in range(rows - 1)], bool
    ).reshape(rows - 1, cols)
    if not (seen_v.any() or seen_h.any()):
        return False
    reach = colour_reach(xs, ys, 1)
    vertical = edge_colours(image, xs, ys, reach)
    horizontal = edge_colours(np.swapaxes(image, 0, 1), ys, xs, reach)
    drawn = drawn_in_line_colour((vertical, horizontal), (seen_v, seen_h), image, xs, ys)
    drawn_v = drawn[: vertical.shape[0] * rows].reshape(cols - 1, rows)
    drawn_h = drawn[vertical.shape[0] * rows :].reshape(rows - 1, cols)
    wanted = set(cells)
    for a, b in sides:
        if a not in wanted:
            continue
        if not (0 <= b.row < rows and 0 <= b.col < cols):
            return False  # the frame: no line of the board's
        first, second = link(a, b)
        if first.row == second.row:
            shown = drawn_v[first.col, first.row]
        else:
            shown = drawn_h[first.row, first.col]
        if not shown:
            return False
    return True
