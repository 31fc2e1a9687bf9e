"""Shaped boards (cells left out): a gap in the border or an outlined hole is refused."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import sample
from flowbot.vision import UnsureBoardError, read_board
from flowbot.vision import _board_border as board_border
from flowbot.vision._board_edge_colours import EdgeColours
from flowbot.vision._board_holes import check_outlined_holes
from flowbot.vision._colour import to_lab
from flowbot.vision._lattice import Lattice

ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize("seed", [0, 5, 22])
def test_a_corner_cell_cut_out_is_a_gap_in_the_border(seed: int) -> None:
    # Every inner edge is still drawn (each borders a present cell); only the
    # cut corner's two outer border edges are missing.
    shot = decoy("flow_holes", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [16, 27, 40])
def test_a_cell_left_out_and_outlined_in_another_colour_is_refused(seed: int) -> None:
    # A 1x1 hole: black like an empty cell, every side present, but each side
    # inside the board drawn in the game's bright outline colour, not the grid's.
    shot = decoy("flow_shaped", seed)
    with pytest.raises(UnsureReadingError):
        read_board(shot.image)


@pytest.mark.parametrize("seed", [7, 30, 43])
def test_a_corner_cut_out_at_the_image_edge_is_a_gap_in_the_border(seed: int) -> None:
    # A tight crop through the border line: the sliver of border along the
    # image's edge shows beside every cell but the one left out.
    shot = decoy("flow_holes", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_gap_in_a_border_the_lattice_places_a_few_pixels_off_is_seen() -> None:
    # A tight crop 4 px past the top border of a 92 px board, one top cell
    # left out: the lattice, its pitch fitted on the inner lines, put that
    # border 2.5 px below the drawn line, where the line map saw nothing
    # along it, and took it for a border hidden all along (read as 8x10).
    shot = decoy("flow_holes", 75195)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_lone_cell_inside_the_board_is_never_a_hole_decoy() -> None:
    # Its neighbours draw its whole outline again: it would be a plain empty
    # cell, a board rightly read. (Seed 81008 drew one before.)
    shot = decoy("flow_holes", 81008)
    with pytest.raises(UnsureReadingError, match=r"border has a gap|grid lines are missing"):
        read_board(shot.image)


def test_a_gap_in_a_border_beside_a_lattice_fitted_on_dark_fringes_is_seen() -> None:
    # Bright 3 px lines on black, cell (0, 1) left out: sought as dark lines,
    # each line shows as two dark fringes beside it, and the lattice fitted
    # on them put the top border 1.5 px (of the 1/3 copy) above the drawn
    # line, where the line filter saw only its edge (12 < 15) all along: a
    # border hidden all along, and the board was read as a plain 5x5.
    shot = decoy("flow_holes", 85016)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_cell_outlined_a_little_lighter_than_thin_lines_is_refused() -> None:
    # 720 px phone, 90 px cells, 1 px lines: the outline (235, 150, 150) and
    # the lines both blend into the black, so the outline's sides lie only
    # 23-26 CIELAB from the lines' median colour (under 25), yet each stands
    # 20 L* lighter than the other edges of its own line.
    # Bright and dark again beside it, the outline passes for a wall too; the
    # outline check alone must still see it.
    shot = decoy("flow_shaped", 88145)
    with pytest.raises(
        UnsureBoardError, match=r"outlined in another colour|drawn as walls"
    ) as found:
        read_board(shot.image)
    board = found.value.geometry
    with pytest.raises(UnsureReadingError, match="outlined in another colour"):
        check_outlined_holes(shot.image, EdgeColours(Lattice(board.xs, board.ys), shot.image, 1))


@pytest.mark.parametrize("seed", [117, 100520, 97732])
def test_a_hole_whose_step_to_a_bright_page_passes_for_a_weak_border_is_refused(seed: int) -> None:
    # The line map sees the step from the hole's black to the page, the
    # wallpaper or a window past it at 0.16-0.38 of the drawn border's
    # strength: not faint, but weak, and by colour no line is drawn there.
    shot = decoy("flow_edge_objects", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_hole_where_the_border_is_found_beside_the_lattices_line_is_refused() -> None:
    # Corner cell left out at a border flush against a white window: the
    # lattice's line shows nothing, the border is sought a pixel outside it,
    # where the step from the board's black to the window is as strong beside
    # the hole as beside the drawn border.
    shot = decoy("flow_edge_objects", 101374)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_every_cell_of_an_uneven_border_is_judged_by_colour_cheap_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 117: corner cell (0, 0) left out at the top border, weak in the
    # line map. The border is judged by colour, the cheap look first; the
    # hole is the one cell left out, as the whole judgement finds it.
    calls: list[tuple[tuple[object, ...], dict[str, object]]] = []
    judge = board_border._left_out_by_colour

    def spy(*args: object, **kwargs: object) -> np.ndarray:
        calls.append((args, kwargs))
        return judge(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(board_border, "_left_out_by_colour", spy)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(decoy("flow_edge_objects", 117).image)
    cheap = [(a, k) for a, k in calls if k.get("cheap_first")]
    assert cheap
    args, kwargs = cheap[0]
    left_out = judge(*args, **kwargs)  # type: ignore[arg-type]
    assert np.flatnonzero(left_out).tolist() == [0]
    whole = judge(*args, **{**kwargs, "cheap_first": False})  # type: ignore[arg-type]
    assert np.array_equal(whole, left_out)


def test_a_border_cut_lengthwise_tells_a_cell_left_out_by_its_sliver() -> None:
    # The wallpaper over the outer half of a 1-px border: each drawn cell's
    # sliver at the cut blends the line with the wallpaper, the hole's black
    # drawn over the cut blends with it (12700002's colours: the inner lines'
    # median, the slivers (56, 86, 120) and (0, 9, 24)). Offsets across:
    # wallpaper, sliver, own ground.
    wallpaper = np.array([26, 107, 152])
    line, board, hole = np.array([73, 77, 95]), np.array([12, 12, 12]), np.array([0, 0, 0])
    cells = []
    for own in (board, board, hole, board, board):
        sliver = np.array([56, 86, 120] if own is board else [0, 9, 24])
        cells.append([wallpaper, wallpaper, sliver, own, own])
    lab = to_lab(np.rint(cells).astype(np.uint8))
    line_lab = to_lab(line.astype(np.uint8))
    strip = board_border._BorderStrip(lab, lab[:, -1], vertical=0, judged=True)
    left_out = board_border._left_out_at_sliver(strip, line_lab)
    assert np.flatnonzero(left_out).tolist() == [2]
    # Half the hole's black and half the wallpaper lies as near the line's
    # blend: too near to tell, nothing is left out.
    cells[2][2] = 0.5 * (wallpaper + hole)
    lab = to_lab(np.rint(cells).astype(np.uint8))
    strip = board_border._BorderStrip(lab, lab[:, -1], vertical=0, judged=True)
    assert not board_border._left_out_at_sliver(strip, line_lab).any()


@pytest.mark.parametrize(
    ("category", "seed", "variant"),
    [("mirror", 100005, "classic"), ("phone_large", 400002, "bridges")],
)
def test_a_border_is_judged_cut_only_where_the_outside_ends(
    reads_exactly: ReadsExactly, category: str, seed: int, variant: str
) -> None:
    # Finished boards whose border shows the lines' colour nowhere across. Past the
    # first offset in from the outside lie the line's inner edge blended with a purple
    # flow's tint (mirror 100005: four cells read left out there), or the flows' tints
    # inside a lilac outline (bridges phone_large 400002): no sliver of a cut.
    reads_exactly(category, seed, variant, "solved")


@pytest.mark.parametrize("seed", [97585, 99184])
def test_a_hole_by_lines_too_near_the_ground_is_judged_by_its_own_ground(seed: int) -> None:
    # Dim lines (97585) or glow lifting the board's ground (99184) put the
    # lines within 24 CIELAB of the ground: the hole's own black, 21.6-39.9
    # from the lines' colour with no line in it, shows the cell left out.
    shot = decoy("flow_edge_objects", seed)
    with pytest.raises(UnsureReadingError, match="border has a gap"):
        read_board(shot.image)


def test_a_glow_cell_by_lines_near_the_ground_is_not_taken_for_a_hole() -> None:
    # A JPEG board whose glow cell by the border lies 13.8 CIELAB from the
    # lines' colour (over the noise bound 12, under _NEAR_GROUND_APART 18).
    shot = sample("jpeg", 100761)
    board = read_board(shot.image)
    assert board.puzzle.canonical() == shot.puzzle.canonical()


def test_a_gap_doubted_at_one_scale_may_be_seen_drawn_at_another() -> None:
    # mirror 95549: beside another window's text the shrunk copy misses the
    # left border by some cells and refuses the grid for a gap; another
    # scale sees it drawn. A gap once refused must not refuse the board read
    # at another scale (tried in session 17: it refused this board).
    shot = sample("mirror", 95549)
    board = read_board(shot.image)
    assert board.puzzle.canonical() == shot.puzzle.canonical()


def test_a_thin_border_jpeg_coloured_like_its_sides_keeps_its_lightness() -> None:
    # A 1 px border between a flow's tinted cell and another window, through JPEG: its
    # chroma taken from both sides (19.9 Lab from the lines'), its lightness the lines'.
    shot = sample("jpeg", 4000002, "classic", "solved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_a_lightness_ridge_is_told_from_a_step_and_from_ground() -> None:
    line = np.array([29.0, 16.0, -4.0])
    typical = np.zeros(7, bool)
    typical[3] = True

    def across(lightness: list[float]) -> np.ndarray:
        lab = np.zeros((1, 7, 3))
        lab[0, :, 0] = lightness
        return lab

    ridge = across([11, 11, 12, 30, 13, 12, 12])  # the line's lightness, ground both sides
    shifted = across([11, 11, 12, 12, 30, 12, 12])  # a pixel over
    step = across([11, 11, 12, 30, 45, 60, 60])  # ground up to a brighter page
    ground = across([11, 11, 12, 12, 13, 12, 12])  # nothing drawn
    found = [
        board_border._lightness_ridge(lab, line, typical)[0]
        for lab in (ridge, shifted, step, ground)
    ]
    assert found == [True, True, False, False]


def test_a_tint_near_the_lines_colour_by_lines_near_the_ground_is_no_drawn_border(
    reads_exactly: ReadsExactly,
) -> None:
    # The board flush with its window's edge hides its left border; a white flow's tint
    # beside 7 of 12 rows lies within LINE_COLOUR_NOISE of the lines' colour (the lines
    # near the ground), and passed for the border drawn there: two dark rows beside it,
    # showing no line, were read left out. The tint lies nearer the cells' own ground.
    reads_exactly("jpeg", 6100000, "classic", "started")
