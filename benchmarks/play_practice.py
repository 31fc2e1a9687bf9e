"""Benchmark: time from capture to confirmed solved on a 14x14 practice board.

Runs the real pipeline (mss, vision, solver, pyautogui) against the practice
window on a virtual display (started when there is none), several times per
pacing, and compares the median with the floor of one move per frame
(moves x 1/60 s), the speed limit of a game that reads the pointer once per
frame. The practice board reads every pointer event, so the bot may beat that
floor there; a real game will not let it.

    python benchmarks/play_practice.py [--runs 5] [--board 14x14] [--step-ms 4 16.7]
                                       [--style cells|turns]

"moves" is the floor's count (a move per cell step); with ``--style turns``
the bot makes fewer, so it can beat the floor even at one move per frame.
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
)
from flowbot.errors import FlowbotError
from flowbot.practice import BUILTIN_BOARDS, PracticeProcess, builtin_board


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--board", choices=BUILTIN_BOARDS, default="14x14")
    parser.add_argument("--cell", type=int, default=40)
    parser.add_argument("--step-ms", type=float, nargs="+", default=[4.0, 1000 * FRAME])
    parser.add_argument("--style", choices=("cells", "turns"), default="cells")
    args = parser.parse_args()
    puzzle = builtin_board(args.board)
    base: Settings = load_profile("practice", shipped_only=True).settings
    print(
        f"{args.board} practice board, {args.style} drags, {args.runs} runs per pacing "
        "(medians; 2 shared cores)"
    )
    print(
        "step ms | total s (capture->confirmed) | read ms | solve ms | draw s | moves | "
        "floor s (moves x 1/60) | total/floor | re-drawn paths | solved"
    )
    with ensure_display():
        screen, pointer = None, None
        for step_ms in args.step_ms:
            step = step_ms / 1000
            settings = dataclasses.replace(base, pacing=Pacing(step, step), style=args.style)
            rows = []
            failures: list[str] = []
            solved = 0
            for _ in range(args.runs):
                with PracticeProcess(puzzle, cell=args.cell, at=(60, 40)) as window:
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
                print(f"{step_ms:7.1f} | every run failed: {failures[0]}")
                continue
            med = statistics.median
            total = med(r.total_seconds for r in rows)
            planned = puzzle.rows * puzzle.cols - len(puzzle.pairs)  # a move per cell step
            floor = planned * FRAME
            redrawn = sum(len(r.redrawn) for r in rows)
            read_ms = med(r.read_seconds for r in rows) * 1000
            print(
                f"{step_ms:7.1f} | {total:28.2f} | {read_ms:7.0f} | "
                f"{med(r.solve_seconds for r in rows) * 1000:8.0f} | "
                f"{med(r.draw_seconds for r in rows):6.2f} | {planned:5d} | "
                f"{floor:22.2f} | {total / floor:11.2f} | {redrawn:14d} | {solved}/{args.runs}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
