"""A disc of the copy just past its edge is judged where the screen shows through.

The OS's screenshot preview copies the screen, its board among it, at a quarter
or so of its size. A disc the copy holds that is no board dot (an icon, an ad's
button) is asked of the screen shrunk to the copy's scale (``_hex_copy._shown``),
by a patch round its place; where the copy lies over that place, the screen shows
the copy, not the disc, and the disc is not asked. A started bridges board's
preview over the ad banner it copies (synthetic bridges preview 5000001 started):
the ad's button end 8 px left of the copy, its patch 24 px wide reaching over the
copy's frame, 81 RGB off the button's blue; the copy was taken for another board
and the screen refused.
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_started_board_beside_its_preview_over_the_ad_is_read_exactly(
    reads_exactly: ReadsExactly,
) -> None:
    reads_exactly("preview", 5000001, "bridges", "started")
