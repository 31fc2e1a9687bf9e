"""A hexagonal board alone: no pairs of dots like a board's outside it, nor finished flows."""

from __future__ import annotations

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, HexGeometry
from flowbot.vision._dots_apart import FLOW_PAIRS, dots_outside, flow_ends_outside
from flowbot.vision._hex_cells import HexCells
from flowbot.vision._hex_copy import discs_apart, holds_pairs, least_dot, smaller_copy
from flowbot.vision._rule import Rule
from flowbot.vision._types import TWO_BOARDS


def box_of(g: HexGeometry) -> BoardGeometry:
    """A hexagonal board's box, as a grid of its pitch (``other_dots`` leaves it out)."""
    return BoardGeometry.uniform(
        left=g.left,
        top=g.top,
        width=g.right - g.left,
        height=g.bottom - g.top,
        rows=g.rows,
        cols=g.cols,
    )


def _check_alone(seen: HexCells) -> None:
    image, settings = seen.image, seen.settings
    box = box_of(seen.geometry)
    region = dots_outside(image, box, settings)
    if region is not None:
        discs = discs_apart(image, seen, region)
        if holds_pairs(discs) and not smaller_copy(image, seen, discs):
            raise UnsureReadingError(TWO_BOARDS)
    # A finished board shows no discs, each dot joined to its pipe: its flows' ends
    # (the board read its own screenshot preview, the finished board it copies, larger,
    # not found: synthetic hex preview 4800001 solved, read 19 pitches off).
    # Ends too small to be the dots of a board the reader could read are left out, as
    # discs are (``discs_apart``): JPEG's blocks round a title's letter or an ad's
    # button into blobs with two 4 px "ends" (synthetic hex JPEG 5400008 unsolved,
    # three such pairs in the title and an ad below an 11x11 board of 40 px dots).
    ends = flow_ends_outside(image, box, settings, FLOW_PAIRS, least_dot(seen))
    if len(ends) and not smaller_copy(image, seen, ends):
        raise UnsureReadingError(TWO_BOARDS)


ALONE: Rule[HexCells] = Rule(
    name="hex board alone",
    refuses="a hexagonal board with pairs of dots like a board's outside it, or a finished "
    "board's flows",
    why="Another board beside it (or a copy of it) may be the one the user means; the square "
    "search looks for its grid, a hexagonal board's reader refuses on its dots alone. A "
    "smaller copy of the board's dots (the OS's screenshot preview) is no other board. A "
    "finished board beside it shows its flows, no discs: read from its own preview, the "
    "board it copies, larger and not found, was taken for none (synthetic hex preview "
    "4800001 solved, read 19 pitches off).",
    bounds="other_dots: two or more pairs of round saturated discs of one size outside the "
    "board's box and half a pitch around it (DOT_CHROMA 60, DOT_BRIGHTNESS 100, "
    "TWIN_COLOUR 40, TWIN_SIZE 0.25), seen so again at full resolution, discs 2 RADII[0] "
    "min_cell_px (6 px) or more, letters' counters left out (`_dots_apart.counters`: a disc "
    "ringed RINGED 0.75 by light, every channel LIGHT 170 or more, RING_OUT 1.5 px past "
    'its rim: the holes of a count\'s "6" and "o" over glow and of an advert\'s "o"s '
    "over its panel, two pairs, synthetic hex colour-blind 12500008, refused before); a "
    "copy: one scale (SMALLER_COPY 0.5 at most) and shift, "
    "fixed by two discs of a board dot's colour and one size tried farthest apart first "
    "(the screen's round letters beside the copy may lie farther out: hex preview "
    "3600004), take every board dot to a dot of its colour (TWIN_COLOUR) and of their size "
    "(TWIN_SIZE: a started flow's loop round a dot is one blob with it in the copy, hex "
    "preview 10600015) within COPY_PLACING 0.25 of the copy's pitch, and nothing else "
    "there (but where the copy "
    "lies over what it copies); dots CLEARLY_COLOURED 30 past the dot finder's bounds must "
    "all show; or FLOW_PAIRS 3 pairs of finished flows' ends outside it "
    "(`_dots_apart.flow_ends_outside`: blobs of one colour with two round ends of one "
    "size, each end as large as a disc, 2 RADII[0] min_cell_px: JPEG's blocks round a "
    "title's letter, an ad's button and its logo into blobs with two 4 px ends, three "
    "pairs beside an 11x11 board of 40 px dots, synthetic hex JPEG 5400008, every state "
    "refused before), no such copy.",
    reason=TWO_BOARDS,
    check=_check_alone,
)
