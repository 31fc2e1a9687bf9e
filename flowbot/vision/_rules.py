"""Board-level checks: is the grid found one whole, plain, rectangular Flow board?"""

from __future__ import annotations

import logging

import numpy as np

from flowbot.vision._board_border import check_border, check_border_at_image_edge
from flowbot.vision._board_edge_colours import EdgeColours
from flowbot.vision._board_holes import check_outlined_holes
from flowbot.vision._board_lines import check_alone, check_edges
from flowbot.vision._board_run_on import check_cells_past_border, check_run_on_by_colour
from flowbot.vision._lattice import Lattice, LineMaps
from flowbot.vision._types import Settings

log = logging.getLogger(__name__)


def check_lattice(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    others: list[Lattice],
) -> None:
    """Every whole-board check of one candidate grid (raises ``UnsureReadingError``)."""
    check_alone(lattice, others, maps, settings.lines().line_coverage)
    check_edges(lattice, maps, image, factor, settings)
    edges = EdgeColours(lattice, image, factor)
    check_border(lattice, maps, image, factor, settings, edges=edges)
    check_border_at_image_edge(lattice, image, factor, settings)
    check_outlined_holes(image, edges)
    if check_run_on_by_colour(lattice, image, factor, settings):
        check_cells_past_border(lattice, image, factor, settings)
