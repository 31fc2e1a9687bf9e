"""Another window against the board's side, its edge a pitch past the border: not the board."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Puzzle
from flowbot.render import board_geometry, render_board
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_hidden_lines import nearby_median
from flowbot.vision._grounds import against_another_ground
from flowbot.vision._lattice import Lattice
from flowbot.vision._trim import without_foreign_sides
from flowbot.vision._types import DEFAULT_SETTINGS


def test_a_white_sheet_column_in_step_with_the_grid_is_left_out() -> None:
    # A 7x10 board mirrored on a 2560 px desktop; a white spreadsheet's edge
    # lies one pitch right of the board's border: the grid found is 7x11,
    # its last column white where the board's ground is black.
    shot = sample("mirror", 90259)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_dark_editor_column_with_text_is_no_band_of_dots() -> None:
    # An 11x11 board; a dark editor window beside its right border, whose
    # white page's edge lies a pitch further: the grid found has that column
    # too, its edges missing. The column holds no dot: a cell's core of the
    # editor's own dark ground is unlike its ring (the white page) but like
    # the board's ground.
    shot = sample("mirror", 92138)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_grid_one_cell_high_left_by_a_dropped_band_is_checked_without_error() -> None:
    # flow_dialog 94348: a pop-up's band dropped from a two-row grid leaves
    # one row, with no inner horizontal line to compare its edges with; the
    # reader must refuse the screen, not fail on the empty set of edges.
    with pytest.raises(UnsureReadingError):
        read_board(decoy("flow_dialog", 94348).image)
    assert nearby_median(np.zeros((0, 7))).shape == (0, 7)


def test_a_ruled_page_against_the_board_is_no_outline_going_on() -> None:
    # A 2560 px desktop; a white editor page against the mirror window's
    # right edge (the board's right border), its ruled lines in line with
    # the board's top and bottom borders and one a pitch further right: the
    # outline seems to go on past the corner, but the page's white ground
    # is not the board's, so nothing laid over the board is hiding a row.
    shot = sample("mirror", 95077)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_white_text_in_step_with_the_lines_past_a_window_edge_is_no_run_on() -> None:
    # A 5x5 board mirrored on a 2560 px desktop, the phone's full width: its
    # left border is the mirror window's edge, against a dark editor whose
    # white lines of text lie in step with 2 of the board's 4 brown inner
    # lines (read as a run-on, then grown into the editor). The game draws
    # all its lines in one colour: lines going on in another are not its own.
    shot = sample("mirror", 95158)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


#: A 6x6 board drawn on black, 70 px cells (dark windows beside it below).
_PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
_PX = 70
#: A dark editor's ground: 10 CIELAB from the board's black, under the 12
#: by which another ground is told from the board's at any step.
_DARK_WINDOW = (24, 25, 28)


def _board_against_a_dark_window(*, over_border: bool) -> tuple[np.ndarray, BoardGeometry]:
    """The board with a flat dark window against its right border, and the geometry.

    ``over_border``: the window covers the border line (a mirror window's
    edge is the board's), a white frame beside the lower three rows only.
    """
    image = render_board(_PUZZLE, cell_px=_PX, margin_px=0)
    image = cv2.copyMakeBorder(image, _PX, _PX, _PX, 4 * _PX, cv2.BORDER_CONSTANT)
    g = board_geometry(_PUZZLE, cell_px=_PX, margin_px=0).shifted(_PX, _PX)
    edge = round(g.xs[-1]) + (-1 if over_border else 1)
    image[:, edge:] = _DARK_WINDOW
    if over_border:
        image[round(g.ys[3]) :, edge] = 200
    return image, g


def test_a_disc_in_a_dark_window_beside_the_board_is_no_dot_past_its_border() -> None:
    # Drift 98080, mirror 96051: clutter in the window beside the mirror
    # window, one cell past the board's border and centred on a row, was
    # taken for a dot of a row the board goes on into. The ground changes
    # at the border all along it and is flat beyond: another window's.
    image, g = _board_against_a_dark_window(over_border=False)
    centre = (round(g.xs[-1] + _PX / 2), round((g.ys[2] + g.ys[3]) / 2))
    cv2.circle(image, centre, round(0.35 * _PX), (80, 180, 220), -1)
    assert read_board(image).puzzle == _PUZZLE.canonical()


def test_a_dark_window_over_the_border_leaves_no_gap_in_it() -> None:
    # Mirror 98085: the mirror window's edge is the board's right border,
    # which shows only beside the lower rows (a lighter window's frame
    # there); beside the upper ones, a dark window as flat as the board's
    # ground meets it. No cell is left out: that ground is not the board's.
    image, _ = _board_against_a_dark_window(over_border=True)
    assert read_board(image).puzzle == _PUZZLE.canonical()


def test_glow_across_a_border_is_no_other_ground() -> None:
    # A step in the ground at the border (a window's edge, 10 CIELAB) and a
    # glow's slope over a pitch, changing as much (12 CIELAB) across the
    # border's tenth of a pitch as beyond it.
    g = board_geometry(_PUZZLE, cell_px=_PX, margin_px=_PX)
    xs, ys = np.asarray(g.xs), np.asarray(g.ys)
    h, w = round(g.bottom) + _PX, round(g.right) + _PX
    x = np.arange(w, dtype=np.float32) - xs[-1]
    for level, other in ((28.0 * (x > 0), True), (28 + 2 * np.clip(x + 20, 0, 60), False)):
        image = np.repeat(np.rint(level)[None, :, None], 3, axis=2).repeat(h, axis=0)
        assert against_another_ground(image.astype(np.uint8), xs, ys, "right") is other


@pytest.mark.parametrize(
    ("category", "seed"), [("mirror", 98085), ("jpeg", 98728), ("drift", 98080), ("mirror", 96051)]
)
def test_a_dark_window_against_the_border_is_no_part_of_the_board(category: str, seed: int) -> None:
    # Mirror 98085, drift 98080, mirror 96051: the gap and the disc of the
    # tests above. Jpeg 98728: a dark editor's white rules beside a 10x13
    # board, in step with its rows, made the grid found one column wider;
    # dropped, that column seemed the board's own, its lines going on
    # through it.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_grid_paper_in_a_dark_window_in_step_with_the_outline_is_no_cell_past_a_corner() -> None:
    # A 11x12 board mirrored on a 2560 px desktop; a dark spreadsheet against
    # its left border below the 7th row, one of its rules in line with the
    # bottom border and another a pitch out: the outline seems to go on past
    # the bottom-left corner, and the sheet's ground (30 grey) is near the
    # board's. But it changes at once at the border there (8.3 CIELAB over a
    # tenth of a pitch, flat beyond: 0.3): another window's ground.
    shot = sample("drift", 95018)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_box_in_a_window_beside_the_border_is_no_cell_past_it() -> None:
    # An 11x14 board on a 2560 px desktop; in a grey window against its
    # right border, a magenta box beside the 5th row, a pitch wide: its
    # edges line up with the row's lines and a line a pitch out, a cell
    # outlined as the board's are. Its ground is no board's: it changes at
    # once at the border (117 CIELAB, flat beyond).
    shot = sample("drift", 99217)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_text_of_a_white_window_against_the_border_is_no_stub_of_its_lines() -> None:
    # A 5x5 board, 96 px cells, on a 2560 px desktop; a white editor flush
    # against its right border, four text rows to a cell, in step with its
    # rows: light pixels among the glyphs by each row line, up to 8 px
    # (0.08 pitch) past the border, seemed the board's lines going on there,
    # cut short together as by a pop-up. They are white (57 CIELAB or more
    # from the lines' dark red); a line's stub keeps its colour.
    shot = sample("drift", 92376)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(
    ("category", "seed"), [("jpeg", 99056), ("mirror", 95058), ("jpeg", 84931)]
)
def test_columns_over_a_window_flush_against_the_border_are_left_out(
    category: str, seed: int
) -> None:
    # Jpeg 99056: an 8x10 board whose left border is the mirror window's
    # edge, against a dark editor: the left margin of its text and the
    # edge of a second editor behind lie in step with the board's columns,
    # and the grid found is two columns wider, one of their edges missing.
    # Mirror 95058: an 11x11 board against a white spreadsheet whose column
    # rule lies a pitch out: the grid found is 11x12, and neither it nor the
    # grid grown from it passes. Another window's ground meets the board all
    # along its true border (12 and 97 CIELAB at once, flat beyond).
    # Jpeg 84931: a 12x12 board against a grey editor five columns wide
    # whose text rows lie in step with its rows: the grid found is 17x12.
    # Seen from the right, the board's own black meets the editor's grey at
    # that border just as well: the nearer cut, the left one, comes first.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def _board_beside_a_window(window: Callable[[int], np.ndarray]) -> tuple[np.ndarray, Lattice]:
    """The 6x6 board with a window 2 pitches wide (``window(height)``) flush against its left.

    With the grid found two columns wider, over that window.
    """
    image = render_board(_PUZZLE, cell_px=_PX, margin_px=0)
    image = cv2.copyMakeBorder(image, _PX, _PX, 3 * _PX, _PX, cv2.BORDER_CONSTANT)
    g = board_geometry(_PUZZLE, cell_px=_PX, margin_px=0).shifted(3 * _PX, _PX)
    edge = round(g.xs[0]) - 1  # the board's border line is drawn a pixel wide
    image[:, edge - 2 * _PX : edge] = window(image.shape[0])
    return image, Lattice((g.xs[0] - 2 * _PX, g.xs[0] - _PX, *g.xs), g.ys)


def _dark_editor(height: int) -> np.ndarray:
    """A dark editor's ground with white text rows, 2 pitches wide."""
    window = np.full((height, 2 * _PX, 3), _DARK_WINDOW, np.uint8)
    for y in range(10, height - 10, 24):
        for x in range(12, 2 * _PX - 12, 9):
            window[y : y + 10, x : x + 6] = 200
    return window


def test_a_band_on_another_window_is_cut_at_the_border_it_meets_the_board_at() -> None:
    image, grid = _board_beside_a_window(_dark_editor)
    cut = without_foreign_sides(grid, image, 1, DEFAULT_SETTINGS)
    assert cut is not None
    assert cut.xs == grid.xs[2:]
    assert cut.ys == grid.ys


def test_a_band_of_glow_or_holding_a_dot_is_not_cut() -> None:
    # Glow fades over many pixels: the ground changes beyond the border as
    # much as across it, at every line; no window meets the board.
    x = np.arange(2 * _PX, dtype=np.float32)
    glow = np.repeat(np.clip(90 - 1.2 * x, 0, 255).astype(np.uint8)[None, :, None], 3, axis=2)
    image, grid = _board_beside_a_window(lambda height: np.repeat(glow, height, axis=0))
    assert without_foreign_sides(grid, image, 1, DEFAULT_SETTINGS) is None
    # A filled disc in the band: cells of a board, not of a window's page.
    image, grid = _board_beside_a_window(_dark_editor)
    centre = (round(grid.xs[1] + _PX / 2), round(grid.ys[3] + _PX / 2))
    cv2.circle(image, centre, round(0.35 * _PX), (230, 60, 40), -1)
    assert without_foreign_sides(grid, image, 1, DEFAULT_SETTINGS) is None


def test_white_rules_in_step_with_two_rows_past_the_border_outline_no_cell() -> None:
    # A 6x7 board of dark green lines mirrored on a 2560 px desktop, a dark
    # editor's white ruled page against its left border: two of its rules
    # lie in line with rows 4 and 5, one of its columns' rules a pitch out,
    # a box outlined as the board's cells are. Its ground changes at the
    # border (13 CIELAB) but seems not flat beyond it, where a white rule
    # stands. The board's own lines going on keep their colour; those rules
    # are 53-57 CIELAB from it, on both sides of the box. (A pop-up's frame
    # along a line tints it as much, but its cells lie on the board's
    # ground: flow_dialog 96020, still refused.)
    shot = sample("mirror", 77022)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_glow_cut_off_by_a_window_at_the_border_is_no_object_in_the_edge_cell() -> None:
    # jpeg 99266: a glow band runs from the board's left border, where a
    # white window cuts it off, into cell (5, 1); its lower edge, straight
    # and as sharp as an outline, crosses edge cell (5, 0). What lies past
    # the border tells nothing (as past a crop's edge): the band covers 0.39
    # of the cell's border band counting that side, 0.20 without.
    shot = sample("jpeg", 99266)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
