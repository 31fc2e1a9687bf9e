"""Boards the user already started or finished.

The reader reports the pipes already drawn (``Reading.pipes``) and notes a
board every flow of which is joined and fills it (``ALREADY_SOLVED``). A
finished board is left alone. On a started one, a flow drawn exactly as the
solution has it, and showing so on screen from dot to dot, is kept; every
other flow is drawn again, which in the game replaces it (pressing a dot
and drawing starts that colour's pipe afresh).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from flowbot.actuate._confirm import untaken_paths
from flowbot.models import Geometry, Reading, Solution


def already_solved(reading: Reading) -> bool:
    """Whether the board read is finished: every flow joined, every cell covered."""
    from flowbot.vision import ALREADY_SOLVED  # noqa: PLC0415 - the stage loads lazily

    return ALREADY_SOLVED in reading.notes


def kept_paths(
    reading: Reading,
    solution: Solution,
    image: npt.NDArray[np.uint8],
    geometry: Geometry,
    *,
    tolerance: float,
) -> frozenset[int]:
    """The solution's paths already drawn as it has them: no need to draw them again.

    A path is kept when its colour covers exactly its cells between the dots
    (``reading.pipes``) and ``image`` shows it joined from dot to dot (as
    the confirmation after drawing would see it).
    """
    if not reading.pipes:
        return frozenset()
    same = [
        i
        for i, path in enumerate(solution.paths)
        if len(path) > 2 and reading.pipes[i] == frozenset(path[1:-1])
    ]
    if not same:
        return frozenset()
    untaken = set(untaken_paths(image, geometry, solution, reading.colours, tolerance=tolerance))
    return frozenset(i for i in same if i not in untaken)
