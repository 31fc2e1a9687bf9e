"""A grid found short of a row a flow's tint hides, grown a pitch where its pipes run out.

The game draws a board's pipes within it (out of it only through a warp's
opening). A flow's tint of nearly the lines' colour over the last row hides
that row's inner lines and its border from the line search: the grid found
stops a row short, and the flows along the hidden row show as pipes running
out past its border, which no flow of a plain board does, so its pipes read as
none (classic twins 4900005 solved: green lines 7 levels off a green flow's
tint over the bottom row). The grid a pitch further on that side, where the
image reaches, is the board as far as its pipes show; it must pass every
board rule and read its pipes itself.
"""

from __future__ import annotations

from collections import Counter

from flowbot.models import BoardGeometry
from flowbot.vision._cells import CellSamples
from flowbot.vision._lattice import Lattice
from flowbot.vision._pipes_through import stubs_by_side

#: How far past the image's edge (pitches) the grown border may fall: the
#: board's outline drawn on the image's last pixels (clipped to them).
EDGE_SLACK = 0.15


def sides_pipes_leave(placed: BoardGeometry, samples: CellSamples, contrast: float) -> list[str]:
    """The sides of ``placed`` a pipe runs out by (``stubs_by_side``), most such cells first."""
    counts = Counter(side for side, _ in stubs_by_side(placed, samples, contrast))
    return [side for side, _ in counts.most_common()]


def one_more(lattice: Lattice, side: str, shape: tuple[int, int]) -> Lattice | None:
    """``lattice`` grown one pitch past ``side`` within an image of ``shape`` (its copy's
    pixels), or ``None`` where the image ends first."""
    xs, ys = list(lattice.xs), list(lattice.ys)
    lines, size = (ys, shape[0]) if side in ("top", "bottom") else (xs, shape[1])
    step = (lines[-1] - lines[0]) / (len(lines) - 1)
    if side in ("bottom", "right"):
        after = lines[-1] + step
        if after > size - 1 + EDGE_SLACK * step:
            return None
        lines.append(min(size - 1.0, after))
    else:
        before = lines[0] - step
        if before < -EDGE_SLACK * step:
            return None
        lines.insert(0, max(0.0, before))
    return Lattice(tuple(xs), tuple(ys))
