"""A side whose ground a big dot beside its thick line lifts, measured in the colour channel
where the dot stays dark (``_hex_lifted``)."""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Reading

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_outline_sides_beside_big_dots_measure_the_outlines_width(
    reads_exactly: ReadsExactly,
) -> None:
    # Synthetic hex zoomed 5800000 unsolved: lines 3 px thick beside big dots. In blue (the
    # widths' channel) a blue dot's rim is as bright as the slate lines, and the top-hat's
    # ground under an outline side beside it rose to the line's edge: 1.66-2.43 px against
    # thin lines of 1.71 and the outline's 3.29, no clear gap along the flat sides
    # ("cannot tell whether a line between two hexagons is a wall or not"). In red the dot
    # is dark: measured there, 2.9 px and up.
    reads_exactly("zoomed", 5800000, "hex", "unsolved")
