"""A hexagonal board's outline all round: every side facing out drawn as the outline.

The game outlines the board in a line wider than those between its hexagons
(``_hex_board``: the sides' widths and their groups); a thin line facing out
means the lattice goes on past what is drawn whole. Where a side's own hexagon's
tint is nearly the lines' colour, its width measures only the line's outer half,
and it is judged by how far its line reaches out instead (``_hex_tinted_outline``).
Where a side's hump is cut short inside its line by ripples, it is judged by the ink
within a band as wide as the outline, against that measure's own groups (``_hex_band``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_band import banded
from flowbot.vision._hex_board import LINE_REACH, HexSides, OutlineSide
from flowbot.vision._hex_tinted_outline import reach_width
from flowbot.vision._hex_widths import OUTLINE_WIDTH, WidthGroups
from flowbot.vision._rule import Rule


def _check_outline(sides: HexSides) -> None:
    assert sides.groups is not None, "checked once the width rule passed"
    _, outline = sides.widths
    if sides.inks_cut is None:
        thin = [
            edge
            for edge in outline
            if not _passes(sides, edge) and not _passes_by_reach(sides, edge)
        ]
        if thin and not _pass_by_band(sides, thin):
            raise UnsureReadingError(OUTLINE.reason)
        return
    # The sides the image's edge cuts judged in the measure that sees them as cut, against
    # its own groups (the widths' groups along each direction: its whole sides').
    reach = 2 * max(4.0, LINE_REACH * sides.lattice.row_step)
    cut = [edge for edge in outline if sides.lines.shown(edge.a, edge.b, reach) < 1]
    for edge in outline:
        if edge not in cut and not _passes(sides, edge) and not _passes_by_reach(sides, edge):
            raise UnsureReadingError(OUTLINE.reason)
    if cut:
        seen_cut = replace(
            sides,
            inks=sides.inks_cut,
            inks_faced=None,
            inks_cut=None,
        )
        if seen_cut.groups is None:
            raise UnsureReadingError(OUTLINE.reason)
        at = {(edge.node, edge.a): edge for edge in seen_cut.widths[1]}
        # Where the cut measure's own groups along a direction are not clear, the widest
        # gap between them lies where its noise put it: the boundary is taken as far along
        # its way as the lead's clear groups put theirs (synthetic hex tiny cells 300017
        # solved: gaps 0.13-0.31, a boundary 0.77 of the way, outline sides wholly inside
        # the image but within the widths' reach of its edge measured 0.74 of it; 300035
        # solved, 0.90 against 0.79; the lead's boundaries 0.5-0.6 of the way).
        groups = tuple(
            own if own.clear else _placed_as(own, lead)
            for own, lead in zip(seen_cut.groups, sides.groups, strict=True)
        )
        # A side whose line lies whole within the image (only the widths' reach past its
        # edge) is seen whole, as the lead's measure judges every other side: passed by it,
        # where the cut measure sees the lines' colour on it (a flow's band across a side
        # is none), it is not judged again (synthetic hex crop 3900001 solved: a column's
        # slanted outline sides ending at the image's edge, beside a white flow's grey tint,
        # the lead 4.44 px of an outline's 4.3, the cut measure 2.85 against a gap at 2.97).
        judged = [
            at[edge.node, edge.a]
            for edge in cut
            if not (_seen_whole(sides, edge) and at[edge.node, edge.a].width > 0)
            or not _passes(sides, edge)
        ]
        _outline_wide(seen_cut, judged, groups)


def _seen_whole(sides: HexSides, edge: OutlineSide) -> bool:
    """Whether the line along ``edge``, as wide as the outline along its direction, lies
    whole within the image."""
    assert sides.groups is not None, "checked once the width rule passed"
    return sides.lines.shown(edge.a, edge.b, sides.groups[edge.direction].wide) == 1


def _passes(sides: HexSides, edge: OutlineSide) -> bool:
    """Whether ``edge`` measures as the outline in ``sides``' own measure and groups."""
    try:
        _outline_wide(sides, [edge])
    except UnsureReadingError:
        return False
    return True


def _passes_by_reach(sides: HexSides, edge: OutlineSide) -> bool:
    """Whether ``edge``, beside a tint nearly the lines' colour (or without pipes a dot
    lifting its face), reaches out from its side as far as the outline does
    (``_hex_tinted_outline``: its width measures only the line's outer half there)."""
    assert sides.groups is not None, "checked once the width rule passed"
    width = reach_width(sides, edge)
    if width is None:
        return False
    # The reach starts from the side, not the line's middle: it takes in however far the
    # lattice lies off the lines (a thin line facing a dark panel over a board 0.5 px out
    # of its side reached 2.25 px, its width 1.64, the gap 2.26 and the outline 3.2;
    # ``_hex_tinted_outline``). It must pass half way on from the gap to the outline's
    # width (a log scale's, as the gap's): a reach at the gap passes as the gap itself.
    group = sides.groups[edge.direction]
    return _passes(sides, replace(edge, width=width * math.sqrt(group.boundary / group.wide)))


def _pass_by_band(sides: HexSides, thin: Sequence[OutlineSide]) -> bool:
    """Whether the outline sides ``thin`` (each its hump cut short inside its line by
    ripples) measure as the outline by the ink within a band as wide as it, against that
    measure's own clear groups (``_hex_band``)."""
    band = banded(sides)
    if band is None or not band.clear_groups:
        return False
    at = {(edge.node, edge.a): edge for edge in band.widths[1]}
    # (a side the image's edge cuts is the cut measure's: not judged so)
    return all(_seen_whole(band, edge) and _passes(band, at[edge.node, edge.a]) for edge in thin)


def _placed_as(own: WidthGroups, lead: WidthGroups) -> WidthGroups:
    """``own`` with its boundary as far along its way (log scale) as ``lead``'s lies on
    its own, and ``lead``'s gaps."""
    share = math.log(lead.boundary / lead.thin) / math.log(lead.wide / lead.thin)
    boundary = own.thin * (own.wide / own.thin) ** share
    return WidthGroups(own.thin, own.wide, boundary, lead.gap, lead.next_gap)


def _outline_wide(
    sides: HexSides,
    outline: Sequence[OutlineSide],
    groups: Sequence[WidthGroups] | None = None,
) -> None:
    """Each side of ``outline`` in the outline's group of ``sides``' widths (``groups``,
    when given; as far as the image's edge lets it show)."""
    assert sides.groups is not None, "checked once the width rule passed"
    for edge in outline:
        # Where the image's edge cuts the outline, a line of either width shows
        # only its part inside: each is expected as cut.
        group = (groups or sides.groups)[edge.direction]
        thin = group.thin * sides.lines.shown(edge.a, edge.b, group.thin)
        shown_wide = sides.lines.shown(edge.a, edge.b, group.wide)
        wide = group.wide * shown_wide
        if wide < OUTLINE_WIDTH * thin or thin <= 0:
            raise UnsureReadingError(OUTLINE.reason)
        # The boundary as far between the two, on a log scale, as uncut.
        share = math.log(group.boundary / group.thin) / math.log(group.wide / group.thin)
        if math.log(max(edge.width, 1e-6) / thin) < share * math.log(wide / thin):
            raise UnsureReadingError(OUTLINE.reason)
        # Cut, as far along the way itself: a deep cut leaves a thin line next to
        # nothing, where the log scale's way stretches on and a tenth of a pixel of
        # JPEG's ringing or a dot's cap by the edge passed for the outline.
        if shown_wide < 1 and edge.width < thin + share * (wide - thin):
            raise UnsureReadingError(OUTLINE.reason)


OUTLINE: Rule[HexSides] = Rule(
    name="hex outline all round",
    refuses="a hexagonal board whose outline is in the thin lines' group somewhere",
    why="The game outlines the board in a line wider than those between its hexagons; a "
    "thin line facing out means the lattice goes on past what is drawn whole (cut off by the "
    "image's edge, covered). Where the image's edge cuts the outline (a tight crop), it and "
    "a thin line are each expected as cut. Without pipes, glow as bright as the lines in "
    "the lead's channel over part of an outline side hides that part, and the side "
    "measures thin: where the lead's groups are clear but its outline fails, each side's "
    "clearest channel (`FacedInks`) leads if its own groups are clear and it reads the "
    "lead's walls (`_hex_faced_outline`; synthetic hex twins 8110004 unsolved, mauve "
    "lines over an olive glow, an outline side 3.2 px against the outline's 7.1, in the "
    "clearest channels 7.2 against thin lines of 2.7: refused before, read exactly).",
    bounds="The groups of `hex widths in two groups`, along the side's direction, each scaled by "
    "the share of its width within the image; the outline then OUTLINE_WIDTH 1.15 times "
    "the thin lines' width at least, the side at or above the gap between them (as far "
    "between the two, on a log scale, as uncut); the top-hat keeping the lines LINE_REACH "
    "0.12 pitch either side (the outline up to 0.17 pitch wide); by the image's edges the "
    "ground found with a square CUT_REACH 2 times as wide (past a dot's cap a pixel or two "
    "past a cut line in small hexagons: the small square found the line's own soft edge "
    "for the ground there), a cut line's hump summed over that ground (the edge is no "
    "valley; a straight base up to the cap took the rest of a cut outline: synthetic tiny "
    "cells read it 0.85-0.94 px against 1.3 as cut); a cut side also as far between the "
    "two on the linear way (the log scale's way stretches on as a deep cut leaves a thin "
    "line next to nothing: 0.05 px against the cut outline's 0.53, where JPEG's ringing "
    "and a dot's cap by the edge made 0.17). With pipes drawn, the sides the image's edge "
    "reaches (within the widths' reach) are judged so in a measure of their own, against "
    "its own groups, but those whose line (as wide as the outline along its direction) "
    "lies whole within the image are passed where the lead's measure passes them and the "
    "cut measure sees the lines' colour on them: seen whole, such a side is judged as "
    "every other side is, the cut measure only where the lead's refuses it (a column's "
    "slanted outline sides ending at the image's left edge beside a white flow's grey "
    "tint: the lead 4.44 px of the outline's 4.3, the cut measure 2.85 against its gap at "
    "2.97, synthetic hex crop 3900001 solved; thin lines whole by the edge before a "
    "hexagon past it read thin in the lead's measure too, and a flow's band across a side "
    "is no line of the lines' colour) (`_hex_coverage.CutInks`; where those are not clear "
    "along a direction, the boundary as far along its way as the lead's clear groups put "
    "theirs: the widest gap of unclear groups lies where noise put it, 0.77-0.90 of the "
    "way, outline sides wholly inside the image but within the widths' reach of its edge "
    "measured 0.74-0.79 of it, synthetic hex tiny cells 300017 and 300035 solved; the "
    "lead's boundaries 0.5-0.6): each side in its clearest channel (`_hex_faces`; a "
    "colour's over the luma only where it clears the side's face CUT_CLEARER 5 times as "
    "much: JPEG halves a cut line's pixel's colour with its face's, the luma keeps it "
    "whole, synthetic hex tiny cells 300001 solved) with the ground by the edge found as "
    "without pipes (the colour's shares and the faces past the edge are nothing's, and a "
    "share is no pixel: a cut outline over a flow's tint measured a fifth to a half short "
    "of what the lattice says it shows, synthetic hex tiny cells 300011 and 300014 solved, "
    "300015 started); over the lines' level as measured elsewhere (by the edge the wider "
    "square leaves a pipe or dot standing in the top-hat, lifting the 90th percentile of "
    "the lines' brightness: 169 in red against 124, a cut outline beside an orange pipe "
    "read half its width, synthetic hex huge_cells 300024 solved); where the line lies "
    "below its brighter face in every channel (no channel's top-hat sees it), by the "
    "lines' colour's shares instead (a yellow flow's tint lighter than dark green lines in "
    "red, green and blue: a cut outline 0 px in the luma, 5.9 px in the shares against the "
    "outline's 8.6, synthetic hex huge_cells 5600000 solved); a side none where no step "
    "across it near the side is the lines' colour over half its pixel or more, off the mix "
    "of it and the ground by OFF_LINE 0.35 of their contrast at most (a flow's band "
    "running out of the image through a cut thin line, onto a hexagon past the edge, hides "
    "the line: 0.66 off, measured as a wide outline in one channel; no flow crosses the "
    "outline). With pipes drawn, a side seen whole whose own hexagon's face lies within "
    "TINTED 0.4 of the lines' colour (as a share of the outside's distance from it: a "
    "white flow's grey tint, lit further by glow, nearly as light as the lines) and that "
    "the width refuses is judged by twice how far its line reaches out from the side, as "
    "far as the lines' colour covers EDGE 0.5 of a pixel over the outside's ground "
    "unbroken, half way on from the gap to the outline's width (a log scale's; the reach "
    "takes in however far the lattice lies off the lines: thin lines facing a dark panel "
    "over a board, 0.5 px off their sides, reached 2.2-2.3 px against a gap of 2.26, the "
    "outline 3.2) (`_hex_tinted_outline`: the outline is drawn centred on the side, and beside "
    "such a tint every width measure, the top-hat's ink and the colour's shares alike, "
    "loses the line's inner half; synthetic hex drift 5100001 solved, a grey tint under "
    "glow at (143, 144, 120) beside an outline of (141, 139, 127), 1.8-2.0 px against thin "
    "lines of 2.4 and the outline's 4.9, its reach 4.6-5.1; tiny cells 4900000 solved, a "
    "grey tint 96-102 beside lines of 108, 1.4 px against 1.0 and 2.0, reach 2.2; tiny "
    "cells 6400000 solved, a grey tint (56, 56, 56) 0.35 off green lines (66, 107, 65) "
    "round a hole, 0.94-1.05 px against boundaries of 1.04-1.17, reach 1.55-1.61; on an "
    "exact drift board the reach of every outline side lies within 0.3 px of its width; "
    "thin lines facing a dark panel laid over that drift board beside such tints reach "
    "2.9-3.1 px against thin 2.7 and a boundary of 4.0-4.6: refused as before; not beside "
    "a face farther off, where a thin line with a strip of the next hexagon's light tint "
    "before the panel reached 5.9 px, the outline's 5.6: a white dot's tint at 0.44, tiny "
    "cells 4600004 started, left refused). Without pipes, a side so judged where a dot lifts "
    "its face to within LIFTED 0.75 of that way (no tint lies there: a dot or its glow "
    "within the hexagon itself; a cyan dot touching a flat outline side, 0.62, 1.96 px "
    "against a gap of 2.25, its reach 3.15 and the outline's 3.25, synthetic hex zoomed "
    "11400008 unsolved; an empty hexagon's face is the outside's ground, 1.0). Without "
    "pipes, outline sides whose hump ripples "
    "cut short inside their line (JPEG's colour ringing along the lines' hue beside a "
    "saturated dot) judged, where every side measured as its ink within a band as wide as "
    "the widest direction's outline falls in clear groups, by that measure and its groups "
    "(`_hex_band`: MARGIN 1 px more either side, centred on the side's peak, over the "
    "floor past it either side, within GROUND_OFF 0.1 pitch of the side; synthetic hex "
    "preview 5700003, grey lines under purple glow, the outline above a green dot 3.1 px "
    "along the hue against thin 2.8 and the outline's 8.5, in the band 5.8 against thin "
    "lines of 3.1-3.6 and a boundary of 4.35).",
    reason="the hexagons go on past the board's outline (a cut-off or covered board)",
    check=_check_outline,
)
