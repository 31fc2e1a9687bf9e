"""Did the game take the paths? Look at a capture and compare it with the plan.

Vision reads unsolved boards; a drawn board is checked here instead, more
cheaply and more strictly: along each planned path, every cell centre and both
ends of every joint between two cells must show that path's colour (a joint
through a warp runs towards the opening; a bridge's tile may hide the pipe
crossing under it, so the bridge's own samples are left out: the cells on
either side show whether the path went across). The colours are the dots'
colours as the vision stage saw them on this very screen, so no palette is
assumed. A sample counts as a colour when that colour is the nearest of all
the board's colours (and the empty board's black), and near enough
(``tolerance``, an RGB distance).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from flowbot import look
from flowbot.models import Cell, Geometry, Point, Puzzle, Solution

#: How far from a cell centre, in cell pitches, a joint is sampled: past the dot, on the pipe.
JOINT = 0.42


def _samples(puzzle: Puzzle, path: Sequence[Cell], geometry: Geometry) -> list[Point]:
    """Where ``path`` must show its colour: every cell centre and both ends of every
    joint, less what a bridge's tile may hide (its centre and its own joint ends)."""
    bridges = puzzle.bridges
    out = [geometry.centre(cell) for cell in path if cell not in bridges]
    for a, b in itertools.pairwise(path):
        out += [_joint(puzzle, geometry, p, q) for p, q in ((a, b), (b, a)) if p not in bridges]
    return out


def _joint(puzzle: Puzzle, geometry: Geometry, cell: Cell, to: Cell) -> Point:
    """The point ``JOINT`` of the way from ``cell``'s centre towards its neighbour ``to``
    (through a warp: towards the opening that leads there)."""
    a = geometry.centre(cell)
    if puzzle.warps and to not in set(puzzle.lattice_neighbours(cell)):
        mouth = look.warp_mouth(puzzle, geometry, cell, to)
        reach = JOINT * geometry.cell_size / math.hypot(mouth.x - a.x, mouth.y - a.y)
        return Point(a.x + (mouth.x - a.x) * reach, a.y + (mouth.y - a.y) * reach)
    b = geometry.centre(to)
    return Point(a.x + (b.x - a.x) * JOINT, a.y + (b.y - a.y) * JOINT)


def _colour_at(image: npt.NDArray[np.uint8], point: Point) -> npt.NDArray[np.float64]:
    """The median colour of the 3x3 pixels around ``point`` (robust to edges and noise)."""
    h, w = image.shape[:2]
    x = min(max(round(point.x), 1), w - 2)
    y = min(max(round(point.y), 1), h - 2)
    patch = image[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).astype(np.float64)
    return np.median(patch, axis=0)


def _shows(
    image: npt.NDArray[np.uint8],
    point: Point,
    palette: npt.NDArray[np.float64],
    index: int,
    tolerance: float,
) -> bool:
    """True when the colour at ``point`` is nearest ``palette[index]`` and within ``tolerance``."""
    distances = np.linalg.norm(palette - _colour_at(image, point), axis=1)
    nearest = int(np.argmin(distances))
    return nearest == index and distances[nearest] <= tolerance


def untaken_paths(
    image: npt.NDArray[np.uint8],
    geometry: Geometry,
    solution: Solution,
    colours: tuple[tuple[int, int, int], ...],
    *,
    tolerance: float = 80.0,
) -> tuple[int, ...]:
    """Indices of the paths that ``image`` does not show as planned.

    Parameters
    ----------
    image
        The capture after drawing, ``(H, W, 3)`` uint8 RGB.
    geometry
        The board in that capture's pixels.
    solution
        The paths that were drawn.
    colours
        Each pair's dot colour as seen (``Reading.colours``).
    tolerance
        Largest RGB distance from its colour that a sample may be.

    Returns
    -------
    tuple[int, ...]
        Empty when every path shows; else the indices, in pair order.
    """
    palette = np.array([*colours, (0, 0, 0)], dtype=np.float64)
    missing = []
    for i, path in enumerate(solution.paths):
        if not all(
            _shows(image, p, palette, i, tolerance)
            for p in _samples(solution.puzzle, path, geometry)
        ):
            missing.append(i)
    return tuple(missing)


def dots_visible(
    image: npt.NDArray[np.uint8],
    geometry: Geometry,
    puzzle: Puzzle,
    colours: tuple[tuple[int, int, int], ...],
    *,
    tolerance: float = 80.0,
) -> bool:
    """True when every dot still shows its colour where it was read.

    Checked before re-drawing, so the bot never presses into whatever
    covered or replaced the board (a "level complete" panel, another window).
    """
    palette = np.array([*colours, (0, 0, 0)], dtype=np.float64)
    return all(
        _shows(image, geometry.centre(cell), palette, i, tolerance)
        for i, pair in enumerate(puzzle.pairs)
        for cell in (pair.a, pair.b)
    )
