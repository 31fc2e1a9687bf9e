"""With pipes drawn, a bare hexagon whose sides all read as the outline, or lie beside a tint
as light as the lines, may be a hole: which it is, the widths cannot say.

A hole inside the board is outlined all round, and the reader tells it by
its sides: every one read as wide as the outline (``_hex_board.wall_sides``:
walled in). But beside a tint nearly the lines' colour (a white flow's grey
one, lit) a side's width shows only the line's half on its other side
(``_hex_tinted_outline``), as thin as a line between two hexagons. A hole
with such tints round part of it reads as a cell walled on its other sides
(synthetic hex twins 10000011 solved: a hole with a white flow's grey tint
beyond three of its sides, read as a cell with walls on the other three; every
measure clear along those sides' directions read them 0.03-0.05 of the way
from the thin lines to the outline). A hexagon bare (no dot, no pipe: its face
even up to its lines), among cells all round, its every side read wide or
beside such a tint, is a hole or a cell: refused.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, Node, neighbours, wall_sides
from flowbot.vision._hex_coverage import CutInks
from flowbot.vision._hex_faces import own_face
from flowbot.vision._hex_tinted_outline import TINTED
from flowbot.vision._rule import Rule

#: A hexagon is bare where its face just off each of its sides lies within this share of
#: the way from its middle's colour to the lines' (a dot's rim, a pipe's tint, far off).
EVEN = 0.25
#: Its middle's colour: the median within this share of a row (at least 2 px) round it.
MIDDLE = 0.08


def _check_bare(sides: HexSides) -> None:
    if bare_in_doubt(sides):
        raise UnsureReadingError(BARE.reason)


def bare_in_doubt(sides: HexSides) -> list[Node]:
    """The bare hexagons among cells all round whose every side reads as the outline or lies
    beside a tint nearly the lines' colour (``TINTED`` of the way from it to the bare face),
    not already read as holes; none without pipes drawn."""
    if not isinstance(sides.inks_cut, CutInks) or sides.groups is None:
        return []
    faced = sides.inks_cut.shares.faced
    ends, reach = sides.ends
    every = np.array(list(ends.values()), np.float64) - faced.origin
    levels, either = faced.looks(every, reach)
    colour = np.array(levels[:3])
    # (each hexagon's face just off each of its sides, by (hexagon, the one beyond))
    face: dict[tuple[Node, Node], np.ndarray] = {}
    for i, (node, other) in enumerate(ends):
        inward = own_face(every[i], np.array(sides.lattice.centre(*node)) - faced.origin)
        face[node, other] = either[i, inward, :3]
        face[other, node] = either[i, 1 - inward, :3]
    image = cv2.merge(faced.channels[:3])
    walls, enclosed = wall_sides(sides)
    found = []
    for node in sorted(sides.cells - enclosed):
        around = list(neighbours(node))
        if not all(other in sides.cells and (node, other) in face for other in around):
            continue  # (on the outline, or a pipe crosses a side)
        middle = _middle(image, np.array(sides.lattice.centre(*node)) - faced.origin, sides)
        span = float(np.linalg.norm(colour - middle))
        if any(np.linalg.norm(face[node, other] - middle) > EVEN * span for other in around):
            continue
        if all(
            frozenset((node, other)) in walls
            or np.linalg.norm(colour - face[other, node]) <= TINTED * span
            for other in around
        ):
            found.append(node)
    return found


def _middle(image: np.ndarray, centre: np.ndarray, sides: HexSides) -> np.ndarray:
    """The median colour round ``centre`` (``MIDDLE``)."""
    r = max(2, round(MIDDLE * sides.lattice.row_step))
    h, w = image.shape[:2]
    x, y = (round(float(v)) for v in centre)
    patch = image[max(0, y - r) : min(h, y + r + 1), max(0, x - r) : min(w, x + r + 1)]
    return np.median(patch.reshape(-1, patch.shape[-1]), axis=0).astype(np.float64)


BARE: Rule[HexSides] = Rule(
    name="hex bare hexagons beside light tints",
    refuses="a hexagonal board with pipes drawn where a bare hexagon (no dot, no pipe), among "
    "cells all round, has every side read as wide as the outline or lying beside a tint "
    "nearly the lines' colour",
    why="A hole inside the board is outlined all round and told by its sides, all read as "
    "wide as the outline. Beside a tint nearly the lines' colour (a white flow's grey one, "
    "lit) every measure of a side's width loses the line's half in the tint and reads it as "
    "thin as a line: a hole with such tints round part of it reads as a cell walled on its "
    "other sides (synthetic hex twins 10000011 solved: three sides beside a white flow's "
    "grey tint read 0.03-0.05 of the way from the thin lines to the outline by every clear "
    "measure, the other three as walls). Whether such a hexagon is a hole or a cell, the "
    "widths cannot say.",
    bounds="Bare: its face just off each side within EVEN 0.25 of the way from its middle's "
    "colour (the median within MIDDLE 0.08 of a row round its centre) to the lines' "
    "colour, no pipe crossing a side; a tint nearly the lines' colour: within TINTED 0.4 of "
    "that way from them (the tinted outline's bound, `_hex_tinted_outline`). No such "
    "hexagon on the development boards (hexagonal, the 15 categories started and solved, "
    "8100000-8100009: 300 boards).",
    reason="cannot tell a hole from a cell beside tints as light as the lines",
    check=_check_bare,
)
