"""With pipes drawn and no measure in clear groups, a hexagonal board's sides placed where the
middle of three measures places them (``_hex_consensus``): each measure widens a few thin lines
of its own, every one sees a wall wide.

Synthetic shots of development seeds (300000-400000; 4100000, 4700001, spent held-out sets).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from flowbot.models import Reading
from flowbot.vision._hex_board import Inks
from flowbot.vision._hex_consensus import ConsensusInks

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


class _Fixed(Inks):
    """A measure giving fixed widths to the sides, in order."""

    def __init__(self, widths: list[float]) -> None:
        self.given = np.array(widths, np.float64)

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        return self.given[: len(sides)]


#: Four flat sides (direction 0), 10 px long.
SIDES = np.array([[[10.0 * i, 0.0], [10.0 * i + 10.0, 0.0]] for i in range(4)])
#: Each measure's thin lines 1 px, outline 2 px, along every direction.
SCALE = [(0.0, math.log(2.0))] * 3


def test_a_thin_line_one_measure_widens_stays_thin() -> None:
    # Sides: thin, thin widened by the first measure alone, thin widened by the second
    # alone, a wall every measure sees wide (each on its own scale: the third's thin lines
    # 0.8 px, its outline 1.9).
    measures = [
        _Fixed([1.0, 1.9, 1.0, 2.0]),
        _Fixed([1.0, 1.0, 1.8, 2.1]),
        _Fixed([0.8, 0.8, 0.8, 1.9]),
    ]
    third = [(math.log(0.8), math.log(1.9))] * 3
    ways = np.log(ConsensusInks(measures, [SCALE, SCALE, third]).widths(SIDES, 4.0))
    assert np.allclose(ways[:3], 0.0, atol=0.01)
    assert ways[3] == pytest.approx(1.0, abs=0.01)


def test_each_direction_on_its_own_scale() -> None:
    # A flat side and a slanted one, both 1.5 px: along the slant the outline measures 3 px
    # (0.58 of the way there), along the flat 2 px (the whole way).
    sides = np.array([[[0.0, 0.0], [10.0, 0.0]], [[0.0, 0.0], [5.0, 8.7]]])
    scale = [(0.0, math.log(1.5)), (0.0, math.log(3.0)), (0.0, math.log(3.0))]
    measures = [_Fixed([1.5, 1.5])] * 3
    ways = np.log(ConsensusInks(measures, [scale] * 3).widths(sides, 4.0))
    assert ways[0] == pytest.approx(1.0)
    assert ways[1] == pytest.approx(math.log(1.5) / math.log(3.0))


@pytest.mark.parametrize(("seed", "state"), [(300031, "started"), (300018, "solved")])
def test_small_jpeg_hexagons_read_by_the_middle_voice(
    reads_exactly: ReadsExactly, seed: int, state: str
) -> None:
    # 19-23 px hexagons under JPEG, no wall: each measure puts a few thin lines of its own
    # high up the way to the outline (no clear gap along some direction in any of them:
    # refused); the middle of the three is clear along every direction.
    reads_exactly("tiny_cells", seed, "hex", state)


def test_the_lightness_a_fourth_voice_where_the_colours_widen_alike(
    reads_exactly: ReadsExactly,
) -> None:
    # 22 px hexagons under JPEG, a white flow's grey tint beside the thin lines, no wall but
    # the holes' outlines: the lines' colour's shares and the width at half of it (both the
    # colour's) widen the same thin lines, so the middle of three leaves no clear gap along
    # the flat sides (0.17); the lightness, which JPEG keeps whole, a fourth voice: clear.
    reads_exactly("jpeg", 4100000, "hex", "solved")


def test_four_voices_the_lower_middle_one() -> None:
    # Sides: a thin line two measures widen (the mean of the middle two, 0.5, would leave
    # it between the groups), a wall one measure narrows: the lower middle voice puts the
    # first thin (0.0), the second wide (0.9).
    measures = [
        _Fixed([1.0, 2.0]),
        _Fixed([2.0, 2.0]),
        _Fixed([1.9, 1.0]),
        _Fixed([1.0, 1.9]),
    ]
    sides = SIDES[:2]
    ways = np.log(ConsensusInks(measures, [SCALE] * 4, lower=True).widths(sides, 4.0))
    assert ways[0] == pytest.approx(0.0, abs=0.01)
    assert ways[1] == pytest.approx(math.log(1.9) / math.log(2.0), abs=0.01)
    mean = np.log(ConsensusInks(measures, [SCALE] * 4).widths(sides, 4.0))
    assert 0.3 < mean[0] < 0.7


def test_a_white_pipe_beside_a_thin_line_outvoted_by_two(reads_exactly: ReadsExactly) -> None:
    # 22 px hexagons under JPEG, six walls, pipes drawn: every measure widens thin lines of
    # its own beside the flows (a white pipe alongside a rising line: the shares put it 0.82
    # of the way, clear along that direction; each side's clearest channel and the
    # lightness 0.0-0.1), the middle of four leaves no clear gap along the falling sides
    # (0.29): refused. The lower middle voice is clear along every direction, that line
    # thin in two measures: read exact.
    reads_exactly("jpeg", 4700001, "hex", "started")
