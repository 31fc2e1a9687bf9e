"""Reading a hexagonal board: the lattice, the hexagons drawn, the dots, paired by colour.

Tried only when no square grid gave a board (``read_board``), so a classic
board's read never pays for it. The stages: the lattice of flat-topped
hexagons (``_hex_lattice``), the hexagons drawn whole on it and the board's
outline, holes and walls (``_hex_board``), the cells' dots (``_hex_cells``),
each lattice judged by ``_rules.HEX_LATTICE_RULES`` (a refusal passes it
over for the next), the board by the hex rules (``HEX_BOARD_RULES``,
``HEX_DOT_RULES``),
then the dots paired by colour as on any board.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, Link, Pair, Puzzle, Reading, Shape
from flowbot.vision._colour import brightest_channel
from flowbot.vision._grid import MIN_BOARD_SIDE
from flowbot.vision._hex_beyond import beyond_left_out
from flowbot.vision._hex_board import (
    HexSides,
    Inks,
    LineMap,
    Node,
    found_hexagons,
    hex_board,
    placed_alone,
    placed_board,
)
from flowbot.vision._hex_cells import sample_hex_cells
from flowbot.vision._hex_channel import GROUND_OFF, ink_channel, line_channel
from flowbot.vision._hex_coverage import CutInks, half_led, shares_led
from flowbot.vision._hex_faced_outline import faced_outline
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_glow import (
    EitherWays,
    SignedLines,
    along_hue,
    with_darker_lines,
)
from flowbot.vision._hex_heard import asked_of_all, heard
from flowbot.vision._hex_inked import holding_dots, inked
from flowbot.vision._hex_joined import joined
from flowbot.vision._hex_lattice import HexLattice, find_hex_lattices
from flowbot.vision._hex_lifted import unlifted
from flowbot.vision._hex_pipes import Crossings, hidden, see_hex_pipes
from flowbot.vision._hex_shoulder import off_the_shoulder
from flowbot.vision._hex_thin import WALLS_UNSEEN, thin_outline
from flowbot.vision._hex_unpiped_shares import shares_lead
from flowbot.vision._pairing import pair_colours, pair_dots, pairing_confidence
from flowbot.vision._pipes import ALREADY_SOLVED, pipes_of_pairs
from flowbot.vision._rule import Rule
from flowbot.vision._rules import (
    HEX_BOARD_RULES,
    HEX_DOT_RULES,
    HEX_LATTICE_RULES,
    HEX_THIN_BOARD_RULES,
    HEX_THIN_RULES,
)
from flowbot.vision._types import TWO_BOARDS, Settings

log = logging.getLogger(__name__)

#: Hexagons of no ink left out of the board (``_hex_inked``) pull the lattice's fit off its
#: lines where they are this share of the hexagons found or more: 27 of 51 (a spreadsheet's
#: grid beside a small board, synthetic hex drift 10300013) put its far sides 2.5 px off. A
#: few among many barely move it, and placing the lattice again then moves it by its own
#: rounds alone, as likely off as on (3 of 229 by a JPEG board, hex jpeg 4100000 solved:
#: its widths then in no clear groups; 1 of 89, jpeg 10000000 solved: read, refused before).
PULLED = 0.25
#: A lattice placed on fewer than this share of the board's hexagons (the rest joined to them
#: after, their lines hidden where it was placed: glow, flows' tints) strays across the rest,
#: and is placed again on the whole: placed on 53 of 204, a small board's step lay 0.03 px
#: short, its top row 0.37 px low where the image's edge cut the outline, measured then
#: thinner than the lattice said it shows (synthetic hex tiny cells 11500007 started; 12 of
#: 140, 11400003 solved, 1.2 px off). Where fewer joined (3-11 of 35-229), placing it again
#: moved it 0.04-0.35 px, and the widths of 4 of the tests' boards fell otherwise (3 read
#: exactly, then refused).
PLACED_SHARE = 0.5
#: With pipes drawn, a board's walls beside its dots are read again with the faces looked at
#: this many pitches out (``_check_rims``): ``GROUND_OFF`` 0.1 lies at the rim of the biggest
#: dot from a flat side (``_discs.DOT_RADII``, 0.4), where a light dot's rim blends into the
#: face; 0.07 stays 1.2 px short of a dot of 0.38 in 23 px hexagons, and 0.06-0.09 read
#: the board that showed it exactly.
NEAR_LOOK = 0.07
RIMS_DOUBT = "a wall beside a dot reads otherwise with the faces looked at short of its rim"


def read_hex(image: np.ndarray, settings: Settings) -> Reading | None:
    """The hexagonal board in ``image``, or ``None`` when it shows none.

    Raises ``UnsureReadingError`` when it shows one that cannot be read for certain.
    """
    try:
        return _read_hex(image, settings, flows_too=False)
    except UnsureReadingError as refused:
        if str(refused) != TWO_BOARDS:
            raise
        # The board read beside another's dots may be the screenshot preview of a bigger
        # started board whose dots are mostly joined to their pipes, no board's set of
        # pairs apart, while the preview's shrunk dots still are one (synthetic hex
        # preview 10700029 started): looked for round the flows too, the biggest read,
        # and judged alone as any board (looked for so on every read with pipes drawn,
        # hexagonal reads took a fifth longer).
        return _read_hex(image, settings, flows_too=True)


def _read_hex(image: np.ndarray, settings: Settings, *, flows_too: bool) -> Reading | None:
    """``read_hex``, with ``flows_too`` the lattices looked for round the flows as well as
    round the dots apart (else only where none is found round those)."""
    gray = brightest_channel(image)
    crossings = Crossings(image, settings.pipe_contrast)
    min_side = MIN_BOARD_SIDE * settings.min_cell_px

    # (made once for the read: asked again on the same lattices, see ``pieces``)
    either_ways = EitherWays(image, settings.line_contrast, crossings)
    lattices_of: dict[tuple[int, bool], tuple[np.ndarray, list[HexLattice]]] = {}

    def lattices_in(channel: np.ndarray, flows: bool) -> list[HexLattice]:
        # The lattices each channel shows round the dots or flows, found once for the read
        # (looked in again on the brightest channel for lines standing out either way).
        key = (id(channel), flows)
        if key not in lattices_of:
            lattices = find_hex_lattices(
                image,
                settings.work_size,
                settings.line_contrast,
                min_side,
                flows=flows,
                gray=channel,
                whole=channel is gray,
            )
            # (the channel held with them: its id stays its own through the read)
            lattices_of[key] = channel, list(lattices)
        return lattices_of[key][1]

    def pieces(channel: np.ndarray, flows: bool, either: bool = False) -> list[HexSides]:
        # Each piece of hexagons drawn on each lattice is a candidate board (its
        # sides drawn, or crossed by a drawn pipe). A colour's own channel is looked
        # in around the dots or flows alone (the whole screen's clutter, in colour too,
        # is the brightest's to judge); with ``either``, the hexagons are those drawn in
        # lines standing out either way in some channel (``EitherWay``).
        return [
            piece
            for lattice in lattices_in(channel, flows)
            for piece in (
                either_ways.drawn(lattice)
                if either
                else found_hexagons(channel, lattice, settings.line_contrast, crossings)
            )
            if _lattice_passes(piece)
        ]

    def board_in(channel: np.ndarray, either: bool = False) -> HexSides | None:
        # None found around dots apart (or looked for round the flows too): a started
        # or finished board may show only flows. The biggest board drawn is the one the
        # user means: the OS's screenshot preview is a smaller copy of it (another board
        # beside it is refused).
        found = pieces(channel, False, either)
        if flows_too or not found:
            found += pieces(channel, True, either)
        found.sort(key=lambda piece: -len(piece.cells) * piece.lattice.row_step**2)
        return _biggest_placed(found)

    sides = board_in(gray)
    # Glow of another hue behind the whole board lifts the ground's brightest channel
    # to the lines' level or past it: their lattice shows only in their own colour's
    # channel, where the glow stays dark (each colour looked in only then: the common
    # case pays nothing, and a board found there is judged by the same rules).
    others = () if sides is not None else _other_than(gray, image, settings.line_contrast, min_side)
    for colour in others:
        sides = board_in(colour)
        if sides is not None:
            break
    if sides is None:
        # Glow in one channel and the flows' tints in another may each hide some of the
        # lines, in every channel, from a board's worth of hexagons (a brown line darker
        # than a yellow tint in red, than a slate one in blue: a phone's glow shafts
        # behind a started board, 7 of its 40 hexagons whole): on the lattices the
        # brightest channel's lines follow, the hexagons drawn in lines standing out
        # either way in some channel (only then: the common case pays nothing); a board
        # found there is placed and judged as any other, its lines then the brightest
        # channel's as any board's.
        sides = board_in(gray, either=True)
        if sides is not None:
            lines = LineMap(gray, sides.lattice.row_step, settings.line_contrast, crossings)
            sides = replace(sides, lines=lines)
    if sides is None:
        return None
    channel = line_channel(image, sides)
    if channel is not None:
        # Glow of another hue hides lines in the brightest channel: the
        # hexagons are found again in the lines' own.
        again = found_hexagons(channel, sides.lattice, settings.line_contrast, crossings)
        sides = _biggest_placed([piece for piece in again if _lattice_passes(piece)]) or sides
    # Glow brighter than the lines hides them from the top-hat: they stand out darker.
    core = sides.cells
    sides = with_darker_lines(image, sides, settings.line_contrast, crossings)
    if len(core) < PLACED_SHARE * len(sides.cells):
        # A lattice placed on part of a board strays across the rest: placed again on it all.
        sides = placed_alone(sides, ())
    log.debug("hexagons drawn: %d on %s", len(sides.cells), sides.lattice)
    found = sides
    inked_only, sides = _inked_board(image, found, settings, core)
    beyond = inked_only.cells - sides.cells
    blank = found.cells - inked_only.cells
    pulled = len(blank) >= PULLED * len(found.cells)
    if beyond or pulled:
        # The clutter left out (past the outline on another ground; closed of a page's grid
        # or text, no ink on a side, as a good share of the hexagons found) pulled the
        # lattice's fit off the board's own lines: placed again on the board alone
        # (synthetic hex drift 10300013: a spreadsheet's grid beside a mirrored phone, 27
        # hexagons of no ink of 51; the board's bottom sides 2.5 px off the lattice, past
        # where the peak share looks with pipes drawn, its hexagons there left out too).
        kept = found.cells - beyond - (blank if pulled else frozenset())
        alone = replace(
            found, cells=kept, crossed=frozenset(side for side in found.crossed if side <= kept)
        )
        alone = placed_alone(alone, beyond)
        # ... and the clutter past the outline chose the channel and set the lines'
        # typical widths with the board: measured again on the board alone, whose
        # hexagons that typical width left out may carry their ink after all (a
        # spreadsheet's ruled grid closing hexagons beside a small hex board in a mirror
        # window: its dots' hexagons left out as blank, the board's outline then thin
        # lines; drawn on the lattice placed again, they join it). The board's piece is
        # the one holding the board so far, not the hexagons first found: they hold the
        # clutter too, which the lattice placed again may join to the board (a
        # spreadsheet's rows beside a small board in a mirror window, 48 hexagons of it
        # taken for the board of 32, synthetic hex colour_blind 12300014 unsolved).
        inked_only, sides = _inked_board(image, alone, settings, sides.cells)
    leads: Sequence[Callable[[HexSides], HexSides | None]]
    if sides.crossed:
        # Beside pipes no measure of the widths is clean: the lines' colour's shares lead
        # where they fall in clear groups along every direction, else the width at half
        # the lines' colour where it does, its thin lines solid (no other measure clear
        # along a wall's direction to read it thin, ``_hex_heard.VETO``); where neither
        # does, or the board so read is refused, each side as thin as any measure clear
        # along its direction reads it (``_hex_heard``: each errs wide, never thin).
        leads = (shares_led, half_led, heard)
    else:
        # Glow as light as the lines lifts the ground beside them towards their level:
        # where the lead's widths fall in no clear groups, the lines' colour's shares;
        # where they do but an outline side reads thin (glow as bright as the line in the
        # lead's channel over part of it), each side's clearest channel. Whichever leads,
        # the walls it reads are asked of every measure (``_hex_heard.asked_of_all``: a
        # dot's rim or glow's edge beside a faint line adds to the ink the lead sums).
        leads = (
            lambda unpiped: asked_of_all(image, faced_outline(image, shares_lead(image, unpiped))),
        )
    unled = sides
    judged = _led(image, sides, leads, inked_only.inks)
    if judged.doubt is not None:
        raise judged.doubt
    sides, thin = judged.sides, judged.thin
    board = hex_board(sides, walled=not thin)
    geometry = board.geometry
    if geometry.cell_size < settings.min_cell_px:
        raise UnsureReadingError(
            f"hexagons of {geometry.cell_size:.1f} px are too small to read "
            f"(need {settings.min_cell_px:g})"
        )
    playable = tuple(
        Cell(r, c)
        for r in range(geometry.rows)
        for c in range(geometry.cols)
        if Cell(r, c) not in board.holes
    )
    cells = sample_hex_cells(image, geometry, playable, settings)
    drawn = see_hex_pipes(image, cells, settings.pipe_contrast)
    cells = hidden(cells, drawn)
    for dot_rule in (*HEX_DOT_RULES, *HEX_THIN_RULES) if thin else HEX_DOT_RULES:
        dot_rule.check(cells)
    dots = cells.dots
    if unled.crossed and not thin:
        _check_rims(
            image, unled, leads, board.walls, frozenset(dots), contrast=settings.line_contrast
        )
    pairs, pair_margin = pair_dots(dots, cells.core_lab, settings)
    covered = pipes_of_pairs(drawn, pairs, set(dots))
    puzzle = Puzzle(
        geometry.rows,
        geometry.cols,
        tuple(Pair(str(k), a, b) for k, (a, b) in enumerate(pairs)),
        shape=Shape.HEX,
        holes=board.holes,
        walls=board.walls,
    ).canonical()
    # A cell walled in on every side is on no flow: the game draws none. Such a reading
    # took the outline round a lone hole for walls (hex tiny_cells 600006: 5 walls).
    shut = next((cell for cell in puzzle.cells() if not any(puzzle.neighbours(cell))), None)
    if shut is not None:
        raise UnsureReadingError(f"cell {tuple(shut)} is walled in on every side (a hole?)")
    colours = pair_colours(pairs, cells.core_rgb)
    confidence = round(pairing_confidence(pair_margin, settings), 3)
    log.info("read a hexagonal %s board with %d colours", puzzle.size, len(pairs))
    notes = (ALREADY_SOLVED,) if drawn.solved(len(playable)) else ()
    notes = (*notes, WALLS_UNSEEN) if thin else notes
    return Reading(puzzle, geometry, colours, confidence, notes, covered)  # type: ignore[arg-type]


def _led(
    image: np.ndarray,
    sides: HexSides,
    leads: Sequence[Callable[[HexSides], HexSides | None]],
    inked_in: Inks | None,
) -> _Judged:
    """The first lead's board the board rules pass; else the first one's refusal."""
    refused: _Judged | None = None
    for lead in leads:
        led = lead(sides)
        if led is None:
            continue
        judged = _judged(image, led, inked_in)
        if judged.doubt is None:
            return judged
        refused = refused or judged
    return refused or _judged(image, sides, inked_in)


def _check_rims(
    image: np.ndarray,
    sides: HexSides,
    leads: Sequence[Callable[[HexSides], HexSides | None]],
    walls: frozenset[Link],
    dots: frozenset[Cell],
    *,
    contrast: float,
) -> None:
    """Refuses a board with pipes whose walls beside its ``dots`` the ``leads`` read
    otherwise with the faces looked at ``NEAR_LOOK`` (``sides``: the hexagons before the
    leads, their faces looked at ``GROUND_OFF``; ``walls``: the board so read). Where the
    leads refuse the board so looked at, it is read as it was."""
    near = _faced(image, sides, contrast, NEAR_LOOK)
    judged = _led(image, near, leads, near.inks)
    if judged.doubt is not None:
        # (the measures' bounds were set on the faces at ``GROUND_OFF``: the nearer look
        # only checks; with the faces at 0.08 everywhere, 13 of the 498 hex tests failed)
        return
    again = hex_board(judged.sides, walled=not judged.thin).walls
    beside = {wall for wall in walls if dots & set(wall)}
    if beside != {wall for wall in again if dots & set(wall)}:
        raise UnsureReadingError(RIMS_DOUBT)


class _Judged(NamedTuple):
    """A board's sides as the board rules judged them."""

    sides: HexSides
    #: Whether the outline is as thin as the lines (``thin_outline``).
    thin: bool
    #: The first board rule's refusal (``None``: none refuses).
    doubt: UnsureReadingError | None


def _judged(image: np.ndarray, sides: HexSides, inked_in: Inks | None) -> _Judged:
    """``sides`` made ready for the board rules (``inked_in``: the measure the clutter was
    looked for in) and judged by them."""
    if sides.crossed and sides.inks is not inked_in:
        # With pipes drawn, the widths the board is judged by may be another measure's than
        # those the clutter was looked for in: a hexagon a window's text closed on the outline
        # showed the lines' colour's shares there, no ink in the lead's (synthetic hex
        # mirror 4000000 solved, 0.00-0.20 of the typical width): left out in it too,
        # judged by the sides facing out (between two flows' tints, a thin line may
        # measure next to nothing in it).
        sides = inked(sides, outline_only=True)
    # An outline as thin as the lines draws no walls (a solutions site's look).
    thin = thin_outline(sides)
    if not thin:
        # A light band ending along a thin line widens it in every measure that sums its
        # hump; a wall reaches half the lines' colour as the outline does (``_hex_shoulder``).
        sides = off_the_shoulder(sides, image)
    return _Judged(sides, thin, _doubt(sides, HEX_THIN_BOARD_RULES if thin else HEX_BOARD_RULES))


def _doubt(sides: HexSides, rules: Sequence[Rule[HexSides]]) -> UnsureReadingError | None:
    """The refusal of the first of ``rules`` that refuses ``sides``; ``None`` where all pass."""
    try:
        for rule in rules:
            rule.check(sides)
    except UnsureReadingError as doubt:
        return doubt
    return None


def _other_than(
    gray: np.ndarray, image: np.ndarray, contrast: float, min_side: float
) -> list[np.ndarray]:
    """The colour channels of ``image`` that may show lines ``gray`` (its brightest) does
    not: darker than it by ``contrast`` (the lines') over a smallest board's area
    (``min_side`` squared) or more. Where a channel is the brightest nearly everywhere (a
    grey page, a spreadsheet), its lines are the brightest's, already looked for."""
    return [
        colour
        for colour in cv2.split(image)
        if np.count_nonzero(cv2.subtract(gray, colour) > contrast) >= min_side**2
    ]


def _biggest_placed(found: list[HexSides]) -> HexSides | None:
    """The first of the pieces ``found`` (the biggest first) placed at full resolution,
    in pieces that pass the lattice rules."""
    placed = (placed_board(piece, _lattice_passes) for piece in found)
    return next(filter(None, placed), None)


def _inked_board(
    image: np.ndarray, sides: HexSides, settings: Settings, core: frozenset[Node]
) -> tuple[HexSides, HexSides]:
    """The hexagons ``sides`` with their widths' inks, less those with a side of no ink
    (``inked``), and less also the clutter beyond the outline (``beyond_left_out``; the
    board's piece the one holding ``core``: the hexagons found on its own lines, or the
    board as measured before)."""
    contrast = settings.line_contrast
    # The sides' widths are measured in one colour channel (the brightest
    # loses a line's soft edges where the ground's brightest is another).
    if sides.crossed:
        # Beside pipes, each side's in the channel where its line stands clear of the
        # flows' tints (``_hex_faces``).
        sides = _faced(image, sides, contrast)
    else:
        pitch = sides.lattice.row_step
        signed = SignedLines(ink_channel(image, sides), pitch, contrast, cut_ground=True)
        # ... or along the lines' own hue, where glow crosses their brightness in it.
        sides = along_hue(image, replace(sides, inks=signed))
        # ... and each side a big dot beside it lifts the ground of in the channel where
        # the dot stays dark, where the widths fall in no clear groups.
        sides = unlifted(image, sides)
    # A dot's hue spilling over a line hides it in the brightest channel: a hexagon
    # joined to the board by a thin line in the widths' channel is the board's.
    sides = joined(sides)
    # Clutter beside the board may close hexagons onto its outline: their sides carry
    # no ink (a hexagon holding a dot is the board's whatever its sides facing out) ...
    lattice = sides.lattice
    sides = inked(
        sides, dotted=lambda nodes: holding_dots(image, lattice, nodes, settings.dot_contrast)
    )
    # ... or, past its outline, ink all round on another ground.
    return sides, beyond_left_out(sides, core)


def _faced(
    image: np.ndarray, sides: HexSides, contrast: float, look: float = GROUND_OFF
) -> HexSides:
    """``sides`` measured each in the channel where its line stands clear of its faces,
    looked at ``look`` pitches out (``FacedInks``), its lines the image's edge cuts
    measured as cut, as without pipes (``CutInks``)."""
    lattice = sides.lattice
    centres = np.array([lattice.centre(*n) for n in sides.cells])
    faced = FacedInks(image, lattice.row_step, contrast, centres, look=look)
    return replace(sides, inks=faced, inks_cut=CutInks(faced, image, centres))


def _lattice_passes(sides: HexSides) -> bool:
    """Whether a piece of hexagons drawn on a candidate lattice passes the lattice rules."""
    doubt = _doubt(sides, HEX_LATTICE_RULES)
    if doubt is not None:
        log.debug("lattice %s passed over: %s", sides.lattice, doubt)
    return doubt is None
