"""A hexagonal board's outline cut by the image's edge: read where only the outline is cut,
even with a dot's cap a pixel or two past it in small hexagons or flows' tints under it;
refused where a hexagon of the board lies past the edge (a protrusion whose only trace is
the thin line cut, or a flow's band running out through it)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Reading, Shape, Solution
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import LineMap
from flowbot.vision._hex_coverage import _line_coloured
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``tests/vision/conftest.py``).
ReadsExactly = Callable[[str, int, str, str], Reading]

# Small hexagons, lines a pixel wide and an outline two wide, dots of 0.4 pitch: the
# dot in the top cell (1, 3) lies a pixel or two below its top side.
_PITCH, _RADIUS = 19.0, 0.4
_TOP = Cell(1, 3)


def _puzzle(*, protruding: bool) -> Puzzle:
    # Row 0 is holes but for the hexagon above the top cell (1, 3) when ``protruding``.
    holes = {Cell(0, c) for c in range(9)} - ({Cell(0, 3)} if protruding else set())
    pairs = (
        Pair("A", _TOP, Cell(6, 6)),
        Pair("B", Cell(1, 5), Cell(8, 0)),
        Pair("C", Cell(1, 1), Cell(5, 2)),
        Pair("D", Cell(2, 7), Cell(7, 4)),
        Pair("E", Cell(4, 0), Cell(3, 8)),
    )
    return Puzzle(9, 9, pairs, shape=Shape.HEX, holes=frozenset(holes))


def _cut_at_top_side(puzzle: Puzzle, past: float) -> np.ndarray:
    """``puzzle`` drawn, the image's top edge ``past`` px below the top side of (1, 3)."""
    geometry = HexGeometry.regular(left=40, top=40, pitch=_PITCH, rows=9, cols=9)
    canvas = np.zeros((260, 230, 3), np.uint8)
    image = draw_board(canvas, puzzle, geometry, style=RenderStyle(dot_radius=_RADIUS))
    side = geometry.centre(_TOP).y - geometry.row_step / 2
    return np.ascontiguousarray(image[round(side + past + 0.5) :])


@pytest.mark.parametrize("past", [-0.3, -0.1])
def test_an_outline_cut_by_the_image_edge_over_a_dot_is_read(past: float) -> None:
    # The square top-hat found the line's own soft edge for the ground over the dot's
    # cap, and a straight base up to the cap took the rest: the cut outline read thin.
    image = _cut_at_top_side(_puzzle(protruding=False), past)
    truth = _puzzle(protruding=False).as_drawn().canonical()
    assert read_board(image).puzzle.canonical() == truth


@pytest.mark.parametrize("past", [-0.3, -0.1, 0.1])
def test_a_hexagon_past_the_image_edge_above_a_cut_thin_line_is_refused(past: float) -> None:
    # The hexagon above (1, 3) lies past the edge; only its bottom line, thin, is cut.
    with pytest.raises(UnsureReadingError, match="past the board's outline"):
        read_board(_cut_at_top_side(_puzzle(protruding=True), past))


@pytest.mark.parametrize("seed", [300015, 300176])
def test_tight_crops_of_tiny_hexagons_are_read_exactly(seed: int) -> None:
    # Development seeds: the outline cut at the top, dots under it.
    shot = sample("tiny_cells", seed, variant="hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_the_ground_by_the_edge_is_found_past_a_dot_cap() -> None:
    # A line along the top row, a dot's cap from the third row on: the ground under
    # the line is the dark ground beside the cap, not the line's own soft edge.
    gray = np.zeros((40, 60), np.uint8)
    gray[0, :] = 116
    gray[1, :] = 27
    # (the cap's soft edge, 7 px, wider than the top-hat's square: 5 px at this pitch)
    gray[2, 27:34] = 100
    gray[3:16, 22:39] = 250
    plain = LineMap(gray, _PITCH, 10.0)
    cut = LineMap(gray, _PITCH, 10.0, cut_ground=True)
    assert plain.ground[0, 30] == 27
    assert cut.ground[0, 30] == 0
    assert cut.ground[20, 30] == plain.ground[20, 30]


@pytest.mark.parametrize("past", [0.1, 0.3])
def test_a_hexagon_past_the_image_edge_is_refused_when_its_line_is_cut_deep_under_jpeg(
    past: float,
) -> None:
    # A tiny-cells board (development seed) whose row 0 is holes but the hexagon above
    # the dot at (1, 3), the image cut at that hexagon's bottom line, JPEG'd. Cut deep,
    # the thin line leaves next to nothing (0.05 px against the cut outline's 0.53):
    # JPEG's ringing and the dot's cap by the edge (0.17 px) passed for the outline's
    # share of it on the log scale.
    shot = sample("tiny_cells", 300031, variant="hex")
    truth, geometry = shot.puzzle, shot.geometry
    holes = set(truth.holes) | {Cell(0, c) for c in range(truth.cols)}
    holes -= {Cell(0, 3), Cell(1, 3)}
    pairs = [p for p in truth.pairs if not {p.a, p.b} & (holes | {Cell(1, 3)})]
    far = next(
        Cell(r, c)
        for r in range(truth.rows - 1, 1, -1)
        for c in range(truth.cols)
        if Cell(r, c) not in holes and all(Cell(r, c) not in (p.a, p.b) for p in pairs)
    )
    puzzle = Puzzle(
        truth.rows,
        truth.cols,
        (*pairs, Pair("z", Cell(1, 3), far)),
        shape=Shape.HEX,
        holes=frozenset(holes),
    )
    pitch = geometry.row_step
    canvas = np.full((int(geometry.origin.y + (truth.rows + 1) * pitch), 300, 3), 10, np.uint8)
    style = RenderStyle(line_colour=(120, 110, 90), line_width=1 / pitch, dot_radius=0.4)
    image = draw_board(canvas, puzzle, geometry, style=style)
    side = geometry.centre(Cell(1, 3)).y - pitch / 2
    image = np.ascontiguousarray(image[round(side + past + 0.5) :])
    _, encoded = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, 70])
    decoded = np.ascontiguousarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR)[:, :, ::-1])
    # (refused: JPEG's blur may leave the walls' widths in no clear groups first)
    with pytest.raises(UnsureReadingError):
        read_board(decoded)


@pytest.mark.parametrize(("category", "seed"), [("tiny_cells", 300012), ("crop", 300019)])
def test_a_tight_crop_places_the_lattice_on_the_lines_seen_whole(category: str, seed: int) -> None:
    # A line the image's edge cuts weighs its part inside alone, off its middle: fitted
    # with the rest it squeezed the rows together, the cut outline then a fifth thinner
    # than the lattice said it shows (cell centres 0.0014-0.0025 pitch off; 0.0003 fitted
    # to the whole lines alone).
    shot = sample(category, seed, "hex")
    reading = read_board(shot.image)
    truth, read = shot.geometry, reading.geometry
    assert isinstance(truth, HexGeometry)
    assert isinstance(read, HexGeometry)
    corners = [Cell(0, 0), Cell(truth.rows - 1, truth.cols - 1)]
    off = max(
        np.hypot(truth.centre(c).x - read.centre(c).x, truth.centre(c).y - read.centre(c).y)
        for c in corners
    )
    assert off < 0.001 * truth.cell_size


@pytest.mark.parametrize(
    ("category", "seed"), [("tiny_cells", 300012), ("crop", 300019), ("jpeg", 300022)]
)
def test_solved_boards_in_tight_crops_are_read_exactly(
    category: str, seed: int, reads_exactly: ReadsExactly
) -> None:
    # The cut outline measured as a fifth thinner than the lattice fitted to the cut
    # lines too said it shows, read as a thin line: "the hexagons go on past the outline".
    reading = reads_exactly(category, seed, "hex", "solved")
    assert ALREADY_SOLVED in reading.notes


@pytest.mark.parametrize(
    ("seed", "state"), [(300014, "solved"), (300011, "solved"), (300015, "started")]
)
def test_tight_crops_of_tiny_hexagons_with_pipes_are_read_exactly(
    seed: int, state: str, reads_exactly: ReadsExactly
) -> None:
    # Development seeds: the outline cut at the top over flows' tints. The colour's
    # shares measured the cut outline a fifth to a half short of what the lattice said it
    # shows ("the hexagons go on past the board's outline"); measured as without pipes,
    # in each side's clearest channel with the ground by the edge found, it reads whole.
    reads_exactly("tiny_cells", seed, "hex", state)


@pytest.mark.parametrize("seed", [300017, 300035])
def test_cut_sides_are_judged_where_the_leads_clear_groups_place_the_boundary(
    seed: int, reads_exactly: ReadsExactly
) -> None:
    # Development seeds, solved tight crops: the cut sides' own measure fell in no clear
    # groups (gaps 0.13-0.31), its widest gap 0.77-0.90 of the way from thin to the
    # outline; outline sides by the image's edge at 0.74-0.79 of it were refused ("the
    # hexagons go on past the board's outline"). The lead's clear groups place it
    # 0.5-0.6 of the way.
    reads_exactly("tiny_cells", seed, "hex", "solved")


def _flow_out_of_the_image(past: float, *, up: bool) -> np.ndarray:
    """The protruding board with a few flows started, the top cell's flow running up into
    the hexagon above it (``up``) or down; the image cut ``past`` px below the top side
    of (1, 3)."""
    puzzle = _puzzle(protruding=True)
    top = (_TOP, Cell(0, 3)) if up else (_TOP, Cell(2, 3), Cell(3, 3))
    paths = (
        top,
        (Cell(1, 5), Cell(2, 5), Cell(3, 5)),
        (Cell(1, 1), Cell(2, 1), Cell(3, 1)),
        (Cell(2, 7), Cell(3, 7)),
        (Cell(4, 0), Cell(5, 0)),
    )
    geometry = HexGeometry.regular(left=40, top=40, pitch=_PITCH, rows=9, cols=9)
    canvas = np.zeros((260, 230, 3), np.uint8)
    style = RenderStyle(dot_radius=_RADIUS)
    image = draw_board(canvas, puzzle, geometry, Solution(puzzle, paths), style=style)
    side = geometry.centre(_TOP).y - geometry.row_step / 2
    return np.ascontiguousarray(image[round(side + past + 0.5) :])


@pytest.mark.parametrize("up", [True, False])
@pytest.mark.parametrize("past", [-2.0, -0.3, -0.1, 0.1])
def test_a_hexagon_past_the_image_edge_is_refused_with_flows_drawn(past: float, up: bool) -> None:
    # The top cell's flow runs out of the image through the cut thin line above it (or
    # away from it): a single channel measured the flow's band there as a wide outline
    # (read as a board without the hexagon past the edge); the band is no line of the
    # lines' colour. Two pixels inside the edge, the line is whole, the hexagon past it
    # cut, but the edge within the widths' reach: judged as cut, alike.
    with pytest.raises(UnsureReadingError, match="past the board's outline"):
        read_board(_flow_out_of_the_image(past, up=up))


def test_a_flows_band_is_not_the_lines_colour() -> None:
    # Across a cut side: the image's edge (nothing past it), then a step of the lines'
    # colour, or of a blue flow's band running on into the cell; the lines greenish grey.
    offsets = np.arange(-4.0, 4.25, 0.5)
    colour = np.array([66.0, 107.0, 65.0])
    nothing = np.zeros(3)
    inside = offsets >= 0
    line = np.where(inside[:, None], np.where(offsets[:, None] <= 1.0, colour, 0.0), nothing)
    grounds_line = np.array([nothing, np.zeros(3)])
    band = np.where(inside[:, None], np.array([234.0, 51.0, 35.0]), nothing)
    band[offsets == -0.5] = [122.0, 27.0, 18.0]
    grounds_band = np.array([nothing, [234.0, 51.0, 35.0]])
    assert _line_coloured(line, offsets, grounds_line, colour)
    assert not _line_coloured(band, offsets, grounds_band, colour)


def test_a_cut_side_over_a_tint_is_measured_in_the_luma_under_jpeg(
    reads_exactly: ReadsExactly,
) -> None:
    # Development seed, a solved tight crop through JPEG: the cut top outline over a yellow
    # dot's tint showed a pixel inside the edge, its colour halved with its face's; blue
    # cleared the face 3.06 times as much as the luma and measured it 0.71 px against a
    # thin line's 0.66 ("the hexagons go on past the board's outline"); the luma 1.21.
    reads_exactly("tiny_cells", 300001, "hex", "solved")
