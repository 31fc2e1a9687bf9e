"""A faint glow band's soft edges stay soft through the ground's noise.

A faint band's step (9 L* over a dark ground) is a few levels of 8-bit RGB:
one point's rounding moves its place between band and ground an eighth of the
way between two points half a pixel apart, as fast as a pipe's edge. An edge
is sharp when it rises most of the way within ``BAND_EDGE_PX``, not at one
step between two points (``_rays._rises_within``).
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cell_dots import _one_patch, _one_shaft
from flowbot.vision._faint_pipes import DRAWN_SHARE, WIDEST, drawn_share
from flowbot.vision._rays import _rises_within
from tests.vision.conftest import ReadsExactly


def test_a_bridge_board_with_a_faint_glow_band_across_its_cells_reads_exactly() -> None:
    # The background's faint pipe, 0.4 pitch wide in 98 px cells, its edges over 10 px.
    shot = sample("crop", 100267, "bridges", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


def test_the_glow_band_is_judged_soft_its_noise_no_edge() -> None:
    shot = sample("crop", 100267, "bridges", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    flow = (Cell(2, 1), Cell(2, 2))
    assert drawn_share(shot.image, geometry, flow, widest=WIDEST) < DRAWN_SHARE


def test_an_edge_rising_within_the_outline_is_sharp_and_noise_on_a_ramp_is_not() -> None:
    points = np.arange(60) * 0.5  # px along a ray
    edge = np.clip((points - 10) / 2.5, 0, 1)  # the whole way in 2.5 px
    ramp = np.clip((points - 5) / 12, 0, 1)  # glow: the whole way in 12 px
    noisy = ramp + np.where(np.arange(60) % 7 == 3, 0.16, 0.0)  # a level's jump here and there
    rises = _rises_within(np.stack([edge, ramp, noisy]), 4.0)
    assert rises.tolist() == [True, False, False]


def test_a_glow_shaft_ends_are_no_pair_of_blurred_dots() -> None:
    # A faint glow shaft across three cells of a row: its two rounded ends look like
    # two blurred dots of one colour, but the cell between stands out as much as they
    # do (a dot's pipe thins between its dots).
    shot = sample("huge_cells", 4000001, "warps", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_blurred_ends_of_a_thinner_band_stay_in_doubt() -> None:
    core = np.full((1, 3, 3), 8.0)
    contrast = np.array([[13.0, 8.5, 14.0]])  # dots 13-14 off their rings, their pipe 8.5
    sides = np.zeros((1, 3, 4), bool)
    sides[0, 1] = [True, False, True, False]  # crossed left to right
    a, b = Cell(0, 0), Cell(0, 2)
    rings = {"dots": set(), "sector": np.zeros((1, 3, 4, 3)), "ring": np.zeros((1, 3, 3))}
    assert not _one_shaft(a, b, contrast, core, sides, **rings)
    contrast[0, 1] = 13.5  # as strong as its ends: one shaft
    assert _one_shaft(a, b, contrast, core, sides, **rings)
    sides[0, 1] = [True, False, False, False]  # not crossed: an end of its own
    assert not _one_shaft(a, b, contrast, core, sides, **rings)


def test_a_shaft_runs_behind_a_dot_showing_past_it_on_both_sides() -> None:
    # Ends at columns 0 and 3, a dot at column 1, a crossed cell at column 2.
    core = np.full((1, 4, 3), 8.0)
    core[0, 1] = (40.0, 60.0, -90.0)  # the dot's colour
    contrast = np.array([[13.0, 120.0, 13.0, 13.0]])
    sides = np.zeros((1, 4, 4), bool)
    sides[0, 2] = [True, False, True, False]
    sector = np.zeros((1, 4, 4, 3))
    ring = np.zeros((1, 4, 3))
    a, b = Cell(0, 0), Cell(0, 3)
    shaft = {"dots": {Cell(0, 1)}, "sector": sector, "ring": ring}
    assert not _one_shaft(a, b, contrast, core, sides, **shaft)  # bare past the dot: a pipe stops
    sector[0, 1, [0, 2]] = 8.0  # the shaft's colour right and left of the dot
    assert _one_shaft(a, b, contrast, core, sides, **shaft)
    ring[0, 1] = 8.0  # a band as wide as the dot's ring lifts it: seen off the ends' ground
    assert _one_shaft(a, b, contrast, core, sides, **shaft)
    ring[0, 1] = 0.0
    sector[0, 1, 2] = 0.0  # on one side only
    assert not _one_shaft(a, b, contrast, core, sides, **shaft)
    # Only dots between, the band showing past each on both sides: one shaft behind them
    # (a pipe stops at a dot; synthetic holes crop 10000001 unsolved, one dot between).
    sector[0, 1, [0, 2]] = 8.0
    only_dots = {"dots": {Cell(0, 1), Cell(0, 2)}, "sector": sector, "ring": ring}
    assert not _one_shaft(a, b, contrast, core, sides, **only_dots)  # bare past the second
    sector[0, 2, [0, 2]] = 8.0
    assert _one_shaft(a, b, contrast, core, sides, **only_dots)


def test_a_shaft_wider_than_the_ring_lights_the_cells_between_whole() -> None:
    # Ends at columns 0 and 3 on black rings; the cells between lit whole, rings too: they
    # stand out from the ends' ground, not from their own rings.
    colour = np.array([10.0, 4.0, 6.0])
    core = np.zeros((1, 4, 3))
    core[0, [0, 3]] = colour
    core[0, [1, 2]] = 1.6 * colour  # the shaft's middle brighter than its soft ends
    ring = core.copy()
    ring[0, [0, 3]] = 0.0
    sector = np.repeat(ring[:, :, None, :], 4, axis=2)
    contrast = np.array([[12.0, 0.5, 0.5, 12.0]])
    sides = np.zeros((1, 4, 4), bool)
    a, b = Cell(0, 0), Cell(0, 3)
    lit = {"dots": set(), "sector": sector, "ring": ring}
    assert _one_shaft(a, b, contrast, core, sides, **lit)
    sector[0, 2, 0] = 0.0  # dark on the way out: the band stops there
    assert not _one_shaft(a, b, contrast, core, sides, **lit)
    sector[0, 2, 0] = 1.6 * colour
    core[0, 1] = sector[0, 1] = 0.5 * colour  # dimmer than its ends: a pipe thins there
    assert not _one_shaft(a, b, contrast, core, sides, **lit)
    core[0, 1] = sector[0, 1] = (16.0, -12.0, -10.0)  # as strong, another hue
    assert not _one_shaft(a, b, contrast, core, sides, **lit)


def test_a_wide_glow_shaft_ends_are_no_pair_of_blurred_dots(reads_exactly: ReadsExactly) -> None:
    # A shaft down column 2 of 66 px cells, wider than their rings: its rounded ends in
    # cells (1, 2) and (11, 2) looked like a dark pair of blurred dots, refused.
    reads_exactly("drift", 9400001, "walls", "unsolved")


@pytest.mark.parametrize(
    ("category", "seed", "variant"),
    [
        # A purple shaft down column 0 of 152 px cells, behind a blue dot: its rounded
        # ends in cells (1, 0) and (4, 0).
        ("huge_cells", 6400005, "bridges"),
        # A green shaft down column 1 of 57 px cells behind a green dot, the dot alone
        # between its ends in cells (3, 1) and (5, 1).
        ("crop", 10000001, "holes"),
        # A green shaft down column 2 behind a red dot, lifting its ring too.
        ("colour_blind", 9900000, "holes"),
    ],
)
def test_a_glow_shaft_behind_a_dot_is_no_pair_of_blurred_dots(
    reads_exactly: ReadsExactly, category: str, seed: int, variant: str
) -> None:
    # The shaft's ends looked like a dark pair of blurred dots: refused before.
    reads_exactly(category, seed, variant, "unsolved")


def _board_with_patch(*, over_lines: bool) -> tuple[np.ndarray, BoardGeometry]:
    """A 4x3 board of 45 px cells on black, grey lines, and a soft orange patch across the
    edge between cells (1, 1) and (2, 1): under the lines (glow) or over them (a pipe)."""
    pitch, n_rows, n_cols = 45, 4, 3
    image = np.zeros((n_rows * pitch + 1, n_cols * pitch + 1, 3), np.float32)
    lines = np.zeros(image.shape[:2], bool)
    lines[::pitch, :] = True
    lines[:, ::pitch] = True
    yy, xx = np.mgrid[0 : image.shape[0], 0 : image.shape[1]].astype(np.float32)
    soft = np.exp(-(((xx - 1.5 * pitch) / 16) ** 2 + ((yy - 2 * pitch) / 26) ** 2))
    orange = np.array([40.0, 22.0, 0.0])
    if over_lines:  # laid over them, hiding them where it is whole
        image[lines] = 90.0
        image = image * (1 - soft[:, :, None]) + soft[:, :, None] * orange
    else:
        image += soft[:, :, None] * orange
        image[lines] = 90.0
    geometry = BoardGeometry(
        xs=tuple(float(x) for x in range(0, n_cols * pitch + 1, pitch)),
        ys=tuple(float(y) for y in range(0, n_rows * pitch + 1, pitch)),
    )
    return np.clip(image + 0.5, 0, 255).astype(np.uint8), geometry


def test_one_patch_of_glow_under_the_line_between_two_cells_is_no_pair() -> None:
    # A glow shaft's soft end across two cells of a column (holes desktop_app 4600004):
    # the grid line crosses it, as the game draws its lines over its glow.
    a, b = Cell(1, 1), Cell(2, 1)
    sides = np.zeros((4, 3, 4), bool)
    sides[a] = [False, True, False, False]  # a's ring shows the colour downwards
    sides[b] = [False, False, False, True]  # b's upwards
    image, geometry = _board_with_patch(over_lines=False)
    assert _one_patch(a, b, sides, image, geometry)
    # The same colour drawn over the line is a pipe joining two dots: a pair in doubt.
    image, geometry = _board_with_patch(over_lines=True)
    assert not _one_patch(a, b, sides, image, geometry)
    # Two dots apart leave their rings between them bare.
    image, geometry = _board_with_patch(over_lines=False)
    sides[b] = False
    assert not _one_patch(a, b, sides, image, geometry)


def test_glow_round_a_dot_is_no_flow_at_the_faintest_look(reads_exactly: ReadsExactly) -> None:
    # 19 px cells: a glow cloud beside a dot stands 9-12 Lab from the ground, read as a
    # dot with a pipe into the next cell at the faintest look; its edges fade over
    # 3.4-3.9 px, under ``BAND_EDGE_PX`` but softer than the image's pipes (2.0 px).
    reads_exactly("tiny_cells", 6593003, "classic", "started")
