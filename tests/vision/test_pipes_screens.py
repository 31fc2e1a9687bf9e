"""Drawn pipes on whole screens: boards started or finished, as phones and desktops show them.

Synthetic shots (``flowbot.screens.synthetic.sample(..., state=...)``) whose
pipes once made the reader refuse: each is read exactly, its pipes too, and
"already solved" said of the finished ones only.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from flowbot.models import Cell, Puzzle, Reading
from flowbot.screens.synthetic import SyntheticShot, sample
from flowbot.vision import ALREADY_SOLVED, read_board


def _covered(
    puzzle: Puzzle, pipes: tuple[frozenset[Cell], ...]
) -> dict[frozenset[Cell], frozenset[Cell]]:
    """Per pair (its two dots), the cells its pipes cover."""
    return {
        frozenset((p.a, p.b)): pipes[i] if pipes else frozenset()
        for i, p in enumerate(puzzle.pairs)
    }


def _read_exactly(shot: SyntheticShot) -> Reading:
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
    assert _covered(reading.puzzle, reading.pipes) == _covered(shot.puzzle, shot.pipes)
    assert (ALREADY_SOLVED in reading.notes) == (shot.state == "solved")
    return reading


@pytest.mark.parametrize(("seed", "state"), [(140000, "started"), (140002, "solved")])
def test_colour_blind_dots_end_pipes_their_letters_do_not_hide_their_discs(
    seed: int, state: str
) -> None:
    # The letter on a dot covers the middle of its disc at some angles: the
    # disc is looked for out to its rim. A pipe's dot, its corners tinted,
    # is no bridge tile either.
    _read_exactly(sample("colour_blind", seed, state=state))


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [("phone", 140008, "solved"), ("rectangular", 140001, "started")],
)
def test_lines_beside_a_pipes_tint_are_followed_in_colour(
    category: str, seed: int, state: str
) -> None:
    # A grey line beside a blue tint is no brighter in its brightest channel:
    # the grid is found only followed through the pipes in colour.
    _read_exactly(sample(category, seed, state=state))


@pytest.mark.parametrize(("category", "seed"), [("phone", 140000), ("preview", 140005)])
def test_a_grid_short_of_a_column_hidden_under_a_tint_gives_way_to_the_whole_board(
    category: str, seed: int
) -> None:
    # The board's last column lies under a pipe's tint: its lines fade and the
    # first grid found stops a column short (its lines seem to end past the
    # border, or a pipe runs out of it). The grid followed through the pipes
    # is the whole board.
    shot = sample(category, seed, state="started")
    reading = _read_exactly(shot)
    assert reading.geometry.cols == shot.geometry.cols


def test_a_grid_found_after_one_showing_pipes_waits_behind_it() -> None:
    # The first copy finds the board (pipes on it) and then a grid of twice
    # its pitch; the board, held back for the grids followed through pipes,
    # must not let the other take its place.
    _read_exactly(sample("jpeg", 190003, state="solved"))


@pytest.mark.parametrize("seed", [140001, 140006, 150002, 150008])
def test_the_preview_of_a_started_board_is_its_copy_pipes_and_all(seed: int) -> None:
    # The OS's screenshot preview shows the pipes too: its dots and nearly all
    # its cells' centres are the board's, and it is no second board (150002: a
    # piece of it found apart is that copy too; 150008: its cells too small to
    # read through the pipes).
    _read_exactly(sample("preview", seed, state="started"))


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [("tiny_cells", 140003, "started"), ("phone_large", 140007, "started")],
)
def test_pipe_ends_in_small_cells_and_dark_pipes_over_their_tint_are_read(
    category: str, seed: int, state: str
) -> None:
    # tiny_cells: a pipe ending in a 20 px cell; its core takes in the end's
    # blurred rim, its very centre is the pipe's colour. phone_large: a
    # maroon pipe stands only 23 Lab from its own tint.
    _read_exactly(sample(category, seed, state=state))


@pytest.mark.parametrize("seed", [100011, 100017])
def test_a_bend_in_small_cells_is_linked_though_its_sector_takes_in_the_tint(seed: int) -> None:
    # In 19 px cells a bend's ring sector facing its link blends the pipe with
    # its tint and the line beside it, 14 Lab from the straight sector across
    # the edge: the quick look for links takes sectors alike as a band's
    # samples are, and the band itself decides. The link missed, the bend's
    # cell showed its colour half way round (no dot, no pipe's cell).
    _read_exactly(sample("tiny_cells", seed, state="solved"))


def test_the_ground_between_two_pipes_is_no_band_though_dark_colours_lie_near() -> None:
    # Between a cyan bend and a navy pipe below it, a teal tint, a brown line and a
    # navy tint all lie within a band's tolerance of their mixed median: the link's
    # halves, each side of the line, must be one colour (26 Lab apart there).
    _read_exactly(sample("twins", 300010, state="solved"))


def test_a_finished_boards_preview_is_not_read_for_the_board_its_flows_lie_beyond() -> None:
    # A finished warps board is no classic board; the screenshot preview in the
    # corner is, and read alone it put the drag 6 pitches off. Its flows joined to
    # its dots, the board shows no lone dots beside the preview: as much saturated
    # colour outside the preview as in it sends the read to the outlined board.
    shot = sample("preview", 100000, "warps", state="solved")
    reading = _read_exactly(shot)
    assert abs(reading.geometry.cell_size - shot.geometry.cell_size) < 2


def test_a_lattice_at_twice_the_pitch_in_step_with_the_board_is_not_its_piece() -> None:
    # Pipes broke every second line in the copy a 4x5 grid at twice the pitch
    # was found in; its cells hold the board's lines and its doubt (a dot off
    # its cell's centre) is about itself, not about the 8x11 board found next.
    _read_exactly(sample("desktop_app", 100011, state="started"))


def test_a_board_covered_whole_reads_its_dark_dots_against_black() -> None:
    # Every cell tinted: the rings' median tint lies near a maroon dot's colour.
    _read_exactly(sample("phone_large", 140007, state="solved"))


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_the_benchmark_counts_boards_with_pipes_in_its_total() -> None:
    # Refusing a started or solved board is a failure now the reader reads
    # them: the total counts them (it once said "none counted").
    env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent)}
    args = ["--n", "1", "--first", "140008", "--state", "solved", "--category", "phone"]
    args += ["--slowest", "1"]
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "vision_synthetic.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    total = next(line for line in done.stdout.splitlines() if line.startswith("total"))
    assert total.split()[1:3] == ["1", "0"], total  # one exact, none wrong
    assert "none counted" not in total
    # And the slowest reads listed, each with its shot and outcome.
    slowest = done.stdout.split("the 1 slowest reads:\n")[1].splitlines()
    assert slowest[0].startswith("  phone seed 140008: "), done.stdout
    assert slowest[0].endswith(" ms (exact)"), done.stdout


def test_a_line_between_two_flows_tints_is_no_wall_however_wide_it_reads() -> None:
    # Between a yellow and a red flow's tints a line stands barely above the
    # brighter tint; so low a peak reads two pixels wide (the lines one), and
    # the line filter saw the edge stronger than those beside it. A wall adds
    # ink; this edge holds less than a line (13.5 against 29.8): the board is
    # read whole, not refused for a wall.
    _read_exactly(sample("mirror", 300044, state="solved"))
