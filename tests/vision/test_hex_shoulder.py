"""Boards whose thin lines a light band ending along them widens (a glow shaft's edge, a
light tint's smoothed spill): read exactly (``_hex_shoulder``), with pipes drawn or not, and a
clearest channel that sees no line as the game draws one does not veto the lead's walls
(``_hex_heard.VETO``).

Synthetic shots of development seeds (below 6,100,000, 6,640,000-6,640,007 and
7,700,000-7,700,005).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_reader, _hex_shoulder, read_board

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_thin_line_on_a_light_bands_shoulder_is_no_wall(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A khaki tint under a glow shaft beside a green one: two thin lines 1.58-1.73 px in the
    # lightness's share against the boundary 1.24-1.36, standing on the band's shoulder,
    # nowhere half the lines' colour (refused before: "a wall between two hexagons does
    # not measure as the outline does").
    reads_exactly("colour_blind", 5700000, "hex", state)


@pytest.mark.parametrize("state", ["unsolved", "started"])
def test_a_thin_line_on_a_glow_shafts_end_is_no_wall_without_pipes_too(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A green glow shaft's rounded end over a thin line: 7.70 px in the lead against the
    # outline's 5.58-5.88, at half the lines' colour 1.56 against the thin lines' typical
    # 1.48 (refused before: "a wall between two hexagons does not measure as the outline
    # does").
    reads_exactly("colour_blind", 7700005, "hex", state)


def test_a_thin_line_on_a_shoulder_past_the_thin_lines_at_half_the_colour_is_still_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same shot, the half-level width allowed no way past the thin lines' typical one.
    monkeypatch.setattr(_hex_shoulder, "THIN_PAST", 0.0)
    with pytest.raises(UnsureReadingError, match="does not measure as the outline does"):
        read_board(sample("colour_blind", 7700005, "hex", "unsolved").image)


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_wall_on_a_shoulder_measured_as_the_outline_at_half_the_colour_is_a_wall(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A hole's six walls, its ground lit by glow in a band along its top: that wall stands
    # on the band's shoulder (lead 4.70 px, the outline's 4.73-4.82), and its width at half
    # the lines' colour is the outline's too (4.87 against 4.85-4.90): refused before as "a
    # wall between two hexagons does not measure as the outline does".
    reads_exactly("twins", 6640004, "hex", state)


def test_a_wall_on_a_shoulder_unconfirmed_at_half_the_colour_is_still_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same shot, the half-level width allowed no way past the thin lines: nothing
    # tells the shoulder's wall from a thin line widened by the band (its lattice placed
    # on the 15 of its 53 hexagons first found, as it once was: placed again on them all,
    # the wall measures as the outline in the lead's measure itself).
    monkeypatch.setattr(_hex_shoulder, "WALL_PAST", 0.0)
    monkeypatch.setattr(_hex_reader, "PLACED_SHARE", 0.0)
    with pytest.raises(UnsureReadingError, match="does not measure as the outline does"):
        read_board(sample("twins", 6640004, "hex", "started").image)


def test_a_channel_blind_to_a_line_does_not_veto_the_leads_walls(
    reads_exactly: ReadsExactly,
) -> None:
    # An 11x14 board of pipes under glow shafts: the clearest channel sees two sides of a
    # hole as 0.00 px and a thin line as 5.40 px (the outline 3.77), every other measure
    # reads them as the shares do (refused before: "the line's colour and its clearest
    # channel disagree").
    reads_exactly("rectangular", 6000001, "hex", "solved")
