"""Synthetic screenshots of a known board, for testing the vision stage.

``synthesize`` draws a puzzle with the game's look (``flowbot.render``) inside
a whole screen: a phone screen with its header, counters, buttons, ad banner
and glowing background; the Windows app on a desktop; a phone mirrored into a
window among other windows; a web page (at any browser zoom); or a tight crop of
the board alone.
A phone shot may show the OS's screenshot preview (the screen again, scaled
down, in a corner). Then it can shift the colours as other devices do and save
through JPEG. It
returns the image with the exact grid-line positions it drew, so a reader's
answer can be checked cell by cell.

``sample(category, seed)`` draws a random puzzle and random options from one of
the ``CATEGORIES`` the benchmark and the fixtures cover. Everything is
deterministic given the seed.

Examples
--------
>>> shot = sample("crop", seed=1)
>>> shot.image.dtype.name, shot.geometry.rows == shot.puzzle.rows
('uint8', True)
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from flowbot import look
from flowbot.models import (
    BoardGeometry,
    Cell,
    Geometry,
    HexGeometry,
    Pair,
    Point,
    Puzzle,
    Shape,
    Solution,
)
from flowbot.palette import ANDROID_COLOURS, CLASSIC_COLOURS, GAME_COLOURS, RGB, Colour
from flowbot.render import RenderStyle, draw_board

__all__ = [
    "CATEGORIES",
    "STATES",
    "VARIANTS",
    "VARIANT_CATEGORIES",
    "Drift",
    "Pack",
    "Scene",
    "ShotOptions",
    "SyntheticShot",
    "official_levels",
    "paste_preview",
    "random_puzzle",
    "sample",
    "snake_solution",
    "synthesize",
    "variant_of",
]

PALETTES: dict[str, tuple[Colour, ...]] = {
    "game": GAME_COLOURS,
    "classic": CLASSIC_COLOURS,
    "android": ANDROID_COLOURS,
}

#: Colour names that are easy to confuse, as the game draws them.
TWINS: tuple[tuple[str, ...], ...] = (
    ("blue", "navy", "purple"),
    ("green", "lime", "teal"),
    ("pink", "magenta"),
    ("maroon", "tan", "red"),
    ("grey", "white"),
    ("cyan", "teal"),
)


#: Header words per language: level, flows, moves, best, pipe.
_WORDS = {
    "en": ("level", "flows", "moves", "best", "pipe"),
    "fr": ("niveau", "flux", "actions", "record", "tuyau"),
    "de": ("Level", "Flows", "Züge", "Rekord", "Rohr"),
    "es": ("nivel", "flujos", "movs", "récord", "tubería"),
}


class Scene(enum.Enum):
    """What surrounds the board."""

    PHONE = "phone"  #: a phone screenshot (portrait)
    DESKTOP_APP = "desktop_app"  #: the Windows app on a desktop
    MIRROR = "mirror"  #: a phone mirrored into a window on a desktop
    WEB = "web"  #: a browser window with the game on a page
    CROP = "crop"  #: the board alone, cut at (or into) its border


@dataclass(frozen=True, slots=True)
class Pack:
    """A level pack's look: its grid-line colour and its title colour."""

    line: RGB
    title: RGB


#: Line and title colours sampled from real screens (green: classic; olive: Windows app).
PACKS: tuple[Pack, ...] = (
    Pack((66, 107, 65), (40, 200, 40)),
    Pack((120, 66, 66), (230, 50, 40)),
    Pack((73, 85, 127), (40, 90, 250)),
    Pack((116, 104, 115), (230, 120, 230)),
    Pack((125, 97, 70), (250, 140, 30)),
    Pack((127, 127, 63), (255, 255, 255)),
)


@dataclass(frozen=True, slots=True)
class Drift:
    """A device's colour rendering: ``out = gains * grey_mix(in ** gamma, saturation)``."""

    gamma: float = 1.0
    gains: tuple[float, float, float] = (1.0, 1.0, 1.0)
    saturation: float = 1.0

    @property
    def is_identity(self) -> bool:
        return self.gamma == 1.0 and self.gains == (1.0, 1.0, 1.0) and self.saturation == 1.0


@dataclass(frozen=True, slots=True)
class ShotOptions:
    """Everything about a synthetic screenshot except the puzzle.

    Parameters
    ----------
    scene : Scene
        What surrounds the board.
    screen : (int, int)
        Width and height of the phone screen (PHONE, MIRROR), the desktop
        (DESKTOP_APP, MIRROR) or the browser viewport (WEB). Unused for CROP.
    phone : (int, int)
        The phone screen mirrored in a MIRROR scene.
    cell_px : float
        Cell pitch for CROP and WEB scenes (the others fit the board to the screen).
    window_scale : float
        DESKTOP_APP: fraction of the desktop the app window covers (1: maximised);
        MIRROR: the mirror window's height as a fraction of the desktop's.
    header, ad_banner, clutter : bool
        Level header and counters; an ad banner; other windows and icons.
    glow : float
        Strength of the background glow, 0 (black) to 1.
    palette : str
        ``"game"``, ``"classic"`` or ``"android"`` (see ``flowbot.palette``).
    colour_pick : str
        ``"ordered"``: pair i gets colour i, as the game does; ``"shuffled"``: a
        random subset; ``"twins"``: a random subset with near twins in it.
    pack : Pack
        Grid-line and title colours.
    dot_radius, line_px : float
        Dot radius (fraction of a cell) and grid-line width in screen pixels.
    crop_cut : float
        CROP: how far into the border line the crop cuts (0: just outside it,
        1: through its middle); negative values leave a margin of that many cells.
    drift : Drift
        Colour change applied to the whole screen.
    jpeg_quality : int or None
        Save through JPEG at this quality; None keeps it lossless.
    zoom : float
        WEB: the browser's zoom. The game's canvas keeps its own resolution
        (``cell_px / zoom`` per cell) and the browser scales it to
        ``cell_px`` with bilinear smoothing, blurring lines and dots.
    language : str
        ``"en"``, ``"fr"``, ``"de"`` or ``"es"`` header text.
    preview : float
        The OS's screenshot preview: the whole screen shown again at this
        fraction of its size in a bottom corner, framed in white, as Android,
        Samsung and iOS do right after a screenshot (0: none). It is kept
        below the board, smaller if need be.
    colour_blind : bool
        The game's colour-blind setting: a letter on every dot.
    """

    scene: Scene = Scene.PHONE
    screen: tuple[int, int] = (1080, 2400)
    phone: tuple[int, int] = (1080, 2400)
    cell_px: float = 60.0
    window_scale: float = 1.0
    header: bool = True
    ad_banner: bool = False
    clutter: bool = True
    glow: float = 0.5
    palette: str = "game"
    colour_pick: str = "ordered"
    pack: Pack = PACKS[0]
    dot_radius: float = 0.35
    line_px: float = 3.0
    crop_cut: float = 0.0
    drift: Drift = field(default_factory=Drift)
    jpeg_quality: int | None = None
    zoom: float = 1.0
    language: str = "en"
    preview: float = 0.0
    colour_blind: bool = False

    def __post_init__(self) -> None:
        if self.palette not in PALETTES:
            raise ValueError(f"unknown palette {self.palette!r}; choose from {sorted(PALETTES)}")
        if self.colour_pick not in ("ordered", "shuffled", "twins"):
            raise ValueError(f"unknown colour_pick {self.colour_pick!r}")
        if self.language not in _WORDS:
            raise ValueError(f"unknown language {self.language!r}; choose from {sorted(_WORDS)}")
        if self.jpeg_quality is not None and not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"jpeg_quality must be 1..100, got {self.jpeg_quality}")
        if min(*self.screen, *self.phone) < 64 or self.cell_px < 4:
            raise ValueError("screen too small")
        if not 0.25 <= self.zoom <= 4:
            raise ValueError(f"zoom must be in [0.25, 4], got {self.zoom}")
        if not 0 <= self.preview <= 0.5:
            raise ValueError(f"preview must be in [0, 0.5], got {self.preview}")
        if not 0.05 <= self.window_scale <= 1:
            raise ValueError(f"window_scale must be in [0.05, 1], got {self.window_scale}")


@dataclass(frozen=True, slots=True)
class SyntheticShot:
    """A synthetic screenshot and the truth about it.

    ``geometry`` places the board's cells in ``image`` pixels (pixel
    ``(row, col)`` centred at ``x=col, y=row``): grid lines for square boards,
    hexagon centres for hexagonal ones. ``colours[i]`` is the colour drawn for
    ``puzzle.pairs[i]`` before any drift. ``drawn`` holds the pipes drawn on
    the board (whole paths, parts of paths from a dot, or none), ``None`` when
    no pipe is drawn; ``pipes`` says which cells they cover.
    """

    image: np.ndarray
    puzzle: Puzzle
    geometry: Geometry
    colours: tuple[RGB, ...]
    options: ShotOptions
    seed: int
    drawn: Solution | None = None

    @property
    def pipes(self) -> tuple[frozenset[Cell], ...]:
        """Per pair, the cells other than its dots its drawn pipe covers (as ``Reading.pipes``).

        A bridge's cell is covered by each flow drawn across it.
        """
        paths = self.drawn.paths if self.drawn is not None else ((),) * len(self.puzzle.pairs)
        return tuple(
            frozenset(path) - {pair.a, pair.b}
            for pair, path in zip(self.puzzle.pairs, paths, strict=True)
        )

    @property
    def state(self) -> str:
        """``"unsolved"`` (no pipe), ``"solved"`` (every path whole) or ``"started"``."""
        if self.drawn is None or not any(len(p) > 1 for p in self.drawn.paths):
            return "unsolved"
        whole = all(
            len(path) > 1 and {path[0], path[-1]} == {pair.a, pair.b}
            for pair, path in zip(self.puzzle.pairs, self.drawn.paths, strict=True)
        )
        return "solved" if whole else "started"


# --------------------------------------------------------------------------- puzzles


def random_puzzle(
    rng: np.random.Generator, rows: int, cols: int, n_pairs: int | None = None
) -> Puzzle:
    """Random dot pairs on random distinct cells (enough for vision, rarely solvable).

    With ``n_pairs`` None, about one colour per 5 to 16 cells, as the game's
    levels have, capped at 16.
    """
    if n_pairs is None:
        n_pairs = round(rows * cols / rng.uniform(5, 16))
    n_pairs = int(min(max(n_pairs, 1), 16, rows * cols // 2))
    flat = rng.choice(rows * cols, size=2 * n_pairs, replace=False)
    cells = [Cell(int(i) // cols, int(i) % cols) for i in flat]
    return Puzzle(
        rows, cols, tuple(Pair(chr(65 + k), cells[2 * k], cells[2 * k + 1]) for k in range(n_pairs))
    )


def snake_solution(rng: np.random.Generator, rows: int, cols: int, n_pairs: int) -> Solution:
    """A solved board: a snake through every cell, cut into ``n_pairs`` paths of 3+ cells."""
    snake = [Cell(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    n_pairs = max(1, min(n_pairs, len(snake) // 3, 16))
    cuts = sorted(rng.choice(np.arange(1, len(snake) // 3), size=n_pairs - 1, replace=False) * 3)
    bounds = [0, *(int(c) for c in cuts), len(snake)]
    paths = tuple(tuple(snake[a:b]) for a, b in itertools.pairwise(bounds))
    puzzle = Puzzle(rows, cols, tuple(Pair(chr(65 + k), p[0], p[-1]) for k, p in enumerate(paths)))
    return Solution(puzzle, paths)


def _pick_colours(rng: np.random.Generator, n: int, options: ShotOptions) -> tuple[RGB, ...]:
    palette = PALETTES[options.palette]
    if options.colour_pick == "ordered":
        return tuple(palette[i % len(palette)].rgb for i in range(n))
    order = list(rng.permutation(len(palette)))
    if options.colour_pick == "twins" and n >= 2:
        # Put two or more groups of near twins first, then fill up at random.
        names = [c.name for c in palette]
        groups = [TWINS[i] for i in rng.permutation(len(TWINS))]
        first: list[int] = []
        for group in groups:
            members = [names.index(g) for g in group if names.index(g) not in first]
            if len(first) + len(members) <= n:
                first += members
        order = first + [i for i in order if i not in first]
        chosen = order[:n]
        rng.shuffle(chosen)
        return tuple(palette[int(i)].rgb for i in chosen)
    return tuple(palette[int(i)].rgb for i in order[:n])


# --------------------------------------------------------------------------- the shot


def synthesize(
    puzzle: Puzzle,
    *,
    seed: int,
    options: ShotOptions = ShotOptions(),
    solution: Solution | None = None,
) -> SyntheticShot:
    """Draw ``puzzle`` in a screenshot described by ``options``.

    Parameters
    ----------
    puzzle : Puzzle
        The board; at most 16 pairs (the game has 16 colours).
    seed : int
        Seeds every random choice left (glow, clutter, positions, texts).
    options : ShotOptions
        The scene and its look.
    solution : Solution, optional
        Pipes to draw (a solved or half-solved board).

    Returns
    -------
    SyntheticShot
        The image and the exact geometry of the board in it.
    """
    if len(puzzle.pairs) > 16:
        raise ValueError(f"the game has 16 colours; this puzzle has {len(puzzle.pairs)} pairs")
    rng = np.random.default_rng(seed)
    colours = _pick_colours(rng, len(puzzle.pairs), options)
    board = _Board(puzzle, solution, colours, options, rng)
    builders: dict[Scene, Callable[[_Board], tuple[np.ndarray, Geometry]]] = {
        Scene.PHONE: _phone_shot,
        Scene.DESKTOP_APP: _desktop_app_shot,
        Scene.MIRROR: _mirror_shot,
        Scene.WEB: _web_shot,
        Scene.CROP: _crop_shot,
    }
    image, geometry = builders[options.scene](board)
    if options.preview > 0:
        # Below the board, in the room left there (a preview over the board hides it).
        h = image.shape[0]
        room = (h - geometry.bottom) / h - 0.04
        scale = min(options.preview, room)
        if scale > 0.05:
            corner = "bottom-left" if rng.random() < 0.7 else "bottom-right"
            image = paste_preview(image, image, scale, corner)
    if not options.drift.is_identity:
        image = _apply_drift(image, options.drift)
    if options.jpeg_quality is not None:
        image = _jpeg(image, options.jpeg_quality)
    return SyntheticShot(image, puzzle, geometry, colours, options, seed, solution)


def paste_preview(image: np.ndarray, shown: np.ndarray, scale: float, corner: str) -> np.ndarray:
    """``image`` with ``shown`` at ``scale`` of ``image``'s size in a corner, framed in white.

    The OS's screenshot preview (``shown`` is the screen itself) or, for
    tests, a preview of another screen. ``corner``: ``"bottom-left"``,
    ``"bottom-right"``, ``"top-left"`` or ``"top-right"``.
    """
    h, w = image.shape[:2]
    tw, th = round(w * scale), round(h * scale)
    small = cv2.resize(shown, (tw, th), interpolation=cv2.INTER_AREA)
    frame = max(2, round(w / 180))
    margin = round(w * 0.04)
    x0 = margin if corner.endswith("left") else w - margin - tw
    y0 = h - margin - th if corner.startswith("bottom") else margin
    out = image.copy()
    cv2.rectangle(
        out, (x0 - frame, y0 - frame), (x0 + tw + frame - 1, y0 + th + frame - 1), (255,) * 3, -1
    )
    out[y0 : y0 + th, x0 : x0 + tw] = small
    return out


@dataclass(slots=True)
class _Board:
    """What every scene needs to draw the board, and the shared random source."""

    puzzle: Puzzle
    solution: Solution | None
    colours: tuple[RGB, ...]
    options: ShotOptions
    rng: np.random.Generator

    def draw(self, canvas: np.ndarray, geometry: Geometry) -> np.ndarray:
        pitch = geometry.cell_size
        share = min(0.2, self.options.line_px / pitch)
        if self.puzzle.shape is Shape.HEX:
            # No wider than the game draws them, whatever the scene's line.
            share = min(share, look.hex_line_share(self.puzzle.cols))
        style = RenderStyle(
            line_colour=self.options.pack.line,
            line_width=share,
            dot_radius=self.options.dot_radius,
            colour_blind=self.options.colour_blind,
        )
        return draw_board(
            canvas, self.puzzle, geometry, self.solution, style=style, colours=self.colours
        )


# --------------------------------------------------------------------------- placing a board


def _room(puzzle: Puzzle) -> float:
    """Pitches a board draws outside its cells: its outline's half width, and the
    pipes running out of warp openings (a classic board's thin border: none)."""
    if puzzle.is_classic:
        return 0.0
    return 0.1 + ((look.WARP_STUB + 0.1) if puzzle.warps else 0.0)


def _extent(puzzle: Puzzle) -> tuple[float, float]:
    """The board's width and height in cell pitches, with its ``_room`` each side."""
    if puzzle.is_classic:
        return puzzle.cols, puzzle.rows
    if puzzle.shape is Shape.HEX:
        width = (puzzle.cols - 1) * math.sqrt(3) / 2 + 2 / math.sqrt(3)
        height = puzzle.rows + (0.5 if puzzle.cols > 1 else 0.0)
    else:
        width, height = puzzle.cols, puzzle.rows
    room = 2 * _room(puzzle)
    return width + room, height + room


def _place(puzzle: Puzzle, left: float, top: float, pitch: float) -> Geometry:
    """The geometry of a board whose ``_extent`` box has its top left corner at ``(left, top)``."""
    room = _room(puzzle) * pitch
    if puzzle.shape is Shape.HEX:
        return HexGeometry.regular(
            left=left + room, top=top + room, pitch=pitch, rows=puzzle.rows, cols=puzzle.cols
        )
    return BoardGeometry.uniform(
        left=left + room,
        top=top + room,
        width=pitch * puzzle.cols,
        height=pitch * puzzle.rows,
        rows=puzzle.rows,
        cols=puzzle.cols,
    )


def _mapped(geometry: Geometry, sx: float, sy: float, dx: float = 0.0, dy: float = 0.0) -> Geometry:
    """The geometry in an image scaled by ``(sx, sy)`` (pixel centres to pixel centres),
    then moved by ``(dx, dy)``."""
    if isinstance(geometry, BoardGeometry):
        return BoardGeometry(
            tuple((x + 0.5) * sx - 0.5 + dx for x in geometry.xs),
            tuple((y + 0.5) * sy - 0.5 + dy for y in geometry.ys),
        )
    x, y = geometry.origin
    return HexGeometry(
        Point((x + 0.5) * sx - 0.5 + dx, (y + 0.5) * sy - 0.5 + dy),
        geometry.col_step * sx,
        geometry.row_step * sy,
        geometry.rows,
        geometry.cols,
    )


# --------------------------------------------------------------------------- phone


def _phone_screen(b: _Board, size: tuple[int, int]) -> tuple[np.ndarray, Geometry]:
    """A portrait phone screen with the game on it."""
    o, rng = b.options, b.rng
    w, h = size
    u = w / 360  # one density-independent pixel
    img = _glow_background(rng, w, h, o.glow, PALETTES[o.palette])
    status = (24 if rng.random() < 0.6 else 44) * u
    nav = 48 * u if rng.random() < 0.6 else 28 * u
    ad = 56 * u if o.ad_banner else 0.0
    header_y = status + 34 * u
    counters_y = header_y + (48 + 40 * rng.random()) * u
    buttons_y = h - nav - ad - 70 * u
    top_room, bottom_room = counters_y + 14 * u, buttons_y - 32 * u
    ew, eh = _extent(b.puzzle)
    cell = min((w - rng.uniform(0, 3)) / ew, (bottom_room - top_room) / eh)
    bw, bh = cell * ew, cell * eh
    left = (w - 1 - bw) / 2
    top = top_room + (bottom_room - top_room - bh) * rng.uniform(0.0, 0.6)
    geometry = _place(b.puzzle, left, top, cell)
    img = b.draw(img, geometry)
    texts: list[_Text] = []
    words = _WORDS[o.language]
    if status > 30 * u:  # iPhone-like: time at the left, a battery at the right
        texts.append(
            _Text(
                (22 * u, status * 0.55),
                f"{rng.integers(1, 13)}:{rng.integers(60):02d}",
                15 * u,
                (255, 255, 255),
                "lm",
            )
        )
    else:
        texts.append(
            _Text(
                (12 * u, status * 0.5),
                f"{rng.integers(0, 24):02d}:{rng.integers(60):02d}",
                12 * u,
                (220, 220, 220),
                "lm",
            )
        )
    cv2.rectangle(
        img,
        _ip(w - 40 * u, status * 0.3),
        _ip(w - 18 * u, status * 0.7),
        (200, 200, 200),
        max(1, round(u)),
        cv2.LINE_AA,
    )
    if o.header:
        _ring(img, (26 * u, header_y), 15 * u, (255, 255, 255), 2 * u)
        cv2.arrowedLine(
            img,
            _ip(35 * u, header_y),
            _ip(17 * u, header_y),
            (255, 255, 255),
            max(1, round(2.5 * u)),
            cv2.LINE_AA,
            tipLength=0.45,
        )
        _ring(img, (w - 26 * u, header_y), 15 * u, (255, 255, 255), 2 * u)
        _ring(img, (w - 26 * u, header_y), 5 * u, (255, 255, 255), 2 * u)
        level = f"{words[0]} {rng.integers(1, 151)}"
        texts.append(_Text((50 * u, header_y), level, 26 * u, o.pack.title, "lm"))
        size_x = 50 * u + _text_width(level, 26 * u) + 10 * u
        texts.append(
            _Text(
                (size_x, header_y + 2 * u),
                f"{b.puzzle.cols}x{b.puzzle.rows}",
                19 * u,
                (150, 150, 150),
                "lm",
            )
        )
        n = len(b.puzzle.pairs)
        y = top - 12 * u
        texts += [
            _Text((3 * u, y), f"{words[1]}: 0/{n}", 13 * u, (255, 255, 255), "ls"),
            _Text((w * 0.47, y), f"{words[2]}: 0", 13 * u, (255, 255, 255), "ms"),
            _Text(
                (w * 0.68, y),
                f"{words[3]}: {rng.choice(['-', str(n)])}",
                13 * u,
                (255, 255, 255),
                "ms",
            ),
            _Text((w - 3 * u, y), f"{words[4]}: 0%", 13 * u, (255, 255, 255), "rs"),
        ]
    for i, x in enumerate(np.linspace(0.1, 0.9, 4) * w):
        if i == 1:
            _bulb(img, x, buttons_y, u)
        else:
            _ring(img, (x, buttons_y), 17 * u, (255, 255, 255) if i else (130, 130, 130), 2 * u)
    if o.ad_banner:
        _ad_banner(img, rng, (0, round(h - nav - ad), w, round(ad)), texts)
    if nav > 40 * u:
        for x in (0.25, 0.5, 0.75):
            _ring(img, (x * w, h - nav / 2), 7 * u, (160, 160, 160), 1.5 * u)
    else:
        cv2.line(
            img,
            _ip(w / 2 - 67 * u, h - 9 * u),
            _ip(w / 2 + 67 * u, h - 9 * u),
            (235, 235, 235),
            max(1, round(5 * u)),
            cv2.LINE_AA,
        )
    return _draw_texts(img, texts), geometry


def _phone_shot(b: _Board) -> tuple[np.ndarray, Geometry]:
    return _phone_screen(b, b.options.screen)


# --------------------------------------------------------------------------- desktop


def _desktop_app_shot(b: _Board) -> tuple[np.ndarray, Geometry]:
    """The Windows app (maximised or in a window) on a desktop with a taskbar."""
    o, rng = b.options, b.rng
    w, h = o.screen
    img = _desktop(rng, w, h, o.clutter)
    task = round(h * 0.037)
    ww, wh = round(w * o.window_scale), round((h - task) * o.window_scale)
    wx = int(rng.integers(0, w - ww + 1))
    wy = int(rng.integers(0, h - task - wh + 1))
    title = max(20, round(h * 0.03))
    img[wy : wy + title, wx : wx + ww] = (255, 255, 255)
    texts = [
        _Text((wx + title * 1.3, wy + title / 2), "Flow Free", title * 0.4, (40, 40, 40), "lm")
    ]
    for k in range(3):
        x = wx + ww - title * (1 + 1.5 * k)
        cv2.line(
            img,
            _ip(x - 5, wy + title / 2),
            _ip(x + 5, wy + title / 2),
            (60, 60, 60),
            1,
            cv2.LINE_AA,
        )
    ch = wh - title
    content = _glow_background(rng, ww, ch, o.glow, PALETTES[o.palette], bars_only=True)
    ew, eh = _extent(b.puzzle)
    cell = min(ch * rng.uniform(0.5, 0.62) / eh, ww * 0.8 / ew)
    bw, bh = cell * ew, cell * eh
    left, top = (ww - bw) / 2, ch * 0.19 + rng.uniform(0, ch * 0.04)
    geometry = _place(b.puzzle, left, top, cell)
    content = b.draw(content, geometry)
    s = ch / 1000
    words = _WORDS[o.language]
    n = len(b.puzzle.pairs)
    local: list[_Text] = []
    if o.header:
        local += [
            _Text(
                (left, top - 72 * s),
                f"Regular Pack {b.puzzle.cols}x{b.puzzle.rows}",
                17 * s,
                (200, 200, 200),
                "ls",
            ),
            _Text(
                (ww / 2, top - 30 * s),
                f"{words[0]} {rng.integers(1, 31)}",
                38 * s,
                (255, 255, 255),
                "ms",
            ),
            _Text((left, top - 8 * s), f"{words[1]}: 0/{n}", 16 * s, (255, 255, 255), "ls"),
            _Text(
                (left + bw * 0.45, top - 8 * s),
                f"{words[2]}: 0   {words[3]}: -",
                16 * s,
                (255, 255, 255),
                "ms",
            ),
            _Text((left + bw, top - 8 * s), f"{words[4]}: 0%", 16 * s, (255, 255, 255), "rs"),
        ]
    by = top + bh + 45 * s
    for k in range(3):
        _ring(
            content,
            (ww / 2 + (k - 1) * 75 * s, by),
            18 * s,
            (255, 255, 255) if k else (90, 90, 90),
            2.5 * s,
        )
    _ring(content, (left + bw - 20 * s, by), 18 * s, (255, 255, 255), 2.5 * s)
    _ring(content, (60 * s, 60 * s), 20 * s, (255, 255, 255), 2.5 * s)
    content = _draw_texts(content, local)
    img[wy + title : wy + wh, wx : wx + ww] = content
    img = _taskbar(img, rng, task, texts)
    return _draw_texts(img, texts), geometry.shifted(wx, wy + title)


def _mirror_shot(b: _Board) -> tuple[np.ndarray, Geometry]:
    """A phone screen scaled into a mirroring window on a cluttered desktop."""
    o, rng = b.options, b.rng
    w, h = o.screen
    phone, pg = _phone_screen(b, o.phone)
    task = round(h * 0.037)
    title = max(18, round(h * 0.028))
    target_h = min(h - task - title, round((h - task - title) * o.window_scale))
    scale = target_h / phone.shape[0]
    target_w = max(1, round(phone.shape[1] * scale))
    small = cv2.resize(phone, (target_w, target_h), interpolation=cv2.INTER_AREA)
    img = _desktop(rng, w, h, o.clutter)
    wx = int(rng.integers(0, max(1, w - target_w - 1)))
    wy = int(rng.integers(0, max(1, h - task - title - target_h)))
    bar = tuple(int(v) for v in rng.choice([[32, 32, 32], [240, 240, 240], [60, 90, 160]]))
    img[wy : wy + title, wx : wx + target_w] = bar
    texts = [
        _Text(
            (wx + 8, wy + title / 2),
            str(rng.choice(["scrcpy", "Phone Link", "Pixel 7", "QuickTime Player", "Vysor"])),
            title * 0.5,
            (255, 255, 255) if sum(bar) < 300 else (20, 20, 20),
            "lm",
        )
    ]
    img[wy + title : wy + title + target_h, wx : wx + target_w] = small
    img = _taskbar(img, rng, task, texts)
    sx, sy = target_w / phone.shape[1], target_h / phone.shape[0]
    geometry = _mapped(pg, sx, sy, wx, wy + title)
    return _draw_texts(img, texts), geometry


def _desktop(rng: np.random.Generator, w: int, h: int, clutter: bool) -> np.ndarray:
    """Wallpaper and, with ``clutter``, a few other windows."""
    # The wallpaper is drawn at 1/8 size and enlarged: soft, and cheap at 2560x1440.
    sw, sh = w // 8, h // 8
    c0, c1 = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
    t = np.linspace(0, 1, sh, dtype=np.float32)[:, None, None]
    small = np.broadcast_to(c0 * (1 - t) + c1 * t, (sh, sw, 3)).astype(np.uint8).copy()
    for _ in range(int(rng.integers(3, 8))):
        centre = _ip(rng.uniform(0, sw), rng.uniform(0, sh))
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        cv2.circle(small, centre, int(rng.uniform(0.05, 0.3) * sh), colour, -1, cv2.LINE_AA)
    small = np.asarray(cv2.GaussianBlur(small, (0, 0), 2.0), np.uint8)
    img = np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), np.uint8)
    if not clutter:
        return img
    for _ in range(int(rng.integers(2, 6))):
        ww, wh = int(rng.uniform(0.2, 0.6) * w), int(rng.uniform(0.2, 0.7) * h)
        x, y = int(rng.integers(0, w - ww)), int(rng.integers(0, h - wh))
        img[y : y + wh, x : x + ww] = _window(rng, ww, wh)
    return img


def _window(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Some other application's window: text, maybe a grid, maybe a coloured picture."""
    dark = rng.random() < 0.4
    img = np.empty((h, w, 3), np.uint8)
    img[:] = (32, 33, 36) if dark else (250, 250, 250)
    img[:30] = (50, 50, 55) if dark else (225, 228, 232)
    ink = (220, 220, 220) if dark else (40, 40, 40)
    texts = [_Text((10, 15), "Document - Editor", 14, ink, "lm")]
    if rng.random() < 0.25:  # a spreadsheet: a grid that is not a board
        step_x, step_y = int(rng.integers(40, 90)), int(rng.integers(18, 26))
        img[30:, ::step_x] = (200, 200, 200)
        img[30::step_y, :] = (200, 200, 200)
    for line in range(int((h - 50) / 24)):
        if rng.random() < 0.8:
            words = _lorem(rng, int(rng.integers(3, 9)))
            texts.append(_Text((14, 50 + 24 * line), words, 14, ink, "lm"))
    if rng.random() < 0.6:  # a picture: coloured dots and blocks
        px, py = int(w * 0.55), 45
        for _ in range(int(rng.integers(2, 7))):
            colour = tuple(int(v) for v in rng.integers(0, 256, 3))
            x0, y0 = _ip(px + rng.uniform(0, w * 0.4), py + rng.uniform(0, h * 0.5))
            if rng.random() < 0.5:
                cv2.circle(img, (x0, y0), int(rng.uniform(5, 25)), colour, -1, cv2.LINE_AA)
            else:
                x1, y1 = x0 + int(rng.uniform(10, 80)), y0 + int(rng.uniform(10, 60))
                cv2.rectangle(img, (x0, y0), (x1, y1), colour, -1)
    return _draw_texts(img, texts)


def _taskbar(
    img: np.ndarray, rng: np.random.Generator, height: int, texts: list[_Text]
) -> np.ndarray:
    h, w = img.shape[:2]
    light = rng.random() < 0.4
    img[h - height :, :] = (238, 240, 244) if light else (20, 22, 28)
    ink = (20, 20, 20) if light else (240, 240, 240)
    for k in range(int(rng.integers(6, 14))):
        x = height * (1.5 + 1.2 * k)
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        cv2.rectangle(
            img,
            _ip(x - height * 0.3, h - height * 0.8),
            _ip(x + height * 0.3, h - height * 0.2),
            colour,
            -1,
            cv2.LINE_AA,
        )
    texts.append(
        _Text(
            (w - 12, h - height / 2),
            f"{rng.integers(0, 24):02d}:{rng.integers(60):02d}",
            height * 0.35,
            ink,
            "rm",
        )
    )
    return img


# --------------------------------------------------------------------------- web, crop


def _web_shot(b: _Board) -> tuple[np.ndarray, Geometry]:
    """A browser window; the game sits in a black canvas on the page."""
    o, rng = b.options, b.rng
    w, h = o.screen
    dark = rng.random() < 0.3
    page = (24, 24, 28) if dark else (255, 255, 255)
    ink = (225, 225, 225) if dark else (30, 30, 30)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = page
    img[:36] = (222, 225, 230)
    img[36:76] = (245, 246, 248)
    texts = [
        _Text((16, 18), "Flow Free - Play online", 13, (40, 40, 40), "lm"),
        _Text(
            (90, 56),
            str(
                rng.choice(
                    [
                        "https://www.example-games.com/flow",
                        "https://puzzles.example.org/numberlink?level=12",
                    ]
                )
            ),
            14,
            (60, 60, 60),
            "lm",
        ),
    ]
    for k in range(5):
        texts.append(_Text((40 + 140 * k, 100), _lorem(rng, 1).title(), 16, (30, 90, 200), "lm"))
    cell = o.cell_px
    pad = cell * rng.uniform(0.3, 1.0)
    head = 44.0 if o.header else 0.0
    ew, eh = _extent(b.puzzle)
    cw = round(cell * ew + 2 * pad)
    chh = round(cell * eh + 2 * pad + head)
    if not b.puzzle.is_classic and (cw > w - 20 or chh > h - 120):
        # Sizes were chosen for a plain board; one with room round it may need smaller cells.
        shrink = min((w - 22) / (cell * ew + 2 * pad), (h - 122 - head) / (cell * eh + 2 * pad))
        cell, pad = cell * shrink, pad * shrink
        cw, chh = round(cell * ew + 2 * pad), round(cell * eh + 2 * pad + head)
    cx = int(rng.integers(20, max(21, w - cw - 20)))
    cy = int(rng.integers(120, max(121, h - chh - 10)))
    if cx + cw > w or cy + chh > h:
        raise ValueError(f"a {b.puzzle.size} board at {cell:.0f} px cells does not fit {w}x{h}")
    for line in range((h - 130) // 26):  # article text beside and under the game
        y = 130 + 26 * line
        beside = cy - 10 < y < cy + chh + 10
        x = 40 if not beside or cx > w / 2 else cx + cw + 30
        if rng.random() < 0.85 and x < w - 100:
            sentence = _lorem(rng, int(rng.integers(4, 12))).split()
            while (
                beside and x < cx and sentence and x + _text_width(" ".join(sentence), 15) > cx - 20
            ):
                sentence.pop()  # a page flows its text around the game, never over it
            texts.append(_Text((x, y), " ".join(sentence), 15, ink, "lm"))
    for _ in range(int(rng.integers(0, 3))):  # ad blocks with colour in them
        ax, ay = int(rng.integers(0, w - 200)), int(rng.integers(120, h - 150))
        if not (ax + 200 < cx or ax > cx + cw or ay + 150 < cy or ay > cy + chh):
            continue
        img[ay : ay + 150, ax : ax + 200] = tuple(int(v) for v in rng.integers(0, 256, 3))
        cv2.circle(
            img,
            (ax + 60, ay + 75),
            35,
            tuple(int(v) for v in rng.integers(0, 256, 3)),
            -1,
            cv2.LINE_AA,
        )
    # The canvas at its own resolution, then scaled by the browser's zoom.
    bw, bh = max(8, round(cw / o.zoom)), max(8, round(chh / o.zoom))
    canvas = _glow_background(rng, bw, bh, o.glow * 0.5, PALETTES[o.palette], bars_only=True)
    geometry: Geometry
    if b.puzzle.is_classic:
        geometry = BoardGeometry.uniform(
            left=pad * bw / cw,
            top=(pad + head) * bh / chh,
            width=cell * b.puzzle.cols * bw / cw,
            height=cell * b.puzzle.rows * bh / chh,
            rows=b.puzzle.rows,
            cols=b.puzzle.cols,
        )
    else:  # regular hexagons stay regular: one pitch, then the canvas's own stretch
        geometry = _mapped(_place(b.puzzle, pad, pad + head, cell), bw / cw, bh / chh)
    canvas = b.draw(canvas, geometry)
    if (bw, bh) != (cw, chh):
        canvas = np.asarray(cv2.resize(canvas, (cw, chh), interpolation=cv2.INTER_LINEAR))
        geometry = _mapped(geometry, cw / bw, chh / bh)
    local = []
    if o.header:
        words = _WORDS[o.language]
        local = [
            _Text((pad, pad + 16), f"{words[0]} {rng.integers(1, 100)}", 22, o.pack.title, "lm"),
            _Text(
                (cw - pad, pad + 16),
                f"{words[1]}: 0/{len(b.puzzle.pairs)}",
                14,
                (255, 255, 255),
                "rm",
            ),
        ]
    img[cy : cy + chh, cx : cx + cw] = _draw_texts(canvas, local)
    return _draw_texts(img, texts), geometry.shifted(cx, cy)


def _crop_shot(b: _Board) -> tuple[np.ndarray, Geometry]:
    """The board alone, cut at its border or into the border line."""
    o, rng = b.options, b.rng
    cell = o.cell_px
    half_line = max(1.0, min(0.2 * cell, o.line_px)) / 2
    if b.puzzle.is_classic:
        # The board's outer edge at 'margin' from the image edge, in pixel-edge terms.
        margin = -o.crop_cut * cell if o.crop_cut < 0 else half_line * (1 - o.crop_cut)
        w = math.ceil(cell * b.puzzle.cols + 2 * margin)
        h = math.ceil(cell * b.puzzle.rows + 2 * margin)
        img = _glow_background(rng, w, h, o.glow, PALETTES[o.palette])
        geometry: Geometry = BoardGeometry.uniform(
            left=margin - 0.5,
            top=margin - 0.5,
            width=cell * b.puzzle.cols,
            height=cell * b.puzzle.rows,
            rows=b.puzzle.rows,
            cols=b.puzzle.cols,
        )
        return b.draw(img, geometry), geometry
    # The outline (as wide as a wall) and any pipes out of warp openings are what is cut.
    outline = max(2 * half_line, look.wall_look(b.puzzle, o.pack.line)[1] * cell) / 2
    ew, eh = _extent(b.puzzle)
    room = _room(b.puzzle) * cell
    outside = outline + (room - 0.1 * cell)  # the warps' stubs, past the outline
    margin = -o.crop_cut * cell if o.crop_cut < 0 else outside * (1 - o.crop_cut)
    w = math.ceil(cell * ew - 2 * room + 2 * margin)
    h = math.ceil(cell * eh - 2 * room + 2 * margin)
    img = _glow_background(rng, w, h, o.glow, PALETTES[o.palette])
    geometry = _place(b.puzzle, margin - 0.5 - room, margin - 0.5 - room, cell)
    return b.draw(img, geometry), geometry


# --------------------------------------------------------------------------- pieces


def _glow_background(
    rng: np.random.Generator,
    w: int,
    h: int,
    strength: float,
    palette: Sequence[Colour],
    *,
    bars_only: bool = False,
) -> np.ndarray:
    """Black with the themes' glow: soft coloured clouds and faint wide pipes."""
    img = np.zeros((h, w, 3), np.uint8)
    if strength <= 0:
        return img
    # Drawn at 1/8 size and enlarged: cheap, and as soft as the game's.
    sw, sh = max(2, w // 8), max(2, h // 8)
    small = np.zeros((sh, sw, 3), np.float32)
    if not bars_only:
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        for _ in range(int(rng.integers(2, 6))):
            colour = np.asarray(palette[int(rng.integers(len(palette)))].rgb, np.float32)
            cx, cy = rng.uniform(0, sw), rng.uniform(0, sh)
            sigma = rng.uniform(0.08, 0.3) * max(sw, sh)
            peak = strength * rng.uniform(0.08, 0.3)
            small += (
                colour
                * peak
                * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2))[:, :, None]
            )
    for _ in range(int(rng.integers(1, 5))):  # the faint pipes of the animated background
        colour = np.asarray(palette[int(rng.integers(len(palette)))].rgb, np.float32)
        alpha = strength * rng.uniform(0.05, 0.2)  # real ones: about 0.15
        thick = max(1, round(rng.uniform(0.03, 0.06) * max(sw, sh)))
        layer = np.zeros((sh, sw), np.float32)
        x0, y0 = rng.uniform(0, sw), rng.uniform(0, sh)
        horizontal = rng.random() < 0.5
        # A pipe runs a fifth of the screen or more: a shorter one would be a
        # soft round blob, of a dot's size in a small cell, which the game
        # never draws (crop 60024 read it as a doubtful dot).
        reach = rng.uniform(-0.8, 0.8)
        reach = math.copysign(max(abs(reach), 0.2), reach)
        p1 = (x0 + reach * sw, y0) if horizontal else (x0, y0 + reach * sh)
        cv2.line(layer, _ip(x0, y0), _ip(*p1), 1.0, thick, cv2.LINE_AA)
        small += colour * alpha * layer[:, :, None]
    # A slight blur first, so that no staircase shows once enlarged.
    small = np.asarray(cv2.GaussianBlur(small, (0, 0), 0.7), np.float32)
    small8 = np.clip(small + 0.5, 0, 255).astype(np.uint8)
    return np.asarray(cv2.resize(small8, (w, h), interpolation=cv2.INTER_CUBIC), np.uint8)


def _ad_banner(
    img: np.ndarray, rng: np.random.Generator, box: tuple[int, int, int, int], texts: list[_Text]
) -> None:
    """An ad in ``box = (x, y, w, h)``: a logo, a line of text and a button."""
    x, y, w, h = box
    back = tuple(
        int(v)
        for v in rng.choice([[255, 255, 255], [245, 245, 245], [30, 60, 120], [250, 220, 60]])
    )
    img[y : y + h, x : x + w] = back
    ink = (20, 20, 20) if sum(back) > 380 else (255, 255, 255)
    logo = tuple(int(v) for v in rng.integers(0, 256, 3))
    cv2.circle(img, _ip(x + h * 0.6, y + h / 2), round(h * 0.35), logo, -1, cv2.LINE_AA)
    cv2.rectangle(
        img,
        _ip(x + w - h * 2.2, y + h * 0.2),
        _ip(x + w - h * 0.2, y + h * 0.8),
        (26, 115, 232),
        -1,
        cv2.LINE_AA,
    )
    texts += [
        _Text(
            (x + h * 1.2, y + h * 0.35),
            str(rng.choice(["Best puzzle game 2024", "Play now - free!", "Install Word Master"])),
            h * 0.28,
            ink,
            "lm",
        ),
        _Text((x + h * 1.2, y + h * 0.7), "Ad", h * 0.22, ink, "lm"),
        _Text((x + w - h * 1.2, y + h / 2), "INSTALL", h * 0.25, (255, 255, 255), "mm"),
    ]


def _ring(
    img: np.ndarray, centre: tuple[float, float], r: float, colour: RGB, width: float
) -> None:
    cv2.circle(img, _ip(*centre), max(1, round(r)), colour, max(1, round(width)), cv2.LINE_AA)


def _bulb(img: np.ndarray, x: float, y: float, u: float) -> None:
    _ring(img, (x, y), 22 * u, (255, 255, 255), 2.5 * u)
    cv2.circle(img, _ip(x, y - 3 * u), round(8 * u), (250, 220, 40), -1, cv2.LINE_AA)
    cv2.rectangle(img, _ip(x - 4 * u, y + 5 * u), _ip(x + 4 * u, y + 10 * u), (250, 220, 40), -1)


def _ip(x: float, y: float) -> tuple[int, int]:
    return round(x), round(y)


_LOREM = (
    *("lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed"),
    *("do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna"),
    *("aliqua", "puzzle", "level", "solve", "pipes", "connect", "colours", "board"),
)


def _lorem(rng: np.random.Generator, n: int) -> str:
    return " ".join(str(rng.choice(_LOREM)) for _ in range(n))


@dataclass(frozen=True, slots=True)
class _Text:
    xy: tuple[float, float]
    text: str
    size: float
    colour: RGB
    anchor: str = "la"


@functools.lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:  # a system font with accents when there is one
        return ImageFont.truetype("DejaVuSans.ttf", max(6, size))
    except OSError:
        return ImageFont.load_default(size=max(6, size))


def _fit_text(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> str:
    """Drop accents the fallback font cannot draw."""
    if "DejaVu" in str(getattr(font, "path", "")):
        return text
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _text_width(text: str, size: float) -> float:
    return float(_font(round(size)).getlength(text))


def _draw_texts(img: np.ndarray, texts: Sequence[_Text]) -> np.ndarray:
    if not texts:
        return img
    pil = Image.fromarray(img)
    draw = ImageDraw.Draw(pil)
    for t in texts:
        font = _font(round(t.size))
        draw.text(t.xy, _fit_text(t.text, font), fill=t.colour, font=font, anchor=t.anchor)
    return np.asarray(pil).copy()


def _apply_drift(img: np.ndarray, drift: Drift) -> np.ndarray:
    levels = np.arange(256, dtype=np.float32) / 255
    gamma = np.clip(levels**drift.gamma * 255 + 0.5, 0, 255).astype(np.uint8)
    out = cv2.LUT(img, gamma)
    # Saturation (a mix with the pixel's grey) and per-channel gains as one 3x3 matrix.
    mix = drift.saturation * np.eye(3) + (1 - drift.saturation) / 3
    matrix = (np.diag(drift.gains) @ mix).astype(np.float32)
    return np.asarray(cv2.transform(out, matrix), np.uint8)


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", img[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    if decoded is None:  # pragma: no cover - OpenCV always round-trips a valid uint8 image
        raise RuntimeError("JPEG round trip failed")
    return np.ascontiguousarray(decoded[:, :, ::-1])


# --------------------------------------------------------------------------- categories

_PHONES = (
    (1080, 2400),
    (1080, 2340),
    (1080, 2316),
    (720, 1480),
    (720, 1600),
    (828, 1792),
    (1170, 2532),
    (1179, 2556),
    (1284, 2778),
    (1440, 3200),
    (750, 1334),
    (1080, 1920),
    (1536, 2048),
)
_DESKTOPS = ((1920, 1080), (2560, 1440))
_BROWSERS = ((1366, 768), (1440, 900), (1920, 1080), (1280, 720), (1600, 900))


def _size(rng: np.random.Generator, low: int, high: int) -> int:
    return int(rng.integers(low, high + 1))


def _look(rng: np.random.Generator, **overrides: object) -> ShotOptions:
    """Options every category shares, drawn at random; then the category's own."""
    base = ShotOptions(
        palette=str(rng.choice(["game", "game", "android", "classic"])),
        pack=PACKS[int(rng.integers(len(PACKS) - 1))],
        glow=float(rng.choice([0.0, rng.uniform(0.2, 1.0)])),
        dot_radius=float(rng.uniform(0.32, 0.38)),
        language=str(rng.choice(["en", "en", "fr", "de", "es"])),
        jpeg_quality=int(rng.integers(75, 96)) if rng.random() < 0.3 else None,
        ad_banner=bool(rng.random() < 0.5),
    )
    return replace(base, **overrides)  # type: ignore[arg-type]


def _phone_opts(rng: np.random.Generator, **overrides: object) -> ShotOptions:
    w, h = _PHONES[int(rng.integers(len(_PHONES)))]
    return _look(
        rng,
        scene=Scene.PHONE,
        screen=(w, h),
        line_px=max(1.0, w / 360 * rng.uniform(0.7, 1.1)),
        **overrides,
    )


def _cat_phone(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 5, 9)
    return random_puzzle(rng, n, n), _phone_opts(rng)


def _cat_phone_large(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 10, 15)
    return random_puzzle(rng, n, n), _phone_opts(rng)


def _cat_rectangular(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    cols = _size(rng, 5, 15)
    rows = (
        min(18, cols + _size(rng, 1, 4)) if rng.random() < 0.8 else max(5, cols - _size(rng, 1, 3))
    )
    return random_puzzle(rng, rows, cols), _phone_opts(rng)


def _cat_desktop_app(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 5, 14)
    opts = _look(
        rng,
        scene=Scene.DESKTOP_APP,
        screen=_DESKTOPS[int(rng.integers(2))],
        palette="classic",
        pack=PACKS[-1],
        window_scale=float(rng.choice([1.0, rng.uniform(0.55, 0.95)])),
        line_px=float(rng.uniform(1, 2)),
        ad_banner=False,
    )
    return random_puzzle(rng, n, n + (_size(rng, 0, 3) if rng.random() < 0.3 else 0)), opts


def _cat_mirror(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 5, 12)
    phone = _PHONES[int(rng.integers(len(_PHONES)))]
    opts = _look(
        rng,
        scene=Scene.MIRROR,
        screen=_DESKTOPS[int(rng.integers(2))],
        phone=phone,
        window_scale=float(rng.uniform(0.6, 1.0)),
        line_px=phone[0] / 360 * float(rng.uniform(0.8, 1.1)),
    )
    return random_puzzle(rng, n, n + (_size(rng, 1, 3) if rng.random() < 0.3 else 0)), opts


def _cat_web(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    rows, cols = _size(rng, 5, 12), _size(rng, 5, 12)
    screen = _BROWSERS[int(rng.integers(len(_BROWSERS)))]
    # Room for the page's header, the canvas's padding (up to a cell each side) and its title.
    cell = min(rng.uniform(24, 70), (screen[1] - 180) / (rows + 2), (screen[0] - 60) / (cols + 2))
    opts = _look(
        rng, scene=Scene.WEB, screen=screen, cell_px=float(cell), line_px=float(rng.uniform(1, 2.5))
    )
    return random_puzzle(rng, rows, cols), opts


def _cat_zoomed(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    # A browser's zoom levels; the canvas scaled with bilinear smoothing.
    puzzle, opts = _cat_web(rng)
    zoom = float(rng.choice([0.67, 0.75, 0.8, 0.9, 1.1, 1.25, 1.5, 1.75]))
    return puzzle, replace(opts, zoom=zoom)


def _cat_crop(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    rows, cols = _size(rng, 5, 15), _size(rng, 5, 15)
    cell = rng.uniform(30, 110)
    opts = _look(
        rng,
        scene=Scene.CROP,
        cell_px=float(cell),
        line_px=float(rng.uniform(1, 4)),
        crop_cut=float(rng.choice([0.0, 1.0, rng.uniform(0, 1), -rng.uniform(0.02, 0.3)])),
    )
    return random_puzzle(rng, rows, cols), opts


def _cat_tiny_cells(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    rows, cols = _size(rng, 8, 18), _size(rng, 8, 15)
    cell = float(rng.uniform(18, 24))
    scene = Scene.WEB if rng.random() < 0.5 else Scene.CROP
    opts = _look(
        rng,
        scene=scene,
        screen=_BROWSERS[int(rng.integers(len(_BROWSERS)))],
        cell_px=cell,
        line_px=1.0,
        crop_cut=float(rng.uniform(0, 1)),
    )
    return random_puzzle(rng, rows, cols), opts


def _cat_huge_cells(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 5, 7)
    cell = float(rng.uniform(150, 250))
    if rng.random() < 0.5:
        opts = _look(
            rng,
            scene=Scene.CROP,
            cell_px=cell,
            line_px=float(rng.uniform(2, 6)),
            crop_cut=float(rng.uniform(0, 1)),
        )
    else:
        w = round(cell * n + rng.uniform(0, 8))
        opts = _look(
            rng, scene=Scene.PHONE, screen=(w, round(w * rng.uniform(1.33, 2.2))), line_px=w / 360
        )
    return random_puzzle(rng, n, n), opts


def _cat_jpeg(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    puzzle, opts = _category_mix(rng)
    return puzzle, replace(opts, jpeg_quality=int(rng.integers(60, 81)))


def _cat_drift(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    puzzle, opts = _category_mix(rng)
    drift = Drift(
        gamma=float(rng.uniform(0.75, 1.35)),
        gains=tuple(float(g) for g in rng.uniform(0.85, 1.1, 3)),  # type: ignore[arg-type]
        saturation=float(rng.uniform(0.7, 1.25)),
    )
    return puzzle, replace(opts, drift=drift)


def _cat_twins(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 7, 15)
    puzzle = random_puzzle(rng, n, n, _size(rng, 6, 16))
    return puzzle, _phone_opts(rng, colour_pick="twins")


def _generated(rng: np.random.Generator, rows: int, cols: int) -> Solution:
    # A solvable level from flowbot.generate: dots where real levels put them.
    from flowbot.generate import generate  # noqa: PLC0415 - keeps the solver out of plain use

    colours = int(min(16, max(3, round(rows * cols / rng.uniform(9, 15)))))
    return generate(rows, cols, colours, seed=int(rng.integers(2**31))).solution


def _cat_generated(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    rows = _size(rng, 5, 15)
    cols = rows if rng.random() < 0.7 else _size(rng, 5, 15)
    return _generated(rng, rows, cols).puzzle, _phone_opts(rng)


def _cat_preview(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    n = _size(rng, 5, 12)
    return random_puzzle(rng, n, n), _phone_opts(rng, preview=float(rng.uniform(0.2, 0.3)))


def _cat_colour_blind(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    # The game's colour-blind setting (a letter on every dot) on any screen;
    # the game hands colours out in order, so each letter names its colour.
    puzzle, opts = _category_mix(rng)
    return puzzle, replace(opts, colour_blind=True)


def _category_mix(rng: np.random.Generator) -> tuple[Puzzle, ShotOptions]:
    pick = (_cat_phone, _cat_phone_large, _cat_rectangular, _cat_mirror, _cat_web, _cat_crop)
    return pick[int(rng.integers(len(pick)))](rng)


#: Category name -> random (puzzle, options) maker. Names say what each covers.
CATEGORIES: dict[str, Callable[[np.random.Generator], tuple[Puzzle, ShotOptions]]] = {
    "phone": _cat_phone,
    "phone_large": _cat_phone_large,
    "rectangular": _cat_rectangular,
    "desktop_app": _cat_desktop_app,
    "mirror": _cat_mirror,
    "web": _cat_web,
    "zoomed": _cat_zoomed,
    "crop": _cat_crop,
    "tiny_cells": _cat_tiny_cells,
    "huge_cells": _cat_huge_cells,
    "jpeg": _cat_jpeg,
    "drift": _cat_drift,
    "twins": _cat_twins,
    "generated": _cat_generated,
    "solved": _cat_generated,
    "preview": _cat_preview,  # same boards, drawn with their pipes (see ``sample``)
    "colour_blind": _cat_colour_blind,
}


# --------------------------------------------------------------------------- variants


# How often each variant's boards have other features too: about as often as the
# game's official levels of that kind do (``../shared/official``: walled boards
# shaped 1 in 9, shaped boards walled 1 in 8, warps with walls or holes 1 in 10,
# every hexagonal board shaped and 15 of 200 walled).


def _features_walls(rng: np.random.Generator, rows: int, cols: int) -> dict[str, int]:
    # The game's walled levels: walls, sometimes on a shaped board.
    cells = rows * cols
    holes = round(cells * rng.uniform(0.03, 0.12)) if rng.random() < 0.15 else 0
    return {"walls": max(1, round(cells * rng.uniform(0.05, 0.15))), "holes": holes}


def _features_holes(rng: np.random.Generator, rows: int, cols: int) -> dict[str, int]:
    # Shaped boards: cells cut from the outline and gaps inside, sometimes walls too.
    cells = rows * cols
    walls = round(cells * rng.uniform(0.02, 0.08)) if rng.random() < 0.15 else 0
    return {"holes": max(1, round(cells * rng.uniform(0.05, 0.22))), "walls": walls}


def _features_bridges(rng: np.random.Generator, rows: int, cols: int) -> dict[str, int]:
    walls = round(rows * cols * rng.uniform(0.02, 0.06)) if rng.random() < 0.1 else 0
    return {"bridges": int(rng.integers(1, 2 + rows * cols // 30)), "walls": walls}


def _features_warps(rng: np.random.Generator, rows: int, cols: int) -> dict[str, int]:
    cells = rows * cols
    walls = round(cells * rng.uniform(0.02, 0.08)) if rng.random() < 0.15 else 0
    holes = round(cells * rng.uniform(0.03, 0.1)) if rng.random() < 0.12 else 0
    return {"warps": int(rng.integers(1, 5)), "walls": walls, "holes": holes}


def _features_hex(rng: np.random.Generator, rows: int, cols: int) -> dict[str, int]:
    # Flow Free: Hexes: hexagon lattices, every one shaped, a few walled.
    cells = rows * cols
    walls = round(cells * rng.uniform(0.02, 0.08)) if rng.random() < 0.1 else 0
    return {"hexagonal": 1, "holes": max(1, round(cells * rng.uniform(0.04, 0.2))), "walls": walls}


#: Variant name -> the ``flowbot.generate`` features of a board of that size, drawn at random.
#: ``"classic"`` is the plain rectangle every category draws by itself.
VARIANTS: dict[str, Callable[[np.random.Generator, int, int], dict[str, int]]] = {
    "walls": _features_walls,
    "holes": _features_holes,
    "bridges": _features_bridges,
    "warps": _features_warps,
    "hex": _features_hex,
}

#: The categories a variant board is drawn in: every scene and look; not ``generated``
#: (variant boards always are) nor ``solved`` (see ``STATES``).
VARIANT_CATEGORIES: tuple[str, ...] = tuple(
    c for c in CATEGORIES if c not in {"generated", "solved"}
)

#: What is drawn on the board: no pipe, some pipes (whole, or part of a flow from one of
#: its dots), or the whole solution.
STATES = ("unsolved", "started", "solved")


def _variant_board(rng: np.random.Generator, variant: str, like: Puzzle) -> Solution:
    """A solvable ``variant`` board of ``like``'s size.

    About as many colours as the game's levels of that size have (the square
    root of the cells), or as ``like`` has if more (twins want many), 16 at most.
    """
    from flowbot.errors import InputError  # noqa: PLC0415
    from flowbot.generate import generate  # noqa: PLC0415 - keeps the solver out of plain use

    rows, cols = like.rows, like.cols
    features = VARIANTS[variant](rng, rows, cols)
    usual = round(math.sqrt(rows * cols - features.get("holes", 0)) * rng.uniform(0.9, 1.3))
    colours = int(min(16, max(3, usual, len(like.pairs))))
    for attempt in range(12):
        try:
            made = generate(
                rows,
                cols,
                colours,
                seed=int(rng.integers(2**31)),
                hexagonal=bool(features.get("hexagonal")),
                holes=features.get("holes", 0),
                walls=features.get("walls", 0),
                bridges=features.get("bridges", 0),
                warps=features.get("warps", 0),
            )
        except InputError:
            # Paths that never touch themselves need enough colours; holes may leave no room.
            colours = min(16, colours + 1)
            if attempt % 3 == 2 and features.get("holes", 0) > 1:
                features = {**features, "holes": features["holes"] // 2}
            continue
        return made.solution
    raise RuntimeError(f"no {variant} board of {rows}x{cols} after 12 tries")  # pragma: no cover


def _drawn(rng: np.random.Generator, solution: Solution, state: str) -> Solution | None:
    """The pipes drawn on the board in ``state``."""
    if state == "unsolved":
        return None
    if state == "solved":
        return solution
    puzzle = solution.puzzle
    paths: list[tuple[Cell, ...]] = []
    for path in solution.paths:
        roll = rng.random()
        if roll < 0.35:
            paths.append(path)
        elif roll < 0.7 and len(path) > 2:
            # Dragged from one of its dots and let go short of the other, never on a bridge.
            part = path if rng.random() < 0.5 else path[::-1]
            part = part[: int(rng.integers(2, len(path)))]
            while part and part[-1] in puzzle.bridges:
                part = part[:-1]
            paths.append(part if len(part) > 1 else ())
        else:
            paths.append(())
    if not any(paths):  # a started board has at least one pipe
        k = int(rng.integers(len(paths)))
        paths[k] = solution.paths[k]
    return Solution(puzzle, tuple(paths))


def sample(
    category: str,
    seed: int,
    variant: str = "classic",
    state: str = "unsolved",
    levels: Sequence[Solution] = (),
) -> SyntheticShot:
    """A random shot from one of ``CATEGORIES``, the same for the same arguments.

    ``variant``: ``"classic"`` or one of ``VARIANTS`` (then ``category`` is one of
    ``VARIANT_CATEGORIES``): a solvable board of the game's other kinds, of the
    size the category draws, in its scene and look. ``state``: one of ``STATES``,
    the pipes drawn (the shot's ``drawn`` and ``pipes``). One seed gives one
    board and scene in every state, so a started or solved shot is the unsolved
    one with pipes on it (classic boards: a generated level, since the
    categories' own boards are rarely solvable). Classic unsolved shots are
    what they always were. ``levels``: solved boards of the variant to draw
    one of instead of a generated one (the game's own levels: see
    ``official_levels``), each at its own size.
    """
    try:
        make = CATEGORIES[category]
    except KeyError:
        raise ValueError(
            f"unknown category {category!r}; choose from {sorted(CATEGORIES)}"
        ) from None
    if state not in STATES:
        raise ValueError(f"unknown state {state!r}; choose from {list(STATES)}")
    if variant != "classic":
        if variant not in VARIANTS:
            choices = ", ".join(["classic", *VARIANTS])
            raise ValueError(f"unknown variant {variant!r}; choose from {choices}")
        if category not in VARIANT_CATEGORIES:
            raise ValueError(f"category {category!r} draws classic boards only")
        rng = np.random.default_rng([seed, *category.encode(), *b"/", *variant.encode()])
        like, options = make(rng)
        if levels:
            solution = levels[int(rng.integers(len(levels)))]
        else:
            solution = _variant_board(rng, variant, like)
        return synthesize(
            solution.puzzle,
            seed=int(rng.integers(2**31)),
            options=options,
            solution=_drawn(_state_rng(seed, category, variant), solution, state),
        )
    rng = np.random.default_rng([seed, *category.encode()])
    if state != "unsolved":
        if category == "solved":
            raise ValueError("category 'solved' draws its own pipes; give it no state")
        like, options = make(rng)
        solution = _generated(rng, like.rows, like.cols)
        return synthesize(
            solution.puzzle,
            seed=int(rng.integers(2**31)),
            options=options,
            solution=_drawn(_state_rng(seed, category, variant), solution, state),
        )
    if category == "solved":
        # A solved board (pipes everywhere) or a half-solved one (some pipes): a
        # reader may refuse these or read their dots, never answer wrongly.
        puzzle, options = make(rng)
        solution = _generated(rng, puzzle.rows, puzzle.cols)
        if rng.random() < 0.5:
            keep = rng.random(len(solution.paths)) < 0.5
            paths = tuple(p if k else () for p, k in zip(solution.paths, keep, strict=True))
            solution = Solution(solution.puzzle, paths)
        return synthesize(
            solution.puzzle, seed=int(rng.integers(2**31)), options=options, solution=solution
        )
    puzzle, options = make(rng)
    return synthesize(puzzle, seed=int(rng.integers(2**31)), options=options)


def variant_of(puzzle: Puzzle) -> str:
    """Which of ``VARIANTS`` a board is drawn as (``"classic"`` for a plain one): its
    lattice, else its rarest feature (bridges, warps, holes, walls in that order)."""
    if puzzle.shape is Shape.HEX:
        return "hex"
    for name, present in (
        ("bridges", puzzle.bridges),
        ("warps", puzzle.warps),
        ("holes", puzzle.holes),
        ("walls", puzzle.walls),
    ):
        if present:
            return name
    return "classic"


@functools.lru_cache(maxsize=4)
def official_levels(root: str) -> dict[str, tuple[Solution, ...]]:
    """The game's levels of every variant with their solutions, from the level packs
    (``levelpack_*.txt``) under ``root`` (such as ``../shared/official``); an
    empty dict when there are none."""
    from flowbot.formats import read_puzzles  # noqa: PLC0415 - only this needs the formats

    found: dict[str, list[Solution]] = {}
    for path in sorted(Path(root).glob("levelpack_*.txt")):
        for level in read_puzzles(path, "levelpack"):
            variant = variant_of(level.puzzle)
            if variant != "classic" and level.solution is not None:
                found.setdefault(variant, []).append(level.solution)
    return {variant: tuple(found[variant]) for variant in VARIANTS if variant in found}


def _state_rng(seed: int, category: str, variant: str) -> np.random.Generator:
    # Its own stream: the board and scene do not depend on the state.
    return np.random.default_rng([seed, *category.encode(), *b"/state/", *variant.encode()])
