"""The reader's CIE94 colour difference is the standard one (scikit-image's, the reference).

The reader keeps its own ten-line formula: importing ``skimage.color`` costs about 0.3 s
at start-up, and the reader needs nothing else from it."""

from __future__ import annotations

import numpy as np
from skimage.color import deltaE_ciede94

from flowbot.vision._colour import delta_e94


def test_delta_e94_is_scikit_images_with_the_second_colour_as_reference() -> None:
    rng = np.random.default_rng(0)
    colours = rng.uniform([0, -110, -110], [100, 110, 110], (500, 3))
    for reference in (np.array([35.3, 70.8, -102.8]), np.array([50.0, 0.0, 0.0])):
        # (CIE94 is not symmetric: scikit-image takes the reference first)
        np.testing.assert_allclose(
            delta_e94(colours, reference), deltaE_ciede94(reference, colours), atol=1e-9
        )
    others = rng.uniform([0, -110, -110], [100, 110, 110], (500, 3))
    np.testing.assert_allclose(
        delta_e94(colours, others), deltaE_ciede94(others, colours), atol=1e-9
    )
