"""A picture of a plan: the planned strokes over the screenshot they were read from."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from flowbot import look
from flowbot.actuate._plan import to_capture
from flowbot.actuate._play import Plan


def preview_image(plan: Plan) -> npt.NDArray[np.uint8]:
    """The capture with the board's outline and walls traced and every drag drawn on it.

    Each stroke is a line in its dot's colour as seen, outlined in white so it
    stands out from the pipe it predicts, with a ring where the button goes
    down and a square where it comes up (a path through a warp is several
    strokes, each ending past the opening).
    """
    image = Image.fromarray(plan.capture.image)
    d = ImageDraw.Draw(image)
    g = to_capture(plan.board, plan.capture)
    puzzle = plan.solution.puzzle
    for edge in look.edges(puzzle, g):
        if edge.kind is look.EdgeKind.WALL:
            d.line((edge.a, edge.b), fill=(255, 255, 255), width=2)
    width = max(2, round(g.cell_size * 0.12))
    r = max(3, round(g.cell_size * 0.18))
    colours = dict(
        zip((p.label for p in plan.reading.puzzle.pairs), plan.reading.colours, strict=True)
    )
    for drag in plan.drags:
        points = [
            (
                (p.x - plan.capture.left) * plan.capture.scale,
                (p.y - plan.capture.top) * plan.capture.scale,
            )
            for p in drag.points
        ]
        d.line(points, fill=(255, 255, 255), width=width + 4, joint="curve")
        d.line(points, fill=tuple(colours[drag.label]), width=width, joint="curve")
        (x0, y0), (x1, y1) = points[0], points[-1]
        d.ellipse((x0 - r, y0 - r, x0 + r, y0 + r), outline=(255, 255, 255), width=3)
        d.rectangle((x1 - r, y1 - r, x1 + r, y1 + r), outline=(255, 255, 255), width=3)
    return np.asarray(image, dtype=np.uint8)
