"""Dark flows on black through JPEG: what one pixel per point leaves in doubt, patches judge.

A dark flow stands 11-21 Lab from the game's black ground, and one pixel's JPEG
noise is half that: a disc test, a band's sides or a dot's rim judged pixel by pixel
refused boards (``benchmarks/vision_dark_flows.py``). These are the renders it
refused, each read now, and the cases the second look must still refuse.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.models import Cell
from flowbot.render import board_geometry
from flowbot.vision import UnsureBoardError, _pipes, read_board
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import to_lab
from flowbot.vision._discs import _crisp_rim_at, crisp_rim
from flowbot.vision._faint_pipes import FAINTER
from flowbot.vision._pipes import (
    DISC,
    NO_DISC,
    _disc_in_patches,
    band_links,
    disc_share,
    dot_at_end,
)
from flowbot.vision._rays import SOFT_LIGHTNESS
from flowbot.vision._types import Settings
from tests.vision.test_faint_pipes import _dark_jpeg

FAINT = Settings().pipe_contrast * FAINTER
LEFT, UP = np.pi, -np.pi / 2


@pytest.mark.parametrize(
    ("seed", "rgb", "cell_px", "whole"),
    [
        (100001, (25, 0, 25), 30, True),  # a noisy point by a bend
        (100003, (35, 0, 0), 30, True),  # a dot's rim blurred at two of 9 angles
        (100007, (25, 0, 25), 30, True),  # a tenth of a dot's pixels past halfway
        (102, (25, 0, 25), 30, True),  # JPEG's spread beside a band, nearer the ground
        (300006, (25, 0, 25), 30, False),  # both: a blurred dot, the spread by its pipe
        (300006, (25, 0, 25), 30, True),
        (100005, (30, 0, 30), 30, False),  # the lone dot's twin a little above empty
        (1, (25, 0, 25), 45, True),
        (1, (25, 0, 25), 45, False),
        (100014, (0, 20, 40), 30, True),  # a corner dot's hue shifted in JPEG's blocks
    ],
)
def test_dark_flows_refused_for_one_pixels_doubt_are_read(
    seed: int, rgb: tuple[int, int, int], cell_px: int, whole: bool
) -> None:
    # Each was refused through JPEG 60 (dark flows benchmark, development seeds).
    image, puzzle, covered = _dark_jpeg(seed, rgb, cell_px, 60, whole)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def _cells(seed: int, rgb: tuple[int, int, int], whole: bool, cell_px: int = 30):
    image, puzzle, _ = _dark_jpeg(seed, rgb, cell_px, 60, whole)
    geometry = board_geometry(puzzle, cell_px=cell_px)
    return image, geometry, sample_cells(image, geometry)


def test_a_noisy_point_by_a_bend_leaves_it_a_pipes_cell_by_patches() -> None:
    # The bend at (3, 5) (links left and up): one pixel of five angles clear of them
    # lay nearer the flow than the ground (share 0.2: "cannot tell a dot from a pipe");
    # by patches none does, and no dot's rim shows.
    image, geometry, samples = _cells(100001, (25, 0, 25), True)
    bend, lab = Cell(3, 5), samples.core_lab[Cell(3, 5)]
    kw = {"core": samples.core_lab[bend], "ground": samples.ring_lab[bend]}
    assert NO_DISC < disc_share(image, geometry, bend, [LEFT, UP], lab, **kw) < DISC
    assert disc_share(image, geometry, bend, [LEFT, UP], lab, patches=True, **kw) <= NO_DISC
    assert _disc_in_patches(image, geometry, samples, bend, towards=[LEFT, UP], lab=lab) <= NO_DISC
    assert not dot_at_end(image, geometry, samples, bend, towards=[LEFT, UP], labs=[lab])


def test_a_blurred_dot_is_a_dot_by_its_rim() -> None:
    # The dot at (4, 2), its link left: JPEG's blur reaches 0.26 pitch from its centre
    # at two of 9 angles (share 0.78); its rim, measured ring by ring, is a dot's.
    image, geometry, samples = _cells(100003, (35, 0, 0), True)
    dot, lab = Cell(4, 2), samples.core_lab[Cell(4, 2)]
    kw = {"core": samples.core_lab[dot], "ground": samples.ring_lab[dot]}
    assert NO_DISC < disc_share(image, geometry, dot, [LEFT], lab, **kw) < DISC
    assert _disc_in_patches(image, geometry, samples, dot, towards=[LEFT], lab=lab) == 1.0
    assert dot_at_end(image, geometry, samples, dot, towards=[LEFT], labs=[lab])


def test_a_pipes_loose_end_shows_no_dots_rim() -> None:
    # The started flow's end at (2, 1) (its link left, to its dot at (2, 0)): as wide
    # as its band, no dot's rim, however its patches are judged.
    image, geometry, samples = _cells(300006, (25, 0, 25), False)
    end = Cell(2, 1)
    lab = samples.core_lab[Cell(2, 0)]
    centre = geometry.centre(end)
    assert not crisp_rim(
        image,
        (centre.x, centre.y),
        geometry.cell_size,
        lab,
        samples.ring_lab[end],
        pipes=(LEFT,),
        denoised=True,
    )
    assert _disc_in_patches(image, geometry, samples, end, towards=[LEFT], lab=lab) < DISC


def test_a_dark_dots_rim_is_judged_in_median_filtered_pixels_too() -> None:
    # The dot at (4, 2): 0.898 of its disc's pixels on its side of halfway, 0.9 asked
    # (JPEG's noise, 12 Lab from black): no crisp rim pixel by pixel; median-filtered,
    # one.
    image, geometry, samples = _cells(100007, (25, 0, 25), True)
    dot = Cell(4, 2)
    centre = geometry.centre(dot)
    args = (image, (centre.x, centre.y), geometry.cell_size)
    colours = (samples.core_lab[dot], samples.ring_lab[dot])
    assert not crisp_rim(*args, *colours, pipes=(LEFT,))
    assert crisp_rim(*args, *colours, pipes=(LEFT,), denoised=True)


def test_glow_is_no_crisp_rim_median_filtered() -> None:
    # A soft disc of the dark colour (a Gaussian of 4 px: glow) on black: a median keeps
    # its fade as soft.
    canvas = np.zeros((60, 60, 3), np.uint8)
    cv2.circle(canvas, (30, 30), 10, (25, 0, 25), -1, cv2.LINE_AA)
    glow = cv2.GaussianBlur(canvas, (0, 0), 4)
    lab = np.array([2.0, 10.0, -7.0])
    for image in (canvas, glow):
        ok, buf = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, 60])
        assert ok
        image[:] = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1]
    inside, outside = to_lab(canvas[30:31, 30:31])[0, 0], to_lab(canvas[2:3, 2:3])[0, 0]
    assert float(np.linalg.norm(inside - lab)) < 10
    assert crisp_rim(canvas, (30.0, 30.0), 30.0, inside, outside, pipes=(), denoised=True)
    assert not crisp_rim(glow, (30.0, 30.0), 30.0, inside, outside, pipes=(), denoised=True)


def test_a_dark_dots_rim_is_judged_by_places_between_its_colour_and_the_ground() -> None:
    # The dot at (5, 0), in the board's corner, its link right along the bottom row: JPEG
    # keeps its colour in 16 px blocks, the white lines' ringing in them, and a sixth
    # of its disc's pixels lay half its 12 Lab step from the core's colour, filtered or
    # not (0.85 of them, 0.9 asked), yet all nearer it than the ground: a crisp rim by
    # places between the two, the flow drawn (its band's lower edge blurred as glow's).
    image, geometry, samples = _cells(100014, (0, 20, 40), True)
    dot = Cell(5, 0)
    centre = geometry.centre(dot)
    args = (image, (centre.x, centre.y), geometry.cell_size)
    inside, outside = samples.core_lab[dot], samples.ring_lab[dot]
    assert abs(float(inside[0] - outside[0])) < SOFT_LIGHTNESS
    right = 0.0
    assert not _crisp_rim_at(*args, inside, outside, pipes=(right,), denoised=False)
    assert not _crisp_rim_at(*args, inside, outside, pipes=(right,), denoised=True)
    assert _crisp_rim_at(*args, inside, outside, pipes=(right,), denoised=True, between=True)
    assert crisp_rim(*args, inside, outside, pipes=(right,), denoised=True)
    assert not crisp_rim(*args, inside, outside, pipes=(right,))


def test_a_pipes_loose_end_shows_no_dots_rim_by_places_either() -> None:
    # The started flow's end at (2, 1) as above, judged by places between its colour
    # and the ground: as wide as its band, no dot's rim.
    image, geometry, samples = _cells(300006, (25, 0, 25), False)
    end = Cell(2, 1)
    centre = geometry.centre(end)
    lab = samples.core_lab[Cell(2, 0)]
    args = (image, (centre.x, centre.y), geometry.cell_size, lab, samples.ring_lab[end])
    assert not _crisp_rim_at(*args, pipes=(LEFT,), denoised=True, between=True)


def test_glow_is_no_crisp_rim_by_places_either() -> None:
    # A soft disc of a dark colour (a Gaussian of 4 px) on black through JPEG 60, judged
    # by places between its colour and black: as soft.
    canvas = np.zeros((60, 60, 3), np.uint8)
    cv2.circle(canvas, (30, 30), 10, (0, 20, 40), -1, cv2.LINE_AA)
    glow = cv2.GaussianBlur(canvas, (0, 0), 4)
    ok, buf = cv2.imencode(".jpg", glow[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    glow = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].copy()
    inside = to_lab(np.array([[[0, 20, 40]]], np.uint8))[0, 0]
    outside = to_lab(glow[2:3, 2:3])[0, 0]
    args = (glow, (30.0, 30.0), 30.0, inside, outside)
    assert not _crisp_rim_at(*args, pipes=(), denoised=True, between=True)
    assert not crisp_rim(*args, pipes=(), denoised=True)


def test_jpegs_spread_beside_a_faint_band_nearer_the_ground_is_the_ground() -> None:
    # The straight dark flow along row 2: beside (2, 2)-(2, 3) one pixel lay 8.1 Lab from
    # the band (9 needed at half the pipe contrast), over a patch 8.7, yet twice as near
    # the ground (4.0): the links were lost and the flow refused. By patches against the
    # cells' rings, the ground.
    image, _, _ = _cells(102, (25, 0, 25), True)
    geometry = read_board(image).geometry  # as the reader places the lines
    samples = sample_cells(image, geometry)
    link = (Cell(2, 2), 0)
    assert link not in band_links(image, geometry, samples, FAINT)
    assert link in band_links(image, geometry, samples, FAINT, into_dots=True)


def test_a_band_as_wide_as_its_colour_beside_is_still_no_link() -> None:
    # The same link with the dark colour painted 0.35 pitch either side of its run (a
    # band wider than a pipe, glow along it): near the band by patches, no ground.
    image, _, _ = _cells(102, (25, 0, 25), True)
    geometry = read_board(image).geometry
    a, b = geometry.centre(Cell(2, 2)), geometry.centre(Cell(2, 3))
    half = round(0.36 * geometry.cell_size)
    wide = image.copy()
    wide[round(a.y) - half : round(a.y) + half + 1, round(a.x) : round(b.x) + 1] = image[
        round(a.y), round((a.x + b.x) / 2)
    ]
    samples = sample_cells(wide, geometry)
    assert (Cell(2, 2), 0) not in band_links(wide, geometry, samples, FAINT, into_dots=True)


def test_a_tint_between_two_pipes_is_no_band_as_near_its_ring() -> None:
    # Between the blue flow's two runs along rows 2 and 3 lies their dark blue tint,
    # its cells' ring's colour: a "band" along it from (2, 1) to (3, 1), one colour, was
    # beside it twice as near the ring as the band (both the tint): taken for the ground
    # beside a band, pipes met at (2, 1), the dark flow's faint read refused and the
    # board with it. The ground is judged so only beside a band standing from the ring.
    image, puzzle, covered = _dark_jpeg(300015, (25, 0, 25), 45, 60, False)
    geometry = board_geometry(puzzle, cell_px=45)
    samples = sample_cells(image, geometry)
    links = band_links(
        image, geometry, samples, FAINT, either=True, alike=_pipes.BAND_NEAR, into_dots=True
    )
    assert (Cell(2, 1), 1) not in links
    assert (Cell(2, 2), 1) not in links
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def test_a_cell_in_doubt_is_a_pipes_dots_twin_only_when_alone() -> None:
    # The started flow's lone dot's twin at (1, 0) stands out more than an empty cell,
    # with no crisp disc (its colour spread over 4 px): the twin, the game drawing each
    # colour's two dots. Copied into the empty cell (1, 4) too: which is the twin?
    image, puzzle, _ = _dark_jpeg(100005, (30, 0, 30), 30, 60, False)
    geometry = board_geometry(puzzle, cell_px=30)
    a, b = geometry.centre(Cell(1, 0)), geometry.centre(Cell(1, 4))
    h = int(0.45 * geometry.cell_size)
    twice = image.copy()
    twice[int(b.y) - h : int(b.y) + h, int(b.x) - h : int(b.x) + h] = image[
        int(a.y) - h : int(a.y) + h, int(a.x) - h : int(a.x) + h
    ]
    with pytest.raises(UnsureBoardError):
        read_board(twice)
