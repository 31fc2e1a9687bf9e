"""Cells that show no dark Flow background: light cards between gaps, a tile in a cell.

Each test draws the same board twice, once as the game does (read exactly)
and once with the foreign object, which must be refused.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Puzzle, Reading
from flowbot.render import board_geometry, draw_board, render_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._bands import line_lightness
from flowbot.vision._cell_background import check_background
from flowbot.vision._cell_marks import SHARP_MARK
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import to_lab
from flowbot.vision._marks import sharp_marks
from flowbot.vision._rays import soft_rays
from flowbot.vision._rules import read_cells
from flowbot.vision._types import DEFAULT_SETTINGS

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])
PX = 60
MARGIN = 40


def _board() -> np.ndarray:
    image = render_board(PUZZLE, cell_px=PX)
    return cv2.copyMakeBorder(image, MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_CONSTANT)


def _centre(cell: Cell) -> tuple[float, float]:
    point = board_geometry(PUZZLE, cell_px=PX).shifted(MARGIN, MARGIN).centre(cell)
    return point.x, point.y


def _fill_cell(image: np.ndarray, cell: Cell, half: float, rgb: tuple[int, int, int]) -> None:
    """A flat square ``2 * half`` pitches wide, centred in ``cell``, under anything round."""
    x, y = _centre(cell)
    s = half * PX
    cv2.rectangle(image, (round(x - s), round(y - s)), (round(x + s), round(y + s)), rgb, -1)


def test_the_game_draws_light_lines_on_a_dark_background() -> None:
    image = _board()
    reading = read_board(image)
    assert reading.puzzle == PUZZLE.canonical()
    lines = line_lightness(image, reading.geometry)
    assert lines is not None
    assert lines > float(to_lab(image[MARGIN + PX // 2, MARGIN + PX + PX // 2])[0]) + 10


def test_light_cards_between_dark_gaps_are_refused() -> None:
    image = _board()
    cards = image.copy()
    for r in range(PUZZLE.rows):
        for c in range(PUZZLE.cols):
            _fill_cell(cards, Cell(r, c), 0.45, (235, 235, 235))  # every cell a light card
    for dot in PUZZLE.dots():  # each dot again, on its card
        x, y = _centre(dot)
        colour = tuple(int(v) for v in image[round(y), round(x)])
        cv2.circle(cards, (round(x), round(y)), round(0.3 * PX), colour, -1)
    with pytest.raises(UnsureReadingError, match="lighter than the grid lines"):
        read_board(cards)


def test_a_dot_on_a_card_among_cards_of_another_colour_is_refused() -> None:
    image = _board()
    x, y = _centre(Cell(0, 0))  # dot A: its surroundings become a light card ...
    s = round(0.45 * PX)
    card = image[round(y) - s : round(y) + s, round(x) - s : round(x) + s]
    card[np.all(card < 40, axis=2)] = 235
    with pytest.raises(UnsureReadingError, match="background around the dot at cell"):
        read_board(image)


@pytest.mark.parametrize("grey", [70, 140])
def test_a_tile_in_an_empty_cell_is_refused(grey: int) -> None:
    image = _board()
    _fill_cell(image, Cell(1, 1), 0.4, (grey, grey, grey))  # a bridge's deck
    with pytest.raises(UnsureReadingError, match=r"cell \(1, 1\) holds something"):
        read_board(image)


def test_glow_that_runs_on_to_the_lines_is_no_tile() -> None:
    # Its cell (7, 4) is a flat green band of glow, 26 Lab from every cell
    # beside it: only the band running on into the cell's border tells it apart.
    shot = sample("generated", 7)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_soft_glow_under_the_grid_is_no_object() -> None:
    # A dim purple band of glow, blurred as the game's is, ending in cell
    # (2, 2): its colour is 20+ Lab from every ring beside (2, 3) and covers
    # little of the border band, like a tile; but it fades over many pixels
    # where a tile's outline is crisp.
    geometry = board_geometry(PUZZLE, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    glow = np.zeros((h, w, 3), np.float32)
    x, y = geometry.centre(Cell(2, 2))
    cv2.rectangle(
        glow, (int(x - 0.2 * PX), int(y - 0.22 * PX)), (w, int(y + 0.22 * PX)), (50, 25, 75), -1
    )
    glow = cv2.GaussianBlur(glow, (0, 0), 6)
    image = draw_board(np.clip(glow + 0.5, 0, 255).astype(np.uint8), PUZZLE, geometry)
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_white_page_in_step_with_the_grid_is_no_column_of_the_board() -> None:
    # A 5x5 board filling its mirror window, an editor's white page beside
    # it: the page's edge fell one pitch from the board's, in step with the
    # grid, and its cells were read as an empty sixth column (a wrong
    # puzzle). No board has one band of cells unlike the rest: the band is
    # left out, and the rest, checked again as a board, is read.
    shot = sample("mirror", 61029)
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
    assert (reading.geometry.rows, reading.geometry.cols) == (5, 5)


@pytest.mark.parametrize("grey", [70, 100])
def test_a_tile_reaching_the_border_band_of_a_small_cell_is_refused(grey: int) -> None:
    # In a 22 px cell a bridge's deck (0.8 of a pitch, anti-aliased) reaches
    # the band just inside the grid lines, as glow does; but glow runs on
    # across the line into the cell beside, where the tile stops.
    px = 22
    geometry = board_geometry(PUZZLE, cell_px=px).shifted(MARGIN, MARGIN)
    image = cv2.copyMakeBorder(
        render_board(PUZZLE, cell_px=px), MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_CONSTANT
    )
    x, y = geometry.centre(Cell(1, 1))
    s = 0.4 * px
    deck = np.array([[x - s, y - s], [x + s, y - s], [x + s, y + s], [x - s, y + s]])
    cv2.fillConvexPoly(image, np.round(deck * 16).astype(np.int32), (grey,) * 3, cv2.LINE_AA, 4)
    with pytest.raises(UnsureReadingError, match=r"cell \(1, 1\) holds something"):
        read_board(image)


def _deck(image: np.ndarray, centre: tuple[float, float], px: float, grey: int) -> None:
    """A bridge's deck: a flat grey square 0.8 of a pitch wide, anti-aliased."""
    x, y = centre
    s = 0.4 * px
    deck = np.array([[x - s, y - s], [x + s, y - s], [x + s, y + s], [x - s, y + s]])
    cv2.fillConvexPoly(image, np.round(deck * 16).astype(np.int32), (grey,) * 3, cv2.LINE_AA, 4)


def test_two_tiles_side_by_side_are_refused() -> None:
    # Each tile's neighbour on one side is the other tile, whose ring has the
    # tile's colour: the cell is unlike all its neighbours but that one.
    image = _board()
    for cell in (Cell(1, 1), Cell(1, 2)):
        _deck(image, _centre(cell), PX, 100)
    with pytest.raises(UnsureReadingError, match=r"cell \(1, [12]\) holds something"):
        read_board(image)


@pytest.mark.parametrize(
    ("cells", "grey"), [((Cell(1, 4), Cell(2, 4)), 100), ((Cell(4, 2), Cell(4, 3)), 70)]
)
def test_two_tiles_side_by_side_in_small_cells_are_refused(
    cells: tuple[Cell, Cell], grey: int
) -> None:
    # flow_bridges 88094 (read as a puzzle): in a 22-24 px cell a deck leaves
    # the ray 2 px of background before the line, so the outline shows on
    # two sides only; but each deck stands 40 Lab from every ring beside it
    # but its twin's, whose core is its own colour: two objects side by side.
    px = 22
    geometry = board_geometry(PUZZLE, cell_px=px).shifted(MARGIN, MARGIN)
    image = cv2.copyMakeBorder(
        render_board(PUZZLE, cell_px=px), MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_CONSTANT
    )
    for cell in cells:
        centre = geometry.centre(cell)
        _deck(image, (centre.x, centre.y), px, grey)
    with pytest.raises(UnsureReadingError, match=r"holds something that is neither"):
        read_board(image)


def test_a_grey_tile_faint_on_coloured_glow_is_refused() -> None:
    # A neutral grey deck (L* 38) on a green glow (L* 32) stands 16.7 Lab
    # from every ring beside it: under the 20 that marks a strong object, but
    # its outline is crisp on all four sides, as no glow's is.
    geometry = board_geometry(PUZZLE, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    image = draw_board(np.full((h, w, 3), (60, 80, 60), np.uint8), PUZZLE, geometry)
    assert read_board(image).puzzle == PUZZLE.canonical()
    centre = geometry.centre(Cell(3, 4))
    _deck(image, (centre.x, centre.y), PX, 90)
    with pytest.raises(UnsureReadingError, match=r"cell \(3, 4\) holds something"):
        read_board(image)


@pytest.mark.parametrize("band", [0.3, 0.6])
def test_a_tile_beside_a_dot_on_a_glow_band_is_refused(band: float) -> None:
    # flow_bridges 87044 (read as a puzzle): a grey deck (L* 29) beside a dot
    # whose cell lies on a soft teal band; that cell's ring is the band's
    # colour, which the deck's left side never reaches (0.68 of the way), so
    # only three of its sides end crisply in what lies beyond. Enough.
    geometry = board_geometry(PUZZLE, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    x = np.arange(w, dtype=np.float32) - (geometry.xs[0] + band * PX)  # under column 0
    glow = np.exp(-(x**2) / (2 * (0.3 * PX) ** 2))[None, :, None] * np.array([20, 60, 60])
    glow = np.repeat(glow, h, axis=0)
    image = draw_board(np.clip(glow + 0.5, 0, 255).astype(np.uint8), PUZZLE, geometry)
    assert read_board(image).puzzle == PUZZLE.canonical()
    centre = geometry.centre(Cell(4, 1))  # beside dot D at (4, 0)
    _deck(image, (centre.x, centre.y), PX, 70)
    with pytest.raises(UnsureReadingError, match=r"cell \(4, 1\) holds something"):
        read_board(image)


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        ("phone_large", 42),  # a glow bar's edge along a cell's side: sharp on one side only
        ("tiny_cells", 50216),  # a glow band across 19 px cells: sharp above and below
        ("jpeg", 75027),  # a dim glow row under thick lines: the rays end in the lines' colour
        ("zoomed", 76001),  # blurred thick lines tint every ring: empty cores unlike them all
    ],
)
def test_glow_sharp_on_some_sides_only_is_no_tile(category: str, seed: int) -> None:
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_an_empty_cell_whose_core_is_its_neighbours_is_no_pair_of_tiles() -> None:
    # zoomed 99274: blurred thick lines tint every ring of the 26 px cells, so
    # the black core of empty cell (0, 6) stands 11-20 Lab from the rings
    # beside it, as a tile beside its twin does; but two empty neighbours'
    # cores are its colour (0.0 and 0.5 Lab), where a tile's only twin's is
    # (flow_bridges 96000-96199: the second nearest core 26.7+ Lab away).
    shot = sample("zoomed", 99274)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(
    ("category", "seed"), [("zoomed", 99446), ("zoomed", 91218), ("zoomed", 93916)]
)
def test_an_empty_cell_among_dots_is_judged_by_the_empty_cells_diagonal_to_it(
    category: str, seed: int
) -> None:
    # zoomed 99446 cell (0, 7), 91218 cells (4, 0) and (8, 0), 93916 cell
    # (0, 0): an empty cell on the board's edge whose neighbours are dots
    # but one at most. In the blurred 24-26 px cells each dot's halo and the
    # thick lines tint their rings, so the black core stands 20.1-24.5 Lab
    # from every ring beside it, as an object does; but the empty cells
    # around it, diagonal ones included, have its core's colour (0.0-0.3
    # Lab), where a bridge's deck in such a cell is 23.5+ Lab from them.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_corner_cell_is_judged_by_its_empty_neighbours_cores() -> None:
    # zoomed 101323 cell (0, 0): both its neighbours are empty, but the thick
    # blurred border tints their rings, so its black core stands 21.2 Lab
    # from every ring beside it, as an object does; their cores are its
    # colour (0.2-0.4 Lab), where a tile's or a bridge deck's is its own.
    shot = sample("zoomed", 101323)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_two_empty_cells_whose_cores_are_the_boards_ground_are_no_pair_of_tiles() -> None:
    # zoomed 84652 cell (6, 11): a corner cell whose one empty neighbour
    # (5, 11) is the only cell near it not a dot. Its rings are tinted by a
    # dot's halo and the thick blurred border, so it stands 26 Lab from all
    # but one of them, with its neighbour's core as its twin, as a bridge's
    # two decks do; but both cores are the board's typical empty core (0.7
    # Lab), where a deck's is its own colour.
    shot = sample("zoomed", 84652)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


#: A board with empty cells among dots: (0, 1) between A, B and C; (5, 0)
#: in a corner beside D, its only other neighbour the empty (5, 1).
AMONG_DOTS = Puzzle.from_grid(["A.B...", ".C..B.", "......", "..C...", "D.....", "....AD"])


#: A corner cell (0, 0) with dots beside it and diagonal to it: no empty cell near; it is
#: judged against the nearest empty cells' ground.
WALLED_BY_DOTS = Puzzle.from_grid([".AB...", "CD....", "......", "..A...", "..B.C.", ".....D"])


@pytest.mark.parametrize("grey", [70, 140])
@pytest.mark.parametrize(
    ("puzzle", "cell", "refusal"),
    [
        (AMONG_DOTS, Cell(0, 1), r"cell \(0, 1\) holds something"),
        # (the lighter tile is also unlike the ground round the dots beside it)
        (WALLED_BY_DOTS, Cell(0, 0), r"cell \(0, 0\) holds something|background"),
    ],
)
def test_a_tile_in_an_empty_cell_among_dots_is_refused(
    puzzle: Puzzle, cell: Cell, refusal: str, grey: int
) -> None:
    geometry = board_geometry(puzzle, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    image = draw_board(np.zeros((h, w, 3), np.uint8), puzzle, geometry)
    assert read_board(image).puzzle == puzzle.canonical()
    centre = geometry.centre(cell)
    _deck(image, (centre.x, centre.y), PX, grey)
    with pytest.raises(UnsureReadingError, match=refusal):
        read_board(image)


def test_two_tiles_in_a_corner_beside_a_dot_are_refused() -> None:
    # (5, 0)'s only empty neighbour is the other tile, its twin; the empty
    # cell diagonal to it shows the background, not the tile's colour.
    geometry = board_geometry(AMONG_DOTS, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    image = draw_board(np.zeros((h, w, 3), np.uint8), AMONG_DOTS, geometry)
    for cell in (Cell(5, 0), Cell(5, 1)):
        centre = geometry.centre(cell)
        _deck(image, (centre.x, centre.y), PX, 100)
    with pytest.raises(UnsureReadingError, match=r"cell \(5, [01]\) holds something"):
        read_board(image)


@pytest.mark.parametrize("tile", [False, True])
def test_a_glow_cloud_wider_than_a_cell_is_no_object(tile: bool) -> None:
    # huge_cells 90192, 93089, 93252: a cloud of glow peaking in an empty
    # cell, wider than the cell, 20-30 Lab from every ring beside it. It
    # fades too little inside the cell to look soft on the rays and too much
    # to run on in its core's colour; but nowhere inside the cell does it
    # change the whole way in fewer than 37 px, and past every line it is
    # still part of the way from the cell's colour: read. A bridge tile on
    # it is refused.
    geometry = board_geometry(PUZZLE, cell_px=80)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    x, y = geometry.centre(Cell(1, 1))
    cloud = np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * 40.0**2))
    glow = cloud[:, :, None] * np.array([88, 88, 0], np.float32)
    image = draw_board(np.clip(glow + 0.5, 0, 255).astype(np.uint8), PUZZLE, geometry)
    if not tile:
        assert read_board(image).puzzle == PUZZLE.canonical()
        return
    corners = (round(x - 32), round(y - 32)), (round(x + 32), round(y + 32))
    cv2.rectangle(image, *corners, (90, 90, 90), -1)
    with pytest.raises(UnsureReadingError, match=r"cell \(1, 1\)"):
        read_board(image)


def _rails(image: np.ndarray, centre: tuple[float, float], px: float, grey: int) -> None:
    """A bridge's upper deck: two thin light rails across the tile, 0.25 pitch off its centre."""
    x, y = centre
    for d in (-0.25 * px, 0.25 * px):
        a, b = (round(x - 0.4 * px), round(y + d)), (round(x + 0.4 * px), round(y + d))
        cv2.line(image, a, b, (grey,) * 3, max(1, round(0.05 * px)), cv2.LINE_AA)


@pytest.mark.parametrize("px", [24, 48])
def test_a_bridge_of_the_grounds_own_grey_is_refused_by_its_rails(px: int) -> None:
    # flow_bridges 97579 and 97587 (read as puzzles): in a mirror window the
    # board's ground is grey, and the tile is that grey too; nothing tells
    # its core or ring from an empty cell's, but its rails, thin sharp lines
    # near the centre, are drawn as no glow is.
    geometry = board_geometry(PUZZLE, cell_px=px)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    image = draw_board(np.full((h, w, 3), 88, np.uint8), PUZZLE, geometry)
    assert read_board(image).puzzle == PUZZLE.canonical()
    centre = geometry.centre(Cell(2, 4))
    _deck(image, (centre.x, centre.y), px, 88)
    assert read_board(image).puzzle == PUZZLE.canonical()  # the ground's own grey: unseen
    _rails(image, (centre.x, centre.y), px, 158)
    with pytest.raises(UnsureReadingError, match=r"cell \(2, 4\) holds something drawn"):
        read_board(image)


def test_soft_glow_across_a_cell_leaves_no_sharp_marks() -> None:
    # The background's glow pipes fade over several pixels: a band across an
    # empty cell, as bright as the rails over its ground, scores a fraction
    # of what two rails score.
    geometry = board_geometry(PUZZLE, cell_px=PX)
    h, w = int(geometry.bottom) + 9, int(geometry.right) + 9
    centre = geometry.centre(Cell(2, 4))
    y = np.arange(h, dtype=np.float32) - centre.y
    band = 40 * np.exp(-(y**2) / (2 * (0.15 * PX) ** 2))
    ground = np.repeat(np.repeat(band[:, None, None], w, axis=1), 3, axis=2) + 20
    image = draw_board(np.clip(ground + 0.5, 0, 255).astype(np.uint8), PUZZLE, geometry)
    glow = sharp_marks(image, geometry)[2, 4]
    _rails(image, (centre.x, centre.y), PX, 100)
    rails = sharp_marks(image, geometry)[2, 4]
    assert glow < SHARP_MARK / 2 < SHARP_MARK * 2 < rails


def test_a_dim_glow_cloud_at_the_image_edge_is_no_object() -> None:
    # crop 98810: a teal cloud peaking in cell (3, 0), at the image's left
    # edge, over a yellow one below: 21+ Lab from every ring beside it and
    # changing too little inside the cell for the rays. It fades the whole
    # way over 15.6 px at its steepest in RGB, where blur mixes pixels
    # linearly; measured in Lab, which stretches the levels just above
    # black, it seemed to do so in 9.4, under a cloud's 12: refused.
    shot = sample("crop", 98810)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize(
    ("category", "seed"),
    [("mirror", 98388), ("drift", 95578), ("crop", 85148), ("huge_cells", 80227)],
)
def test_dim_glow_near_black_is_judged_by_its_outline(category: str, seed: int) -> None:
    # mirror 98388 cell (2, 4): a (47, 3, 0) core in a (16, 2, 0) ring; drift
    # 95578 cell (1, 0): (34, 0, 43) in (33, 2, 26). Near black, Lab turns
    # these few RGB levels of hue into 23-28 from every ring beside them, as
    # strong as a tile; but the cores are L* 4.7-6.0, within 5.6 L* of all
    # those rings, and crisp in colour on 1-2 sides only: glow. So are crop
    # 85148 (7, 2) and huge_cells 80227 (6, 0): L* 14.1 and 9.2, within 10.1
    # and 8.6 L*, crisp on no side.
    shot = sample(category, seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize("rgb", [(0, 0, 60), (20, 0, 60), (35, 0, 43)])
def test_a_dark_tile_near_black_is_refused(rgb: tuple[int, int, int]) -> None:
    # As dim as glow (L* 2.9-4.8 on black) and under the 5 L* step that an
    # outline must show in lightness: its outline is crisp in colour on all
    # four sides.
    image = _board()
    _fill_cell(image, Cell(1, 1), 0.4, rgb)
    with pytest.raises(UnsureReadingError, match=r"cell \(1, 1\) holds something"):
        read_board(image)


def _fading(pitch: float, edge: float, sigma: float, rgb: tuple[int, int, int]) -> np.ndarray:
    """A square image ``2 * pitch`` wide: ``rgb`` above row ``edge``, fading to black below it.

    The fade is a step blurred by a Gaussian of ``sigma`` pixels, as the game's glow is.
    """
    size = int(2 * pitch)
    share = np.array([0.5 * math.erfc((y - edge) / (sigma * math.sqrt(2))) for y in range(size)])
    column = share[:, None] * np.asarray(rgb, np.float64)
    return np.ascontiguousarray(
        np.broadcast_to(np.rint(column)[:, None, :], (size, size, 3)).astype(np.uint8)
    )


@pytest.mark.parametrize("sigma", [3.0, 4.0])
def test_glow_fading_past_the_rays_end_is_soft(sigma: float) -> None:
    # tiny_cells 93742 (2, 14): a glow cloud cut by the crop's corner fades
    # over 7.7-9.2 px in a 20 px cell; its rays end 0.43-0.45 of the way out
    # of its colour, short of half, and counted as neither soft nor sharp:
    # refused as a tile. Judged by what they see (a fade too gentle for an
    # outline's shoulder), they are soft on either side of a tenth of a pixel.
    pitch, rgb = 20.0, (40, 90, 20)
    centre = (pitch - 0.5, pitch - 0.5)
    image = _fading(pitch, centre[1] + 8, sigma, rgb)
    inside, outside = to_lab(np.array(rgb, np.uint8)), to_lab(np.zeros(3, np.uint8))
    assert soft_rays(image, centre, pitch, inside, outside, reach=0.45) >= 2


@pytest.mark.parametrize("edge", [8.0, 10.0])
def test_a_crisp_outline_at_the_rays_end_is_not_soft(edge: float) -> None:
    # The same colour ending in an anti-aliased outline where the rays end,
    # or just past it (the rays see its shoulder only): no fade.
    pitch, rgb = 20.0, (40, 90, 20)
    centre = (pitch - 0.5, pitch - 0.5)
    image = _fading(pitch, centre[1] + edge, 0.7, rgb)
    inside, outside = to_lab(np.array(rgb, np.uint8)), to_lab(np.zeros(3, np.uint8))
    assert soft_rays(image, centre, pitch, inside, outside, reach=0.45) == 0


def test_a_rail_across_a_tile_is_no_fade() -> None:
    # flow_bridges 98179 (1, 9): the diagonal rays from a grey deck's centre
    # cross a lighter rail, a third of the way from the deck's colour by
    # distance, and end on it. Lighter, not towards the black beyond: no fade.
    pitch = 34.0
    image = np.zeros((68, 68, 3), np.uint8)
    image[4:64, 4:64] = 90
    image[42:52, 4:64] = 170
    image = cv2.GaussianBlur(image, (0, 0), 1.5)
    inside, outside = to_lab(np.full(3, 90, np.uint8)), to_lab(np.zeros(3, np.uint8))
    assert soft_rays(image, (33.5, 33.5), pitch, inside, outside, reach=0.44) == 0


def test_a_glow_cloud_cut_by_the_crop_is_no_object() -> None:
    shot = sample("tiny_cells", 93742)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


@pytest.mark.parametrize("dx", [-0.3, 0.0, 0.3])
@pytest.mark.parametrize("dy", [-0.3, 0.0, 0.3])
def test_a_glow_band_in_a_small_window_is_judged_against_the_dots_rims(
    dx: float, dy: float
) -> None:
    # mirror 100187 (3, 0): a dim glow band ends in the cell, its edges
    # 3.4-4.1 px wide in the mirror window, sharp by the 4 px a large screen's
    # outline may take: soft on 0-4 rays as the grid moved a third of a pixel.
    # The dots' rims there are 1.56 px; the band's edges 2.2-2.6 of them, a
    # bridge deck's 1.6 at most.
    shot = sample("mirror", 100187)
    geometry = read_board(shot.image).geometry
    shifted = BoardGeometry(tuple(x + dx for x in geometry.xs), tuple(y + dy for y in geometry.ys))
    samples = sample_cells(shot.image, shifted)
    dots, _ = read_cells(samples, shot.image, shifted, DEFAULT_SETTINGS)
    assert dots == {cell for pair in shot.puzzle.pairs for cell in (pair.a, pair.b)}


def _samples_with_lit_holes(rows: int, cols: int, holes: set[Cell]) -> CellSamples:
    """Cells on black, the ``holes``' rings lit as the outline round a hole lights them."""
    ring = np.zeros((rows, cols, 3))
    for hole in holes:
        ring[hole] = (90.0, 0.0, 0.0)
    return _samples_with_rings(ring)


def _samples_with_rings(ring: np.ndarray) -> CellSamples:
    """Black cells' samples, each ring (and its sectors) of ``ring``'s CIELAB colour."""
    rows, cols = ring.shape[:2]
    return CellSamples(
        core_lab=np.zeros((rows, cols, 3)),
        core_rgb=np.zeros((rows, cols, 3)),
        core_uniformity=np.ones((rows, cols)),
        ring_lab=ring,
        ring_like_core=np.ones((rows, cols)),
        sector_lab=np.repeat(ring[:, :, None, :], 4, axis=2),
        lettered=np.zeros((rows, cols), bool),
    )


def test_a_holes_lit_ring_is_no_ground_a_dot_is_judged_against() -> None:
    # A dot beside two holes and two flow cells on a finished board: the holes'
    # rings take in the outline round them, no ground of the board.
    holes = {Cell(1, 0), Cell(0, 1)}
    samples = _samples_with_lit_holes(4, 4, holes)
    geometry = BoardGeometry(tuple(range(0, 250, 60)), tuple(range(0, 250, 60)))
    image = np.zeros((250, 250, 3), np.uint8)
    dots = {Cell(1, 1), Cell(3, 3)}
    check_background(samples, image, geometry, dots, DEFAULT_SETTINGS, holes=frozenset(holes))
    with pytest.raises(UnsureReadingError, match="background around the dot at cell"):
        check_background(samples, image, geometry, dots, DEFAULT_SETTINGS)


def test_a_pipes_hidden_cells_are_no_ground_a_dot_under_glow_is_judged_against() -> None:
    # A started walled board (synthetic walls drift started): a dot under a glow
    # patch, beside one empty cell of that glow, a dot and two cells drawn pipes
    # cover, hidden as the board's typical black ground. The glow beside it is
    # the ground it is judged against; without the pipes, two black cells beside
    # it outvote the glow, and the dot's ground is unlike its neighbours'.
    glow = (34.0, -12.0, 30.0)
    rows = cols = 4
    ring = np.zeros((rows, cols, 3))
    ring[1, 1] = ring[1, 0] = glow
    samples = _samples_with_rings(ring)
    geometry = BoardGeometry(tuple(range(0, 250, 60)), tuple(range(0, 250, 60)))
    image = np.zeros((250, 250, 3), np.uint8)
    dots = {Cell(1, 1), Cell(0, 1), Cell(3, 3)}
    piped = frozenset({Cell(2, 1), Cell(1, 2), Cell(0, 2), Cell(0, 3)})
    check_background(samples, image, geometry, dots, DEFAULT_SETTINGS, piped=piped)
    with pytest.raises(UnsureReadingError, match="background around the dot at cell"):
        check_background(samples, image, geometry, dots, DEFAULT_SETTINGS)


@pytest.mark.parametrize(
    ("category", "seed", "variant"), [("crop", 400016, "classic"), ("drift", 3800000, "walls")]
)
def test_a_started_board_with_a_dot_under_glow_among_pipes_is_read(
    category: str, seed: int, variant: str
) -> None:
    # A dot under glow beside empty cells of that glow and pipes' cells (classic
    # crop 400016 started: the dot at (8, 5); walls drift 3800000 started, a spent
    # held-out seed, a tight crop: the dot at (2, 2) beside one empty cell and two
    # pipes' cells). Both refused as "background unlike its neighbours'" before.
    shot = sample(category, seed, variant, "started")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.as_drawn().canonical()


def test_an_empty_cell_among_flows_cells_is_judged_by_the_nearest_ground(
    reads_exactly: ReadsExactly,
) -> None:
    # Bridges drift 7900000 started (a development seed, session 58): a black empty cell
    # whose neighbours and diagonal cells are all flows' tinted cells, a bridge or a dot,
    # 33.9 Lab from the board's typical empty core (lit purple over the board's upper
    # half) and 4.0 from an empty cell three steps off: refused as an object before.
    reads_exactly("drift", 7900000, "bridges", "started")
