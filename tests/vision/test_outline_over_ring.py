"""An outline whose half-width covers the cells' ring is painted over, however little it
reaches past the lines (``_outline_reach._over_ring``).

In a mirror window's 13.4 px cells the outline is 3 px wide and the lines 2: both
measured, in whole pixels, to reach 2 px past their middles, so the outline was left
as drawn, yet the ring where a cell's ground is sampled (0.41-0.46 pitch from its
middle) lies on the outline's half-width. The empty corner cells of the outline then
stood 32-40 Lab from their rings, as a dot does, and their one corner clear of the
outline took the lines' hue (a mirror blurs chroma wider than lightness): "a pipe, not
a dot".
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_holed_board_of_tiny_mirrored_cells_reads_exactly(reads_exactly: ReadsExactly) -> None:
    reads_exactly("mirror", 5300005, "holes", "unsolved")
