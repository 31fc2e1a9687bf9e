"""What lies beside a hex board: hexagons a page's ruled grid closes past its outline,
left out (``_hex_beyond``) and the board alone measured again (``_hex_reader._inked_board``);
a finished board's flows, no copy of its dots (``_hex_alone``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_spreadsheet_beside_a_small_board_leaves_its_dots_hexagons_in() -> None:
    # Synthetic hex colour_blind 4800000 unsolved: a spreadsheet's ruled grid beside a
    # small mirrored hex board closed 78 hexagons onto it. Judged with the board, the
    # grid's set the typical widths, and the hexagons of the board's dots were left out
    # as blank: their sides left as the outline, it looked like the thin lines
    # ("the board's outline looks like the lines between its hexagons").
    shot = sample("colour_blind", 4800000, "hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_a_hexagon_a_third_on_a_page_beside_a_finished_board_is_left_out(
    reads_exactly: ReadsExactly,
) -> None:
    # Synthetic hex JPEG 5000011 solved: the board's outline closed a hexagon past it, a
    # third on a text page's white, the rest on the phone window's black edge (2 of its 6
    # places foreign). Kept, its text lit the only hexagon no pipe crossed, and the
    # board's lattice was passed over as one holding lines inside its hexagons.
    reads_exactly("jpeg", 5000011, "hex", "solved")


def test_a_finished_boards_preview_read_for_want_of_the_board_is_refused() -> None:
    # Synthetic hex preview 4800001 solved: the finished board was not found and its
    # screenshot preview was read, 19 pitches off the board: a drag would miss it.
    # The board's flows outside the preview are no smaller copy of its dots ("two
    # boards"). Drawn with its cells' tints meeting as the game's do, the board itself is
    # found and refused first: a wall by a dot's rim that does not measure as the outline.
    shot = sample("preview", 4800001, "hex", "solved")
    with pytest.raises(UnsureReadingError, match=r"two boards|as the outline does"):
        read_board(shot.image)


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_a_titles_letters_and_an_ads_button_are_no_finished_flows(state: str) -> None:
    # Synthetic hex JPEG 5400008: JPEG's blocks made blobs with two 4 px "ends" of a
    # title's letter, an ad's button and its logo, three pairs, taken for a finished
    # board's flows beside the 11x11 board (40 px dots): "two boards on the screen".
    # Ends smaller than any readable board's dots are left out, as discs are.
    shot = sample("jpeg", 5400008, "hex", state)
    truth = shot.puzzle if state == "unsolved" else shot.puzzle.as_drawn()
    assert read_board(shot.image).puzzle.canonical() == truth.canonical()
