"""A bridge's rail blurred into a lighter flow over its deck is still a rail.

In small cells enlarged (a browser's zoom), a rail lies 1.6 px from the edge of
a light flow over the deck (cyan), and blur fills the dip between them: the rail
stands on the flow's edge as it rises. It is a line all the same where it dips,
however little, before the flow (``_bridges.RAIL_DIP``); a disc's rim rising to
its colour dips nowhere.
"""

from __future__ import annotations

import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._bridges import RAIL_LIFT, _rail, find_bridges
from flowbot.vision._cells import sample_cells


def test_a_zoomed_bridge_under_a_cyan_flow_is_found_and_the_board_reads_exactly() -> None:
    shot = sample("zoomed", 100097, "bridges", "solved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    assert Cell(5, 5) in shot.puzzle.bridges
    found = find_bridges(shot.image, geometry, sample_cells(shot.image, geometry))
    assert found == shot.puzzle.bridges
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def _profile(rail: float) -> list[float]:
    """Across a tile's upper half (patch rows 0-29 of 60): the tile 100 grey, a flow of 200 whose
    blurred edge rises from row 8 to row 24, a rail ``rail`` lighter than its place at
    row 12, on that edge: the dip between it and the flow filled but for 7.5 levels."""
    profile = [100.0 + 100.0 * min(1.0, max(0.0, (i - 8) / 16)) for i in range(30)]
    profile[11] += rail / 2
    profile[12] += rail
    profile[13] += rail / 2
    return profile


def test_a_rail_on_a_rising_flow_edge_lifts_and_the_edge_alone_does_not() -> None:
    with_rail, edge_alone = _profile(20.0), _profile(0.0)
    reach = list(range(10, 19))
    lift, at = _rail(with_rail, 200.0, reach)
    assert lift >= RAIL_LIFT
    assert at == pytest.approx(0.5 - 12.5 / 60)  # the rail's own row, not the flow's edge
    assert _rail(edge_alone, 200.0, reach)[0] < RAIL_LIFT
