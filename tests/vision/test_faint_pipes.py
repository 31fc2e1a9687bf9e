"""Pipes fainter than the pipe contrast: read when whole flows, never left out unread."""

from __future__ import annotations

import contextlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from flowbot.errors import VisionError
from flowbot.look import WALL_WIDTH, bright
from flowbot.models import BoardGeometry, Cell, Puzzle, Solution
from flowbot.render import RenderStyle, board_geometry, draw_board, render_board
from flowbot.screens.synthetic import PALETTES, Drift, _apply_drift, sample, snake_solution
from flowbot.vision import UnsureBoardError, _pipes, _pipes_through, load_image, read_board
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._faint_pipes import FAINTER, FAINTEST, WIDEST, drawn_share
from flowbot.vision._pipes import ALREADY_SOLVED, band_links, edges_off
from flowbot.vision._pipes_through import read_pipes_or_fainter, read_pipes_through
from flowbot.vision._types import Settings

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])
#: A dark grey-violet on the game's black ground: 18 Lab from it, under the pipe
#: contrast (and under the empty cells' contrast where the band ends in a cell).
FAINT_RGB = (45, 40, 50)


def _over_the_lines(canvas: np.ndarray, geometry: BoardGeometry, band: np.ndarray) -> np.ndarray:
    """The board drawn over ``canvas``, with the ``band`` (a mask) of it over the grid
    lines, as the game draws a pipe: over its lines, under its dots (the background's
    glow lies under the lines)."""
    black = np.zeros_like(canvas)
    unlined = RenderStyle(line_colour=(0, 0, 0))
    lines = (
        draw_board(black, PUZZLE, geometry) != draw_board(black, PUZZLE, geometry, style=unlined)
    ).any(axis=-1)
    image = draw_board(canvas, PUZZLE, geometry)
    image[lines & band] = canvas[lines & band]
    return image


def _with_band(blur: float, width: int = 18, *, drawn: bool = False) -> np.ndarray:
    """The board with a band of ``FAINT_RGB``, a pipe's width (or ``width`` px in 60 px
    cells), down column 1 (under the dot at (3, 1)), from past the board's top to past its
    bottom; under the grid lines as glow, or over them as a pipe (``drawn``)."""
    geometry = board_geometry(PUZZLE, cell_px=60, margin_px=40)
    canvas = np.zeros((380, 380, 3), np.uint8)
    x = round(geometry.centre(Cell(0, 1)).x)
    cv2.line(canvas, (x, 0), (x, 379), FAINT_RGB, width, cv2.LINE_AA)
    if blur:
        canvas = cv2.GaussianBlur(canvas, (0, 0), blur)
    if drawn:
        return _over_the_lines(canvas, geometry, canvas.max(axis=-1) >= max(FAINT_RGB) / 2)
    return draw_board(canvas, PUZZLE, geometry)


def test_the_band_is_fainter_than_the_pipe_contrast() -> None:
    lab = to_lab(np.array([[FAINT_RGB]], np.uint8))[0, 0]
    assert 15 < float(delta_e(lab, np.zeros(3))) < 20


def test_a_faint_pipe_no_flow_explains_is_refused() -> None:
    # Through empty cells and under a dot: no flow from a dot, so the pipe
    # stage cannot read it; read as empty cells, the board could be wrong.
    with pytest.raises(UnsureBoardError, match="faint pipe"):
        read_board(_with_band(blur=0, drawn=True))


def test_faint_glow_as_wide_is_no_pipe() -> None:
    # The same band blurred as the background's glow is: it fades softly.
    assert read_board(_with_band(blur=5)).puzzle == PUZZLE.canonical()


def test_a_glow_shaft_wider_than_a_pipe_is_no_pipe_however_sharp() -> None:
    # The background's glow shaft in a phone mirrored small: its edges blurred over
    # 4 px only, as sharp as a pipe's by their pace, but 0.55 pitch wide.
    assert read_board(_with_band(blur=1.2, width=33)).puzzle == PUZZLE.canonical()


def test_a_dark_band_judged_in_colour_as_wide_as_a_glow_shaft_is_not_drawn() -> None:
    # A dark purple on black, under SOFT_LIGHTNESS off its lightness, is judged in colour:
    # with crisp edges a band a pipe's width is drawn, one 0.58 pitch wide (a glow shaft)
    # is not, as in lightness (it was, before: the width was asked in lightness alone).
    geometry = board_geometry(PUZZLE, cell_px=60, margin_px=40)
    flow = (Cell(0, 1), Cell(1, 1))
    shares = []
    for width in (19, 35):
        canvas = np.zeros((380, 380, 3), np.uint8)
        x, bottom = round(geometry.centre(Cell(0, 1)).x), round(geometry.ys[2] + 20)
        cv2.rectangle(canvas, (x - width // 2, 0), (x + width // 2, bottom), (19, 0, 20), -1)
        image = draw_board(canvas, PUZZLE, geometry)
        shares.append(drawn_share(image, geometry, flow, widest=WIDEST, colour_outline=3.0))
    assert shares == [1.0, 0.0]


def test_a_real_screens_dark_glow_shaft_recoloured_is_no_flow(shared: Path) -> None:
    # The Windows app's purple glow shaft down column 0 of a real screen, (10, 0, 10),
    # lifted to (19, 0, 20) by another device's gamma 0.8 (`vision_real_variants.py`'s
    # drift, seed 14): looked for at FAINTEST, its two cells read as a flow between two
    # dots, a pair too many (WRONG). Wider than a pipe, it is no flow: the cells are in
    # doubt, as without the drift's seed (never read wrong).
    path = shared / "screens/TalsoR92__flowFreeSolver/screen_shot_v2/board_8-8/capture_7.png"
    label = Puzzle.from_grid(path.with_suffix(".txt").read_text().split())
    drift = Drift(gamma=0.8018, gains=(1.0459, 0.9867, 0.9718), saturation=1.013)
    image = _apply_drift(load_image(str(path)), drift)
    with contextlib.suppress(VisionError):
        assert read_board(image).puzzle.canonical() == label.canonical()


def test_a_glow_shaft_from_inside_the_board_is_no_flow_of_two_dots() -> None:
    # The shaft starts a third into a cell and runs on past the board: the fainter read
    # finds a two-cell "flow" there, its ends taken for dots. Wider than a pipe, it is
    # none, as the rule that refuses faint bands judges it.
    geometry = board_geometry(PUZZLE, cell_px=60, margin_px=40)
    canvas = np.zeros((380, 380, 3), np.uint8)
    x, top = round(geometry.centre(Cell(0, 4)).x), round(geometry.ys[3] + 20)
    cv2.line(canvas, (x, top), (x, 379), FAINT_RGB, 33, cv2.LINE_AA)
    image = draw_board(cv2.GaussianBlur(canvas, (0, 0), 1.2), PUZZLE, geometry)
    assert read_board(image).puzzle == PUZZLE.canonical()


def test_a_faint_pipe_as_blurred_is_still_refused() -> None:
    with pytest.raises(UnsureBoardError, match="faint pipe"):
        read_board(_with_band(blur=1.2, drawn=True))


#: A dark purple on the game's black ground: 21 Lab from it but under 5 L* lighter, too
#: near its lightness to tell a pipe's sharp edge from glow's soft one there.
DARK_RGB = (30, 0, 30)
#: The pipe stage's contrast (Lab) as the reader asks it.
PIPE_CONTRAST = Settings().pipe_contrast


def _dark_flow(
    whole: bool, rgb: tuple[int, int, int], cell_px: int = 60
) -> tuple[np.ndarray, Puzzle, set]:
    """A 6x6 board, its third flow drawn in ``rgb``, whole or its first link only (the
    others whole); the image, the puzzle and the cells each flow covers."""
    solution = snake_solution(np.random.default_rng(3), 6, 6, 5)
    puzzle = solution.puzzle
    paths = tuple(p if whole or i != 2 else p[:2] for i, p in enumerate(solution.paths))
    colours = [c.rgb for c in PALETTES["game"][:5]]
    colours[2] = rgb
    image = render_board(puzzle, Solution(puzzle, paths), cell_px=cell_px, colours=colours)
    covered = {frozenset(p) - {pair.a, pair.b} for p, pair in zip(paths, puzzle.pairs, strict=True)}
    return image, puzzle, covered


@pytest.mark.parametrize("whole", [True, False])
def test_a_flow_as_dark_as_its_ground_is_read(whole: bool) -> None:
    # Judged in colour where lightness cannot tell: read, its pair kept (it was once
    # left out: neither read nor refused, the puzzle short of a pair).
    lab = to_lab(np.array([[DARK_RGB]], np.uint8))[0, 0]
    assert float(lab[0]) < 5
    assert float(delta_e(lab, np.zeros(3))) > 15
    image, puzzle, covered = _dark_flow(whole, DARK_RGB)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
    assert (ALREADY_SOLVED in reading.notes) == whole


@pytest.mark.parametrize("cell_px", [30, 60])
@pytest.mark.parametrize("rgb", [DARK_RGB, (35, 0, 0), (25, 0, 25)])
def test_a_dark_flow_through_jpeg_is_read_or_refused(
    rgb: tuple[int, int, int], cell_px: int
) -> None:
    # JPEG blurs its colour edges: read when both still show sharp, never left out.
    image, puzzle, covered = _dark_flow(False, rgb, cell_px)
    ok, buf = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    jpeg = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].copy()
    try:
        reading = read_board(jpeg)
    except UnsureBoardError:
        return
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def _dark_jpeg(
    seed: int,
    rgb: tuple[int, int, int],
    cell_px: int,
    quality: int,
    whole: bool,
    *,
    blur: float = 0.0,
) -> tuple[np.ndarray, Puzzle, set]:
    """A 6x6 board (as ``benchmarks/vision_dark_flows.py`` draws it), flow ``seed % 5``
    drawn in ``rgb``, whole or its first link only, through JPEG ``quality`` (blurred
    first by a Gaussian of ``blur`` px, when given)."""
    solution = snake_solution(np.random.default_rng(seed), 6, 6, 5)
    puzzle, dark = solution.puzzle, seed % 5
    paths = tuple(p if whole or i != dark else p[:2] for i, p in enumerate(solution.paths))
    colours = [c.rgb for c in PALETTES["game"][:5]]
    colours[dark] = rgb
    image = render_board(puzzle, Solution(puzzle, paths), cell_px=cell_px, colours=colours)
    if blur:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    ok, buf = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    jpeg = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].copy()
    covered = {frozenset(p) - {pr.a, pr.b} for p, pr in zip(paths, puzzle.pairs, strict=True)}
    return jpeg, puzzle, covered


@pytest.mark.parametrize(
    ("seed", "rgb", "cell_px", "quality", "whole"),
    [
        (0, (25, 0, 25), 45, 75, False),
        (1, (35, 0, 0), 30, 60, False),
        (1, (35, 0, 0), 30, 75, True),
        (1, (30, 0, 30), 45, 75, True),
        (1, (40, 0, 20), 30, 60, False),
    ],
)
def test_a_dark_flow_ending_in_crisp_dots_is_read(
    seed: int, rgb: tuple[int, int, int], cell_px: int, quality: int, whole: bool
) -> None:
    # JPEG blurs the band's colour edges as slowly as glow's (drawn_share 0),
    # but its dots show a crisp rim round the band: a flow drawn (it was left
    # out, its dots near black taken for the ground: a pair short).
    image, puzzle, covered = _dark_jpeg(seed, rgb, cell_px, quality, whole)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


@pytest.mark.parametrize(
    ("cell_px", "whole", "reason"),
    [
        (45, True, ""),
        (30, False, ""),
    ],
)
def test_a_dark_flow_too_blurred_to_read_is_refused(
    monkeypatch: pytest.MonkeyPatch, cell_px: int, whole: bool, reason: str
) -> None:
    # Blurred (0.8 px) before JPEG 60, the band fades into the black beside it and its
    # dots' rims with it: refused, never left out (a pair short). (JPEG 60 alone at 45 px,
    # seed 1, was refused so until patches judged what one pixel left in doubt:
    # ``test_dark_flow_patches``.) At 45 px whole, a place beside the band near its
    # colour past the ground between (``GROUND_BETWEEN``) is no band: the flow is read
    # exactly; without that look, the link was missed and the flow refused (its faint
    # pipe, or first its dots: faint cells of one colour, ``_cell_dots._blurred_pairs``).
    image, puzzle, covered = _dark_jpeg(300101, (25, 0, 25), cell_px, 60, whole, blur=0.8)
    if not reason:
        reading = read_board(image)
        assert reading.puzzle == puzzle.canonical()
        assert set(reading.pipes) == covered
        # (and without the faintest look, which reads such a flow whole since)
        monkeypatch.setattr(_pipes, "GROUND_BETWEEN", ())
        monkeypatch.setattr(_pipes_through, "FAINTEST", FAINTER)
        reason = "a faint pipe is drawn at cell|cannot tell whether cell|nearly its background"
    with pytest.raises(UnsureBoardError, match=reason):
        read_board(image)


@pytest.mark.parametrize(
    ("seed", "rgb", "cell_px", "quality"),
    [(100001, (30, 0, 30), 60, 75), (300002, (40, 0, 20), 45, 75)],
)
def test_a_flow_part_faint_is_read_at_half_contrast_after_a_refusal(
    seed: int, rgb: tuple[int, int, int], cell_px: int, quality: int
) -> None:
    # Part of the dark flow stands out by the pipe contrast, part only by half
    # of it: read at the full contrast, its pieces are no flows (a pipe's cell
    # half a disc) and the pipes refused; the half-contrast read reads it whole.
    image, puzzle, covered = _dark_jpeg(seed, rgb, cell_px, quality, True)
    geometry = board_geometry(puzzle, cell_px=cell_px)
    samples = sample_cells(image, geometry)
    assert read_pipes_through(image, geometry, samples, PIPE_CONTRAST) is None
    pipes = read_pipes_or_fainter(image, geometry, samples, PIPE_CONTRAST)
    assert pipes is not None
    assert {frozenset(flow) - pipes.dots for flow in pipes.flows} == covered


@pytest.mark.parametrize(
    ("seed", "rgb", "cell_px", "quality"),
    [(100001, (30, 0, 30), 60, 75), (100001, (40, 0, 20), 45, 60), (300002, (40, 0, 20), 45, 75)],
)
def test_the_search_reads_a_part_faint_flow_at_half_contrast(
    seed: int, rgb: tuple[int, int, int], cell_px: int, quality: int
) -> None:
    # The search asks the pipes first (to follow the lines through them, or hold
    # a grid back for them): refused at the full contrast, the board was refused
    # too (its lines seen running on past the border, or no grid found at all).
    image, puzzle, covered = _dark_jpeg(seed, rgb, cell_px, quality, True)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
    assert ALREADY_SOLVED in reading.notes


def test_a_faint_link_into_its_dot_is_judged_narrow_by_the_pipe_cell() -> None:
    # JPEG spreads the dark dot's colour 0.09 pitch past its rim, onto a place
    # looked at beside the link into it (9.0 Lab from the band there, 11-12 at
    # the other three, 9 needed): the link was missed, the flow not read and
    # refused. A dot is wider than the band: its cell cannot tell the band's width.
    image, puzzle, covered = _dark_jpeg(300001, (25, 0, 25), 45, 75, True)
    geometry = board_geometry(puzzle, cell_px=45)
    samples = sample_cells(image, geometry)
    faint = PIPE_CONTRAST * FAINTER
    into_dot = (Cell(1, 4), 0)  # (1, 4) to the dot at (1, 5)
    assert into_dot not in band_links(image, geometry, samples, faint)
    assert into_dot in band_links(image, geometry, samples, faint, into_dots=True)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def test_a_band_wide_beside_a_dot_is_no_link_into_it() -> None:
    # Beside the band near its colour in both cells (glow along it, a band wider
    # than a pipe): no link, whatever the dot shows.
    image, puzzle, _ = _dark_jpeg(100000, (25, 0, 25), 30, 75, False)
    geometry = board_geometry(puzzle, cell_px=30)
    a, b = geometry.centre(Cell(0, 0)), geometry.centre(Cell(0, 1))  # its dot, its pipe
    samples = sample_cells(image, geometry)
    faint = PIPE_CONTRAST * FAINTER
    assert (Cell(0, 0), 0) in band_links(image, geometry, samples, faint, into_dots=True)
    wide = image.copy()
    below = int(a.y + 0.45 * geometry.cell_size)
    wide[int(a.y) : below, int(a.x) : int(b.x)] = image[int(a.y), int(a.x)]
    samples = sample_cells(wide, geometry)
    assert (Cell(0, 0), 0) in edges_off(samples, faint)
    assert (Cell(0, 0), 0) not in band_links(wide, geometry, samples, faint, into_dots=True)


def test_a_faint_bands_halves_are_no_farther_apart_than_it_stands_from_its_sides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # At half the pipe contrast every dark colour lies near every other: a dark dot's
    # rim and black in (0, 2) with the green flow's dark tint in (1, 2), 15 Lab apart,
    # each 9 from the sides, passed for a band into the dot (halves within 18), pipes
    # met at (1, 2), the dark flow was lost and its lone dot refused for want of a twin.
    # (Bright bands keep HALVES_APART: test_bright_bands_halves_keep_their_bound.)
    image, puzzle, covered = _dark_jpeg(300000, (25, 0, 25), 30, 75, False)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
    geometry = reading.geometry
    samples = sample_cells(image, geometry)
    faint = PIPE_CONTRAST * FAINTER

    def links() -> dict:
        # By the pixels beside it (patches there judge it no band too: NOISY_BESIDE).
        return band_links(
            image,
            geometry,
            samples,
            faint,
            either=True,
            alike=_pipes.BAND_NEAR,
            into_dots=True,
            pixels_suffice=True,
        )

    mixed = (Cell(0, 2), 1)
    assert mixed not in links()
    monkeypatch.setattr(
        _pipes, "halves_alike", lambda halves, standing: halves <= _pipes.HALVES_APART
    )
    # Black shows across the band's width in (0, 2): no band unbroken either
    # (``_pipes._broken``), which is let pass to judge the halves alone.
    assert mixed not in links()
    monkeypatch.setattr(_pipes, "_broken", lambda lab_in, *_: np.zeros(len(lab_in), bool))
    assert mixed in links()


def test_a_faint_link_into_a_bend_is_judged_narrow_by_its_other_places() -> None:
    # The bend at (3, 5) turns up to (2, 5): beside the link from (3, 4), on the bend's
    # inner side, JPEG spreads the dark flow's colour (8.6 Lab from the band, 9 needed):
    # the link was missed, (3, 4) half a disc, the flow refused. The places on the bend's
    # outer side and in (3, 4) still judge it narrow.
    image, puzzle, covered = _dark_jpeg(300002, (25, 0, 25), 45, 60, True)
    geometry = board_geometry(puzzle, cell_px=45)
    samples = sample_cells(image, geometry)
    faint = PIPE_CONTRAST * FAINTER
    into_bend = (Cell(3, 4), 0)
    assert into_bend not in band_links(image, geometry, samples, faint)
    assert into_bend in band_links(image, geometry, samples, faint, into_dots=True)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def test_a_link_is_not_taken_for_a_bend_without_the_bends_other_link() -> None:
    # The same link, the flow's band up from (3, 5) painted over with black, a patch of
    # the dark colour kept beside the link on that side (JPEG's spread, halfway to
    # black: near the band by patches too): nothing explains its colour there.
    image, puzzle, _ = _dark_jpeg(300002, (25, 0, 25), 45, 60, True)
    geometry = board_geometry(puzzle, cell_px=45)
    p = geometry.cell_size
    above, bend = geometry.centre(Cell(2, 5)), geometry.centre(Cell(3, 5))
    half = 0.3 * p
    cut = image.copy()
    cut[int(above.y) : int(bend.y - half), int(bend.x - half) : int(bend.x + half)] = 0
    x, y, s = round(bend.x - 0.3 * p), round(bend.y - 0.32 * p), round(0.06 * p)
    cut[y - s : y + s + 1, x - s : x + s + 1] = (15, 0, 15)
    samples = sample_cells(cut, geometry)
    faint = PIPE_CONTRAST * FAINTER
    assert (Cell(2, 5), 1) in band_links(image, geometry, sample_cells(image, geometry), faint)
    links = band_links(cut, geometry, samples, faint, into_dots=True)
    assert (Cell(2, 5), 1) not in links
    assert (Cell(3, 4), 0) not in links


def test_a_tint_between_two_pipes_noisy_beside_by_pixels_is_no_faint_band() -> None:
    # A blue flow's U-turn: the dark blue tint between its two runs, (1, 1) over (2, 1),
    # stands 9.7-10.1 Lab from one pixel each side through JPEG 75 (9 asked at half the
    # contrast), 1.8-5.4 from patches. Taken for a band, it made pipes meet at (1, 1) in
    # the read through warps (the dark flow ends on the border short of its dot), and
    # the dark flow was lost: its lone dot refused for want of a twin.
    image, puzzle, covered = _dark_jpeg(4400000, (35, 0, 0), 45, 75, False)
    geometry = board_geometry(puzzle, cell_px=45)
    samples = sample_cells(image, geometry)
    faint = PIPE_CONTRAST * FAINTER
    tint = (Cell(1, 1), 1)
    assert tint in band_links(image, geometry, samples, faint, either=True)  # by pixels
    assert tint not in band_links(image, geometry, samples, faint, either=True, into_dots=True)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


@pytest.mark.parametrize(
    ("seed", "rgb"),
    [(1, (25, 0, 25)), (300002, (25, 0, 25)), (300002, (35, 0, 0)), (300005, (0, 20, 40))],
)
def test_a_pipes_dot_takes_its_blurred_twin(seed: int, rgb: tuple[int, int, int]) -> None:
    # JPEG 60 in 30 px cells blurs the lone dark dot's rim on black: no crisp disc, it
    # was left out (a dot short: refused for an odd count). The started flow's dot
    # proves its colour a dot's; the one faint cell of that colour is its twin. (Seed 1
    # was refused so, once ``test_a_dark_flow_too_blurred_to_read_is_refused``.)
    image, puzzle, covered = _dark_jpeg(seed, rgb, 30, 60, False)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def test_two_blurred_cells_of_a_pipes_dots_colour_leave_its_twin_in_doubt() -> None:
    # The lone dot at (3, 0) copied into the empty cell (3, 3): which is the twin?
    image, puzzle, _ = _dark_jpeg(300002, (25, 0, 25), 30, 60, False)
    geometry = board_geometry(puzzle, cell_px=30)
    p = geometry.cell_size
    a, b = geometry.centre(Cell(3, 0)), geometry.centre(Cell(3, 3))
    h = int(0.45 * p)
    twice = image.copy()
    twice[int(b.y) - h : int(b.y) + h, int(b.x) - h : int(b.x) + h] = image[
        int(a.y) - h : int(a.y) + h, int(a.x) - h : int(a.x) + h
    ]
    # Refused for an odd count, or (both flat and standing out from the ground, neither
    # the twin) for the doubt itself (``_cell_dots._blurred_discs``).
    with pytest.raises(UnsureBoardError, match=r"an odd number|cannot tell whether cell"):
        read_board(twice)


def test_a_dark_dot_by_the_boards_edge_is_no_band_as_wide_as_it() -> None:
    # Through JPEG 60 one pixel beside the stub out of (5, 5), by the board's edge, lay
    # nearer the dark dot's colour than the ground (4.4 Lab against 10.3): the dot was
    # taken for the end of a band as wide as a disc, the flow dropped and its lone dot
    # refused. Each side is judged by a small patch's median.
    image, puzzle, covered = _dark_jpeg(300003, (25, 0, 25), 30, 60, False)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def test_bright_bands_halves_keep_their_bound() -> None:
    # Bounded by half the pipe contrast alone (9 Lab), the faint read lost bright links
    # whose halves JPEG 60 sets 9-13 apart (a straight pipe's cell then half a disc):
    # the faint read refused and a finished board with a dark flow was refused.
    # Bounded by how far each band stands from its sides, they stay within 18.
    image, puzzle, covered = _dark_jpeg(100010, (35, 0, 0), 45, 60, True)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


@pytest.mark.parametrize(
    ("seed", "rgb", "whole"),
    [(150001, (20, 20, 40), True), (150001, (25, 0, 25), True), (150007, (20, 20, 40), False)],
)
def test_a_neighbours_tint_past_the_ground_beside_a_faint_band_is_no_band(
    monkeypatch: pytest.MonkeyPatch, seed: int, rgb: tuple[int, int, int], whole: bool
) -> None:
    # JPEG halves the colours' resolution: the blue flow's tint in the next row spreads
    # over the line to the place looked at beside the dark flow's band (6-8 Lab from it,
    # 9 needed), and the link was missed: the flow in pieces, refused. Between the band
    # and that place the ground shows, the colour rising again past it: the band's edge.
    image, puzzle, covered = _dark_jpeg(seed, rgb, 45 if whole else 30, 60, whole)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
    monkeypatch.setattr(_pipes, "GROUND_BETWEEN", ())
    # (and without the faintest look, which reads such a flow whole since)
    monkeypatch.setattr(_pipes_through, "FAINTEST", FAINTER)
    with pytest.raises(UnsureBoardError):
        read_board(image)


def test_a_band_fading_into_the_place_beside_it_shows_no_ground_between() -> None:
    # The same band, the place beside it below in (2, 2) reached by the band's own colour
    # fading (no ground between, as glow wider than a pipe fades): no link.
    image, puzzle, _ = _dark_jpeg(150001, (20, 20, 40), 45, 60, True)
    geometry = board_geometry(puzzle, cell_px=45)
    samples = sample_cells(image, geometry)
    faint = PIPE_CONTRAST * FAINTER
    link = (Cell(2, 1), 0)
    assert link in band_links(image, geometry, samples, faint, into_dots=True)
    p = geometry.cell_size
    left, right = geometry.centre(Cell(2, 1)), geometry.centre(Cell(2, 2))
    x0, x1 = round(right.x - 0.45 * p), round(right.x + 0.1 * p)  # in (2, 2) alone
    y0, y1 = round(left.y + 0.17 * p), round(left.y + 0.32 * p)
    place = image[y1, round(right.x - 0.2 * p)].astype(float)
    band = image[round(left.y), round((left.x + right.x) / 2)].astype(float)
    faded = image.copy()
    for y in range(y0, y1 + 4):
        t = min(1.0, (y - y0) / (y1 - y0))  # from the band's colour to the place's
        faded[y, x0:x1] = np.round((1 - t) * band + t * place).astype(np.uint8)
    samples = sample_cells(faded, geometry)
    assert link not in band_links(faded, geometry, samples, faint, into_dots=True)


#: A dark green glow shaft on black, as a phone's 73 px cells show one behind a column:
#: its core (0, 29, 0) a pitch's half wide between its half-way places, its ramps 16 px
#: wide down to (0, 14, 0) either side.
SHAFT_CELL_PX, SHAFT_RAMP_PX = 73, 16


def _green_shaft(*, core_width: float, ramp_px: float, jpeg: int, past: bool) -> np.ndarray:
    """The board in 73 px cells over a dark green band down column 4 (its dot at the
    top), ``core_width`` pitches wide between its half-way places, its sides ramping over
    ``ramp_px`` (cosine), the ground's noise (1 level) on it, from the image's top to its
    bottom under the grid lines (``past``: glow) or from the top cell's centre to the
    bottom one's over them (a pipe), through JPEG ``jpeg`` (0: lossless)."""
    geometry = board_geometry(PUZZLE, cell_px=SHAFT_CELL_PX, margin_px=2 * SHAFT_CELL_PX)
    size = 9 * SHAFT_CELL_PX
    off = np.abs(np.arange(size) - geometry.centre(Cell(0, 4)).x)
    rise = np.clip((off - (core_width * SHAFT_CELL_PX - ramp_px) / 2) / max(ramp_px, 1e-6), 0, 1)
    green = np.repeat((29 - 15 * (0.5 - 0.5 * np.cos(np.pi * rise)))[None, :], size, axis=0)
    if not past:
        green[: round(geometry.centre(Cell(0, 4)).y)] = 0
        green[round(geometry.centre(Cell(4, 4)).y) :] = 0
    noise = np.random.default_rng(0).normal(0, 1.0, (size, size))
    canvas = np.zeros((size, size, 3), np.uint8)
    canvas[..., 1] = np.clip(green + noise + 0.5, 0, 255).astype(np.uint8)
    if past:
        image = draw_board(canvas, PUZZLE, geometry)
    else:
        image = _over_the_lines(canvas, geometry, green >= (29 + 14) / 2)
    if jpeg:
        ok, buf = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, jpeg])
        assert ok
        image = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].copy()
    return image


@pytest.mark.parametrize("jpeg", [0, 70])
def test_a_dark_glow_shaft_running_past_the_board_is_no_pipe(jpeg: int) -> None:
    # Under SOFT_LIGHTNESS from its sides: judged in colour, where one level of noise
    # over its 15-level ramp is a step as steep as a pipe's edge (refused before as a
    # faint pipe). It runs on past the board's border, where the game draws no pipe.
    image = _green_shaft(core_width=0.5, ramp_px=SHAFT_RAMP_PX, jpeg=jpeg, past=True)
    assert read_board(image).puzzle == PUZZLE.canonical()


@pytest.mark.parametrize("jpeg", [0, 80])
def test_a_dark_band_of_that_green_inside_the_board_is_refused(jpeg: int) -> None:
    # The same green a pipe's width with a pipe's edge, ending inside the board: a faint
    # pipe, never read empty.
    image = _green_shaft(core_width=0.32, ramp_px=1.0, jpeg=jpeg, past=False)
    with pytest.raises(UnsureBoardError, match="faint pipe"):
        read_board(image)


def _shaft_by_the_outline(
    *, cell: int, width: float, ramp_px: float, pipe: bool, crop: bool
) -> np.ndarray:
    """The board over a dark blue ground (0, 0, 30), a green band (0, 30, 0) down its last
    column, ``width`` pitches wide between its half-way places, its sides ramping over
    ``ramp_px`` (cosine): from the image's top under the grid lines fading over a pitch
    into row 2's centre (glow), or from row 0's centre to row 2's over them (``pipe``);
    the game's outline drawn round the board (``WALL_WIDTH`` wide, centred on the border,
    in the lines' bright colour); ``crop``: the image cut at the board's top and right
    border, as a screen cuts a board at its edge."""
    geometry = board_geometry(PUZZLE, cell_px=cell, margin_px=2 * cell)
    size = 9 * cell
    off = np.abs(np.arange(size) - geometry.centre(Cell(0, 4)).x)
    rise = np.clip((off - (width * cell - ramp_px) / 2) / max(ramp_px, 1e-6), 0, 1)
    across = 30 * (0.5 + 0.5 * np.cos(np.pi * rise))
    along = (geometry.centre(Cell(2, 4)).y - np.arange(size)) / cell
    if pipe:
        fade = (along >= 0) & (along <= 2)
    else:
        fade = 0.5 - 0.5 * np.cos(np.pi * np.clip(along + 0.5, 0, 1))
    canvas = np.zeros((size, size, 3), np.uint8)
    canvas[..., 2] = 30
    canvas[..., 1] = np.clip(across[None, :] * fade[:, None] + 0.5, 0, 255).astype(np.uint8)
    if pipe:
        image = _over_the_lines(canvas, geometry, canvas[..., 1] >= 15)
    else:
        image = draw_board(canvas, PUZZLE, geometry)
    half = WALL_WIDTH * cell / 2
    yy, xx = np.mgrid[0:size, 0:size] + 0.5
    left, top, right, bottom = geometry.xs[0], geometry.ys[0], geometry.xs[-1], geometry.ys[-1]

    def within(d: float) -> np.ndarray:
        return (xx > left + d) & (xx < right - d) & (yy > top + d) & (yy < bottom - d)

    image[within(-half) & ~within(half)] = bright((60, 60, 60))
    if crop:
        image = image[round(top) :, : round(right) + 1].copy()
    return image


@pytest.mark.parametrize("cell", [60, 97])
@pytest.mark.parametrize("crop", [False, True])
def test_a_glow_shaft_ending_inside_the_board_by_its_outline_is_no_pipe(
    cell: int, crop: bool
) -> None:
    # A shaft of the background down the board's last column, ending inside it: the
    # board's outline, a wall's width, reaches into the rays looked along across the
    # band, and its step from the ground was taken for the band's sharp edge (refused
    # as a faint pipe where the board was cut at the screen's edge and the shaft's run
    # past the border could not be seen; bridges drift 4300003). The grid lines cross
    # it as beside it: it lies under them, as the game's glow does (a pipe lies over).
    image = _shaft_by_the_outline(
        cell=cell, width=0.42, ramp_px=16 * cell / 73, pipe=False, crop=crop
    )
    assert read_board(image).puzzle == PUZZLE.canonical()


@pytest.mark.parametrize("cell", [60, 97])
def test_a_faint_pipe_by_the_outline_of_a_cut_board_is_still_refused(cell: int) -> None:
    # The same green a pipe's width with a pipe's edge drawn over the lines, from row
    # 0's centre to row 2's (in 60 px cells the cell rules doubt its end first).
    image = _shaft_by_the_outline(cell=cell, width=0.32, ramp_px=1.0, pipe=True, crop=True)
    with pytest.raises(UnsureBoardError):
        read_board(image)


def test_the_glow_shaft_of_a_board_cut_at_the_screens_edge_is_no_pipe() -> None:
    # The game's own render: a dark green shaft down the last column of a bridges board
    # cut at the screen's top, ending in row 2 (refused as a faint pipe at (0, 4) before).
    shot = sample("drift", 4300003, "bridges", "unsolved")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def _faintest_asked(monkeypatch: pytest.MonkeyPatch, image: np.ndarray) -> bool:
    """Whether reading ``image`` looks for flows at ``FAINTEST`` of the pipe contrast."""
    shares: list[float] = []
    read = _pipes_through._fainter_read

    def recorded(*args: object, contrast: float, faint: float, **kwargs: object) -> object:
        shares.append(faint / contrast)
        return read(*args, contrast=contrast, faint=faint, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_pipes_through, "_fainter_read", recorded)
    with contextlib.suppress(UnsureBoardError):
        read_board(image)
    return any(abs(share - FAINTEST) < 1e-9 for share in shares)


def test_the_faintest_look_is_asked_only_where_pipes_show(monkeypatch: pytest.MonkeyPatch) -> None:
    # An unstarted board shows no pipe at the full contrast: the faintest look (0.4-1.4
    # ms of a phone screen's read) took nothing there, and is not asked.
    for category in ("phone", "jpeg", "twins"):
        shot = sample(category, 300000)
        assert not _faintest_asked(monkeypatch, shot.image), category
    # A finished board with a dark flow read at the faintest look (its other flows read
    # at the full contrast): asked, and read so.
    image, puzzle, covered = _dark_jpeg(300000, (35, 0, 0), 24, 40, True, blur=1.2)
    assert _faintest_asked(monkeypatch, image)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered
