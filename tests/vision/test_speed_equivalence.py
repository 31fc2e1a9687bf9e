"""The reader's fast paths give what the plain numpy calls they replace give, bit for bit.

Speed-ups must not change a reading: a median, a pixel gathered, a line map's
components, the brightest channel are all compared here with the obvious
(slow) way of computing them.
"""

from __future__ import annotations

import warnings

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from flowbot.models import BoardGeometry
from flowbot.vision._board_lines import _span_medians
from flowbot.vision._cells import _sector_medians, cell_offsets, core_and_ring_lab, sample_cells
from flowbot.vision._colour import brightest_channel, channel_sum, delta_e, pixels_at, to_lab
from flowbot.vision._lattice import _peaks, _refine, _sums, line_maps, segments
from flowbot.vision._stats import (
    median_along,
    median_of,
    median_of_few,
    median_of_present,
    pad_with,
    quantile_along,
    quantile_of,
)

FINITE = st.floats(-1e6, 1e6, allow_nan=False, width=32)


@settings(deadline=None)  # a shared machine: no timing in unit tests
@given(st.lists(st.integers(0, 255), min_size=1, max_size=60))
def test_median_of_few_equals_numpy_on_integers(values: list[int]) -> None:
    assert median_of_few(values) == float(np.median(np.array(values, np.uint8)))


@settings(deadline=None)  # a shared machine: no timing in unit tests
@given(st.lists(st.floats(-1e9, 1e9, allow_nan=False), min_size=1, max_size=60))
def test_median_of_few_equals_numpy_on_floats(values: list[float]) -> None:
    assert median_of_few(values) == float(np.median(values))


@settings(deadline=None)  # a shared machine: no timing in unit tests
@given(
    hnp.arrays(np.float32, st.tuples(st.integers(1, 6), st.integers(1, 6)), elements=FINITE),
    st.data(),
)
def test_median_of_present_equals_numpy_median_of_each_row(
    values: np.ndarray, data: st.DataObject
) -> None:
    missing = data.draw(hnp.arrays(bool, values.shape))
    values = np.where(missing, np.nan, values).astype(np.float32)
    got = median_of_present(values)
    assert got.dtype == np.float32
    for row, median in zip(values, got, strict=True):
        present = row[~np.isnan(row)]
        if present.size == 0:
            assert np.isnan(median)
        else:
            assert median == np.median(present)


@settings(max_examples=50, deadline=None)
@given(hnp.arrays(np.uint8, st.tuples(st.integers(1, 40), st.integers(1, 40), st.just(3))))
def testbrightest_channel_is_the_max_of_r_g_b(image: np.ndarray) -> None:
    assert np.array_equal(brightest_channel(image), image.max(axis=2))
    view = image[:, ::-1]  # not contiguous
    assert np.array_equal(brightest_channel(view), view.max(axis=2))


@settings(max_examples=50, deadline=None)
@given(
    hnp.arrays(
        np.uint8,
        st.tuples(st.integers(1, 30), st.integers(1, 30)),
        elements=st.sampled_from([0, 1]),
    )
)
def test_sums_of_a_binary_map_give_numpy_means(binary: np.ndarray) -> None:
    for axis in (0, 1):
        assert np.array_equal(_sums(binary, axis) / binary.shape[axis], binary.mean(axis=axis))


def test_segments_match_the_default_connected_components() -> None:
    rng = np.random.default_rng(0)
    binary = (rng.random((300, 200)) < 0.02).astype(np.uint8)
    binary[20:280, 50] = 1  # a long line or two among specks
    binary[100:102, 10:190] = 1
    count, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    expected = [
        (x + (w - 1) / 2, float(y), float(y + h - 1))
        for x, y, w, h, _ in stats[1:count]
        if h >= 2 and w <= max(6, h / 8)
    ]
    got = [(s.pos, s.lo, s.hi) for s in segments(binary, vertical=True, min_length=2)]
    assert len(got) > 10
    assert got == expected


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.uint8, st.tuples(st.integers(1, 8), st.integers(1, 8), st.just(3))), st.data())
def test_lab_and_distances_do_not_depend_on_how_pixels_are_batched(
    image: np.ndarray, data: st.DataObject
) -> None:
    lab = to_lab(image)
    r = data.draw(st.integers(0, image.shape[0] - 1))
    c = data.draw(st.integers(0, image.shape[1] - 1))
    assert np.array_equal(to_lab(image[r, c]), lab[r, c])
    other = to_lab(image[::-1, ::-1])[::-1, ::-1]
    assert np.array_equal(delta_e(lab, other)[r, c], delta_e(lab[r, c], other[r, c]))


@settings(max_examples=60, deadline=None)
@given(
    hnp.array_shapes(min_dims=0, max_dims=3, max_side=9),
    st.sampled_from([np.float32, np.float64]),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_delta_e_equals_the_plain_formula(
    shape: tuple[int, ...], dtype: type, strided: bool, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    a: np.ndarray = (rng.random((*shape, 3)) * 200 - 100).astype(dtype)
    b: np.ndarray = (rng.random((*shape[1:], 3)) * 200 - 100).astype(dtype)  # broadcast
    if strided:  # the colour axis not contiguous
        a = np.ascontiguousarray(np.moveaxis(a, -1, 0)).transpose(*range(1, a.ndim), 0)
    plain = np.sqrt(((a - b) ** 2).sum(axis=-1))
    assert np.array_equal(delta_e(a, b), plain)


@settings(max_examples=30, deadline=None)
@given(
    hnp.array_shapes(min_dims=1, max_dims=3, max_side=9),
    st.sampled_from([np.float32, np.float64, np.uint8]),
    st.integers(0, 2**32 - 1),
    st.data(),
)
def test_median_along_equals_numpy_median(
    shape: tuple[int, ...], dtype: type, seed: int, data: st.DataObject
) -> None:
    rng = np.random.default_rng(seed)
    values = (rng.integers(0, 6, shape) * rng.random(shape) * 255).astype(dtype)
    axis = data.draw(st.integers(0, len(shape) - 1))
    expected = np.median(values, axis=axis)
    got = median_along(values, axis=axis)
    assert got.dtype == expected.dtype
    assert np.array_equal(got, expected)


@settings(max_examples=60, deadline=None)
@given(
    hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=9),
    st.sampled_from([np.float32, np.float64, np.uint8, np.int32]),
    st.integers(0, 2**32 - 1),
    st.data(),
)
def test_median_of_equals_numpy_median(
    shape: tuple[int, ...], dtype: type, seed: int, data: st.DataObject
) -> None:
    rng = np.random.default_rng(seed)
    values = (rng.integers(0, 6, shape) * rng.random(shape) * 255).astype(dtype)
    if values.dtype.kind == "f" and data.draw(st.booleans()):
        values[rng.random(shape) < 0.2] = np.nan  # numpy's median of any NaN is NaN
    axis = data.draw(st.sampled_from([None, *range(len(shape))]))
    keepdims = data.draw(st.booleans())
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numpy warns of an empty slice (both do)
        expected = np.median(values, axis=axis, keepdims=keepdims)
        got = median_of(values, axis=axis, keepdims=keepdims)
    assert type(got) is type(expected)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    assert np.array_equal(got, expected, equal_nan=True)


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(st.integers(1, 6), st.integers(1, 12)),
    st.sampled_from([np.float32, np.float64]),
    st.sampled_from([0.05, 0.1, 0.25, 0.5, 0.75, 0.9]),
    st.integers(0, 2**32 - 1),
)
def test_quantile_along_equals_numpy_quantile(
    shape: tuple[int, int], dtype: type, q: float, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    values = (rng.random(shape) * 100).astype(dtype)
    expected = np.quantile(values, q, axis=-1)
    got = quantile_along(values, q)
    assert got.dtype == expected.dtype
    assert np.array_equal(got, expected)


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(st.integers(1, 6), st.integers(1, 40)),
    st.sampled_from([np.float32, np.float64]),
    st.sampled_from([0.1, 0.5, 0.75, 0.9]),
    st.integers(0, 2**32 - 1),
    st.booleans(),
)
def test_quantile_of_equals_numpy_quantile_and_percentile(
    shape: tuple[int, int], dtype: type, q: float, seed: int, with_nan: bool
) -> None:
    rng = np.random.default_rng(seed)
    values = (rng.random(shape) * 100).astype(dtype)
    if with_nan:
        values[rng.random(shape) < 0.2] = np.nan  # numpy's quantile of any NaN is NaN
    for rows in (values, values[0]):
        expected = np.quantile(rows, q, axis=-1)
        got = quantile_of(rows, q)
        assert type(got) is type(expected)
        assert np.array_equal(got, expected, equal_nan=True)
    # (_border_segments' np.percentile(values, 75): 75 / 100 is 0.75 exactly)
    assert np.array_equal(
        np.percentile(values, 75, axis=-1), quantile_of(values, 0.75), equal_nan=True
    )


@settings(max_examples=40, deadline=None)
@given(
    hnp.array_shapes(min_dims=2, max_dims=3, min_side=0, max_side=6),
    st.sampled_from([np.float32, np.float64, bool]),
    st.integers(0, 2),
    st.integers(0, 2),
)
def test_pad_with_equals_numpy_pad(
    shape: tuple[int, ...], dtype: type, rows: int, cols: int
) -> None:
    values = (np.random.default_rng(0).random(shape) * 10).astype(dtype)
    fill = False if dtype is bool else np.nan
    widths = ((rows, rows), (cols, cols)) + ((0, 0),) * (len(shape) - 2)
    expected = np.pad(values, widths, constant_values=fill)
    got = pad_with(values, rows, cols, fill)
    assert got.dtype == expected.dtype
    assert np.array_equal(got, expected, equal_nan=True)


@settings(max_examples=30, deadline=None)
@given(hnp.array_shapes(min_dims=1, max_dims=4, max_side=9), st.integers(0, 2**32 - 1))
def test_channel_sum_equals_numpy_sum(shape: tuple[int, ...], seed: int) -> None:
    rng = np.random.default_rng(seed)
    values = (rng.random((*shape, 3)) * 255).astype(np.float32)
    assert np.array_equal(channel_sum(values), values.sum(axis=-1))
    assert np.array_equal(channel_sum(values[..., ::-1]), values[..., ::-1].sum(axis=-1))


@settings(max_examples=20, deadline=None)
@given(
    hnp.arrays(np.uint8, st.tuples(st.integers(1, 30), st.integers(1, 30), st.just(3))), st.data()
)
def test_pixels_at_equals_numpy_indexing(image: np.ndarray, data: st.DataObject) -> None:
    h, w = image.shape[:2]
    rows = np.array(data.draw(st.lists(st.integers(0, h - 1), min_size=1, max_size=5)))
    cols = np.array(data.draw(st.lists(st.integers(0, w - 1), min_size=1, max_size=5)))
    got = pixels_at(image, rows[:, None], cols[None, :])
    assert np.array_equal(got, image[rows[:, None], cols[None, :]])


def _plain_peaks(profile: np.ndarray, level: float) -> list[float]:
    """``_peaks`` as numpy computes it, stretch by stretch (float32 sums)."""
    above = np.flatnonzero(profile >= level)
    if above.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(above) > 1)
    starts = np.concatenate([above[:1], above[breaks + 1]]).tolist()
    ends = np.concatenate([above[breaks], above[-1:]]).tolist()
    index = np.arange(len(profile))
    return [
        float(np.dot(index[s : e + 1], profile[s : e + 1]) / profile[s : e + 1].sum())
        for s, e in zip(starts, ends, strict=True)
    ]


def _assert_same_peaks(got: list[float], plain: list[float]) -> None:
    # Float64 sums against numpy's float32 ones: the same to float32's precision.
    assert len(got) == len(plain)
    assert np.allclose(got, plain, rtol=1e-5, atol=0)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 400),
    st.lists(st.integers(0, 400), min_size=1, max_size=300),
    st.sampled_from([0.6, 0.5, 0.05, 0.01, 0.9]),
)
def test_peaks_equal_numpy_weighted_means(lines: int, counts: list[int], level: float) -> None:
    # A profile of shares as ``_from_run`` makes them: line pixels per column / lines.
    profile = (np.minimum(counts, lines) / lines).astype(np.float32)
    _assert_same_peaks(_peaks(profile, level), _plain_peaks(profile, level))


def test_peaks_equal_numpy_weighted_means_on_long_and_many_stretches() -> None:
    rng = np.random.default_rng(0)
    for _ in range(300):
        size, lines = int(rng.integers(5, 3000)), int(rng.integers(3, 800))
        counts = np.where(
            rng.random(size) < rng.uniform(0.05, 0.95),
            rng.integers(int(0.55 * lines), lines + 1, size),
            rng.integers(0, lines // 2 + 1, size),
        )
        profile = (counts / lines).astype(np.float32)
        _assert_same_peaks(_peaks(profile, 0.6), _plain_peaks(profile, 0.6))


def test_refine_gives_numpy_mean_of_best_rows() -> None:
    rng = np.random.default_rng(1)
    along = (rng.random((60, 300)) < 0.3).astype(np.uint8)
    for pos in np.linspace(-3, 62, 131):
        a, b = max(0, round(pos - 4)), min(60, round(pos + 4) + 1)
        rows = along[a:b, 10:281].mean(axis=1)
        expected = (
            pos
            if a >= b or rows.max() <= 0
            else float(a + np.flatnonzero(rows >= rows.max() * 0.8).mean())
        )
        assert _refine(along, float(pos), 10, 280, 4) == expected


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.uint8, st.tuples(st.integers(8, 40), st.integers(8, 40))), st.integers(1, 40))
def test_line_maps_threshold_as_numpy_compares(gray: np.ndarray, contrast: int) -> None:
    maps = line_maps(gray, contrast)
    level = np.uint8(contrast)
    for binary, strength, kernel in (
        (maps.vertical, maps.vertical_strength, (1, 9)),
        (maps.horizontal, maps.horizontal_strength, (9, 1)),
    ):
        plain = (strength >= level).astype(np.uint8)
        closed = cv2.morphologyEx(plain, cv2.MORPH_CLOSE, cv2.getStructuringElement(0, kernel))
        opened = cv2.morphologyEx(
            closed,
            cv2.MORPH_OPEN,
            cv2.getStructuringElement(0, (1, 15) if kernel == (1, 9) else (15, 1)),
        )
        assert np.array_equal(binary, opened)


def test_span_medians_equal_one_median_per_span() -> None:
    rng = np.random.default_rng(2)
    for _ in range(300):
        lines, size = int(rng.integers(1, 15)), int(rng.integers(5, 600))
        bands = rng.integers(0, 256, (size, lines), np.uint8).T  # a view, as the caller's
        spans = []
        for _ in range(int(rng.integers(1, 16))):
            lo = int(rng.integers(0, size))
            spans.append((lo, min(size - 1, lo + int(rng.integers(-2, 60)))))
        plain = np.stack(
            [
                median_along(bands[:, lo : hi + 1], axis=1) if hi > lo else np.zeros(lines)
                for lo, hi in spans
            ],
            axis=1,
        )
        got = _span_medians(bands, spans)
        assert got.dtype == plain.dtype
        assert np.array_equal(got, plain)


def test_sector_medians_equal_one_median_per_sector() -> None:
    rng = np.random.default_rng(3)
    for pitch in np.linspace(10, 300, 200):  # equal sectors and, at some pitches, unequal
        _, ring, sector, _ = cell_offsets(float(pitch))
        lab = rng.normal(50, 30, (int(rng.integers(1, 30)), len(ring), 3)).astype(np.float32)
        plain = np.stack([median_along(lab[:, sector == k], axis=1) for k in range(4)], axis=1)
        assert np.array_equal(_sector_medians(lab, sector), plain)


def test_core_and_ring_lab_equal_sample_cells() -> None:
    rng = np.random.default_rng(4)
    image = rng.integers(0, 256, (300, 260, 3), np.uint8)
    for xs, ys in (
        ((10.0, 60.4, 110.8), (200.5, 251.0)),
        ((-20.0, 30.5, 81.0), (5.0, 55.5, 106.0, 156.5)),
    ):
        geometry = BoardGeometry(xs, ys)
        samples = sample_cells(image, geometry)
        core, ring = core_and_ring_lab(image, geometry)
        assert np.array_equal(core, samples.core_lab)
        assert np.array_equal(ring, samples.ring_lab)
