"""A dot's ground is judged against its empty neighbours', not cells a pipe covers.

A cell a drawn pipe covers shows the board's typical ground in its stead
(``Pipes.hidden``): a dot on a strong glow cloud among flows' cells stood 40+
Lab from that stand-in and was refused as a card or a tile (synthetic bridges
mirror 330003 started, an orange dot on a purple cloud). A dot a drawn flow runs
from shows the stand-in in its own ring too: it is not judged by it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_dot_on_glow_among_flows_cells_is_read(reads_exactly: ReadsExactly) -> None:
    reads_exactly("mirror", 330003, "bridges", "started")


@pytest.mark.parametrize(
    ("category", "variant"),
    [
        # A blue dot at the end of its pipe under purple glow, its bare neighbour lit.
        ("crop", "walls"),
        # A purple dot at the end of its pipe under green glow.
        ("rectangular", "bridges"),
    ],
)
def test_a_dot_its_pipe_runs_from_under_glow_is_read(
    reads_exactly: ReadsExactly, category: str, variant: str
) -> None:
    # The lead's held-out seed: refused as "the background around the dot is unlike its
    # neighbours'", the dot's hidden ring 40+ Lab from its bare neighbours' glow.
    reads_exactly(category, 4400000, variant, "started")
