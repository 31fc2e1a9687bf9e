"""The "level complete" panel of a series of practice boards, and its "next" button.

As in the game, a solved level in a series is covered, a moment later, by a
panel over the middle of the board with a button to the next level (the last
level's panel has none). Its place is given relative to the board, so it sits
in the same place on every board size: the practice profile's ``[next]``
section clicks at ``NEXT_AT``.
"""

from __future__ import annotations

from flowbot.models import Geometry
from flowbot.practice._render import Layout, Rect, Shape, Text

#: The "next" button's centre, as fractions of the board's width and height.
NEXT_AT = (0.5, 0.62)
#: The panel's extent (left, top, right, bottom), as fractions of the board.
_PANEL = (0.06, 0.22, 0.94, 0.78)
#: The button's half width and half height, as fractions of the board.
_BUTTON = (0.2, 0.08)
PANEL_FILL = (48, 48, 60)
BUTTON_FILL = (52, 152, 219)
TEXT = (235, 235, 235)


def _box(g: Geometry, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    w, h = g.right - g.left, g.bottom - g.top
    return (g.left + x0 * w, g.top + y0 * h, g.left + x1 * w, g.top + y1 * h)


def next_button(layout: Layout) -> tuple[float, float, float, float]:
    """The "next" button's box (x0, y0, x1, y1) in window pixels."""
    (cx, cy), (hw, hh) = NEXT_AT, _BUTTON
    x0, y0, x1, y1 = _box(layout.geometry, cx - hw, cy - hh, cx + hw, cy + hh)
    return (x0, y0, x1, y1)


def in_next_button(layout: Layout, x: float, y: float) -> bool:
    """True when window pixel ``(x, y)`` is on the "next" button."""
    x0, y0, x1, y1 = next_button(layout)
    return x0 <= x < x1 and y0 <= y < y1


def panel_shapes(layout: Layout, level: int, levels: int) -> list[Shape]:
    """The panel for a solved ``level`` (1-based) of ``levels``, back to front."""
    g = layout.geometry
    x0, y0, x1, y1 = _box(g, *_PANEL)
    size = max(10, layout.cell // 3)
    last = level >= levels
    title = "pack complete!" if last else "level complete!"
    out: list[Shape] = [
        Rect((x0, y0, x1, y1), PANEL_FILL),
        Text((x0 + (x1 - x0) * 0.1, y0 + (y1 - y0) * 0.22), title, TEXT, size),
        Text(
            (x0 + (x1 - x0) * 0.1, y0 + (y1 - y0) * 0.42), f"level {level} of {levels}", TEXT, size
        ),
    ]
    if not last:
        bx0, by0, bx1, by1 = next_button(layout)
        out += [
            Rect((bx0, by0, bx1, by1), BUTTON_FILL),
            Text((bx0 + (bx1 - bx0) * 0.3, (by0 + by1) / 2), "next", TEXT, size),
        ]
    return out
