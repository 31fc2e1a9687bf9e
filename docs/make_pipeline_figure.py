"""Draw ``docs/pipeline.png``: the README's picture of the pipeline, made by the pipeline.

Usage::

    python docs/make_pipeline_figure.py [--shot fixtures/screenshots/synth_phone_0.png]

One screenshot goes through the real stages, and each panel shows what a stage
made of it: the screenshot, the reader's debug overlay (``extract --debug``),
the solution, and the planned drags (``play --dry-run``'s preview).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from flowbot.actuate import FileScreen, make_plan, preview_image, to_capture
from flowbot.models import BoardGeometry
from flowbot.render import render_board
from flowbot.vision import draw_reading

ROOT = Path(__file__).resolve().parent.parent
SHOT = ROOT / "fixtures" / "screenshots" / "synth_phone_0.png"
OUT = Path(__file__).resolve().parent / "pipeline.png"
PANEL_H = 300
GAP = 56
CAPTION_H = 64
FONT = "DejaVuSans.ttf"


def _board(image: np.ndarray, g: BoardGeometry) -> np.ndarray:
    pad = g.cell_size / 3
    h, w = image.shape[:2]
    top, left = max(0, int(g.top - pad)), max(0, int(g.left - pad))
    return image[top : min(h, int(g.bottom + pad)), left : min(w, int(g.right + pad))]


def _panel(image: np.ndarray) -> Image.Image:
    picture = Image.fromarray(image)
    return picture.resize(
        (round(picture.width * PANEL_H / picture.height), PANEL_H), Image.Resampling.LANCZOS
    )


def figure(shot: Path) -> Image.Image:
    """The four panels side by side, with arrows and captions."""
    plan = make_plan(FileScreen(shot))
    image, reading = plan.capture.image, plan.reading
    board = to_capture(plan.board, plan.capture)
    size, colours = reading.puzzle.size, len(reading.puzzle.pairs)
    solved = render_board(reading.puzzle, plan.solution, cell_px=48, colours=reading.colours)
    panels = [
        (_panel(image), "screenshot", "captured with mss"),
        (_panel(_board(draw_reading(image, reading), board)), "vision", f"{size}, {colours} pairs"),
        (_panel(solved), "solve", "SAT: a path each"),
        (_panel(_board(preview_image(plan), board)), "actuate", f"{plan.moves} mouse moves"),
    ]
    width = sum(p.width for p, _, _ in panels) + GAP * (len(panels) + 1)
    canvas = Image.new("RGB", (width, PANEL_H + CAPTION_H + 16), (255, 255, 255))
    draw = ImageDraw.Draw(canvas)
    bold = ImageFont.truetype(FONT.replace(".ttf", "-Bold.ttf"), 20)
    plain = ImageFont.truetype(FONT, 16)
    x = GAP
    for i, (picture, title, note) in enumerate(panels):
        canvas.paste(picture, (x, 8))
        centre = x + picture.width / 2
        draw.text((centre, PANEL_H + 20), title, fill=(20, 20, 20), font=bold, anchor="mt")
        draw.text((centre, PANEL_H + 46), note, fill=(90, 90, 90), font=plain, anchor="mt")
        x += picture.width + GAP
        if i < len(panels) - 1:
            y = 8 + PANEL_H / 2
            draw.line((x - GAP + 10, y, x - 14, y), fill=(60, 60, 60), width=4)
            draw.polygon([(x - 8, y), (x - 20, y - 9), (x - 20, y + 9)], fill=(60, 60, 60))
    return canvas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shot", type=Path, default=SHOT, help="screenshot to show")
    parser.add_argument("--out", type=Path, default=OUT, help="PNG to write")
    args = parser.parse_args()
    figure(args.shot).save(args.out, optimize=True)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
