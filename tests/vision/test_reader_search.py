"""The board search: a board whose thin lines only full resolution shows is still found."""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import Puzzle
from flowbot.render import render_board
from flowbot.vision import read_board
from flowbot.vision._dots_apart import board_dots

PUZZLE = Puzzle.from_grid(["A.B.C.", "...D..", "..B...", ".AC...", "D.....", "......"])


def _draw_puzzle(
    image: np.ndarray, x0: int, y0: int, px: int, *, line: tuple[int, int, int]
) -> None:
    """``PUZZLE``'s grid of one-pixel ``line``s and its dots, drawn at ``(x0, y0)``."""
    for k in range(7):
        cv2.line(image, (x0 + k * px, y0), (x0 + k * px, y0 + 6 * px), line, 1)
        cv2.line(image, (x0, y0 + k * px), (x0 + 6 * px, y0 + k * px), line, 1)
    colours = [(230, 40, 40), (40, 160, 40), (40, 60, 230), (230, 220, 50)]
    for pair, colour in zip(PUZZLE.pairs, colours, strict=False):
        for cell in (pair.a, pair.b):
            centre = (x0 + cell.col * px + px // 2, y0 + cell.row * px + px // 2)
            cv2.circle(image, centre, round(0.35 * px), colour, -1, cv2.LINE_AA)


def test_faint_one_pixel_lines_on_a_large_screen_are_found_at_full_resolution() -> None:
    # A 2600 px desktop is shrunk four times to look for the board, then two.
    # Glow brightens the board's right half: there its one-pixel lines stand
    # 16 levels above it, which both shrunk copies halve below the line
    # contrast; the left half's lines show, a grid cut short that is refused.
    px, x0, y0 = 90, 900, 300
    image = np.zeros((1400, 2600, 3), np.uint8)
    image[:] = np.interp(np.arange(2600), [x0, x0 + 6 * px], [16, 32]).astype(np.uint8)[:, None]
    image[..., 2] += 10
    _draw_puzzle(image, x0, y0, px, line=(48, 48, 58))
    reading = read_board(image)
    assert reading.puzzle == PUZZLE.canonical()
    # (Or the left half's grid, its rows going on to the right in colour, is
    # grown whole at 1/2 scale.)
    assert reading.notes[0] in (
        "board found at 1/1 scale in brightest channel",
        "board found at 1/2 scale in brightest channel",
    )


def test_counters_written_just_above_a_small_board_are_no_row_of_it() -> None:
    # Through JPEG, the text's strokes join the vertical lines, so the grid
    # found has one more row on top: a band of text that holds no dot.
    puzzle = Puzzle.from_grid(
        ["A.B.C.D.E.F.", "...........F", *["............"] * 3, "A.B.C.D.E..."]
    )
    puzzle = Puzzle.from_grid([*puzzle.to_grid(), *["............"] * 6])
    px = 24
    board = render_board(puzzle, cell_px=px, margin_px=0)
    image = cv2.copyMakeBorder(board, 3 * px, px, px, px, cv2.BORDER_CONSTANT)
    text = "Flows: 0/12   Moves: 0   Best: 12   Pipe: 0%"
    white = (235, 235, 235)
    cv2.putText(
        image, text, (px + 2, 3 * px - 5), cv2.FONT_HERSHEY_SIMPLEX, 0.55, white, 1, cv2.LINE_AA
    )
    _, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 40])
    image = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    assert read_board(image).puzzle == puzzle.canonical()


def _faint_board_on_a_desktop(wallpaper: tuple[int, int, int]) -> np.ndarray:
    # A 2560 px desktop, shrunk four then two times to look for the board: a
    # 6x6 board of one-pixel lines 14 levels above its dark background
    # (under the line contrast in both copies), in a dark window framed by
    # the wallpaper; nothing else on the screen is a grid.
    px, x0, y0 = 80, 1000, 400
    image = np.empty((1440, 2560, 3), np.uint8)
    image[:] = wallpaper
    image[y0 - 100 : y0 + 6 * px + 100, x0 - 100 : x0 + 6 * px + 100] = (16, 16, 20)
    _draw_puzzle(image, x0, y0, px, line=(30, 30, 34))
    return image


def test_a_board_seen_by_its_dots_alone_is_looked_for_at_full_resolution() -> None:
    # No grid at all in the shrunk copies, so none doubted: the board's
    # pairs of round, saturated dots still call for the full-resolution look.
    reading = read_board(_faint_board_on_a_desktop((60, 70, 80)))
    assert reading.puzzle == PUZZLE.canonical()
    assert reading.notes[0] == "board found at 1/1 scale in brightest channel"


def test_dots_inside_a_saturated_wallpaper_that_frames_the_board_are_seen() -> None:
    # The wallpaper is as saturated as a dot: the board's window is a hole in
    # it, and the dots lie in that hole.
    image = _faint_board_on_a_desktop((30, 140, 200))
    assert board_dots(image, 4, min_side=60) is not None
    assert read_board(image).puzzle == PUZZLE.canonical()
