"""With pipes drawn and the measures of a hex board's walls at odds, each side as thin as any
clear measure that sees it reads it.

Beside pipes no measure of a side's width is clean, and each errs its own way:
each side's clearest channel where a tint is nearly as
bright as the line, the lines' colour's shares where JPEG runs a tint's colour
into it, the width at half the lines' colour where blur sinks a line. But each
errs the same way: what lies beside a line (a tint's step, its smoothed edge,
glow, JPEG's halved colours) adds to the ink it sums, and nothing takes a
wall's ink away while the line is seen at all. A wall is drawn as the outline,
wide in every measure. So where neither the lines' colour's shares nor the
width at half of it leads (``_hex_reader``: neither in clear groups along every
direction, or the board so read refused), each side is read by every measure
whose widths fall in clear groups along its direction (``voices``: each side's
clearest channel, the lines' colour's shares, the width at half of it, the
lines' lightness's share, the peak share, the shares between the feet of the
line's own edges): a wall where all of them read it wide, a thin line where any
reads it thin, each by how far it lies past its own groups' boundary
(``HeardInks``). On the synthetic hex boards of the development seeds
8100000-8150005 (720, the 15 categories started and solved,
``benchmarks/hex_wall_voices.py``), no measure clear along a direction read a
wall there thin, of 819-2140 clear directions each, while each but the
lightness read a thin line there as a wall (3-42 times); every clear measure
heard, the walls were the true ones on 718 boards, 6 of them refused before,
and 2 stayed in doubt (no measure clear along any direction). The shares still
lead where they are clear: heard first, on 4 boards of 1,080 (seeds
8100000-8500005) each side's clearest channel read an outline side thin beside a
dot's cap or a face as bright as the line, refusing a board the shares read
exactly.

Five limits keep the rule to what it rests on. A measure that does not see a line
says nothing of it: one glow shaft over a side hid it from each side's clearest
channel (0 px, a hole's side: synthetic hex rectangular 6000001 solved), so a width
short of its thin lines by more than ``WALL_PAST`` of the way to the outline (log
scale) is no word (``WidthGroups.sees``). Nor does each side's clearest channel see
a line that stands clear of neither of its faces by the line contrast in any
channel: a face as bright as the line hides the line's half over it
(``_clear_of_faces``; a cyan tint (72, 100, 88) by green lines (66, 107, 65), only 7
darker in green, as bright in the luma: an outline side read 1.31 px against the
outline's 2.17, the board refused as going on past it, synthetic hex mirror 12400001
started). And one measure alone clear along a direction may be so by chance (the
shares alone clear along the flat sides, reading a thin line as a wall: synthetic
hex preview 4800001 solved): it is heard only where every other measure whose groups
there say anything, clear or not, reads each of its walls wide too; else the
direction stays in doubt. And each measure errs wide only where the lines' levels
are their colour: JPEG's colours at half resolution desaturate thin lines, and where
the levels lie past the colour the lines' ink shows, every measure may err thin
(``_levels_past_ink``): nothing is heard. And the shares between the feet of the
line's own edges may err thin (a line's own edge run on by JPEG beside a tint cut
off as glow beside it): a side they alone read thin, every other clear measure that
sees it reading it wide, is in doubt (``_cut_alone``).

The same holds where the shares or the width at half the lines' colour lead: a
wall any other measure clear along its direction reads thin is their error, and
their board is refused for the next lead (``VETO``). And without pipes, wherever
the lead reads walls (``asked_of_all``): a dot's rim a few pixels off a faint line,
or a glow shaft's edge along it, adds to the ink the lead sums as a tint does
(synthetic hex drift 12500008 unsolved: three thin lines read as walls, WRONG).

The board so heard is judged by the board rules as any (``_rules.HEX_BOARD_RULES``):
its widths must fall in clear groups along every direction, its walls measure as
the outline, reach half the lines' colour, and so on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, Inks, side_direction, wall_sides
from flowbot.vision._hex_coverage import (
    SOLID,
    ColouredShares,
    CoveredInks,
    EdgedInks,
    HalfCoveredInks,
)
from flowbot.vision._hex_directions import corner_direction, walls_along
from flowbot.vision._hex_faces import FacedInks, board_faced
from flowbot.vision._hex_lightness import sees_every_line
from flowbot.vision._hex_widths import WidthGroups
from flowbot.vision._rule import Rule


def voices(sides: HexSides) -> list[tuple[str, Inks, float]]:
    """Every measure of the sides' widths beside pipes, over each side's clearest channel
    (``sides``' inks, ``FacedInks``), by name, each with the least typical width its thin
    lines must show for its groups to say anything (the half-level width's ``SOLID``): that
    channel, the lines' colour's shares, the width at half of it, the lines' lightness's
    share where it sees every side between two hexagons, the peak share, and the shares
    between the feet of the line's own edges (``EdgedInks``: glow rising to a line)."""
    faced = sides.inks
    assert isinstance(faced, FacedInks)
    found: list[tuple[str, Inks, float]] = [
        ("faced", faced, 0.0),
        ("shares", CoveredInks(faced), 0.0),
        ("half", HalfCoveredInks(faced), SOLID),
    ]
    light = sees_every_line(sides)
    if light is not None:
        found.append(("light", light, 0.0))
    found.append(("peak", ColouredShares(faced), 0.0))
    found.append(("edged", EdgedInks(faced), 0.0))
    return found


#: Per side: its direction, its least lean (``HeardInks._leans``), its first measure's width,
#: and its least lean but the shares between its line's edges' (``_cut_alone``).
_Leans = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class HeardInks(Inks):
    """Each side's width as the thinnest reading of it among the measures clear along its
    direction (``_hex_board.Inks``): how far past its own groups' boundary each puts it
    (log scale, in units of the way from its thin lines to the outline), the least taken,
    shown on the first clear measure's scale there."""

    def __init__(self, faced: FacedInks, heard: Sequence[Sequence[tuple[Inks, WidthGroups]]]):
        """``heard``: per direction (0 flat, 1 rising, 2 falling), the measures clear along
        it with their groups there, the first giving the scale."""
        self.faced = faced
        self.heard = tuple(tuple(each) for each in heard)
        # (the last sides asked of and their leans: ``heard`` asks whether every side is
        # seen, then the board's widths, of the very same sides)
        self._asked: tuple[tuple[bytes, float], _Leans] | None = None

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels (where no
        measure clear along its direction sees it, as the first of them measures it)."""
        which, leans, first, _ = self._leans(sides, across)
        widths = first.copy()
        for direction, heard in enumerate(self.heard):
            mine = (which == direction) & np.isfinite(leans)
            if heard and mine.any():
                group = heard[0][1]
                span = math.log(group.wide / group.thin)
                widths[mine] = group.boundary * np.exp(leans[mine] * span)
        return widths

    def unseen(self, sides: np.ndarray, across: float) -> np.ndarray:
        """Whether no measure clear along its direction sees each of the sides ``(n, 2, 2)``."""
        _, leans, _, _ = self._leans(sides, across)
        return ~np.isfinite(leans)

    def _leans(self, sides: np.ndarray, across: float) -> _Leans:
        """Each side's direction, the least of how far past their groups' boundary the
        measures clear along it that see it put it (``inf`` where none does), its width as
        the first of them measures it, and that least but the shares between the feet of
        its line's edges' (``EdgedInks``); the last asked kept."""
        key = (sides.tobytes(), across)
        if self._asked is None or self._asked[0] != key:
            self._asked = (key, self._measured_leans(sides, across))
        return self._asked[1]

    def _measured_leans(self, sides: np.ndarray, across: float) -> _Leans:
        """``_leans``, measured."""
        which = corner_direction(sides) if len(sides) else np.zeros(0, int)
        leans = np.full(len(sides), np.inf)
        others = np.full(len(sides), np.inf)
        first = np.zeros(len(sides))
        measured: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        for direction, heard in enumerate(self.heard):
            mine = which == direction
            if not mine.any():
                continue
            for at, (inks, group) in enumerate(heard):
                # (each measure over every side at once: it takes the lines' level from them)
                if id(inks) not in measured:
                    measured[id(inks)] = (
                        inks.widths(sides, across),
                        _clear_of_faces(inks, sides, across),
                    )
                all_widths, clear = measured[id(inks)]
                widths = np.maximum(all_widths[mine], 1e-6)
                if at == 0:
                    first[mine] = widths
                span = math.log(group.wide / group.thin)
                seen = group.sees(widths) & clear[mine]
                lean = np.where(seen, np.log(widths / group.boundary) / span, np.inf)
                leans[mine] = np.minimum(leans[mine], lean)
                if not isinstance(inks, EdgedInks):
                    others[mine] = np.minimum(others[mine], lean)
        return which, leans, first, others


def _clear_of_faces(inks: Inks, sides: np.ndarray, across: float) -> np.ndarray:
    """Whether the measure ``inks`` sees each of the sides ``(n, 2, 2)`` clear of its faces:
    each side's clearest channel (``FacedInks``) only where the line stands clear of both
    by the line contrast there (``FacedInks.stands_clear``: else a face as bright as the
    line hides its half over it); the shares, always (each pixel's step from its own
    face)."""
    if isinstance(inks, FacedInks):
        return inks.stands_clear(sides, across)
    return np.ones(len(sides), bool)


def heard(sides: HexSides) -> HexSides | None:
    """``sides`` (measured by each side's clearest channel, ``FacedInks``, pipes drawn) with
    each side as thin as any measure clear along its direction that sees it reads it
    (``HeardInks``), where along every direction a measure is clear (one alone only where
    every other that says anything there reads each of its walls wide too), one of them at
    least sees every side between two hexagons, and the widths so heard fall in clear
    groups; else ``None``."""
    if not isinstance(sides.inks, FacedInks) or not sides.crossed:
        return None
    # Each measure with its groups along each direction.
    measured: list[tuple[HexSides, list[WidthGroups | None]]] = []
    for _, inks, least in voices(sides):
        each = replace(sides, inks=inks)
        measured.append((each, _saying(each, least)))
    along: list[list[tuple[Inks, WidthGroups]]] = []
    for direction in range(3):
        clear = [
            (each, group)
            for each, groups in measured
            if (group := groups[direction]) is not None and group.clear
        ]
        if not clear or (len(clear) == 1 and not _seconded(clear[0], measured, direction)):
            return None
        along.append([(_inks(each), group) for each, group in clear])
    inks = HeardInks(sides.inks, along)
    ends, across = sides.ends
    every = np.array(list(ends.values()), np.float64)
    unseen = inks.unseen(every, across)
    inner = np.array([other in sides.cells for _, other in ends])
    if (unseen & inner).any() or (_cut_alone(inks, every, across) & inner).any():
        return None
    found = replace(sides, inks=inks)
    return found if found.clear_groups and not _levels_past_ink(sides) else None


def _cut_alone(inks: HeardInks, sides: np.ndarray, across: float) -> np.ndarray:
    """Whether each of the sides ``(n, 2, 2)`` is read thin by the shares between the feet
    of the line's own edges alone (``EdgedInks``), every other measure clear along its
    direction that sees it reading it wide.

    That measure alone may err thin: it takes what a lopsided flank runs on with past its
    edge's foot for something beside the line, glow rising to it (synthetic hex drift
    10000010 started, its rise over 4 px: every other measure read that thin line as a
    wall), or JPEG's run-on of the line's own edge beside a tint (hex jpeg 11600011
    started: a wall 1.25 px against a boundary of 1.52 there, 1.98 summed whole, every
    other measure 1.87-2.06 against boundaries of 1.31-1.38: read as a thin line, WRONG).
    Such a side is in doubt."""
    _, leans, _, others = inks._leans(sides, across)
    return np.asarray((leans < 0) & (others >= 0))


def _levels_past_ink(sides: HexSides) -> bool:
    """Whether the lines' levels in some colour channel (``FacedInks.looks``) lie above
    their colour as their ink shows it (``FacedInks.inked_colour``) by more than the line
    contrast: every measure then errs thin where the faces lie below the lines, and
    ``heard``'s rule rests on each erring wide.

    JPEG's colours at half resolution desaturate thin lines: an official walled level's
    lines (120, 66, 66) measured at (120, 75, 84), their ink (132, 72, 70) at the
    levels' luma, and two walls over a yellow tint (blue 25) measured thin in blue and
    in the half-level width and the peak share, heard as thin lines (synthetic hex
    mirror 100000 solved, WRONG; refused so). The boards ``heard`` reads in the tests
    lie within it: JPEG 9900115 started 5.8 above in green (and 9.8 below in red, where
    widths err wide), JPEG 300052 started 3.2."""
    faced = sides.inks
    assert isinstance(faced, FacedInks)
    ends, across = sides.ends
    local = np.array(list(ends.values()), np.float64) - faced.origin
    colour = faced.inked_colour(local, across)
    if colour is None:
        return False
    levels, _ = faced.looks(local, across)
    return bool((np.array(levels[:3]) - colour).max() > faced.contrast)


def _saying(sides: HexSides, least: float) -> list[WidthGroups | None]:
    """``sides``' groups along each direction, ``None`` where they say nothing: no groups,
    or its thin lines' typical width short of ``least`` (``voices``)."""
    return [
        group if group is not None and group.thin >= least else None
        for group in sides.direction_groups
    ]


def _seconded(
    lone: tuple[HexSides, WidthGroups],
    measured: Sequence[tuple[HexSides, Sequence[WidthGroups | None]]],
    direction: int,
) -> bool:
    """Whether every measure in ``measured`` whose groups along ``direction`` say anything
    reads each wall the one measure clear there (``lone``) reads wide too."""
    each, group = lone
    walls = walls_along(each, group, direction)
    return all(
        walls <= walls_along(other, found, direction)
        for other, groups in measured
        if (found := groups[direction]) is not None
    )


def faced_of(sides: HexSides) -> FacedInks | None:
    """The sides measured each in its clearest channel (``_hex_faces``), as the lead's
    measures beside pipes hold them; ``None`` where none does."""
    for inks in (sides.inks_faced, sides.inks):
        if isinstance(inks, FacedInks):
            return inks
        if isinstance(inks, CoveredInks | HeardInks):
            return inks.faced
    return None


def _inks(sides: HexSides) -> Inks:
    """The measure ``sides`` are measured by (each one of ``voices``)."""
    assert sides.inks is not None
    return sides.inks


def asked_of_all(image: np.ndarray, sides: HexSides) -> HexSides:
    """``sides`` (no pipes drawn) with each side's clearest channel of ``image`` held
    (``inks_faced``) for ``VETO`` to ask every measure of the walls the lead reads, where
    it reads any and none is held yet; else ``sides``."""
    if sides.crossed or sides.inks_faced is not None or not sides.clear_groups:
        return sides
    walls, _ = wall_sides(sides)
    if not walls:
        return sides
    faced = sides.inks if isinstance(sides.inks, FacedInks) else board_faced(image, sides)
    return replace(sides, inks_faced=faced)


def _check_veto(sides: HexSides) -> None:
    if sides.inks_faced is not None and _read_thin(sides):
        raise UnsureReadingError(VETO.reason)


def _read_thin(sides: HexSides) -> bool:
    """Whether another measure than the lead's (``voices``, over each side's clearest
    channel, ``sides``' ``inks_faced``) reads thin a wall the lead reads: that measure's
    groups clear along the wall's direction and saying anything there (``_saying``), and
    the line seen (``WidthGroups.sees``: a line it does not see says nothing of it). A
    hole's sides are its outline, not walls: one channel errs thin along the outline
    beside a dot's cap or a face as bright as the line."""
    walls, _ = wall_sides(sides)
    if not walls:
        return False
    faced = replace(sides, inks=sides.inks_faced, inks_faced=None)
    for _, inks, least in voices(faced):
        if type(inks) is type(sides.inks):
            continue
        each = replace(faced, inks=inks)
        groups = _saying(each, least)
        inner, _ = each.widths
        for wall in walls:
            group = groups[side_direction(wall)]
            if group is None or not group.clear:
                continue
            width = inner[wall]
            if group.sees(width) and not group.is_wide(width):
                return True
    return False


VETO: Rule[HexSides] = Rule(
    name="hex walls every clear measure reads wide too",
    refuses="a hexagonal board whose walls are read from the lines' colour's shares or the "
    "width at half that colour (with pipes drawn), or read at all without pipes, where "
    "another measure of the sides' widths (`voices`: each side's clearest channel, the "
    "shares, the half-level width, the lightness's share, the peak share, the shares "
    "between the line's own edges) reads one of "
    "them thin, its widths in clear groups along the wall's direction and the line seen "
    "there (a hole's sides are its outline, not walls)",
    why="Every measure of a side's width beside a tint errs wide, never thin (`_hex_heard`): "
    "what lies beside a line (a tint's step or smoothed edge, glow, JPEG's halved colours) "
    "adds to the ink it sums, and nothing takes a wall's ink away while the line is seen. "
    "So a measure reading more walls than the lead errs there and says nothing; reading "
    "one of the lead's walls thin, it shows the lead erred wide there: the next lead is "
    "tried (the half-level width, then every clear measure heard). Until session 65 only "
    "each side's clearest channel was asked: the shares led alone on a thin line between "
    "a red tint and a cyan one that JPEG ran together, clear along its direction (gap "
    "0.38), while that channel was not (0.19) and the lightness's share and the peak "
    "share, clear there, read it thin: a wall, WRONG (synthetic hex JPEG 9900115 "
    "started; heard, exact). Without pipes the lead's walls are asked of every measure too "
    "(`asked_of_all`): faint 1 px lines in a small mirror window, big dots 5 px off either "
    "side of two of them and a glow shaft's edge along the third, read as three walls "
    "(1.73-2.52 px against the outline's 2.1-2.7), WRONG; the shares read one of them "
    "0.43 px against their boundary 1.80, each side's clearest channel another 1.31 "
    "against 1.54 (synthetic hex drift 12500008 unsolved, refused since).",
    bounds="Clear groups as `hex widths in two groups` judges them; a line is seen where "
    "its width lies no farther than WALL_PAST 1.25 of the way short of the thin lines' "
    "typical width (log scale; glow shafts over a finished board's tints hid two sides of a "
    "hole from the clearest channel, 0.00 px: synthetic hex rectangular 6000001 solved, "
    "read exactly). One channel errs thin along the outline beside a dot's cap or a face "
    "as bright as the line: a lone hole's side 0.51 of the way from its thin lines to its "
    "outline, under its boundary (synthetic hex drift 8800005 solved, read exactly). The "
    "half-level width says nothing where its thin lines fall short of SOLID. On the "
    "development seeds 8100000-8150005 (720 boards, the 15 categories started and solved) "
    "no measure clear along a direction read a wall there thin. JPEG 9900115 started: the "
    "wall the shares read 1.68 px against their boundary 1.41, the lightness's share 0.93 "
    "against 1.30, the peak share 0.53 against 0.65.",
    reason="cannot tell whether a line between two hexagons is a wall or not "
    "(its measures disagree)",
    check=_check_veto,
)
