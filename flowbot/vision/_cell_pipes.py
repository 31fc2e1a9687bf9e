"""Cell rule: no pipe drawn but the flows read (``_pipes``) on a solved or half-solved board."""

from __future__ import annotations

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._bands import line_colour
from flowbot.vision._cells import NEAR, RING_INNER, RING_OUTER, CellSamples
from flowbot.vision._colour import delta_e, from_mix
from flowbot.vision._rays import band_is_soft
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._types import NO_FEATURES, Features, Settings

#: A band across a grid edge whose lightness changes the whole way from its
#: middle to the ring's in fewer pixels than this, somewhere across its width,
#: is drawn (a pipe's edge: 2.9 px at most, solved boards through JPEG 60-95);
#: the background's glow pipes fade over more (huge_cells 92274: 5.2).
BAND_EDGE_PX = 4.0


def check_pipes(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    dots: set[Cell],
    settings: Settings,
    *,
    features: Features = NO_FEATURES,
) -> None:
    """Refuse when colour crosses a grid edge: pipes are drawn (solved or half-solved).

    No pipe enters a hole nor crosses a wall: the board's outline and walls
    are not looked at.

    A pipe has one colour on both sides of the edge, its dots' colour and
    strength. Two dots of other colours each reaching a side of the edge (a
    grid found a pixel off in a small cell) are none, nor is a band of glow
    both unlike every dot's colour and far fainter than the dots, nor the
    grid line itself, nearer a mix of it and the background than any dot's
    colour (``line_colour``): a line up to a fifth of a cell wide, or a
    grid found a pixel off in a small cell, reaches into the ring, where a
    sector shows the line or a mix of it and the background. A pipe's sector
    is its dots' colour (within 3 Lab), 21+ from any such mix. A band unlike
    every dot's colour yet as strong, that fades softly across its width, is
    the background's glow too (``band_is_soft``).
    """
    # Sector k of a cell faces right, down, left, up; a pipe shows on both sides of an edge.
    contrast = delta_e(samples.sector_lab, samples.ring_lab[:, :, None, :])
    off = contrast > settings.pipe_contrast
    if dots and off.any():
        dot_lab = np.array([samples.core_lab[c] for c in dots])
        weakest = min(float(delta_e(samples.core_lab[c], samples.ring_lab[c])) for c in dots)
        unlike = delta_e(samples.sector_lab[..., None, :], dot_lab).min(axis=-1)
        strong = contrast >= weakest / 2
        of_no_dot = unlike > settings.pipe_contrast
        off &= ~of_no_dot | strong
        line_lab = line_colour(image, geometry)  # (only here: a few hundred us a board)
        if line_lab is not None:
            # The line, or a mix of it and the ring, nearer than any dot's
            # colour: a thick line (0.13 pitch) fills half a sector's width.
            ring = np.broadcast_to(samples.ring_lab[:, :, None, :], samples.sector_lab.shape)
            mix = from_mix(samples.sector_lab, ring, line_lab)
            off &= (mix > NEAR) | (unlike < mix)
    for hole in features.holes:
        off[hole] = False
    for a, b in features.walls:
        # Sector k of a cell faces right, down, left, up.
        side = 0 if a.row == b.row else 1
        off[a.row, a.col, side] = off[b.row, b.col, side + 2] = False
    sectors = samples.sector_lab
    across = off[:, :-1, 0] & off[:, 1:, 2]
    across &= delta_e(sectors[:, :-1, 0], sectors[:, 1:, 2]) <= NEAR
    down = off[:-1, :, 1] & off[1:, :, 3]
    down &= delta_e(sectors[:-1, :, 1], sectors[1:, :, 3]) <= NEAR
    for (r, c), (r2, c2), side in (
        *(((r, c), (r, c + 1), 0) for r, c in np.argwhere(across)),
        *(((r, c), (r + 1, c), 1) for r, c in np.argwhere(down)),
    ):
        if (
            dots
            and of_no_dot[r, c, side]
            and of_no_dot[r2, c2, side + 2]
            and _glow_across(samples, image, geometry, ((int(r), int(c)), (int(r2), int(c2))), side)
        ):
            continue
        raise UnsureReadingError(
            f"a pipe is drawn at cell ({r}, {c}): the board is solved or in progress"
        )


def _glow_across(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    edge: tuple[tuple[int, int], tuple[int, int]],
    side: int,
) -> bool:
    """Whether the band across ``edge`` (two cells) fades softly: glow.

    Looked at where it crosses each cell's ring (``side`` of the first: 0
    right, 1 down), square to its run, from its colour there to the ring's.
    """
    first, second = edge
    pitch = geometry.cell_size
    step = (RING_INNER + RING_OUTER) / 2 * pitch  # the sectors' middle
    across = np.pi / 2 if side == 0 else 0.0  # square to a run right or down
    for cell, towards, sector in ((first, 1.0, side), (second, -1.0, side + 2)):
        point = geometry.centre(Cell(*cell))
        dx, dy = (towards * step, 0.0) if side == 0 else (0.0, towards * step)
        if not band_is_soft(
            image,
            (point.x + dx, point.y + dy),
            pitch,
            samples.sector_lab[cell][sector],
            samples.ring_lab[cell],
            across=across,
            outline_px=BAND_EDGE_PX,
        ):
            return False
    return True


PIPES: Rule[Cells] = Rule(
    name="no pipe drawn but those read",
    refuses="colour crossing a grid edge in a dot's colour and strength that the pipe stage "
    "(`_pipes`) did not read as a flow: a pipe hiding a dot, a drawing in doubt",
    why="A pipe has one colour on both sides of an edge, its dots'. The pipe stage reads "
    "flows only as simple paths from a dot and hides their cells; any other band is a pipe "
    "it could not vouch for, and reading the dots past it could be wrong. Glow bands, the "
    "line itself or two dots a pixel off are no pipe.",
    bounds="A pipe's sector within 3 Lab of its dots' colour, 21+ from any mix of line and "
    "background; BAND_EDGE_PX 4 (pipe edges <= 2.9 px through JPEG 60-95, glow pipes 5.2).",
    reason="a pipe is drawn at cell (r, c): the board is solved or in progress",
    check=lambda cells: check_pipes(
        cells.samples,
        cells.image,
        cells.geometry,
        cells.dots,
        cells.settings,
        features=cells.features,
    ),
)
