"""Decoy screenshots: grids and dots that hold no Flow Free board to read.

The vision stage must refuse these: a spreadsheet, a calendar, a sudoku, a
chess or Go board, tile games, graph paper, a tiled wall, noise; Flow boards
it cannot vouch for, classic or of the game's other kinds (a colour seen once
or three times, a board cut by the screen edge, two boards at once, a board
with no dots, a pop-up over it); and boards the model cannot hold (Shapes'
cubes and round boards). Any puzzle read from one of them is a wrong answer.
Walled, shaped, bridged and hexagonal boards are no decoys now that they can
be read: ``READABLE_NOW`` keeps the kinds that drew them, out of ``KINDS``.

``decoy(kind, seed)`` draws one of the ``KINDS`` in a random phone screen,
desktop window or tight crop, at a random scale, maybe through JPEG. It
reuses the synthetic screenshots' scenes and the game's renderer
(``flowbot.screens.synthetic``, ``flowbot.render``). Deterministic per seed.

Examples
--------
>>> shot = decoy("sudoku", seed=1)
>>> shot.image.dtype.name, shot.kind, bool(shot.why)
('uint8', 'sudoku', True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell, Pair, Puzzle
from flowbot.palette import GAME_COLOURS, RGB
from flowbot.render import RenderStyle, draw_board
from flowbot.screens.synthetic import (
    _BROWSERS,
    _DESKTOPS,
    _PHONES,
    CATEGORIES,
    PACKS,
    PALETTES,
    VARIANTS,
    Drift,
    Scene,
    SyntheticShot,
    _desktop,
    _draw_texts,
    _generated,
    _glow_background,
    _ip,
    _jpeg,
    _lorem,
    _ring,
    _taskbar,
    _Text,
    _variant_board,
    _window,
    paste_preview,
    random_puzzle,
    synthesize,
)

__all__ = ["KINDS", "READABLE_NOW", "Decoy", "DecoyKind", "decoy"]


@dataclass(frozen=True, slots=True)
class Decoy:
    """A screenshot that holds no readable Flow Free board.

    ``what`` says what was drawn (with this seed's sizes), ``why`` why no
    puzzle read from it can be right.
    """

    image: np.ndarray
    kind: str
    seed: int
    what: str
    why: str


@dataclass(frozen=True, slots=True)
class DecoyKind:
    """One kind of decoy: a maker of ``(image, what)`` and why it holds no puzzle."""

    make: Callable[[np.random.Generator], tuple[np.ndarray, str]]
    why: str


# --------------------------------------------------------------------------- screens


def _present(
    rng: np.random.Generator, content: np.ndarray, background: RGB, title: str
) -> np.ndarray:
    """``content`` in a phone screen, a desktop window or a tight crop, maybe through JPEG."""
    where = rng.choice(["phone", "desktop", "crop"], p=[0.4, 0.35, 0.25])
    h, w = content.shape[:2]
    if where == "phone":
        sw, sh = _PHONES[int(rng.integers(len(_PHONES)))]
        img = np.empty((sh, sw, 3), np.uint8)
        img[:] = background
        scale = min(sw * rng.uniform(0.85, 1.0) / w, sh * 0.7 / h)
        content = _scaled(content, scale)
        h, w = content.shape[:2]
        x = (sw - w) // 2
        y = int(
            rng.integers(round(sh * 0.12), max(round(sh * 0.12) + 1, sh - h - round(sh * 0.08)))
        )
        img[y : y + h, x : x + w] = content
        ink = (20, 20, 20) if sum(background) > 380 else (235, 235, 235)
        u = sw / 360
        texts = [
            _Text(
                (12 * u, 12 * u),
                f"{rng.integers(0, 24):02d}:{rng.integers(60):02d}",
                12 * u,
                ink,
                "lm",
            ),
            _Text((sw / 2, sh * 0.07), title, 22 * u, ink, "mm"),
        ]
        img = _draw_texts(img, texts)
    elif where == "desktop":
        sw, sh = _DESKTOPS[int(rng.integers(len(_DESKTOPS)))]
        img = _desktop(rng, sw, sh, clutter=bool(rng.random() < 0.6))
        task = round(sh * 0.037)
        bar = max(20, round(sh * 0.03))
        scale = min(1.0, (sw * 0.9) / w, (sh - task - bar) * rng.uniform(0.6, 0.95) / h)
        content = _scaled(content, scale)
        h, w = content.shape[:2]
        pad = int(rng.integers(0, 40))
        ww, wh = min(sw, w + 2 * pad), min(sh - task - bar, h + 2 * pad)
        wx = int(rng.integers(0, sw - ww + 1))
        wy = int(rng.integers(0, sh - task - bar - wh + 1))
        img[wy : wy + bar, wx : wx + ww] = (240, 240, 240)
        img[wy + bar : wy + bar + wh, wx : wx + ww] = background
        ox, oy = wx + (ww - w) // 2, wy + bar + (wh - h) // 2
        img[oy : oy + h, ox : ox + w] = content
        texts = [_Text((wx + 10, wy + bar / 2), title, bar * 0.45, (30, 30, 30), "lm")]
        img = _draw_texts(_taskbar(img, rng, task, texts), texts)
    else:
        margin = int(rng.integers(0, 24))
        img = np.empty((h + 2 * margin, w + 2 * margin, 3), np.uint8)
        img[:] = background
        img[margin : margin + h, margin : margin + w] = content
    if rng.random() < 0.4:
        img = _jpeg(img, int(rng.integers(60, 96)))
    return img


def _scaled(img: np.ndarray, scale: float) -> np.ndarray:
    if abs(scale - 1) < 1e-3:
        return img
    h, w = img.shape[:2]
    size = (max(8, round(w * scale)), max(8, round(h * scale)))
    method = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return np.asarray(cv2.resize(img, size, interpolation=method), np.uint8)


def _grid_lines(
    img: np.ndarray, xs: np.ndarray, ys: np.ndarray, colour: RGB, width: int = 1
) -> None:
    """Draw full-length lines at ``xs`` (vertical) and ``ys`` (horizontal), in place."""
    x0, x1, y0, y1 = round(xs[0]), round(xs[-1]), round(ys[0]), round(ys[-1])
    half = width // 2
    for x in xs:
        img[y0 - half : y1 + width - half, round(x) - half : round(x) + width - half] = colour
    for y in ys:
        img[round(y) - half : round(y) + width - half, x0 - half : x1 + width - half] = colour


def _colour(rng: np.random.Generator) -> RGB:
    return GAME_COLOURS[int(rng.integers(len(GAME_COLOURS)))].rgb


def _lighter(colour: RGB, step: int) -> RGB:
    red, green, blue = (min(255, v + step) for v in colour)
    return red, green, blue


def _disc(img: np.ndarray, x: float, y: float, r: float, colour: RGB) -> None:
    # Fixed-point centre and radius (4 fractional bits) for sub-pixel placement.
    cv2.circle(img, (round(x * 16), round(y * 16)), round(r * 16), colour, -1, cv2.LINE_AA, 4)


# --------------------------------------------------------------------------- not Flow at all


def _spreadsheet(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    dark = rng.random() < 0.3
    rows, cols = int(rng.integers(12, 40)), int(rng.integers(5, 14))
    cw = int(rng.integers(50, 120))
    rh = int(rng.integers(20, 32)) if rng.random() < 0.6 else cw  # square cells too
    bg: RGB = (30, 30, 30) if dark else (255, 255, 255)
    line: RGB = (70, 70, 70) if dark else (218, 220, 224)
    ink: RGB = (230, 230, 230) if dark else (30, 30, 30)
    img = np.empty((rows * rh + 1, cols * cw + 1, 3), np.uint8)
    img[:] = bg
    texts = []
    for r in range(rows):
        for c in range(cols):
            roll = rng.random()
            x, y = c * cw, r * rh
            if roll < 0.15:  # conditional formatting
                img[y : y + rh, x : x + cw] = _colour(rng)
            elif roll < 0.3:  # an icon set: a coloured dot in the cell
                _disc(img, x + cw / 2, y + rh / 2, min(cw, rh) * 0.3, _colour(rng))
            elif roll < 0.7:
                texts.append(
                    _Text((x + 4, y + rh / 2), str(int(rng.integers(0, 9999))), rh * 0.5, ink, "lm")
                )
    _grid_lines(img, np.arange(cols + 1) * cw, np.arange(rows + 1) * rh, line)
    what = f"spreadsheet {rows}x{cols} cells of {cw}x{rh} px, coloured fills and icon dots"
    return _present(rng, _draw_texts(img, texts), bg, "Budget.xlsx"), what


def _calendar(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    dark = rng.random() < 0.5
    rows = int(rng.integers(5, 7))
    cell = int(rng.integers(60, 160))
    bg: RGB = (32, 33, 36) if dark else (255, 255, 255)
    line: RGB = (80, 80, 84) if dark else (218, 220, 224)
    ink: RGB = (220, 220, 220) if dark else (60, 64, 67)
    head = cell // 3
    img = np.empty((head + rows * cell + 1, 7 * cell + 1, 3), np.uint8)
    img[:] = bg
    texts = [
        _Text((c * cell + cell / 2, head / 2), d, head * 0.45, ink, "mm")
        for c, d in enumerate(("MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"))
    ]
    start = int(rng.integers(0, 7))
    for k in range(rows * 7):
        r, c = divmod(k, 7)
        x, y = c * cell, head + r * cell
        texts.append(_Text((x + 6, y + 6), str((k - start) % 31 + 1), cell * 0.18, ink, "la"))
        for e in range(int(rng.choice([0, 0, 1, 1, 2]))):  # events: a dot or a chip
            colour = _colour(rng)
            if rng.random() < 0.5:
                _disc(
                    img, x + cell / 2 + (e - 0.5) * cell * 0.3, y + cell * 0.6, cell * 0.12, colour
                )
            else:
                ey = round(y + cell * (0.35 + 0.25 * e))
                img[ey : ey + cell // 6, x + 4 : x + cell - 4] = colour
    _grid_lines(img, np.arange(8) * cell, head + np.arange(rows + 1) * cell, line)
    what = f"calendar month view, {rows}x7 days of {cell} px, event dots and chips"
    return _present(rng, _draw_texts(img, texts), bg, "November 2026"), what


def _sudoku(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    dark = rng.random() < 0.5
    cell = int(rng.integers(30, 120))
    bg: RGB = (0, 0, 0) if dark else (255, 255, 255)
    thin: RGB = (70, 70, 70) if dark else (190, 190, 190)
    thick: RGB = (170, 170, 170) if dark else (30, 30, 30)
    size = 9 * cell
    img = np.empty((size + 4, size + 4, 3), np.uint8)
    img[:] = bg
    texts = []
    for r in range(9):
        for c in range(9):
            if rng.random() < 0.45:
                given = rng.random() < 0.6
                ink = (
                    (thick if given else (40, 100, 230))
                    if not dark
                    else ((230, 230, 230) if given else (90, 160, 255))
                )
                texts.append(
                    _Text(
                        (2 + c * cell + cell / 2, 2 + r * cell + cell / 2),
                        str(int(rng.integers(1, 10))),
                        cell * 0.6,
                        ink,
                        "mm",
                    )
                )
            elif rng.random() < 0.1:  # the selected cell's highlight
                img[2 + r * cell : 2 + (r + 1) * cell, 2 + c * cell : 2 + (c + 1) * cell] = (
                    (50, 60, 90) if dark else (200, 220, 250)
                )
    steps = 2 + np.arange(10) * cell
    _grid_lines(img, steps, steps, thin, max(1, cell // 30))
    _grid_lines(img, steps[::3], steps[::3], thick, max(2, cell // 12))
    return _present(rng, _draw_texts(img, texts), bg, "Sudoku"), f"sudoku 9x9, cells of {cell} px"


def _kakuro(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    n = int(rng.integers(6, 11))
    cell = int(rng.integers(30, 100))
    img = np.full((n * cell + 1, n * cell + 1, 3), 255, np.uint8)
    texts = []
    for r in range(n):
        for c in range(n):
            x, y = c * cell, r * cell
            if r == 0 or c == 0 or rng.random() < 0.25:  # a clue cell
                img[y : y + cell, x : x + cell] = (40, 40, 40)
                cv2.line(img, (x, y), (x + cell, y + cell), (200, 200, 200), 1, cv2.LINE_AA)
                if rng.random() < 0.7:
                    texts.append(
                        _Text(
                            (x + cell * 0.7, y + cell * 0.3),
                            str(int(rng.integers(3, 45))),
                            cell * 0.25,
                            (255, 255, 255),
                            "mm",
                        )
                    )
            elif rng.random() < 0.4:
                texts.append(
                    _Text(
                        (x + cell / 2, y + cell / 2),
                        str(int(rng.integers(1, 10))),
                        cell * 0.55,
                        (20, 60, 200),
                        "mm",
                    )
                )
    _grid_lines(img, np.arange(n + 1) * cell, np.arange(n + 1) * cell, (0, 0, 0))
    return _present(
        rng, _draw_texts(img, texts), (255, 255, 255), "Kakuro"
    ), f"kakuro {n}x{n}, cells of {cell} px"


def _chess(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    cell = int(rng.integers(30, 130))
    checkers = rng.random() < 0.5
    light, dark = [
        ((240, 217, 181), (181, 136, 99)),
        ((238, 238, 210), (118, 150, 86)),
        ((220, 220, 220), (60, 60, 60)),
    ][int(rng.integers(3))]
    img = np.empty((8 * cell, 8 * cell, 3), np.uint8)
    for r in range(8):
        for c in range(8):
            img[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell] = (
                dark if (r + c) % 2 else light
            )
    texts = []
    sides = [(200, 30, 30), (20, 20, 20)] if checkers else [(255, 255, 255), (0, 0, 0)]
    for side, colour in enumerate(sides):
        for _ in range(int(rng.integers(1, 13))):
            r, c = int(rng.integers(8)), int(rng.integers(8))
            if checkers:
                c -= (r + c) % 2 == 0 and c > 0
                _disc(img, (c + 0.5) * cell, (r + 0.5) * cell, cell * 0.38, colour)
                _disc(
                    img,
                    (c + 0.5) * cell,
                    (r + 0.5) * cell,
                    cell * 0.25,
                    _lighter(colour, 40),
                )
            else:
                glyph = (
                    "♔♕♖♗♘♙"[int(rng.integers(6))] if side == 0 else "♚♛♜♝♞♟"[int(rng.integers(6))]
                )
                texts.append(
                    _Text(((c + 0.5) * cell, (r + 0.5) * cell), glyph, cell * 0.8, colour, "mm")
                )
    name = "checkers" if checkers else "chess"
    return _present(
        rng, _draw_texts(img, texts), (48, 46, 43), name.title()
    ), f"{name} board, squares of {cell} px"


def _go(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    n = int(rng.choice([9, 13, 19]))
    pitch = float(rng.uniform(20, 110))
    margin = pitch * 0.8
    size = round(2 * margin + (n - 1) * pitch)
    wood: RGB = (220, 179, 92) if rng.random() < 0.7 else (30, 30, 30)
    img = np.empty((size, size, 3), np.uint8)
    img[:] = wood
    pos = margin + np.arange(n) * pitch
    _grid_lines(img, pos, pos, (20, 20, 20) if wood[0] > 100 else (150, 150, 150))
    stones = int(rng.integers(2, n * n // 3))
    for _ in range(stones):
        x, y = pos[int(rng.integers(n))], pos[int(rng.integers(n))]
        black = rng.random() < 0.5
        _disc(img, x, y, pitch * 0.47, (15, 15, 15) if black else (245, 245, 245))
    return _present(
        rng, img, wood, "Go"
    ), f"Go board {n}x{n} lines, pitch {pitch:.0f} px, {stones} stones"


def _minesweeper(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    rows, cols = int(rng.integers(8, 17)), int(rng.integers(8, 31))
    cell = int(rng.integers(18, 60))
    img = np.empty((rows * cell, cols * cell, 3), np.uint8)
    inks = [(0, 0, 255), (0, 128, 0), (255, 0, 0), (0, 0, 128), (128, 0, 0), (0, 128, 128)]
    texts = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * cell, r * cell
            if rng.random() < 0.5:  # a raised, unopened tile
                img[y : y + cell, x : x + cell] = (192, 192, 192)
                img[y : y + cell, x : x + 2] = img[y : y + 2, x : x + cell] = (255, 255, 255)
                img[y : y + cell, x + cell - 2 : x + cell] = img[
                    y + cell - 2 : y + cell, x : x + cell
                ] = (128, 128, 128)
                if rng.random() < 0.1:
                    texts.append(
                        _Text((x + cell / 2, y + cell / 2), "⚑", cell * 0.6, (255, 0, 0), "mm")
                    )
            else:
                img[y : y + cell, x : x + cell] = (189, 189, 189)
                img[y : y + cell, x] = img[y, x : x + cell] = (128, 128, 128)
                if rng.random() < 0.4:
                    k = int(rng.integers(1, 7))
                    texts.append(
                        _Text((x + cell / 2, y + cell / 2), str(k), cell * 0.6, inks[k - 1], "mm")
                    )
    return _present(
        rng, _draw_texts(img, texts), (192, 192, 192), "Minesweeper"
    ), f"minesweeper {rows}x{cols}, {cell} px"


def _tiles_2048(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    n = int(rng.choice([4, 4, 5, 6]))
    cell = int(rng.integers(60, 220))
    gap = cell // 8
    size = n * cell + (n + 1) * gap
    img = np.full((size, size, 3), (187, 173, 160), np.uint8)
    colours = {
        2: (238, 228, 218),
        4: (237, 224, 200),
        8: (242, 177, 121),
        16: (245, 149, 99),
        32: (246, 124, 95),
        64: (246, 94, 59),
        128: (237, 207, 114),
    }
    texts = []
    for r in range(n):
        for c in range(n):
            x, y = gap + c * (cell + gap), gap + r * (cell + gap)
            value = int(rng.choice([0, 0, 2, 2, 4, 8, 16, 32, 64, 128]))
            cv2.rectangle(
                img,
                (x, y),
                (x + cell, y + cell),
                colours.get(value, (205, 193, 180)),
                -1,
                cv2.LINE_AA,
            )
            if value:
                texts.append(
                    _Text(
                        (x + cell / 2, y + cell / 2),
                        str(value),
                        cell * 0.4,
                        (119, 110, 101) if value < 8 else (249, 246, 242),
                        "mm",
                    )
                )
    return _present(
        rng, _draw_texts(img, texts), (250, 248, 239), "2048"
    ), f"2048 board {n}x{n}, tiles of {cell} px"


def _candy(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    rows, cols = int(rng.integers(7, 10)), int(rng.integers(7, 10))
    cell = int(rng.integers(40, 130))
    img = _glow_background(rng, cols * cell + 1, rows * cell + 1, 0.8, PALETTES["game"])
    img[:] = (img.astype(np.float32) * 0.5 + np.array((40, 30, 90)) * 0.5).astype(np.uint8)
    kinds = [
        GAME_COLOURS[i].rgb
        for i in rng.choice(len(GAME_COLOURS), size=int(rng.integers(4, 7)), replace=False)
    ]
    for r in range(rows):
        for c in range(cols):
            x, y = (c + 0.5) * cell, (r + 0.5) * cell
            colour = kinds[int(rng.integers(len(kinds)))]
            shape = int(rng.integers(3))
            if shape == 0:
                _disc(img, x, y, cell * 0.36, colour)
            elif shape == 1:
                s = cell * 0.32
                cv2.rectangle(
                    img,
                    (round(x - s), round(y - s)),
                    (round(x + s), round(y + s)),
                    colour,
                    -1,
                    cv2.LINE_AA,
                )
            else:
                s = cell * 0.4
                pts = np.array([[x, y - s], [x + s, y], [x, y + s], [x - s, y]], np.int32)
                cv2.fillConvexPoly(img, pts, colour, cv2.LINE_AA)
    _grid_lines(img, np.arange(cols + 1) * cell, np.arange(rows + 1) * cell, (90, 80, 140))
    return _present(
        rng, img, (30, 20, 60), "Sweet Match"
    ), f"match-3 board {rows}x{cols}, {cell} px, {len(kinds)} candy colours"


def _connect_four(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    cell = int(rng.integers(40, 150))
    img = np.full((6 * cell, 7 * cell, 3), (20, 70, 200), np.uint8)
    heights = rng.integers(0, 7, 7)
    for c in range(7):
        for r in range(6):
            filled = 5 - r < heights[c]
            colour = (
                ((230, 40, 40) if rng.random() < 0.5 else (250, 210, 30))
                if filled
                else (255, 255, 255)
            )
            _disc(img, (c + 0.5) * cell, (r + 0.5) * cell, cell * 0.4, colour)
    return _present(rng, img, (255, 255, 255), "Connect 4"), f"connect four 6x7, holes of {cell} px"


def _graph_paper(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    pitch = int(rng.integers(16, 60))
    w, h = int(rng.integers(20, 40)) * pitch, int(rng.integers(20, 50)) * pitch
    paper: RGB = (250, 250, 240) if rng.random() < 0.5 else (255, 255, 255)
    img = np.empty((h + 1, w + 1, 3), np.uint8)
    img[:] = paper
    _grid_lines(img, np.arange(0, w + 1, pitch), np.arange(0, h + 1, pitch), (190, 215, 235))
    _grid_lines(
        img, np.arange(0, w + 1, 5 * pitch), np.arange(0, h + 1, 5 * pitch), (120, 170, 215)
    )
    marks = int(rng.integers(3, 25))
    for _ in range(marks):
        colour = _colour(rng)
        x, y = rng.integers(1, w // pitch) * pitch, rng.integers(1, h // pitch) * pitch
        if rng.random() < 0.5:  # a mark on a crossing, or a pen stroke
            _disc(img, float(x), float(y), pitch * 0.3, colour)
        else:
            x2, y2 = x + rng.integers(-4, 5) * pitch, y + rng.integers(-4, 5) * pitch
            cv2.line(
                img, (int(x), int(y)), (int(x2), int(y2)), colour, max(2, pitch // 6), cv2.LINE_AA
            )
    return _present(
        rng, img, paper, "notes.pdf"
    ), f"graph paper, pitch {pitch} px, {marks} pen marks"


def _pixel_art(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    rows, cols = int(rng.integers(8, 25)), int(rng.integers(8, 20))
    cell = int(rng.integers(20, 70))
    img = np.full((rows * cell + 1, cols * cell + 1, 3), 250, np.uint8)
    texts = []
    inks = [_colour(rng) for _ in range(int(rng.integers(3, 9)))]
    for r in range(rows):
        for c in range(cols):
            k = int(rng.integers(len(inks)))
            if rng.random() < 0.5:  # coloured in already
                img[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell] = inks[k]
            else:
                texts.append(
                    _Text(
                        ((c + 0.5) * cell, (r + 0.5) * cell),
                        str(k + 1),
                        cell * 0.45,
                        (120, 120, 120),
                        "mm",
                    )
                )
    _grid_lines(img, np.arange(cols + 1) * cell, np.arange(rows + 1) * cell, (200, 200, 200))
    return _present(
        rng, _draw_texts(img, texts), (250, 250, 250), "Color by Number"
    ), f"colour-by-number {rows}x{cols}, {cell} px"


def _numberlink_paper(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    n = int(rng.integers(5, 11))
    cell = int(rng.integers(30, 110))
    img = np.full((n * cell + 1, n * cell + 1, 3), 255, np.uint8)
    puzzle = random_puzzle(rng, n, n)
    texts = [
        _Text(
            ((cell_.col + 0.5) * cell, (cell_.row + 0.5) * cell),
            str(k + 1),
            cell * 0.55,
            (0, 0, 0),
            "mm",
        )
        for k, pair in enumerate(puzzle.pairs)
        for cell_ in (pair.a, pair.b)
    ]
    _grid_lines(
        img, np.arange(n + 1) * cell, np.arange(n + 1) * cell, (0, 0, 0), max(1, cell // 40)
    )
    what = f"printed Numberlink {n}x{n} with numbered ends, {cell} px"
    return _present(rng, _draw_texts(img, texts), (255, 255, 255), "Numberlink"), what


def _tiled_wall(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    tile = int(rng.integers(40, 160))
    rows, cols = int(rng.integers(6, 14)), int(rng.integers(6, 14))
    base = rng.integers(60, 230, 3)
    img = np.empty((rows * tile, cols * tile, 3), np.uint8)
    for r in range(rows):
        for c in range(cols):
            shade = np.clip(base + rng.normal(0, 12, 3), 0, 255)
            if rng.random() < 0.08:  # a decorative tile
                shade = np.asarray(_colour(rng), float)
            img[r * tile : (r + 1) * tile, c * tile : (c + 1) * tile] = shade.astype(np.uint8)
    red, green, blue = (int(v) for v in np.clip(base * 0.5, 0, 255))
    grout = (red, green, blue)
    _grid_lines(
        img, np.arange(cols + 1) * tile, np.arange(rows + 1) * tile, grout, max(2, tile // 15)
    )
    noise = rng.normal(0, 6, img.shape)
    img = np.clip(cv2.GaussianBlur(img, (0, 0), 1.2) + noise, 0, 255).astype(np.uint8)
    return _present(
        rng, img, (0, 0, 0), "IMG_2041.jpg"
    ), f"photo of a tiled wall, {rows}x{cols} tiles of {tile} px"


def _noise(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    w, h = int(rng.integers(400, 1600)), int(rng.integers(400, 1600))
    small = rng.integers(
        0, 256, (int(rng.integers(4, 60)), int(rng.integers(4, 60)), 3), dtype=np.uint8
    )
    img = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).astype(float)
    img = np.clip(img + rng.normal(0, rng.uniform(2, 25), img.shape), 0, 255).astype(np.uint8)
    return _present(rng, img, (0, 0, 0), "photo"), f"{w}x{h} smooth noise (a photo-like picture)"


def _memory_cards(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # A memory game: face-down cards, and face-up ones showing a coloured disc, each colour twice.
    rows, cols = int(rng.integers(4, 7)), int(rng.integers(4, 6))
    cell = int(rng.integers(50, 180))
    gap = max(2, cell // 10)
    table: RGB = (20, 20, 30) if rng.random() < 0.6 else (30, 110, 60)
    img = np.empty((rows * cell + gap, cols * cell + gap, 3), np.uint8)
    img[:] = table
    spots = rng.permutation(rows * cols)
    pairs = int(rng.integers(1, rows * cols // 2 + 1))
    face = {int(spots[i]): GAME_COLOURS[(i // 2) % len(GAME_COLOURS)].rgb for i in range(2 * pairs)}
    back: RGB = (70, 90, 160) if rng.random() < 0.5 else (150, 60, 60)
    for k in range(rows * cols):
        r, c = divmod(k, cols)
        x, y = gap + c * cell, gap + r * cell
        colour = face.get(k)
        cv2.rectangle(
            img,
            (x, y),
            (x + cell - gap, y + cell - gap),
            (235, 235, 235) if colour else back,
            -1,
            cv2.LINE_AA,
        )
        if colour:
            _disc(img, x + (cell - gap) / 2, y + (cell - gap) / 2, cell * 0.3, colour)
    what = f"memory game {rows}x{cols}, cards of {cell} px, {pairs} matching pairs face up"
    return _present(rng, img, table, "Memory"), what


def _home_screen(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # A phone's home screen: rows of app icons (rounded squares, a glyph on some) on a wallpaper.
    w, h = _PHONES[int(rng.integers(len(_PHONES)))]
    img = _desktop(rng, w, h, clutter=False)
    cols = int(rng.choice([4, 5]))
    rows = int(rng.integers(4, 7))
    pitch = w / cols
    size = pitch * rng.uniform(0.55, 0.7)
    top = h * rng.uniform(0.1, 0.3)
    texts = []
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.15:
                continue
            x, y = (c + 0.5) * pitch, top + (r + 0.5) * pitch * 1.2
            colour = _colour(rng) if rng.random() < 0.7 else (250, 250, 250)
            a, b = _ip(x - size / 2, y - size / 2), _ip(x + size / 2, y + size / 2)
            cv2.rectangle(img, a, b, colour, -1, cv2.LINE_AA)
            if rng.random() < 0.5:  # a round glyph in the middle
                _disc(img, x, y, size * 0.25, _colour(rng))
            texts.append(
                _Text(
                    (x, y + size * 0.7), _lorem(rng, 1).title(), pitch * 0.12, (255, 255, 255), "mm"
                )
            )
    img = _draw_texts(img, texts)
    return _finish(rng, img), f"phone home screen, {rows}x{cols} app icons of {size:.0f} px"


# ------------------------------------------------------------ Flow boards one cannot read


def _flow_shot(
    rng: np.random.Generator,
    *,
    glow: float | None = None,
    categories: tuple[str, ...] = ("phone", "crop", "mirror", "web"),
) -> SyntheticShot:
    """A plain synthetic Flow screenshot, lossless and undrifted, to spoil afterwards."""
    category = str(rng.choice(categories))
    puzzle, options = CATEGORIES[category](rng)
    options = replace(options, jpeg_quality=None, drift=Drift())
    if glow is not None:
        options = replace(options, glow=glow)
    return synthesize(puzzle, seed=int(rng.integers(2**31)), options=options)


def _grid(shot: SyntheticShot) -> BoardGeometry:
    """The grid lines of a classic board's shot (the boards these decoys spoil)."""
    if not isinstance(shot.geometry, BoardGeometry):
        raise TypeError("a classic board's shot has grid lines")
    return shot.geometry


def _style(shot: SyntheticShot) -> RenderStyle:
    o = shot.options
    return RenderStyle(
        line_colour=o.pack.line,
        line_width=min(0.2, o.line_px / shot.geometry.cell_size),
        dot_radius=o.dot_radius,
    )


def _finish(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    return _jpeg(img, int(rng.integers(60, 96))) if rng.random() < 0.3 else img


def _empty_cells(puzzle: Puzzle) -> list[Cell]:
    dots = puzzle.dots()
    return [
        Cell(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if Cell(r, c) not in dots
    ]


def _flow_walls(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng)
    g, img = _grid(shot), shot.image.copy()
    p = g.cell_size
    width = max(3, round(p * rng.uniform(0.08, 0.15)))
    colour = tuple(min(255, round(v * 2.2)) for v in shot.options.pack.line)
    n = int(rng.integers(2, 7))
    for _ in range(n):
        if rng.random() < 0.5:  # a vertical wall along one cell
            c, r = int(rng.integers(1, g.cols)), int(rng.integers(g.rows))
            a, b = (g.xs[c], g.ys[r]), (g.xs[c], g.ys[r + 1])
        else:
            r, c = int(rng.integers(1, g.rows)), int(rng.integers(g.cols))
            a, b = (g.xs[c], g.ys[r]), (g.xs[c + 1], g.ys[r])
        cv2.line(
            img, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), colour, width, cv2.LINE_AA
        )
    return _finish(rng, img), f"{shot.puzzle.size} Flow board with {n} walls, {p:.0f} px cells"


def _flow_holes(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng, glow=0.0, categories=("phone", "crop"))
    g, puzzle, img = _grid(shot), shot.puzzle, shot.image.copy()
    p = g.cell_size
    half = max(1.0, _style(shot).line_width * p) / 2
    free = set(_empty_cells(puzzle))
    # Holes at a corner or along a side: a shaped board.
    r0 = int(rng.choice([0, g.rows - 1]))
    c0 = int(rng.choice([0, g.cols - 1]))
    size = int(rng.integers(1, 4))
    holes = {
        Cell(r, c)
        for r in range(g.rows)
        for c in range(g.cols)
        if abs(r - r0) < size and abs(c - c0) < size and Cell(r, c) in free
    }
    # A hole shows only on the board's edge or beside another hole: elsewhere
    # its neighbours draw its whole outline again, leaving a plain empty cell.
    holes = {
        cell
        for cell in holes
        if cell.row in (0, g.rows - 1)
        or cell.col in (0, g.cols - 1)
        or any(other in holes for other in puzzle.neighbours(cell))
    }
    if not holes:
        on_edge = [
            cell
            for cell in sorted(free)
            if cell.row in (0, g.rows - 1) or cell.col in (0, g.cols - 1)
        ]
        holes = {(on_edge or sorted(free))[0]}
    for cell in holes:
        x0, x1 = g.xs[cell.col] - half, g.xs[cell.col + 1] + half
        y0, y1 = g.ys[cell.row] - half, g.ys[cell.row + 1] + half
        img[
            max(0, math.floor(y0)) : math.ceil(y1) + 1, max(0, math.floor(x0)) : math.ceil(x1) + 1
        ] = 0
    line = shot.options.pack.line
    for r in range(g.rows):
        for c in range(g.cols):
            if Cell(r, c) in holes:
                continue
            x0, x1, y0, y1 = g.xs[c], g.xs[c + 1], g.ys[r], g.ys[r + 1]
            for a, b in (
                ((x0, y0), (x1, y0)),
                ((x0, y1), (x1, y1)),
                ((x0, y0), (x0, y1)),
                ((x1, y0), (x1, y1)),
            ):
                img[
                    round(min(a[1], b[1]) - half + 0.5) : round(max(a[1], b[1]) + half + 0.5),
                    round(min(a[0], b[0]) - half + 0.5) : round(max(a[0], b[0]) + half + 0.5),
                ] = line
    what = f"{puzzle.size} Flow board with {len(holes)} cells cut out, {p:.0f} px cells"
    return _finish(rng, img), what


def _flow_odd_dot(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng)
    g, puzzle = _grid(shot), shot.puzzle
    style = _style(shot)
    free = _empty_cells(puzzle)
    e1, e2 = (free[int(i)] for i in rng.choice(len(free), size=2, replace=False))
    k, j = (
        (int(i) for i in rng.permutation(len(puzzle.pairs))[:2])
        if len(puzzle.pairs) > 1
        else (0, 0)
    )
    used = set(shot.colours)
    spare = [c.rgb for c in PALETTES[shot.options.palette] if c.rgb not in used]
    spare += [(255, 128, 0), (128, 255, 200)]
    a_k, a_j = puzzle.pairs[k].a, puzzle.pairs[j].a
    # Each spoiling pair is drawn over dots already there: a pair's second
    # dot on a dot of its own colour changes nothing; on another's, recolours it.
    variant = int(rng.integers(4)) if j != k else int(rng.integers(2))
    spoil: tuple[Pair, ...]
    if variant == 0:
        spoil, colours, what = (Pair("X", e1, a_k),), [shot.colours[k]], "a colour seen three times"
    elif variant == 1:
        spoil, colours, what = (Pair("X", e1, a_k),), [spare[0]], "a colour seen once"
    elif variant == 2:
        spoil, colours = (Pair("X", a_j, a_k),), [shot.colours[k]]
        what = "one colour seen three times and another once"
    else:
        spoil, colours = (Pair("X", a_k, e1), Pair("Y", a_j, e2)), spare[:2]
        what = "two colours seen once each"
    img = draw_board(shot.image, Puzzle(g.rows, g.cols, spoil), g, style=style, colours=colours)
    if variant == 1:  # k's dot drawn again over the new colour's second dot
        img = draw_board(img, puzzle, g, style=style, colours=shot.colours)
    return _finish(rng, img), f"{puzzle.size} Flow board with {what}"


#: Bright outline colours of walls and shaped boards' edges, as the game draws them.
_WALL_COLOURS: tuple[RGB, ...] = ((250, 205, 140), (235, 150, 150), (200, 200, 240))


def _bright_segment(
    img: np.ndarray, a: tuple[float, float], b: tuple[float, float], colour: RGB, width: int
) -> None:
    cv2.line(img, _ip(*a), _ip(*b), colour, width, cv2.LINE_AA)


def _flow_walled(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # The game's walls: a bright double line along an inner edge (a barrier between two cells).
    shot = _flow_shot(rng, glow=float(rng.uniform(0, 0.4)))
    g, img = _grid(shot), shot.image.copy()
    p = g.cell_size
    colour = _WALL_COLOURS[int(rng.integers(len(_WALL_COLOURS)))]
    width = max(1, round(shot.options.line_px))
    gap = max(1.5, p * 0.05)
    n = int(rng.integers(1, 5))
    for _ in range(n):
        length = int(rng.integers(1, 4))
        if rng.random() < 0.5:  # vertical, along ``length`` cells
            c, r = int(rng.integers(1, g.cols)), int(rng.integers(0, g.rows - length + 1))
            for d in (-gap, gap):
                _bright_segment(
                    img, (g.xs[c] + d, g.ys[r]), (g.xs[c] + d, g.ys[r + length]), colour, width
                )
        else:
            r, c = int(rng.integers(1, g.rows)), int(rng.integers(0, g.cols - length + 1))
            for d in (-gap, gap):
                _bright_segment(
                    img, (g.xs[c], g.ys[r] + d), (g.xs[c + length], g.ys[r] + d), colour, width
                )
    return _finish(
        rng, img
    ), f"{shot.puzzle.size} Flow board with {n} double-line walls, {p:.0f} px cells"


def _flow_shaped(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # The game's shaped boards: cells left out, no lines inside, a bright outline round them.
    shot = _flow_shot(rng, glow=0.0, categories=("phone", "crop"))
    g, puzzle, img = _grid(shot), shot.puzzle, shot.image.copy()
    p = g.cell_size
    dots = puzzle.dots()
    for _ in range(50):
        h, w = int(rng.integers(1, 3)), int(rng.integers(1, 4))
        r0, c0 = int(rng.integers(0, g.rows - h + 1)), int(rng.integers(0, g.cols - w + 1))
        block = [Cell(r, c) for r in range(r0, r0 + h) for c in range(c0, c0 + w)]
        if not any(cell in dots for cell in block):
            break
    else:
        block, (r0, c0, h, w) = [], (0, 0, 0, 0)
    half = max(1.0, _style(shot).line_width * p) / 2
    if block:
        x0, x1 = g.xs[c0] - half, g.xs[c0 + w] + half
        y0, y1 = g.ys[r0] - half, g.ys[r0 + h] + half
        img[
            max(0, math.floor(y0)) : math.ceil(y1) + 1, max(0, math.floor(x0)) : math.ceil(x1) + 1
        ] = 0
        colour = _WALL_COLOURS[int(rng.integers(len(_WALL_COLOURS)))]
        width = max(1, round(shot.options.line_px))
        left, right, top, bottom = g.xs[c0], g.xs[c0 + w], g.ys[r0], g.ys[r0 + h]
        # The outline is the playable area's edge: none along the board's own border.
        sides = (
            (c0 > 0, (left, top), (left, bottom)),
            (c0 + w < g.cols, (right, top), (right, bottom)),
            (r0 > 0, (left, top), (right, top)),
            (r0 + h < g.rows, (left, bottom), (right, bottom)),
        )
        for inside, a, b in sides:
            if inside:
                _bright_segment(img, a, b, colour, width)
    what = f"{puzzle.size} Flow board with a {h}x{w} block of cells left out at ({r0}, {c0})"
    return _finish(rng, img), what


def _flow_cut(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng, categories=("phone", "crop", "web"))
    g, img = _grid(shot), shot.image
    p = g.cell_size
    vertical = rng.random() < 0.5
    lines, size = (g.ys, g.rows) if vertical else (g.xs, g.cols)
    k = int(rng.integers(1, size - 1))
    cut = round(lines[k] + rng.uniform(0.35, 0.8) * p)
    keep_start = rng.random() < 0.5
    if vertical:
        img = img[:cut] if keep_start else img[cut:]
    else:
        img = img[:, :cut] if keep_start else img[:, cut:]
    side = ("bottom" if keep_start else "top") if vertical else ("right" if keep_start else "left")
    return _finish(
        rng, img
    ), f"{shot.puzzle.size} Flow board cut at its {side} through a row of cells"


def _flow_bridges(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng)
    g, puzzle, img = _grid(shot), shot.puzzle, shot.image.copy()
    p = g.cell_size
    free = _empty_cells(puzzle)
    n = min(len(free), int(rng.integers(1, 4)))
    grey = int(rng.integers(70, 140))
    for i in rng.choice(len(free), size=n, replace=False):
        _bridge_deck(img, *g.centre(free[int(i)]), p, grey, across=rng.random() < 0.5)
    return _finish(rng, img), f"{puzzle.size} Flow Free: Bridges board with {n} bridges"


def _square(img: np.ndarray, x: float, y: float, s: float, fill: RGB) -> None:
    """A filled square of half side ``s`` centred on (x, y), anti-aliased."""
    box = np.array([[x - s, y - s], [x + s, y - s], [x + s, y + s], [x - s, y + s]])
    cv2.fillConvexPoly(img, np.round(box * 16).astype(np.int32), fill, cv2.LINE_AA, 4)


def _bridge_deck(img: np.ndarray, x: float, y: float, p: float, grey: int, *, across: bool) -> None:
    """A bridge in a cell of pitch ``p``: a grey tile with the upper deck's two rails on it."""
    s = p * 0.4
    _square(img, x, y, s, (grey,) * 3)
    rail = (min(255, grey + 70),) * 3
    for d in (-0.25 * p, 0.25 * p):
        a, b = ((x - s, y + d), (x + s, y + d)) if across else ((x + d, y - s), (x + d, y + s))
        cv2.line(img, _ip(*a), _ip(*b), rail, max(1, round(p * 0.05)), cv2.LINE_AA)


def _flow_dialog(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng, categories=("phone", "mirror", "web"))
    g, img = _grid(shot), shot.image.copy()
    p = g.cell_size
    # A pop-up over part of the board: level complete, an offer, a hint.
    w = g.right - g.left
    x0 = g.left + rng.uniform(-0.1, 0.3) * w
    x1 = x0 + rng.uniform(0.6, 1.0) * w
    top_row = int(rng.integers(0, g.rows - 1))
    y0 = g.ys[top_row] + rng.uniform(0, 0.9) * p
    y1 = y0 + rng.uniform(1.5, max(1.6, g.rows - top_row - 0.5)) * p
    box = (round(max(0, x0)), round(y0), round(min(img.shape[1] - 1, x1)), round(y1))
    img = _pop_up(rng, img, box, p)
    what = f"{shot.puzzle.size} Flow board partly covered by a pop-up from row {top_row}"
    return _finish(rng, img), what


def _pop_up(
    rng: np.random.Generator, img: np.ndarray, box: tuple[int, int, int, int], p: float
) -> np.ndarray:
    """A pop-up (level complete, an offer, a hint) in ``box = (x0, y0, x1, y1)``, in place."""
    dark = rng.random() < 0.6
    fill: RGB = (40, 40, 44) if dark else (245, 245, 245)
    cv2.rectangle(img, box[:2], box[2:], fill, -1, cv2.LINE_AA)
    cv2.rectangle(img, box[:2], box[2:], (200, 200, 200), max(1, round(p / 30)), cv2.LINE_AA)
    ink = (255, 255, 255) if dark else (20, 20, 20)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    title = str(rng.choice(["Level complete!", "You're on a roll!", "Get more hints", "Perfect!"]))
    texts = [_Text((cx, cy - p * 0.3), title, max(10.0, p * 0.45), ink, "mm")]
    texts.append(_Text((cx, cy + p * 0.4), "Next level", max(8.0, p * 0.3), (40, 160, 250), "mm"))
    return _draw_texts(img, texts)


def _flow_hex(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    n = int(rng.integers(5, 9))
    r = float(rng.uniform(18, 70))  # hexagon circumradius
    w_step, h_step = math.sqrt(3) * r, 1.5 * r
    width, height = round(w_step * (n + 1) + 2 * r), round(h_step * n + 3 * r)
    palette = PALETTES[str(rng.choice(list(PALETTES)))]
    img = _glow_background(rng, width, height, float(rng.uniform(0, 0.6)), palette)
    centres = [
        (r + w_step * (c + 0.5 * (row % 2) + 0.5), 1.5 * r + h_step * row)
        for row in range(n)
        for c in range(n)
    ]
    line = (66, 107, 65)
    for x, y in centres:
        pts = np.array(
            [
                [
                    x + r * math.cos(math.radians(60 * k + 30)),
                    y + r * math.sin(math.radians(60 * k + 30)),
                ]
                for k in range(6)
            ]
        )
        cv2.polylines(
            img,
            [np.round(pts * 16).astype(np.int32)],
            True,
            line,
            max(1, round(r / 20)),
            cv2.LINE_AA,
            4,
        )
    pairs = int(rng.integers(3, min(9, len(centres) // 3)))
    spots = rng.choice(len(centres), size=2 * pairs, replace=False)
    for k in range(pairs):
        for i in spots[2 * k : 2 * k + 2]:
            _disc(img, *centres[int(i)], r * 0.6, palette[k].rgb)
    return _present(
        rng, img, (0, 0, 0), "Flow Free: Hexes"
    ), f"hexagonal Flow board, {n}x{n} hexagons of {r:.0f} px, {pairs} pairs"


def _flow_two_boards(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shots = []
    for _ in range(2):
        puzzle, options = CATEGORIES["crop"](rng)
        options = replace(
            options,
            scene=Scene.CROP,
            cell_px=float(rng.uniform(25, 60)),
            crop_cut=-0.3,
            jpeg_quality=None,
            drift=Drift(),
        )
        shots.append(synthesize(puzzle, seed=int(rng.integers(2**31)), options=options))
    a, b = (s.image for s in shots)
    gap = int(rng.integers(10, 200))
    h = max(a.shape[0], b.shape[0])
    img = np.zeros((h, a.shape[1] + gap + b.shape[1], 3), np.uint8)
    img[: a.shape[0], : a.shape[1]] = a
    img[: b.shape[0], a.shape[1] + gap :] = b
    what = f"two Flow boards side by side ({shots[0].puzzle.size} and {shots[1].puzzle.size})"
    return _present(rng, img, (0, 0, 0), "Flow Free x2"), what


def _flow_other_preview(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # The OS's screenshot preview in a corner, below the board, but of another
    # screen: another level of the same size, or this level in other colours.
    while True:
        puzzle, options = CATEGORIES["phone"](rng)
        options = replace(options, jpeg_quality=None, drift=Drift(), preview=0.0)
        shot = synthesize(puzzle, seed=int(rng.integers(2**31)), options=options)
        h = shot.image.shape[0]
        room = (h - shot.geometry.bottom) / h - 0.04
        if room >= 0.2:
            break
    shown = synthesize(puzzle, seed=shot.seed, options=replace(options, colour_pick="shuffled"))
    what = "this level in other colours'"
    while rng.random() < 0.5 or shown.colours == shot.colours:
        other = random_puzzle(rng, puzzle.rows, puzzle.cols, len(puzzle.pairs))
        shown = synthesize(other, seed=shot.seed, options=options)
        what = "another level's"
        if other.canonical() != puzzle.canonical():
            break
    scale = float(rng.uniform(0.2, min(0.3, room)))
    corner = "bottom-left" if rng.random() < 0.7 else "bottom-right"
    img = paste_preview(shot.image, shown.image, scale, corner)
    return _finish(rng, img), f"{puzzle.size} Flow board with {what} screenshot preview"


def _flow_other_solved_preview(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # A finished board with the OS's screenshot preview of another finished board
    # (the screen before this level): both boards' dots are joined to their pipes,
    # so no lone pairs of dots show beside the board to tell the preview is there.
    while True:
        like, options = CATEGORIES["phone"](rng)
        options = replace(options, jpeg_quality=None, drift=Drift(), preview=0.0)
        solution = _generated(rng, like.rows, like.cols)
        shot = synthesize(
            solution.puzzle, seed=int(rng.integers(2**31)), options=options, solution=solution
        )
        h = shot.image.shape[0]
        room = (h - shot.geometry.bottom) / h - 0.04
        if room >= 0.2:
            break
    while True:
        n = int(rng.integers(5, 10))
        other = _generated(rng, n, n)
        if other.puzzle.canonical() != solution.puzzle.canonical():
            break
    shown = synthesize(other.puzzle, seed=shot.seed, options=options, solution=other)
    scale = float(rng.uniform(0.2, min(0.3, room)))
    corner = "bottom-left" if rng.random() < 0.7 else "bottom-right"
    img = paste_preview(shot.image, shown.image, scale, corner)
    what = f"finished {solution.puzzle.size} Flow board with another finished board's preview"
    return _finish(rng, img), what


def _flow_empty(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _flow_shot(rng)
    empty = Puzzle(shot.puzzle.rows, shot.puzzle.cols, ())
    # The same scene drawn without its dots: the board a level shows while loading.
    img = synthesize(empty, seed=shot.seed, options=shot.options).image
    return _finish(rng, img), f"{empty.size} Flow board with no dots"


def _flow_edge_objects(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # A board whose border lies flush against another window, the wallpaper or
    # the image's edge (a mirror window's edge on the board's), with things the
    # game never draws in empty cells along that border: past such a border the
    # reader cannot tell the board's ground from the other's, and must still
    # refuse what lies inside.
    glow = float(rng.uniform(0.3, 1.0)) if rng.random() < 0.5 else 0.0
    shot = _flow_shot(rng, glow=glow, categories=("mirror", "crop"))
    g, puzzle, img = _grid(shot), shot.puzzle, shot.image.copy()
    p = g.cell_size
    half = max(1.0, _style(shot).line_width * p) / 2
    first = int(rng.integers(4))
    sides = [first] + ([(first + 1) % 4] if rng.random() < 0.5 else [])  # a corner: two sides
    free = set(_empty_cells(puzzle))
    edge = sorted(cell for cell in free if any(_on_side(g, cell, k) for k in sides))
    if not edge:
        edge = sorted(free)
    n = min(len(edge), int(rng.integers(1, 4)))
    cells = [edge[int(i)] for i in rng.choice(len(edge), size=n, replace=False)]
    corner = sorted(cell for cell in free if all(_on_side(g, cell, k) for k in sides))
    if corner and rng.random() < 0.5 and corner[0] not in cells:
        cells[0] = corner[0]
    # The same object again in the cell inward of one: a colour going on
    # across a line, as glow's does.
    if rng.random() < 0.4:
        r, c = cells[0]
        k = next((k for k in sides if _on_side(g, cells[0], k)), sides[0])
        dr, dc = _OUTWARD[k]
        twin = Cell(r - dr, c - dc)  # inward
        if twin in free and twin not in cells:
            cells.append(twin)
    what = str(rng.choice(["bridge", "hole", "odd dot", "wall", "text", "tile"]))
    colour = _colour(rng)
    if rng.random() < 0.4:  # glow cut off at the border, through the cells
        glow_colour = PALETTES[shot.options.palette][int(rng.integers(8))].rgb
        alpha = float(rng.uniform(0.15, 0.5))
        img = _glow_band(img, g, cells, sides, colour=glow_colour, alpha=alpha)
        what += " over glow"
        if rng.random() < 0.5:
            dim = float(rng.uniform(0.4, 0.9))
            red, green, blue = (min(255, round(v * dim)) for v in glow_colour)
            colour = (red, green, blue)
    # An odd dot's colour is seen once: each its own, none of the board's.
    used = set(shot.colours)
    spare = [c.rgb for c in PALETTES[shot.options.palette] if c.rgb not in used]
    spare += [(255, 128, 0), (128, 255, 200), (200, 60, 255), (90, 200, 255)]
    for i, cell in enumerate(cells):
        kind = what.split(" over")[0]
        own = spare[i] if kind == "odd dot" else colour
        _edge_object(
            rng, img, g, cell, what=kind, colour=own, half=half, shot=shot, holes=set(cells)
        )
    img, how = _flush(rng, img, g, sides, half)
    names = "/".join(_SIDE_NAMES[k] for k in sides)
    return _finish(rng, img), (
        f"{puzzle.size} Flow board flush against {how} at its {names} border, "
        f"{what} in {len(cells)} edge cells {[tuple(c) for c in cells]}, {p:.0f} px cells"
    )


#: The board's sides as ``_flow_edge_objects`` numbers them, and the step
#: (rows, columns) from a cell to its neighbour past each.
_SIDE_NAMES = ("left", "top", "right", "bottom")
_OUTWARD = ((0, -1), (-1, 0), (0, 1), (1, 0))


def _on_side(g: BoardGeometry, cell: Cell, side: int) -> bool:
    return (cell.col == 0, cell.row == 0, cell.col == g.cols - 1, cell.row == g.rows - 1)[side]


def _glow_band(
    img: np.ndarray,
    g: BoardGeometry,
    cells: list[Cell],
    sides: list[int],
    *,
    colour: RGB,
    alpha: float,
) -> np.ndarray:
    """A soft band of glow through ``cells`` out to the border, on the dark ground only."""
    h, w = img.shape[:2]
    p = g.cell_size
    layer = np.zeros((h, w), np.float32)
    for cell in cells:
        x, y = g.centre(cell)
        for k in sides:
            if not _on_side(g, cell, k):
                continue
            far = {0: (g.left - p, y), 1: (x, g.top - p), 2: (g.right + p, y), 3: (x, g.bottom + p)}
            into = {0: (x + 3 * p, y), 1: (x, y + 3 * p), 2: (x - 3 * p, y), 3: (x, y - 3 * p)}
            cv2.line(layer, _ip(*into[k]), _ip(*far[k]), 1.0, max(1, round(p)), cv2.LINE_AA)
    soft = np.asarray(cv2.GaussianBlur(layer, (0, 0), max(1.0, p * 0.25)), np.float32)
    glow = soft[:, :, None] * np.asarray(colour, np.float32) * alpha
    return np.maximum(img, np.clip(glow + 0.5, 0, 255).astype(np.uint8))


def _edge_object(
    rng: np.random.Generator,
    img: np.ndarray,
    g: BoardGeometry,
    cell: Cell,
    *,
    what: str,
    colour: RGB,
    half: float,
    shot: SyntheticShot,
    holes: set[Cell],
) -> None:
    """Draw one thing the game never draws in an empty cell, in place."""
    p = g.cell_size
    x, y = g.centre(cell)
    x0, x1, y0, y1 = g.xs[cell.col], g.xs[cell.col + 1], g.ys[cell.row], g.ys[cell.row + 1]
    if what in ("bridge", "tile"):
        s = p * (0.4 if what == "bridge" else rng.uniform(0.3, 0.46))
        grey = int(rng.integers(70, 140))
        if what == "bridge":
            _bridge_deck(img, x, y, p, grey, across=True)
        else:
            _square(img, x, y, s, colour)
    elif what == "hole":  # the cell left out: black to its lines, its border segment too
        img[
            max(0, math.floor(y0 + half)) : math.ceil(y1 - half),
            max(0, math.floor(x0 + half)) : math.ceil(x1 - half),
        ] = 0
        for k in range(4):
            if _on_side(g, cell, k) or _in_hole(g, cell, k, holes):
                _black_side(img, g, cell, k, half)
    elif what == "odd dot":
        _disc(img, x, y, p * shot.options.dot_radius, colour)
    elif what == "wall":  # on an inner edge of the cell (the border is a wall anyway)
        wall = _WALL_COLOURS[int(rng.integers(len(_WALL_COLOURS)))]
        width = max(2, round(p * rng.uniform(0.05, 0.12)))
        inner = [k for k in range(4) if not _on_side(g, cell, k)]
        k = inner[int(rng.integers(len(inner)))]
        a, b = _side_ends(g, cell, k)
        _bright_segment(img, a, b, wall, width)
    else:  # a pop-up's text over the cell
        word = str(rng.choice(["OK", "Next", "Hint", "Go", "!", "x2", "Undo"]))
        ink = colour if rng.random() < 0.5 else (245, 245, 245)
        img[:] = _draw_texts(img, [_Text((x, y), word, p * rng.uniform(0.3, 0.6), ink, "mm")])


def _side_ends(
    g: BoardGeometry, cell: Cell, side: int
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of a cell's side (0 left, 1 top, 2 right, 3 bottom)."""
    x0, x1, y0, y1 = g.xs[cell.col], g.xs[cell.col + 1], g.ys[cell.row], g.ys[cell.row + 1]
    return (
        ((x0, y0), (x0, y1)),
        ((x0, y0), (x1, y0)),
        ((x1, y0), (x1, y1)),
        ((x0, y1), (x1, y1)),
    )[side]


def _in_hole(g: BoardGeometry, cell: Cell, side: int, holes: set[Cell]) -> bool:
    """Whether the cell past ``side`` is left out too (no neighbour draws that line)."""
    dr, dc = _OUTWARD[side]
    return Cell(cell.row + dr, cell.col + dc) in holes


def _black_side(img: np.ndarray, g: BoardGeometry, cell: Cell, side: int, half: float) -> None:
    (ax, ay), (bx, by) = _side_ends(g, cell, side)
    img[
        max(0, math.floor(ay - half)) : math.ceil(by + half) + 1,
        max(0, math.floor(ax - half)) : math.ceil(bx + half) + 1,
    ] = 0


def _flush(
    rng: np.random.Generator, img: np.ndarray, g: BoardGeometry, sides: list[int], half: float
) -> tuple[np.ndarray, str]:
    """Another window, the wallpaper or the image's edge flush against the board's ``sides``."""
    how = str(rng.choice(["another window", "the wallpaper", "the image's edge"]))
    p = g.cell_size
    room = int(rng.integers(round(max(40, p)), round(max(80, 4 * p))))
    # Room past every side flushed: the canvas padded with black where short.
    pads = [0, 0, 0, 0]  # left, top, right, bottom
    h, w = img.shape[:2]
    for k in sides:
        border = (g.left, g.top, g.right, g.bottom)[k]
        out = (border, border, w - 1 - border, h - 1 - border)[k]
        pads[k] = max(0, math.ceil(room + 2 * half - out))
    img = cv2.copyMakeBorder(img, pads[1], pads[3], pads[0], pads[2], cv2.BORDER_REPLICATE)
    g = g.shifted(pads[0], pads[1])
    h, w = img.shape[:2]
    # Where the foreign thing begins: at the line's outer edge, through its
    # middle, or a pixel or two past it.
    offset = float(rng.choice([half, 0.0, half + rng.uniform(0.5, 2.0)]))
    cuts = {}
    for k in sides:
        if k in (0, 1):
            cuts[k] = math.floor((g.left, g.top)[k] - offset + 0.5)  # first pixel kept
        else:
            cuts[k] = math.ceil((g.right, g.bottom)[k - 2] + offset - 0.5)  # last pixel kept
    if how == "the image's edge":
        left, top = cuts.get(0, 0), cuts.get(1, 0)
        right, bottom = cuts.get(2, w - 1), cuts.get(3, h - 1)
        return img[top : bottom + 1, left : right + 1], how
    other = _window(rng, w, h) if how == "another window" else _desktop(rng, w, h, clutter=False)
    mask = np.zeros((h, w), bool)
    for k, at in cuts.items():
        if k == 0:
            mask[:, :at] = True
        elif k == 1:
            mask[:at, :] = True
        elif k == 2:
            mask[:, at + 1 :] = True
        else:
            mask[at + 1 :, :] = True
    img = img.copy()
    img[mask] = other[mask]
    return img, how


# ------------------------------------------- the game's other boards one still cannot read


def _variant_shot(
    rng: np.random.Generator, categories: tuple[str, ...] = ("phone", "crop", "mirror", "web")
) -> SyntheticShot:
    """A lossless synthetic shot of one of the game's other boards (walls, holes, bridges,
    warps, hexagons), to spoil afterwards."""
    variant = str(rng.choice(list(VARIANTS)))
    like, options = CATEGORIES[str(rng.choice(categories))](rng)
    solution = _variant_board(rng, variant, like)
    options = replace(options, jpeg_quality=None, drift=Drift(), preview=0.0)
    return synthesize(solution.puzzle, seed=int(rng.integers(2**31)), options=options)


def _variant_cut(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _variant_shot(rng, ("phone", "crop", "web"))
    g, puzzle, img = shot.geometry, shot.puzzle, shot.image
    # Through the middle part of a row (or column) of cells that has playable cells,
    # away from its lines: part of every cell it crosses lies outside the image.
    across_rows = rng.random() < 0.5
    size = puzzle.rows if across_rows else puzzle.cols
    lines = [
        k
        for k in range(1, size - 1)
        if any(
            puzzle.is_playable((k, j) if across_rows else (j, k))
            for j in range(puzzle.cols if across_rows else puzzle.rows)
        )
    ]
    k = int(rng.choice(lines)) if lines else size // 2
    cell = next((c for c in puzzle.cells() if (c.row if across_rows else c.col) == k), Cell(0, 0))
    centre = g.centre(cell)
    offset = float(rng.uniform(0.15, 0.3) * g.cell_size * rng.choice([-1, 1]))
    keep_start = rng.random() < 0.5
    if across_rows:
        cut = round(centre.y + offset)
        img = img[:cut] if keep_start else img[cut:]
        side = "bottom" if keep_start else "top"
    else:
        cut = round(centre.x + offset)
        img = img[:, :cut] if keep_start else img[:, cut:]
        side = "right" if keep_start else "left"
    what = f"{puzzle.size} {puzzle.kind} board cut at its {side} through cells"
    return _finish(rng, img), what


def _variant_two_boards(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shots = [_variant_shot(rng, ("crop",)) for _ in range(2)]
    a, b = (s.image for s in shots)
    gap = int(rng.integers(10, 200))
    h = max(a.shape[0], b.shape[0])
    img = np.zeros((h, a.shape[1] + gap + b.shape[1], 3), np.uint8)
    img[: a.shape[0], : a.shape[1]] = a
    img[: b.shape[0], a.shape[1] + gap :] = b
    kinds = " and ".join(f"{s.puzzle.size} {s.puzzle.kind}" for s in shots)
    return _present(rng, img, (0, 0, 0), "Flow Free x2"), f"two boards side by side ({kinds})"


def _variant_odd_dot(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _variant_shot(rng)
    g, puzzle, img = shot.geometry, shot.puzzle, shot.image.copy()
    dots = puzzle.dots()
    free = [c for c in puzzle.cells() if c not in dots and c not in puzzle.bridges]
    used = set(shot.colours)
    spare = [c.rgb for c in PALETTES[shot.options.palette] if c.rgb not in used]
    spare += [(255, 128, 0), (128, 255, 200)]
    n = min(len(free), 1 if rng.random() < 0.7 else 2)
    chosen = [free[int(i)] for i in rng.choice(len(free), size=n, replace=False)]
    thrice = rng.random() < 0.5
    for i, cell in enumerate(chosen):
        colour = shot.colours[int(rng.integers(len(shot.colours)))] if thrice else spare[i]
        _disc(img, *g.centre(cell), shot.options.dot_radius * g.cell_size, colour)
    what = "three times" if thrice else "once"
    return _finish(rng, img), f"{puzzle.size} {puzzle.kind} board with a colour seen {what}"


def _variant_empty(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    shot = _variant_shot(rng)
    empty = replace(shot.puzzle, pairs=())
    img = synthesize(empty, seed=shot.seed, options=shot.options).image
    return _finish(rng, img), f"{empty.size} {empty.kind} board with no dots"


def _variant_dialog(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # A pop-up over part of a shaped board reads as more cells left out.
    shot = _variant_shot(rng, ("phone", "mirror", "web"))
    g, img = shot.geometry, shot.image.copy()
    p, w, h = g.cell_size, g.right - g.left, g.bottom - g.top
    x0 = g.left + rng.uniform(-0.1, 0.3) * w
    x1 = x0 + rng.uniform(0.6, 1.0) * w
    y0 = g.top + rng.uniform(0, max(0.05, 1 - 2.5 * p / h)) * h
    y1 = y0 + rng.uniform(1.5 * p, max(1.6 * p, g.bottom - y0 - 0.5 * p))
    box = (round(max(0, x0)), round(y0), round(min(img.shape[1] - 1, x1)), round(y1))
    img = _pop_up(rng, img, box, p)
    what = f"{shot.puzzle.size} {shot.puzzle.kind} board partly covered by a pop-up"
    return _finish(rng, img), what


def _face(rng: np.random.Generator, n: int, px: int, line: RGB) -> np.ndarray:
    """An n x n board with random dots, square, ``px`` per cell, on black."""
    puzzle = random_puzzle(rng, n, n, int(rng.integers(1, n + 1)))
    size = n * px
    canvas = np.zeros((size + 1, size + 1, 3), np.uint8)
    geometry = BoardGeometry.uniform(left=0, top=0, width=size, height=size, rows=n, cols=n)
    style = RenderStyle(line_colour=line, line_width=max(1 / px, 0.03))
    colours = [GAME_COLOURS[int(i)].rgb for i in rng.permutation(len(GAME_COLOURS))]
    return draw_board(canvas, puzzle, geometry, style=style, colours=colours[: len(puzzle.pairs)])


def _shapes_cube(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # Flow Free: Shapes' 3D levels: three faces of a cube seen from a corner, each
    # a grid of cells, flows running over the edges from one face to the next.
    n, px = int(rng.integers(3, 7)), int(rng.integers(30, 70))
    line = PACKS[int(rng.integers(len(PACKS) - 1))].line
    side = n * px
    width = round(2 * side * math.cos(math.radians(30))) + 20
    height = round(2 * side) + 20
    palette = PALETTES[str(rng.choice(list(PALETTES)))]
    img = _glow_background(rng, width, height, float(rng.uniform(0, 0.6)), palette)
    cx, cy = width / 2, height / 2
    ux = (side * math.cos(math.radians(30)), side * math.sin(math.radians(30)))
    vx = (-ux[0], ux[1])
    # Each face: where its top-left, top-right and bottom-left corners go.
    faces = (
        ((cx, cy - side), (cx + ux[0], cy - side + ux[1]), (cx + vx[0], cy - side + vx[1])),
        ((cx + vx[0], cy - side + vx[1]), (cx, cy), (cx + vx[0], cy + vx[1])),
        ((cx, cy), (cx + ux[0], cy - side + ux[1]), (cx, cy + side)),
    )
    for corners in faces:
        face = _face(rng, n, px, line)
        src = np.array([[0, 0], [side, 0], [0, side]], np.float32)
        warp = cv2.getAffineTransform(src, np.array(corners, np.float32))
        drawn = cv2.warpAffine(face, warp, (width, height), flags=cv2.INTER_LINEAR)
        mask = cv2.warpAffine(
            np.full(face.shape[:2], 255, np.uint8), warp, (width, height), flags=cv2.INTER_LINEAR
        )
        alpha = (mask.astype(np.float32) / 255)[:, :, None]
        img = (img * (1 - alpha) + drawn * alpha + 0.5).astype(np.uint8)
    what = f"Shapes cube: three {n}x{n} faces of {px} px cells"
    return _present(rng, img, (0, 0, 0), "Flow Free: Shapes"), what


def _circle_board(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # Flow Free: Shapes' round levels: rings of cells cut into sectors.
    rings, sectors = int(rng.integers(3, 7)), int(rng.choice([6, 8, 10, 12, 16]))
    step = float(rng.uniform(30, 70))
    hole = float(rng.uniform(0.5, 1.5)) * step
    outer = hole + rings * step
    size = round(2 * outer + 20)
    palette = PALETTES[str(rng.choice(list(PALETTES)))]
    img = _glow_background(rng, size, size, float(rng.uniform(0, 0.6)), palette)
    c = size / 2
    line = PACKS[int(rng.integers(len(PACKS) - 1))].line
    thin = max(1, round(step / 30))
    for k in range(1, rings):
        _ring(img, (c, c), hole + k * step, line, thin)
    for j in range(sectors):
        t = 2 * math.pi * j / sectors
        a = (c + hole * math.cos(t), c + hole * math.sin(t))
        b = (c + outer * math.cos(t), c + outer * math.sin(t))
        cv2.line(img, _ip(*a), _ip(*b), line, thin, cv2.LINE_AA)
    bright = tuple(min(255, round(v * 2.1 + 10)) for v in line)
    for r in (hole, outer):
        _ring(img, (c, c), r, bright, max(2, round(step * 0.065)))  # type: ignore[arg-type]
    cells = [(k, j) for k in range(rings) for j in range(sectors)]
    pairs = int(rng.integers(2, min(9, len(cells) // 2)))
    spots = rng.choice(len(cells), size=2 * pairs, replace=False)
    for i, spot in enumerate(spots):
        k, j = cells[int(spot)]
        r, t = hole + (k + 0.5) * step, 2 * math.pi * (j + 0.5) / sectors
        _disc(img, c + r * math.cos(t), c + r * math.sin(t), step * 0.33, palette[i // 2].rgb)
    what = f"round board: {rings} rings of {sectors} cells, {pairs} pairs"
    return _present(rng, img, (0, 0, 0), "Flow Free: Shapes"), what


def _browser_page(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    # A web page of tables: rows of equal cells with coloured status dots.
    w, h = _BROWSERS[int(rng.integers(len(_BROWSERS)))]
    img = np.full((h, w, 3), 255, np.uint8)
    img[:76] = (235, 237, 240)
    cell = int(rng.integers(24, 48))
    cols, rows = int(rng.integers(5, 12)), int(rng.integers(6, (h - 140) // cell))
    x0, y0 = 40, 110
    texts = [_Text((16, 38), "Status dashboard", 15, (40, 40, 40), "lm")]
    for r in range(rows):
        for c in range(cols):
            if c == 0:
                texts.append(
                    _Text(
                        (x0 + 6, y0 + (r + 0.5) * cell),
                        _lorem(rng, 1),
                        cell * 0.4,
                        (30, 30, 30),
                        "lm",
                    )
                )
            elif rng.random() < 0.7:
                _disc(
                    img,
                    x0 + (c + 0.5) * cell * 2,
                    y0 + (r + 0.5) * cell,
                    cell * 0.3,
                    ((40, 180, 60), (230, 60, 50), (240, 190, 40))[int(rng.integers(3))],
                )
    _grid_lines(
        img, x0 + np.arange(cols + 1) * 2 * cell, y0 + np.arange(rows + 1) * cell, (210, 210, 210)
    )
    return _finish(rng, _draw_texts(img, texts)), f"web page table {rows}x{cols} with status dots"


#: Decoy kind -> how to draw it and why no Flow puzzle is right for it.
KINDS: dict[str, DecoyKind] = {
    "spreadsheet": DecoyKind(_spreadsheet, "a spreadsheet's cells and icon dots are no Flow board"),
    "calendar": DecoyKind(_calendar, "a calendar's days and event dots are no Flow board"),
    "sudoku": DecoyKind(_sudoku, "a sudoku holds digits, not coloured dots"),
    "kakuro": DecoyKind(_kakuro, "a kakuro holds clue cells and digits, not coloured dots"),
    "chess": DecoyKind(_chess, "a chess or checkers board's pieces are no Flow dots"),
    "go": DecoyKind(_go, "a Go board's stones sit on line crossings, not in cells"),
    "minesweeper": DecoyKind(_minesweeper, "a minesweeper board is raised tiles and digits"),
    "tiles_2048": DecoyKind(_tiles_2048, "2048 tiles are coloured squares with numbers"),
    "candy": DecoyKind(_candy, "a match-3 board has a candy in every cell"),
    "connect_four": DecoyKind(
        _connect_four, "a connect-four board's discs and holes are no Flow dots"
    ),
    "graph_paper": DecoyKind(_graph_paper, "graph paper with pen marks holds no puzzle"),
    "pixel_art": DecoyKind(_pixel_art, "a colour-by-number picture is filled cells and digits"),
    "numberlink_paper": DecoyKind(
        _numberlink_paper,
        "a printed Numberlink pairs ends by number, which a colour reading cannot",
    ),
    "tiled_wall": DecoyKind(_tiled_wall, "a photo of tiles has grid lines but no game"),
    "noise": DecoyKind(_noise, "a photo-like picture holds no grid"),
    "memory_cards": DecoyKind(
        _memory_cards, "a memory game's face-up pairs are cards, not a Flow board"
    ),
    "home_screen": DecoyKind(_home_screen, "a phone's app icons are no Flow board"),
    "browser_table": DecoyKind(_browser_page, "a web table's status dots are no Flow board"),
    "flow_odd_dot": DecoyKind(_flow_odd_dot, "every colour must appear exactly twice"),
    "flow_cut": DecoyKind(_flow_cut, "part of the board lies outside the screenshot"),
    "flow_two_boards": DecoyKind(_flow_two_boards, "two boards: which one to play is a guess"),
    "flow_other_preview": DecoyKind(
        _flow_other_preview, "a smaller copy of another screen is another board"
    ),
    "flow_other_solved_preview": DecoyKind(
        _flow_other_solved_preview,
        "a smaller copy of another finished board is another board, its dots in its pipes",
    ),
    "flow_dialog": DecoyKind(_flow_dialog, "a pop-up hides part of the board"),
    "flow_empty": DecoyKind(_flow_empty, "a board with no dots has no puzzle yet"),
    "flow_edge_objects": DecoyKind(
        _flow_edge_objects, "something the game never draws lies by a border against another window"
    ),
    "variant_cut": DecoyKind(_variant_cut, "part of the board lies outside the screenshot"),
    "variant_two_boards": DecoyKind(
        _variant_two_boards, "two boards: which one to play is a guess"
    ),
    "variant_odd_dot": DecoyKind(_variant_odd_dot, "every colour must appear exactly twice"),
    "variant_empty": DecoyKind(_variant_empty, "a board with no dots has no puzzle yet"),
    "variant_dialog": DecoyKind(_variant_dialog, "a pop-up hides part of the board"),
    "shapes_cube": DecoyKind(
        _shapes_cube, "a cube's three faces are no board of squares or hexagons"
    ),
    "circle_board": DecoyKind(
        _circle_board, "rings of sectors are no board of squares or hexagons"
    ),
}

#: Kinds that were decoys while the reader could not represent the game's other boards:
#: walls, holes, bridges and hexagons are readable now, so a reading of these is no longer
#: wrong by itself (their truth is unknown: they are drawn over classic boards, not as the
#: game draws them). Not in ``KINDS``: ``decoy`` still draws them, for the reader's tests
#: that name them; the synthetic shots' ``VARIANTS`` draw these boards with their truth.
READABLE_NOW: dict[str, DecoyKind] = {
    "flow_walls": DecoyKind(
        _flow_walls, "walls change the puzzle; a plain reading would drop them"
    ),
    "flow_holes": DecoyKind(_flow_holes, "a shaped board's missing cells are no empty cells"),
    "flow_walled": DecoyKind(_flow_walled, "the game's double-line walls change the puzzle"),
    "flow_shaped": DecoyKind(_flow_shaped, "cells left out of a shaped board are no empty cells"),
    "flow_hex": DecoyKind(_flow_hex, "a hexagonal board is no square grid"),
    "flow_bridges": DecoyKind(
        _flow_bridges, "bridge cells change the puzzle; a plain reading drops them"
    ),
}


def decoy(kind: str, seed: int) -> Decoy:
    """A random decoy of one of ``KINDS``, the same for the same seed.

    Parameters
    ----------
    kind : str
        A key of ``KINDS``.
    seed : int
        Seeds every random choice (sizes, scene, colours, JPEG quality).

    Returns
    -------
    Decoy
        The image, what it shows and why no puzzle read from it is right.
    """
    try:
        maker = KINDS[kind] if kind in KINDS else READABLE_NOW[kind]
    except KeyError:
        raise ValueError(f"unknown decoy kind {kind!r}; choose from {sorted(KINDS)}") from None
    rng = np.random.default_rng([seed, *b"decoy", *kind.encode()])
    image, what = maker.make(rng)
    return Decoy(np.ascontiguousarray(image), kind, seed, what, maker.why)
