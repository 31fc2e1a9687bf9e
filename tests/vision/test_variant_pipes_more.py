"""Variant boards the reader once refused although plainly readable (issues #26 and #28).

Each shot (development seeds) is read exactly, its pipes as drawn, a finished
board "already solved"; each was refused by the code before.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_inside import INSIDE_LINE, finer_grid_over, lines_inside
from flowbot.vision._board_lines import _wider_than_lines
from flowbot.vision._edges import LineProfiles
from flowbot.vision._lattice import Lattice
from flowbot.vision._outline_edges import EdgeKinds, Inks
from flowbot.vision._outlined import Outlined, _bare
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._rail_ends import rails_in_colour
from flowbot.vision._types import Features


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state"),
    [
        # A grey flow over a bridge's deck, beside rails of nearly its grey: the
        # tile showed the flow's colour all round its centre, as a dot's disc.
        ("bridges", "desktop_app", 300002, "solved"),
        # Lettered dots whose letter (an M) and JPEG's noise leave their colour
        # 13-25 Lab off at some angles round the centre, 45+ from the ground.
        ("bridges", "colour_blind", 300002, "started"),
        ("bridges", "colour_blind", 300002, "solved"),
        # A small blurred dot (tiny cells) 12-17 Lab off its colour all round.
        ("holes", "tiny_cells", 300007, "started"),
        # Pipes broke the small board's lines in the first copy, and every third
        # line made a grid of its own there (its cells holding the board's lines).
        ("bridges", "tiny_cells", 300007, "started"),
        ("bridges", "tiny_cells", 300007, "solved"),
        # A lettered dot in a white flow's bend: its three sides facing the flow's
        # light tint showed a step each (no line's ridge), its cell's lines unseen.
        ("holes", "colour_blind", 100036, "started"),
        # A tight crop through the outline, a white flow's grey tint beside it: the
        # cut outline's ink and peak over that ground fell short, its colour did not.
        ("holes", "tiny_cells", 320006, "started"),
        # A browser's zoom drew two whole lines a pixel wider; flows' tints beside most
        # edges lowered the typical line's ink below the plain lines' by half.
        ("bridges", "zoomed", 320004, "started"),
        # A finished board with holes: the holes, the only cells no flow touches, gave
        # the ground the cells the flows cover are hidden with (their rings lit by the
        # outline, 50 L*), and each dot so hidden stood 54 Lab from the black holes
        # beside it (a dot on a background unlike its neighbours').
        ("holes", "phone_large", 300079, "solved"),
        # A lavender flow over a bridge's deck, its rails 10-16 Lab off its colour
        # through colour drift (nearest by the middle): the tile showed the flow's
        # colour round its centre as a disc, its rails' ends not in that colour.
        ("bridges", "drift", 300013, "solved"),
        # A thick frame a browser's zoom blurred 0.345 pitch into the border cells: a
        # corner cell saw its two frames' edges as marks; and a tile painted over in
        # its neighbours' rings (tinted by the blurred lines) left a core unlike the
        # empty cells' black beside it, which took the black cell for an object.
        ("bridges", "zoomed", 300044, "unsolved"),
    ],
)
def test_pipes_once_refused_are_read(variant: str, category: str, seed: int, state: str) -> None:
    shot = sample(category, seed, variant, state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    if state != "unsolved":
        assert reading.pipes == shot.pipes
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


def _cell_image(grey_rails: bool) -> tuple[np.ndarray, BoardGeometry]:
    """One 60 px cell on black: a grey disc (radius 0.38 pitch), and, with ``grey_rails``,
    two grey rails along the row out to a tile's edge (0.4 pitch either side)."""
    image = np.zeros((60, 60, 3), np.uint8)
    yy, xx = np.mgrid[0:60, 0:60] + 0.5
    image[(xx - 30) ** 2 + (yy - 30) ** 2 <= (0.38 * 60) ** 2] = 166
    if grey_rails:
        for y in (30 - 0.27 * 60, 30 + 0.27 * 60):
            image[round(y) - 1 : round(y) + 2, 6:54] = 176
    return image, BoardGeometry((0.0, 60.0), (0.0, 60.0))


def test_rails_out_past_a_disc_are_a_tiles_and_a_disc_alone_is_none() -> None:
    grey = np.array([68.9, 0.0, 0.0])  # (166, 166, 166) in Lab
    with_rails, geometry = _cell_image(True)
    disc, _ = _cell_image(False)
    assert rails_in_colour(with_rails, geometry, Cell(0, 0), grey)
    assert not rails_in_colour(disc, geometry, Cell(0, 0), grey)


def test_a_lattice_at_twice_or_three_times_the_lines_pitch_holds_lines_inside_its_cells() -> None:
    # Top-hat strengths of a board's lines every 10 px, both ways, over 120 px.
    vertical = np.zeros((121, 121), np.uint8)
    vertical[:, ::10] = 200
    horizontal = np.ascontiguousarray(vertical.T)
    at = [float(v) for v in range(0, 121, 10)]
    board = Lattice(tuple(at), tuple(at))
    assert max(lines_inside(board, vertical, horizontal)) < 0.1
    for step in (2, 3):
        coarse = Lattice(tuple(at[::step]), tuple(at[::step]))
        assert min(lines_inside(coarse, vertical, horizontal)) >= INSIDE_LINE
    # Looked at only where the finer grid's pieces were found over it.
    coarse = Lattice(tuple(at[::3]), tuple(at[::3]))
    piece = Lattice(tuple(at[:5]), tuple(at[:4]))
    assert finer_grid_over(coarse, [piece])
    assert not finer_grid_over(board, [piece])


def test_a_cell_unseen_only_beside_a_flows_cells_is_explained_by_them() -> None:
    """An unseen cell showing nothing drawn only on sides facing a flow's cells is the
    flow's doing (its tint's edge, a step); one side facing a bare cell is not, nor is a
    cell with no side undrawn recorded."""
    cell = Cell(2, 2)
    sides = frozenset((cell, Cell(2 + dr, 2 + dc)) for dr, dc in ((0, -1), (-1, 0), (1, 0)))
    box = BoardGeometry((0.0, 1.0), (0.0, 1.0))
    found = Outlined(box, Features(), None, frozenset({cell}), sides)  # type: ignore[arg-type]
    flow = frozenset({Cell(2, 1), Cell(1, 2), Cell(3, 2), Cell(1, 1)})
    assert _bare(found, flow) == frozenset()
    assert _bare(found, flow - {Cell(3, 2)}) == frozenset({cell})
    assert _bare(found, frozenset({cell})) == frozenset()  # covered itself
    alone = Outlined(box, Features(), None, frozenset({cell}))  # type: ignore[arg-type]
    assert _bare(alone, flow) == frozenset({cell})


def test_an_edge_is_outline_coloured_by_its_brightest_pixel() -> None:
    """The outline's colour within a quarter of the way to the lines' (the brightest pixel's
    log brightness), only where the two colours stand apart."""
    zeros = np.zeros((1, 1))
    inks = Inks(zeros, zeros, zeros, zeros, zeros, zeros, zeros, zeros, 1.0)
    kinds = EdgeKinds(zeros, zeros, inks, (0.3, 2.04, 2.68), (1.79, 2.33), (1.94, 2.36))
    assert kinds.outline_coloured(np.array([2.33, 2.40, 2.2, 1.95])).tolist() == [
        True,
        True,
        False,
        False,
    ]
    alike = EdgeKinds(zeros, zeros, inks, (0.3, 2.04, 2.68), (1.79, 2.33), (2.2, 2.3))
    assert not alike.outline_coloured(np.array([2.3])).any()
    unseen = EdgeKinds(zeros, zeros, inks, (0.3, 2.04, 2.68), (1.79, 2.33))
    assert not unseen.outline_coloured(np.array([2.36])).any()


def test_a_line_is_no_wider_than_the_lines_on_the_plain_ground() -> None:
    """Most edges beside flows' tints (their ink and peak over a lifted ground halved): a
    line a pixel wider with the plain lines' ink is no wall, one with 2.5 times it is."""
    n_tinted, n_plain = 60, 40
    width = np.array([2.0] * (n_tinted + n_plain) + [4.0, 4.0])
    ink = np.array([110.0] * n_tinted + [225.0] * n_plain + [228.0, 2.5 * 225])
    peak = np.array([45.0] * n_tinted + [80.0] * n_plain + [66.0, 90.0])
    top = np.array([90.0] * (n_tinted + n_plain) + [67.0, 90.0])
    lines = LineProfiles(width, peak, ink, top)
    wider = _wider_than_lines(lines, peak >= 0.5 * np.median(peak), 2.0)
    assert wider.tolist()[-2:] == [False, True]
    assert not wider[:-2].any()
