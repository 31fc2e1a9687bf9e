"""A hexagonal board's flat sides evened row by row: JPEG shifts a whole row's widths alike.

A flat (horizontal) line keeps one phase against the scaler's grid and JPEG's
8 px blocks all along its length, so every flat side in a row of them is
widened or narrowed alike, by a share of a pixel that differs from row to row;
a slanted side crosses every phase and averages it out. In zoomed hexagons,
where the thin lines are under a pixel and the outline twice that, the flat thin
lines of one row measured 0.41-0.59 px and of another 0.91-1.05 (synthetic hex
zoomed 4500014 solved, JPEG; without JPEG every row alike): no gap left between
the thin lines and the outline along the flat sides, though each row alone
showed its own walls as clearly. So each row of flat sides between two hexagons
(``ROW_SIDES`` of them at least) is shifted by the pixels that bring its typical
width (the median: a row's sides are mostly thin) to all the flat thin lines'
typical width. The shift is added, not a factor: JPEG's error is a share of a
pixel whatever the line's width (the outline's flat rows, 1.32-1.48 and
1.62-1.76 px there, moved about as far as the thin lines'). A row whose typical
width lies further from the thin lines' than ``ROW_SHIFT`` of the way to the
outline's is left alone: that is no error of phase but a row whose sides are
mostly walls, which evening would read as thin lines. The outline's sides are
never shifted (a thin line facing out must still show as thin: the board goes
on).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

import numpy as np

#: A row of flat sides between two hexagons is evened only where it holds this many (its
#: median then a thin line's however one of them is a wall).
ROW_SIDES = 3
#: ... and only by this share of the way from the flat thin lines' typical width to the flat
#: outline's at most (a row mostly walls needs the whole way less JPEG's error; JPEG's
#: shifts seen 0.2-0.3 of it: synthetic hex zoomed 4500014 solved, rows 0.41-1.05 px about
#: thin 0.75 against the outline's 1.6).
ROW_SHIFT = 0.45
#: Flat sides whose middles lie within this share of a row step of the last one's are in
#: its row (the rows lie half a row step apart).
SAME_ROW = 0.2

K = TypeVar("K", bound=Hashable)


def rows_evened(
    widths: Mapping[K, float], heights: Mapping[K, float], outline: Sequence[float], row_step: float
) -> dict[K, float]:
    """``widths`` of the sides between two hexagons with the flat ones (their middles'
    heights in ``heights``) shifted row by row to the flat thin lines' typical width, the
    flat outline sides' widths ``outline`` giving the way (``ROW_SHIFT``)."""
    evened = dict(widths)
    if len(heights) < ROW_SIDES or not len(outline):
        return evened
    thin = float(np.median([widths[side] for side in heights]))
    way = float(np.median(outline)) - thin
    if way <= 0:
        return evened
    for row in _rows(heights, row_step):
        if len(row) < ROW_SIDES:
            continue
        shift = thin - float(np.median([widths[side] for side in row]))
        if abs(shift) > ROW_SHIFT * way:
            continue
        for side in row:
            evened[side] = max(widths[side] + shift, 0.0)
    return evened


def _rows(heights: Mapping[K, float], row_step: float) -> list[list[K]]:
    """The sides ``heights`` in rows: runs of heights each within ``SAME_ROW`` of the last."""
    order = sorted(heights, key=lambda side: heights[side])
    rows: list[list[K]] = []
    last = -np.inf
    for side in order:
        if heights[side] - last > SAME_ROW * row_step:
            rows.append([])
        rows[-1].append(side)
        last = heights[side]
    return rows
