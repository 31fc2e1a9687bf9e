"""Reading image files and checking image arrays: the vision stage's only file I/O."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from flowbot.errors import InputError

log = logging.getLogger(__name__)


def load_image(path: str | os.PathLike[str]) -> np.ndarray:
    """Read a PNG or JPEG file as an ``(H, W, 3)`` ``uint8`` RGB array.

    The format is taken from the file's content, not its name (some ``.png``
    screenshots hold JPEG data). Grey and RGBA images are converted to RGB.

    Parameters
    ----------
    path
        The image file.

    Returns
    -------
    numpy.ndarray
        The pixels, RGB, indexed ``[y, x]``.

    Raises
    ------
    InputError
        When the file is missing, empty, unreadable or not an image.
    """
    p = Path(path)
    try:
        data = np.fromfile(p, dtype=np.uint8)
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{p}: is a directory, not an image") from None
    except OSError as exc:
        raise InputError(f"{p}: cannot read ({exc.strerror or exc})") from exc
    if data.size == 0:
        raise InputError(f"{p}: empty file")
    with _c_stderr_logged():
        image = cv2.imdecode(data, cv2.IMREAD_UNCHANGED)
    if image is None or image.size == 0:
        raise InputError(f"{p}: not a readable PNG or JPEG image")
    return as_rgb(image, bgr=True)


@contextlib.contextmanager
def _c_stderr_logged() -> Iterator[None]:
    """Log what C code prints on stderr meanwhile (libpng's "libpng warning: ...").

    A truncated or damaged file is refused in one line of our own; libpng
    and OpenCV would print their own lines to the process's stderr beside it.
    """
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all: nothing to keep clean
        yield
        return
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
                sink.seek(0)
                if said := sink.read().decode(errors="replace").strip():
                    log.debug("the image decoder said: %s", said)
    finally:
        os.close(saved)


def as_rgb(image: np.ndarray, *, bgr: bool = False) -> np.ndarray:
    """An 8-bit 3-channel RGB copy of a grey, RGB(A) or 16-bit image."""
    if image.dtype == np.uint16:
        image = (image >> 8).astype(np.uint8)
    if image.dtype != np.uint8:
        raise InputError(f"unsupported pixel type {image.dtype}")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2RGB)
    if image.ndim == 3 and image.shape[2] == 4:
        code = cv2.COLOR_BGRA2RGB if bgr else cv2.COLOR_RGBA2RGB
        return cv2.cvtColor(image, code)
    if image.ndim == 3 and image.shape[2] == 3:
        return cv2.cvtColor(image, cv2.COLOR_BGR2RGB) if bgr else image
    raise InputError(f"unsupported image shape {image.shape}")


def check_image(image: np.ndarray) -> None:
    """Raise ``ValueError`` unless ``image`` is an ``(H, W, 3)`` ``uint8`` array."""
    if not isinstance(image, np.ndarray):
        raise TypeError(f"expected a numpy array, got {type(image).__name__}")
    if image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) uint8 RGB image, got {image.shape} {image.dtype}")
