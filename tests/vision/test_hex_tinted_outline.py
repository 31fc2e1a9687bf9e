"""An outline side beside a white flow's grey tint nearly the lines' colour is judged by how
far out its line reaches (``_hex_tinted_outline``): the board is read. A board covered
part-way, thin lines facing out beside such tints, is still refused: they reach out as thin
lines do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_outline, _hex_tinted_outline, read_board
from flowbot.vision._hex_board import HexSides, OutlineSide
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_tinted_outline import reach_width

#: The ``reads_exactly`` fixture (``tests/vision/conftest.py``).
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # A grey tint under glow at (143, 144, 120) beside the outline's (141, 139, 127):
        # 1.8-2.0 px against thin lines of 2.4 and the outline's 4.9; its reach 4.6-5.1.
        ("drift", 5100001),
        # A grey tint 96-102 beside lines of 108 by the bottom-left corner: 1.4 px against
        # 1.0 and 2.0; its reach 2.2.
        ("tiny_cells", 4900000),
        # A darker grey tint (56, 56, 56) beside green lines round a hole, 0.35 of the way
        # from them to the black outside: 0.94-1.05 px against boundaries of 1.04-1.17; its
        # reach 1.55-1.61.
        ("tiny_cells", 6400000),
    ],
)
def test_finished_boards_with_the_outline_beside_a_grey_tint_are_read(
    category: str, seed: int, reads_exactly: ReadsExactly
) -> None:
    reads_exactly(category, seed, "hex", "solved")


def test_thin_lines_facing_out_beside_a_grey_tint_reach_out_as_thin_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The drift board covered by a dark panel below a row of flat sides: hexagons beside
    # the white flow's grey tint left with thin lines facing the panel or a hexagon not
    # drawn whole. Their reach is a thin line's (2.9 px against thin lines of 2.7 and a
    # boundary of 4.0): refused. (The panel from row 807 as first measured, 2.9-3.1 px
    # while the tints overlapped by a pixel; with them meeting as the game's do, a wall
    # by a dot's rim there is refused first.)
    judged = _judged_sides(monkeypatch)
    image = sample("drift", 5100001, "hex", "solved").image.copy()
    image[800:1900] = (20, 20, 24)
    with pytest.raises(UnsureReadingError, match="past the board's outline"):
        read_board(image)
    thin = [
        edge
        for sides in judged
        for edge in sides.widths[1]
        for width in [reach_width(sides, edge)]
        if width is not None and sides.groups is not None
        if width < sides.groups[edge.direction].boundary
    ]
    assert thin


def test_an_outline_side_a_dot_lifts_the_face_of_without_pipes_is_judged_by_its_reach(
    reads_exactly: ReadsExactly,
) -> None:
    # Without pipes, a cyan dot touching a flat outline side lifts its face to 0.62 of the
    # way from the lines' colour to the outside: 1.96 px against a gap of 2.25, its reach
    # 3.15, the outline's 3.25. Refused before, read now.
    reads_exactly("zoomed", 11400008, "hex", "unsolved")


def test_thin_lines_facing_a_dark_panel_do_not_pass_by_their_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same board covered by a dark panel below a row of flat sides: the thin lines
    # facing it lie 0.5 px off their sides, and reach 2.2-2.3 px against a gap of 2.26.
    # Even were every face lifted (every side facing out judged by its reach), none
    # passes half way on to the outline's width; the side over the cyan dot still does.
    judged = _judged_sides(monkeypatch)
    monkeypatch.setattr(_hex_tinted_outline, "LIFTED", 10.0)
    image = sample("zoomed", 11400008, "hex", "unsolved").image.copy()
    image[640:760] = 0
    with pytest.raises(UnsureReadingError, match="past the board's outline"):
        read_board(image)
    faced = [sides for sides in judged if isinstance(sides.inks, FacedInks)]
    assert faced
    sides = faced[-1]
    # (the flat sides facing down onto the panel: past row 600, below their hexagons'
    # centres)
    facing = [
        edge
        for edge in sides.widths[1]
        if edge.direction == 0 and edge.a.y > 600 and edge.a.y > sides.lattice.centre(*edge.node)[1]
    ]
    reaches = [_hex_tinted_outline.reach_width(sides, edge) or 0.0 for edge in facing]
    assert sides.groups is not None
    assert len(facing) >= 4
    assert max(reaches) >= sides.groups[0].boundary - 0.1
    assert not any(_hex_outline._passes_by_reach(sides, edge) for edge in facing)
    lifted = [edge for edge in sides.widths[1] if edge.node == (13, 11) and edge.direction == 0]
    assert lifted
    assert _hex_outline._passes_by_reach(sides, lifted[0])


def _judged_sides(monkeypatch: pytest.MonkeyPatch) -> list[HexSides]:
    """Every board the outline rule judges from now on, in turn (the list filled as it
    judges)."""
    judged: list[HexSides] = []
    passes = _hex_outline._passes

    def recording(sides: HexSides, edge: OutlineSide) -> bool:
        if not judged or judged[-1] is not sides:
            judged.append(sides)
        return passes(sides, edge)

    monkeypatch.setattr(_hex_outline, "_passes", recording)
    return judged
