"""`flowbot calibrate`: find the fastest pacing a target takes reliably; write a profile."""

from __future__ import annotations

import argparse
import contextlib

from flowbot.cli._paths import output_file
from flowbot.cli._screen import (
    PracticeBoards,
    add_screen_options,
    interruptible,
    screen_settings,
)
from flowbot.errors import InputError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "calibrate",
        help="find the fastest pacing and longest jump the target takes; write a profile",
        description="With an unsolved board on the screen, draw its solution at faster and "
        "slower pacings, then in longer and longer straight jumps, then pressing and letting "
        "go with no wait of their own, read the result back each time, and write a profile "
        "with the fastest pacing and longest jump that worked on every try, and whether the "
        "buttons need a wait (hold_ms, between_ms). Between tries the board is cleared as "
        "--clear says. --practice calibrates against a practice board opened for the "
        "purpose. The profile goes to the user's profiles (see flowbot profiles) and holds "
        "only what was measured; the rest comes from the shipped profile it starts from.",
    )
    where = add_screen_options(parser)
    where.add_argument(
        "--practice",
        choices=PracticeBoards(),
        nargs="?",
        const="9x9",
        metavar="BOARD",
        help="open a practice board (default 9x9) and calibrate against it",
    )
    parser.add_argument(
        "--profile",
        metavar="NAME",
        help="start from this profile's settings (default: practice with --practice)",
    )
    parser.add_argument("--name", help="the new profile's name (default: the --profile name)")
    parser.add_argument("--trials", type=int, default=3, help="tries per pacing (default 3)")
    parser.add_argument(
        "--clear",
        metavar="HOW",
        help='how to clear the board between tries: "redraw" (drawing from a dot replaces '
        'its pipe; the default), "tap" (a tap on a dot clears it), "key:NAME" (a reset key) '
        'or "click:X,Y" (a reset button, X and Y fractions of the board); default: the '
        "profile's",
    )
    parser.add_argument(
        "--headroom",
        type=int,
        default=1,
        metavar="N",
        help="keep the pacing N candidates slower than the fastest that worked, for bigger "
        "boards and busier machines (default 1; 0 keeps the fastest)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=output_file(".toml"),
        metavar="FILE",
        help="where to write the profile (default: NAME.toml in the user's profiles)",
    )
    parser.set_defaults(handler=run)


@interruptible
def run(args: argparse.Namespace) -> int:
    # Loaded here, not at import: building the parser must stay quick.
    from flowbot.actuate import (  # noqa: PLC0415
        MssScreen,
        Profile,
        PyAutoGuiPointer,
        Settings,
        calibrate,
        check_clear_mode,
        ensure_display,
        is_shipped,
        jump_toml,
        load_profile,
        measured_toml,
        shipped_base,
        user_profile_dir,
    )
    from flowbot.practice import PracticeProcess, builtin_board  # noqa: PLC0415

    base_name = args.profile or ("practice" if args.practice else None)
    base = load_profile(base_name) if base_name else Profile("custom", settings=Settings())
    name = args.name or base.name
    settings, monitor = screen_settings(args, base.settings, base.monitor or 0)
    if args.trials < 1:
        raise InputError("--trials must be at least 1")
    if args.headroom < 0:
        raise InputError("--headroom must be 0 or more")
    try:
        clear = check_clear_mode(args.clear or base.clear)
    except ValueError as exc:
        raise InputError(f"--clear: {exc}") from None
    out = args.output or user_profile_dir() / f"{name}.toml"
    if is_shipped(out):
        raise InputError(f"{out}: a shipped profile, never written over; give another -o")
    with contextlib.ExitStack() as stack:
        if args.practice:
            stack.enter_context(ensure_display())
            stack.enter_context(PracticeProcess(builtin_board(args.practice)))
        result = calibrate(
            MssScreen(monitor),
            PyAutoGuiPointer(),
            settings=settings,
            trials=args.trials,
            headroom=args.headroom,
            clear=clear,
        )
    for trial in result.trials:
        outcome = "taken" if trial.taken else f"missed {', '.join(trial.missing)}"
        jump = "a whole run" if trial.jump is None else f"{trial.jump} cell(s)"
        buttons = ", press and release at once" if trial.at_once else ""
        print(
            f"{trial.step * 1000:5.1f} ms per move, jumps of {jump}{buttons}: {outcome} "
            f"({trial.seconds:.2f} s)"
        )
    kept, was = result.settings.pacing, base.settings.pacing
    pacing = {"step_ms": kept.step * 1000}
    if kept.between != was.between:
        pacing["between_ms"] = kept.between * 1000
    if kept.held != was.held:
        pacing["hold_ms"] = kept.held * 1000
    notes = [
        f"flowbot calibrate: {result.step * 1000:.1f} ms per move took every path in "
        f"{args.trials} trial(s) on a {result.puzzle.size} board",
    ]
    if kept.step != result.step:
        notes.append(
            f"kept {kept.step * 1000:.1f} ms, {args.headroom} candidate(s) slower (--headroom; "
            "slower than what worked, not tried itself), for bigger boards and busier machines"
        )
    text = measured_toml(
        name,
        base.description or f"calibrated by flowbot calibrate on a {result.puzzle.size} board",
        pacing,
        based_on=shipped_base(base_name) if base_name else None,
        notes=notes,
        sections={
            "drag": {"jump": jump_toml(result.jump)},
            # How the board was cleared, for the next calibration (redraw is the default).
            **({"calibrate": {"clear": f'"{clear}"'}} if clear != "redraw" else {}),
        },
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    jump = "a whole straight run" if result.jump is None else f"{result.jump} cell(s)"
    print(
        f"fastest reliable pacing: {result.step * 1000:.1f} ms per move; "
        f"kept {kept.step * 1000:.1f} ms; longest jump taken: {jump}; press and release "
        f"{'at once' if result.at_once else 'a step apart from the moves'}; wrote {out}"
    )
    return 0
