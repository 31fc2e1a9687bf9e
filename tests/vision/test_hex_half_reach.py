"""With pipes drawn, a wall must reach half the lines' colour as widely as a wall
(``_hex_half_reach``): walls drawn solid do; a thin line JPEG's ringing colours widen
beside a narrow face is no wall (refused, by whichever rule tells first).

The game's own levels drawn on development seeds (below 200000).
"""

from __future__ import annotations

from pathlib import Path

from flowbot.screens.synthetic import official_levels, sample
from flowbot.vision import read_board


def _levels(shared: Path):  # type: ignore[no-untyped-def]
    return official_levels(str(shared / "official"))["hex"]


def test_a_thin_line_squeezed_between_a_band_and_a_dot_is_no_wall(shared: Path) -> None:
    # A finished level through JPEG: the thin line between cells (3, 1) and (4, 1) runs
    # between a green band and a yellow dot 4.5 px past it; the colours ring across the
    # yellow tint's narrow strip, and the lines' colour's shares measured it 1.46 px
    # against the thin lines' 1.03 and the outline's 1.85 (a wall: read WRONG before).
    # While the renderer's tints overlapped by a pixel, at half the lines' colour it lay
    # 0.43 of the way: refused by this rule. With the tints meeting as the game's do, the
    # shares and the half-level width fall in no clear groups, and the measures heard read
    # it thin: read exactly.
    shot = sample("jpeg", 100025, "hex", "solved", _levels(shared))
    assert not shot.puzzle.walls
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()


def test_walls_drawn_solid_reach_half_the_lines_colour(shared: Path) -> None:
    # A finished level with 32 walls through JPEG, some beside tints nearly as bright as
    # the lines: every wall reaches half the lines' colour as the outline does.
    shot = sample("jpeg", 100062, "hex", "solved", _levels(shared))
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
