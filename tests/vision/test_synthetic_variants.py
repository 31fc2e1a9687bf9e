"""Synthetic shots of the game's other boards: valid, solvable, and drawn where they say."""

from __future__ import annotations

import importlib
import itertools
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell, HexGeometry, Puzzle, Shape
from flowbot.screens.synthetic import (
    STATES,
    VARIANT_CATEGORIES,
    VARIANTS,
    Drift,
    SyntheticShot,
    official_levels,
    sample,
    synthesize,
    variant_of,
)

#: The feature each variant's boards must have.
FEATURE = {
    "walls": lambda p: bool(p.walls),
    "holes": lambda p: bool(p.holes),
    "bridges": lambda p: bool(p.bridges),
    "warps": lambda p: bool(p.warps),
    "hex": lambda p: p.shape is Shape.HEX and bool(p.holes),  # as every level of Hexes
}


def _dot_colour_error(shot: SyntheticShot) -> float:
    worst = 0.0
    # Beside the letter the colour-blind setting draws on the centre.
    aside = 0.9 * shot.options.dot_radius * shot.geometry.cell_size
    for pair, rgb in zip(shot.puzzle.pairs, shot.colours, strict=True):
        for cell in (pair.a, pair.b):
            x, y = shot.geometry.centre(cell)
            x -= aside if shot.options.colour_blind else 0.0
            seen = shot.image[round(y), round(x)].astype(float)
            worst = max(worst, float(np.abs(seen - rgb).max()))
    return worst


@pytest.mark.parametrize(
    ("variant", "category"), list(itertools.product(VARIANTS, VARIANT_CATEGORIES))
)
def test_every_variant_and_category_draws_its_board_where_it_says(
    variant: str, category: str
) -> None:
    shot = sample(category, 0, variant)
    p, g = shot.puzzle, shot.geometry
    assert FEATURE[variant](p), (variant, category, p.kind)
    assert isinstance(g, HexGeometry) == (p.shape is Shape.HEX)
    assert (g.rows, g.cols) == (p.rows, p.cols)
    h, w = shot.image.shape[:2]
    assert g.left >= -1
    assert g.right <= w
    assert g.top >= -1
    assert g.bottom <= h
    assert 1 <= len(p.pairs) <= 16
    assert shot.state == "unsolved"
    assert shot.drawn is None
    assert all(not cells for cells in shot.pipes)
    lossy = not shot.options.drift.is_identity or shot.options.jpeg_quality is not None
    assert _dot_colour_error(shot) <= (110 if lossy else 12), (variant, category)


@pytest.mark.parametrize("variant", VARIANTS)
def test_boards_are_solvable_and_states_share_board_and_scene(variant: str) -> None:
    shots = {state: sample("crop", 3, variant, state) for state in STATES}
    solved, started, unsolved = shots["solved"], shots["started"], shots["unsolved"]
    assert solved.drawn is not None
    solved.drawn.validate()  # the board is a valid, solvable puzzle
    assert solved.state == "solved"
    assert started.state == "started"
    assert solved.puzzle == started.puzzle == unsolved.puzzle
    assert solved.geometry == unsolved.geometry
    covered = sum(len(c) for c in solved.pipes)
    assert covered == len(list(solved.puzzle.cells())) + len(solved.puzzle.bridges) - 2 * len(
        solved.puzzle.pairs
    )
    assert 0 < sum(len(c) for c in started.pipes) <= covered
    assert not np.array_equal(solved.image, unsolved.image)


def test_pipes_truth_is_what_is_drawn() -> None:
    # Every covered cell but a bridge shows its pipe's colour at its centre; a
    # cell the started board leaves empty does not.
    for variant in ("holes", "hex", "warps"):
        shot = sample("crop", 5, variant, "started")
        options = replace(shot.options, jpeg_quality=None, drift=Drift())
        shot = synthesize(shot.puzzle, seed=shot.seed, options=options, solution=shot.drawn)
        owner = {c: k for k, cells in enumerate(shot.pipes) for c in cells}
        dots = shot.puzzle.dots()
        for cell in shot.puzzle.cells():
            if cell in dots or cell in shot.puzzle.bridges:
                continue
            x, y = shot.geometry.centre(cell)
            seen = shot.image[round(y), round(x)].astype(int)
            if cell in owner:
                assert np.abs(seen - shot.colours[owner[cell]]).max() <= 12, (variant, cell)
            else:
                assert all(np.abs(seen - rgb).max() > 12 for rgb in shot.colours), (variant, cell)


def test_classic_boards_can_be_drawn_started_or_solved() -> None:
    shot = sample("phone", 2, state="solved")
    assert shot.puzzle.is_classic
    assert isinstance(shot.geometry, BoardGeometry)
    assert shot.drawn is not None
    shot.drawn.validate()
    assert sample("phone", 2, state="started").puzzle == shot.puzzle


def test_bad_variant_state_or_category_is_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        sample("phone", 0, "circles")
    with pytest.raises(ValueError, match="state"):
        sample("phone", 0, "walls", "half")
    with pytest.raises(ValueError, match="classic"):
        sample("generated", 0, "walls")


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_benchmark_compares_the_whole_board() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        bench = importlib.import_module("vision_synthetic")
    finally:
        sys.path.remove(str(BENCHMARKS))
    truth = sample("crop", 1, "walls").puzzle
    assert bench.compare(truth, truth.relabel([f"x{i}" for i in range(len(truth.pairs))])) == (
        "exact"
    )
    assert bench.compare(truth, replace(truth, walls=frozenset())) == "wrong_board"
    assert bench.compare(truth, replace(truth, shape=Shape.HEX, walls=frozenset())) == (
        "wrong_size"
    )


def test_benchmark_judges_the_board_as_drawn() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        bench = importlib.import_module("vision_synthetic")
    finally:
        sys.path.remove(str(BENCHMARKS))
    # Column 0 and row 3 holes only: the game draws the 3x3 board right of and above them.
    holes = frozenset({Cell(r, 0) for r in range(4)} | {Cell(3, c) for c in range(4)})
    pairs = Puzzle.from_grid([".A.B", "....", ".A.B", "...."]).pairs
    truth = Puzzle(4, 4, pairs, holes=holes)
    drawn = Puzzle.from_grid(["A.B", "...", "A.B"])
    assert bench.compare(truth, drawn) == "exact"
    lines = tuple(10.0 + 20 * i for i in range(5))
    read = BoardGeometry(lines[1:], lines[:4])
    assert bench.line_error(BoardGeometry(lines, lines), read, truth) == 0.0
    # A hexagonal board left without its first column: numbered from the next one.
    hexagonal = replace(truth, shape=Shape.HEX, holes=frozenset(Cell(r, 0) for r in range(4)))
    geometry = HexGeometry.regular(left=5, top=5, pitch=20, rows=4, cols=4)
    seen = bench.drawn_geometry(geometry, hexagonal)
    place = hexagonal.drawn_place()
    for cell in hexagonal.cells():
        assert seen.centre(place(cell)) == pytest.approx(geometry.centre(cell))


def test_benchmark_runs_on_variant_boards() -> None:
    env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent)}
    args = ["--n", "1", "--first", "7", "--variant", "hex", "--variant", "bridges"]
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "vision_synthetic.py"), *args, "--category", "crop"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line.split()[0] for line in done.stdout.splitlines()]
    assert rows[1:3] == ["hex/crop", "bridges/crop"]


def _grey(shot: SyntheticShot, x: float, y: float) -> float:
    return float(shot.image[round(y), round(x)].astype(float).sum())


@pytest.mark.parametrize("variant", VARIANTS)
def test_walls_holes_and_openings_are_drawn_where_the_truth_says(variant: str) -> None:
    # Told apart on the pixels alone: between two cells' centres a wall is a
    # bright line, a plain side a dim one; a hole and an empty cell are dark at
    # their centre; a warp's opening leaves the outline dark where it would run.
    for seed in range(3):
        shot = sample("crop", seed, variant)
        options = replace(shot.options, glow=0.0, jpeg_quality=None, drift=Drift())
        shot = synthesize(shot.puzzle, seed=shot.seed, options=options)
        p, g = shot.puzzle, shot.geometry
        dots = p.dots()
        walls, lines = [], []
        for a, b in p.links() if not p.walls else _lattice_links(p):
            mid = (g.centre(a).x + g.centre(b).x) / 2, (g.centre(a).y + g.centre(b).y) / 2
            if (a, b) in p.warps:
                continue
            (walls if (a, b) in p.walls else lines).append(_grey(shot, *mid))
        assert lines, (variant, seed)
        if walls and p.shape is Shape.SQUARE:  # hexagonal boards' walls: the lines' colour, wider
            assert min(walls) > max(lines) + 60, (variant, seed)
        for cell in p.holes:
            assert _grey(shot, *g.centre(cell)) < 30, (variant, seed, cell)
        for cell in p.cells():
            if cell not in dots and cell not in p.bridges:
                assert _grey(shot, *g.centre(cell)) < 30, (variant, seed, cell)
        for a, b in p.warps:
            # The outline beside a warp's cell, on the side facing its partner.
            for cell, other in ((a, b), (b, a)):
                c = g.centre(cell)
                step = (
                    1 if other.col < cell.col else -1 if other.col > cell.col else 0,
                    1 if other.row < cell.row else -1 if other.row > cell.row else 0,
                )
                side = c.x + step[0] * g.cell_size / 2, c.y + step[1] * g.cell_size / 2
                inner = c.x - step[0] * g.cell_size / 2, c.y - step[1] * g.cell_size / 2
                assert _grey(shot, *side) < _grey(shot, *inner) or not p.is_playable(
                    (cell.row - step[1], cell.col - step[0])
                ), (variant, seed, cell)


def _lattice_links(p: object) -> list[tuple[Cell, Cell]]:
    """Every pair of playable lattice neighbours, walled or not."""
    assert isinstance(p, Puzzle)
    return sorted(
        {
            (min(a, b), max(a, b))
            for a in p.cells()
            for b in p.lattice_neighbours(a)
            if p.is_playable(b)
        }
    )


def test_the_games_own_levels_can_be_drawn(shared: Path) -> None:
    levels = official_levels(str(shared / "official"))
    assert set(levels) == set(VARIANTS)
    assert all(variant_of(s.puzzle) == v for v, found in levels.items() for s in found)
    for variant in VARIANTS:
        shot = sample("crop", 4, variant, "solved", levels[variant])
        assert shot.drawn in levels[variant]
        assert FEATURE[variant](shot.puzzle)
        lossy = not shot.options.drift.is_identity or shot.options.jpeg_quality is not None
        assert _dot_colour_error(shot) <= (110 if lossy else 12)
