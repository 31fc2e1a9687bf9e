"""Hexagons beyond the outline: clutter the lattice closes onto the board's outline from outside.

Beside a board whose outline runs along a window's edge, a page's text and
a spreadsheet's grid stand out in the line map too, and close hexagons of
the lattice right past the outline (``_hex_inked`` leaves out those with a
side of no ink; these have ink all round). Such hexagons share only the
outline with the board: cut along every side as wide as the outline, they
are a piece apart from it, and they hold the clutter's ground (a white page),
not the board's. A piece so cut off and so unlike the board's ground is left
out; what is left is judged by the board rules as any board (a real cell
left out would leave a thin line facing out: ``hex outline all round``
refuses it).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import (
    MIN_CELLS,
    HexSides,
    Node,
    in_pieces,
    sampled,
    side_direction,
)

#: A piece's ground (the line map's channel at six points in each hexagon) this much
#: brighter or darker than the board's (its median) is another's: a white page 200
#: and more over a board's dark ground, a hexagon astride a window's edge 130 where
#: JPEG blurs it; the renders' glow lifts a board's ground by up to 130, but glow is
#: no piece cut off from the rest along sides as wide as the outline.
FOREIGN = 100.0
#: A piece with this share of the places looked at so unlike the board's ground is
#: another's: two of a hexagon's six. A board's hexagon is one face (the ground or a
#: flow's tint, glow smooth over it), foreign nowhere; a window's edge may cross a
#: hexagon anywhere, leaving any share of it on the page (synthetic hex jpeg 5000011
#: solved: a hexagon a third on a white page, the rest on the phone window's black
#: edge, 2 of 6 places foreign, its text lighting it: the lattice passed over).
FOREIGN_SHARE = 0.3
#: Where a hexagon's ground is looked at: this share of the way to each corner (past
#: a dot's rim, short of the lines meeting there).
GROUND_AT = 0.72


def beyond_left_out(sides: HexSides) -> HexSides:
    """``sides`` without the pieces beyond its outline: cut from the biggest piece along
    sides as wide as the outline (at least the middle of the thin lines' and the outline's
    typical widths on a log scale, along each direction) and on a ground ``FOREIGN`` off
    its own; ``sides`` itself when there are none."""
    inner, outline = sides.widths
    middle = {}
    for direction in range(3):
        thin = [w for side, w in inner.items() if side_direction(side) == direction]
        wide = [edge.width for edge in outline if edge.direction == direction]
        if not thin or not wide:
            return sides
        middle[direction] = math.sqrt(float(np.median(thin)) * float(np.median(wide)))
    cut = {side for side, w in inner.items() if w >= middle[side_direction(side)]}
    pieces = sorted(in_pieces(set(sides.cells), cut), key=len, reverse=True)
    if len(pieces) < 2:
        return sides
    board = float(np.median(_grounds(sides, pieces[0])))
    kept = [
        piece
        for piece in pieces
        if np.mean(np.abs(_grounds(sides, piece) - board) >= FOREIGN) < FOREIGN_SHARE
    ]
    left = [p for p in in_pieces(set().union(*kept)) if len(p) >= MIN_CELLS]
    if len(kept) == len(pieces) or not left:
        return sides
    return replace(sides, cells=frozenset().union(*left))


def _grounds(sides: HexSides, piece: set[Node]) -> np.ndarray:
    """The image (the line map's channel) in the hexagons ``piece``, at ``GROUND_AT`` of the
    way to each corner: ``(cells * 6,)``."""
    lattice = sides.lattice
    radius = lattice.col_step * 2 / 3 * GROUND_AT
    half = lattice.row_step / 2 * GROUND_AT
    corners = np.array(
        [(-1.0, 0.0), (-0.5, -1.0), (0.5, -1.0), (1.0, 0.0), (0.5, 1.0), (-0.5, 1.0)]
    )
    centres = np.array([lattice.centre(*node) for node in piece])
    points = (centres[:, None, :] + corners[None, :, :] * np.array([radius, half])).reshape(
        -1, 1, 2
    )
    # (the line map's ground and its top-hat: the image itself)
    image = sides.lines.ground + sides.lines.tophat
    return sampled(image, points).ravel()
