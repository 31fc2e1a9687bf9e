"""Medians the vision checks take many of, over few values each: fast, and equal to ``np.median``.

``np.median`` costs some 20 microseconds a call, whatever the size; a board's
checks take hundreds of medians of a handful of values (one per grid edge,
one per dot). These give the same numbers, bit for bit, in one call or
without numpy's overhead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def median_of_present(values: np.ndarray) -> np.ndarray:
    """Median along the last axis ignoring NaN (NaN where none is present); fast on small axes.

    Examples
    --------
    >>> median_of_present(np.array([[3.0, np.nan, 1.0, 2.0], [np.nan] * 4]))
    array([ 2., nan])
    """
    ordered = np.sort(values, axis=-1)  # NaN sorts last
    count = (~np.isnan(values)).sum(axis=-1, keepdims=True)
    lo = np.take_along_axis(ordered, np.maximum(count - 1, 0) // 2, axis=-1)
    hi = np.take_along_axis(ordered, np.minimum(count // 2, values.shape[-1] - 1), axis=-1)
    return np.where(count > 0, (lo + hi) / 2, np.nan)[..., 0]


def median_along(values: np.ndarray, axis: int) -> np.ndarray:
    """``np.median(values, axis=axis)`` of values without NaN, bit for bit, several times faster.

    ``np.median`` partitions across memory when the axis is not the last;
    this sorts a copy along a contiguous last axis. Integers give floats,
    as ``np.median``'s do.

    Examples
    --------
    >>> median_along(np.array([[3, 1], [1, 9], [2, 5]], np.uint8), axis=0)
    array([2., 5.])
    >>> median_along(np.array([[4.0, 1.0, 3.0, 2.0]], np.float32), axis=1)
    array([2.5], dtype=float32)
    """
    if values.dtype.kind != "f":
        values = values.astype(float)
    return _middle(np.sort(_axis_last(values, axis), axis=-1))


def _axis_last(values: np.ndarray, axis: int) -> np.ndarray:
    """``np.moveaxis(values, axis, -1)`` (a view), without its overhead (a read asks hundreds
    of times)."""
    axis %= values.ndim
    if axis == values.ndim - 1:
        return values
    return values.transpose(*range(axis), *range(axis + 1, values.ndim), axis)


def _middle(ordered: np.ndarray) -> np.ndarray:
    """The median of values sorted (or partitioned about their middle) along the last axis."""
    middle = ordered.shape[-1] // 2
    if ordered.shape[-1] % 2:
        return ordered[..., middle]
    return (ordered[..., middle - 1] + ordered[..., middle]) / 2


def median_of(values: np.ndarray, axis: int | None = None, *, keepdims: bool = False) -> np.ndarray:
    """``np.median(values, axis=axis, keepdims=keepdims)``, bit for bit, NaN included; faster.

    ``np.median`` costs tens of microseconds a call, whatever the size (a
    read takes a few dozen): this sorts a copy along the axis instead, as
    ``median_along`` does, and a NaN anywhere along it makes the median NaN, as
    numpy's does. Floats keep their type; integers give float64.

    Examples
    --------
    >>> median_of(np.array([[3.0, np.nan], [1.0, 2.0]]), axis=0)
    array([ 2., nan])
    >>> float(median_of(np.array([4, 1, 3, 2], np.uint8)))
    2.5
    """
    values = np.asarray(values)
    if axis is None or values.ndim == 1:
        if keepdims:
            return median_of(values.reshape(-1), 0).reshape((1,) * values.ndim)
        flat = values.reshape(-1)
        n = flat.size
        # Long: only the middle and the last (NaN, if any) need their places.
        ordered = np.partition(flat, (n // 2 - 1, n // 2, n - 1)) if n > 64 else np.sort(flat)
    else:
        if keepdims:
            return np.expand_dims(median_of(values, axis), axis)
        last = axis in (-1, values.ndim - 1)
        ordered = np.sort(values if last else _axis_last(values, axis), axis=-1)
    if ordered.shape[-1] == 0:
        return np.median(values, axis=axis)  # numpy's NaN and warning
    if ordered.dtype.kind != "f":
        ordered = ordered.astype(float)
    found = _middle(ordered)
    missing = np.isnan(ordered[..., -1])  # NaN sorts last
    if missing.any():
        found = np.where(missing, np.nan, found).astype(ordered.dtype)
    return found[()]  # 0-d: a scalar


def quantile_along(values: np.ndarray, q: float) -> np.ndarray:
    """``np.quantile(values, q, axis=-1)`` (linear), bit for bit, without its overhead.

    For values without NaN. Between the two sorted values around
    ``(n - 1) * q``, as numpy interpolates (``_lerp``, a Python float weight).

    Examples
    --------
    >>> quantile_along(np.array([[4.0, 1.0, 3.0, 2.0]]), 0.1)
    array([1.3])
    """
    ordered = np.sort(values, axis=-1)
    n = ordered.shape[-1]
    virtual = (n - 1) * q
    below = math.floor(virtual)
    weight = virtual - below
    low, high = ordered[..., below], ordered[..., min(below + 1, n - 1)]
    step = high - low
    if weight >= 0.5:
        return high - step * (1 - weight)
    return low + step * weight


def quantile_of(values: np.ndarray, q: float) -> np.ndarray:
    """``np.quantile(values, q, axis=-1)`` (linear), bit for bit, NaN included (``quantile_along``).

    A NaN anywhere along the axis makes the quantile NaN, as numpy's does.

    Examples
    --------
    >>> quantile_of(np.array([[4.0, 1.0, 3.0, 2.0], [1.0, np.nan, 2.0, 3.0]]), 0.75)
    array([3.25,  nan])
    """
    found = quantile_along(values, q)
    missing = np.isnan(values).any(axis=-1)
    if missing.any():
        found = np.where(missing, np.nan, found).astype(found.dtype)[()]
    return found


def pad_with(values: np.ndarray, rows: int, cols: int, fill: float | bool) -> np.ndarray:
    """``values`` with ``rows`` more rows above and below, ``cols`` more columns either side.

    ``np.pad(values, ((rows, rows), (cols, cols), ...), constant_values=fill)``,
    without its overhead (some 50 microseconds a call); later axes are not padded.

    Examples
    --------
    >>> pad_with(np.array([[1.0, 2.0]]), 1, 0, np.nan)
    array([[nan, nan],
           [ 1.,  2.],
           [nan, nan]])
    """
    h, w = values.shape[:2]
    out = np.full((h + 2 * rows, w + 2 * cols, *values.shape[2:]), fill, values.dtype)
    out[rows : rows + h, cols : cols + w] = values
    return out


def median_of_few(values: Sequence[float]) -> float:
    """``float(np.median(values))`` of a few Python numbers, without numpy's overhead.

    NaN when there are none. Python numbers (``ndarray.tolist()``): numpy's
    small integers could overflow. No NaN among them.

    Examples
    --------
    >>> median_of_few([4, 1, 3]), median_of_few([4, 1, 3, 2]), median_of_few([0.5, 0.25])
    (3.0, 2.5, 0.375)
    """
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return math.nan
    middle = n // 2
    return float(ordered[middle]) if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2
