"""A grid followed through pipes at half the board's pitch, its odd lines pipes along the cells'
middles: the board is its even lines (``_trim.every_other_line``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from flowbot.models import Reading
from flowbot.vision._lattice import Lattice
from flowbot.vision._trim import every_other_line
from flowbot.vision._types import MissingEdgesError

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

N = 12  # cells each way at the half pitch: a 6x6 board


def _lattice(n: int = N) -> Lattice:
    lines = tuple(10.0 + 5.0 * k for k in range(n + 1))
    return Lattice(lines, lines)


def _missing(lines: list[int], n: int = N) -> MissingEdgesError:
    """Edges missing along the inner lines numbered ``lines`` (1 .. n - 1), both ways."""
    vertical = np.zeros((n - 1, n), bool)
    horizontal = np.zeros((n - 1, n), bool)
    for line in lines:
        vertical[line - 1, :7] = True
        horizontal[line - 1, 5:] = True
    return MissingEdgesError(vertical, horizontal)


def test_odd_lines_broken_leave_the_even_ones_at_twice_the_pitch() -> None:
    kept = every_other_line(_lattice(), _missing([1, 5, 9]))
    assert kept == Lattice(_lattice().xs[::2], _lattice().ys[::2])


def test_odd_lines_missing_a_few_edges_are_a_board_at_that_pitch() -> None:
    vertical = np.zeros((N - 1, N), bool)
    horizontal = np.zeros((N - 1, N), bool)
    vertical[2, 3] = horizontal[4, 6] = True  # lines hidden here and there: no pipes
    assert every_other_line(_lattice(), MissingEdgesError(vertical, horizontal)) is None


def test_an_even_line_missing_an_edge_keeps_the_grid_refused() -> None:
    # A hole at the half pitch misses the edges on both its sides: one line of each parity.
    assert every_other_line(_lattice(), _missing([3, 4])) is None


def test_an_odd_count_of_cells_has_no_even_lines_to_keep() -> None:
    assert every_other_line(_lattice(11), _missing([1, 5, 9], 11)) is None


def test_a_board_too_small_at_twice_the_pitch_is_not_kept() -> None:
    assert every_other_line(_lattice(8), _missing([1, 5], 8)) is None


def test_a_finished_bridges_board_found_at_half_its_pitch_is_read(
    reads_exactly: ReadsExactly,
) -> None:
    # JPEG, a phone mirrored on a desktop, 38.6 px cells: followed through pipes in the
    # finer copy, the pipes along the cells' middles passed for lines, a 22x22 grid at
    # 19.3 px found and refused for missing inner lines.
    reads_exactly("jpeg", 300068, "bridges", "solved")
