"""A hexagonal board refused as one of two boards is looked for again round the flows too.

A started board's dots are mostly joined to their pipes, no round discs; its
screenshot preview's shrunk dots may still show apart. The lattice looked for
round the dots alone then found only the preview's board, and the board itself
(its one pair of lone dots no board's set) was not looked for: the preview read,
the board's dots beside it "two boards on the screen" (synthetic hex preview
10700029 started). A board so refused is looked for again round the flows too,
and the biggest board drawn is the one read (``_hex_reader.read_hex``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_started_board_beside_its_preview_is_read(
    reads_exactly: ReadsExactly, state: str
) -> None:
    reading = reads_exactly("preview", 10700029, "hex", state)
    assert reading.geometry.cell_size > 40  # the board, not its preview (22 px)
