"""Colour helpers shared by every stage.

CIELAB conversion and distance, pixel lookup (also round cells' centres), the brightest
channel.
"""

from __future__ import annotations

import cv2
import numpy as np


def to_lab(rgb: np.ndarray) -> np.ndarray:
    """CIELAB (L in 0-100) of uint8 RGB values of any leading shape.

    >>> to_lab(np.zeros((0, 4, 3), np.uint8)).shape
    (0, 4, 3)
    """
    if rgb.size == 0:  # OpenCV refuses an empty image (a grid of one row has no inner edge)
        return np.zeros(rgb.shape, np.float32)
    flat = rgb.reshape(-1, 1, 3).astype(np.float32) / 255.0
    return cv2.cvtColor(flat, cv2.COLOR_RGB2Lab).reshape(rgb.shape)


def to_rgb(lab: np.ndarray) -> np.ndarray:
    """RGB (floats in 0-255) of CIELAB colours of any leading shape; the inverse of ``to_lab``."""
    flat = np.asarray(lab, np.float32).reshape(-1, 1, 3)
    return cv2.cvtColor(flat, cv2.COLOR_Lab2RGB).reshape(np.shape(lab)) * 255.0


def pixels_at(image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """``image[rows, cols]`` for index arrays within the image (broadcast together).

    One flat take: several times faster than numpy's two-array indexing.
    A transposed view (``np.swapaxes(image, 0, 1)``) is read through the
    image it views: flattening the view would copy the whole image.
    """
    if not image.flags.c_contiguous:
        upright = np.swapaxes(image, 0, 1)
        if upright.flags.c_contiguous:
            return pixels_at(upright, cols, rows)
    return np.take(image.reshape(-1, 3), rows * image.shape[1] + cols, axis=0)


def nearest_pixels(
    shape: tuple[int, ...], centres: np.ndarray, offsets: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns ``(n, k)`` of the pixels nearest each of ``offsets`` (``(k, 2)`` dx, dy)
    round each of ``centres`` (``(n, 2)`` x, y), clipped to an image of ``shape``.

    The one way a fixed pattern of points round cells is sampled (a cell's core and
    ring, a lettered disc's rings): a cell looked at twice shows the same pixels.
    """
    h, w = shape[:2]
    px = np.clip(np.rint(centres[:, :1] + offsets[:, 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(centres[:, 1:] + offsets[:, 1]), 0, h - 1).astype(np.intp)
    return py, px


def pixels_round(image: np.ndarray, centres: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The pixels ``(n, k, 3)`` at ``nearest_pixels(image.shape, centres, offsets)``."""
    return pixels_at(image, *nearest_pixels(image.shape, centres, offsets))


#: Lab distance within which two pixels have the same colour: JPEG noise stays
#: well inside, distinct colours well outside.
NEAR = 12.0
#: Lab distance within which a flat colour's own pixels lie where JPEG rings beside
#: an edge, twice ``NEAR``: JPEG 64 rings a whole column of a pipe's middle 14 Lab
#: off; a lettered dot's band between its rim and the letter (26-40 px cells, JPEG
#: 76-83) lies 0.57+ within 12 Lab, 0.88+ within 24. Farther, a pixel is another
#: colour, or the colour blended with another (a dot's rim over the ground).
NEAR_RINGING = 2 * NEAR


def delta_e(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """CIE76 colour difference along the last axis (L*, a*, b*)."""
    d = np.subtract(a, b)
    return np.sqrt(channel_sum(d * d))


def delta_e94(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """CIE94 colour difference (graphic arts weights) of ``a`` from the reference ``b``
    along the last axis (L*, a*, b*): chroma and hue differences count less at ``b``'s
    higher chroma, where CIE76 stretches them. A fully saturated flow dulled a little at a
    pipe's blurred edge (a blue of chroma 125 at 110-116, hue and lightness within 3) is
    9-15 from it in CIE76, 3 at most in CIE94; lightness counts in full."""
    d = np.subtract(a, b)
    chroma_a = np.hypot(a[..., 1], a[..., 2])
    chroma_b = np.hypot(b[..., 1], b[..., 2])
    d_chroma = chroma_a - chroma_b
    d_hue_sq = np.maximum(d[..., 1] ** 2 + d[..., 2] ** 2 - d_chroma**2, 0.0)
    return np.sqrt(
        d[..., 0] ** 2
        + (d_chroma / (1 + 0.045 * chroma_b)) ** 2
        + d_hue_sq / (1 + 0.015 * chroma_b) ** 2
    )


def channel_sum(values: np.ndarray) -> np.ndarray:
    """Sum of three channels along the last axis.

    Added as numpy's ``sum(axis=-1)`` adds them, ``(x + y) + z``, bit for
    bit, and 3-10 times faster: numpy reduces a short last axis slowly.
    """
    return values[..., 0] + values[..., 1] + values[..., 2]


def place_between(lab: np.ndarray, inside: np.ndarray, outside: np.ndarray) -> np.ndarray:
    """Each Lab colour's place from ``inside`` (0) to ``outside`` (1), by its distances to both."""
    to_in, to_out = delta_e(lab, inside), delta_e(lab, outside)
    return to_in / np.maximum(to_in + to_out, 1e-6)


def from_mix(colour: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Lab distance from ``colour`` to the nearest mix of ``a`` and ``b`` (last axis Lab)."""
    span = np.subtract(b, a)
    t = np.sum((colour - a) * span, axis=-1) / np.maximum(np.sum(span * span, axis=-1), 1e-6)
    mix = a + np.clip(t, 0.0, 1.0)[..., None] * span
    return delta_e(colour, mix)


def brightest_channel(image: np.ndarray) -> np.ndarray:
    """``max(R, G, B)`` per pixel: HSV's value, which OpenCV converts to faster than
    it splits the channels and takes their maximum."""
    return cv2.extractChannel(cv2.cvtColor(image, cv2.COLOR_RGB2HSV), 2)
