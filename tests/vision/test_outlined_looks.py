"""Walled and holed boards in the looks that used to be refused: read exactly.

Each screen shows one mechanism of the outlined reader: small cells or wide
lines (the outline's ink taken past twice a line's width), a board flush with
the image's edge (its outline cut in width, not in brightness), a line faint
under glare, lines heavy on a dark ground (told by their colour), a small
board behind text whose lattices come first, JPEG's ringing joining cells
outside the board, the OS's screenshot preview of a walled board.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.models import BoardGeometry, Cell, link
from flowbot.screens.synthetic import sample
from flowbot.vision import _border_sides, read_board
from flowbot.vision._outline_edges import (
    Kind,
    _by_peak,
    _past_outline_ends,
)
from flowbot.vision._outlined import Outlined, _biggest, _within
from flowbot.vision._types import Features


@pytest.mark.parametrize(
    ("variant", "category", "seed"),
    [
        ("walls", "zoomed", 140001),  # 26 px cells: the outline's ink past 0.07 pitch
        ("walls", "tiny_cells", 140002),  # outline cut to half its width by the image's edge
        ("holes", "tiny_cells", 300014),  # the outline's corner blurred onto a side between holes
        ("holes", "crop", 140001),  # every side of the frame cut by the image's edge
        ("holes", "rectangular", 140000),  # a glare band dims the lines it crosses
        ("walls", "rectangular", 140003),  # glow dims a frame side near the image's edge
        ("holes", "web", 140003),  # text's lattices come first in the shrunk copy
        ("walls", "preview", 140001),  # the preview's grid lies past its dots
        ("walls", "preview", 100014),  # a lattice at half the pitch over the same box
        ("walls", "crop", 160003),  # lines on a dark ground as heavy as the outline's least
        ("walls", "jpeg", 160005),  # JPEG's ringing outside joins more cells than the board
        ("walls", "twins", 160004),  # lines 0.1 pitch wide: the outline's ink past 0.07
        ("walls", "mirror", 140039),  # a window's edge 3 px past the frame, in its reach
        ("walls", "mirror", 100011),  # a glow shaft 0.55 pitch wide, its edges over 4 px
    ],
)
def test_an_outlined_board_is_read_exactly(variant: str, category: str, seed: int) -> None:
    shot = sample(category, seed, variant)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_small_started_board_is_found_through_its_pipes_in_the_finer_copy() -> None:
    # A phone mirrored small on a 2560 px desktop: 36 px cells are 9 px in the
    # first copy, its pipes as thin as the line filter's kernel; followed
    # through its pipes in the finer copy the board's lattice shows.
    shot = sample("colour_blind", 300029, "warps", "started")
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()


def test_a_board_flush_with_the_image_cut_at_a_grid_line_is_refused() -> None:
    # Cut through a row of cells, the last whole row's line is a thin grid line:
    # as bright as a line, not as the outline, so no frame.
    shot = sample("tiny_cells", 140002, "walls")
    g = shot.geometry
    image = np.ascontiguousarray(shot.image[: round(g.ys[-2] + 0.4 * g.cell_size)])
    with pytest.raises(VisionError):
        read_board(image)


def test_the_border_is_measured_once_per_board(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    measure = _border_sides.border_sides

    def counted(*args: object) -> object:
        calls.append(1)
        return measure(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(_border_sides, "border_sides", counted)
    shot = sample("phone", 3, "walls")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
    assert len(calls) == 1


@pytest.mark.parametrize("variant", ["walls", "holes"])
def test_a_finished_board_is_read_not_its_screenshot_preview(variant: str) -> None:
    # A finished board whose flows join its dots (no lone dots beyond the preview):
    # the preview's grid read first, the board's lines found through its pipes later
    # (holes: behind four grids inside the preview, its pipes' edges half a pitch apart).
    shot = sample("preview", 300001, variant, "solved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    pitch = shot.geometry.cell_size
    assert abs(reading.geometry.cell_size - pitch) < 0.05 * pitch


def test_a_piece_of_a_board_read_at_its_pitch_is_within_it() -> None:
    def grid(x: float, y: float, pitch: float, n: int) -> BoardGeometry:
        return BoardGeometry(
            tuple(x + pitch * i for i in range(n + 1)), tuple(y + pitch * i for i in range(n + 1))
        )

    board, half = grid(812, 1968, 44, 5), grid(810, 1968, 22, 10)
    assert _within(grid(856, 1968, 44, 3), board)
    assert not _within(half, board)  # another pitch (``board_at_other_pitch``)
    assert not _within(grid(20, 566, 207, 5), board)


def test_of_two_lattices_on_one_box_the_board_is_the_coarser() -> None:
    # The board's lines with its cells' middles between them make a lattice at half its
    # pitch over the same box, a hair wider: the board is the one whose cells hold dots.
    board = BoardGeometry(
        tuple(11.3 + 115.0 * i for i in range(8)), tuple(440.0 + 115.0 * i for i in range(8))
    )
    halves = BoardGeometry(
        tuple(11.0 + 57.5 * i for i in range(15)), tuple(439.5 + 57.5 * i for i in range(15))
    )
    preview = BoardGeometry(
        tuple(37.0 + 24.7 * i for i in range(8)), tuple(1467.0 + 24.7 * i for i in range(8))
    )
    # The halves read the board's lines beside the cells' middles as walls.
    along = frozenset(
        link(Cell(r, i - 1), Cell(r, i)) for i in range(2, 14, 2) for r in range(14)
    ) | frozenset(link(Cell(i - 1, c), Cell(i, c)) for i in range(2, 14, 2) for c in range(14))
    found = [
        Outlined(board, Features(), None),  # type: ignore[arg-type]
        Outlined(preview, Features(), None),  # type: ignore[arg-type]
        Outlined(halves, Features(walls=along), None),  # type: ignore[arg-type]
    ]
    assert _biggest(found).geometry == board
    # A bigger board elsewhere is still the biggest.
    assert _biggest(found[1:]).geometry == halves


def _corner_edges(
    turn: bool, near: float, far: float
) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """A 2x2 lattice's edges, lines but for the doubtful ``vertical[1, 1]`` (from the
    middle corner down) and the outline through the middle corner: up and right of it
    (turning there) when ``turn``, else left and right (running straight on); the
    doubtful edge's part by the middle corner holds ``near``, its other part ``far``."""
    vertical = np.full((3, 2), Kind.LINE, np.int8)
    horizontal = np.full((3, 2), Kind.LINE, np.int8)
    vertical[1, 1] = Kind.DOUBT
    if turn:
        vertical[1, 0] = horizontal[1, 1] = Kind.OUTLINE
    else:
        horizontal[1, 0] = horizontal[1, 1] = Kind.OUTLINE
    v_ends = np.full((3, 2, 2), 2.0)
    v_ends[1, 1] = (near, far)
    return vertical, horizontal, (v_ends, np.full((3, 2, 2), 2.0))


@pytest.mark.parametrize(
    ("turn", "near", "far", "kind"),
    [
        # The outline turns at the side's top corner: ink there, none at its far part.
        (True, 1.4, 0.5, Kind.NONE),
        # Its far part holds a line's ink: doubtful still.
        (True, 1.4, 1.9, Kind.DOUBT),
        # The outline runs straight on through the corner: no end, no cap blurred round it.
        (False, 1.4, 0.5, Kind.DOUBT),
        # A wall's end blurred past its corner lifts the line beyond it there; its far
        # part holds a line's ink (lines 10^2.1, outline 10^2.8: a line up to 10^2.33).
        (True, 2.5, 2.2, Kind.LINE),
        # Its far part between a line's ink and the outline's: doubtful still.
        (True, 2.6, 2.4, Kind.DOUBT),
        # No end at that corner (the outline runs straight on): doubtful still.
        (False, 2.5, 2.2, Kind.DOUBT),
    ],
)
def test_a_side_by_the_outlines_end_is_told_by_its_far_part(
    turn: bool, near: float, far: float, kind: Kind
) -> None:
    vertical, horizontal, ends = _corner_edges(turn=turn, near=near, far=far)
    _past_outline_ends(vertical, horizontal, ends, line=2.1, high=2.8)
    assert vertical[1, 1] == kind


@pytest.mark.parametrize(
    ("kind", "ink", "far", "after"),
    [
        # A side between two of the outline's corners, read as a line with under half a
        # line's ink, its ink all by one corner: the outline's cap blurred there, nothing.
        (Kind.LINE, 1.37, 0.4, Kind.NONE),
        # Its far part holds a line's ink: a line drawn there.
        (Kind.LINE, 1.37, 1.9, Kind.LINE),
        # Read as a line with less than the lines' ink, all by the corner: nothing.
        (Kind.LINE, 2.0, 0.4, Kind.NONE),
        # A line's whole ink: a line, whatever its far part shows.
        (Kind.LINE, 2.2, 0.4, Kind.LINE),
        # Doubtful, between two corners, nothing at its far part: nothing.
        (Kind.DOUBT, 2.3, 0.4, Kind.NONE),
    ],
)
def test_a_side_between_two_outline_corners_is_told_by_its_far_part(
    kind: Kind, ink: float, far: float, after: Kind
) -> None:
    # The outline turns at the side's top corner (up and right of it) and ends at its
    # bottom corner (the frame's bottom line beside it: left of it only).
    vertical, horizontal, ends = _corner_edges(turn=True, near=1.7, far=far)
    horizontal[2, 0] = Kind.OUTLINE
    vertical[1, 1] = kind
    inks = np.full((3, 2), 2.1), np.full((3, 2), 2.1)
    inks[0][1, 1] = ink
    _past_outline_ends(vertical, horizontal, ends, line=2.1, high=2.8, inks=inks)
    assert vertical[1, 1] == after


@pytest.mark.parametrize(
    ("peak", "top", "kind"),
    [
        # Heavier than a line over a dark tint, standing over its ground as lines do and
        # dimmer than the outline: a line (holes tiny cells 300049 solved).
        (1.85, 2.09, Kind.LINE),
        # Standing over its ground halfway to the outline's: doubtful still.
        (2.05, 2.09, Kind.DOUBT),
        # As bright as the outline: doubtful still.
        (1.85, 2.3, Kind.DOUBT),
    ],
)
def test_a_doubtful_edge_standing_as_lines_do_is_a_line(
    peak: float, top: float, kind: Kind
) -> None:
    kinds = np.array([Kind.DOUBT, Kind.LINE], np.int8)
    _by_peak(
        kinds,
        np.array([True, False]),
        np.array([peak, 1.74]),
        np.array([top, 1.98]),
        peaks=(1.74, 2.32),
        tops=(1.98, 2.37),
    )
    assert kinds[0] == kind
    assert kinds[1] == Kind.LINE


@pytest.mark.parametrize("state", ["started", "solved"])
def test_dark_lines_broken_by_pipes_are_followed_through_them(state: str) -> None:
    # Green lines over pink and purple tints stand out dark only, and pipes break
    # them: no copy showed the board's grid until dark lines were followed through
    # the pipes (the preview's grid, refused, was all the outlined stage got).
    shot = sample("preview", 6500001, "holes", state)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
