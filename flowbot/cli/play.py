"""`flowbot play`: find the board on the screen, solve it and draw it with the mouse."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from flowbot.cli._paths import input_file, output_dir, output_file
from flowbot.cli._screen import add_screen_options, interruptible, screen_settings
from flowbot.errors import FlowbotError, InputError, VisionError

# flowbot.actuate (numpy, Pillow, mss) is imported by the functions that use
# it: building the parser must not load it.
if TYPE_CHECKING:
    import numpy as np

    from flowbot.actuate import Plan, PlayReport, Screen, Settings
    from flowbot.actuate._play import Reader
    from flowbot.models import Reading

log = logging.getLogger(__name__)

#: Where ``--dry-run`` draws the plan unless ``-o`` says.
PREVIEW = "flowbot-plan.png"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "play",
        help="solve the Flow Free board on the screen with the mouse",
        description="Capture the screen, read the board, solve it, draw every path with the "
        "mouse and confirm the game took them. Move the pointer into a screen corner to stop "
        "(pyautogui's fail-safe).",
    )
    where = add_screen_options(parser)
    where.add_argument(
        "--image",
        type=input_file,
        metavar="FILE",
        help="plan on a saved screenshot (implies --dry-run)",
    )
    parser.add_argument(
        "--profile",
        metavar="NAME",
        help="settings for the target: a name (flowbot profiles) or a TOML file",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--once", action="store_true", help="solve one board and exit (default)")
    mode.add_argument("--loop", action="store_true", help="solve each new board until Ctrl-C")
    parser.add_argument(
        "--dry-run", action="store_true", help="no mouse: print the plan and write a preview PNG"
    )
    parser.add_argument(
        "-o",
        "--output",
        type=output_file(".png"),
        metavar="PNG",
        help=f"where --dry-run writes the planned strokes (default {PREVIEW})",
    )
    parser.add_argument(
        "--debug",
        type=output_dir,
        metavar="DIR",
        help="when a board is refused, save the capture and what the reader saw in DIR",
    )
    parser.add_argument("--step-ms", type=float, help="wait between two pointer moves (ms)")
    parser.add_argument(
        "--style",
        choices=("cells", "turns"),
        help="a move per cell, or per straight run (default: the profile's jump)",
    )
    parser.set_defaults(handler=run)


def _settings(args: argparse.Namespace) -> tuple[Settings, int]:
    from flowbot.actuate import DRAG_STYLES, Pacing, Settings, load_profile  # noqa: PLC0415

    settings, monitor = Settings(), 0
    if args.profile:
        profile = load_profile(args.profile)
        settings, monitor = profile.settings, profile.monitor or 0
    settings, monitor = screen_settings(args, settings, monitor)
    if args.step_ms is not None:
        if args.step_ms < 0:
            raise InputError("--step-ms cannot be negative")
        step = args.step_ms / 1000
        # The buttons keep the profile's waits where it found them needless (0).
        kept = settings.pacing
        pacing = Pacing(step, step if kept.between else 0.0, None if kept.held else 0.0)
        settings = dataclasses.replace(settings, pacing=pacing)
    if args.style:
        settings = dataclasses.replace(settings, jump=DRAG_STYLES[args.style])
    return settings, monitor


def _describe_plan(plan: Plan) -> list[str]:
    p, b = plan.reading.puzzle, plan.board
    lines = [
        f"board {p.size} with {len(p.pairs)} colours at ({b.left:.0f}, {b.top:.0f})-"
        f"({b.right:.0f}, {b.bottom:.0f}); captured in {plan.capture_seconds * 1000:.0f} ms, "
        f"read in {plan.read_seconds * 1000:.0f} ms, "
        f"solved in {plan.solve_seconds * 1000:.0f} ms",
    ]
    if plan.kept:
        kept = ", ".join(plan.solution.puzzle.pairs[i].label for i in sorted(plan.kept))
        lines.append(f"  kept as drawn: {kept}")
    for drag in plan.to_draw:
        a, z = drag.points[0], drag.points[-1]
        lines.append(
            f"  {drag.label}: press ({a.x:.0f}, {a.y:.0f}), {drag.moves} moves, "
            f"release ({z.x:.0f}, {z.y:.0f})"
        )
    return lines


def describe_report(report: PlayReport) -> str:
    """One line about a solved board (also used by `flowbot demo`)."""
    from flowbot.actuate import FRAME  # noqa: PLC0415

    if report.already_solved:
        return f"{report.puzzle.size} board already solved: left as it is"
    floor = report.moves * FRAME
    line = (
        f"solved {report.puzzle.size} ({len(report.puzzle.pairs)} colours) in "
        f"{report.total_seconds:.2f} s from capture to confirmed: capture "
        f"{report.capture_seconds * 1000:.0f} ms, read {report.read_seconds * 1000:.0f} ms, "
        f"solve {report.solve_seconds * 1000:.0f} ms, draw {report.draw_seconds:.2f} s, "
        f"confirm {report.confirm_seconds * 1000:.0f} ms, {report.moves} moves "
        f"({report.moves_per_second:.0f}/s; one move per frame would take {floor:.2f} s)"
    )
    if report.redrawn:
        line += f"; re-drew {', '.join(report.redrawn)}"
    return line


@interruptible
def run(args: argparse.Namespace) -> int:
    from flowbot.actuate import (  # noqa: PLC0415
        FRAME,
        FileScreen,
        MssScreen,
        PyAutoGuiPointer,
        make_plan,
        moves_floor,
        play_loop,
        play_once,
        preview_image,
        save_png,
        warm_up,
    )
    from flowbot.vision import read_board  # noqa: PLC0415

    settings, monitor = _settings(args)
    read = _saving_refusals(args.debug, read_board) if args.debug else read_board
    screen: Screen
    if args.image:
        screen = FileScreen(args.image)
        args.dry_run = True
    else:
        screen = MssScreen(monitor)
    # First-use costs (imports, caches, shared memory) are not the stages' own.
    warm_up(screen, settings.region)
    if args.dry_run:
        preview = args.output or output_file(".png")(PREVIEW)
        plan = make_plan(screen, settings=settings, read=read)
        print("\n".join(_describe_plan(plan)))
        print(
            f"{plan.moves} moves: at least {moves_floor(plan.drags, FRAME):.2f} s at one per frame"
        )
        save_png(preview_image(plan), preview)
        print(f"wrote {preview}: the planned strokes drawn on the screenshot")
        return 0
    pointer = PyAutoGuiPointer()
    if args.loop:

        def show(result: PlayReport | FlowbotError) -> None:
            if isinstance(result, FlowbotError):
                print(f"flowbot: {result} (waiting for the next board)", flush=True)
            else:
                print(describe_report(result), flush=True)

        print("watching for boards; Ctrl-C or the pointer in a screen corner stops", flush=True)
        play_loop(screen, pointer, settings=settings, on_report=show, read=read)
        return 0
    report = play_once(screen, pointer, settings=settings, read=read)
    print(describe_report(report))
    return 0


def _saving_refusals(folder: Path, read_board: Reader) -> Reader:
    """``read_board``, saving each capture it refuses and its overlay (as ``extract --debug``)
    in ``folder``. A refusal repeated, as while ``--loop`` waits for a board, is saved once."""
    from flowbot.actuate import save_png  # noqa: PLC0415
    from flowbot.vision import UnsureBoardError, draw_reading  # noqa: PLC0415

    numbers = itertools.count(1)
    last = ""

    def read(image: np.ndarray) -> Reading:
        nonlocal last
        try:
            reading = read_board(image)
        except VisionError as exc:
            if str(exc) != last:
                last = str(exc)
                grid = exc.geometry if isinstance(exc, UnsureBoardError) else None
                stem = folder / f"refused-{time.strftime('%Y%m%d-%H%M%S')}-{next(numbers)}"
                save_png(image, f"{stem}.capture.png")
                save_png(draw_reading(image, None, last, grid), f"{stem}.debug.png")
                log.info("refused: %s (saved %s.capture.png and .debug.png)", last, stem)
            raise
        last = ""
        return reading

    return read
