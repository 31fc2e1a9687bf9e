"""The reader's settings and the types its stages share.

The tolerances (``Settings``, ``LineSettings``) and the refusals that carry
what was found with them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Link


@dataclass(frozen=True, slots=True)
class Settings:
    """The reader's tolerances. Defaults suit any screen; calibration may tune them.

    Colour distances are CIELAB units (about 2.3 is a just-noticeable difference).
    """

    #: Longest side, in pixels, of the downscaled copy used to find the board.
    work_size: int = 800
    #: Least brightness step (0-255) of a grid line over its surroundings.
    line_contrast: float = 10.0
    #: Allowed deviation between grid spacings, as a fraction of the pitch.
    spacing_tolerance: float = 0.08
    #: Smallest readable cell, in image pixels.
    min_cell_px: float = 12.0
    #: A cell whose centre differs from its rim by more than this holds a dot ...
    dot_contrast: float = 30.0
    #: ... by less than this it is empty; in between the reading is refused.
    empty_contrast: float = 20.0
    #: An empty cell at least this far from its rim is looked at for a dot's
    #: shape (a dot hidden in glow of its own colour). Below it lies colour
    #: noise: JPEG on small dark cells reaches 4 Lab and can pass for a disc.
    faint_contrast: float = 6.0
    #: Colour noise between the two dots of one pair (JPEG, glow); a calibration
    #: profile may raise it for a drifting screen.
    colour_tolerance: float = 4.0
    #: Least ratio of the distance to any other dot over the distance to the twin.
    min_pair_margin: float = 2.5
    #: A ring sector this far from its cell's background shows a pipe or wall.
    pipe_contrast: float = 30.0
    #: An edge the line map misses still counts when its colour contrast is at
    #: least this fraction of the typical edge's (a line of another hue on glow).
    edge_colour_ratio: float = 0.4
    #: An inner grid edge this many times brighter than the typical one is a wall.
    wall_ratio: float = 1.8
    #: An inner grid edge whose bright band is this much wider (pitch fraction,
    #: at least 2 px) than the typical line's is a wall (a double or wide line).
    wall_width: float = 0.04
    #: A line goes on past a border only at this share of its contrast inside.
    run_on_ratio: float = 0.4

    def lines(self) -> LineSettings:
        return LineSettings(
            work_size=self.work_size,
            line_contrast=self.line_contrast,
            spacing_tolerance=self.spacing_tolerance,
            run_on_ratio=self.run_on_ratio,
        )


DEFAULT_SETTINGS = Settings()

#: The refusal when a grid holding dots lies beside the board read.
TWO_BOARDS = "two boards on the screen: another grid apart from this one holds dots"


@dataclass(frozen=True, slots=True)
class Features:
    """What a board holds besides its cells and dots, as ``Puzzle`` keeps it.

    A classic board has none; the stages that see holes, walls, bridge tiles
    and warp openings fill them in, and the reading's puzzle carries them.
    """

    holes: frozenset[Cell] = frozenset()
    walls: frozenset[Link] = frozenset()
    bridges: frozenset[Cell] = frozenset()
    warps: frozenset[Link] = frozenset()


#: A classic board's: nothing besides cells and dots.
NO_FEATURES = Features()


class UnsureBoardError(UnsureReadingError):
    """A refusal about a grid that was found: ``geometry`` is that grid.

    Debug overlays draw it, so one can see what the reader looked at.
    """

    def __init__(self, reason: str, geometry: BoardGeometry) -> None:
        super().__init__(reason)
        self.geometry = geometry


class MissingEdgesError(UnsureReadingError):
    """Inner grid edges that show neither in the line map nor by colour.

    ``vertical[i, r]``: the edge of inner vertical line ``i + 1`` along row
    ``r``; ``horizontal[j, c]``: that of inner horizontal line ``j + 1`` along
    column ``c``.
    """

    def __init__(self, vertical: np.ndarray, horizontal: np.ndarray) -> None:
        super().__init__("some inner grid lines are missing (holes or walls in the board)")
        self.vertical = vertical
        self.horizontal = horizontal


class BorderGapError(UnsureReadingError):
    """A border drawn along most of its length but not beside some cells: a shaped board's
    cells left out, or a grid a row short whose last line, crossed by pipes, is no border."""

    def __init__(self) -> None:
        super().__init__("the board's border has a gap (a shaped board with cells left out)")


class RunOnError(UnsureReadingError):
    """Grid lines go on past a border: the board is bigger than the grid, or cut off."""

    def __init__(self) -> None:
        super().__init__("grid lines run on past the board's border (a cut-off or irregular board)")


@dataclass(frozen=True, slots=True)
class LineSettings:
    """Tolerances for the line search (pixels are working-copy pixels)."""

    #: Longest side of the downscaled copy used to find the board.
    work_size: int = 1000
    #: Minimum brightness step (0-255) of a grid line over its surroundings.
    line_contrast: float = 10.0
    #: Allowed difference between two grid spacings, as a fraction of the pitch.
    spacing_tolerance: float = 0.08
    #: Fewest grid lines per direction for a board (a 2x2 board has 3).
    min_lines: int = 3
    #: Fraction of its length a grid line must show in the line map.
    line_coverage: float = 0.6
    #: A line goes on past a border only at this share of its contrast inside
    #: (the faint ripples of a white window's text beside the board do not).
    run_on_ratio: float = 0.4
