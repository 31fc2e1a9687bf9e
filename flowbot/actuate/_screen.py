"""Screens: where images of the board come from, and where they sit on the desktop.

A ``Capture`` is one grabbed image together with the facts needed to turn its
pixels back into pointer coordinates: where its top-left corner is in pointer
units and how many capture pixels make one pointer unit. That scale is measured
on every grab (capture width / grabbed width in pointer units): 1 on X11,
2 on a macOS Retina screen, 1.5 on a 150% Windows display.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Protocol

import cv2
import mss
import numpy as np
import numpy.typing as npt
from PIL import Image as PILImage

from flowbot.errors import DisplayError, InputError
from flowbot.vision import load_image

log = logging.getLogger(__name__)

Image = npt.NDArray[np.uint8]


class Region(NamedTuple):
    """A rectangle of the virtual screen in pointer units."""

    left: int
    top: int
    width: int
    height: int

    @classmethod
    def parse(cls, text: str) -> Region:
        """Parse ``"X,Y,W,H"``.

        >>> Region.parse("10,20,300,400")
        Region(left=10, top=20, width=300, height=400)
        """
        try:
            left, top, width, height = (int(part) for part in text.split(","))
        except ValueError:
            raise InputError(f"region must be X,Y,W,H in whole pixels, got {text!r}") from None
        if width <= 0 or height <= 0:
            raise InputError(f"region {text!r} has no area")
        return cls(left, top, width, height)


@dataclass(frozen=True, slots=True, eq=False)
class Capture:
    """One grabbed image and where it is on the virtual screen.

    ``image`` is ``(H, W, 3)`` uint8 RGB. ``left`` and ``top`` are the image's
    top-left corner in pointer coordinates; ``scale`` is capture pixels per
    pointer unit, so pixel ``(x, y)`` is at pointer
    ``(left + x / scale, top + y / scale)``.
    """

    image: Image
    left: float = 0.0
    top: float = 0.0
    scale: float = 1.0

    def __post_init__(self) -> None:
        if self.image.ndim != 3 or self.image.shape[2] != 3 or self.image.dtype != np.uint8:
            raise ValueError("a capture holds an (H, W, 3) uint8 RGB image")
        if self.scale <= 0:
            raise ValueError("scale must be positive")


class Screen(Protocol):
    """Anything that can grab the screen (or stand in for it)."""

    def grab(self, region: Region | None = None) -> Capture:
        """Grab ``region`` (pointer units), or everything this screen covers."""
        ...


class ArrayScreen:
    """A screen that always shows the same image (tests, dry runs)."""

    def __init__(self, image: Image, *, left: float = 0, top: float = 0, scale: float = 1):
        self._capture = Capture(np.ascontiguousarray(image), float(left), float(top), scale)

    def grab(self, region: Region | None = None) -> Capture:
        cap = self._capture
        if region is None:
            return cap
        # Crop in capture pixels, clipped to the image.
        h, w = cap.image.shape[:2]
        x0 = max(0, round((region.left - cap.left) * cap.scale))
        y0 = max(0, round((region.top - cap.top) * cap.scale))
        x1 = min(w, round((region.left + region.width - cap.left) * cap.scale))
        y1 = min(h, round((region.top + region.height - cap.top) * cap.scale))
        if x1 <= x0 or y1 <= y0:
            raise InputError(f"region {tuple(region)} is outside the image")
        return Capture(
            np.ascontiguousarray(cap.image[y0:y1, x0:x1]),
            cap.left + x0 / cap.scale,
            cap.top + y0 / cap.scale,
            cap.scale,
        )


class FileScreen(ArrayScreen):
    """A saved screenshot standing in for the screen (``--image FILE``)."""

    def __init__(self, path: str | Path, *, left: float = 0, top: float = 0, scale: float = 1):
        super().__init__(load_image(path), left=left, top=top, scale=scale)


def save_png(image: Image, path: str | Path) -> None:
    """Write an RGB array as PNG."""
    PILImage.fromarray(image).save(path)


class MssScreen:
    """The real screen, grabbed with mss.

    Parameters
    ----------
    monitor
        mss monitor number: 0 is the whole virtual screen (every monitor),
        1 the first monitor, and so on.
    """

    def __init__(self, monitor: int = 0) -> None:
        try:
            self._mss = mss.MSS()
            monitors = self._mss.monitors
        except Exception as exc:  # mss raises its own ScreenShotError, or OSError
            raise DisplayError(f"cannot open the screen: {exc}") from None
        if not 0 <= monitor < len(monitors):
            raise InputError(f"no monitor {monitor}: this screen has {len(monitors) - 1}")
        m = monitors[monitor]
        self.area = Region(m["left"], m["top"], m["width"], m["height"])

    def grab(self, region: Region | None = None) -> Capture:
        area = region or self.area
        try:
            shot = self._mss.grab(
                {"left": area.left, "top": area.top, "width": area.width, "height": area.height}
            )
        except Exception as exc:
            raise DisplayError(f"screen capture failed: {exc}") from None
        w, h = shot.size
        # The raw buffer as is, and OpenCV's swap: 30x faster than a strided numpy copy
        # (which cost 1.4 ms on a 500x500 grab: the watch grabs before every move).
        bgra = np.frombuffer(shot.raw, dtype=np.uint8).reshape(h, w, 4)
        rgb = np.asarray(cv2.cvtColor(bgra, cv2.COLOR_BGRA2RGB), dtype=np.uint8)
        # HiDPI: mss works in pointer units but returns physical pixels.
        return Capture(rgb, float(area.left), float(area.top), w / area.width)

    def close(self) -> None:
        self._mss.close()
