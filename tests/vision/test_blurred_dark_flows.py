"""Dark flows on black in small cells through a blur and strong JPEG: read, or refused.

A blur (a phone's camera or scaler, 1.2 px) and JPEG 50-40 in 24 px cells soften every
drawn edge: the bright flows' colour edges take 4.4 px, as long as a dark flow's, past
the sharp image's BAND_EDGE_PX 4 that tells a pipe from glow. Judged by that, a dark flow
read whole at half the pipe contrast passed for glow and was dropped, its cells read
empty (a wrong puzzle); judged by the image's own pipes' edges it is read. A dark flow too
faint for its band to be found at all leaves its two dots as faint cells of one colour on
the black ground, no crisp disc, a pipe running out of them: in doubt, not read empty.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.render import board_geometry
from flowbot.screens.synthetic import sample
from flowbot.vision import UnsureBoardError, read_board
from flowbot.vision._cell_dots import _blurred_pairs, _in_cloud
from flowbot.vision._cell_pipes import BAND_EDGE_PX
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._faint_pipes import (
    DRAWN_SHARE,
    WIDEST,
    colour_outline_px,
    drawn_share,
    pipes_edge_px,
)
from flowbot.vision._types import Settings
from tests.vision.test_faint_pipes import _dark_jpeg

BLUR, CELL_PX = 1.2, 24


@pytest.mark.parametrize(
    ("seed", "rgb", "quality", "flow"),
    [
        (300000, (25, 0, 25), 50, ((0, 0), (0, 1), (0, 2))),
        (300003, (25, 0, 25), 50, ((5, 3), (5, 4), (5, 5))),
    ],
)
def test_a_dark_flow_as_sharp_as_the_images_pipes_is_read(
    seed: int, rgb: tuple[int, int, int], quality: int, flow: tuple[tuple[int, int], ...]
) -> None:
    # Read as the others' glow before: its pair left out, a wrong puzzle.
    image, puzzle, covered = _dark_jpeg(seed, rgb, CELL_PX, quality, True, blur=BLUR)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
    geometry = reading.geometry
    assert isinstance(geometry, BoardGeometry)
    cells = tuple(Cell(*c) for c in flow)
    assert drawn_share(image, geometry, cells) < DRAWN_SHARE  # by the sharp image's edge
    outline = colour_outline_px(image, geometry, sample_cells(image, geometry), 30.0)
    assert outline > BAND_EDGE_PX
    assert drawn_share(image, geometry, cells, colour_outline=outline) >= DRAWN_SHARE


def test_a_sharp_images_pipes_keep_the_sharp_edge() -> None:
    # Lossless, unblurred: the bright flows' edges within a pixel or two; glow is judged
    # against BAND_EDGE_PX as before.
    image, puzzle, _ = _dark_jpeg(300000, (25, 0, 25), 45, 95, True)
    geometry = board_geometry(puzzle, cell_px=45)
    samples = sample_cells(image, geometry)
    assert pipes_edge_px(image, geometry, samples, 30.0) * 1.3 < BAND_EDGE_PX
    assert colour_outline_px(image, geometry, samples, 30.0) == BAND_EDGE_PX


def test_no_pipes_to_measure_keep_the_sharp_edge() -> None:
    image, puzzle, _ = _dark_jpeg(300000, (25, 0, 25), CELL_PX, 50, True, blur=BLUR)
    geometry = board_geometry(puzzle, cell_px=CELL_PX)
    samples = sample_cells(image, geometry)
    # Every cell's sectors its ring's: no band stands out anywhere.
    hidden = replace(samples, sector_lab=np.repeat(samples.ring_lab[:, :, None, :], 4, axis=2))
    assert np.isnan(pipes_edge_px(image, geometry, hidden, 30.0))
    assert colour_outline_px(image, geometry, hidden, 30.0) == BAND_EDGE_PX


def test_a_started_dark_flow_as_sharp_as_the_images_pipes_is_refused_unread() -> None:
    # Its dot's disc in doubt, the flow not read (read empty before: a wrong puzzle); its
    # band, no softer than the image's pipes, is drawn (the faint-pipe rule's look).
    image, puzzle, _ = _dark_jpeg(300002, (25, 0, 25), CELL_PX, 50, False, blur=BLUR)
    with pytest.raises(UnsureBoardError, match=r"cell \(2, 3\)"):
        read_board(image)
    geometry = board_geometry(puzzle, cell_px=CELL_PX)
    assert isinstance(geometry, BoardGeometry)
    link = (Cell(2, 3), Cell(2, 4))
    outline = colour_outline_px(image, geometry, sample_cells(image, geometry), 30.0)
    assert drawn_share(image, geometry, link, widest=WIDEST) < DRAWN_SHARE
    assert drawn_share(image, geometry, link, widest=WIDEST, colour_outline=outline) >= DRAWN_SHARE


@pytest.mark.parametrize(
    ("seed", "rgb", "quality", "whole", "dots", "read"),
    [
        (300000, (35, 0, 0), 40, True, ((0, 0), (0, 2)), True),
        (300002, (25, 0, 25), 40, False, ((2, 3), (3, 0)), False),
        (300003, (0, 20, 40), 50, True, ((5, 3), (5, 5)), False),
    ],
)
def test_a_dark_flow_too_faint_for_its_band_is_refused_at_its_dots(
    seed: int,
    rgb: tuple[int, int, int],
    quality: int,
    *,
    whole: bool,
    dots: tuple[tuple[int, int], ...],
    read: bool,
) -> None:
    # 11 Lab from black along its band, 13-15 at its dots: no band at half the pipe
    # contrast, its dots no crisp or flat discs (read empty before: a wrong puzzle).
    # A finished one (``read``) whose band shows sharp at the faintest look, ending in
    # crisp dots, is read there with its pipe (``_pipes_through.FAINTEST``).
    image, puzzle, covered = _dark_jpeg(seed, rgb, CELL_PX, quality, whole, blur=BLUR)
    if read:
        reading = read_board(image)
        assert reading.puzzle == puzzle.canonical()
        assert set(reading.pipes) == covered
    else:
        with pytest.raises(UnsureBoardError, match="cannot tell whether cell"):
            read_board(image)
    geometry = board_geometry(puzzle, cell_px=CELL_PX)
    samples = sample_cells(image, geometry)
    contrast, faint, hole = _faint_cells(samples)
    pairs = _blurred_pairs(samples, contrast, faint, set(), hole, image=image, geometry=geometry)
    assert {Cell(*d) for d in dots} <= set(pairs)


def test_glow_is_no_pair() -> None:
    image, puzzle, _ = _dark_jpeg(300000, (35, 0, 0), CELL_PX, 40, True, blur=BLUR)
    geometry = board_geometry(puzzle, cell_px=CELL_PX)
    samples = sample_cells(image, geometry)
    contrast, faint, hole = _faint_cells(samples)

    def pairs(samples: CellSamples, contrast: np.ndarray) -> list[Cell]:
        return _blurred_pairs(samples, contrast, faint, set(), hole, image=image, geometry=geometry)

    one, two = Cell(0, 0), Cell(0, 2)
    assert {one, two} <= set(pairs(samples, contrast))
    # A shaft across the first (its colour on both sides of its ring): no dot's end.
    sectors = samples.sector_lab.copy()
    sectors[one][0] = sectors[one][2] = samples.core_lab[one]
    crossed = replace(samples, sector_lab=sectors)
    assert two not in pairs(crossed, contrast)
    # Glow lifting the first's ring off black: its twin alone, no pair.
    rings = samples.ring_lab.copy()
    rings[one] = samples.core_lab[one] * 0.6
    lit = replace(samples, ring_lab=rings)
    assert two not in pairs(lit, contrast)
    # The ground lifted as far in every cell (glow over the board): its noise.
    lifted = np.maximum(contrast, contrast[one] / 2 + 1.0)
    assert pairs(samples, lifted) == []


def test_a_dark_dot_among_bright_pipes_in_small_cells_is_darker_than_its_ring() -> None:
    # Why a blurred pair is not told from a tint by lightness: a dark dot lifts its core
    # over the black ground, yet in 20 px cells blurred 1.2 px the lines and the bright
    # pipes beside it lift its ring more (core 2.5 L*, ring 3.7), as the lines' blur and
    # glow lift a hue-only tint's (synthetic bridges tiny cells, 18.9 px: 0.1-0.7 darker).
    # Read by "a core no lighter than its ring is a tint", its colour was left out.
    image, puzzle, _ = _dark_jpeg(4400011, (25, 0, 25), 20, 40, False, blur=BLUR)
    samples = sample_cells(image, board_geometry(puzzle, cell_px=20))
    dot = Cell(2, 5)
    assert dot in {p.a for p in puzzle.pairs} | {p.b for p in puzzle.pairs}
    assert samples.core_lab[dot][0] < samples.ring_lab[dot][0]
    try:
        reading = read_board(image)
    except UnsureBoardError:
        return  # refused: right too
    assert reading.puzzle == puzzle.canonical()


def test_empty_cells_tinted_by_a_glow_cloud_in_tiny_cells_are_no_pair() -> None:
    # A purple glow cloud over 18.9 px cells: JPEG tints each ring with the green lines'
    # hue, leaving three empty cells' cores 6-8 Lab off their rings in hue alone, their
    # rings near black, as a pair of blurred dark dots stands: refused before.
    shot = sample("tiny_cells", 4600005, "bridges", "unsolved")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_glow_clouds_cell_is_one_with_the_cells_beside_it_a_dark_dot_is_not() -> None:
    shot = sample("tiny_cells", 4600005, "bridges", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    samples = sample_cells(shot.image, geometry)
    dots = {p.a for p in shot.puzzle.pairs} | {p.b for p in shot.puzzle.pairs}
    hole = np.zeros(samples.core_lab.shape[:2], bool)
    tinted = (Cell(11, 8), Cell(15, 9), Cell(17, 8))
    for cell in tinted:
        other = next(t for t in tinted if t != cell)
        assert cell not in dots
        assert _in_cloud(
            cell, other, samples.core_lab, dots, hole, image=shot.image, geometry=geometry
        )
    # A dark dot among bright pipes, its core darker than its ring as the tint's: it
    # stands 10+ Lab from the ground beside it, and its pipe is drawn over the line.
    image, puzzle, _ = _dark_jpeg(4400011, (25, 0, 25), 20, 40, False, blur=BLUR)
    samples = sample_cells(image, board_geometry(puzzle, cell_px=20))
    first, twin = Cell(2, 0), Cell(2, 5)
    bright = {p.a for p in puzzle.pairs} | {p.b for p in puzzle.pairs}
    hole = np.zeros(samples.core_lab.shape[:2], bool)
    geometry = board_geometry(puzzle, cell_px=20)
    for cell, other in ((first, twin), (twin, first)):
        assert not _in_cloud(
            cell,
            other,
            samples.core_lab,
            bright - {first, twin},
            hole,
            image=image,
            geometry=geometry,
        )


def _faint_cells(samples: CellSamples) -> tuple[np.ndarray, list[Cell], np.ndarray]:
    """Each cell's contrast (the bright flows' cells 0: the pipe stage hides them from the
    dot reader), the cells between the faint and the empty contrast, no holes."""
    settings = Settings()
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    contrast = np.where(contrast > settings.dot_contrast, 0.0, contrast)
    faint = [
        Cell(int(r), int(c))
        for r, c in np.argwhere(
            (contrast >= settings.faint_contrast) & (contrast <= settings.empty_contrast)
        )
    ]
    return contrast, faint, np.zeros(contrast.shape, bool)


def test_the_border_beside_a_black_row_among_tints_is_drawn() -> None:
    # A blur mixes the thin border with the ground either side: beside the dark flow's
    # black row it is 21 Lab from the lines' median (taken beside the flows' tints), 2.4
    # from the row's own inner lines. Refused before as a shaped board's gap.
    image, puzzle, covered = _dark_jpeg(300001, (25, 0, 25), CELL_PX, 50, False, blur=BLUR)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
