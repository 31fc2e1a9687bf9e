"""A bare hexagon beside tints as light as the lines, every other side read as the outline:
a hole or a cell, which the widths cannot say (``_hex_bare``)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_reader, read_board
from flowbot.vision._hex_bare import BARE
from flowbot.vision._hex_heard import VETO
from flowbot.vision._rules import HEX_BOARD_RULES

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_hole_beside_a_light_tint_on_three_sides_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hole with a white flow's grey tint beyond three of its sides, which every clear
    # measure reads thin: read before as a cell walled on its other three sides (WRONG).
    # The shares between the lines' own edges read one of those walls thin too, and the
    # veto refuses the board first (``_hex_heard.VETO``); without it, the bare hexagon.
    shot = sample("twins", 10000011, "hex", "solved")
    with pytest.raises(UnsureReadingError, match=re.escape(VETO.reason)):
        read_board(shot.image)
    unvetoed = tuple(rule for rule in HEX_BOARD_RULES if rule is not VETO)
    monkeypatch.setattr(_hex_reader, "HEX_BOARD_RULES", unvetoed)
    with pytest.raises(UnsureReadingError, match=re.escape(BARE.reason)):
        read_board(shot.image)


def test_the_same_board_unsolved_reads_its_hole(reads_exactly: ReadsExactly) -> None:
    # No tint beside it: the hole's sides all read as the outline.
    reading = reads_exactly("twins", 10000011, "hex", "unsolved")
    assert reading.puzzle.holes


@pytest.mark.parametrize("state", ["started", "solved"])
def test_holes_read_as_holes_beside_light_tints_are_not_doubted(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # Holes beside a white flow's grey tint whose sides all read as the outline all the same
    # (five such sides): walled in, they are holes, and no bare hexagon is left in doubt.
    reading = reads_exactly("rectangular", 8100002, "hex", state)
    assert reading.puzzle.holes
