"""``flowbot extract IMAGE... [-o OUT.txt] [--json] [--debug DIR]``: screenshots to puzzle text."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

from flowbot.errors import FlowbotError, InputError, VisionError
from flowbot.models import BoardGeometry, Reading
from flowbot.vision import UnsureBoardError, draw_reading, load_image, read_board


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "extract",
        help="read screenshots into puzzle grid text",
        description=(
            "Read each screenshot's board into grid text (one line per row, '.' empty, "
            "A, B, C... per colour). Refused images get a one-line reason and exit status 2."
        ),
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="PNG or JPEG screenshots")
    parser.add_argument("-o", "--output", metavar="OUT", help="write the grid text here")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per image instead of grid text"
    )
    parser.add_argument(
        "--debug", metavar="DIR", help="write each screenshot with what was read drawn on it"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.debug:
        Path(args.debug).mkdir(parents=True, exist_ok=True)
    blocks: list[str] = []
    refused = 0
    for name in args.images:
        reading: Reading | None = None
        refused_grid: BoardGeometry | None = None
        image = None
        try:
            image = load_image(name)
            reading = read_board(image)
            reason = ""
        except InputError as exc:
            reason = str(exc)  # already names the file
            message = reason
        except VisionError as exc:
            reason = str(exc)
            message = f"{name}: {reason}"
            if isinstance(exc, UnsureBoardError):
                refused_grid = exc.geometry
        if reading is None:
            refused += 1
            print(f"flowbot: {message}", file=sys.stderr)
        if args.json:
            blocks.append(json.dumps(_record(name, reading, reason)))
        elif reading is not None:
            blocks.append("\n".join(reading.puzzle.to_grid()))
        if args.debug and image is not None:
            _write_debug(Path(args.debug), name, draw_reading(image, reading, reason, refused_grid))
    text = ("\n" if args.json else "\n\n").join(blocks)
    if text:
        text += "\n"
    if args.output:
        try:
            Path(args.output).write_text(text)
        except OSError as exc:
            raise FlowbotError(f"{args.output}: cannot write ({exc.strerror or exc})") from exc
    else:
        sys.stdout.write(text)
    return 2 if refused else 0


def _record(name: str, reading: Reading | None, reason: str) -> dict[str, object]:
    if reading is None:
        return {
            "image": name,
            "status": "refused",
            "rows": None,
            "cols": None,
            "grid": None,
            "reason": reason,
            "geometry": None,
            "confidence": 0.0,
        }
    g = reading.geometry
    return {
        "image": name,
        "status": "ok",
        "rows": reading.puzzle.rows,
        "cols": reading.puzzle.cols,
        "grid": list(reading.puzzle.to_grid()),
        "reason": "",
        "geometry": {
            "left": round(g.left, 1),
            "top": round(g.top, 1),
            "right": round(g.right, 1),
            "bottom": round(g.bottom, 1),
            "xs": [round(x, 1) for x in g.xs],
            "ys": [round(y, 1) for y in g.ys],
            "cell_size": round(g.cell_size, 2),
        },
        "colours": [list(c) for c in reading.colours],
        "confidence": reading.confidence,
    }


def _write_debug(folder: Path, name: str, overlay: object) -> None:
    out = folder / (Path(name).stem + ".debug.png")
    if not cv2.imwrite(str(out), cv2.cvtColor(overlay, cv2.COLOR_RGB2BGR)):  # type: ignore[call-overload]
        raise FlowbotError(f"{out}: cannot write the debug image")
