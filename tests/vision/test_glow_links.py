"""A glow shaft a pipe's width in huge cells, across a flow: glow, not a link (``_glow_links``)."""

from __future__ import annotations

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision._cells import sample_cells
from flowbot.vision._glow_links import glow_links
from flowbot.vision._pipes import BAND_NEAR, band_links
from flowbot.vision._types import DEFAULT_SETTINGS
from tests.vision.conftest import ReadsExactly

#: The shot: a 7x7 bridges board of 171 px cells, a green glow shaft along row 4 from
#: cell (4, 3) across the brown flow down column 4.
SHOT = ("huge_cells", 6300001, "bridges", "started")


def test_the_shaft_is_glow_and_no_pipe_is() -> None:
    shot = sample(*SHOT)
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    samples = sample_cells(shot.image, geometry)
    contrast = DEFAULT_SETTINGS.pipe_contrast
    links = band_links(shot.image, geometry, samples, contrast, either=True, alike=BAND_NEAR)
    assert (Cell(4, 3), 0) in links  # read as a link at the pipe contrast
    assert glow_links(shot.image, geometry, links) == {(Cell(4, 3), 0)}


def test_a_flow_crossed_by_a_glow_shaft_reads(reads_exactly: ReadsExactly) -> None:
    # Before, the shaft's link made three links meet at cell (4, 4) (the brown flow's
    # two and its own), the pipes were not read, no grid through them was taken for the
    # board, and the screen was refused ("no grid of equally spaced lines found").
    reading = reads_exactly(*SHOT)
    assert reading.puzzle.bridges
