"""Debug overlays: what the reader saw, drawn over the screenshot."""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.models import Cell, Geometry, HexGeometry, Reading


def draw_reading(
    image: np.ndarray,
    reading: Reading | None,
    reason: str = "",
    geometry: Geometry | None = None,
) -> np.ndarray:
    """A copy of ``image`` with the board, grid, cell centres and dot labels drawn on it.

    With no reading (a refusal), the reason is written at the top instead,
    over the grid that was refused when one was found (``geometry``).
    """
    out = image.copy()
    h, w = out.shape[:2]
    thick = max(1, round(max(h, w) / 800))
    font_scale = max(0.4, max(h, w) / 2000)
    if reading is None:
        if geometry is not None:
            _grid(out, geometry, thick, border=(255, 80, 80))
        _text(out, reason or "refused", (8, int(30 * font_scale) + 8), font_scale, (255, 80, 80))
        return out
    g = reading.geometry
    _grid(out, g, thick, border=(255, 0, 255))
    dots = reading.puzzle.dots()
    cell_scale = max(0.3, g.cell_size / 60)
    for r in range(g.rows):
        for c in range(g.cols):
            centre = g.centre(Cell(r, c))
            cv2.circle(out, (round(centre.x), round(centre.y)), thick + 1, (255, 255, 255), -1)
            label = dots.get(Cell(r, c))
            if label is not None:
                org = (round(centre.x - 10 * cell_scale), round(centre.y + 10 * cell_scale))
                _text(out, label, org, cell_scale, (255, 255, 255))
    summary = f"{reading.puzzle.size}  confidence {reading.confidence:.2f}"
    _text(out, summary, (8, int(30 * font_scale) + 8), font_scale, (80, 255, 80))
    return out


def _grid(out: np.ndarray, g: Geometry, thick: int, border: tuple[int, int, int]) -> None:
    if isinstance(g, HexGeometry):
        for r in range(g.rows):
            for c in range(g.cols):
                corners = np.array([(round(p.x), round(p.y)) for p in g.polygon(Cell(r, c))])
                cv2.polylines(out, [corners], True, (0, 255, 255), thick)
        return
    for x in g.xs:
        cv2.line(out, (round(x), round(g.top)), (round(x), round(g.bottom)), (0, 255, 255), thick)
    for y in g.ys:
        cv2.line(out, (round(g.left), round(y)), (round(g.right), round(y)), (0, 255, 255), thick)
    cv2.rectangle(
        out, (round(g.left), round(g.top)), (round(g.right), round(g.bottom)), border, 2 * thick
    )


def _text(
    img: np.ndarray, text: str, org: tuple[int, int], scale: float, colour: tuple[int, int, int]
) -> None:
    thickness = max(1, round(2 * scale))
    cv2.putText(
        img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thickness + 3, cv2.LINE_AA
    )
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thickness, cv2.LINE_AA)
