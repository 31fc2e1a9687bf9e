"""A smaller copy of a hexagonal board's dots: the OS's screenshot preview.

The preview shows the whole screen at a fifth or so of its size in a
corner, the board's dots among it. Its lines are too fine to find a lattice
in, but its dots still show (``_dots_apart``). They are a copy of the board
when one scale and shift (no turn) takes every board dot to a dot of its
colour there and takes nothing else there: the copy is then no second
board. The square boards' check (``_other_boards.smaller_copy``) reads the
copy's grid; this one needs only the dots (a square board's too, where the
copy's cells are too small to read: ``_other_boards.copied_dots``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from flowbot.models import Cell, Geometry, Reading
from flowbot.vision._dots_apart import (
    DOT_BRIGHTNESS,
    DOT_CHROMA,
    PAIRS,
    TWIN_COLOUR,
    TWIN_SIZE,
    Region,
    counters,
    pairs_of_one_size,
    round_blobs,
)
from flowbot.vision._letters import RADII
from flowbot.vision._types import Settings


class DotsSeen(Protocol):
    """A board's dots as read: where they are (``geometry``) and their colours."""

    @property
    def geometry(self) -> Geometry: ...
    @property
    def dots(self) -> Sequence[Cell]: ...
    @property
    def core_rgb(self) -> np.ndarray: ...
    @property
    def settings(self) -> Settings: ...


@dataclass(frozen=True)
class DotsRead:
    """A board's dots as read (``Reading``): each in its pair's colour, the mean of its two
    dots' (alike within the pairing's margin, far within ``TWIN_COLOUR``)."""

    geometry: Geometry
    dots: tuple[Cell, ...]
    core_rgb: np.ndarray
    settings: Settings

    @classmethod
    def of(cls, reading: Reading, settings: Settings) -> DotsRead:
        g = reading.geometry
        rgb = np.zeros((g.rows, g.cols, 3), np.float64)
        for pair, colour in zip(reading.puzzle.pairs, reading.colours, strict=True):
            rgb[pair.a] = rgb[pair.b] = colour
        dots = tuple(sorted(cell for pair in reading.puzzle.pairs for cell in (pair.a, pair.b)))
        return cls(g, dots, rgb, settings)


#: The copy is at most this size of the board (``_other_boards.SMALLER_COPY``:
#: the preview shows the screen at 20-30 %).
SMALLER_COPY = 0.5
#: A copied dot lies within this share of the copy's pitch of where the
#: board's dot maps to (a pixel at least).
COPY_PLACING = 0.25
#: A board dot this far past the blob finder's colour bounds must show in
#: the copy (nearer them, the copy's may be passed over or not).
CLEARLY_COLOURED = 30


def discs_apart(image: np.ndarray, seen: DotsSeen, region: Region) -> np.ndarray:
    """The round discs in ``region`` outside the board, at full resolution: x, y, size,
    R, G, B rows. Discs too small to be the dots of a board the reader could read
    are left out (a preview's icons, shrunk to a few pixels), and so are letters'
    counters (``counters``: the hole of an "o" in white text over a coloured panel)."""
    blobs = np.array(round_blobs(image, region, 1)).reshape(-1, 6)
    on_board = _on_board(seen.geometry, blobs[:, :2])
    return blobs[(blobs[:, 2] >= least_dot(seen)) & ~on_board & ~counters(image, blobs)]


def _on_board(geometry: Geometry, xy: np.ndarray) -> np.ndarray:
    """Which of the points ``xy`` (x, y rows) lie within the board's bounding box."""
    x, y = xy[:, 0], xy[:, 1]
    return (x > geometry.left) & (x < geometry.right) & (y > geometry.top) & (y < geometry.bottom)


def least_dot(seen: DotsSeen) -> float:
    """The smallest dot (across, px) of a board the reader could read: its least
    radius's share of the least pitch it reads (``Settings.min_cell_px``)."""
    return 2 * RADII[0] * seen.settings.min_cell_px


def holds_pairs(discs: np.ndarray) -> bool:
    """Whether ``discs`` hold pairs of dots of one size as a board's do (``PAIRS`` or more):
    the shrunk copy's look, seen again at full resolution (letters of a word may pass
    for discs there)."""
    return len(pairs_of_one_size(discs)) >= 2 * PAIRS


def smaller_copy(image: np.ndarray, seen: DotsSeen, blobs: np.ndarray) -> bool:
    """Whether the discs ``blobs`` (``discs_apart``) are a smaller copy of the board's dots."""
    if len(blobs) < 2:
        return False
    geometry = seen.geometry
    dots = seen.dots
    xy = np.array([geometry.centre(c) for c in dots], np.float64)
    rgb = np.array([seen.core_rgb[c] for c in dots], np.float64)
    clear = (rgb.max(axis=1) - rgb.min(axis=1) >= DOT_CHROMA + CLEARLY_COLOURED) & (
        rgb.max(axis=1) >= DOT_BRIGHTNESS + CLEARLY_COLOURED
    )
    like = np.linalg.norm(blobs[:, None, 3:] - rgb[None, :, :], axis=2) <= TWIN_COLOUR
    # A copied dot and one far from it fix the scale and shift (the copy holds
    # the screen's other discs too: a hint's bulb, an icon; and the screen's
    # own round letters may lie farther out than any copied dot).
    for first, far in _far_pairs(blobs, like):
        for d, e in itertools.product(np.flatnonzero(like[first]), np.flatnonzero(like[far])):
            apart = np.hypot(*(xy[e] - xy[d]))
            if d == e or apart == 0:
                continue
            scale = float(np.hypot(*(blobs[far, :2] - blobs[first, :2])) / apart)
            if scale > SMALLER_COPY:
                continue
            shift = blobs[first, :2] - scale * xy[d]
            if _copies(
                image,
                blobs,
                size=float(blobs[first, 2]),
                scale=scale,
                shift=shift,
                xy=xy,
                rgb=rgb,
                like=like,
                clear=clear,
                board=geometry,
            ):
                return True
    return False


def _far_pairs(blobs: np.ndarray, like: np.ndarray) -> Iterator[tuple[int, int]]:
    """Pairs of discs that may be two copied dots, each first disc with the others of its
    size coloured like some board dot, farthest first (the farther apart, the surer the
    scale): the copy's dots are all of one size and of the board dots' colours."""
    size = blobs[:, 2]
    coloured = np.flatnonzero(like.any(axis=1))
    for first in coloured:
        alike = np.abs(size[coloured] - size[first]) <= TWIN_SIZE * np.maximum(
            size[coloured], size[first]
        )
        others = coloured[alike & (coloured != first)]
        apart = np.hypot(*(blobs[others, :2] - blobs[first, :2]).T)
        for far in others[np.argsort(-apart, kind="stable")]:
            yield int(first), int(far)


def _copies(
    image: np.ndarray,
    blobs: np.ndarray,
    *,
    size: float,
    scale: float,
    shift: np.ndarray,
    xy: np.ndarray,
    rgb: np.ndarray,
    like: np.ndarray,
    clear: np.ndarray,
    board: Geometry,
) -> bool:
    """Whether, scaled by ``scale`` and shifted by ``shift``, the screen holds each blob: on a
    board dot of its colour of its own, of the copied dots' ``size``, or on the screen a disc
    of its colour outside the board; and whether every clearly coloured board dot has its
    blob, or its colour there (a dot a pipe runs from is no round blob:
    ``copied_colours``)."""
    pitch = board.cell_size
    mapped = xy * scale + shift
    apart = np.hypot(*(blobs[:, None, :2] - mapped[None, :, :]).transpose(2, 0, 1))
    # A blob of another size on a copied dot is no copied dot, but what lies round one: a
    # started flow's loop round a dot, round in the copy, one saturated blob with it, of
    # the dot's colour at its middle (synthetic hex preview 10600015 started: a cyan dot
    # 28 px across in an orange loop 107 px across, both taken for that dot).
    alike = np.abs(blobs[:, 2] - size) <= TWIN_SIZE * np.maximum(blobs[:, 2], size)
    on = (apart <= max(1.0, COPY_PLACING * scale * pitch)) & like & alike[:, None]
    on_dot = on.any(axis=1)
    hit = np.argmax(on, axis=1)[on_dot]
    if len(set(hit.tolist())) < len(hit):
        return False
    covered = np.zeros(len(mapped), bool)
    covered[hit] = True
    missing = np.flatnonzero(clear & ~covered)
    if not copied_colours(image, mapped[missing], rgb[missing], scale * pitch):
        return False
    rest = blobs[~on_dot]
    h, w = image.shape[:2]
    at = (rest[:, :2] - shift) / scale
    # On the board, a disc of the copied dots' size and a dot's colour is a dot: the
    # screen's disc there is no copy of it. The screen's colour there cannot tell: two
    # finished boards of the same colours show a pipe of its colour nearly anywhere
    # (decoy flow_other_solved_preview 100049: a 5x5 preview's dots over a 6x6 board's
    # pipes, two of its six on the board's dots).
    dot_like = alike[~on_dot] & like[~on_dot].any(axis=1)
    if (_on_board(board, at) & dot_like).any():
        return False
    inside = (at[:, 0] >= 0) & (at[:, 0] < w) & (at[:, 1] >= 0) & (at[:, 1] < h)
    # Past the copy's edge: the screen's own discs, no board's pairs.
    if len(pairs_of_one_size(rest[~inside])) >= 2 * PAIRS:
        return False
    # Where the copy lies over the part of the screen it copies (the OS's preview
    # over the ad banner it shows), the screen shows the copy there, not the disc:
    # over any of the patch ``_shown`` compares (its radius in the shrunk screen's
    # pixels). A blob just past the copy's edge compared the screen's disc with the
    # copy's own frame (bridges preview 5000001 started: the ad's button, its place
    # 8 px left of the copy, its patch 24 px wide, 81 RGB off).
    reach = _patch_radius(rest)[:, None] / scale
    copy = (shift, shift + scale * np.array([w, h]))
    covered = np.all((at + reach >= copy[0]) & (at - reach <= copy[1]), axis=1)
    checked = rest[inside & ~covered]
    if not len(checked):
        return True
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return all(_shown(image, small, blob, shift) for blob in checked)


#: Round a copied dot's place, the patch whose mean colour must be the dot's
#: (a share of the copy's pitch: well inside its disc, 0.27-0.38 of it).
COPIED_PATCH = 0.15


def copied_colours(image: np.ndarray, at: np.ndarray, rgb: np.ndarray, pitch: float) -> bool:
    """Whether ``image`` shows, round each of the places ``at`` (x, y) in a copy of
    ``pitch``, the colour ``rgb`` of its dot (within ``TWIN_COLOUR``): a started board's
    dot joined to its pipe in the copy, no round blob there."""
    h, w = image.shape[:2]
    r = max(1, round(COPIED_PATCH * pitch))
    for (x, y), colour in zip(np.rint(at).astype(int), rgb, strict=True):
        patch = image[max(0, y - r) : min(h, y + r + 1), max(0, x - r) : min(w, x + r + 1)]
        if not patch.size:
            return False
        if np.linalg.norm(patch.reshape(-1, 3).mean(axis=0) - colour) > TWIN_COLOUR:
            return False
    return True


def _shown(image: np.ndarray, small: np.ndarray, blob: np.ndarray, shift: np.ndarray) -> bool:
    """Whether the screen shrunk to the copy's scale shows the blob's colour where the copy
    has it (a disc of the screen's other than a dot: an icon, a letter)."""
    r = int(_patch_radius(blob[None])[0])
    (x, y), (u, v) = np.rint(blob[:2]).astype(int), np.rint(blob[:2] - shift).astype(int)
    here = image[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1]
    there = small[max(0, v - r) : v + r + 1, max(0, u - r) : u + r + 1]
    if not there.size:
        return False
    apart = np.linalg.norm(here.reshape(-1, 3).mean(axis=0) - there.reshape(-1, 3).mean(axis=0))
    return bool(apart <= TWIN_COLOUR)


def _patch_radius(blobs: np.ndarray) -> np.ndarray:
    """Each blob's patch radius (px) ``_shown`` compares: a quarter of its size, 1 at least."""
    return np.maximum(1, np.rint(blobs[:, 2] / 4)).astype(int)
