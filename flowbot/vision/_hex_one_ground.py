"""With pipes drawn, how far a side's width measured in one channel over one ground may be off.

A width in one channel (``_hex_board.side_width``) is the line's ink over
its contrast over the ground under it, one ground for both sides. Beside a
flow's tint the ground steps at the line: the top-hat's ground follows the
step (a tint is wider than its square), so the half of the line over the
darker face is summed over that face, while the contrast it is divided by
is the line's over the brighter one (the ground under the line's middle).
Measured so, a line's width comes out up to ``spread`` times its own (the
line's contrast over its darker face over its contrast over the brighter);
and glow along the line on the tint's side, above half the line's peak
there, runs the hump on into it, wider still. A single channel so measured
errs wide, never thin, beside a tint: it can tell a wall beside one only
where even the least it may be, its width over the spread, is the outline's
(synthetic hex phone 300013 started: a thin line between a white flow's grey
tint, glow along it, and a dark face measured 6.5 px in red against the
thin lines' 3.3, the spread 2.2; the lines' colour's shares, 2.9, right).
Where its line does not stand out from its brighter face by the line
contrast in that channel, the channel does not see it at all: it tells
nothing there (a reddish tint as bright in red as a reddish line: walls 5.3
px wide measured 0 there, synthetic hex twins 300003 started).
Between two tinted hexagons the game's smoothed tints overlap along the side,
one over the other: a band beside the line brighter than
either face, up to both their steps from the board's ground summed. Where
that sum reaches the line's level in the channel, within the line contrast,
the band passes for line there and the channel cannot tell a wall either
(synthetic hex tiny cells 300025 started and solved, no JPEG: a bluish line
between a white flow's grey tint and a teal one, each 59 in blue against the
line's 116 over a black ground, measured 1.50 px against the boundary 1.30,
its pixels beside the line mixes of the two tints' overlap; the lines'
colour's shares and the width at half of it read it thin, 0.46 and 0.40 of
the way).

Where the lines' colour's shares or the width at half of it lead, each side's
clearest channel contradicts their walls only where it can tell
(``_hex_coverage.COVERED_ALIKE``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from flowbot.vision._hex_board import HexSides, LineMap, Node, line_level
from flowbot.vision._hex_channel import GROUND_OFF
from flowbot.vision._hex_faces import FacedInks, faces
from flowbot.vision._hex_glow import SignedLines


@dataclass(frozen=True, slots=True)
class OneGround:
    """How one side shows in the channel a one-ground measure takes it in: whether its line
    stands the line contrast over its brighter face there (``sees``), its level over
    its darker face over its level over the brighter (``spread``, 1 where the faces are
    alike), and whether its faces' two tints overlapping may pass for the line there
    (``overlaid``: both off the board's ground, their steps from it summed within the line
    contrast of the line's level or past it)."""

    sees: bool
    spread: float
    overlaid: bool = False


def one_ground(sides: HexSides) -> dict[frozenset[Node], OneGround]:
    """For every side between two cells of ``sides``, how it shows in the channel its
    ``inks`` measure it in: a ``LineMap`` (one channel for all) or ``FacedInks`` (each side's
    clearest); none for other measures (the lines' colour's shares take each side's ground
    apart)."""
    ends, reach = sides.ends
    inks = sides.inks or sides.lines  # (as ``HexSides.widths`` measures them)
    # (a channel's darker lines under glow, ``SignedLines``, are measured without pipes)
    if not ends or not isinstance(inks, LineMap | FacedInks) or isinstance(inks, SignedLines):
        return {}
    # (all the sides, as the widths are measured: the lines' level is taken over them all)
    corners = np.array(list(ends.values()), np.float64)
    if isinstance(inks, FacedInks):
        levels, looked = inks.looks(corners - inks.origin, reach)
        taken = inks.taken(levels, looked)
    else:
        levels = [line_level(inks.sides(corners, reach, inked=False))]
        off = GROUND_OFF * sides.lattice.row_step
        looked = faces(inks.tophat + inks.ground, corners, off)[..., None]
        taken = np.zeros(len(corners), int)
    level = np.array(levels)[taken]
    either = looked[np.arange(len(corners)), :, taken]
    clearance = level - either.max(axis=1)
    spread = (level - either.min(axis=1)) / np.maximum(clearance, 1.0)
    ground = _board_ground(sides, looked)[taken]
    steps = either - ground[:, None]
    # (two tints overlapping: both faces tinted, their steps summed as bright as the line)
    overlaid = (steps.min(axis=1) >= inks.contrast) & (
        ground + steps.sum(axis=1) >= level - inks.contrast
    )
    return {
        frozenset(key): OneGround(bool(c >= inks.contrast), float(s), bool(o))
        for key, c, s, o in zip(ends, clearance, spread, overlaid, strict=True)
        if key[1] in sides.cells
    }


def _board_ground(sides: HexSides, looked: np.ndarray) -> np.ndarray:
    """The board's ground in each channel of ``looked`` (the faces of every side, ``(n, 2,
    channels)``, in the order of ``sides.ends``): the median face of the hexagons no drawn
    pipe touches (past the outline too)."""
    ends, _ = sides.ends
    touched = {node for side in sides.crossed for node in side}
    # (a side runs clockwise round its first hexagon: its face is the second one)
    plain = [
        faces[i]
        for (node, other), faces in zip(ends, looked, strict=True)
        for i, cell in ((0, other), (1, node))
        if cell not in touched
    ]
    if not plain:
        return np.full(looked.shape[-1], np.nan)  # (no ground seen: no tint told)
    return np.asarray(np.median(np.array(plain), axis=0))


def tells_wide(seen: OneGround | None, width: float, boundary: float) -> bool:
    """Whether a one-ground measure that reads a side ``width`` wide, past the groups'
    ``boundary``, tells it a wall: it sees the line, and the least its width may be (over
    the spread) is past the boundary too, and no overlap of its faces' tints may pass for
    the line there."""
    return seen is None or (seen.sees and not seen.overlaid and width / seen.spread >= boundary)
