"""The colour-blind setting: a letter on every dot, and the dots still read as dots."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Puzzle
from flowbot.palette import ANDROID_COLOURS
from flowbot.render import RenderStyle, render_board
from flowbot.screens.decoys import decoy
from flowbot.screens.synthetic import _draw_texts, _Text, sample, synthesize
from flowbot.solve import solve
from flowbot.vision import read_board
from flowbot.vision._colour import to_lab
from flowbot.vision._letters import _offsets, lettered_discs


@pytest.mark.parametrize("seed", [1, 3, 8, 9, 11, 102569, 103056])
def test_lettered_dots_are_read(seed: int) -> None:
    # A mirror window's 58 px cells, JPEG 75-94, the Android and classic
    # palettes, 31 px cells with all 16 letters; a maroon dot on glow of its
    # colour, too faint to be sure of without its shape (judged without its
    # letter); 25 px cells through JPEG 83, the grid found a third of a pixel off.
    shot = sample("colour_blind", seed)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_lettered_dot_with_its_pipe_is_read_without_its_letter() -> None:
    # 31 px cells: the disc was looked for out to a last ring a sliver wide (4 pixels),
    # half of them its pipe's, so the disc seemed as wide as the reach: not lettered,
    # its colour taken with its letter's and left unpaired.
    shot = sample("colour_blind", 4000005, "classic", "started")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


@pytest.mark.parametrize(("pitch", "radius"), [(20.0, 0.38), (20.17, 0.36), (20.17, 0.38)])
def test_a_big_lettered_dot_in_a_small_cell_is_told_by_the_ring_past_its_rim(
    pitch: float, radius: float
) -> None:
    # A dot 0.36-0.38 pitch wide in 20 px cells blurs out into the last ring looked
    # at (7-8 px of a reach of 8.5); with no ring past it to fall to, its radius was
    # taken as the reach's, too wide for a dot: not lettered (its pipe's pixels in that
    # ring too), its colour taken with its letter's.
    puzzle = Puzzle.from_grid(["A..B", "...B", "A..C", "C..."])
    margin = 10.0
    style = RenderStyle(colour_blind=True, dot_radius=radius)
    image = render_board(
        puzzle, solve(puzzle).solution, cell_px=pitch, margin_px=margin, style=style
    )
    dots = [(0, 0), (2, 0), (0, 3), (1, 3), (2, 3), (3, 0)]
    centres = np.array([[margin + (c + 0.5) * pitch, margin + (r + 0.5) * pitch] for r, c in dots])
    corners = (centres - 0.45 * pitch).astype(int)
    ring = to_lab(image[corners[:, 1], corners[:, 0]])  # the cell's tint round the disc
    assert lettered_discs(image, centres, pitch, ring).lettered.all()


def test_a_big_lettered_dot_with_its_pipe_in_a_small_cell_is_paired() -> None:
    # 20.17 px cells: a red dot's rim (0.37 pitch) and its pipe made the last ring
    # looked at mostly its colour; not lettered, it was left unpaired.
    shot = sample("colour_blind", 5300000, "warps", "solved")
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical()


@pytest.mark.parametrize("pitch", [20.0, 26.45, 30.98, 31.0, 37.5, 44.0, 60.0])
def test_the_rings_a_disc_is_measured_in_end_with_no_sliver(pitch: float) -> None:
    _, _, rings, _ = _offsets(pitch)
    counts = rings.sum(axis=0)
    assert counts[-1] >= counts[-2] / 2


def test_the_letters_change_no_colour_read() -> None:
    # The same screen without letters reads the same pairs in the same colours.
    shot = sample("colour_blind", 0)
    plain = synthesize(
        shot.puzzle, seed=shot.seed, options=replace(shot.options, colour_blind=False)
    )
    lettered, unlettered = read_board(shot.image), read_board(plain.image)
    assert lettered.puzzle == unlettered.puzzle
    difference = np.abs(np.array(lettered.colours) - np.array(unlettered.colours))
    assert difference.max() <= 3


def test_a_lettered_disc_is_told_from_other_discs() -> None:
    pitch = 60.0
    puzzle = Puzzle.from_grid(["AB", "BA"])
    image = render_board(puzzle, cell_px=pitch, style=RenderStyle(colour_blind=True))
    plain = render_board(puzzle, cell_px=pitch)
    margin = pitch / 8
    centres = np.array([[margin + pitch / 2, margin + pitch / 2]])
    black = np.zeros((1, 3))  # the ring's Lab
    assert lettered_discs(image, centres, pitch, black).lettered.all()
    # No letter: nothing to leave out.
    assert not lettered_discs(plain, centres, pitch, black).lettered.any()
    # A disc inside the disc (a checkers piece) is no letter: it covers the inside.
    x, y = (round(v * 16) for v in centres[0])
    cv2.circle(plain, (x, y), round(0.25 * pitch * 16), (255, 255, 255), -1, cv2.LINE_AA, 4)
    assert not lettered_discs(plain, centres, pitch, black).lettered.any()


def test_discs_too_small_to_judge_hold_no_letter() -> None:
    # A spreadsheet's 8 px cells: no pixel in the band of its icon dots (it
    # once crashed there); refused as too small, as before.
    with pytest.raises(UnsureReadingError, match="too small"):
        read_board(decoy("spreadsheet", 3).image)


def test_a_word_over_an_empty_cell_is_still_refused() -> None:
    # Letters are read on dots only: a word over an empty cell is something drawn there.
    shot = sample("colour_blind", 4)
    dots = {cell for pair in shot.puzzle.pairs for cell in (pair.a, pair.b)}
    empty = next(c for c in shot.puzzle.cells() if c not in dots)
    x, y = shot.geometry.centre(empty)
    size = 0.4 * shot.geometry.cell_size
    image = _draw_texts(shot.image, [_Text((x, y), "OK", size, (245, 245, 245), "mm")])
    with pytest.raises(UnsureReadingError, match="something drawn"):
        read_board(image)


#: A real Android screen in the colour-blind setting (a hex board, its author's
#: white curves drawn over it): each dot's centre and colour.
REAL = Path("screens/samgoldman__FlowSolver/puzzles/hex/Classic5x5_1.jpg")
REAL_DOTS = (
    ((226.5, 439.8), "red"),
    ((492.4, 440.7), "yellow"),
    ((93.4, 517.9), "blue"),
    ((625.8, 518.2), "orange"),
    ((625.5, 671.7), "green"),
    ((226.5, 901.5), "red"),
    ((359.9, 979.5), "yellow"),
    ((226.6, 1055.3), "blue"),
    ((492.6, 1055.5), "green"),
)


def test_real_lettered_dots_give_their_colours(shared: Path) -> None:
    path = shared / REAL
    if not path.is_file():
        pytest.skip(f"no screenshot at {path}")
    image = cv2.cvtColor(cv2.imread(str(path)), cv2.COLOR_BGR2RGB)
    centres = np.array([xy for xy, _ in REAL_DOTS])
    black = np.zeros((len(centres), 3))  # the ring: the board's black ground
    found = lettered_discs(image, centres, 154.0, black)  # neighbours' centres 154 px apart
    assert found.lettered.all()
    # White A, B, C on red, green, blue; black D, E on yellow and orange.
    names = {c.name: np.array(c.rgb) for c in ANDROID_COLOURS}
    for rgb, (_, name) in zip(found.rgb, REAL_DOTS, strict=True):
        assert min(names, key=lambda n: float(np.abs(names[n] - rgb).max())) == name
        twins = [other for other, (_, n) in zip(found.rgb, REAL_DOTS, strict=True) if n == name]
        assert np.ptp(twins, axis=0).max() <= 3  # each pair's two dots alike
