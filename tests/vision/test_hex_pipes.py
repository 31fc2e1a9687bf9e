"""Pipes drawn on a hexagonal board (started or finished): the board found under them, the
flows read, a finished board "already solved".

Synthetic shots of development seeds (300000-400000) are read exactly, their pipes as drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Reading, Solution
from flowbot.screens.synthetic import official_levels, sample
from flowbot.vision import read_board
from flowbot.vision._hex_pipes import pipe_bands
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        ("phone", 300000, "solved"),
        # A hole inside the board beside a flow's dark tint: no pipe runs into it.
        ("phone", 300002, "solved"),
        ("desktop_app", 300000, "started"),
        # No dots apart on the screen, all joined to their pipes: found around the flows.
        ("desktop_app", 300001, "solved"),
        # Red and orange flows beside plain lines: measured in the red channel, as
        # wide as walls.
        ("web", 300001, "started"),
        # Lettered dots (the colour-blind setting): a pipe's band runs to the dot's disc,
        # its letter over the centre.
        ("colour_blind", 300001, "started"),
        # JPEG rings along a finished board's pipes: its hexagons are not judged empty.
        ("jpeg", 300000, "solved"),
        # The screenshot preview's dots joined to their pipes are no round blobs.
        ("preview", 300002, "started"),
        # Flows beside lines widen them in their own hue's channel: the luma's walls.
        ("drift", 300000, "started"),
        # Small hexagons (19 px): a teal pipe's bend at a centre whose five middle pixels
        # stood 13 Lab off its band (noise); the hexagons it runs through were left out.
        ("tiny_cells", 300033, "started"),
    ],
)
def test_pipes_on_a_hexagonal_board_are_read(
    reads_exactly: ReadsExactly, category: str, seed: int, state: str
) -> None:
    reading = reads_exactly(category, seed, "hex", state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


def test_a_line_beside_a_flows_tint_is_no_wall(reads_exactly: ReadsExactly) -> None:
    # An orange dot's tint beside a plain line widened it in the luma to a wall's
    # width (refused: the colour channels disagreed); in the blue channel, where the
    # tint stays dark, it is a thin line (``_hex_faces``).
    reads_exactly("preview", 300003, "hex", "solved")


def test_a_wall_the_luma_alone_reads_beside_a_flow_is_never_read() -> None:
    # A white flow's grey tint beside blurred lines widens them in the luma to a wall's
    # width; the colour channel's outline is no wider than its lines there (no groups).
    # (With the lattice's steps measured at full resolution the luma's own groups are
    # no longer clear there: refused as a wall doubt before the channels are compared.
    # Measured as the lines' colour's share of each pixel, the tint's step on one side
    # of the line, no wall: read exactly, ``_hex_coverage``.) Exact or refused.
    shot = sample("web", 300013, "hex", "solved")
    try:
        reading = read_board(shot.image)
    except UnsureReadingError:
        return
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def test_a_line_beside_two_tints_is_no_wall_the_channels_agree_on() -> None:
    # A finished web board whose lines between tints read as a wall in the luma and
    # as a line in the clearest colour channel: a branch that picked that channel
    # with lines darker than their ground counted read a wall here (held-out seed
    # 1500001, session 25). Exact or refused, never that wall.
    shot = sample("web", 1500001, "hex", "solved")
    try:
        reading = read_board(shot.image)
    except UnsureReadingError:
        return
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def test_a_line_beside_a_grey_tint_in_jpeg_is_no_wall() -> None:
    # A started JPEG board whose line between a white flow's grey tint and an empty
    # cell widened in every channel: session 26's start read a wall there (held-out
    # seed 1600000). Exact or refused, never that wall.
    shot = sample("jpeg", 1600000, "hex", "started")
    try:
        reading = read_board(shot.image)
    except UnsureReadingError:
        return
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def test_a_pipe_runs_through_both_centres_not_between_two_tints() -> None:
    geometry = HexGeometry.regular(left=20, top=20, pitch=60, rows=3, cols=3)
    a, b = geometry.centre(Cell(0, 0)), geometry.centre(Cell(1, 0))
    image = np.zeros((260, 240, 3), np.uint8)
    centres = np.array([[(a.x, a.y), (b.x, b.y)]], np.float64)
    # Two dark tints meeting between the centres, a bright ground beside: the
    # samples' median lies between the tints, near enough to each (``bands`` takes it).
    band = slice(round(a.x) - 9, round(a.x) + 10)  # (a pipe 0.3 pitch wide)
    middle = round((a.y + b.y) / 2)
    image[:] = 200
    image[:middle, band] = (25, 18, 30)
    image[middle:, band] = (18, 28, 18)
    assert not pipe_bands(image, centres, 60.0, 30.0)[1][0]
    # A pipe of one colour from centre to centre.
    image[:, band] = (250, 40, 40)
    assert pipe_bands(image, centres, 60.0, 30.0)[1][0]


def test_a_pipe_hides_the_side_though_a_pixel_on_it_rings() -> None:
    # A band from centre to centre over the side between two hexagons; JPEG rings one
    # pixel at its middle where it crosses the side, another colour: still a pipe. A
    # line across it there (through every offset across the band) is no pipe's.
    geometry = HexGeometry.regular(left=20, top=20, pitch=40, rows=3, cols=3)
    a, b = geometry.centre(Cell(0, 0)), geometry.centre(Cell(1, 0))
    image = np.zeros((180, 160, 3), np.uint8)
    image[:] = (40, 40, 40)
    band = slice(round(a.x) - 6, round(a.x) + 7)  # (a pipe 0.3 pitch wide)
    image[:, band] = (30, 60, 250)
    middle = round((a.y + b.y) / 2)
    centres = np.array([[(a.x, a.y), (b.x, b.y)]], np.float64)
    image[middle + 1, round(a.x)] = (90, 120, 200)
    assert pipe_bands(image, centres, 40.0, 30.0)[1][0]
    image[middle + 1, band] = (90, 120, 200)
    assert not pipe_bands(image, centres, 40.0, 30.0)[1][0]


def test_a_pipe_is_told_by_its_centres_colour_over_its_noise() -> None:
    # Small hexagons (19 px): a teal band from centre to centre, three of the five pixels
    # at the second centre's very middle bluer by noise (the middle's median 32 Lab off the
    # band): the colour there is the median of the disc round it, the pipe's.
    geometry = HexGeometry.regular(left=10, top=10, pitch=19, rows=3, cols=3)
    a, b = geometry.centre(Cell(0, 0)), geometry.centre(Cell(1, 0))
    image = np.zeros((90, 80, 3), np.uint8)
    band = slice(round(a.x) - 3, round(a.x) + 3)  # (a pipe 0.3 pitch wide)
    image[round(a.y) : round(b.y) + 3, band] = (0, 128, 124)
    x, y = round(b.x), round(b.y)
    for dx, dy in ((0, 0), (1, 0), (0, 1)):
        image[y + dy, x + dx] = (0, 128, 175)
    centres = np.array([[(a.x, a.y), (b.x, b.y)]], np.float64)
    assert pipe_bands(image, centres, 19.0, 30.0)[1][0]


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_pipe_over_its_own_tint_under_glow_is_a_pipe(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A teal pipe into its dot stood 17.4-17.9 Lab from its own tint beside it under a
    # phone's glow (the ground looked for there, 18 needed): the two hexagons it joins
    # were left out, their neighbours' sides read as thin lines facing out, and the board
    # refused as covered (``_hex_bends.GROUND_APART``).
    reads_exactly("phone_large", 6200000, "hex", state)


@pytest.mark.parametrize("state", ["started", "solved"])
def test_a_pipe_near_the_grounds_colour_over_its_tint_is_a_pipe(
    reads_exactly: ReadsExactly, state: str
) -> None:
    # A dark red pipe (151, 52, 48) over its tint (109, 42, 25) on a red-brown glow, 15.9
    # Lab apart on one side of the link from its dot: the two hexagons it joins were never
    # found drawn, their neighbours' sides read as thin lines facing out, and the board
    # refused as covered (synthetic hex twins 12000016, a held-out seed).
    reads_exactly("twins", 12000016, "hex", state)


def test_a_dim_dot_a_flow_ends_at_is_a_dot_on_a_ground_lit_by_glow(
    reads_exactly: ReadsExactly,
) -> None:
    # A teal dot (L* 49) stood 23 Lab from the ground a phone's glow lit (L* 32), under
    # ``dot_contrast``; the pipe running out of it broke the disc the faint rule looks
    # for, and the board was refused as "not a flat dot". The pipe stage saw its disc
    # at the flow's end: a dot, as on square cells (``HexCells.pipe_dots``).
    reads_exactly("phone_large", 6400000, "hex", "started")


def test_a_glow_shaft_along_a_column_is_no_pipe() -> None:
    # A glow shaft down the board's first column shows the ground on one side of
    # the link between two empty cells only: taken as a band there, it made two dots
    # (the lead's held-out seed, read wrong once).
    shot = sample("drift", 1000005, "hex")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def _sharp_bends(solution: Solution) -> int:
    """How many times a flow turns into the neighbour next round from the one it came from."""
    puzzle = solution.puzzle
    return sum(
        c in set(puzzle.lattice_neighbours(a))
        for path in solution.paths
        for a, c in zip(path, path[2:], strict=False)
    )


@pytest.mark.parametrize(("category", "index"), [("jpeg", 0), ("web", 2)])
def test_a_flows_sharp_bend_is_read(shared: Path, category: str, index: int) -> None:
    # The game's own levels bend flows by 60 degrees (a path touching itself); in the
    # bend's hexagon each band covers a side of the other, the ground beside it on one
    # side only.
    bent = [s for s in official_levels(str(shared / "official"))["hex"] if _sharp_bends(s)]
    shot = sample(category, 300000 + index, "hex", "solved", levels=[bent[index]])
    assert shot.drawn is not None
    assert _sharp_bends(shot.drawn)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert ALREADY_SOLVED in reading.notes


def test_a_wall_the_luma_alone_reads_round_a_tinted_cell_is_not_read() -> None:
    # A white flow's grey tint is nearly as light as the lines: in the luma every
    # side of its cell measured wide, and a line there read as a wall; the red
    # channel's groups, not clear, read it thin (the lead's held-out seed, read
    # wrong once). Each side measured in its own channel, the widths fell in no
    # clear groups under this JPEG: refused. Since the lines' colour's shares lead
    # (clear, no wall), and the clearest channel's walls there are its own errors (a
    # step to the grey tint: ``_hex_heard.VETO``, it may veto their walls, never add one).
    shot = sample("jpeg", 1200000, "hex", "solved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert not reading.puzzle.walls
