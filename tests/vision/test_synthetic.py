"""The synthetic screenshot maker: what it says it drew is what it drew."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from flowbot.models import Cell, Puzzle
from flowbot.palette import GAME_COLOURS
from flowbot.screens.synthetic import (
    CATEGORIES,
    TWINS,
    Drift,
    Scene,
    ShotOptions,
    SyntheticShot,
    random_puzzle,
    sample,
    snake_solution,
    synthesize,
)

PUZZLE = Puzzle.from_grid(["A...B", ".C...", "...C.", "B...A", ".D.D."])


def _dot_colour_error(shot: SyntheticShot) -> float:
    """Worst distance between a pair's drawn colour and the pixels at its dots' centres.

    (Beside the letter the colour-blind setting draws on the centre.)
    """
    worst = 0.0
    aside = 0.9 * shot.options.dot_radius * shot.geometry.cell_size
    for pair, rgb in zip(shot.puzzle.pairs, shot.colours, strict=True):
        for cell in (pair.a, pair.b):
            x, y = shot.geometry.centre(cell)
            x -= aside if shot.options.colour_blind else 0.0
            seen = shot.image[round(y), round(x)].astype(float)
            worst = max(worst, float(np.abs(seen - rgb).max()))
    return worst


def _line_contrast(shot: SyntheticShot) -> float:
    """How much brighter the grid lines are than the empty cell interiors beside them (mean)."""
    grey = shot.image.astype(float).sum(axis=2)
    g = shot.geometry
    dots = {cell for pair in shot.puzzle.pairs for cell in (pair.a, pair.b)}
    on, off = [], []
    for r in range(g.rows):
        y = round((g.ys[r] + g.ys[r + 1]) / 2 + 0.2 * (g.ys[r + 1] - g.ys[r]))
        for c, x in enumerate(g.xs[1:-1], start=1):
            if Cell(r, c) in dots:
                continue
            on.append(grey[y, round(x)])
            off.append(grey[y, round(x + 0.25 * g.cell_size)])
    return float(np.mean(on) - np.mean(off))


@pytest.mark.parametrize("category", sorted(CATEGORIES))
def test_every_category_draws_dots_and_lines_where_it_says(category: str) -> None:
    for seed in (0,):
        shot = sample(category, seed)
        h, w = shot.image.shape[:2]
        assert shot.image.dtype == np.uint8
        assert shot.geometry.rows == shot.puzzle.rows
        assert shot.geometry.cols == shot.puzzle.cols
        assert shot.geometry.left >= -1
        assert shot.geometry.right <= w
        assert shot.geometry.top >= -1
        assert shot.geometry.bottom <= h
        # Colours drift and JPEG shifts them: a loose bound, but a misplaced dot
        # (on black or on another colour) is far outside it.
        lossy = not shot.options.drift.is_identity or shot.options.jpeg_quality is not None
        assert _dot_colour_error(shot) <= (110 if lossy else 12), (category, seed)
        assert _line_contrast(shot) > 30, (category, seed)


def test_a_board_shifted_by_half_a_cell_would_fail_the_checks() -> None:
    # The geometry checks above are real: move the claimed grid and they fail.
    shot = sample("phone", 3)
    pitch = shot.geometry.cell_size
    moved = replace(shot, geometry=shot.geometry.shifted(pitch / 2, 0))
    assert _dot_colour_error(moved) > 100
    assert _line_contrast(moved) < 10


def test_same_seed_same_image_other_seed_other_image() -> None:
    for category in ("phone", "web"):
        a, b = sample(category, 7), sample(category, 7)
        assert np.array_equal(a.image, b.image)
        assert a.puzzle == b.puzzle
        assert a.geometry == b.geometry
        assert not np.array_equal(a.image, sample(category, 8).image)


def test_phone_board_spans_the_width_of_the_screen() -> None:
    options = ShotOptions(scene=Scene.PHONE, screen=(1080, 2400), glow=0.0)
    shot = synthesize(PUZZLE, seed=0, options=options)
    assert shot.image.shape == (2400, 1080, 3)
    assert shot.geometry.right - shot.geometry.left == pytest.approx(1080, abs=4)
    assert shot.geometry.cell_size == pytest.approx(1080 / 5, abs=1)
    # Header text above the board, nothing but glow below its bottom row and the buttons.
    above = shot.image[: round(shot.geometry.top) - 5]
    assert (above.max(axis=2) > 200).sum() > 1000


def test_crop_has_no_margin() -> None:
    for cut in (0.0, 1.0):
        options = ShotOptions(scene=Scene.CROP, cell_px=40, line_px=4, crop_cut=cut, glow=0)
        shot = synthesize(PUZZLE, seed=0, options=options)
        assert shot.image.shape[:2] == (200 + round(4 * (1 - cut)), 200 + round(4 * (1 - cut)))
        # The border line touches the image edge: the first column is line-coloured.
        assert shot.image[:, 0].max() > 50
        assert shot.geometry.left == pytest.approx(2 * (1 - cut) - 0.5)


def test_scaled_mirror_geometry_follows_the_scaling() -> None:
    small = ShotOptions(
        scene=Scene.MIRROR, screen=(1920, 1080), phone=(1080, 2400), window_scale=0.6
    )
    big = replace(small, window_scale=1.0)
    a = synthesize(PUZZLE, seed=4, options=small)
    b = synthesize(PUZZLE, seed=4, options=big)
    assert a.geometry.cell_size / b.geometry.cell_size == pytest.approx(0.6, rel=0.02)
    assert _dot_colour_error(a) < 40
    assert _dot_colour_error(b) < 40


def test_jpeg_and_drift_change_pixels_but_not_truth() -> None:
    base = ShotOptions(scene=Scene.CROP, cell_px=50, glow=0)
    clean = synthesize(PUZZLE, seed=1, options=base)
    jpeg = synthesize(PUZZLE, seed=1, options=replace(base, jpeg_quality=60))
    drift = synthesize(
        PUZZLE, seed=1, options=replace(base, drift=Drift(1.3, (1.0, 0.9, 0.8), 0.8))
    )
    for other in (jpeg, drift):
        assert other.geometry == clean.geometry
        assert other.puzzle == clean.puzzle
        assert 0.5 < np.abs(other.image.astype(int) - clean.image).mean() < 40
    x, y = clean.geometry.centre(PUZZLE.pairs[0].a)
    red = drift.image[round(y), round(x)]
    assert red[0] > red[2]  # still reddish


def test_colour_picks() -> None:
    puzzle = random_puzzle(np.random.default_rng(0), 10, 10, 16)
    ordered = synthesize(puzzle, seed=0, options=ShotOptions(scene=Scene.CROP, cell_px=20))
    assert ordered.colours == tuple(c.rgb for c in GAME_COLOURS)
    names = {c.rgb: c.name for c in GAME_COLOURS}
    for seed in range(5):
        small = random_puzzle(np.random.default_rng(seed), 8, 8, 6)
        opts = ShotOptions(scene=Scene.CROP, cell_px=20, colour_pick="twins")
        shot = synthesize(small, seed=seed, options=opts)
        assert len(set(shot.colours)) == 6
        chosen = {names[c] for c in shot.colours}
        assert any(len(chosen & set(group)) >= 2 for group in TWINS)


def test_random_puzzles_and_snake_solutions_are_valid() -> None:
    rng = np.random.default_rng(5)
    for rows, cols in ((5, 5), (15, 18), (18, 15)):
        p = random_puzzle(rng, rows, cols)
        assert (p.rows, p.cols) == (rows, cols)
        assert 1 <= len(p.pairs) <= 16
        solution = snake_solution(rng, rows, cols, 8)
        solution.validate()
    solved = synthesize(solution.puzzle, seed=0, options=ShotOptions(), solution=solution)
    assert solved.image.shape == (2400, 1080, 3)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="palette"):
        ShotOptions(palette="sepia")
    with pytest.raises(ValueError, match="jpeg"):
        ShotOptions(jpeg_quality=0)
    with pytest.raises(ValueError, match="category"):
        sample("holiday", 0)
    seventeen = Puzzle.from_grid([chr(65 + i) * 2 for i in range(17)])
    with pytest.raises(ValueError, match="16 colours"):
        synthesize(seventeen, seed=0)


def test_background_pipes_are_long_not_round_blobs() -> None:
    # The game's animated background shows long faint pipes; one a few pixels
    # long is a soft round blob, of a dot's size and contrast in a small cell.
    import cv2  # noqa: PLC0415

    from flowbot.screens.synthetic import _glow_background  # noqa: PLC0415

    for seed in range(40):
        glow = _glow_background(
            np.random.default_rng(seed), 400, 300, 1.0, GAME_COLOURS, bars_only=True
        )
        lit = (glow.max(axis=2) > 8).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(lit)
        for x, y, w, h, area in stats[1:n]:
            cut = x == 0 or y == 0 or x + w == 400 or y + h == 300  # runs off the screen
            crossing = area < 0.6 * w * h  # two pipes crossing: no filled blob
            round_blob = max(w, h) < 1.5 * min(w, h) and not (cut or crossing)
            assert not round_blob, f"seed {seed}: a round blob at ({x}, {y})"


def test_web_page_text_flows_around_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # A page's article text runs beside the game's canvas, never over it
    # (web 85119: a line of text across a dot read as "not a flat dot").
    from flowbot.screens import synthetic  # noqa: PLC0415

    drawn: list[tuple[tuple[int, ...], synthetic._Text]] = []
    real_draw = synthetic._draw_texts

    def recording(img: np.ndarray, texts: list[synthetic._Text]) -> np.ndarray:
        drawn.extend((img.shape, t) for t in texts)
        return real_draw(img, texts)

    monkeypatch.setattr(synthetic, "_draw_texts", recording)
    shot = sample("web", 85119)
    g = shot.geometry
    on_page = [t for shape, t in drawn if shape == shot.image.shape]
    assert len(on_page) > 10
    for t in on_page:
        x0, y0, x1, y1 = synthetic._font(round(t.size)).getbbox(t.text, anchor=t.anchor)
        x, y = t.xy
        apart = x + x1 < g.left or x + x0 > g.right or y + y1 < g.top or y + y0 > g.bottom
        assert apart, f"{t.text!r} at {t.xy} is drawn over the board"
