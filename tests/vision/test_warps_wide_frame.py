"""A side drawn nowhere is open all along only where it shows the board's ground.

Synthetic warps rectangular 400011 solved: lines 0.2 pitch wide and a frame
wider still, its light blue reaching past the place the ground inside the
border is taken (0.15-0.21 pitch in): every side showed nothing on that
"ground", and the left and right sides were read open all along, a warp on
every row (a wrong board). An opening shows the board's ground, darker than
its lines: the frame's L* 77 against the lines' 37.
"""

from __future__ import annotations

from flowbot.errors import VisionError
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


def test_a_frame_wider_than_the_grounds_place_is_no_opening() -> None:
    shot = sample("rectangular", 400011, "warps", "solved")
    try:
        reading = read_board(shot.image)
    except VisionError:
        return  # refused: the border drawn nowhere, as far as told
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
