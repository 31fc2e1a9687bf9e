"""Benchmark: time from capture to confirmed solved on a 14x14 practice board, per fill mode.

Runs the real pipeline (mss, vision, solver, pyautogui) against the practice
window on a virtual display (started when there is none), several times per
pacing, in each of the practice board's fill modes: "run" (fills the straight
run a jump crossed, like most versions of the game: the bot jumps a whole run
per move, as calibration finds there) and "neighbours" (takes only
side-by-side cells: a move per cell).

The median is compared with the floor of issue 28: every pointer move the game
must take at one per frame (1/60 s), plus 0.3 s. The moves are those of the
drawing and the jump to each dot it presses (a new place the game must see
the press at); the floor over the drawing moves alone is shown too. The
practice board reads every pointer event, so the bot could beat it by pacing
faster than a frame; a real game will not let it: ``--step-ms`` is the wait
between two moves (one frame by default). Whether a press and a release need
a wait of their own is the practice profile's (``hold_ms``, ``between_ms``: 0
where calibration finds the board takes them at once), else a frame each.

``--checkout DIR`` times another checkout's flowbot (e.g. main) in the same
run: each checkout plays in a process of its own, runs taking turns.

    python benchmarks/play_practice.py [--runs 5] [--board 14x14] [--step-ms 16.7]
                                       [--fill run neighbours] [--checkout DIR ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60

#: The jump calibration finds in each fill mode (tests/actuate/test_e2e.py checks it).
JUMPS: dict[str, int | None] = {"run": None, "neighbours": 1}


def worker(board: str, cell: int) -> int:
    """Play one board per request line (``fill step``) with the flowbot on the path;
    answer each with one JSON line. Only API that every checkout has is used."""
    from flowbot.actuate import (  # noqa: PLC0415 - the checkout's own, on PYTHONPATH
        MssScreen,
        PyAutoGuiPointer,
        load_profile,
        play_once,
        warm_up,
    )
    from flowbot.errors import FlowbotError  # noqa: PLC0415
    from flowbot.practice import PracticeProcess, builtin_board  # noqa: PLC0415

    puzzle = builtin_board(board)
    base = load_profile("practice", shipped_only=True).settings
    warm_up()
    screen, pointer = MssScreen(), PyAutoGuiPointer()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        fill, step_text = line.split()
        step = float(step_text)
        between = 0.0 if base.pacing.between == 0 else step  # hold_ms carries over
        pacing = dataclasses.replace(base.pacing, step=step, between=between)
        settings = dataclasses.replace(base, pacing=pacing, jump=JUMPS[fill])
        with PracticeProcess(puzzle, cell=cell, at=(60, 40), fill=fill) as window:
            try:
                r = play_once(screen, pointer, settings=settings)
            except FlowbotError as exc:
                print(json.dumps({"error": str(exc)}), flush=True)
                continue
            solved = window.wait_solved(timeout=2.0)
        row = {
            k: getattr(r, k)
            for k in ("drags", "moves", "total_seconds", "capture_seconds", "read_seconds",
                      "solve_seconds", "draw_seconds", "confirm_seconds")
        }  # fmt: skip
        print(json.dumps({**row, "redrawn": len(r.redrawn), "solved": bool(solved)}), flush=True)
    return 0


class Player:
    """A worker process playing with one checkout's flowbot."""

    def __init__(self, checkout: Path, board: str, cell: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(checkout))
        command = [sys.executable, __file__, "--worker", "--board", board, "--cell", str(cell)]
        self.proc = subprocess.Popen(
            command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self._answer()  # warmed up

    def _answer(self) -> dict[str, object]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("a worker died (see its error above)")
        answer: dict[str, object] = json.loads(line)
        return answer

    def play(self, fill: str, step: float) -> dict[str, object]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{fill} {step}\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--board", default="14x14")
    parser.add_argument("--cell", type=int, default=40)
    parser.add_argument("--step-ms", type=float, nargs="+", default=[1000 * FRAME])
    parser.add_argument("--fill", choices=tuple(JUMPS), nargs="+", default=list(JUMPS))
    parser.add_argument("--checkout", type=Path, nargs="*", default=[],
                        help="other checkouts to time in the same run")  # fmt: skip
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.board, args.cell)

    from flowbot.actuate import ensure_display  # noqa: PLC0415

    checkouts = [ROOT, *(c.resolve() for c in args.checkout)]
    print(f"{args.board} practice board, {args.runs} runs per row (medians; 2 shared cores)")
    print(
        "checkout | fill | step ms | total s (capture->confirmed) | capture ms | read ms | "
        "solve ms | draw s | confirm ms | moves | presses | floor s ((moves+presses)/60 + 0.3) "
        "| within | floor s (moves/60 + 0.3) | within | paths re-drawn | solved"
    )
    with ensure_display():
        players = [Player(c, args.board, args.cell) for c in checkouts]
        try:
            for fill in args.fill:
                for step_ms in args.step_ms:
                    rows: dict[Path, list[dict[str, float]]] = {c: [] for c in checkouts}
                    failures: dict[Path, list[str]] = {c: [] for c in checkouts}
                    for _ in range(args.runs):
                        for checkout, player in zip(checkouts, players, strict=True):
                            answer = player.play(fill, step_ms / 1000)
                            if "error" in answer:
                                failures[checkout].append(str(answer["error"]))
                            else:
                                rows[checkout].append(answer)  # type: ignore[arg-type]
                    for checkout in checkouts:
                        _print_row(
                            checkout, fill, step_ms, rows=rows[checkout],
                            failures=failures[checkout], runs=args.runs,
                        )  # fmt: skip
        finally:
            for player in players:
                player.close()
    return 0


def _print_row(
    checkout: Path, fill: str, step_ms: float, *, rows: list[dict[str, float]],
    failures: list[str], runs: int,
) -> None:  # fmt: skip
    name = "this" if checkout == ROOT else str(checkout)
    if not rows:
        print(f"{name} | {fill} | {step_ms:7.1f} | every run failed: {failures[0]}")
        return

    def med(key: str) -> float:
        return statistics.median(r[key] for r in rows)

    total, moves, presses = med("total_seconds"), round(med("moves")), round(med("drags"))
    floor_all = (moves + presses) * FRAME + 0.3
    floor_moves = moves * FRAME + 0.3
    solved = sum(bool(r["solved"]) for r in rows)
    redrawn = sum(int(r["redrawn"]) for r in rows)
    failed = f" ({len(failures)} failed: {failures[0]})" if failures else ""
    print(
        f"{name} | {fill} | {step_ms:7.1f} | {total:28.2f} | "
        f"{med('capture_seconds') * 1000:10.0f} | {med('read_seconds') * 1000:7.0f} | "
        f"{med('solve_seconds') * 1000:8.0f} | {med('draw_seconds'):6.2f} | "
        f"{med('confirm_seconds') * 1000:10.0f} | {moves:5d} | {presses:7d} | "
        f"{floor_all:35.2f} | {'yes' if total <= floor_all else 'NO':>6} | "
        f"{floor_moves:24.2f} | {'yes' if total <= floor_moves else 'NO':>6} | "
        f"{redrawn:13d} | {solved}/{runs}{failed}"
    )


if __name__ == "__main__":
    sys.exit(main())
