"""A finished board with an outline whose lines no copy proposes as a grid: its lattice from
its dots' places (``_ends_lattice``), and a line between two cells of one flow, heavy in the
channel its tint is dark in, read by its colour as a line (``_outline_edges._heavy_yet_dim``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision._ends_lattice import dots_grid, on_ends_lattice
from flowbot.vision._outline_edges import Kind, _heavy_yet_dim
from flowbot.vision._types import Settings

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_finished_warps_board_no_copy_finds_is_read_by_its_dots(
    reads_exactly: ReadsExactly,
) -> None:
    # 25 px cells mirrored on a 2560 px desktop through JPEG: the grids found were text's
    # or a few cells at another pitch; a green flow's line past the warp read as a wall.
    reads_exactly("jpeg", 310003, "warps", "solved")


def test_the_dots_give_the_boards_lattice() -> None:
    shot = sample("jpeg", 310003, "warps", "solved")
    grid = dots_grid(shot.image, Settings())
    assert grid is not None
    truth = shot.geometry
    pitch = truth.cell_size
    assert abs(grid.cell_size - pitch) < 0.01 * pitch
    # Its lines are the board's (the dots' rows and columns: rows 1-10 of 11).
    for found, lines in ((grid.xs, truth.xs), (grid.ys, truth.ys)):
        offsets = (np.asarray(found)[:, None] - np.asarray(lines)[None, :]) / pitch
        assert (np.abs(offsets).min(axis=1) < 0.1).all()


def _ends(cells: list[tuple[int, int]], pitch: float, origin: tuple[float, float]) -> np.ndarray:
    """Dots at ``cells`` (column, row) of a lattice, twinned by colour in order."""
    size = 0.68 * pitch
    rows = []
    for k, (col, row) in enumerate(cells):
        colour = (40.0 * (k // 2), 200.0, 255.0 - 40.0 * (k // 2))
        rows.append((origin[0] + pitch * col, origin[1] + pitch * row, size, *colour))
    return np.array(rows)


def test_ends_on_one_lattice_give_its_pitch_and_cells() -> None:
    cells = [(0, 0), (3, 2), (1, 4), (4, 4), (2, 1), (2, 3), (4, 0), (0, 3)]
    found = on_ends_lattice(_ends(cells, 24.6, (210.0, 600.0)), 3)
    assert found is not None
    assert abs(found.pitch - 24.6) < 0.1 * 24.6
    assert sorted(map(tuple, found.cells.astype(int).tolist())) == sorted(cells)
    # Scattered places fit no lattice.
    rng = np.random.default_rng(0)
    scattered = _ends(cells, 24.6, (210.0, 600.0))
    scattered[:, :2] += rng.uniform(0.2, 0.45, (len(cells), 2)) * 24.6 * rng.choice([-1, 1], 2)
    assert on_ends_lattice(scattered, 3) is None


def test_an_edge_heavy_as_the_outline_but_a_lines_colour_is_a_line() -> None:
    line, outline = 2.05, 2.40
    kinds = np.array([[Kind.OUTLINE, Kind.OUTLINE, Kind.LINE]], dtype=np.int8)
    top = np.array([[2.03, 2.38, 2.0]])
    _heavy_yet_dim(kinds, top, line, outline)
    assert kinds.tolist() == [[Kind.LINE, Kind.OUTLINE, Kind.LINE]]
    # Colours too close to tell: left as read.
    kinds = np.array([[Kind.OUTLINE]], dtype=np.int8)
    _heavy_yet_dim(kinds, np.array([[2.03]]), 2.05, 2.15)
    assert kinds.tolist() == [[Kind.OUTLINE]]
