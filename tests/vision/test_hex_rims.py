"""With pipes drawn, a hexagonal board's walls beside its dots are read again with the faces
looked at short of the biggest dot's rim (``_hex_reader._check_rims``): a light dot's rim
blends into the face looked at ``GROUND_OFF`` out, and the tint between it and a thin line
then reads as the line's own colour, a wall."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_reader, read_board
from flowbot.vision._hex_reader import RIMS_DOUBT

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

#: Synthetic hex tiny cells 11900009 solved: 23.4 px hexagons, a white dot of 0.37 of a
#: pitch, its rim 3 px past a thin line 1 px wide between its grey tint and a magenta one.
RIM_BESIDE_LINE = ("tiny_cells", 11900009, "hex", "solved")


def _walls_beside_dots(reading: Reading) -> set[tuple[object, object]]:
    dots = {cell for pair in reading.puzzle.pairs for cell in (pair.a, pair.b)}
    return {wall for wall in reading.puzzle.walls if dots & set(wall)}


def test_a_thin_line_by_a_dots_rim_read_as_a_wall_is_refused() -> None:
    shot = sample(*RIM_BESIDE_LINE)
    with pytest.raises(UnsureReadingError, match=RIMS_DOUBT):
        read_board(shot.image)


def test_without_the_check_that_line_is_read_as_a_wall_that_is_not_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_hex_reader, "_check_rims", lambda *args, **kwargs: None)
    shot = sample(*RIM_BESIDE_LINE)
    reading = read_board(shot.image)
    extra = reading.puzzle.walls - shot.puzzle.as_drawn().walls
    assert extra
    assert extra <= _walls_beside_dots(reading)


def test_true_walls_beside_dots_in_small_hexagons_read_the_same_either_way(
    reads_exactly: ReadsExactly,
) -> None:
    # 18 px hexagons, dots of 0.35 of a pitch, three walls beside dots: the faces looked
    # at short of the rims read them as walls too.
    reading = reads_exactly("tiny_cells", 300000, "hex", "solved")
    assert len(_walls_beside_dots(reading)) == 3
