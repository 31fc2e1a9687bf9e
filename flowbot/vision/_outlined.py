"""Boards with an outline: shaped boards, holes inside a board, inner walls.

The game draws such a board's outline and its walls as one bright line in
the pack's colour, wider than the grid lines; holes are plain background
outside that outline, with no lines; the playable cells keep the thin grid
lines. The classic search refuses these boards (missing inner lines, grids
meeting, a border with gaps); this stage, asked only then, reads them:

1. the lattice of the grid found in a shrunk copy is laid over the whole
   screen, and every edge judged: nothing, a grid line, or the outline
   (``_outline_edges``);
2. the playable cells are those joined by grid lines (the largest such group,
   with any group walled off from it), their bounding box the board;
3. every other cell of the box is a hole; every side between two playable
   cells is a line or a wall, every side of a playable cell facing a hole or
   the box's edge is the outline, no line is drawn between two holes: any
   edge doubtful, or not as the game draws it, refuses the board;
4. the lines are placed at full resolution, the edges judged again there,
   and the dots read and checked as on a classic board.

A board with neither holes nor walls is not read here: the classic search
refused it for a reason of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Link, link
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._choose import Board
from flowbot.vision._colour import brightest_channel
from flowbot.vision._grid import MIN_BOARD_SIDE, full_size
from flowbot.vision._lattice import find_lattices
from flowbot.vision._line_positions import place_lines
from flowbot.vision._outline_edges import EdgeKinds, Kind, classify, edge_ink
from flowbot.vision._rule import Cells
from flowbot.vision._rules import read_cells
from flowbot.vision._types import Features, Settings

#: Candidate grids tried (most cells first).
CANDIDATES = 3
#: A frame side this close to the image's edge (pitch fraction) may be a cut.
AT_IMAGE_EDGE = 0.15


@dataclass(frozen=True)
class Outlined:
    """A board with an outline: where it lies, what it holds besides cells, its cells' samples."""

    geometry: BoardGeometry
    features: Features
    samples: CellSamples


class OutlineError(UnsureReadingError):
    """An outlined board was seen but not read for certain."""


def outlined_board(image: np.ndarray, settings: Settings) -> Board | None:
    """The board with an outline on the screen, its dots read (the dot rules), or None.

    Raises ``OutlineError`` when one is seen but something about it is doubtful.
    """
    found = find_outlined(image, settings)
    if found is None:
        return None
    geometry, features = found.geometry, found.features
    dots, confidence = read_cells(found.samples, image, geometry, settings)
    if dots & features.holes:
        raise OutlineError(f"cell {min(dots & features.holes)} outside the outline holds a dot")
    if not dots:
        return None
    cells = Cells(image, geometry, found.samples, dots, settings, features.holes)
    note = f"board with an outline: {len(features.holes)} holes, {len(features.walls)} walls"
    return Board(cells, confidence, (note,), features)


def find_outlined(image: np.ndarray, settings: Settings) -> Outlined | None:
    """The board with an outline on the screen, or None when none is seen.

    Raises ``OutlineError`` when one is seen but something about it is doubtful.
    """
    h, w = image.shape[:2]
    gray = brightest_channel(image)
    f = max(1, math.ceil(max(h, w) / settings.work_size))
    small = gray if f == 1 else cv2.resize(gray, (w // f, h // f), interpolation=cv2.INTER_AREA)
    lattices, _ = find_lattices(small, settings.lines())
    doubt: OutlineError | None = None
    for lattice in lattices[:CANDIDATES]:
        geometry = full_size(lattice, f)
        if geometry.cell_size < settings.min_cell_px:
            continue
        try:
            found = _outlined(image, gray, geometry, uncertainty=f + 1)
        except OutlineError as exc:
            doubt = doubt or exc
            continue
        if found is not None:
            return found
    if doubt is not None:
        raise doubt
    return None


def _outlined(
    image: np.ndarray, gray: np.ndarray, found: BoardGeometry, uncertainty: float
) -> Outlined | None:
    """The outlined board on ``found``'s lattice, judged twice: as found, then placed."""
    first = _board_on(gray, _whole_lattice(found, gray.shape))
    if first is None:
        return None
    placed = place_lines(image, first.geometry, uncertainty=uncertainty)
    again = _board_on(gray, _whole_lattice(placed, gray.shape))
    if again is None or again.features != first.features or again.size != first.size:
        raise OutlineError("the board's outline reads differently once its lines are placed")
    return Outlined(again.geometry, again.features, sample_cells(image, again.geometry))


@dataclass(frozen=True)
class _Board:
    geometry: BoardGeometry
    features: Features
    size: tuple[int, int]


def _whole_lattice(geometry: BoardGeometry, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``geometry``'s lines, carried on at its pitch over the whole image (whole cells only)."""
    h, w = shape[:2]
    out = []
    for lines, size in ((np.asarray(geometry.xs), w), (np.asarray(geometry.ys), h)):
        pitch = (lines[-1] - lines[0]) / (len(lines) - 1)
        before = np.arange(lines[0] - pitch, -0.5, -pitch)[::-1]
        after = np.arange(lines[-1] + pitch, size - 0.5, pitch)
        out.append(np.concatenate([before, lines, after]))
    return out[0], out[1]


def _board_on(gray: np.ndarray, lattice: tuple[np.ndarray, np.ndarray]) -> _Board | None:
    """The outlined board on ``lattice``, or None; ``OutlineError`` when doubtful."""
    xs, ys = lattice
    pitch = float((np.median(np.diff(xs)) + np.median(np.diff(ys))) / 2)
    vertical_ink, horizontal_ink = edge_ink(gray, xs, ys, pitch)
    kinds = classify(vertical_ink, horizontal_ink)
    if kinds is None:
        return None
    playable = _playable(kinds)
    if playable is None:
        return None
    rows_in, cols_in = np.nonzero(playable)
    r0, r1, c0, c1 = rows_in.min(), rows_in.max(), cols_in.min(), cols_in.max()
    rows, cols = r1 - r0 + 1, c1 - c0 + 1
    if min(rows, cols) < MIN_BOARD_SIDE:
        return None
    _check_sides(kinds, playable, (r0, r1, c0, c1))
    _check_frame(kinds, playable, xs, ys, gray.shape, pitch)
    holes = frozenset(
        Cell(int(r - r0), int(c - c0))
        for r in range(r0, r1 + 1)
        for c in range(c0, c1 + 1)
        if not playable[r, c]
    )
    walls = _walls(kinds, playable, r0, c0)
    if not holes and not walls:
        return None
    geometry = BoardGeometry(
        tuple(float(x) for x in xs[c0 : c1 + 2]), tuple(float(y) for y in ys[r0 : r1 + 2])
    )
    return _Board(geometry, Features(holes=holes, walls=walls), (int(rows), int(cols)))


def _playable(kinds: EdgeKinds) -> np.ndarray | None:
    """The playable cells ``[row, col]``: joined by grid lines, with any group walled off."""
    n_rows, n_cols = kinds.vertical.shape[1], kinds.horizontal.shape[1]
    parent = list(range(n_rows * n_cols))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    joined = np.zeros((n_rows, n_cols), dtype=bool)
    for a, b, kind in _inner_sides(kinds):
        if kind == Kind.LINE:
            parent[find(a[0] * n_cols + a[1])] = find(b[0] * n_cols + b[1])
            joined[a] = joined[b] = True
    if not joined.any():
        return None
    roots = np.array([find(i) for i in range(n_rows * n_cols)]).reshape(n_rows, n_cols)
    counts = np.bincount(roots[joined].ravel())
    groups = {int(np.argmax(counts))}
    # A group walled off from the board is part of it: outlined all round.
    outlined = {int(g) for g in np.unique(roots[joined])}
    for a, b, kind in _inner_sides(kinds):
        ra, rb = int(roots[a]), int(roots[b])
        if ra != rb and kind not in (Kind.OUTLINE, Kind.DOUBT):
            outlined -= {ra, rb}
    outlined -= {int(roots[0, c]) for c in range(n_cols)} | {int(roots[-1, c]) for c in range(n_cols)}
    outlined -= {int(roots[r, 0]) for r in range(n_rows)} | {int(roots[r, -1]) for r in range(n_rows)}
    for a, b, kind in _inner_sides(kinds):
        ra, rb = int(roots[a]), int(roots[b])
        if kind == Kind.OUTLINE and ra in groups and rb in outlined:
            groups.add(rb)
    return joined & np.isin(roots, list(groups))


def _inner_sides(kinds: EdgeKinds):  # type: ignore[no-untyped-def]
    """Every side between two cells of the lattice: ``(cell, cell, kind)``."""
    vertical, horizontal = kinds.vertical, kinds.horizontal
    for i in range(1, vertical.shape[0] - 1):
        for r in range(vertical.shape[1]):
            yield (r, i - 1), (r, i), int(vertical[i, r])
    for j in range(1, horizontal.shape[0] - 1):
        for c in range(horizontal.shape[1]):
            yield (j - 1, c), (j, c), int(horizontal[j, c])


def _check_sides(
    kinds: EdgeKinds, playable: np.ndarray, box: tuple[int, int, int, int]
) -> None:
    """Every side as the game draws it round and inside a board with an outline.

    Between two playable cells a line or a wall; between a playable cell and
    a hole the outline; between two holes nothing; the frame round the box,
    clearly heavier than a line (a board as wide as the screen has its frame
    dimmer than its holes' outline).
    """
    r0, r1, c0, c1 = box

    def in_box(cell: tuple[int, int]) -> bool:
        return r0 <= cell[0] <= r1 and c0 <= cell[1] <= c1

    for a, b, kind in _inner_sides(kinds):
        inside = int(playable[a]) + int(playable[b])
        if inside == 2 and kind not in (Kind.LINE, Kind.OUTLINE):
            raise OutlineError(
                f"the edge between cells {a} and {b} is neither a grid line nor a wall"
            )
        if inside == 1:
            other = b if playable[a] else a
            ink = kinds.vertical_ink if a[0] == b[0] else kinds.horizontal_ink
            at = ink[b[1], a[0]] if a[0] == b[0] else ink[b[0], a[1]]
            if kind != Kind.OUTLINE if in_box(other) else not kinds.heavier_than_lines(float(at)):
                raise OutlineError(f"the board's outline is not drawn between cells {a} and {b}")
        if inside == 0 and in_box(a) and in_box(b) and kind != Kind.NONE:
            raise OutlineError(f"a line is drawn between cells {a} and {b}, outside the board")


def _check_frame(
    kinds: EdgeKinds,
    playable: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    shape: tuple[int, ...],
    pitch: float,
) -> None:
    """The outline where the lattice ends: drawn, heavier than a line, not cut by the image."""
    h, w = shape[:2]
    n_rows, n_cols = playable.shape
    sides = []
    for r in range(n_rows):
        for c in (0, n_cols - 1):
            if playable[r, c]:
                i = 0 if c == 0 else n_cols
                sides.append((kinds.vertical_ink[i, r], xs[i], w))
    for c in range(n_cols):
        for r in (0, n_rows - 1):
            if playable[r, c]:
                j = 0 if r == 0 else n_rows
                sides.append((kinds.horizontal_ink[j, c], ys[j], h))
    for ink, at, size in sides:
        cut = min(at, size - 1 - at) < AT_IMAGE_EDGE * pitch
        # Cut by the image's edge, a line's sliver can pass for a frame: the outline's cannot.
        if not kinds.heavier_than_lines(float(ink)) or (cut and not kinds.outline(float(ink))):
            raise OutlineError("the board's outline is cut by the image's edge")


def _walls(kinds: EdgeKinds, playable: np.ndarray, r0: int, c0: int) -> frozenset[Link]:
    """Outline drawn between two playable cells: walls, in the board's cells."""
    return frozenset(
        link(Cell(a[0] - r0, a[1] - c0), Cell(b[0] - r0, b[1] - c0))
        for a, b, kind in _inner_sides(kinds)
        if kind == Kind.OUTLINE and playable[a] and playable[b]
    )

