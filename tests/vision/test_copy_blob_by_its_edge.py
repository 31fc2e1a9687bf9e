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

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


def test_a_started_board_beside_its_preview_over_the_ad_is_read_exactly() -> None:
    shot = sample("preview", 5000001, "bridges", "started")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()
