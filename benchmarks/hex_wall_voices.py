"""How each measure of a hex board's side widths tells walls from thin lines, against the truth.

Usage::

    python benchmarks/hex_wall_voices.py [--category zoomed] [--state solved]
        [--first 4700000] [--n 12]

A diagnostic, not a floor: for each synthetic hex board with pipes drawn, the
reader is run as usual and the sides are taken as ``_hex_coverage.shares_led``
gets them (each side's clearest channel, ``FacedInks``). Each measure beside pipes
(that channel; the lines' colour's shares and the width at half of it,
``_hex_coverage``, the latter only where its thin lines are ``SOLID``; the
lightness's share where it sees every side, ``_hex_lightness``; the peak share
``ColouredShares``; the shares between the feet of the line's own edges,
``EdgedInks``) is then asked along each direction: are its widths in clear
groups (``_hex_widths.WidthGroups.clear``), the gap, and are the walls it reads
there the true ones (a side facing a hole counts as wide, as the reader reads
it). One line per board, then per measure how often it was clear and right, and
clear and WRONG: a measure clear and wrong is why no measure may stand alone.

The peak share's groups are read as every width's are (log scale), though it is
a share of a pixel, not a width: its column says how far it separates the two.

A board with no pipes drawn (``--state unsolved``) has one measure, the lead
(``_hex_channel.ink_channel``, or along the lines' hue, ``_hex_glow.along_hue``):
it is shown as ``lead``, with each side in its clearest channel (``FacedInks``, as
beside pipes) as ``faced``, and per direction the outline sides (whole in the
image) that measure below the groups' boundary: ``out`` their count and least
width. Glow as light as the lines in the luma shows there (session 44, hex JPEG
5500003 and 5500005 unsolved: outline sides under it as thin as the lines in both).

What it showed (session 41, hex zoomed, tiny cells and JPEG, started and solved,
seeds 4700000-4700011 and 4800000-4800007): every board refused for its walls had
a direction along which no measure was clear, and some measure clear along a
direction read wrong walls there (each side's clearest channel at gaps 0.35-0.61,
the shares at 0.33-0.44; the half-level width where solid and the lightness never,
in 169 and 162 clear directions). Where each side's clearest channel, the shares
and the solid half-level width read the very same walls along a direction (118
directions of the 4800000 boards, 10 with none of them clear), they were right
every time: 4 of those refusals (tiny cells 4800001 started and solved, 4800002
started, JPEG 4800000 started) read so along every direction. The peak share
separates the slanted sides (thin lines up to 0.6-0.8 of a pixel, the outline
0.74-0.97) but not the flat ones (thin lines up to 0.85-1.0).

The last word per board (``heard``): the sides as every measure clear along their
direction hears them (``_hex_heard``, where the lead measures end in doubt), its
walls against the truth, or ``none`` where it leaves the board in doubt. What it
showed (session 59, the 15 hex categories started and solved, seeds
8100000-8100005, 8110000-8110005, 8130000-8130005 and 8150000-8150005: 720
boards): no measure clear along a direction read a wall there thin (of 2114,
2140, 1934, 2031 and 819 clear directions: each side's clearest channel, the
shares, the half-level width, the lightness, the peak share), while each but
the lightness read a thin line there as a wall (24, 3, 3, 0, 42). Every measure clear
along a direction heard, the walls were the true ones on 718 boards; on 2
(JPEG 8130003, no measure clear along any direction) in doubt. Session 71 added
the shares between the feet of the line's own edges (``edged``): at 8150000 (the
15 categories, started and solved, ``--n 4``: 120 boards) clear along 357 of 360
directions, its walls the true ones in 355, a thin line read as a wall in 2, a
wall read thin never; every clear measure heard, the true walls on 120/120.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np

import flowbot.vision._hex_reader as hex_reader
from flowbot.errors import VisionError
from flowbot.models import Cell, Link
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_board import HexSides, Node, side_direction
from flowbot.vision._hex_directions import walls_along
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_heard import heard, voices


def _truth_wide(
    sides: HexSides, walls: frozenset[Link], holes: frozenset[Cell]
) -> set[frozenset[Node]]:
    """The sides between two hexagons drawn wide in truth: walls, and sides facing a hole
    (indexed as ``_hex_board._indexed`` indexes the hexagons drawn)."""
    cells = set(sides.cells)
    j0 = min(j for j, _ in cells)

    def half_row(node: Node) -> int:
        return node[1] + (node[0] - j0) % 2

    k0 = min(half_row(node) for node in cells)

    def cell(node: Node) -> Cell:
        return Cell((half_row(node) - k0) // 2, node[0] - j0)

    links = {frozenset(link) for link in walls}
    inner, _ = sides.widths
    wide = set()
    for side in inner:
        a, b = (cell(node) for node in side)
        if a in holes or b in holes or frozenset((a, b)) in links:
            wide.add(side)
    return wide


def _unpiped(
    sides: HexSides, image: np.ndarray, walls: frozenset[Link], holes: frozenset[Cell]
) -> str:
    """A board with no pipes drawn: per direction, the lead's and each side's clearest
    channel's groups, their walls against the truth, and the outline sides below the
    boundary (``out``: how many, the least width)."""
    lattice = sides.lattice
    centres = np.array([lattice.centre(*node) for node in sides.cells])
    contrast = sides.lines.contrast
    faced = FacedInks(image, lattice.row_step, contrast, centres, cut_ground=True)
    wide = _truth_wide(sides, walls, holes)
    words = []
    for name, inks in (("lead", sides.inks or sides.lines), ("faced", faced)):
        each = replace(sides, inks=inks)
        _, outline = each.widths
        for direction, group in enumerate(each.direction_groups):
            if group is None:
                words.append(f"d{direction}:{name}:none")
                continue
            true_walls = {side for side in wide if side_direction(side) == direction}
            read = walls_along(each, group, direction)
            thin = [
                edge.width
                for edge in outline
                if edge.direction == direction
                and not group.is_wide(edge.width)
                and sides.lines.shown(edge.a, edge.b, group.wide) == 1
            ]
            clear = "C" if group.clear else "u"
            verdict = "ok" if read == true_walls else "BAD"
            least = f"{min(thin):.2f}" if thin else "-"
            words.append(
                f"d{direction}:{name}:{clear}{group.gap:.2f}:{verdict}"
                f"{len(read)}/{len(true_walls)}:out{len(thin)}@{least}"
            )
    return " ".join(words)


def _recorded(name: str) -> list[HexSides]:
    """The sides ``hex_reader``'s function ``name`` is called with, from now on."""
    calls: list[HexSides] = []
    original = getattr(hex_reader, name)

    def record(sides: HexSides) -> Any:
        calls.append(sides)
        return original(sides)

    setattr(hex_reader, name, record)
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--category", default="zoomed")
    parser.add_argument("--state", default="solved", choices=("unsolved", "started", "solved"))
    parser.add_argument("--first", type=int, default=4700000)
    parser.add_argument("--n", type=int, default=12)
    args = parser.parse_args()

    # The sides the lead measure is chosen for (pipes drawn), and those the board rules
    # judge (a board with no pipes drawn).
    captured = _recorded("shares_led")
    judged = _recorded("thin_outline")
    tally: Counter[tuple[str, str]] = Counter()
    for seed in range(args.first, args.first + args.n):
        captured.clear()
        judged.clear()
        shot = sample(args.category, seed, "hex", args.state)
        try:
            read = read_board(shot.image)
            truth = shot.puzzle.as_drawn().canonical()
            outcome = "exact" if read.puzzle.canonical() == truth else "WRONG"
        except VisionError:
            outcome = "refused"
        if judged and not judged[-1].crossed:
            print(
                seed,
                outcome,
                _unpiped(judged[-1], shot.image, shot.puzzle.walls, shot.puzzle.holes),
            )
            continue
        if not captured or not isinstance(captured[-1].inks, FacedInks):
            print(seed, outcome, "(no measures beside pipes)")
            continue
        sides = captured[-1]
        wide = _truth_wide(sides, shot.puzzle.walls, shot.puzzle.holes)
        words = []
        for direction in range(3):
            true_walls = {side for side in wide if side_direction(side) == direction}
            for name, inks, least in voices(sides):
                each = replace(sides, inks=inks)
                group = each.direction_groups[direction]
                if group is None or group.thin < least:
                    words.append(f"d{direction}:{name}:none")
                    continue
                walls = walls_along(each, group, direction)
                right = walls == true_walls
                clear = "C" if group.clear else "u"
                verdict = "ok" if right else "BAD"
                words.append(
                    f"d{direction}:{name}:{clear}{group.gap:.2f}:{verdict}"
                    f"{len(walls)}/{len(true_walls)}"
                )
                tally[name, f"{clear}-{verdict}"] += 1
        # Every measure clear along a direction heard (``_hex_heard``): its walls, if any.
        by_all = heard(sides)
        if by_all is None:
            words.append("heard:none")
        else:
            groups = by_all.direction_groups
            walls = set().union(
                *(walls_along(by_all, group, d) for d, group in enumerate(groups) if group)
            )
            words.append(f"heard:{'ok' if walls == wide else 'BAD'}{len(walls)}/{len(wide)}")
            tally["heard", "ok" if walls == wide else "BAD"] += 1
        print(seed, outcome, " ".join(words), flush=True)
    print("per measure, directions: C clear, u unclear; ok right walls, BAD not")
    for name in sorted({name for name, _ in tally}):
        counts = {kind: count for (each, kind), count in tally.items() if each == name}
        print(f"  {name:7s}", " ".join(f"{kind} {count}" for kind, count in sorted(counts.items())))


if __name__ == "__main__":
    main()
