"""Benchmark: boards per minute on a pack of practice boards played in a row.

The practice window plays a pack of generated 5x5-9x9 boards as a series (a
solved level is covered, ``--panel-delay-ms`` later, by a "level complete"
panel with a "next" button, as in the game); ``play_loop`` with the practice
profile solves each board and clicks "next". Times run from the start of the
loop to the last board confirmed; the panel's delay is the game's own and is
reported apart. (A panel that comes before the bot has looked at the drawn
board, 30 ms here, hides it: the bot cannot confirm the board and will not
tap, so the delay stays above that.)

    python benchmarks/series_practice.py [--boards 20] [--panel-delay-ms 800 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from flowbot.actuate import (
    MssScreen,
    PlayReport,
    PyAutoGuiPointer,
    ensure_display,
    load_profile,
    play_loop,
    warm_up,
)
from flowbot.errors import FlowbotError
from flowbot.practice import PracticeProcess, practice_pack


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--panel-delay-ms", type=float, nargs="+", default=[800.0, 300.0])
    parser.add_argument("--seed", type=int, default=3100)
    args = parser.parse_args()
    sizes = [5 + i % 5 for i in range(args.boards)]
    levels = practice_pack(sizes, seed=args.seed)
    settings = load_profile("practice", shipped_only=True).settings
    print(f"{args.boards} practice boards, 5x5-9x9, in a row (2 shared cores)")
    print("panel delay ms | boards solved | errors | seconds | boards/min | median s per board")
    warm_up()
    with ensure_display():
        for delay in args.panel_delay_ms:
            results: list[PlayReport | FlowbotError] = []
            with PracticeProcess(levels, cell=40, at=(80, 60), panel_delay=delay / 1000):
                screen = MssScreen()
                t = time.perf_counter()
                solved = play_loop(
                    screen, PyAutoGuiPointer(), settings=settings, on_report=results.append,
                    boards=len(levels),
                )  # fmt: skip
                seconds = time.perf_counter() - t
                screen.close()
            reports = [r for r in results if isinstance(r, PlayReport)]
            errors = len(results) - len(reports)
            per_board = statistics.median(r.total_seconds for r in reports)
            print(
                f"{delay:14.0f} | {solved:13d} | {errors:6d} | {seconds:7.1f} | "
                f"{60 * solved / seconds:10.1f} | {per_board:18.2f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
