"""Drawn pipes on the game's other boards: where they may run, what they hide.

A board with an outline (holes, walls) is read as a classic one is: the
pipes first (``_pipes``), the dots through them. The game lets no flow into
a hole nor across a wall, and the outline stage measures every edge where
no pipe crossing it reaches (``_outline_edges``: the quarters near its
ends), so a wall under a pipe is still read as one: a flow read through a
hole or across a wall is a reading in doubt, and refused. For the same
reason the inner edges a pipe crosses are looked at near their ends, not at
their middle, for the outline's colour (``border_under_pipes``).

A pipe hides what lies under it: a warp's opening it runs out of (the pipe
goes on past the board's edge, where a border would be drawn), a bridge's
tile. A pipe running out of the board is believed only through a warp read
there; a flow turning or ending on a bridge is refused (it crosses one straight).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, link
from flowbot.vision._border_sides import EDGE_ENDS, Border, inner_edge_colours
from flowbot.vision._cells import NEAR, CellSamples
from flowbot.vision._colour import delta_e, delta_e94
from flowbot.vision._grid import past_side
from flowbot.vision._pipes import Pipes, lab_at
from flowbot.vision._rule import Rule
from flowbot.vision._stats import median_of

if TYPE_CHECKING:
    from flowbot.vision._choose import Board


def border_under_pipes(
    border: Border,
    image: np.ndarray,
    geometry: BoardGeometry,
    pipes: Pipes,
    bridges: frozenset[Cell] = frozenset(),
) -> Border:
    """The board's ``border`` measured (``border_of``), the inner edges a flow crosses looked
    at near their ends (the lighter of the two: a wall shows at both); beside a bridge's tile
    (of ``bridges``, or one the flows cross), a flow's crossing is taken for a line."""
    crossed = _crossed(pipes)
    if not crossed:
        return border
    # Along an inner edge a pipe crosses, where its line (or a wall) still shows: past
    # the pipe, clear of the crossing lines and dots (``EDGE_ENDS``).
    ends = [inner_edge_colours(image, geometry, along) for along in EDGE_ENDS]
    line = border.line_colour
    vertical, horizontal = (e.copy() for e in border.inner)
    for a, b in crossed:
        first, second = (a, b) if a < b else (b, a)
        if first.row == second.row:  # a vertical edge, right of ``first``
            where, table, k = (first.col, first.row), vertical, 0
        else:
            where, table, k = (first.row, first.col), horizontal, 1
        if {a, b} & (bridges | pipes.bridges):
            # Its ends lie beside a bridge's tile, lighter than a line: a flow
            # crosses into a bridge straight, through no wall (the game's).
            table[where] = line
            continue
        pair = [e[k][where] for e in ends]
        table[where] = max(pair, key=lambda lab: float(lab[0]))
    return Border(border.sides, (vertical, horizontal))


def _crossed(pipes: Pipes) -> list[tuple[Cell, Cell]]:
    """The pairs of neighbouring cells a flow runs between."""
    return [
        (a, b)
        for flow in pipes.flows
        for a, b in pairwise(flow)
        if abs(a.row - b.row) + abs(a.col - b.col) == 1  # not through a warp
    ]


#: Beside a border cell, across the cell's middle (within a pipe's half width),
#: out from the border line (pitches): on the line, within the outline's half
#: width of 0.1; and past the outline, within a warp's stub of 0.3.
_ON_LINE = (0.0, 0.04)
_PAST_LINE = (0.13, 0.18, 0.23)
_ACROSS = (-0.06, 0.0, 0.06)
#: A point taken back into the image from past its edge by at most this
#: (pitches) still lies on the outline (half width 0.1).
_OUTLINE_HALF = 0.08
#: Share of those points showing the flow's colour (within ``NEAR``) for the
#: pipe to run there.
_SHOWS = 0.5
#: On the line, where nothing past it can be seen, every point within this
#: (CIELAB) of the flow's colour and past it from the outline's: the pipe drawn
#: over the line, not an outline of a near colour (its own points spread 4
#: about its median).
_ON_PIPE = NEAR / 2


def runs_out(
    image: np.ndarray,
    geometry: BoardGeometry,
    cell: Cell,
    side: str,
    outline: np.ndarray,
    *,
    colour: np.ndarray | None = None,
    loose_end: bool = False,
) -> bool | None:
    """Whether the colour at ``cell``'s centre goes on through the board's ``side`` beside it
    (a pipe running out through a warp's opening), where the border would show ``outline``
    (Lab); None when it cannot be told (the pipe of the outline's colour, the image ending
    past the line). ``colour``: the cell's (Lab), when sampled (a colour-blind dot's
    without its letter, which covers its centre: ``CellSamples.core_lab``). ``loose_end``:
    ``cell`` holds a flow's loose end (the colour is a pipe's, seen running to it), which
    where the image ends past the line is told by the line alone.

    A drawn border shows its own colour on the line; an opening a pipe runs
    out of shows the pipe's, and past the line too.
    """
    if colour is None:
        centre = geometry.centre(cell)
        d = geometry.cell_size * 0.05
        core = [(centre.x + a, centre.y + b) for a in (-d, 0, d) for b in (-d, 0, d)]
        h, w = image.shape[:2]
        colour = median_of(lab_at(image, np.array(core), h, w), axis=0)
    on_line = _beside(image, geometry, cell, side, _ON_LINE)
    if on_line is None:
        return None
    # The outline seen anywhere on the line (placed a pixel or two off, its
    # edge blurred into what lies past it): the border is drawn there.
    if (delta_e(on_line, outline) < delta_e(on_line, colour)).any():
        return False
    # The flow's colour told in CIE94: scaling dulls a saturated pipe's edge on the
    # line by chroma alone (a blue stub 9-15 CIE76 off its cell's core, 3 in CIE94,
    # warps tiny_cells 6050001 started); the outline is told apart above.
    if (delta_e94(on_line, colour) <= NEAR).mean() < _SHOWS:
        return False
    if float(delta_e(colour, outline)) > 2 * NEAR:
        return True
    past = _beside(image, geometry, cell, side, _PAST_LINE)
    if past is None:
        if not loose_end:
            return None
        # The image ends past the line (a tight crop through the opening): the
        # line itself must show the pipe, every point within ``_ON_PIPE`` of its
        # colour and past it from the outline's, where no outline point lies
        # (a white flow 17 Lab from a lavender outline, each point within 1 of
        # white; 8.6 from a pale one, warps tiny_cells 8200000 started). Only at
        # a flow's loose end: at any cell, a crop a little inside the outline
        # would bring the points onto the cell's own ground, its core's colour.
        on_pipe = (delta_e(on_line, colour) <= _ON_PIPE).all()
        return bool(on_pipe and (delta_e(on_line, outline) > _ON_PIPE).all()) or None
    return bool((delta_e94(past, colour) <= NEAR).mean() >= _SHOWS)


def letter_free(samples: CellSamples | None, cell: Cell) -> np.ndarray | None:
    """``cell``'s colour for ``runs_out`` where a colour-blind letter covers its centre (its
    core sampled without it); None elsewhere (the centre itself is taken)."""
    if samples is None or not samples.lettered[cell]:
        return None
    return samples.core_lab[cell]


def _beside(
    image: np.ndarray, geometry: BoardGeometry, cell: Cell, side: str, out: tuple[float, ...]
) -> np.ndarray | None:
    """Lab at points ``out`` pitches past the board's ``side`` beside ``cell`` (``_ACROSS``
    its middle); None when some lie outside the image."""
    points = [past_side(geometry, cell, side, t, s) for t in out for s in _ACROSS]
    pitch = geometry.cell_size
    h, w = image.shape[:2]
    xy = np.array(points)
    # Taken back into the image where it ends within the outline (a board
    # flush with the image's edge shows the rest of its outline there).
    inside = np.clip(xy, 0, (w - 1, h - 1))
    if (np.abs(inside - xy).max(axis=1) > _OUTLINE_HALF * pitch).any():
        return None
    return lab_at(image, inside, h, w)


#: The refusals of a pipe where the board lets none run, and of one hiding what it covers.
PIPE_THROUGH_WALL = "a pipe is read through a wall or a hole: the drawing is unclear"
PIPE_OUT = "a pipe runs out of the board at cell (r, c) where no warp is read"
PIPE_ON_BRIDGE = "a pipe turns or ends on a bridge: the drawing is unclear"


def check_pipes_fit(board: Board) -> None:
    """Refuse flows through a hole or across a wall, a pipe running out of the board but
    through a warp, and flows turning or ending on a bridge."""
    flows = board.pipes.flows
    if not flows:
        return
    features, cells = board.features, board.cells
    for flow in flows:
        if flow[-1] in features.bridges or any(
            b in features.bridges and a.row != c.row and a.col != c.col
            for a, b, c in zip(flow, flow[1:], flow[2:], strict=False)
        ):
            raise UnsureReadingError(PIPE_ON_BRIDGE)
    if board.pipes.touched & features.holes or any(
        link(a, b) in features.walls for a, b in _crossed(board.pipes)
    ):
        raise UnsureReadingError(PIPE_THROUGH_WALL)
    border = board.border or cells.border
    if not border.outlined:
        return  # a classic board's thin border: no warps are drawn (``_warps``)
    geometry = cells.geometry
    outline = border.outline_colour
    warped = {cell for pair in features.warps for cell in pair}
    for cell in sorted(board.pipes.touched - warped):
        for side in sides_of(cell, geometry):
            if runs_out(cells.image, geometry, cell, side, outline) is not False:
                raise UnsureReadingError(
                    f"a pipe runs out of the board at cell ({cell.row}, {cell.col}) where no "
                    "warp is read"
                )


def sides_of(cell: Cell, geometry: BoardGeometry) -> list[str]:
    """The board's sides ``cell`` lies on."""
    return [
        side
        for side, on in (
            ("top", cell.row == 0),
            ("bottom", cell.row == geometry.rows - 1),
            ("left", cell.col == 0),
            ("right", cell.col == geometry.cols - 1),
        )
        if on
    ]


PIPES_FIT: Rule[Board] = Rule(
    name="pipes where the board lets them run",
    refuses="a flow read through a hole or across a wall; on a board outlined as the game's "
    "other boards, a pipe running out past its border but through a warp read; a flow turning "
    "or ending on a bridge",
    why="The game lets no flow into a hole nor across a wall, and the outline is judged where "
    "no pipe crossing an edge reaches (its quarters near the ends), so a wall under a pipe "
    "still reads as one: a flow across it is a drawing misread. A pipe running out of the "
    "board hides the warp's opening it leaves by (`_variant_pipes.runs_out`: a drawn "
    "border shows its own colour on its line, an opening a pipe runs out of the pipe's). A "
    "flow crosses a bridge straight, hiding its tile (`_pipes_through`): one turning or "
    "ending on it is a drawing misread.",
    bounds="A wall read where its ends show (`_outline_edges.ALONG` 0.12-0.3 of the edge from "
    "each end; pipes' half-widths 0.15-0.17 from its middle); a pipe runs out when half "
    "(`_SHOWS`) the points on the border line (0-0.04 pitch out, within 0.06 of the cell's "
    "middle; taken back into the image up to 0.08 pitch where it ends) show its centre's "
    "colour within `NEAR` 12 Lab, and, for a pipe within 24 Lab of the outline's colour, "
    "those 0.13-0.23 pitch past it too (outline half-width 0.1, warp stubs 0.3); refused "
    "where that cannot be seen.",
    reason=f"{PIPE_THROUGH_WALL} / {PIPE_OUT} / {PIPE_ON_BRIDGE}",
    check=check_pipes_fit,
)
