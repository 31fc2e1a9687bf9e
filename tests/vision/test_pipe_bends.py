"""A bend's centre judged against the colours of both links into it (``_pipes.unlike_centre``)."""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import to_lab
from flowbot.vision._pipes import unlike_centre

PITCH = 20
ORANGE = (255, 128, 0)
#: The same flow's colour as a small blurred bend shows it: the ground inside the
#: bend taken in, 14 Lab from the straight run's.
DULLED = (215, 100, 12)


def _bend() -> tuple[np.ndarray, BoardGeometry]:
    """Three by three cells on black, a pipe from the middle cell's centre right in full
    orange, and from there down (and round the bend) in a duller orange."""
    image = np.zeros((3 * PITCH, 3 * PITCH, 3), np.uint8)
    half = 3  # the pipe's half-width, 0.15 pitch
    middle = PITCH + PITCH // 2
    image[middle - half : middle + half + 1, middle : 3 * PITCH] = ORANGE
    image[middle - half : 3 * PITCH, middle - half : middle + half + 1] = DULLED
    geometry = BoardGeometry(
        tuple(float(x) for x in range(0, 3 * PITCH + 1, PITCH)),
        tuple(float(y) for y in range(0, 3 * PITCH + 1, PITCH)),
    )
    return image, geometry


def _lab(rgb: tuple[int, int, int]) -> np.ndarray:
    return to_lab(np.array([[rgb]], np.uint8))[0, 0]


def test_a_bends_centre_shows_its_flow_when_like_one_of_its_links() -> None:
    image, geometry = _bend()
    samples = sample_cells(image, geometry)
    bend = Cell(1, 1)
    orange, dulled = _lab(ORANGE), _lab(DULLED)
    assert float(np.linalg.norm(orange - dulled)) > 12  # the two links' colours, NEAR apart
    # Against the straight run's colour alone the centre is unlike it ...
    assert unlike_centre(image, geometry, samples, bend, [orange])
    # ... against both links' colours (one flow's), it shows the flow.
    assert not unlike_centre(image, geometry, samples, bend, [orange, dulled])


def test_a_centre_unlike_every_link_is_still_unlike() -> None:
    image, geometry = _bend()
    samples = sample_cells(image, geometry)
    blue = _lab((30, 60, 255))
    assert unlike_centre(image, geometry, samples, Cell(1, 1), [blue, blue])
