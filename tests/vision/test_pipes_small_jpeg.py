"""Pipes in small cells through JPEG: a pipe's end in blocky colour, a band broken by ground.

JPEG keeps the lightness at full resolution and the colour at half, in 16 px
blocks: in a 12.7 px cell a pipe's round end at the centre takes in the colour
of the cells round it, its lightness its own. And between a small black cell's
centre and a dot beside it, black, a grid line and the dot's blurred rim made
a median the black lay within the ringing's allowance of: a "faint band" whose
first third showed the ground across its whole width.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.palette import GAME_COLOURS
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._pipes import (
    _ALONG,
    ACROSS_IN,
    DISC,
    NEAR,
    NO_DISC,
    _broken,
    disc_share,
    shows_a_link,
)


def _lab(rgb: tuple[int, int, int]) -> np.ndarray:
    return to_lab(np.array([[rgb]], np.uint8))[0, 0].astype(float)


def test_a_pipes_end_in_jpegs_colour_blocks_shows_its_link() -> None:
    # Mirror 300054 started: an orange pipe's end at (1, 9), its centre 18 Lab off
    # its run (a* 22 against 41), its lightness 1.4 L* off, 73 Lab from the ring.
    centre = np.array([[67.4, 22.3, 71.5]])
    link = np.array([[66.0, 40.6, 72.7]])
    ring = np.array([15.7, 16.5, 20.6])
    assert float(delta_e(centre[0], link[0])) > NEAR  # the old rule's refusal
    assert shows_a_link(centre, link, ring)


def test_a_centre_of_another_colour_shows_no_link() -> None:
    # The game's colours of one lightness lie 33 Lab apart and more: purple and navy
    # 0.8 L* apart; a centre darker than the link (the ground in it) neither.
    colours = {c.name: _lab(c.rgb) for c in GAME_COLOURS}
    ground = np.zeros(3)
    purple, navy = colours["purple"], colours["navy"]
    assert not shows_a_link(purple[None], navy[None], ground)
    dimmed = colours["orange"] * np.array([0.6, 1.0, 1.0])
    assert not shows_a_link(dimmed[None], colours["orange"][None], ground)


def _segment(places: list[np.ndarray]) -> np.ndarray:
    """Samples along one segment (``_ALONG`` places, ``ACROSS_IN`` each) of colours
    ``places``, as ``_band_samples`` gives them: ``(1, 27, 3)``."""
    assert len(places) == len(_ALONG)
    return np.repeat(np.stack(places), len(ACROSS_IN), axis=0)[None]


def test_a_band_showing_the_ground_across_it_is_broken() -> None:
    # Mirror 300054 started, (9, 2) to the purple dot at (9, 3): black for a third of
    # the way, the line, black, the dot's blurred rim; its median 18 Lab from black.
    black, line = np.array([0.8, 3.5, 0.0]), np.array([25.0, 23.0, -10.0])
    rim, dark_rim = np.array([25.0, 44.0, -25.0]), np.array([9.0, 31.0, -16.0])
    mixed = np.array([4.5, 20.0, -7.0])
    places = [black, black, black, np.array([12.0, 18.0, -5.0]), line, mixed, mixed]
    lab_in = _segment([*places, dark_rim, rim])
    beside = np.array([[[0.4, -0.8, 0.6], [1.5, -2.3, 2.2], [0.7, 3.5, -0.5], [0.9, 4.1, 0.6]]])
    band = np.median(lab_in, axis=1)
    assert _broken(lab_in, beside, band)[0]


def test_a_faint_dark_band_over_black_is_whole() -> None:
    # A dark flow 12 Lab from black, JPEG's noise 5 Lab about it: no place along it
    # shows the ground across its width, however noisy.
    rng = np.random.default_rng(0)
    flow = np.array([8.0, 6.0, -7.0])
    lab_in = flow + rng.normal(0, 5 / np.sqrt(3), (1, len(_ALONG) * len(ACROSS_IN), 3))
    beside = np.zeros((1, 4, 3))
    assert not _broken(lab_in, beside, np.median(lab_in, axis=1))[0]


def test_a_started_board_of_small_cells_through_jpeg_is_read() -> None:
    # Mirror 300054 started (12.7 px cells, JPEG 76): the orange pipe's end, and the
    # black cell beside a purple dot, no longer refuse the board.
    shot = sample("mirror", 300054, state="started")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def _jpeg_cell(dot: bool) -> tuple[np.ndarray, BoardGeometry]:
    # One 20 px cell on black, a pipe coming in from below (half-width 0.16 pitch)
    # to a dark red dot (radius 0.3 pitch) or to its own round end; scaled down as a
    # mirror window is (blur) and through JPEG at quality 40, whose colour is kept
    # in blocks at half resolution: the dot's colour 0.26 pitch out takes in the
    # ground's (its disc shown at 4 of 9 angles by colour), its lightness stays.
    geometry = BoardGeometry.uniform(left=20, top=20, width=20, height=20, rows=1, cols=1)
    image = np.zeros((60, 60, 3), np.uint8)
    red = (150, 40, 40)
    cv2.rectangle(image, (27, 30), (33, 59), red, -1)
    cv2.circle(image, (30, 30), 6 if dot else 3, red, -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 0.7)
    _, data = cv2.imencode(".jpg", image[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 40])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)[..., ::-1].copy(), geometry


def test_a_small_dots_disc_shows_by_its_lightness_inside_a_crisp_rim() -> None:
    # Classic mirror 3600004 started (held-out seeds of session 34): a dark red dot
    # in a 19.8 px cell, its colour 0.26 pitch out 12-24 Lab off its own (JPEG took
    # in the ground's colour there), its lightness within 5 L*: "cannot tell a dot
    # from a pipe". The board is read.
    shot = sample("mirror", 3600004, "classic", "started")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_inside_a_crisp_rim_a_dots_lightness_shows_its_disc_and_a_pipes_end_shows_none() -> None:
    lab = _lab((150, 40, 40))
    ground = np.zeros(3)
    cell = Cell(0, 0)
    down = [np.pi / 2]
    dot, geometry = _jpeg_cell(dot=True)
    end, _ = _jpeg_cell(dot=False)
    shares = {
        name: disc_share(image, geometry, cell, down, lab, ground=ground, rimmed=True)
        for name, image in (("dot", dot), ("end", end))
    }
    assert shares["dot"] >= DISC
    assert shares["end"] <= NO_DISC
