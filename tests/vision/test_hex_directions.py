"""With pipes drawn, a hexagonal board's walls read along each direction by the measures that
tell them apart there (``_hex_directions``), and each side's clearest channel leading, its
walls agreeing with the lines' colour's shares along each direction both are clear along
(``_hex_coverage.COVERED_ALIKE``).

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError, VisionError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_coverage, _hex_reader, read_board
from flowbot.vision._hex_board import (
    _SIDES,
    HexSides,
    Inks,
    LineMap,
    _corners,
    _direction,
    wall_sides,
)
from flowbot.vision._hex_directions import by_direction, corner_direction, walls_along
from flowbot.vision._hex_lattice import HexLattice

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

_LATTICE = HexLattice(x0=40.0, y0=40.0, col_step=30.0 * np.sqrt(3) / 2, row_step=30.0)
#: Thin lines' widths along a direction a measure is clouded along: spread from the thin
#: lines' 1 px towards the outline's 2 px, no clear gap between them.
_CLOUDED = (1.2, 1.35, 1.5, 1.65, 1.8)


def _board() -> HexSides:
    """Seven rows of five columns of hexagons, no wall."""
    cells = frozenset((j, k) for j in range(5) for k in range(j % 2, 14 + j % 2, 2))
    lines = LineMap(np.zeros((400, 300), np.uint8), _LATTICE.row_step, 10.0)
    return HexSides(lines, _LATTICE, cells)


class _Widths(Inks):
    """A measure of ``_board``'s sides: the outline 2 px, thin lines 1 px, but for a few
    of them along the directions it is clouded along (``_CLOUDED``)."""

    def __init__(
        self, board: HexSides, clouded: tuple[int, ...], spread_as: tuple[float, ...] = _CLOUDED
    ) -> None:
        ends, _ = board.ends
        self.width: dict[bytes, float] = {}
        spread = {direction: list(spread_as) for direction in clouded}
        for (_, other), (a, b) in ends.items():
            ab = np.array([[a, b]], np.float64)
            direction = int(corner_direction(ab)[0])
            inner = other in board.cells
            width = 1.0 if inner else 2.0
            if inner and spread.get(direction):
                width = spread[direction].pop()
            self.width[ab.tobytes()] = width

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        return np.array([self.width[side[None].tobytes()] for side in sides])


def test_a_sides_direction_from_its_corners_is_its_direction_by_its_step() -> None:
    lattice = HexLattice(x0=40.0, y0=40.0, col_step=30.0 * np.sqrt(3) / 2, row_step=30.0)
    for node in ((0, 0), (1, 1), (2, 4)):
        corners = _corners(lattice, node)
        for step, a, b in _SIDES:
            ends = np.array([[[corners[a].x, corners[a].y], [corners[b].x, corners[b].y]]])
            assert corner_direction(ends)[0] == _direction(step)


def test_each_direction_taken_from_the_measures_clear_along_it() -> None:
    board = _board()
    measures = [_Widths(board, clouded) for clouded in ((0,), (1,), (2,))]
    assert not any(replace(board, inks=each).clear_groups for each in measures)
    mixed = by_direction(board, [(each, 0.0) for each in measures])
    assert mixed is not None
    assert mixed.clear_groups
    assert wall_sides(mixed) == (set(), set())


def test_one_measure_alone_clear_along_a_direction_must_be_heard_out() -> None:
    # Along the flat sides only the second is clear; the first, clouded there, reads
    # walls by its own groups' boundary: in doubt.
    board = _board()
    measures = [(_Widths(board, (0,)), 0.0), (_Widths(board, (1,)), 0.0)]
    assert by_direction(board, measures) is None


def test_a_direction_none_is_clear_along_told_where_every_measure_reads_alike() -> None:
    # Every measure clouded along the flat sides alike: the same walls (none clear there).
    board = _board()
    measures = [(_Widths(board, (0,)), 0.0) for _ in range(3)]
    told = by_direction(board, measures)
    assert told is not None
    assert told.clear_groups
    groups = told.groups
    assert groups is not None
    assert [group.told for group in groups] == [True, True, True]
    assert wall_sides(told) == wall_sides(replace(board, inks=measures[0][0]))


def test_a_direction_none_is_clear_along_in_doubt_unless_every_measure_reads_alike() -> None:
    board = _board()
    alike = [(_Widths(board, (0,)), 0.0), (_Widths(board, (0,)), 0.0)]
    # A third clouded otherwise there: its widest gap puts two thin lines with the walls.
    other = _Widths(board, (0,), (1.2, 1.3, 1.4, 1.85, 1.9))
    assert wall_sides(replace(board, inks=other)) != wall_sides(replace(board, inks=alike[0][0]))
    assert by_direction(board, [*alike, (other, 0.0)]) is None
    # Two of them otherwise there, the third silent: in doubt.
    silent = (_Widths(board, (0,)), 5.0)
    assert by_direction(board, [alike[0], (other, 0.0), silent]) is None


def test_a_direction_told_by_two_alike_where_the_third_is_silent() -> None:
    # A third whose groups say nothing there (its thin lines short of ``least``: the
    # half-level width in small hexagons, blur sinking them below half the colour) is no
    # dissent: the two that speak, alike, tell the walls.
    board = _board()
    alike = [(_Widths(board, (0,)), 0.0), (_Widths(board, (0,)), 0.0)]
    told = by_direction(board, [*alike, (_Widths(board, (0,)), 5.0)])
    assert told is not None
    assert told.clear_groups
    assert wall_sides(told) == wall_sides(replace(board, inks=alike[0][0]))
    # One voice alone is not enough, however silent the others.
    assert by_direction(board, [alike[0], (_Widths(board, (0,)), 5.0)]) is None


@pytest.mark.parametrize(
    ("seed", "state"),
    [
        # Small JPEG hexagons (tiny cells) with pipes drawn: no measure clear along the
        # flat sides (each side's clearest channel, the shares and the half-level width
        # each widening a few thin lines of their own), all three reading the same walls
        # (none) there; refused before.
        (4800001, "started"),
        (4800002, "started"),
        # Finished: the walls told so too, and an outline side beside a white flow's grey
        # tint (1.40 px; 1.14-1.15 along the falling sides of 4800002) below the lead's
        # boundary along its direction, reaching out as far as the outline does
        # (``_hex_tinted_outline``): `hex outline all round` passes it, as it would any
        # outline side beside such a tint, told direction or not.
        (4800001, "solved"),
        (4800002, "solved"),
        # The half-level width silent along every direction (its thin lines below SOLID),
        # each side's clearest channel and the shares reading the same walls (none) along
        # the falling sides, neither clear there (gaps 0.21 and 0.32); refused before.
        (5200006, "solved"),
    ],
)
def test_a_direction_told_by_measures_that_agree(
    reads_exactly: ReadsExactly, seed: int, state: str
) -> None:
    reads_exactly("tiny_cells", seed, "hex", state)


def test_a_direction_told_where_one_channel_alone_reads_walls_it_cannot_tell(
    reads_exactly: ReadsExactly,
) -> None:
    # Synthetic hex JPEG 5800001 solved, no wall: along the flat sides each side's clearest
    # channel alone is clear (gap 0.40) and reads a thin line between a white flow's grey
    # tint and a purple dot's as a wall (2.32 px against the boundary 1.89), measured over
    # one ground where the two tints overlap (``_hex_one_ground``: it cannot tell); the
    # shares and the half-level width read it thin (1.94 and 2.15 px against 2.32 and
    # 2.43), no wall, alike. That channel says nothing there; refused before.
    reads_exactly("jpeg", 5800001, "hex", "solved")


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # JPEG: the shares' flat thin lines run wide (gap 0.30), the channels' rising ones
        # (0.28); each clear along the others, neither reading a wall.
        ("jpeg", 300034),
        # A zoomed page (JPEG 84, x1.5): the channels' rising thin lines beside a cyan tint
        # (2.2 px against the outline's 2.8), the shares' flat ones, clear elsewhere.
        ("zoomed", 300029),
        # A thin line between a blue tint and a dot's dark halo measured 1.64 px in its
        # clearest channel (the outline 1.8) while the tints overlapped along it (each
        # filled smoothed, reaching past its side: refused, the shares reading another
        # wall); with the tints meeting as the game's do, read exactly.
        ("jpeg", 300052),
    ],
)
def test_each_direction_read_by_the_measures_clear_along_it(
    reads_exactly: ReadsExactly, category: str, seed: int
) -> None:
    reads_exactly(category, seed, "hex", "started")


def test_the_channels_walls_agree_with_the_shares_along_each_direction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # JPEG's ringing along a blue band over a side (no wall drawn): each side's clearest
    # channel and the lines' colour's shares, both in clear groups along a direction,
    # read different walls there. Either alone would guess; refused. (Every clear
    # measure heard, the one reading the side thin is right: read exactly since,
    # ``_hex_heard``; left out here.)
    shot = sample("jpeg", 4100000, "hex", "started")
    assert not shot.puzzle.walls
    monkeypatch.setattr(_hex_reader, "heard", lambda sides: None)
    with pytest.raises(UnsureReadingError, match="wall or not"):
        read_board(shot.image)


def test_a_told_direction_reads_the_walls_its_measures_agreed_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Synthetic hex tiny cells 5200004 solved: each side's clearest channel, the shares and
    # the half-level width read no wall along any direction (right), told. Each measure
    # takes the lines' level and colour from the sides it is given: measured one
    # direction's sides alone, the shares' flat thin lines came to 1.02 px against 1.04,
    # and one at 1.28 passed the boundary moved to 1.22, a wall no measure read (caught by
    # `hex walls reach half the lines' colour`). The board is still refused (an outline
    # side beside a tint 1.40 px in the shares, 1.15 in its clearest channel).
    judged: list[tuple[HexSides, HexSides]] = []
    told = _hex_coverage.by_direction

    def recording(sides: HexSides, measures: list[tuple[Inks, float]]) -> HexSides | None:
        found = told(sides, measures)
        if found is not None:
            judged.append((replace(sides, inks=measures[0][0]), found))
        return found

    monkeypatch.setattr(_hex_coverage, "by_direction", recording)
    with contextlib.suppress(VisionError):
        read_board(sample("tiny_cells", 5200004, "hex", "solved").image)
    assert judged
    for agreed, found in judged:
        for direction in found.inks.told:  # type: ignore[union-attr]
            expected = agreed.direction_groups[direction]
            group = found.direction_groups[direction]
            assert expected is not None
            assert group is not None
            assert walls_along(found, group, direction) == walls_along(agreed, expected, direction)
