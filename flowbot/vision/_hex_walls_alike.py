"""A hexagonal board with pipes drawn: its walls must read alike in two colour channels.

A side's width (``_hex_widths``) is measured in one channel. Where pipes are
drawn, no channel is clean: a flow beside a line shows in its own hue's
channel as bright as the line and widens it there, so the widths are taken
in the luma (``_hex_channel.ink_channel``); but in the luma any bright flow
does the same, and the tints the game lays under flows can leave a thin line
barely above its ground, its hump running on into the ground's slope. Each
channel errs beside other flows, so every wall read in the luma must read
as one in the colour channel where the lines stand out most too
(``_hex_channel.clearest_channel``), wherever that channel's widths fall
into two groups at all: clear groups or not, a luma wall thinner than the
groups' boundary there is a line the luma widened (a flow's tint as light
as the lines round a cell widens all its sides in the luma). Walls that
channel alone reads are left to the luma: a flow of its hue beside a line
widens it there (8 such on synthetic hex drift 300000 started, none of
them walls). (Since ``_hex_faces``, the lead measures each side in the
channel where its line stands clear of both faces' tints, the luma mostly:
a second opinion of one channel still, as the tints of two flows side by
side can widen a line in every channel.) Where that channel's widths are not in clear groups along
every direction, each wall the luma reads on a side of a hexagon a pipe
runs into is judged along its own direction too: by the colour channel
where its widths fall in clear groups there, else by the luma alone only
where the luma's own gap there is wide (``LUMA_ALONE_GAP``): a flow's tint
beside blurred lines widens them in the luma (a white flow's grey tint made
four walls on synthetic hex web 300013 solved, a cyan one two on a crop).
Where the luma's own widths fall in no clear groups but the colour channel's
do (a bright flow's tint beside a line widens it in the luma), the two swap
roles (``lead_channel``): the walls are read in the colour channel and must
read alike in the luma as above. Where one face of a side is a tint nearly as
bright as the line in the colour channel (its faces ``FAR_APART``), the line's
half over that tint all but vanishes there and a wall can measure as thin as a
line: a wall the lines' colour's shares lead with, each side's clearest
channel and the width at half the lines' colour read too, the colour channel
does not overrule there.
"""

from __future__ import annotations

from dataclasses import replace

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, Node, hex_board, side_direction, wall_sides
from flowbot.vision._hex_coverage import SOLID, CoveredInks, HalfCoveredInks, solid_half
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_lightness import sees_every_line
from flowbot.vision._hex_one_ground import one_ground, tells_thin
from flowbot.vision._rule import Rule

#: A wall beside a flow that the colour channel cannot judge along its direction is
#: taken from the luma alone when the luma's gap there spans this share of the way
#: between its groups at least (``_hex_widths.WidthGroups.gap``): tints beside blurred
#: lines widened thin ones to walls at gaps 0.33 and 0.36; walls read right 0.45 and up.
LUMA_ALONE_GAP = 0.4
#: A second measure in one channel that sees a wall's line over faces this far apart (its
#: contrast over the darker this many times that over the brighter: a tint nearly as bright
#: as the line there) may read it thin: walls 6-6.7 px wide (each side's clearest channel,
#: spread 1.1-1.2) measured 1.8-2.9 px in red at spreads 2.85-3.0, the thin lines 2.0
#: (synthetic hex JPEG official level 100062 solved). It then tells a wall thin only where
#: the width at half the lines' colour does not read it a wall either.
FAR_APART = 2.5


def lead_channel(sides: HexSides) -> HexSides:
    """``sides`` measured first in the colour channel (``inks_again``), the luma second,
    where the luma's widths do not fall in clear groups along every direction and the
    colour channel's do (a bright flow's tint beside a line widens it in the luma: the
    walls then read in the colour channel must read alike in the luma, as the other way
    round)."""
    if sides.inks_again is None or sides.clear_groups:
        return sides
    swapped = replace(sides, inks=sides.inks_again, inks_again=sides.inks or sides.lines)
    return swapped if swapped.clear_groups else sides


def _check_walls_alike(sides: HexSides) -> None:
    walls = hex_board(sides).walls
    if sides.inks_again is None or not walls:
        return
    again = replace(sides, inks=sides.inks_again, inks_again=None)
    if not again.clear_groups and _unconfirmed(sides, again):
        raise UnsureReadingError(WALLS_ALIKE.reason)
    if again.groups is None:
        return
    # (a wall the colour channel alone reads is its own hue's flow beside a line)
    if (
        walls - hex_board(again).walls
        and not _unseen_alike(sides, again)
        and not _outvoted(sides, again)
    ):
        raise UnsureReadingError(WALLS_ALIKE.reason)


def _unseen_alike(sides: HexSides, again: HexSides) -> bool:
    """Whether every wall of ``sides`` that ``again`` reads thin is one it does not see
    (``_hex_one_ground.tells_thin``: its line no brighter there than a tint beside it) that
    the sides measured each in its clearest channel read as a wall too, the lead being the
    lines' colour's shares (``_faced``), and the two read the same holes; or one it sees
    over faces far apart (``_far_apart``) that the width at half the lines' colour reads
    as a wall too (``_half_wall``)."""
    lead, lead_holes = wall_sides(sides)
    seen, holes = wall_sides(again)
    faced = _faced(sides)
    if holes != lead_holes or faced is None:
        return False
    unseen, apart = _unseen(again), _far_apart(again)
    return all(
        _faced_wall(faced, side) and (side in unseen or (side in apart and _half_wall(faced, side)))
        for side in lead - seen
    )


def _far_apart(again: HexSides) -> set[frozenset[Node]]:
    """The sides between two cells a second measure sees over faces ``FAR_APART`` or more
    apart (``_hex_one_ground.OneGround.spread``)."""
    return {side for side, seen in one_ground(again).items() if seen.spread >= FAR_APART}


def _half_wall(faced: HexSides, side: frozenset[Node]) -> bool:
    """Whether ``side`` is a wall by the width at half the lines' colour
    (``_hex_coverage.HalfCoveredInks`` over ``faced``'s look), its widths in clear groups
    and its thin lines solid (``_hex_coverage.SOLID``)."""
    half = solid_half(faced)
    return half is not None and side in wall_sides(half)[0]


def _outvoted(sides: HexSides, again: HexSides) -> bool:
    """Whether every wall of ``sides`` that ``again`` reads thin is one whose direction
    ``again``'s widths fall in no clear groups along (its reading there a guess) and that
    the other measures beside pipes second (``_seconded``), ``again`` reading no hole the
    lead does not; a side of one of the lead's holes that ``again`` reads thin is judged
    as such a wall (``_wide``): a reading in no clear groups guesses holes as it guesses
    walls (synthetic hex JPEG 5000001 solved, the colour channel's gaps 0.05-0.09 read one
    of two holes' sides thin, each other measure clear there read it wide).

    Synthetic hex tiny cells 300048 started (19-23 px hexagons under JPEG, 5 walls, 8
    holes): the half-level width leading, clear along every direction (gaps 0.44-0.46),
    read the board exactly; the colour channel (gap 0.26 along one direction) read one
    wall there 0.94 px against its boundary 1.09, that each side's clearest channel (gap
    0.33) and the shares (0.44) read 1.97 and 1.82 px, the outline's width, as the lead
    did (1.93)."""
    lead, lead_holes = wall_sides(sides)
    seen, holes = wall_sides(again)
    if not holes <= lead_holes:
        return False
    groups = again.direction_groups
    lead_groups = sides.direction_groups
    measures = _measures(sides)
    for side in _wide(sides, lead, lead_holes) - _wide(again, seen, holes):
        direction = side_direction(side)
        group, own = groups[direction], lead_groups[direction]
        # (the lead's own gap there as wide as the luma alone is trusted at, as in
        # ``_unconfirmed``: a measure clear along it seconding the wall is enough)
        gap = own.gap if own is not None and own.clear else 0.0
        if (group is not None and group.clear) or not (
            _told(sides, side) or _seconded(measures, side, lead_gap=gap)
        ):
            return False
    return True


def _wide(sides: HexSides, walls: set[frozenset[Node]], holes: set[Node]) -> set[frozenset[Node]]:
    """The sides between two cells ``sides`` reads as wide: its ``walls`` and the sides of
    its ``holes`` (``wall_sides``) towards the board's other cells."""
    inner, _ = sides.widths
    return walls | {side for side in inner if side & holes}


def _told(sides: HexSides, side: frozenset[Node]) -> bool:
    """Whether ``side``'s direction is one whose walls every measure beside pipes read alike,
    none clear there (``_hex_directions.by_direction``): each of them seconds its walls."""
    groups = sides.groups
    return groups is not None and groups[side_direction(side)].told


def _measures(sides: HexSides) -> list[HexSides]:
    """``sides`` as each of the measures beside pipes reads them (each side's clearest
    channel, ``_hex_faces``; the lines' colour's shares and the width at half of it,
    ``_hex_coverage``; the lines' lightness's share where it sees every side between two
    hexagons, ``_hex_lightness``) but the lead's own; none where the sides were not
    measured side by side (no pipes).

    The lightness a voice too: JPEG keeps it whole where it halves the colours, and a white
    flow's grey tint beside a line leaves the colour's measures no clear groups along a
    direction (synthetic hex colour_blind 4100000 started, 21 px hexagons, 8 walls: each
    side's clearest channel leading with a gap of 0.39 along the falling sides, the shares
    unclear there (0.22), the half-level width's thin lines not solid (0.35 px); the
    lightness clear, 0.61, read all 8 walls as the lead did)."""
    faced = sides.inks_faced if sides.inks_faced is not None else sides.inks
    if not isinstance(faced, FacedInks):
        return []
    light = sees_every_line(sides, faced)
    voices = (faced, CoveredInks(faced), HalfCoveredInks(faced), light)
    return [
        replace(sides, inks=inks, inks_again=None, inks_faced=None, inks_shares=None)
        for inks in voices
        if inks is not None and type(inks) is not type(sides.inks)
    ]


def _seconded(measures: list[HexSides], side: frozenset[Node], *, lead_gap: float = 0.0) -> bool:
    """Whether the ``measures`` whose widths fall in clear groups along ``side``'s direction
    all read it a wall (the half-level width only where its thin lines are solid there,
    ``SOLID``: blur sinks them below half the lines' colour), one of them at least with a
    gap of ``LUMA_ALONE_GAP`` there: a wall a second measure reads alone, as the lead's
    walls where the colour channel cannot judge them (``_faced_alone``); or, the lead's own
    gap there (``lead_gap``) that wide, one of them at least.

    Synthetic hex zoomed 5800000 solved (zoom 1.75): the half-level width leading (gaps
    0.41-0.47) read a wall 2.78 px against its boundary 2.22 that the colour channel, in no
    clear groups (0.13) and not seeing the line there beside a cyan tint as bright as it
    (``_hex_one_ground``), read 1.56; the shares, clear along it (0.36), 2.51 against 2.02:
    refused before, exact since."""
    direction = side_direction(side)
    strong, heard = False, False
    for each in measures:
        group = each.direction_groups[direction]
        if group is None or not group.clear:
            continue
        if isinstance(each.inks, HalfCoveredInks) and group.thin < SOLID:
            continue
        inner, _ = each.widths
        if side not in inner or not group.is_wide(inner[side]):
            return False
        strong = strong or group.gap >= LUMA_ALONE_GAP
        heard = True
    return strong or (heard and lead_gap >= LUMA_ALONE_GAP)


def _unseen(again: HexSides) -> set[frozenset[Node]]:
    """The sides between two cells a second measure does not see (``tells_thin``)."""
    return {side for side, seen in one_ground(again).items() if not tells_thin(seen)}


def _unconfirmed(sides: HexSides, again: HexSides) -> bool:
    """Whether a wall the luma reads beside a flow (a side of a hexagon a drawn pipe
    crosses into) is thin in the colour channel (``again``) along its direction, where
    that channel's widths there fall in clear groups, or, where they do not, the luma's
    own gap there is under ``LUMA_ALONE_GAP``."""
    luma = sides.groups
    assert luma is not None, "read once the width rule passed"
    colour = again.direction_groups
    widths, _ = again.widths
    piped = {node for side in sides.crossed for node in side}
    faced = _faced(sides)
    unseen = _unseen(again) if faced is not None else set()
    measures: list[HexSides] | None = None  # (measured once asked)
    for side in wall_sides(sides)[0]:
        if not side & piped:
            continue
        direction = side_direction(side)
        group = colour[direction]
        if group is not None and group.clear:
            # (a side that channel does not see is the faced measure's, if it reads a wall)
            if (
                side in widths
                and not group.is_wide(widths[side])
                and not (side in unseen and _faced_wall(faced, side))
            ):
                return True
        elif (
            luma[direction].gap < LUMA_ALONE_GAP
            and not _faced_alone(faced, side)
            and not luma[direction].told
        ):
            measures = _measures(sides) if measures is None else measures
            if not _seconded(measures, side):
                return True
    return False


def _faced(sides: HexSides) -> HexSides | None:
    """Where the lead is the lines' colour's shares (``_hex_coverage``), the sides measured
    each in its clearest channel as before, when their widths fall in clear groups."""
    if sides.inks_faced is None:
        return None
    faced = replace(sides, inks=sides.inks_faced, inks_again=None, inks_faced=None)
    return faced if faced.clear_groups else None


def _faced_wall(faced: HexSides | None, side: frozenset[Node]) -> bool:
    """Whether ``side`` is a wall of ``faced`` (``_faced``: none where that is ``None``)."""
    return faced is not None and side in wall_sides(faced)[0]


def _faced_alone(faced: HexSides | None, side: frozenset[Node]) -> bool:
    """Whether ``side``, a wall the lines' colour's shares read, is one the sides measured
    each in its clearest channel read alone as before: a wall there, that measure's gap
    along its direction ``LUMA_ALONE_GAP`` at least (its walls a second measure's too)."""
    if faced is None:
        return False
    groups = faced.groups
    assert groups is not None
    return side in wall_sides(faced)[0] and groups[side_direction(side)].gap >= LUMA_ALONE_GAP


WALLS_ALIKE: Rule[HexSides] = Rule(
    name="hex walls alike in two channels",
    refuses="a hexagonal board with pipes drawn with a wall, read from its widths in the "
    "luma, that the colour channel where its lines stand out most reads as a thin line (its "
    "widths in two groups there, clear or not); or, that channel's widths not in clear "
    "groups along every direction, a wall the luma reads on a side of a hexagon a pipe runs "
    "into that the colour channel reads thin along its direction (clear groups there), or "
    "that the luma alone reads with a narrow gap there; a side the colour channel does not "
    "see (its line no brighter there than a tint beside it by the line contrast) reads "
    "thin there only where each side's clearest channel does not read the wall either; one "
    "it sees over faces FAR_APART (a tint nearly as bright as the line there) only where "
    "each side's clearest channel or the width at half the lines' colour does not; a "
    "wall the other measures beside pipes (the lightness's share among them) second (each "
    "clear along its direction reads it a wall, one with a gap of LUMA_ALONE_GAP there, or "
    "the lead itself where the colour channel's groups there are not clear) is "
    "no wall of the lead alone, nor one the colour channel reads thin along a direction its "
    "groups are not clear along (a side of a hole the lead reads judged as such a wall)",
    why="Pipes beside a line widen it in every channel they are bright in: the luma for "
    "any bright flow, a flow's own hue's channel for it; a flow's tint of nearly the lines' "
    "luma leaves a thin line barely above its ground there, its hump running on into the "
    "ground's slope. A wall read alike in two channels depends on neither's flaw; walls the "
    "colour channel alone reads are its own hue's flows beside lines, left to the luma.",
    bounds="The colour channel: red, green or blue, by the weakest sides' contrast over the "
    "ground's spread, as `_hex_channel.ink_channel` takes it without pipes; clear groups and "
    "walls as `hex widths in two groups` judges them. Synthetic hex preview 300003 solved: "
    "an orange dot's tint beside a side put it in the luma's wide group (6.69 against "
    "thin 2.24, outline 8.77); in blue, no wall, groups' gaps 0.89-0.94. Drift 300000 "
    "started: the luma's walls right, the colour channel's 8 more beside flows. Groups "
    "not clear there, dev seeds 300000-300011 started and solved: 1 of 20 exact readings "
    "with walls lost (crop 300002 solved); hex JPEG 1200000 solved (the lead's held-out "
    "seed), a white flow's grey tint round a cell: the luma read a fourth wall, the red "
    "channel's groups (gaps 0.15-0.29) none of its four. Web 300013 solved: a white flow's "
    "grey tint beside blurred lines (38 px pitch) put four sides of its hexagons in the "
    "luma's wide group (1.48-1.66 against thin 1.07, outline 1.82-1.88, gap 0.33); the "
    "colour channel's outline no wider than its lines. LUMA_ALONE_GAP 0.4: such walls "
    "beside flows read wrong at luma gaps 0.33 and 0.36 (web 300013, crop 300009 solved "
    "with the game's levels), right at 0.45 and up (mirror 300001 started, 0.45-0.5; JPEG "
    "renders of the game's levels 0.55-0.93). Where the lead is the lines' colour's shares "
    "(`_hex_coverage`), a wall the sides measured each in its clearest channel read so too, "
    "at a gap of LUMA_ALONE_GAP there, is no wall of the lead alone (web 300003 solved: the "
    "shares' gap 0.38, the faced 0.42, the colour channel's groups 0.07-0.13; 7 walls right). "
    "A side the colour channel does not see (`_hex_one_ground`: its line under the line "
    "contrast over its brighter face there) tells nothing: synthetic hex twins 300003 started, "
    "walls 5.3 px wide beside a reddish tint as bright in red as the reddish lines, 0 px "
    "there (each side's clearest channel and the shares read all 14 walls). FAR_APART 2.5 "
    "(the line's contrast over its darker face over that over its brighter): synthetic hex "
    "JPEG official level 100062 solved, two walls 6-6.7 px wide (spread 1.1-1.2 in each "
    "side's clearest channel) 1.8-2.9 px in red at spreads 2.85-3.0 against its thin "
    "lines' 2.0; the width at half the lines' colour (clear groups, thin lines solid) "
    "read them 8.1-8.4 against its boundary 4.9. "
    "Seconded by "
    "the other measures beside pipes (each side's clearest channel, the shares, the "
    "half-level width, the lightness's share where it sees every side between two "
    "hexagons, but the lead): synthetic hex tiny cells 300048 started, the colour "
    "channel (gap 0.26 along the wall's direction) read a wall 0.94 px against its boundary "
    "1.09, the clearest channels and the shares 1.97 and 1.82 (gaps 0.33, 0.44), the "
    "half-level lead 1.93; solved, the shares leading with a gap of 0.33 along a wall's "
    "direction, the half-level width read it too (gap 0.41): both exact, every wall and "
    "hole. The lightness a voice too (JPEG keeps it whole): synthetic hex colour_blind "
    "4100000 started, 8 walls, each side's clearest channel leading with a gap of 0.39 "
    "along the falling sides, the shares unclear there (0.22), the half-level width's thin "
    "lines 0.35 px (not solid): refused before; the lightness clear there (0.61) reads all "
    "8. Along a direction whose walls each side's clearest channel, the shares and the "
    "half-level width all read alike (told, `_hex_directions.by_direction`), each of them "
    "seconds the lead's walls there: synthetic hex tiny cells 4800001 started, the colour "
    "channel's gaps 0.06-0.09 (no word), the shares alone clear along the falling sides "
    "(0.37), the other two reading its walls there too (9 walls in all, right): refused "
    "before, exact since. A hole's side judged so (the colour channel reading no hole the "
    "lead does not): synthetic hex JPEG 5000001 solved, 8 walls and 2 holes, the shares "
    "leading (gaps 0.45-0.68), the colour channel's gaps 0.05-0.09 reading one hole's side "
    "and two walls thin, every other measure clear there reading them wide: refused "
    "before, exact since. Where the colour channel is not clear along a wall's direction, "
    "the lead's own gap there LUMA_ALONE_GAP or more (as the luma alone stands in "
    "`_unconfirmed`) lets any measure clear there reading it a wall second it: synthetic hex "
    "zoomed 5800000 solved, the half-level width leading (gap 0.41) read a wall 2.78 px "
    "(boundary 2.22) that the colour channel, blind there beside a cyan tint, read 1.56; the "
    "shares, clear (0.36), 2.51 against 2.02: refused before, exact since.",
    reason="cannot tell whether a line between two hexagons is a wall or not "
    "(the colour channels disagree)",
    check=_check_walls_alike,
)
