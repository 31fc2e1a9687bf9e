"""``flowbot extract IMAGE... [-o OUT.txt] [--json] [--debug DIR]``: screenshots to puzzle text.

Several boards read go each after a ``# puzzle: IMAGE`` line, which every
flowbot command reads back (``OUT.txt#k`` is the k-th).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from flowbot.cli._paths import input_file, output_dir, output_file
from flowbot.errors import InputError, VisionError

# The vision stack (OpenCV, NumPy, SciPy) loads when the command runs, never
# while the parser is built.
if TYPE_CHECKING:
    from flowbot.models import Geometry, Reading


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "extract",
        help="read screenshots into puzzle grid text",
        description=(
            "Read each screenshot's board into grid text (one line per row, '.' empty, "
            "A, B, C... per colour). Refused images get a one-line reason and exit status 2."
        ),
    )
    parser.add_argument(
        "images", nargs="+", type=input_file, metavar="IMAGE", help="PNG or JPEG screenshots"
    )
    parser.add_argument(
        "-o", "--output", type=output_file(), metavar="OUT", help="write the grid text here"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per image instead of grid text"
    )
    parser.add_argument(
        "--debug",
        type=output_dir,
        metavar="DIR",
        help="write each screenshot with what was read drawn on it",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from flowbot.formats import NamedPuzzle, format_puzzles  # noqa: PLC0415
    from flowbot.vision import (  # noqa: PLC0415
        UnsureBoardError,
        draw_reading,
        load_image,
        read_board,
    )

    records: list[str] = []
    read: list[NamedPuzzle] = []
    refused = 0
    for path in args.images:
        name = str(path)
        reading: Reading | None = None
        refused_grid: Geometry | None = None
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
            records.append(json.dumps(_record(name, reading, reason)) + "\n")
        elif reading is not None:
            read.append(NamedPuzzle(name, reading.puzzle, title=name))
        if args.debug and image is not None:
            _write_debug(args.debug, name, draw_reading(image, reading, reason, refused_grid))
    # Grid text for classic boards, board text as soon as one is not.
    form = "grid" if all(named.puzzle.is_classic for named in read) else "board"
    text = "".join(records) if args.json else format_puzzles(read, form) if read else ""
    if args.output:
        args.output.write_text(text, encoding="utf-8")
        what = f"{len(records)} reading(s)" if args.json else f"{len(read)} puzzle(s)"
        print(f"wrote {what} to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 2 if refused else 0


def _record(name: str, reading: Reading | None, reason: str) -> dict[str, object]:
    from flowbot.formats._json import (  # noqa: PLC0415 - as the vision stack is
        board_record,
        dots_record,
        geometry_record,
    )

    if reading is None:
        return {
            "image": name,
            "status": "refused",
            "rows": None,
            "cols": None,
            "board": None,
            "dots": None,
            "grid": None,
            "reason": reason,
            "geometry": None,
            "confidence": 0.0,
        }
    puzzle = reading.puzzle
    record: dict[str, object] = {
        "image": name,
        "status": "ok",
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "board": board_record(puzzle),
        "dots": dots_record(puzzle),
        # The grid text of a classic board (walls, bridges and warps do not fit in it).
        "grid": list(puzzle.to_grid()) if puzzle.is_classic else None,
        "reason": "",
        "geometry": geometry_record(puzzle, reading.geometry),
        "colours": [list(c) for c in reading.colours],
        "confidence": reading.confidence,
    }
    if reading.pipes:
        record["pipes"] = {
            pair.label: [list(c) for c in sorted(cells)]
            for pair, cells in zip(puzzle.pairs, reading.pipes, strict=True)
        }
    return record


def _write_debug(folder: Path, name: str, overlay: object) -> None:
    import cv2  # noqa: PLC0415 - loaded with the vision stack

    out = folder / (Path(name).stem + ".debug.png")
    if not cv2.imwrite(str(out), cv2.cvtColor(overlay, cv2.COLOR_RGB2BGR)):  # type: ignore[call-overload]
        raise InputError(f"{out}: cannot write the debug image")
