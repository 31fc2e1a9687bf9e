"""Hexagons beyond the outline: clutter the lattice closes onto the board's outline from outside.

Beside a board whose outline runs along a window's edge, a page's text and
a spreadsheet's grid stand out in the line map too, and close hexagons of
the lattice right past the outline (``_hex_inked`` leaves out those with a
side of no ink; these have ink all round). Such hexagons share only the
outline with the board: cut along every side as wide as the outline, they
are a piece apart from it, and they hold the clutter's ground (a white page),
not the board's. A spreadsheet's grid on a dark ground like the board's
shows its own ink instead: its white lines stand out from their ground far
more than the board's lines, drawn in one colour, do anywhere. A piece so
cut off and so unlike the board (its ground, or its lines' contrast) is
left out; what is left is judged by the board rules as any board (a real
cell left out would leave a thin line facing out: ``hex outline all round``
refuses it).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import (
    MIN_CELLS,
    HexSides,
    Node,
    Side,
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
#: A piece whose sides' typical contrast (the median of their peaks over their ground)
#: is this many times the board's lines' full contrast (``_full_contrast``) is drawn in
#: another's ink. The board's lines are one colour: a piece of the board shows at most
#: its lines' full contrast (1.04 measured), and its median side 0.6-0.7 of it (thin
#: lines cover no whole pixel). A spreadsheet's white grid and text beside a phone
#: window over a dark ground closed hexagons on a board's outline: 1.86-2.55 (synthetic
#: hex mirror 6500000, all three states).
INK_OVER = 1.4
#: Where a hexagon's ground is looked at: this share of the way to each corner (past
#: a dot's rim, short of the lines meeting there).
GROUND_AT = 0.72


def beyond_left_out(sides: HexSides, core: Collection[Node] = ()) -> HexSides:
    """``sides`` without the pieces beyond its outline: cut from the board's piece along
    sides as wide as the outline (at least the middle of the thin lines' and the outline's
    typical widths on a log scale, along each direction), and on a ground ``FOREIGN`` off
    its own or with lines ``INK_OVER`` times as contrasted as its own; ``sides`` itself
    when there are none. The board's piece is the one holding most of ``core`` (the
    hexagons found on the board's own lines, before those glow hid were joined to them),
    the biggest among those alike: clutter joined to the board with them may outnumber it
    (a spreadsheet's ruled grid beside a small board, synthetic hex colour_blind 4800000
    unsolved: 120 hexagons of it beside the board's 43)."""
    inner, outline = sides.widths
    middle = {}
    for direction in range(3):
        thin = [w for side, w in inner.items() if side_direction(side) == direction]
        wide = [edge.width for edge in outline if edge.direction == direction]
        if not thin or not wide:
            return sides
        middle[direction] = math.sqrt(float(np.median(thin)) * float(np.median(wide)))
    cut = {side for side, w in inner.items() if w >= middle[side_direction(side)]}
    mine = set(core)
    pieces = sorted(
        in_pieces(set(sides.cells), cut), key=lambda p: (len(p & mine), len(p)), reverse=True
    )
    if len(pieces) < 2:
        return sides
    board = float(np.median(_grounds(sides, pieces[0])))
    seen, _ = sides.measured
    full = _full_contrast(_sides_of(seen, pieces[0]))
    kept = [
        piece
        for piece in pieces
        if np.mean(np.abs(_grounds(sides, piece) - board) >= FOREIGN) < FOREIGN_SHARE
        and np.median([side.peak for side in _sides_of(seen, piece)]) < INK_OVER * full
    ]
    left = [p for p in in_pieces(set().union(*kept)) if len(p) >= MIN_CELLS]
    if len(kept) == len(pieces) or not left:
        return sides
    return replace(sides, cells=frozenset().union(*left))


def _sides_of(seen: dict[tuple[Node, Node], Side], piece: set[Node]) -> list[Side]:
    """The sides ``seen`` (``HexSides.measured``) of the hexagons ``piece``: between two
    of them, or between one and another hexagon or none."""
    return [side for (node, other), side in seen.items() if node in piece or other in piece]


def _full_contrast(seen: list[Side]) -> float:
    """The contrast of lines covering a whole pixel among the sides ``seen``, as
    ``_hex_board.line_level`` finds their level: the outline's and a slanted line's peaks,
    high among the thin lines'."""
    return float(np.percentile([side.peak for side in seen if side.peak >= 0] or [0.0], 90))


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
