"""Warps on boards with walls or holes, and openings where their look is hardest to tell.

The game's warp boards may have walls and holes too (``../shared/official``):
the outlined reader takes the frame's gaps in pairs across the board as warps'
openings; an opening is told by nothing lighter than the ground showing there,
whatever hue the ground past the board's edge or a dot's glow gives it.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.formats import parse_puzzles
from flowbot.generate import generate
from flowbot.models import BoardGeometry, Puzzle
from flowbot.screens.synthetic import ShotOptions, sample, synthesize
from flowbot.vision import read_board
from flowbot.vision._outline_edges import EdgeKinds, Inks, Kind
from flowbot.vision._outlined import _playable
from flowbot.vision._warps import frame_openings

PHONE = ShotOptions(screen=(1080, 2400), line_px=3.0, glow=0.6)


def _walled() -> Puzzle:
    # 8x8, walls and a warp across a row and one down a column.
    return generate(8, 8, 7, warps=2, walls=4, seed=2).solution.puzzle


def _holed() -> Puzzle:
    # 8x8, holes at the board's edge beside a row's warp.
    return generate(8, 8, 7, warps=2, holes=5, seed=0).solution.puzzle


@pytest.mark.parametrize("make", [_walled, _holed], ids=["walls", "holes"])
def test_a_warp_board_with_walls_or_holes_is_read_with_its_warps(
    make: Callable[[], Puzzle],
) -> None:
    puzzle = make()
    assert puzzle.warps
    assert puzzle.walls or puzzle.holes
    shot = synthesize(puzzle, seed=3, options=PHONE)
    reading = read_board(shot.image)
    assert reading.puzzle == puzzle.canonical()
    assert reading.puzzle.warps == puzzle.warps


def test_an_outlined_board_s_warps_are_found_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The outlined stage finds them on the border it measured; the reader does not again.
    import flowbot.vision._reader as reader  # noqa: PLC0415

    def again(*args: object, **kwargs: object) -> None:
        raise AssertionError("find_warps called again")

    monkeypatch.setattr(reader, "find_warps", again)
    puzzle = _holed()
    assert read_board(synthesize(puzzle, seed=3, options=PHONE).image).puzzle == (
        puzzle.canonical()
    )


def test_an_opening_closed_on_a_walled_warp_board_is_refused() -> None:
    puzzle = _walled()
    shot = synthesize(puzzle, seed=3, options=PHONE)
    g = shot.geometry
    assert isinstance(g, BoardGeometry)
    image = shot.image.copy()
    # Close the left end of the row's warp in the outline's colour: the right
    # end's opening is left without a partner.
    a = next(a for a, b in puzzle.warps if a.row == b.row)
    outline = tuple(int(v) for v in image[round(g.ys[0]), round((g.xs[1] + g.xs[2]) / 2)])
    width = max(2, round(0.065 * g.cell_size))
    x, y0, y1 = round(g.xs[0]), round(g.ys[a.row]), round(g.ys[a.row + 1])
    cv2.line(image, (x, y0), (x, y1), outline, width)
    with pytest.raises(UnsureReadingError):
        read_board(image)


def test_frame_openings_come_in_pairs_across_the_box() -> None:
    rows, cols = 4, 5
    # The lattice: one cell round a 4x5 board (box rows 1-4, columns 1-5).
    playable = np.zeros((rows + 2, cols + 2), bool)
    playable[1:5, 1:6] = True
    playable[4, 5] = False  # a hole at the board's bottom-right corner
    vertical = np.zeros((cols + 3, rows + 2), bool)
    horizontal = np.zeros((rows + 3, cols + 2), bool)
    vertical[[1, 6], 2] = True  # row 1 of the board: open at both ends, a warp
    vertical[1, 3] = True  # row 2: open on the left only
    horizontal[[1, 5], 3] = True  # column 2: open at top and bottom, a warp
    horizontal[[1, 5], 5] = True  # column 4: its bottom end is a hole
    box = (1, 5, 1, 6)
    v, h = frame_openings(vertical, horizontal, playable, box)
    assert {(int(i), int(r)) for i, r in np.argwhere(v)} == {(1, 2), (6, 2)}
    assert {(int(j), int(c)) for j, c in np.argwhere(h)} == {(1, 3), (5, 3)}


@pytest.mark.parametrize(
    ("category", "seed", "why"),
    [
        ("mirror", 140000, "a big dot's glow tints the ground beside the opening"),
        ("phone_large", 150007, "the ground past the board's edge has another hue"),
        ("tiny_cells", 140009, "an outline a pixel wide, found in a shrunk copy"),
        ("huge_cells", 140000, "holes at the board's edge: the classic search takes a piece"),
        ("desktop_app", 140000, "a wall beside a warp's opening"),
    ],
)
def test_warp_openings_hard_to_tell_are_read(category: str, seed: int, why: str) -> None:
    shot = sample(category, seed, variant="warps")
    assert shot.puzzle.warps, why
    assert read_board(shot.image).puzzle == shot.puzzle.canonical(), why


#: A level of the game's warp packs: every side open all along (a warp beside every
#: cell on the border), the outline drawn only round its corner holes.
OPEN_ALL_ROUND = """\
square
##A...##
##....##
B.CAD...
..EC..FB
...DG...
......E.
##.F.G##
##....##
warp 0,2 7,2
warp 0,3 7,3
warp 0,4 7,4
warp 0,5 7,5
warp 2,0 2,7
warp 3,0 3,7
warp 4,0 4,7
warp 5,0 5,7
"""

#: A level open all round with no holes: the outline drawn only as its walls.
OPEN_WALLED = """\
square
.....A.
BC.D.B.
.E...F.
..GA...
..HC.H.
.E.....
FG...D.
wall 1,1 1,2
wall 1,4 1,5
wall 2,1 2,2
wall 2,4 2,5
wall 4,0 4,1
wall 4,5 4,6
wall 5,0 5,1
wall 5,1 6,1
wall 5,2 6,2
wall 5,5 5,6
""" + "".join(f"warp {k},0 {k},6\nwarp 0,{k} 6,{k}\n" for k in range(7))

#: Open all along on the left and right, the outline drawn on the top and bottom only.
OPEN_LEFT_RIGHT = """\
square
A.B...
..C.D.
.....E
......
.BC.A.
D....E
""" + "".join(f"warp {r},0 {r},5\n" for r in range(6))


@pytest.mark.parametrize(
    "text", [OPEN_ALL_ROUND, OPEN_WALLED, OPEN_LEFT_RIGHT], ids=["holes", "walls", "two"]
)
def test_a_side_open_all_along_is_read_as_warps(text: str) -> None:
    # The outline's colour is taken where it is drawn: the other sides, or round the
    # holes and along the walls.
    [named] = parse_puzzles(text)
    puzzle = named.puzzle
    reading = read_board(synthesize(puzzle, seed=1, options=PHONE).image)
    assert reading.puzzle == puzzle.canonical()


def test_a_side_drawn_nowhere_without_its_partner_open_is_refused() -> None:
    [named] = parse_puzzles(OPEN_LEFT_RIGHT)
    shot = synthesize(named.puzzle, seed=1, options=PHONE)
    g = shot.geometry
    assert isinstance(g, BoardGeometry)
    image = shot.image.copy()
    # The right side closed in the outline's colour: the left one open all along
    # has no openings across the board from it.
    outline = tuple(int(v) for v in image[round(g.ys[0]), round((g.xs[1] + g.xs[2]) / 2)])
    width = max(2, round(0.065 * g.cell_size))
    x = round(g.xs[-1])
    cv2.line(image, (x, round(g.ys[0])), (x, round(g.ys[-1])), outline, width)
    with pytest.raises(UnsureReadingError):
        read_board(image)


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_flow_s_stub_out_of_a_warp_through_jpeg_is_no_board_cell(state: str) -> None:
    # A green flow leaves a walled board by a row's warp in a mirrored phone through
    # JPEG: the stub's cells past the frame showed JPEG's ringing off the band's edge
    # on one side along it (a third of a line's ink) and the tint's step at the opening:
    # joined to the board, they made its box a column wider each side, and its frame
    # "not drawn heavier than its lines".
    shot = sample("jpeg", 300053, "warps", state)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def _stub_kinds(along_ink: float, opening_ink: float) -> tuple[EdgeKinds, tuple[slice, slice]]:
    """A 5x5 board framed in a 7x7 lattice (the grid found), a warp across its last row, a
    stub's cell past each opening: the opening ``opening_ink`` (a line's kind), the side
    below the stub ``along_ink``, the one above it nothing."""
    n, line, frame = 7, 2.0, 3.0
    v_kind = np.full((n + 1, n), Kind.NONE, np.int8)
    h_kind = np.full((n + 1, n), Kind.NONE, np.int8)
    v_ink, h_ink = np.zeros((n + 1, n)), np.zeros((n + 1, n))
    v_kind[2:6, 1:6], v_ink[2:6, 1:6] = Kind.LINE, line
    h_kind[2:6, 1:6], h_ink[2:6, 1:6] = Kind.LINE, line
    for at in (1, 6):
        v_kind[at, 1:6], v_ink[at, 1:6] = Kind.OUTLINE, frame
        h_kind[at, 1:6], h_ink[at, 1:6] = Kind.OUTLINE, frame
    for at in (1, 6):  # the openings
        v_kind[at, 5], v_ink[at, 5] = Kind.LINE, opening_ink
    for col in (0, 6):  # below each stub, JPEG's ringing off its band
        kind = Kind.LINE if along_ink > line - 0.7 else Kind.NONE
        h_kind[6, col], h_ink[6, col] = kind, along_ink
    zero = np.zeros((n + 1, n))
    inks = Inks(v_ink, h_ink, zero, zero, zero, zero, zero, zero, 3.0)
    kinds = EdgeKinds(v_kind, h_kind, inks, (0.0, line, frame), (1.6, 2.0))
    return kinds, (slice(1, 7), slice(1, 7))


def test_a_stub_s_cell_with_ringing_along_it_is_left_out_of_the_board() -> None:
    # The tint's step at the opening and JPEG's ringing below: under half a line's ink,
    # the stub's far side and the one above it nothing.
    kinds, found = _stub_kinds(along_ink=1.45, opening_ink=1.6)
    playable = _playable(kinds, found)
    assert playable is not None
    board = np.zeros((7, 7), bool)
    board[1:6, 1:6] = True
    assert (playable == board).all()


def test_a_cell_past_the_grid_found_with_a_line_along_it_stays_on_the_board() -> None:
    # A line's ink: the board's cells, their lines not in the grid found.
    kinds, found = _stub_kinds(along_ink=2.0, opening_ink=2.0)
    playable = _playable(kinds, found)
    assert playable is not None
    assert playable[5, 0]
    assert playable[5, 6]


def test_a_board_s_cells_past_the_grid_found_with_faint_lines_all_round_stay_on_it() -> None:
    # A finished board's lines between two flows' tints are as faint as a stub's ringing:
    # the rows past the grid found (its top two) show such lines on every side, and the
    # frame, so none of them is a stub's cell.
    kinds, _ = _stub_kinds(along_ink=2.0, opening_ink=2.0)
    kinds.vertical_ink[2:6, 3:6] = kinds.horizontal_ink[3:6, 1:6] = 1.5
    kinds.vertical[1, 5] = kinds.vertical[6, 5] = Kind.OUTLINE  # no warp: the frame
    kinds.horizontal[6, 0] = kinds.horizontal[6, 6] = Kind.NONE
    playable = _playable(kinds, (slice(1, 7), slice(1, 4)))
    assert playable is not None
    board = np.zeros((7, 7), bool)
    board[1:6, 1:6] = True
    assert (playable == board).all()
