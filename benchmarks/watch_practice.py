"""Benchmark: what watching the board costs while drawing, and how fast it stops the drawing.

On a 14x14 practice board (real window, mss, pyautogui, on a virtual display
started when there is none):

1. cost: the same plan drawn with and without the watch (a look before every
   press and move), at the practice profile's pacing and as fast as possible;
   medians of the drawing time, and the time one look takes;
2. stop: the window is moved with xdotool after the 40th move; the time from
   the change showing on the screen (a helper thread watches a dot) to the
   button's release, and how many moves came after the change (floor: the
   release within 100 ms).

    python benchmarks/watch_practice.py [--runs 5]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import subprocess
import sys
import threading
import time

import mss
import numpy as np

from flowbot.actuate import (
    BoardWatch,
    MssScreen,
    PyAutoGuiPointer,
    draw,
    ensure_display,
    load_profile,
    make_plan,
    pin_board,
    play_once,
)
from flowbot.errors import BoardMovedError
from flowbot.models import Point
from flowbot.practice import PracticeProcess, builtin_board

BOARD = builtin_board("14x14")
AT = (60, 40)


def _colour_at(point: Point) -> np.ndarray:
    with mss.MSS() as grabber:
        spot = {"left": round(point.x), "top": round(point.y), "width": 1, "height": 1}
        return np.asarray(grabber.grab(spot))[0, 0, 2::-1].astype(float)


def cost(runs: int, cell: int) -> None:
    base = load_profile("practice", shipped_only=True).settings
    print("pacing ms | draw s without watch | draw s with watch | looks | ms per look")
    for step in (base.pacing.step, 0.0):
        settings = dataclasses.replace(base, pacing=dataclasses.replace(base.pacing, step=step))
        plain, watched, per_look, looks = [], [], [], 0
        for _ in range(runs):
            for use_watch in (False, True):
                with PracticeProcess(BOARD, cell=cell, at=AT):
                    screen, pointer = MssScreen(), PyAutoGuiPointer()
                    plan = make_plan(screen, settings=settings)
                    watch = BoardWatch(
                        screen, pin_board(plan.capture, plan.board, BOARD), tolerance=40
                    )
                    t = time.perf_counter()
                    draw(plan.drags, pointer, area=plan.area, pace=settings.pacing,
                         watch=watch if use_watch else None)  # fmt: skip
                    (watched if use_watch else plain).append(time.perf_counter() - t)
                    if not use_watch:
                        t = time.perf_counter()
                        for _ in range(200):
                            watch(None)
                        per_look.append((time.perf_counter() - t) / 200)
                    else:
                        looks = watch.looks
                    screen.close()
        med = statistics.median
        print(
            f"{step * 1000:9.1f} | {med(plain):20.3f} | {med(watched):17.3f} | {looks:5d} | "
            f"{med(per_look) * 1000:11.2f}"
        )


class _Pointer:
    def __init__(self, trigger: threading.Event) -> None:
        self.mouse, self.trigger, self.moves = PyAutoGuiPointer(), trigger, 0
        self.stamps: list[tuple[float, str]] = []

    def press(self, point: Point) -> None:
        self.stamps.append((time.perf_counter(), "press"))
        self.mouse.press(point)

    def move(self, point: Point) -> None:
        self.stamps.append((time.perf_counter(), "move"))
        self.mouse.move(point)
        self.moves += 1
        if self.moves == 40:
            self.trigger.set()

    def release(self) -> None:
        self.mouse.release()
        self.stamps.append((time.perf_counter(), "release"))


def _move_when(
    go: threading.Event, wid: str, dot: Point, colour: np.ndarray, shown: list[float]
) -> None:
    """Move the window once ``go`` is set; note when the dot's old place changed."""
    go.wait(60)
    subprocess.run(["xdotool", "windowmove", "--sync", wid, "420", "300"], check=True)
    with mss.MSS() as grabber:
        spot = {"left": round(dot.x), "top": round(dot.y), "width": 1, "height": 1}
        while np.linalg.norm(np.asarray(grabber.grab(spot))[0, 0, 2::-1] - colour) <= 60:
            pass
    shown.append(time.perf_counter())


def stop(runs: int, cell: int) -> None:
    settings = load_profile("practice", shipped_only=True).settings
    latencies, late_moves = [], []
    for _ in range(runs):
        with PracticeProcess(BOARD, cell=cell, at=AT) as window:
            dot = window.board.centre(BOARD.pairs[0].a)
            colour = _colour_at(dot)
            wid = subprocess.run(
                ["xdotool", "search", "--name", "flowbot practice"],
                capture_output=True, text=True, check=True,
            ).stdout.split()[0]  # fmt: skip
            go, shown = threading.Event(), list[float]()
            mover = threading.Thread(
                target=_move_when, args=(go, wid, dot, colour, shown), daemon=True
            )
            mover.start()
            pointer = _Pointer(go)
            screen = MssScreen()
            try:
                play_once(screen, pointer, settings=settings)
                print("the drawing was not stopped")
                continue
            except BoardMovedError:
                pass
            finally:
                screen.close()
            mover.join(10)
            after = [kind for t, kind in pointer.stamps if t > shown[0]]
            latencies.append(pointer.stamps[-1][0] - shown[0])
            late_moves.append(after.count("move"))
    med = statistics.median
    print(
        f"window moved after move 40, {runs} runs: release {med(latencies) * 1000:.1f} ms "
        f"(median; max {max(latencies) * 1000:.1f} ms) after the change showed; moves after "
        f"it: max {max(late_moves)}; floor 100 ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cell", type=int, default=34)
    args = parser.parse_args()
    with ensure_display():
        cost(args.runs, args.cell)
        stop(args.runs * 2, args.cell)
    return 0


if __name__ == "__main__":
    sys.exit(main())
