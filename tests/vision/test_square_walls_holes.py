"""Square boards with walls and holes refused on development seeds (session 28, issue #26).

Each synthetic shot was refused before the mechanism named beside it; each
mechanism has a small test of its own below.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cells import sample_cells
from flowbot.vision._outline_edges import EdgeKinds
from flowbot.vision._outlined import _bright_by_dots, _square
from flowbot.vision._pipes_through import holes_on_ground, see_pipes_through


@pytest.mark.parametrize(
    ("variant", "category", "seed", "why"),
    [
        ("walls", "zoomed", 100007, "the ground between two holes read as a dark flow"),
        ("walls", "tiny_cells", 140038, "dots beside a frame cut by the image's edge dim it"),
        ("holes", "tiny_cells", 300029, "dots beside a frame cut by the image's edge dim it"),
        ("holes", "zoomed", 300026, "a page's text read as a board of oblong cells first"),
        ("holes", "zoomed", 310026, "a corner cell's two outline sides' tails read as a mark"),
    ],
)
def test_boards_read_exactly(variant: str, category: str, seed: int, why: str) -> None:
    shot = sample(category, seed, variant)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical(), why


def _two_holes(pitch: int = 24, size: int = 6) -> tuple[np.ndarray, BoardGeometry, int]:
    """A board of ``size`` x ``size`` cells, cells (2, 2) and (2, 3) a hole outlined all
    round, no line between them, blurred so that the outline lights their rings."""
    image = np.zeros((200, 200, 3), np.uint8)
    at = [20 + pitch * k for k in range(size + 1)]
    for a in at:
        image[at[0] : at[-1] + 1, a] = (60, 60, 90)
        image[a, at[0] : at[-1] + 1] = (60, 60, 90)
    x0, x1, y0, y1 = at[2], at[4], at[2], at[3]
    image[y0 : y1 + 1, x0 : x1 + 1] = 0
    half, outline = 2, (170, 180, 250)
    image[y0 - half : y0 + half + 1, x0 - half : x1 + half + 1] = outline
    image[y1 - half : y1 + half + 1, x0 - half : x1 + half + 1] = outline
    image[y0 - half : y1 + half + 1, x0 - half : x0 + half + 1] = outline
    image[y0 - half : y1 + half + 1, x1 - half : x1 + half + 1] = outline
    image = cv2.GaussianBlur(image, (0, 0), 2.0)
    geometry = BoardGeometry(tuple(float(x) for x in at), tuple(float(y) for y in at))
    return image, geometry, (y0 + y1) // 2


HOLES = frozenset({Cell(2, 2), Cell(2, 3)})


def test_the_ground_between_two_holes_is_no_flow() -> None:
    image, geometry, _ = _two_holes()
    samples = sample_cells(image, geometry)
    assert see_pipes_through(image, geometry, samples, 30.0, holes=HOLES).flows == ()


def test_a_flow_drawn_through_holes_is_still_read_there() -> None:
    # (and refused by the feature rules: no flow runs through a hole)
    image, geometry, y = _two_holes()
    at = geometry.xs
    colour = (230, 120, 30)
    cv2.line(image, (round(at[1] + 12), y), (round(at[4] + 12), y), colour, 8)
    for c in (1, 4):
        cv2.circle(image, (round(at[c] + 12), y), 8, colour, -1)
    samples = sample_cells(image, geometry)
    pipes = see_pipes_through(image, geometry, samples, 30.0, holes=HOLES)
    assert pipes.touched >= HOLES


def _peak_levels(line: float, outline: float) -> EdgeKinds:
    empty = np.zeros((0, 0))
    return EdgeKinds(empty, empty, None, (1.2, 2.0, 2.6), (line, outline))  # type: ignore[arg-type]


def test_a_cut_side_dimmed_by_dots_beside_it_shows_the_outline() -> None:
    kinds = _peak_levels(1.88, 2.35)
    side = np.array([2.35] * 10 + [2.22, 2.22])
    assert _bright_by_dots(kinds, side).all()
    # A line's sliver, dots beside it or not; a side dim all along; past the outline.
    assert not _bright_by_dots(kinds, np.array([1.88] * 10 + [1.7, 1.7])).any()
    assert not _bright_by_dots(kinds, np.array([2.2] * 12)).any()
    assert not _bright_by_dots(kinds, np.array([2.35] * 10 + [2.6, 2.1]))[10:].any()


def test_a_lattice_of_oblong_cells_is_no_board() -> None:
    def lattice(across: float, down: float) -> BoardGeometry:
        return BoardGeometry(
            tuple(10 + across * k for k in range(9)), tuple(20 + down * k for k in range(18))
        )

    assert _square(lattice(34.45, 34.46))
    # A page's text: its letters' strokes one way, its line spacing the other.
    assert not _square(lattice(27.84, 26.0))


def test_holes_rings_are_the_empty_cells_ground_and_as_sampled_on_a_finished_board() -> None:
    image, geometry, _ = _two_holes()
    samples = sample_cells(image, geometry)
    assert samples.ring_lab[2, 2, 0] > 20  # the outline lights the hole's ring
    grounded = holes_on_ground(samples, HOLES)
    assert grounded.ring_lab[2, 2, 0] < 5  # the ground, as the empty cells show it
    assert np.array_equal(grounded.ring_lab[0, 0], samples.ring_lab[0, 0])
    # No empty cell (a finished board, its rings its flows' tints): left as sampled.
    covered = dataclasses.replace(samples, core_lab=samples.core_lab + 40)
    assert np.array_equal(holes_on_ground(covered, HOLES).ring_lab, covered.ring_lab)
