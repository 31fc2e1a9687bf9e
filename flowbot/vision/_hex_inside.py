"""A lattice's hexagons empty inside: the board's lattice, not one laid over other lines.

A candidate lattice draws hexagons wherever lines stand out along all six
sides of one. On a board's own lattice most hexagons are empty cells: no
line inside them. Laid over a page's ruled grid (a spreadsheet, whose white
cells stand out as lines do), or over a board at twice its pitch, the
hexagons hold lines all over. A board's emptiest quarter of cells is empty
(a small level may have more dots than empty cells, a colour-blind dot's
letter standing out as lines do, but never three dots to every empty cell),
so the hexagon a quarter of the way up from the emptiest tells. Hexagons a
drawn pipe crosses are not judged: they hold the pipe; nor, where pipes are
looked for (as the reader looks), are hexagons holding a dot (``_dotted``): a
started board may leave only its unlinked dots' hexagons unpiped, and a large
dot's rim, a closed curve round the centre, crosses every ray across the disc. Clutter the board's
outline closes into hexagons past it (a window's text) is no cell: where the
quartile is lit, it is left out as the reader leaves it out of the board, and
the rest judged again (on a finished board it may be all that is left).
"""

from __future__ import annotations

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._colour import delta_e
from flowbot.vision._hex_beyond import beyond_left_out
from flowbot.vision._hex_board import HexSides
from flowbot.vision._hex_inked import inked
from flowbot.vision._hex_pipes import centre_colours
from flowbot.vision._pipes import DISC, discs_show, lab_at
from flowbot.vision._rule import Rule

#: The disc looked at inside a hexagon, in pitches from its centre (the flat
#: sides lie at 0.5, the widest outline reaches 0.085 pitch in from them).
INSIDE = 0.3
#: The hexagons are taken in order of that share, from the emptiest ...
QUARTILE = 25
#: ... and the one this far up has at most this share of the rays from its
#: centre across its disc crossing a line (boards 0.00-0.04 measured, dots'
#: rims, colour-blind letters and JPEG's ringing included; a spreadsheet under
#: a lattice, or a board at twice its pitch, 1.0).
EMPTY_INSIDE = 0.5

#: A hexagon holds a dot where its centre's colour lies this far (CIELAB) from its
#: ring's (the game's dots: bright, saturated discs on a dark ground; the dot reader's
#: ``dot_contrast``) and shows all round at a dot's radius (``_pipes.discs_show``).
DOT_OFF = 30.0
#: The ring: this far out from the centre, in pitches (past a dot's rim, 0.3, inside the
#: flat sides, 0.5).
RING = 0.42
#: ... and round its letter, within the dot, this far out (a dot's smallest radius
#: looked at, ``_pipes._DISC_RADII``: past a bold letter's reach, 0.2 pitch).
DISC_INNER = 0.26

_ANGLES = np.linspace(0, 2 * np.pi, 48, endpoint=False)
_RADII = np.linspace(0.05, 1, 12)
_DX = (_RADII[:, None] * np.cos(_ANGLES)[None, :]).ravel()
_DY = (_RADII[:, None] * np.sin(_ANGLES)[None, :]).ravel()


def inside_lit(sides: HexSides) -> float:
    """The share of the rays across its inside disc crossing a line, of the hexagon
    ``QUARTILE`` per cent of the way up from the emptiest.

    Where that hexagon is lit, the hexagons with a side of no ink (``_hex_inked``) and
    the pieces beyond the outline on another ground (``_hex_beyond``) are left out and
    the rest judged again, as the reader leaves them out of the board: clutter the
    board's outline closes a hexagon of (the gaps between a window's lines of text
    beside it, a white page's text) holds the text inside, and on a finished board,
    whose other hexagons its pipes cross, it alone is judged (synthetic hex jpeg 300011
    and 300012 solved: the one unpiped hexagon of 25 and of 31, lit all round; the
    first's a side of no ink, the second's on the page's white ground). Asked only
    then: the widths they take are measured on every side. A lattice of twice the
    board's pitch keeps its lines inside (its pieces on dev seeds lit 1.0 either way).
    """
    lit = _inside_lit(sides)
    if lit <= EMPTY_INSIDE:
        return lit
    return _inside_lit(beyond_left_out(inked(sides)))


def _inside_lit(sides: HexSides) -> float:
    lattice, lines = sides.lattice, sides.lines
    # A hexagon a drawn pipe crosses holds the pipe (JPEG rings along its edges):
    # the others tell; none at all on a finished board, whose pipes vouch for it.
    piped = {node for side in sides.crossed for node in side}
    empty = [node for node in sides.cells if node not in piped]
    if empty and lines.pipes is not None:
        # (where pipes are looked for, as the reader looks, the dots' hexagons too: on a
        # started board they may be all that is unpiped)
        centres = np.array([lattice.centre(*node) for node in empty], np.float64)
        dotted = _dotted(lines.pipes.image, centres, lattice.row_step)
        empty = [node for node, dot in zip(empty, dotted, strict=True) if not dot]
    if not empty:
        return 0.0
    lit = lines.tophat >= lines.contrast
    h, w = lit.shape
    radius = INSIDE * lattice.row_step
    centres = np.array([lattice.centre(*node) for node in empty])
    xs = np.rint(centres[:, :1] + radius * _DX[None, :]).astype(int).clip(0, w - 1)
    ys = np.rint(centres[:, 1:] + radius * _DY[None, :]).astype(int).clip(0, h - 1)
    # A ray from the centre crossing a line anywhere: a thin line across the
    # disc crosses many rays while lighting few of its pixels.
    crossed = lit[ys, xs].reshape(len(centres), len(_RADII), len(_ANGLES)).any(axis=1)
    return float(np.percentile(crossed.mean(axis=1), QUARTILE))


def _dotted(image: np.ndarray, centres: np.ndarray, pitch: float) -> np.ndarray:
    """Whether each hexagon centred at ``centres`` ``(n, 2)`` (x, y) holds a dot: its
    centre's colour ``DOT_OFF`` from its ring's, and shown all round at a dot's radius."""
    h, w = image.shape[:2]
    angles = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    around = RING * pitch * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    ring = np.median(lab_at(image, centres[:, None, :] + around[None], h, w), axis=1)
    dotted = np.zeros(len(centres), bool)
    # The dot's colour is its centre's, or, where a colour-blind dot's bold letter fills
    # half its centre (the median there a mix of the two, shown nowhere round it), the
    # colour round the letter, within the dot (the median over DISC_INNER pitch round it).
    disc = DISC_INNER * pitch * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    within = np.median(lab_at(image, centres[:, None, :] + disc[None], h, w), axis=1)
    for colour in (centre_colours(image, centres, pitch), within):
        apart = delta_e(colour, ring) >= DOT_OFF
        dotted |= apart & (discs_show(image, centres, pitch, colour) >= DISC)
    return dotted


def _check_empty_inside(sides: HexSides) -> None:
    if inside_lit(sides) > EMPTY_INSIDE:
        raise UnsureReadingError(EMPTY.reason)


EMPTY: Rule[HexSides] = Rule(
    name="hexagons empty inside",
    refuses="hexagons drawn on a lattice, in one piece, holding lines inside them, even "
    "the emptiest quarter",
    why="A board's emptiest quarter of cells is empty (never three dots to every empty "
    "cell); a lattice laid over a page's ruled grid (its white cells stand out as lines "
    "do) or over a board at twice its pitch draws hexagons with lines all over their "
    "insides. The piece is passed over (the next lattice tried, or the piece left out of "
    "the board).",
    bounds="The lines' top-hat (line_contrast) along 48 rays across a disc of INSIDE 0.3 pitch "
    "round each centre; the hexagon QUARTILE 25 % of the way up from the emptiest with "
    "EMPTY_INSIDE 0.5 of its rays crossing a line at most (boards 0.00-0.04 measured, "
    "where a small colour-blind board's median hexagon is lit 0.79 of its disc; a "
    "spreadsheet, or a board at twice its pitch, 1.0); hexagons a drawn pipe crosses "
    "(`_hex_pipes.Crossings`) left out, as they hold the pipe (JPEG's ringing along a "
    "pipe's edges lit a finished board's: synthetic hex jpeg 300000 solved), and, where "
    "pipes are looked for (as the reader looks), the hexagons holding a dot (`_dotted`: "
    "the centre's colour, or the colour round its letter at DISC_INNER 0.26 pitch, DOT_OFF "
    "30 Lab from the ring's at RING 0.42 pitch, shown all round at a dot's radius, "
    "`_pipes.discs_show`: a colour-blind dot's bold letter fills half its centre, the "
    "median there a mix shown nowhere, its lone unpiped dot then lighting the quartile "
    "1.0): a started board's only unpiped hexagons were its two unlinked dots, their large "
    "rims lighting 0.56-1.0 of the rays (synthetic hex desktop_app 3500001 started, "
    "refused on every lattice). A lit quartile is judged again without the hexagons with a "
    "side of no ink (`_hex_inked`) and the pieces beyond the outline on another ground "
    "(`_hex_beyond`), as the reader leaves them out: a finished board's one unpiped "
    "hexagon was a window's text its outline closed (synthetic hex jpeg 300011 and 300012 "
    "solved, lit 1.0); a lattice at twice the pitch over a finished board lit 1.0 either "
    "way (dev seeds 300000-300002).",
    reason="the hexagons found hold lines inside them (not a board's lattice)",
    check=_check_empty_inside,
)
