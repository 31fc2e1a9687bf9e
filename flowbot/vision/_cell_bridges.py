"""Cell rule: no bridge's tile left unread under a drawn pipe."""

from __future__ import annotations

from flowbot.errors import UnsureReadingError
from flowbot.vision._bridges import rails_unfound
from flowbot.vision._rule import Cells, Rule


def check_rails_under_pipes(cells: Cells) -> None:
    """Refuse a cell a drawn pipe covers that shows a bridge the bridge finder missed."""
    looked = cells.piped - cells.features.bridges - cells.dots
    unread = rails_unfound(cells.image, cells.geometry, looked, cells.features.holes)
    if unread:
        cell = unread[0]
        raise UnsureReadingError(
            f"cell ({cell.row}, {cell.col}) shows a bridge's rails under a pipe, its tile not told"
        )


RAILS_UNDER_PIPES: Rule[Cells] = Rule(
    name="no bridge under a pipe unread",
    refuses="a cell a drawn pipe covers, no bridge read in it, showing two rails across one "
    "flat tile apart from the ground round it",
    why="A flow over a bridge's deck runs between its rails through the cell as through any "
    "other: a tile the bridge finder missed (its edges lost in glow or a flow's tint on "
    "two sides or more) reads as a cell of that flow's, and the puzzle loses its bridge "
    "(bridges tiny_cells 6900000 started, read so before the tile's two weak sides: a "
    "grey tile under a yellow cloud, 8.1-9.5 Lab from it on two sides). An empty cell's "
    "rails are marks (`no mark in an empty cell`); a pipe's cell hides its own. A pipe's "
    "cell shows its flow's tint out to its lines, and the cells round it that tint or "
    "the ground: its sides stand apart from neither, where a tile's grey does "
    "(`_bridges.rails_unfound`, judged on the cells as the image shows them).",
    bounds="RAIL_LIFT 10 grey levels over the tile beside both rails, symmetric within "
    "RAIL_SYMMETRY; the tile's four sides within TILE_FLAT 12 Lab of their median; each "
    "TILE_GROUND 6 Lab from the ground round the cell or TILE_STEP 10 from its own margin "
    "(`_bridges`). Measured with the bridges' cells as pipes' (seeds 6600000-6600001, "
    "classic, walls, holes, bridges and warps, started and solved, every category): the "
    "tiles' sides within 0-7.7 of their median, rails lifted 29.7-75.7; no other pipe's "
    "cell with rails that lift and sides apart from the ground.",
    reason="cell (r, c) shows a bridge's rails under a pipe, its tile not told",
    check=check_rails_under_pipes,
)
