"""With pipes drawn, a side's width measured in one channel over one ground (``_hex_one_ground``):
beside a flow's tint it errs wide, never thin, up to its spread (the line's contrast over its
darker face over its contrast over the brighter), and where the tint is as bright as the line
there it does not see the line at all. A second measure contradicts the lead's walls only where
it can tell.

Synthetic shots of development seeds (300000-400000).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from flowbot.models import Reading
from flowbot.vision._hex_board import HexSides, LineMap, hexagons_drawn
from flowbot.vision._hex_lattice import HexLattice
from flowbot.vision._hex_one_ground import one_ground, tells_wide
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

GROUND = 40.0
LINE = 120.0


def _image(tint: float) -> np.ndarray:
    """Flat-topped hexagons of a 60 px row step, lines 2 px wide at ``LINE`` on ``GROUND``,
    the hexagons of odd columns filled with ``tint`` (a flow's) under the lines."""
    h, w = 300, 300
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    nodes = [(jj, kk) for jj in range(-1, 7) for kk in range(-2, 12) if (jj + kk) % 2 == 0]
    centres = np.array([_LATTICE.centre(*node) for node in nodes])
    # (each pixel's hexagon: its nearest centre's)
    nearest = np.argmin(
        np.hypot(xs[..., None] - centres[:, 0], ys[..., None] - centres[:, 1]), axis=-1
    )
    columns = np.array([jj for jj, _ in nodes])[nearest]
    image = np.full((h, w), GROUND, np.float64)
    image[columns % 2 == 1] = tint
    lines = np.zeros((h, w), bool)
    r, half = _LATTICE.row_step / np.sqrt(3), _LATTICE.row_step / 2
    for cx, cy in centres:
        corners = [(cx + r * dx, cy + half * dy) for dx, dy in _CORNERS]
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
            t = np.clip(((xs - ax) * (bx - ax) + (ys - ay) * (by - ay)) / r**2, 0, 1)
            lines |= np.hypot(xs - ax - t * (bx - ax), ys - ay - t * (by - ay)) <= 1.0
    image[lines] = LINE
    return np.round(image).astype(np.uint8)


def _board(tint: float) -> HexSides:
    """The hexagons of ``_image`` drawn whole (found with a tint the lines stand out from),
    its lines measured with ``tint``."""
    found = hexagons_drawn(LineMap(_image(80.0), 60.0, 10.0), _LATTICE, 0.03)[0]
    return replace(found, lines=LineMap(_image(tint), 60.0, 10.0))


_LATTICE = HexLattice(x0=40.0, y0=40.0, col_step=60.0 * np.sqrt(3) / 2, row_step=60.0)
_CORNERS = [(-1.0, 0.0), (-0.5, -1.0), (0.5, -1.0), (1.0, 0.0), (0.5, 1.0), (-0.5, 1.0)]


def test_a_tint_beside_a_line_spreads_its_one_ground_width() -> None:
    # The sides between a plain hexagon and a tinted one: the line's contrast over its darker
    # face (80) over its contrast over the brighter (40), 2; between two plain ones, 1.
    sides = _board(80.0)
    seen = one_ground(sides)
    # (a side between a plain hexagon and a tinted one: of an even column and an odd one)
    tinted = {side for side in seen if sum(j % 2 for j, _ in side) == 1}
    assert tinted
    assert len(tinted) < len(seen)
    for side, how in seen.items():
        assert how.sees
        assert how.spread == pytest.approx(2.0 if side in tinted else 1.0, abs=0.1)


def test_a_tint_as_bright_as_the_line_hides_it() -> None:
    # A tint at the line's level: the sides beside it show no line in that channel.
    sides = _board(LINE)
    seen = one_ground(sides)
    for side, how in seen.items():
        assert how.sees == (not any(j % 2 for j, _ in side))


def test_a_wide_reading_tells_a_wall_only_past_its_spread() -> None:
    sides = _board(80.0)
    how = next(iter(v for v in one_ground(sides).values() if v.spread > 1.5))
    # 3 px over a spread of 2 may be 1.5: no wall past a boundary of 2; 5 px is one.
    assert not tells_wide(how, 3.0, 2.0)
    assert tells_wide(how, 5.0, 2.0)
    assert tells_wide(None, 3.0, 2.0)


def _piped(sides: HexSides) -> HexSides:
    """``sides`` with every hexagon of an odd column (the tinted ones) touched by a drawn
    pipe: the one crossing each to its neighbour below, every other pair in the column (the
    sides between the pairs' rows then lie between two tinted hexagons and are measured)."""
    crossed = frozenset(
        frozenset((node, (node[0], node[1] + 2)))
        for node in sides.cells
        if node[0] % 2 == 1 and node[1] % 4 == 3 and (node[0], node[1] + 2) in sides.cells
    )
    return replace(sides, crossed=crossed)


def _between_tints(side: frozenset[tuple[int, int]]) -> bool:
    return all(j % 2 for j, _ in side)


def test_two_tints_summed_as_bright_as_the_line_may_pass_for_it() -> None:
    # Tints 40 over the ground each: overlapping (their steps summed, 120) they reach the
    # line's level (120), so a side between two tinted hexagons is told no wall in this
    # channel; beside one tint, or the plain ground, it is.
    sides = _piped(_board(80.0))
    seen = one_ground(sides)
    assert any(_between_tints(side) for side in seen)
    for side, how in seen.items():
        assert how.overlaid == _between_tints(side)
        assert tells_wide(how, 5.0 * how.spread, 2.0) == (not _between_tints(side))


def test_two_faint_tints_do_not_pass_for_the_line() -> None:
    # Tints 20 over the ground each: summed, 80, far below the line's 120.
    seen = one_ground(_piped(_board(60.0)))
    assert not any(how.overlaid for how in seen.values())


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        # A bluish line between a white flow's grey tint and a teal one (each 59 in blue,
        # the line 116 over a black ground, no JPEG), 1.50 px in blue against the boundary
        # 1.30: the two tints overlapping beside it; the shares and the half-level width read
        # it thin ("the line's colour and its clearest channel disagree").
        ("tiny_cells", 300025, "started"),
        ("tiny_cells", 300025, "solved"),
        # A thin line between a white flow's grey tint (glow along it) and a dark face:
        # 6.5 px in red, the spread 2.2, against the shares' 2.9 ("the line's colour and its
        # clearest channel disagree").
        ("phone", 300013, "started"),
        # A blurred line between a green tint and a grey one, 2.0 px in the luma (the
        # spread 1.8) against the shares' 1.9 and the thin lines' 1.4.
        ("zoomed", 300018, "started"),
        ("phone_large", 300035, "started"),
        # Walls beside a reddish tint as bright in red as the reddish lines: 0 px in the red
        # channel, the walls' second reading, which does not see them ("the colour channels
        # disagree"); each side's clearest channel reads them as the shares do.
        ("twins", 300003, "started"),
    ],
)
def test_lines_a_second_measure_cannot_tell_are_read(
    reads_exactly: ReadsExactly, category: str, seed: int, state: str
) -> None:
    reading = reads_exactly(category, seed, "hex", state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")
