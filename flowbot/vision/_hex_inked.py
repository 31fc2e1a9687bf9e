"""Hexagons drawn in ink: the board's, not hexagons the line map makes of clutter beside it.

The board's hexagons are found in a line map (a top-hat: whatever stands out
over the ground nearby). Beside a board whose outline runs along a window's
edge, the gaps between lines of text or between a page's glyphs stand out
so too, and the board's own outline closes hexagons of them onto it. Those
sides carry no ink: measured across (``HexSides.widths``, in the channel the
widths are measured in), they show next to nothing where every line of the
board carries its width. So a hexagon with a side of almost no ink is not
drawn whole, and is left out of the board; what is left is judged by the
board rules as any board (a side between two of its hexagons, or a board cut
off, still refuses it). A hexagon holding a clear dot is the board's whatever its
sides facing out show: clutter's hexagons hold none, and a dot's colour beside a side
may hide the side's ink.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Collection
from dataclasses import replace

import numpy as np

from flowbot.vision._cells import sample_round
from flowbot.vision._colour import delta_e
from flowbot.vision._hex_board import (
    LINE_REACH,
    MIN_CELLS,
    HexSides,
    Node,
    in_pieces,
    side_direction,
)
from flowbot.vision._hex_coverage import ColouredShares
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_lattice import HexLattice

#: A side carrying less than this share of the thin lines' typical width (along its
#: direction) shows no line (clutter's sides 0.00-0.15 of it measured, the boards'
#: own thinnest 0.55 and up: a mirror's blur, JPEG, tiny cells). With pipes drawn, of the
#: typical colour's share (``ColouredShares``): a window's text and a page's grid past a
#: mirrored phone's edge 0.00-0.18, the boards' own thinnest 0.66 and up (synthetic hex
#: mirror 300012, 300015, 300028 started and solved).
NO_INK = 0.3


def inked(
    sides: HexSides,
    *,
    outline_only: bool = False,
    dotted: Callable[[Collection[Node]], Collection[Node]] = lambda nodes: (),
) -> HexSides:
    """``sides`` without the hexagons that have a side of no ink (``NO_INK``), in the
    pieces left of a board's worth of hexagons (``MIN_CELLS``); ``sides`` itself when
    none is left out or nothing would be left. ``dotted``: of some hexagons, those holding
    a clear dot (``holding_dots``), never left out for a side facing out of the board: a
    big dot touching the outline from inside blends into the face its ink is measured
    against, brighter than the line in every channel (synthetic hex JPEG 12300018
    started: a cyan dot by the outline under a grey glow, the side's share 0.0; its
    hexagon left out, its sides towards the board were taken for the outline, as thin as
    the lines). A side of no ink between two hexagons still leaves both out: where a
    measure the clutter set sinks the board's own lines, the dots' hexagons kept so would
    cut a piece of the board out of it (synthetic hex colour_blind 12300014 unsolved).

    With pipes drawn (the sides measured each in its clearest channel, ``FacedInks``),
    a side's ink is the lines' colour over the ground near it (``ColouredShares``): a
    flow's tint lighter than the lines beside a thin line sinks it below its faces in
    every channel (synthetic hex mirror 300015 solved: a white flow's grey tint, 0.07-0.15
    of the typical width, the colour's share there 0.7 of its typical), and a window's
    white text a hexagon's side crosses stands out in every channel, as a line does,
    though it is not of the lines' colour (the share 0.02-0.07 of its typical: mirror
    300015 started). The lines' colour and typical share are then those of the hexagons a
    pipe crosses into: the board's own, whatever the clutter closed.

    With ``outline_only``, only the sides facing out of the board are looked at: clutter
    closes hexagons onto the outline, their sides facing out its own (a measure chosen
    later sinks some thin lines between two flows' tints below a third of the typical
    width: those hexagons are the board's, synthetic hex tiny cells 300004 solved)."""
    # With pipes drawn, the board's own lines are those of the hexagons a pipe crosses
    # into (the game draws flows on its cells only): their colour and typical share, not
    # the clutter's the lattice closed into more hexagons (a spreadsheet's light grid beside
    # a mirrored phone, 24 of 45: the lines' colour a page's white, the typical share 0).
    piped = set().union(*sides.crossed) & sides.cells
    measured = (
        replace(sides, inks=ColouredShares(sides.inks, _levels(sides, sides.inks, piped)))
        if isinstance(sides.inks, FacedInks)
        else sides
    )
    inner, outline = measured.widths
    typical = {}
    for direction in range(3):
        widths = [w for side, w in inner.items() if side_direction(side) == direction]
        if not widths:
            return sides
        own = [w for side, w in inner.items() if side_direction(side) == direction and side & piped]
        typical[direction] = statistics.median(own or widths)
    blank: set[Node] = set()
    for side, width in () if outline_only else inner.items():
        if width < NO_INK * typical[side_direction(side)]:
            blank |= side
    # (a side the image's edge cuts shows only its part inside)
    reach = 2 * max(4.0, LINE_REACH * sides.lattice.row_step)
    facing_out = {
        edge.node
        for edge in outline
        if edge.width < NO_INK * typical[edge.direction]
        and sides.lines.shown(edge.a, edge.b, reach) == 1
    }
    blank |= facing_out - set(dotted(facing_out))
    if not blank:
        return sides
    pieces = [p for p in in_pieces(set(sides.cells) - blank) if len(p) >= MIN_CELLS]
    if not pieces:
        return sides
    return replace(sides, cells=frozenset().union(*pieces))


def holding_dots(
    image: np.ndarray, lattice: HexLattice, nodes: Collection[Node], dot_contrast: float
) -> frozenset[Node]:
    """The hexagons ``nodes`` of ``lattice`` holding a clear dot: a flat core (``flat_cores``)
    standing out ``dot_contrast`` or more from its ring, as the cell reader takes one
    (``_hex_cells``)."""
    if not nodes:
        return frozenset()
    order = list(nodes)
    found = sample_round(
        image, np.array([lattice.centre(*node) for node in order]), lattice.row_step
    )
    clear = found.flat & (delta_e(found.core_lab, found.ring_lab) >= dot_contrast)
    return frozenset(node for node, dot in zip(order, clear, strict=True) if dot)


def _levels(sides: HexSides, faced: FacedInks, piped: set[Node]) -> tuple[float, ...] | None:
    """The lines' level in each channel (``FacedInks.looks``) over the sides of the hexagons
    ``piped``; ``None`` (the sides measured's own) where there are none."""
    if not piped:
        return None
    ends, reach = sides.ends
    looked = [corners for key, corners in ends.items() if piped.intersection(key)]
    levels, _ = faced.looks(np.array(looked, np.float64) - faced.origin, reach)
    return tuple(levels)
