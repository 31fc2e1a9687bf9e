"""Walled and holed square boards cut close (crop) or zoomed, started and solved, refused
on development seeds before (session 30, issues #26 and #28).

Each synthetic shot was refused before the mechanism named beside it; each mechanism
has a small test of its own below.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.screens.synthetic import sample
from flowbot.vision import _reader, read_board
from flowbot.vision._cell_background import check_background
from flowbot.vision._cell_dots import read_dots
from flowbot.vision._colour import brightest_channel
from flowbot.vision._outline_edges import Kind, classify, edge_ink, line_width
from flowbot.vision._outlined import find_outlined
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._pipes_through import see_pipes_through
from flowbot.vision._types import Settings


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state", "why"),
    [
        ("holes", "crop", 300006, "started", "a hole among flows' cells judged as a tile"),
        ("walls", "crop", 300155, "started", "a hole among flows' cells judged as a tile"),
        ("walls", "crop", 300050, "started", "hexagons seen first, their board doubted"),
        ("walls", "crop", 300043, "started", "two walls, the frame cut through all round"),
        ("walls", "crop", 300043, "unsolved", "two walls, the frame cut through all round"),
    ],
)
def test_boards_read_exactly(variant: str, category: str, seed: int, state: str, why: str) -> None:
    shot = sample(category, seed, variant, state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.canonical(), why
    if state != "unsolved":
        assert reading.pipes == shot.pipes, why
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


def test_a_hole_among_flows_cells_is_no_object() -> None:
    # Hole (8, 1): its four neighbours flows' cells, hidden as the board's typical
    # ground; its darker core and outlined ring stand out from that ground.
    shot = sample("crop", 300006, "holes", "started")
    settings = Settings()
    found = find_outlined(shot.image, settings)
    assert found is not None
    assert found.image is not None
    holes = found.features.holes
    pipes = see_pipes_through(
        found.image, found.geometry, found.samples, settings.pipe_contrast, holes=holes
    )
    samples = pipes.hidden(found.samples)
    dots, _ = read_dots(samples, found.image, found.geometry, settings, holes, pipe_dots=pipes.dots)
    check_background(samples, found.image, found.geometry, dots, settings, holes=holes)
    with pytest.raises(UnsureReadingError, match=r"cell \(8, 1\) holds something"):
        check_background(samples, found.image, found.geometry, dots, settings)


def test_a_doubted_hexagonal_board_hides_no_square_board(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first look's hexagon sign on a square walled board cut close (its pipes'
    # sides counted as drawn): the hexagonal reader doubts it, the square search reads it.
    shot = sample("crop", 300050, "walls", "started")
    asked = []
    read_hex = _reader.read_hex

    def counted(*args: object, **kwargs: object) -> object:
        asked.append(1)
        return read_hex(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_reader, "read_hex", counted)
    reading = read_board(shot.image)
    assert asked == [1]  # asked first, once
    assert reading.puzzle.canonical() == shot.puzzle.canonical()


def test_a_frame_cut_through_its_middle_shows_the_outline_doubled() -> None:
    # A 5x5 board cut close all round: two walls seen whole, the frame halved by the
    # image's edge on every side; the outline is there, with its halves doubled only.
    shot = sample("crop", 300043, "walls", "started")
    image = shot.image
    gray = brightest_channel(image)
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    pitch = geometry.cell_size
    inks = edge_ink(gray, xs, ys, pitch, line_width(gray, xs, ys, pitch), rgb=image)
    inner = np.concatenate([inks.vertical[1:-1].ravel(), inks.horizontal[1:-1].ravel()])
    kinds = classify(inks, inner)
    assert kinds is not None
    walls = (kinds.vertical[1:-1] == Kind.OUTLINE).sum()
    walls += (kinds.horizontal[1:-1] == Kind.OUTLINE).sum()
    assert walls == 2
    assert classify(dataclasses.replace(inks, cut=None), inner) is None
