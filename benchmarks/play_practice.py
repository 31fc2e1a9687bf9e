"""Benchmark: time from capture to confirmed solved on a 14x14 practice board, per fill mode.

Runs the real pipeline (mss, vision, solver, pyautogui) against the practice
window on a virtual display (started when there is none), several times per
pacing, in each of the practice board's fill modes: "run" (fills the straight
run a jump crossed, like most versions of the game: the bot jumps a whole run
per move, as calibration finds there) and "neighbours" (takes only
side-by-side cells: a move per cell). The median is compared with the floor of
issue 28: the moves the plan needs at one per frame (1/60 s) plus 0.3 s, the
speed limit of a game that reads the pointer once per frame. The practice
board reads every pointer event, so the bot may beat it there by pacing
faster than a frame; a real game will not let it.

    python benchmarks/play_practice.py [--runs 5] [--board 14x14] [--step-ms 8 16.7]
                                       [--fill run neighbours]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys

from flowbot.actuate import (
    FRAME,
    MssScreen,
    Pacing,
    PyAutoGuiPointer,
    Settings,
    ensure_display,
    load_profile,
    play_once,
    warm_up,
)
from flowbot.errors import FlowbotError
from flowbot.practice import BUILTIN_BOARDS, PracticeProcess, builtin_board

#: The jump calibration finds in each fill mode (tests/actuate/test_e2e.py checks it).
JUMPS: dict[str, int | None] = {"run": None, "neighbours": 1}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--board", choices=BUILTIN_BOARDS, default="14x14")
    parser.add_argument("--cell", type=int, default=40)
    parser.add_argument("--step-ms", type=float, nargs="+", default=[8.0, 1000 * FRAME])
    parser.add_argument("--fill", choices=tuple(JUMPS), nargs="+", default=list(JUMPS))
    args = parser.parse_args()
    puzzle = builtin_board(args.board)
    base: Settings = load_profile("practice", shipped_only=True).settings
    print(f"{args.board} practice board, {args.runs} runs per row (medians; 2 shared cores)")
    print(
        "fill | step ms | total s (capture->confirmed) | capture ms | read ms | solve ms | "
        "draw s | confirm ms | moves | floor s (moves/60 + 0.3) | within floor | solved"
    )
    warm_up()
    with ensure_display():
        screen, pointer = None, None
        for fill in args.fill:
            for step_ms in args.step_ms:
                step = step_ms / 1000
                settings = dataclasses.replace(base, pacing=Pacing(step, step), jump=JUMPS[fill])
                rows, failures, solved = [], list[str](), 0
                for _ in range(args.runs):
                    with PracticeProcess(puzzle, cell=args.cell, at=(60, 40), fill=fill) as window:
                        screen = screen or MssScreen()
                        pointer = pointer or PyAutoGuiPointer()
                        try:
                            report = play_once(screen, pointer, settings=settings)
                        except FlowbotError as exc:
                            failures.append(str(exc))
                            continue
                        solved += window.wait_solved(timeout=2.0)
                    rows.append(report)
                if not rows:
                    print(f"{fill} | {step_ms:7.1f} | every run failed: {failures[0]}")
                    continue
                med = statistics.median
                total = med(r.total_seconds for r in rows)
                moves = round(med(r.moves for r in rows))
                floor = moves * FRAME + 0.3
                print(
                    f"{fill} | {step_ms:7.1f} | {total:28.2f} | "
                    f"{med(r.capture_seconds for r in rows) * 1000:10.0f} | "
                    f"{med(r.read_seconds for r in rows) * 1000:7.0f} | "
                    f"{med(r.solve_seconds for r in rows) * 1000:8.0f} | "
                    f"{med(r.draw_seconds for r in rows):6.2f} | "
                    f"{med(r.confirm_seconds for r in rows) * 1000:10.0f} | {moves:5d} | "
                    f"{floor:24.2f} | {'yes' if total <= floor else 'NO':>12} | "
                    f"{solved}/{args.runs}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
