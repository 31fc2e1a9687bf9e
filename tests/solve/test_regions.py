"""The solver's own region labelling agrees with scipy's, label for label."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from flowbot.solve._grid import _REGIONS_IN_PYTHON, _regions


@pytest.mark.parametrize("seed", range(40))
def test_regions_match_scipy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, _REGIONS_IN_PYTHON + 1))
    m = int(rng.integers(0, 2 * n))
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    count, labels = connected_components(
        coo_matrix((np.ones(m, dtype=np.int8), (a, b)), shape=(n, n)), directed=False
    )
    mine, my_labels = _regions(n, a, b)
    assert mine == count
    assert my_labels.tolist() == labels.tolist()
