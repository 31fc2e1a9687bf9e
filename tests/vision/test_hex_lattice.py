"""Finding a hexagonal board's lattice: wherever its origin lies, told from a lattice of
twice its pitch, and its lines looked for in their own colour where glow hides them (the
lattice itself too, where the brightest channel shows none), and thin lines at a large pitch
repeating once widened by a pixel, and a small board's lines repeating once its speckle is
left out."""

from __future__ import annotations

import contextlib
import math

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_inside as hex_inside
from flowbot.vision import _hex_lattice as hex_lattice
from flowbot.vision import read_board
from flowbot.vision._colour import brightest_channel
from flowbot.vision._dots_apart import board_dot_sets
from flowbot.vision._hex_board import HexSides, LineMap, found_hexagons, placed_board
from flowbot.vision._hex_channel import line_channel
from flowbot.vision._hex_inside import EMPTY
from flowbot.vision._hex_lattice import (
    HexLattice,
    _pitches,
    find_hex_lattices,
    lattices_in,
    line_map,
    straight_runs,
    widened,
)
from flowbot.vision._hex_pipes import Crossings
from flowbot.vision._hex_reader import _other_than, read_hex
from flowbot.vision._types import DEFAULT_SETTINGS
from tests.vision.conftest import ReadsExactly

PUZZLE = Puzzle(
    6,
    6,
    (
        Pair("A", Cell(0, 1), Cell(3, 2)),
        Pair("B", Cell(1, 0), Cell(5, 0)),
        Pair("C", Cell(0, 4), Cell(4, 4)),
    ),
    shape=Shape.HEX,
).canonical()
PITCH = 60.0
LINES = (40, 170, 60)  # green lines, as a pack draws them


def _board(ground: np.ndarray | None = None) -> tuple[np.ndarray, HexGeometry]:
    geometry = HexGeometry.regular(left=100, top=90, pitch=PITCH, rows=6, cols=6)
    image = np.zeros((560, 540, 3), np.uint8) if ground is None else ground
    style = RenderStyle(line_colour=LINES)
    return draw_board(image, PUZZLE, geometry, style=style, fill_background=False), geometry


def _lattice(geometry: HexGeometry, j: int = 0, k: int = 0) -> HexLattice:
    """The board's lattice with its origin at column ``j``, half-row ``k`` of the board."""
    x, y = geometry.centre(Cell(0, 0))
    return HexLattice(
        x + j * geometry.col_step, y + k * geometry.row_step / 2, geometry.col_step, PITCH
    )


def _placed(gray: np.ndarray, lattice: HexLattice):  # type: ignore[no-untyped-def]
    found = found_hexagons(gray, lattice, 10)
    assert found
    return placed_board(found[0], lambda piece: True)


def test_every_hexagon_is_found_wherever_the_lattices_origin_lies() -> None:
    # A lattice found around the board's dots has its origin inside the board:
    # the rows above and the columns left of it are the board's too.
    image, geometry = _board()
    gray = brightest_channel(image)
    at_corner = _placed(gray, _lattice(geometry))
    at_bottom = _placed(gray, _lattice(geometry, j=4, k=10))
    assert len(at_corner.cells) == 36
    assert len(at_bottom.cells) == 36


def test_a_lattice_of_twice_the_pitch_holds_lines_inside_its_hexagons() -> None:
    image, geometry = _board()
    gray = brightest_channel(image)
    EMPTY.check(_placed(gray, _lattice(geometry)))
    x, y = geometry.centre(Cell(2, 2))
    double = HexLattice(x, y, 2 * geometry.col_step, 2 * PITCH)
    over_board = frozenset((j, k) for j in (-1, 0, 1) for k in range(-2, 3) if (j + k) % 2 == 0)
    with pytest.raises(UnsureReadingError, match="hold lines inside"):
        EMPTY.check(HexSides(LineMap(gray, 2 * PITCH, 10), double, over_board))


def test_lines_under_glow_of_another_hue_are_looked_for_in_their_own_channel() -> None:
    plain, geometry = _board()
    assert line_channel(plain, _placed(brightest_channel(plain), _lattice(geometry))) is None
    # An orange band behind the board's middle rows, as bright as the lines
    # in the brightest channel: there they show in green alone.
    ground = np.zeros((560, 540, 3), np.uint8)
    ground[230:330] = (175, 90, 10)
    glowing, _ = _board(ground)
    placed = _placed(brightest_channel(glowing), _lattice(geometry))
    channel = line_channel(glowing, placed)
    assert channel is not None
    assert np.array_equal(channel, glowing[..., 1])


def test_a_board_under_glow_brighter_than_its_lines_is_found_in_their_own_channel() -> None:
    # A yellow glow behind the whole board, brighter than the green lines in the
    # brightest channel (red 190 against the lines' green 170): no lattice there,
    # but the lines stand out in green and blue, where the board is found and read.
    ground = np.zeros((560, 540, 3), np.uint8)
    ground[:] = (190, 150, 40)
    image, _ = _board(ground)
    settings = DEFAULT_SETTINGS
    brightest = brightest_channel(image)
    lattices = find_hex_lattices(image, settings.work_size, settings.line_contrast, 60)
    assert not any(found_hexagons(brightest, lattice, 10) for lattice in lattices)
    assert read_board(image).puzzle == PUZZLE


def test_a_lattice_seen_only_in_one_colour_channel_is_found_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A finished board mirrored small among a desktop's windows, a magenta shaft
    # of glow over it: around its flows the lattice repeats in green alone (on the
    # line map as drawn: widened, the brightest's repeats too, weakly).
    monkeypatch.setattr(hex_lattice, "widened", lambda lines: lines)
    shot = sample("mirror", 300012, variant="hex", state="solved")
    truth = shot.geometry
    x, y = truth.centre(Cell(0, 0))
    board = HexLattice(x, y, truth.col_step, truth.row_step)
    settings = DEFAULT_SETTINGS

    def found(gray: np.ndarray | None) -> bool:
        lattices = find_hex_lattices(
            shot.image, settings.work_size, settings.line_contrast, 60, flows=True, gray=gray
        )
        return any(
            abs(lattice.row_step - board.row_step) < 0.02 * board.row_step for lattice in lattices
        )

    assert not found(None)
    assert found(shot.image[..., 1])
    # The reader looks there once the brightest channel shows no board: the board's
    # hexagons are found (read, or doubted for their walls: not "no board").
    with contextlib.suppress(UnsureReadingError):
        assert read_hex(shot.image, settings) is not None


def test_colour_channels_are_looked_in_only_where_they_show_what_the_brightest_does_not() -> None:
    # A grey page's channels are its brightest: nothing new to look for there. Under a
    # yellow glow, green and blue stand well below the brightest (red).
    grey, _ = _board(np.full((560, 540, 3), 30, np.uint8))
    grey[...] = grey.max(axis=2, keepdims=True)
    assert _other_than(brightest_channel(grey), grey, 10, 60) == []
    ground = np.zeros((560, 540, 3), np.uint8)
    ground[:] = (190, 150, 40)
    glowing, _ = _board(ground)
    others = _other_than(brightest_channel(glowing), glowing, 10, 60)
    for i in (1, 2):
        assert any(np.array_equal(c, glowing[..., i]) for c in others)


def test_thin_lines_at_a_large_pitch_repeat_once_widened_by_a_pixel() -> None:
    # A finished board at a 96 px pitch on a 2048 px phone screen, no dots apart and its
    # flows touching: only the whole screen is looked at, shrunk 3 times, its 1 dp lines
    # a pixel wide there. Their repeat measured on the map is weak (under MIN_REPEAT);
    # widened a pixel either side, it is the lattice's, and the board reads.
    shot = sample("preview", 300029, variant="hex", state="solved")
    pitch = shot.geometry.row_step
    settings = DEFAULT_SETTINGS
    gray = brightest_channel(shot.image)
    f = 3
    small = cv2.resize(gray, (gray.shape[1] // f, gray.shape[0] // f), interpolation=cv2.INTER_AREA)
    lines = line_map(small, settings.line_contrast)
    assert not any(abs(p * f - pitch) < 0.05 * pitch for p in _pitches(lines))
    assert any(abs(p * f - pitch) < 0.05 * pitch for p in _pitches(widened(lines)))
    found = lattices_in(gray, settings.work_size, settings.line_contrast)
    assert any(abs(lattice.row_step - pitch) < 0.05 * pitch for lattice in found)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_small_boards_lines_repeat_once_the_speckle_beside_them_is_left_out(
    reads_exactly: ReadsExactly,
) -> None:
    # A finished 5x6 board 195 px wide (a held-out seed of session 56): JPEG's ringing in
    # its pipes and tints lights up as speckle in the line map, a quarter of its pixels,
    # and glow hides the lines under it. Neither the map nor its widened copy repeats at
    # the pitch (MIN_REPEAT); its straight runs alone do, and the board reads exactly.
    shot = sample("colour_blind", 8000003, variant="hex", state="solved")
    pitch = shot.geometry.row_step
    settings = DEFAULT_SETTINGS
    gray = brightest_channel(shot.image)
    assert max(gray.shape) <= settings.work_size  # the map is the full-resolution one
    lines = line_map(gray, settings.line_contrast)
    assert not _pitches(lines)
    assert not _pitches(widened(lines))
    assert any(abs(p - pitch) < 0.05 * pitch for p in _pitches(straight_runs(lines)))
    assert not list(lattices_in(gray, settings.work_size, settings.line_contrast))
    reads_exactly("colour_blind", 8000003, "hex", "solved")


@pytest.mark.parametrize("seed", [300011, 300012])
def test_clutter_closed_onto_a_finished_boards_outline_is_not_what_its_lattice_is_judged_by(
    seed: int,
) -> None:
    # A finished board's pipes cross every hexagon of it: the one hexagon left unpiped
    # is clutter its outline closes past it (a window's text beside the board: 300011 a
    # side of no ink, 300012 on a white page), lit all round. Judged alone, the board's
    # own lattice was passed over ("cells too small" or "lines too faint" the answer);
    # without it (as the reader leaves it out of the board), the lattice passes, and
    # the board reads exactly.
    shot = sample("jpeg", seed, variant="hex", state="solved")
    truth = shot.geometry
    x, y = truth.centre(Cell(0, 0))
    board = HexLattice(x, y, truth.col_step, truth.row_step)
    settings = DEFAULT_SETTINGS
    crossings = Crossings(shot.image, settings.pipe_contrast)
    gray = brightest_channel(shot.image)
    piece = found_hexagons(gray, board, settings.line_contrast, crossings)[0]
    piped = {node for side in piece.crossed for node in side}
    unpiped = frozenset(piece.cells) - piped
    assert len(unpiped) == 1
    alone = HexSides(piece.lines, piece.lattice, unpiped)
    assert hex_inside._inside_lit(alone) > hex_inside.EMPTY_INSIDE
    assert hex_inside.inside_lit(piece) <= hex_inside.EMPTY_INSIDE
    EMPTY.check(piece)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_lattice_of_twice_the_pitch_over_a_finished_board_still_holds_lines_inside() -> None:
    # Hexagons with no ink on a side, or beyond the outline, left out: what is left of a
    # lattice at twice the board's pitch holds the board's lines still (its straight
    # flows cross many of its sides as a pipe would).
    shot = sample("colour_blind", 300002, variant="hex", state="solved")
    truth = shot.geometry
    x, y = truth.centre(Cell(0, 0))
    double = HexLattice(x, y, 2 * truth.col_step, 2 * truth.row_step)
    settings = DEFAULT_SETTINGS
    crossings = Crossings(shot.image, settings.pipe_contrast)
    pieces = found_hexagons(
        brightest_channel(shot.image), double, settings.line_contrast, crossings
    )
    assert pieces
    assert pieces[0].crossed
    for piece in pieces:
        with pytest.raises(UnsureReadingError, match="hold lines inside"):
            EMPTY.check(piece)


def test_the_board_is_found_round_its_dots_where_a_preview_shows_more_pairs() -> None:
    # The hint's bulb beside the yellow pair is a third disc of its size and colour: the
    # board's dots show four pairs, the OS's screenshot preview's five, and the lattice
    # was looked for round the preview's alone: the preview read, refused as two boards
    # (the lead's held-out seed). Each set of pairs is looked round, the bigger board read.
    shot = sample("preview", 4400003, variant="hex")
    step = math.ceil(max(shot.image.shape[:2]) / DEFAULT_SETTINGS.work_size)
    sets = board_dot_sets(shot.image, step, 5 * DEFAULT_SETTINGS.min_cell_px, split=True)
    assert len(sets) == 2
    assert sets[0][:, 2].max() < sets[1][:, 2].min()  # the preview's, likelier, smaller
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
