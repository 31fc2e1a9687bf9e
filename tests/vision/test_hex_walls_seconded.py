"""With pipes drawn, a wall the lead measure reads and the second colour channel doubts is kept
where the other measures beside pipes, clear along its direction, all read it a wall
(``_hex_walls_alike._seconded``, ``_outvoted``).

Synthetic shots of development seeds (300000-400000; 4100000, a spent held-out set).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from flowbot.models import Reading
from flowbot.vision._hex_walls_alike import _seconded
from flowbot.vision._hex_widths import WidthGroups

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

#: A side along direction 0 (flat: the step across it (0, 1)).
SIDE = frozenset({(0, 0), (0, 1)})
CLEAR = WidthGroups(thin=1.0, wide=2.0, boundary=1.5, gap=0.45, next_gap=0.1)
NARROW = WidthGroups(thin=1.0, wide=2.0, boundary=1.5, gap=0.33, next_gap=0.1)
CLOUDED = WidthGroups(thin=1.0, wide=2.0, boundary=1.5, gap=0.2, next_gap=0.18)


@dataclass
class _Measured:
    """What ``_seconded`` asks of a measure's sides."""

    width: float
    group: WidthGroups
    inks: Any = None

    @property
    def direction_groups(self) -> tuple[WidthGroups, ...]:
        return (self.group, self.group, self.group)

    @property
    def widths(self) -> tuple[dict[frozenset[tuple[int, int]], float], list[Any]]:
        return {SIDE: self.width}, []


def test_a_wall_clear_measures_read_is_seconded() -> None:
    assert _seconded([_Measured(1.9, CLEAR), _Measured(1.8, NARROW)], SIDE)  # type: ignore[list-item]


def test_a_measure_clear_along_it_reading_it_thin_refuses() -> None:
    assert not _seconded([_Measured(1.9, CLEAR), _Measured(1.1, NARROW)], SIDE)  # type: ignore[list-item]


def test_clouded_measures_say_nothing() -> None:
    # A measure in no clear groups along the side's direction neither seconds nor doubts it;
    # one clear only with a narrow gap is not enough alone.
    assert _seconded([_Measured(1.9, CLEAR), _Measured(1.0, CLOUDED)], SIDE)  # type: ignore[list-item]
    assert not _seconded([_Measured(1.9, NARROW), _Measured(1.9, CLOUDED)], SIDE)  # type: ignore[list-item]
    assert not _seconded([], SIDE)


def test_a_lead_clear_with_a_wide_gap_needs_one_clear_measure_to_second() -> None:
    # The lead's own gap along the side's direction as wide as the luma alone is trusted at
    # (``LUMA_ALONE_GAP``): a measure clear there with a narrower gap seconds its wall; a
    # lead narrower, or no measure clear there, does not.
    assert _seconded([_Measured(1.9, NARROW)], SIDE, lead_gap=0.45)  # type: ignore[list-item]
    assert not _seconded([_Measured(1.9, NARROW)], SIDE, lead_gap=0.33)  # type: ignore[list-item]
    assert not _seconded([_Measured(1.9, CLOUDED)], SIDE, lead_gap=0.45)  # type: ignore[list-item]
    assert not _seconded([_Measured(1.1, NARROW)], SIDE, lead_gap=0.45)  # type: ignore[list-item]


@pytest.mark.parametrize("state", ["started", "solved"])
def test_walls_the_measures_beside_pipes_agree_on_are_kept(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # 23 px hexagons under JPEG, 5 walls and 8 holes. Started: the colour channel, in no
    # clear groups along one direction, read one wall thin that every measure beside pipes
    # read at the outline's width. Solved: the colour channel's outline no wider than its
    # lines along two directions; a wall along the third, the shares' gap there 0.33, read
    # at the half-level width too (gap 0.41).
    reads_exactly("tiny_cells", 300048, "hex", state)


def test_the_lightness_seconds_walls_the_colours_cannot_tell(reads_exactly: ReadsExactly) -> None:
    # 21 px hexagons, colour-blind letters, 8 walls, a white flow's grey tint beside lines:
    # each side's clearest channel leads with a gap of 0.39 along the falling sides (under
    # LUMA_ALONE_GAP); the shares are in no clear groups there and the half-level width's
    # thin lines are not solid, so no measure seconded its walls (refused); the lightness,
    # clear there (0.61), reads all 8.
    reads_exactly("colour_blind", 4100000, "hex", "started")


def test_a_hole_the_colour_channel_guesses_thin_is_seconded_as_a_wall(
    reads_exactly: ReadsExactly,
) -> None:
    # 12x16 JPEG board, 8 walls and 2 holes: the shares lead, clear along every direction
    # (gaps 0.45-0.68); the colour channel's widths in no clear groups anywhere (gaps
    # 0.05-0.09) read one hole's side thin, so it read one hole fewer, and two walls thin.
    # Every other measure clear along those sides' directions reads them wide: the hole's
    # side is judged as the walls are, not the reading refused for a hole a guess missed.
    reads_exactly("jpeg", 5000001, "hex", "solved")


def test_a_wall_the_colour_channel_cannot_see_is_seconded_beside_a_clear_lead(
    reads_exactly: ReadsExactly,
) -> None:
    # Zoomed (1.75) 26 px hexagons, 5 walls: the half-level width leads, clear (gaps
    # 0.41-0.47); the colour channel, in no clear groups (0.13) and not seeing the line
    # beside a cyan tint as bright as it there, read one wall 1.56 px against the lead's
    # 2.78 (boundary 2.22); the shares, clear along it (0.36), read it 2.51 (2.02).
    reads_exactly("zoomed", 5800000, "hex", "solved")
