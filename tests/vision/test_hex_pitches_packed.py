"""The hexagon lattice's pitches measured from the line map's packed spectrum, the
autocorrelation worked out near no shift only: the same pitches as the whole complex
spectrum and the whole autocorrelation gave (the cheaper look for a hexagonal board
outside the board read, ``_other_boards.another_board``, on every screen whose text or
buttons show dots)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import _hex_lattice as hex_lattice
from flowbot.vision._colour import brightest_channel
from flowbot.vision._grid import shrunk
from flowbot.vision._hex_lattice import SQRT3, _pitches, _scores, line_map, widened
from flowbot.vision._types import DEFAULT_SETTINGS


def _padded(lines: np.ndarray) -> np.ndarray:
    h, w = lines.shape
    reach = math.ceil(min(h, w) / hex_lattice.MIN_ACROSS) + 2
    ph, pw = cv2.getOptimalDFTSize(h + reach), cv2.getOptimalDFTSize(w + reach)
    padded = np.zeros((ph, pw), np.float32)
    padded[:h, :w] = lines - lines.mean()
    return padded


def _whole_scores(raw: np.ndarray, distances: np.ndarray) -> np.ndarray:
    """``_scores`` over the whole array (as ``_pitches`` worked them out before)."""
    ph, pw = raw.shape
    normed = (raw / max(float(raw[0, 0]), 1e-6)).astype(np.float32)
    auto = cv2.dilate(normed, np.ones((3, 3), np.uint8))
    scores = np.full(distances.shape, np.inf, np.float32)
    for dx, dy in ((0.0, 1.0), (SQRT3 / 2, 0.5), (SQRT3 / 2, -0.5)):
        x = np.rint(distances * dx).astype(int) % pw
        y = np.rint(distances * dy).astype(int) % ph
        scores = np.minimum(scores, auto[y, x])
    return scores


def _raw(lines: np.ndarray, flags: int = 0) -> np.ndarray:
    spectrum = cv2.dft(_padded(lines), flags=flags)
    power = cv2.mulSpectrums(spectrum, spectrum, 0, conjB=True)
    return cv2.idft(power, flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)


def _distances(lines: np.ndarray) -> np.ndarray:
    return np.arange(5.0, min(lines.shape) / hex_lattice.MIN_ACROSS, 0.25)


def _maps() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    maps = [
        (rng.random((int(rng.integers(16, 240)), int(rng.integers(16, 240)))) < p).astype(
            np.float32
        )
        for p in (0.02, 0.1, 0.3)
        for _ in range(4)
    ]
    for seed in (300000, 300001):
        shot = sample("phone", seed, variant="hex", state="started")
        gray = shrunk(brightest_channel(shot.image), 3)
        lines = line_map(gray, DEFAULT_SETTINGS.line_contrast)
        maps += [lines, widened(lines)]
    return maps


@pytest.fixture(scope="module")
def maps() -> list[np.ndarray]:
    return _maps()


def test_the_scores_near_no_shift_are_the_whole_autocorrelations(
    maps: list[np.ndarray],
) -> None:
    for lines in maps:
        raw, distances = _raw(lines), _distances(lines)
        assert np.array_equal(_scores(raw, distances), _whole_scores(raw, distances))


def _pitches_whole(lines: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """``_pitches`` with the whole complex spectrum and the whole autocorrelation, as it was."""
    raw = _raw(lines, cv2.DFT_COMPLEX_OUTPUT)
    with monkeypatch.context() as patch:
        patch.setattr(hex_lattice, "_scores", lambda _raw, d: _whole_scores(raw, d))
        return _pitches(lines)


def test_the_packed_spectrum_gives_the_pitches_the_whole_one_did(
    maps: list[np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    found = 0
    for lines in maps:
        pitches = _pitches(lines)
        assert pitches == pytest.approx(_pitches_whole(lines, monkeypatch), abs=1e-9)
        found += bool(pitches)
    assert found >= 2  # the hexagonal boards' maps repeat
