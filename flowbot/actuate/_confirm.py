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


def _colours_at(image: npt.NDArray[np.uint8], points: Sequence[Point]) -> npt.NDArray[np.float64]:
    """The median colour of the 3x3 pixels around each point (robust to edges and
    noise), all at once: ``(N, 3)``."""
    h, w = image.shape[:2]
    xy = np.rint(np.array([(p.x, p.y) for p in points], dtype=np.float64).reshape(-1, 2))
    x = np.clip(xy[:, 0].astype(np.intp), 1, w - 2)
    y = np.clip(xy[:, 1].astype(np.intp), 1, h - 2)
    d = np.arange(-1, 2)
    patches = image[(y[:, None] + d)[:, :, None], (x[:, None] + d)[:, None, :]]
    return np.median(patches.reshape(len(x), 9, 3).astype(np.float64), axis=1)


def _showing(
    image: npt.NDArray[np.uint8],
    points: Sequence[Point],
    palette: npt.NDArray[np.float64],
    indices: Sequence[int],
    tolerance: float,
) -> npt.NDArray[np.bool_]:
    """For each point, whether its colour is nearest ``palette[index]`` (its own index)
    and within ``tolerance``."""
    if not points:
        return np.zeros(0, dtype=bool)
    distances = np.linalg.norm(palette[None] - _colours_at(image, points)[:, None], axis=2)
    nearest = np.argmin(distances, axis=1)
    rows = np.arange(len(points))
    return (nearest == np.asarray(indices)) & (distances[rows, nearest] <= tolerance)


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
    samples = [_samples(solution.puzzle, path, geometry) for path in solution.paths]
    owner = [i for i, points in enumerate(samples) for _ in points]
    shown = _showing(image, [p for points in samples for p in points], palette, owner, tolerance)
    wrong = np.bincount(np.asarray(owner, dtype=np.intp)[~shown], minlength=len(samples))
    return tuple(i for i in range(len(samples)) if wrong[i])


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
    dots = [geometry.centre(cell) for pair in puzzle.pairs for cell in (pair.a, pair.b)]
    owner = [i for i in range(len(puzzle.pairs)) for _ in range(2)]
    return bool(_showing(image, dots, palette, owner, tolerance).all())
