"""A bigger board beyond the board read: the board read may be its screenshot preview.

The OS shows a smaller copy of the screen in a corner right after a screenshot.
Where the board itself is not found first (its lines only show followed through
its pipes, or its walls or warps keep it from the classic search), that copy may
be read as the board. The bigger board still shows outside it: its pairs of dots,
or, finished, its flows (their dots joined to their pipes: no lone dots), as much
of a flow's colour as the copy's whole area.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._dots_apart import dots_outside, flow_coloured
from flowbot.vision._outlined_alone import FEWEST_PAIRS
from flowbot.vision._types import Settings

#: A flow's colour outside a board as much as this share of its area: a bigger
#: board's flows, whose dots are joined to their pipes (no lone dots to see).
FLOWS_BEYOND = 1.0


def board_beyond(
    image: np.ndarray,
    board: BoardGeometry,
    settings: Settings,
    coloured: Callable[[], np.ndarray] | None = None,
) -> bool:
    """Whether a bigger board's signs lie outside ``board``: pairs of dots like a board's
    (``FEWEST_PAIRS``), or its flows (``flows_beyond``). ``coloured``: the screen's
    ``flow_coloured`` mask when made once for several looks, asked for only when needed."""
    if dots_outside(image, board, settings, FEWEST_PAIRS) is not None:
        return True
    return flows_beyond(flow_coloured(image) if coloured is None else coloured(), board)


def flows_beyond(coloured: np.ndarray, board: BoardGeometry) -> bool:
    """Whether as much of a flow's colour (``coloured``: ``flow_coloured``'s mask) as the
    board's area (``FLOWS_BEYOND``) lies outside ``board`` and a pitch round it."""
    pitch = board.cell_size
    h, w = coloured.shape
    x0, y0 = max(0, int(board.left - pitch)), max(0, int(board.top - pitch))
    x1, y1 = min(w, int(board.right + pitch) + 1), min(h, int(board.bottom + pitch) + 1)
    outside = np.count_nonzero(coloured) - np.count_nonzero(coloured[y0:y1, x0:x1])
    return bool(outside >= FLOWS_BEYOND * board.area)
