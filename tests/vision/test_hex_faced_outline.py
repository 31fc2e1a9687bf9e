"""A board without pipes whose outline glow hides in part from the lead's channel: its sides
measured each in its clearest channel tell the outline (``_hex_faced_outline``).

A synthetic shot of a development seed (8,110,004).
"""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_reader, read_board
from tests.vision.conftest import ReadsExactly

#: Mauve lines over an olive glow blob: a flat outline side 3.2 px in the lead against the
#: outline's 7.1 (the line as bright as the glow in red, darker in green).
SHOT = ("twins", 8110004, "hex", "unsolved")


def test_an_outline_side_glow_hides_in_the_leads_channel_is_told_in_its_clearest(
    reads_exactly: ReadsExactly,
) -> None:
    reads_exactly(*SHOT)


def test_without_the_clearest_channels_that_board_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_hex_reader, "faced_outline", lambda image, sides: sides)
    with pytest.raises(UnsureReadingError, match="go on past the board's outline"):
        read_board(sample(*SHOT).image)
