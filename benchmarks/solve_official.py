"""Solve every official level of ``../shared/official`` in one process; check every answer twice.

Each level is read with ``flowbot.formats`` (the game's level-pack format),
solved with ``flowbot.solve.solve`` and its answer checked twice: by
``Solution.validate()``, and by ``check_line`` below, an independent checker
written from the rules in ``../shared/official/README.md`` (standard library
only, sharing no code with ``flowbot.models``): it parses the level's line
itself and checks the answer's cells as the game numbers them
(``index = row * WIDTH + col``). The reference solution in the line is only
used for the level's dots, and first to show the checker is not vacuous: it
must take every level's own answer and refuse two broken copies of it.

Writes a CSV, one row per level (pack, level, kind, size, flows, status,
in-process seconds and CPU seconds, both checks), and prints a table per kind
and one per size: levels, solved, wrong, median and maximum milliseconds.

``--check-json FILE`` instead checks the answers of one ``flowbot solve --json``
run over the packs (each object's ``puzzle`` is ``PACK#k``) with the same
independent checker, so the CLI's own answers are judged too::

    flowbot solve ../shared/official/levelpack_*.txt --json > answers.jsonl
    python benchmarks/solve_official.py --check-json answers.jsonl

Usage::

    python benchmarks/solve_official.py [--shared ../shared] [--csv solve_official.csv]
        [--timeout 30] [--only SUBSTRING] [--backend sat]

``--backend cpsat-degree`` (or ``cpsat-distance``) runs a CP-SAT reference
backend instead, a cross-check: those forbid paths that touch themselves, which
no official answer does, so they too must solve every level.
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


# --- the independent checker: standard library only, from the README's rules ---


class Level:
    """One line of a level pack, parsed on its own terms (README: "Line layout")."""

    def __init__(self, line: str) -> None:
        fields = line.strip().split(";")
        head = fields[0].split(",")
        size = head[0].split("+")[0]  # the +B/+I flags change nothing in the rules
        self.hex = size.startswith("X_")
        self.wraps = size.startswith("W_")
        if self.hex or self.wraps:
            size = size[2:]
        w, _, h = size.partition(":")
        self.w = int(w)
        self.h = int(h) if h else self.w
        extra = head[4:] + [""] * (7 - len(head))
        self.bridges = {int(c) for c in extra[0].split(":") if c}
        self.holes = {int(c.split("_")[0]) for c in extra[1].split(":") if c}
        self.walls = {frozenset(map(int, pair.split("|"))) for pair in extra[2].split(":") if pair}
        self.paths = [[int(c) for c in path.split(",")] for path in fields[1:]]
        self.dots = [(path[0], path[-1]) for path in self.paths]

    def lattice(self, i: int, *, wrap: bool = True) -> list[int]:
        """Cell ``i``'s neighbours before walls and holes (README: "Rules")."""
        r, c = divmod(i, self.w)
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if self.hex:  # odd columns sit half a cell higher
            steps += [(-1, -1), (-1, 1)] if c % 2 else [(1, -1), (1, 1)]
        out = []
        for dr, dc in steps:
            rr, cc = r + dr, c + dc
            if self.wraps and wrap:  # a torus: each edge pair is a warp
                rr, cc = rr % self.h, cc % self.w
            if 0 <= rr < self.h and 0 <= cc < self.w and (rr, cc) != (r, c):
                out.append(rr * self.w + cc)
        return out

    def step_ok(self, a: int, b: int) -> bool:
        return (
            a not in self.holes
            and b not in self.holes
            and frozenset((a, b)) not in self.walls
            and b in self.lattice(a)
        )

    def axis(self, a: int, b: int) -> str:
        """``"row"`` for a step along a row (also across a row's warp), else ``"col"``."""
        return "row" if a // self.w == b // self.w else "col"

    def kind(self) -> str:
        """The README's label: square/rect/hex, then the features present."""
        base = "hex" if self.hex else ("square" if self.w == self.h else "rect")
        inner = any(b in self.lattice(a, wrap=False) for a, b in map(tuple, self.walls))
        features = [
            name
            for name, present in (
                ("warps", self.wraps),
                ("bridges", self.bridges),
                ("holes", self.holes),
                ("walls", inner),
            )
            if present
        ]
        return "+".join([base, *features])


def check_line(line: str, paths: Sequence[Sequence[int]]) -> str:
    """Why ``paths`` (cell indices, one list per flow in the line's order) break a rule, or ``""``.

    A flow may cross a bridge twice (once each way); the reference solutions
    never do, and the game's rules as the README states them do not forbid it.
    """
    level = Level(line)
    if len(paths) != len(level.dots):
        return f"{len(paths)} paths for {len(level.dots)} flows"
    seen: dict[int, list[str]] = defaultdict(list)  # cell -> the axes it was crossed along
    for k, (path, dots) in enumerate(zip(paths, level.dots, strict=True)):
        if len(path) < 2 or {path[0], path[-1]} != set(dots):
            return f"flow {k} does not join its dots {dots}"
        for i, cell in enumerate(path):
            if not 0 <= cell < level.w * level.h or cell in level.holes:
                return f"flow {k} leaves the board at {cell}"
            if i and not level.step_ok(path[i - 1], cell):
                return f"flow {k} steps from {path[i - 1]} to {cell}"
            if cell in level.bridges:
                if i in (0, len(path) - 1):
                    return f"flow {k} ends on the bridge {cell}"
                before, after = path[i - 1], path[i + 1]
                way = level.axis(before, cell)
                if before == after or level.axis(cell, after) != way:
                    return f"flow {k} turns on the bridge {cell}"
                seen[cell].append(way)
            else:
                seen[cell].append("")
    for cell in range(level.w * level.h):
        if cell in level.holes:
            continue
        want = ["col", "row"] if cell in level.bridges else [""]
        if sorted(seen.get(cell, [])) != want:
            return f"cell {cell} is crossed {len(seen.get(cell, []))} times"
    return ""


# --- the benchmark ---


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--csv", type=Path, default=Path("solve_official.csv"))
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per level")
    parser.add_argument("--backend", default="sat", help="a flowbot.solve backend")
    parser.add_argument("--only", default="", help="only packs whose file name contains this")
    parser.add_argument("--check-json", type=Path, metavar="FILE", help="check a CLI run instead")
    args = parser.parse_args(argv)
    packs = sorted(
        (p for p in (args.shared / "official").glob("levelpack_*.txt") if args.only in p.name),
        key=lambda p: int(p.stem.split("_")[1]),
    )
    if not packs:
        print(f"no level packs under {args.shared / 'official'}", file=sys.stderr)
        return 2
    if args.check_json is not None:
        return check_json(args.check_json, packs)
    return run(packs, args.csv, args.timeout, args.backend)


def run(packs: list[Path], out: Path, timeout: float, backend: str) -> int:
    # Imported here: checking a CLI run (--check-json) needs none of these.
    from flowbot.errors import InvalidSolutionError, NeedsTouchingError  # noqa: PLC0415
    from flowbot.formats import read_puzzles  # noqa: PLC0415
    from flowbot.models import Puzzle  # noqa: PLC0415
    from flowbot.solve import solve  # noqa: PLC0415

    print(self_check(packs))
    wall = time.perf_counter()
    # Load the solver's modules outside the timings; a board past 256 nodes also
    # loads scipy, which the solver imports only for such boards.
    solve(Puzzle.from_grid(["A" + "." * 298 + "A"]), backend=backend)
    rows = []
    for pack in packs:
        lines = pack.read_text().splitlines()
        levels = read_puzzles(pack)
        for k, (line, named) in enumerate(zip(lines, levels, strict=True), start=1):
            p = named.puzzle
            cpu, wall_s = time.process_time(), time.perf_counter()
            try:
                result = solve(p, timeout=timeout, backend=backend)
                status, solution, seconds = result.status.value, result.solution, result.seconds
            except NeedsTouchingError:  # a CP-SAT backend found no answer kept apart
                status, solution, seconds = "needs-touching", None, time.perf_counter() - wall_s
            cpu = time.process_time() - cpu
            valid = checked = ""
            if solution is not None:
                try:
                    solution.validate()
                    valid = "ok"
                except InvalidSolutionError as exc:
                    valid = str(exc)
                cells = [[r * p.cols + c for r, c in path] for path in solution.paths]
                checked = check_line(line, cells) or "ok"
                if valid != "ok" or checked != "ok":
                    status = "wrong"
            kind = Level(line).kind()
            rows.append(
                (pack.name, k, kind, f"{p.cols}x{p.rows}", len(p.pairs), status,
                 seconds, cpu, valid, checked)
            )  # fmt: skip
            if status != "solved" or seconds > 0.05:
                print(f"{pack.name}#{k} {kind} {status} {1e3 * seconds:.1f} ms "
                      f"(cpu {1e3 * cpu:.1f} ms) {valid} {checked}", file=sys.stderr)  # fmt: skip
    wall = time.perf_counter() - wall
    with out.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(
            ["pack", "level", "kind", "size", "flows", "status", "seconds", "cpu_seconds",
             "validate", "independent_check"]
        )  # fmt: skip
        writer.writerows((*r[:6], f"{r[6]:.6f}", f"{r[7]:.6f}", *r[8:]) for r in rows)
    wrong = sum(r[5] == "wrong" for r in rows)
    unsolved = sum(r[5] not in ("solved", "wrong") for r in rows)
    table("kind", [(r[2], r[5], r[6], r[7]) for r in rows])
    print()
    table("size (WxH)", [(r[3], r[5], r[6], r[7]) for r in rows], by_size=True)
    seconds = [r[6] for r in rows]
    print(
        f"\n{len(rows)} levels: {sum(r[5] == 'solved' for r in rows)} solved, {wrong} wrong, "
        f"{unsolved} not solved; median {1e3 * statistics.median(seconds):.2f} ms, "
        f"max {1e3 * max(seconds):.2f} ms; solve total {sum(seconds):.1f} s, "
        f"wall {wall:.1f} s; csv {out}"
    )
    return 1 if wrong or unsolved else 0


def self_check(packs: list[Path]) -> str:
    """Show that the checker is not vacuous: it takes every level's own answer, refuses broken ones.

    Broken: the longest path's last step undone (its end no longer a dot), and
    the first two paths exchanged.
    """
    taken = refused = levels = 0
    for pack in packs:
        for line in pack.read_text().splitlines():
            levels += 1
            paths = Level(line).paths
            taken += not check_line(line, paths)
            longest = max(range(len(paths)), key=lambda k: len(paths[k]))
            cut = [p[:-1] if k == longest else p for k, p in enumerate(paths)]
            swapped = [paths[1], paths[0], *paths[2:]]
            refused += bool(check_line(line, cut)) and bool(check_line(line, swapped))
    return (
        f"checker: {taken}/{levels} reference answers taken, "
        f"{refused}/{levels} levels' broken answers refused\n"
    )


def table(title: str, rows: Iterable[tuple[str, str, float, float]], by_size: bool = False) -> None:
    """Print levels, solved, wrong, median and max ms (wall and CPU) per group."""
    groups: dict[str, list[tuple[str, float, float]]] = defaultdict(list)
    for key, status, seconds, cpu in rows:
        groups[key].append((status, seconds, cpu))

    def order(key: str) -> tuple[int, ...] | tuple[int, str]:
        if by_size:
            return tuple(int(x) for x in key.split("x"))[::-1]
        return (-len(groups[key]), key)

    print(
        f"| {title} | levels | solved | wrong | median ms | max ms | median CPU ms | max CPU ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for key in sorted(groups, key=order):
        found = groups[key]
        ms = [1e3 * s for _, s, _ in found]
        cpu = [1e3 * c for _, _, c in found]
        solved = sum(s == "solved" for s, _, _ in found)
        wrong = sum(s == "wrong" for s, _, _ in found)
        print(
            f"| {key} | {len(found)} | {solved} | {wrong} | {statistics.median(ms):.2f} | "
            f"{max(ms):.2f} | {statistics.median(cpu):.2f} | {max(cpu):.2f} |"
        )


def check_json(answers: Path, packs: list[Path]) -> int:
    """Check a ``flowbot solve --json`` run's answers with the independent checker."""
    lines = {}
    for pack in packs:
        for k, line in enumerate(pack.read_text().splitlines(), start=1):
            lines[f"{pack.name}#{k}"] = line
    seen = solved = wrong = 0
    seconds = []
    for text in answers.read_text().splitlines():
        record = json.loads(text)
        key = Path(record["puzzle"]).name
        if key not in lines:
            continue
        seen += 1
        seconds.append(record["seconds"])
        if record["status"] != "solved":
            print(f"{key}: {record['status']}", file=sys.stderr)
            continue
        level = Level(lines[key])
        paths = [
            [r * level.w + c for r, c in record["paths"][str(k)]] for k in range(len(level.dots))
        ]
        reason = check_line(lines[key], paths)
        if reason:
            wrong += 1
            print(f"{key}: wrong: {reason}", file=sys.stderr)
        else:
            solved += 1
    print(
        f"{seen} of {len(lines)} levels answered: {solved} solved and checked, {wrong} wrong, "
        f"{seen - solved - wrong} not solved; median {1e3 * statistics.median(seconds):.2f} ms, "
        f"max {1e3 * max(seconds):.2f} ms (in-process, as the CLI reports them)"
    )
    return 0 if solved == len(lines) else 1


if __name__ == "__main__":
    raise SystemExit(main())
