"""With pipes drawn, each direction's walls read by the measures that tell them apart along it.

The sides' widths fall into their two groups along each of the three
directions apart (``_hex_widths``), and no measure of them is clean beside
every flow: each side's clearest channel errs where a tint beside a line is
nearly as bright as it (``_hex_faces``), the lines' colour's shares where
JPEG's halved colours run a tint into a line (``_hex_coverage``), the width
at half the lines' colour where blur sinks thin lines below half of it.
What clouds one measure along one direction need not cloud it along
another: on a JPEG shot the shares' thin lines along the flat sides run
wide and the channels' along a slanted direction, each measure clear along
the others (synthetic hex JPEG 300034 started: the channels' gaps
0.52/0.28/0.33, the shares' 0.30/0.41/0.46, no wall in either). So where
no one measure falls in clear groups along every direction, each
direction's walls are read by the measures clear along it, which must read
the same walls there (``by_direction``); a direction none is clear along
leaves the board in doubt as before. A board no measure is clear on
everywhere is a noisy one, and one measure alone clear along a direction
may be clear by chance (on such JPEG shots each side's clearest channel
read a thin line as a wall at gaps 0.33 and 0.40, the others in no clear
groups there: hex JPEG 300042, 300037 solved): where one alone is, every
other whose groups there say anything, clear or not, must read its walls
too.

Along a direction none is clear along, each measure's widest gap still
splits its sides, and each errs on its own few thin lines (a tint nearly as
bright as the line; JPEG's halved colours; blur below half the colour): where
every measure's groups there say something and all read the very same walls,
none of them widened a thin line nor narrowed a wall, and those walls are
told (``told``, as if clear). In small JPEG hexagons the three read alike along
118 of 118 directions they agreed on, right every time, 10 of them with none
clear (synthetic hex zoomed, tiny cells and JPEG 4800000-4800007, started
and solved; ``benchmarks/hex_wall_voices.py``). A measure whose groups say
nothing there for its thin lines falling short of its least (the half-level
width in small hexagons: blur sinks thin lines below half the colour) is no
dissent: the other two, reading the very same walls, tell them (each side's
clearest channel and the shares alike were right along 164 of 164 directions,
16 with the half-level width silent; synthetic hex tiny cells, JPEG and zoomed
4900000-4900015).

Nor is a width in one channel over one ground (each side's clearest channel)
a dissent where the walls it reads past the others' are all walls it cannot
tell (``_hex_one_ground.tells_wide``): beside a tint it errs wide, never
thin, and where two flows' tints overlap along a side their band passes for
line there. Where the two others read those sides thin, alike, it says
nothing there, as where the half-level width is silent (synthetic hex JPEG
5800001 solved: that channel alone clear along the flat sides, gap 0.40,
reading a thin line between a grey tint and a purple one as a wall, 2.32 px
against 1.89; the shares and the half-level width, 0.27 and 0.31, no wall;
refused before).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import HexSides, Inks, Node, side_direction
from flowbot.vision._hex_one_ground import one_ground, tells_wide
from flowbot.vision._hex_widths import WidthGroups


class DirectionInks(Inks):
    """The sides' widths, each direction's by its own measure (``_hex_board.Inks``); the
    directions ``told`` are those whose walls every measure read alike, clear there or not
    (their groups taken as clear, ``_hex_widths.WidthGroups.told``; each measure seconds
    those walls, ``_hex_walls_alike``)."""

    def __init__(
        self, readers: Sequence[tuple[Inks, frozenset[int]]], told: frozenset[int] = frozenset()
    ) -> None:
        """``readers``: each measure with the directions (0 flat, 1 rising, 2 falling) it
        measures, every direction by one."""
        self.readers = tuple(readers)
        self.told = told

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        widths = np.zeros(len(sides))
        if not len(sides):
            return widths
        which = corner_direction(sides)
        # Each measure over every side at once, as ``by_direction`` judged it: a measure
        # takes the lines' level and colour from the sides it is given (``FacedInks.looks``),
        # and one direction's sides alone moved its widths off those judged (synthetic hex
        # tiny cells 5200004 solved: the shares' flat thin lines 1.02 against 1.04, a thin
        # line 1.28 past the moved boundary 1.22, read as a wall no measure read).
        for inks, directions in self.readers:
            mine = np.isin(which, list(directions))
            if mine.any():
                widths[mine] = inks.widths(sides, across)[mine]
        return widths


def corner_direction(sides: np.ndarray) -> np.ndarray:
    """The direction of each of the sides ``(n, 2, 2)`` of flat-topped hexagons from its
    corners, as ``_hex_board.side_direction`` names it: 0 flat, 1 where x and y grow
    together (a cell's side towards its neighbour up and right), 2 where they do not."""
    dx, dy = (sides[:, 1] - sides[:, 0]).T
    flat = np.abs(dy) < 0.5 * np.abs(dx)
    return np.where(flat, 0, np.where(dx * dy > 0, 1, 2))


def by_direction(sides: HexSides, measures: Sequence[tuple[Inks, float]]) -> HexSides | None:
    """``sides`` measured along each direction by the first of ``measures`` whose widths
    fall in clear groups there (each with the least typical width its thin lines must show
    for its groups to say anything: a half-level width's ``SOLID``); where every one of
    ``measures`` says something there and all read the very same walls, told (clear or
    not: the first clear, else the first; so too where all but one say so and that one
    is silent there, its thin lines short of its least). ``None`` where along some direction none is
    clear and they do not all agree, those that are read different walls there, or one
    alone is and another's groups there, clear or not, read other walls."""
    measured = [replace(sides, inks=inks) for inks, _ in measures]
    # (per direction, which of ``measures`` reads it, by its place among them)
    chosen: list[int] = []
    told: set[int] = set()
    for direction in range(3):
        # (each measure's walls along it, and whether its groups there are clear)
        voices: list[tuple[int, frozenset[frozenset[Node]], bool]] = []
        # (a measure whose thin lines there fall short of its least says nothing: silent)
        silent = 0
        for at, (each, (_, least)) in enumerate(zip(measured, measures, strict=True)):
            group = each.direction_groups[direction]
            if group is not None and group.thin >= least:
                walls = frozenset(walls_along(each, group, direction))
                voices.append((at, walls, group.clear))
            elif group is not None:
                silent += 1
        # (a one-ground measure whose walls past the others' it cannot tell says nothing)
        unsure = _untold_voices(measured, voices, direction)
        silent += min(len(unsure), 1)
        voices = [voice for voice in voices if voice[0] not in unsure]
        clear = [voice for voice in voices if voice[2]]
        # Every measure reads the very same walls, or all but one silent there (the
        # half-level width in small hexagons, its thin lines below SOLID: blur sinks them
        # below half the colour, no word on walls); two voices at least.
        if len(voices) >= max(2, len(measures) - min(silent, 1)) and _alike(voices):
            # (told, clear or not)
            told.add(direction)
            chosen.append((clear or voices)[0][0])
            continue
        heard = voices if len(clear) == 1 else clear
        if not clear or not _alike(heard):
            return None
        chosen.append(clear[0][0])
    readers = [
        (measures[at][0], frozenset(d for d, each in enumerate(chosen) if each == at))
        for at in dict.fromkeys(chosen)
    ]
    return replace(sides, inks=DirectionInks(readers, frozenset(told)))


def _untold_voices(
    measured: Sequence[HexSides],
    voices: Sequence[tuple[int, frozenset[frozenset[Node]], bool]],
    direction: int,
) -> set[int]:
    """Which of ``voices`` (by their place among ``measured``) read along ``direction`` walls
    the others all read thin, each one it cannot tell (``_hex_one_ground.tells_wide``: a
    width in one channel over one ground errs wide beside a tint, never thin): no word on
    those walls, as ``_hex_coverage._faced_off`` takes them. Two other voices at least,
    reading alike, to read them thin."""
    unsure: set[int] = set()
    for at, walls, _ in voices:
        others = [other for each, other, _ in voices if each != at]
        if len(others) < 2 or len(set(others)) != 1 or not walls > others[0]:
            continue
        each = measured[at]
        seen = one_ground(each)
        group = each.direction_groups[direction]
        assert group is not None
        inner, _ = each.widths
        if seen and not any(
            tells_wide(seen.get(side), inner[side], group.boundary) for side in walls - others[0]
        ):
            unsure.add(at)
    return unsure


def _alike(voices: Sequence[tuple[int, frozenset[frozenset[Node]], bool]]) -> bool:
    """Whether ``voices`` all read the very same walls."""
    return len({walls for _, walls, _ in voices}) == 1


def walls_along(sides: HexSides, group: WidthGroups, direction: int) -> set[frozenset[Node]]:
    """The sides along ``direction`` that ``sides``' widths put in the outline's group."""
    inner, _ = sides.widths
    return {
        side
        for side, width in inner.items()
        if side_direction(side) == direction and group.is_wide(width)
    }
