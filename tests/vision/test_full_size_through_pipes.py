"""A finished board whose grid shows only at full resolution, its lines followed through its
pipes (``_search.find_boards``' last look): in every shrunk copy a pipe, a third of a pitch,
is as thin as the line filter's kernel and passes for a line, while the board's faint lines,
a pixel wide, are cut by the pipes crossing them into pieces of every extent."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed", "variant"),
    [
        # 36 px cells on a purple glow, every cell a pipe's: no shrunk copy proposed it.
        ("mirror", 300111, "classic"),
        # Beside a text window whose ruled rows line up with the board's: the grid found
        # in the shrunk copies ran two columns into it (refused), the board itself never.
        ("mirror", 500003, "bridges"),
    ],
)
def test_a_finished_board_seen_only_at_full_resolution_is_read(
    reads_exactly: ReadsExactly, category: str, seed: int, variant: str
) -> None:
    reads_exactly(category, seed, variant, "solved")
