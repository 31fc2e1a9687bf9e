"""With pipes drawn, a wall the colour channel reads thin over faces far apart there
(``_hex_walls_alike.FAR_APART``: a tint nearly as bright as the line in it) is still a wall
where the lines' colour's shares, each side's clearest channel and the width at half the
lines' colour all read it one.

The game's own levels drawn on development seeds (below 200000).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.screens.synthetic import official_levels, sample
from flowbot.vision import _hex_reader, _hex_walls_alike, read_board


def _walled_jpeg(shared: Path):  # type: ignore[no-untyped-def]
    # An official hexagonal level with 32 walls, finished, through JPEG: two of its
    # walls lie beside a tint nearly as bright as the lines in red (spread 2.85-3.0),
    # and measure 1.8-2.9 px there against the thin lines' 2.0 (6-6.7 px elsewhere).
    levels = official_levels(str(shared / "official"))["hex"]
    return sample("jpeg", 100062, "hex", "solved", levels)


def test_walls_the_colour_channel_sees_over_faces_far_apart_are_read(shared: Path) -> None:
    shot = _walled_jpeg(shared)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
    assert len(reading.puzzle.walls) == len(shot.puzzle.walls) > 20


def test_faces_far_apart_alone_do_not_overrule_the_colour_channel(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without the half-level width reading those walls too, the colour channel's thin
    # reading stands: refused as the channels disagree. (The other measures second
    # these walls too, ``_outvoted``, and every clear measure heard, ``_hex_heard``: left
    # out here, the far-apart faces judged alone.)
    shot = _walled_jpeg(shared)
    monkeypatch.setattr(_hex_reader, "heard", lambda sides: None)
    monkeypatch.setattr(_hex_walls_alike, "_half_wall", lambda faced, side: False)
    monkeypatch.setattr(_hex_walls_alike, "_outvoted", lambda sides, again: False)
    with pytest.raises(UnsureReadingError, match="colour channels disagree"):
        read_board(shot.image)


def test_faces_nearer_than_far_apart_keep_the_colour_channels_word(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shot = _walled_jpeg(shared)
    monkeypatch.setattr(_hex_walls_alike, "FAR_APART", 3.5)
    monkeypatch.setattr(_hex_reader, "heard", lambda sides: None)
    monkeypatch.setattr(_hex_walls_alike, "_outvoted", lambda sides, again: False)
    with pytest.raises(UnsureReadingError, match="colour channels disagree"):
        read_board(shot.image)
