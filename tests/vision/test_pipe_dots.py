"""Where a started or finished board's flows lie (``_pipe_dots``): its dots twinned by
colour whether joined by a pipe or not, a colour-blind board's lettered dots (the letters
holes in the dots' blobs) too, square icons no dots; such boards read exactly."""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.models import Cell, Reading
from flowbot.screens.synthetic import SyntheticShot, sample
from flowbot.vision import read_board
from flowbot.vision._dots_apart import Region, board_dots
from flowbot.vision._pipe_dots import flow_dot_sets, flows_region, flows_regions, lettered
from flowbot.vision._types import DEFAULT_SETTINGS

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_letters_thin_strokes_in_a_dot_are_filled_a_loops_wide_ground_is_not() -> None:
    mask = np.zeros((120, 200), np.uint8)
    # A dot with a letter's stroke across its centre (a hole thinner than the dot).
    cv2.circle(mask, (40, 60), 20, 1, -1)
    cv2.line(mask, (32, 52), (48, 68), 0, 3)
    # A flow's loop round a cell: the ground it closes is wider than its pipe.
    cv2.circle(mask, (140, 60), 40, 1, 8)
    filled = lettered(mask)
    assert filled[60, 40] == 1
    assert filled[52, 32] == 1
    assert filled[60, 140] == 0
    # Nothing else changes: the ground outside is no hole.
    assert np.array_equal(filled[:, 100:], mask[:, 100:])
    assert filled[5, 5] == 0


def test_a_saturated_ground_round_a_window_closes_no_hole_its_dots_letters_do() -> None:
    # A saturated desktop all round a phone's window: the window is a hole in the
    # desktop's blob, thinner than it, but the desktop is deeper than any dot can be
    # (a cell of a board 5 across the shorter side): a ground, no flow. The window is
    # kept out, and a lettered dot in it still filled.
    mask = np.ones((200, 320), np.uint8)
    mask[40:170, 110:210] = 0
    cv2.circle(mask, (160, 100), 12, 1, -1)
    cv2.line(mask, (155, 95), (165, 105), 0, 2)
    filled = lettered(mask)
    assert filled[60, 130] == 0
    assert filled[100, 160] == 1
    assert np.array_equal(filled[mask == 1], mask[mask == 1])


def _region_round_board(shot: SyntheticShot) -> Region:
    """``flows_region`` of ``shot`` as the reader asks it, checked to span the board across."""
    h, w = shot.image.shape[:2]
    step = max(1, math.ceil(max(h, w) / DEFAULT_SETTINGS.work_size))
    region = flows_region(shot.image, step)
    assert region is not None
    assert region.x0 <= shot.geometry.left
    assert shot.geometry.right <= region.x1
    return region


@pytest.mark.parametrize("seed", [300013, 300018, 300025])
def test_a_finished_colour_blind_board_on_a_saturated_desktop_is_read(seed: int) -> None:
    # The desktop's saturated ground closes round the phone's window: filled in as a
    # letter's hole, the board and its flows were one blob with it, no flows region, no
    # hexagons looked for (refused as the square search's doubt).
    shot = sample("colour_blind", seed, "hex", "solved")
    _region_round_board(shot)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.pipes == shot.pipes


def _board(dots: list[tuple[int, int, tuple[int, int, int]]], image: np.ndarray) -> np.ndarray:
    for x, y, colour in dots:
        cv2.circle(image, (x, y), 14, colour, -1, cv2.LINE_AA)
    return image


RED, BLUE, GREEN = (230, 30, 30), (20, 60, 240), (20, 200, 40)


def test_a_started_boards_dots_are_found_joined_or_apart() -> None:
    # One flow finished, one started from a dot (its twin alone), one not started.
    image = np.zeros((400, 600, 3), np.uint8)
    _board([(100, 100, RED), (300, 100, RED), (100, 250, BLUE), (300, 250, BLUE)], image)
    _board([(450, 100, GREEN), (450, 300, GREEN)], image)
    cv2.line(image, (100, 100), (300, 100), RED, 14)
    cv2.line(image, (100, 250), (200, 250), BLUE, 14)
    region = flows_region(image, 1)
    assert region is not None
    assert region.x0 < 100
    assert region.x1 > 450


def test_a_started_flow_wide_as_its_tints_leaves_the_dots_twinned_by_colour() -> None:
    # One flow finished; a started one's pipe over its saturated tints, its blob's two
    # widest places there, far wider than a dot: two finished flows of no one size
    # (synthetic hex preview 8800002 started, no board looked for round its flows). The
    # dots twinned by colour, joined or not, are the board's.
    image = np.zeros((400, 600, 3), np.uint8)
    _board([(100, 100, RED), (300, 100, RED), (450, 100, GREEN), (450, 300, GREEN)], image)
    cv2.line(image, (100, 100), (300, 100), RED, 14)
    for x in (100, 300):
        cv2.circle(image, (x, 250), 30, BLUE, -1)
    cv2.line(image, (100, 250), (300, 250), BLUE, 40)
    region = flows_region(image, 1)
    assert region is not None
    assert region.x0 < 100
    assert region.x1 > 450


def test_square_icons_are_no_dots() -> None:
    # A taskbar's squares, of a dot's size and of the board's colours, pair with nothing.
    image = np.zeros((400, 600, 3), np.uint8)
    for x, colour in ((100, RED), (200, RED), (300, BLUE), (400, BLUE)):
        cv2.rectangle(image, (x - 14, 340), (x + 14, 368), colour, -1)
    assert flows_region(image, 1) is None
    _board([(100, 100, RED), (300, 100, RED), (100, 250, BLUE), (300, 250, BLUE)], image)
    cv2.line(image, (100, 100), (300, 100), RED, 14)
    region = flows_region(image, 1)
    assert region is not None
    assert region.y1 < 340 + 14 * 10  # around the dots alone, the squares left out


def test_a_colour_blind_started_boards_flows_are_found_round_their_lettered_dots() -> None:
    # Each dot's letter at its centre, where the blob's widest place lay: no dot was
    # found at a flow's ends, no flow at all (synthetic hex colour_blind 300501 started,
    # refused as the square search's doubt: "several grids meet here").
    shot = sample("colour_blind", 300501, "hex", "started")
    region = _region_round_board(shot)
    assert region.y0 <= shot.geometry.top
    assert shot.geometry.bottom <= region.y1


@pytest.mark.parametrize(
    ("category", "seed"),
    [
        # Lettered dots: no dot found at any flow's end (the hexagons never looked for).
        ("colour_blind", 300503),
        # One flow of four finished, the others' dots alone or with a pipe from them.
        ("mirror", 300504),
        # One flow of four finished, a started one's pipe over its blue tints taken for a
        # finished flow of dots twice a dot's size (refused: "not a flat dot").
        ("preview", 8800002),
    ],
)
def test_a_started_hexagonal_board_is_read(category: str, seed: int) -> None:
    shot = sample(category, seed, "hex", "started")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert reading.pipes == shot.pipes


def test_dots_in_dim_glow_of_a_saturated_hue_are_found_lit_apart_from_it() -> None:
    # A mirrored phone's dark brown backdrop passes the chroma test (its channels 60
    # apart, 60 bright) and joins every dot into one blob (a disc of glow round
    # several of them, found whole); the dots alone are brighter than a dot must be.
    image = np.zeros((400, 600, 3), np.uint8)
    cv2.circle(image, (300, 200), 190, (60, 25, 0), -1)
    dots = [(200, 120, RED), (400, 120, RED), (200, 280, BLUE), (400, 280, BLUE)]
    _board([*dots, (300, 200, GREEN), (300, 330, GREEN)], image)
    region = board_dots(image, 2, 60, split=True, reach=1.0)
    assert region is not None
    assert region.x0 < 200
    assert region.x1 > 400
    assert region.y0 < 120
    assert region.y1 > 330
    # The square search's look, with no split, is as it was.
    assert board_dots(image, 2, 60) is None


def test_a_hexagonal_board_in_dim_glow_is_read() -> None:
    # Synthetic hex mirror 300549: a dark brown glow behind a 5x5 board at a 128 px
    # pitch joined its dots; the whole image's lattices were a page's beside it.
    shot = sample("mirror", 300549, "hex")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


@pytest.mark.parametrize(
    ("glow", "tint", "second_pipe"),
    [
        # A glow of a saturated hue behind the board lifts the tints under the pipes past
        # a dot's chroma: every flow one blob with its tinted cells, no dot's widest
        # place; the flows are seen in their bright pixels.
        ((25, 55, 5), (95, 40, 10), ((100, 250), (200, 250), BLUE)),
        # A red glow behind a red flow's tinted cells lifts the tint past a dot's chroma
        # and brightness too (140 against the pipe's 230): only the pipes and dots are
        # near the brightest pixels round them.
        ((60, 15, 10), (140, 35, 25), ((450, 100), (450, 250), GREEN)),
    ],
    ids=["bright", "near-brightest"],
)
def test_flows_are_found_where_a_glow_joins_their_tints(
    glow: tuple[int, int, int],
    tint: tuple[int, int, int],
    second_pipe: tuple[tuple[int, int], tuple[int, int], tuple[int, int, int]],
) -> None:
    image = np.full((400, 600, 3), glow, np.uint8)
    cv2.rectangle(image, (60, 60), (520, 300), tint, -1)
    _board([(100, 100, RED), (300, 100, RED), (100, 250, BLUE), (300, 250, BLUE)], image)
    _board([(450, 100, GREEN), (450, 250, GREEN)], image)
    cv2.line(image, (100, 100), (300, 100), RED, 14)
    cv2.line(image, *second_pipe, 14)
    region = flows_region(image, 1)
    assert region is not None
    assert region.x0 < 100
    assert region.y0 < 100
    assert region.x1 > 450
    assert region.y1 > 250


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        # A mirror window's 7x7 board on a dark green glow: the red tint 92, 40, 9 joined
        # the flows into tinted blobs; no dots, no lattice looked for, the square
        # search's doubt given ("some inner grid edges are drawn as walls").
        ("jpeg", 5300000, "started"),
        ("jpeg", 5300000, "solved"),
        # The red flow's tints on a dark red glow pass for bright: no flow was found, no
        # region searched for hexagons ("no dots on the board").
        ("mirror", 5500001, "solved"),
    ],
)
def test_a_hexagonal_board_on_a_saturated_glow_is_read(
    reads_exactly: ReadsExactly, category: str, seed: int, state: str
) -> None:
    reads_exactly(category, seed, "hex", state)


def test_each_size_of_finished_flows_gets_its_own_region() -> None:
    # A finished hexagonal board of 20 hexagons (88 px) on a phone's screen, with the OS's
    # screenshot preview of it in a corner and a red title: the preview's flows and the
    # title's letters (16 px "dots") outnumber the board's four flows (57-63 px). Round
    # the typical size's flows alone, the region spans the title and the preview, whose
    # clutter outweighs the board's lines: no lattice was found ("no grid of equally
    # spaced lines found"). Round each size's, one region holds the board alone.
    shot = sample("preview", 7800004, "hex", "solved")
    h, w = shot.image.shape[:2]
    step = max(1, math.ceil(max(h, w) / DEFAULT_SETTINGS.work_size))
    regions = flows_regions(shot.image, step)
    assert regions[0] == flows_region(shot.image, step)
    geometry = shot.geometry
    board = [
        geometry.centre(Cell(r, c))
        for r in range(geometry.rows)
        for c in range(geometry.cols)
        if Cell(r, c) not in shot.puzzle.holes
    ]
    others = flow_dot_sets(shot.image, step)[0][:, :2] * step

    def holds(region: Region, x: float, y: float) -> bool:
        return region.x0 <= x <= region.x1 and region.y0 <= y <= region.y1

    assert any(
        all(holds(region, p.x, p.y) for p in board)
        and not any(holds(region, x, y) for x, y in others)
        for region in regions[1:]
    )


def test_a_finished_board_beside_its_preview_and_a_title_is_read(
    reads_exactly: ReadsExactly,
) -> None:
    # The same shot, read whole (development data since session 56).
    reads_exactly("preview", 7800004, "hex", "solved")


def test_a_started_board_beside_a_windows_stray_discs_is_read(
    reads_exactly: ReadsExactly,
) -> None:
    # A small started colour-blind hexagonal board (31 px columns) in a mirror window,
    # editor windows beside it holding a brown disc and a mauve square of a dot's size:
    # taken for a started flow's dots, they widened the flows' region over the editors'
    # text, whose lines outweighed the board's (no lattice found: "the board's border has
    # a gap"). The set falls apart: round the group at the board, its lattice is found.
    reads_exactly("colour_blind", 6610005, "hex", "started")
