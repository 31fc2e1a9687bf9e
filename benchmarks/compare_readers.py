"""Compare two checkouts' readers screen by screen: any change in what they read, and their speed.

Usage::

    python benchmarks/compare_readers.py BASE OTHER [--synthetic 50] [--decoys 25]
        [--variants 128] [--jobs 1] [--cache DIR] [--only SOURCE ...] [--check-generators]

``BASE`` and ``OTHER`` are checkouts of flowbot (folders holding ``flowbot/``).
Each side's ``read_board`` runs in a process of its own with ``PYTHONPATH`` set
to its checkout, over the same screens:

- every screen in ``/work/shared/screens`` (``--screens``; skipped when absent);
- every fixture in ``fixtures/screenshots`` (of ``BASE``);
- a fixed sample of the synthetic benchmark (``--synthetic`` seeds per category,
  seeds 0..), of the decoy benchmark (``--decoys`` seeds per kind) and of the
  real-variant benchmark (every variant of ``--variants`` real screens spread
  evenly over them, seed 0).

The generated screens are made once, by ``BASE``'s generators (``--generate-with``
to choose another checkout), and kept as lossless PNG under ``--cache``, so both
readers see the same pixels. ``--check-generators`` also makes them with
``OTHER``'s generators and reports any screen whose pixels differ.

For every screen it compares the status (read, or refused and the error's
type), the puzzle, the reason text, the geometry (every grid line's position,
for a refusal the grid it is about), the pair colours, the confidence and the
notes; it prints each difference and a count per source. The read time of
each side is measured in the same run, the two sides taking turns screen by
screen (which goes first alternates), and reported as medians: of the wall
time, and of each reader's own CPU time (steadier on a shared machine, where
waiting for a core is most of the wall time) with the geometric mean of the
per-screen CPU ratios. Exits 1 when anything differs.
"""

# The reader and generators are imported inside the functions that run in a
# checkout's own process, after PYTHONPATH has chosen the checkout.
# ruff: noqa: PLC0415
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

SCREENS = Path("/work/shared/screens")
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}
VARIANTS = ("scaled", "jpeg", "drift", "crop", "mirror", "combo")


# --- run inside a checkout ---------------------------------------------------------------


def _worker() -> None:
    """Read each path given on stdin; answer one JSON line per path on stdout."""
    import cv2
    import numpy as np

    import flowbot
    from flowbot.errors import VisionError
    from flowbot.formats import format_puzzle
    from flowbot.vision import load_image, read_board

    cv2.setNumThreads(1)
    np.seterr(all="ignore")
    out = sys.stdout
    out.write(json.dumps({"flowbot": str(Path(flowbot.__file__).resolve().parent)}) + "\n")
    out.flush()
    for line in sys.stdin:
        path = line.rstrip("\n")
        image = load_image(path)
        answer: dict[str, Any] = {}
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            reading = read_board(image)
        except VisionError as exc:
            ms = (time.perf_counter() - start) * 1000
            cpu_ms = (time.process_time() - cpu_start) * 1000
            geometry = getattr(exc, "geometry", None)
            answer = {"status": f"refused:{type(exc).__name__}", "reason": str(exc)}
            if geometry is not None:
                answer["geometry"] = _geometry(geometry)
        except Exception as exc:  # a crash is an answer to compare too
            ms = (time.perf_counter() - start) * 1000
            cpu_ms = (time.process_time() - cpu_start) * 1000
            answer = {"status": f"crashed:{type(exc).__name__}", "reason": str(exc)}
        else:
            ms = (time.perf_counter() - start) * 1000
            cpu_ms = (time.process_time() - cpu_start) * 1000
            answer = {
                "status": "read",
                "puzzle": [reading.puzzle.rows, reading.puzzle.cols]
                + [[p.label, list(p.a), list(p.b)] for p in reading.puzzle.pairs],
                "geometry": _geometry(reading.geometry),
                "colours": [list(c) for c in reading.colours],
                "confidence": reading.confidence,
                "notes": list(reading.notes),
            }
        if answer["status"] == "read" and not reading.puzzle.is_classic:
            # The holes, walls, bridges, warps and shape (a hexagonal board's too).
            answer["board"] = format_puzzle(reading.puzzle.canonical(), "board")
        answer["ms"] = ms
        answer["cpu_ms"] = cpu_ms
        # json writes floats by repr: every bit of a line position survives.
        out.write(json.dumps(answer) + "\n")
        out.flush()


def _geometry(geometry: Any) -> list[Any]:
    """Where a board was read, every bit of it: a square grid's lines, a hexagonal
    board's first centre, steps and size (it has no grid lines)."""
    if hasattr(geometry, "xs"):
        return [list(geometry.xs), list(geometry.ys)]
    origin = geometry.origin
    return [
        [origin.x, origin.y],
        [geometry.col_step, geometry.row_step],
        [geometry.rows, geometry.cols],
    ]


def _import_generators() -> tuple[Any, Any, Any]:
    """The synthetic and decoy generators and the real-variant maker of this checkout."""
    try:
        from flowbot.screens import decoys, synthetic  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from flowbot.vision import decoys, synthetic  # type: ignore[attr-defined,no-redef,unused-ignore]
    sys.path.insert(0, str(Path(os.environ["PYTHONPATH"].split(os.pathsep)[0]) / "benchmarks"))
    import vision_real_variants

    return synthetic, decoys, vision_real_variants


def _generator(spec_json: str, out_dir: str) -> None:
    """Write every generated screen of ``spec`` as PNG under ``out_dir``; one JSON line each."""
    import zlib

    import cv2
    import numpy as np
    from PIL import Image

    from flowbot.vision import find_images, load_image, read_board
    from flowbot.vision._check import label_for

    cv2.setNumThreads(1)
    np.seterr(all="ignore")
    spec = json.loads(spec_json)
    synthetic, decoys, real_variants = _import_generators()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)

    def save(name: str, source: str, image: np.ndarray) -> None:
        path = out / f"{name}.png"
        Image.fromarray(np.ascontiguousarray(image)).save(path, compress_level=1)
        digest = hashlib.sha256(np.ascontiguousarray(image).tobytes()).hexdigest()
        line = {"name": name, "source": source, "path": str(path), "sha256": digest}
        sys.stdout.write(json.dumps(line) + "\n")
        sys.stdout.flush()

    for category in synthetic.CATEGORIES:
        for seed in range(spec["synthetic"]):
            shot = synthetic.sample(category, seed)
            save(f"synthetic_{category}_{seed}", "synthetic", shot.image)
    for kind in decoys.KINDS:
        for seed in range(spec["decoys"]):
            save(f"decoy_{kind}_{seed}", "decoys", decoys.decoy(kind, seed).image)
    screens = Path(spec["screens"])
    if spec["variants"] and screens.is_dir():
        images = [str(p) for p, _ in find_images([screens])]
        step = max(1, len(images) // spec["variants"])
        for index, path in enumerate(images[::step][: spec["variants"]]):
            image = load_image(path)
            board = None
            if label_for(Path(path)) is not None:
                g = read_board(image).geometry  # as vision_real_variants.run_one does
                board = (g.left, g.top, g.right, g.bottom, g.cell_size)
            for variant in VARIANTS:
                # The benchmark's own seeding: seed 0, mixed with the image's path.
                rng = np.random.default_rng([0, zlib.crc32(path.encode())])
                changed = real_variants.make_variant(image, variant, rng, board)
                if changed is not None:
                    save(f"variant_{variant}_{index}", "real variants", changed)


# --- the comparison ----------------------------------------------------------------------


def _python(checkout: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    return subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), *args],
        env=env,
        cwd="/",  # nothing of the caller's folder on the path
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _generate(checkout: Path, spec: dict[str, Any], cache: Path) -> list[dict[str, str]]:
    """The generated screens of ``spec`` made by ``checkout``, from the cache when there."""
    key = hashlib.sha256(json.dumps([str(checkout.resolve()), spec]).encode()).hexdigest()[:16]
    folder = cache / key
    manifest = folder / "manifest.jsonl"
    if not manifest.is_file():
        print(f"generating screens with {checkout} into {folder} ...", flush=True)
        proc = _python(checkout, "--generate", json.dumps(spec), str(folder / "png"))
        assert proc.stdin is not None
        assert proc.stdout is not None
        proc.stdin.close()
        lines = proc.stdout.read()
        if proc.wait() != 0:
            raise SystemExit(f"generating screens with {checkout} failed")
        manifest.write_text(lines)
    return [json.loads(line) for line in manifest.read_text().splitlines()]


class _Side:
    """One checkout's reader in a process of its own."""

    def __init__(self, checkout: Path) -> None:
        self.proc = _python(checkout, "--worker")
        hello = json.loads(self._line())
        where = Path(hello["flowbot"])
        if not where.is_relative_to(checkout.resolve()):
            raise SystemExit(f"{checkout}: its worker imported flowbot from {where}")

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a reader process ended early")
        return line

    def read(self, path: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(path + "\n")
        self.proc.stdin.flush()
        answer: dict[str, Any] = json.loads(self._line())
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _read_all(
    base: Path, other: Path, screens: list[tuple[str, str]], jobs: int
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Both sides' answers for every screen, the sides taking turns (first alternating)."""
    answers: list[tuple[dict[str, Any], dict[str, Any]] | None] = [None] * len(screens)
    done = [0]
    lock = threading.Lock()

    def shard(first: int) -> None:
        try:
            sides = (_Side(base), _Side(other))
        except SystemExit as exc:
            print(f"a reader did not start: {exc}", flush=True)
            return
        try:
            for i in range(first, len(screens), jobs):
                path = screens[i][1]
                if i % 2:
                    b = sides[1].read(path)
                    a = sides[0].read(path)
                else:
                    a = sides[0].read(path)
                    b = sides[1].read(path)
                answers[i] = (a, b)
                with lock:
                    # Each difference as soon as seen: a long run stopped early still tells.
                    for line in _differences(a, b):
                        print(f"DIFFERENT {screens[i][0]} {path}: {line}", flush=True)
                    done[0] += 1
                    if done[0] % 250 == 0:
                        print(f"  {done[0]}/{len(screens)} screens read", flush=True)
        finally:
            for side in sides:
                side.close()

    threads = [threading.Thread(target=shard, args=(j,)) for j in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if any(a is None for a in answers):
        raise SystemExit("some screens were not read")
    return answers  # type: ignore[return-value]


def _differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    keys = sorted((set(a) | set(b)) - {"ms", "cpu_ms"})
    return [f"{k}: {a.get(k)!r} != {b.get(k)!r}" for k in keys if a.get(k) != b.get(k)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="checkout read as the baseline")
    parser.add_argument("other", type=Path, help="checkout compared with it")
    parser.add_argument("--screens", type=Path, default=SCREENS, help="real screenshots")
    parser.add_argument("--synthetic", type=int, default=50, help="seeds per synthetic category")
    parser.add_argument("--decoys", type=int, default=25, help="seeds per decoy kind")
    parser.add_argument("--variants", type=int, default=128, help="real screens to vary")
    parser.add_argument("--jobs", type=int, default=1, help="pairs of reader processes")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/flowbot-compare-readers"))
    parser.add_argument("--generate-with", type=Path, help="checkout whose generators make screens")
    parser.add_argument("--check-generators", action="store_true")
    parser.add_argument(
        "--only",
        action="append",
        choices=("real", "fixtures", "synthetic", "decoys", "real variants"),
        help="compare only these sources",
    )
    args = parser.parse_args(argv)
    args.base, args.other = args.base.resolve(), args.other.resolve()
    for checkout in (args.base, args.other):
        if not (checkout / "flowbot" / "vision").is_dir():
            parser.error(f"{checkout}: not a flowbot checkout")

    screens: list[tuple[str, str]] = []  # (source, path)
    if args.screens.is_dir():
        screens += [
            ("real", str(p))
            for p in sorted(args.screens.rglob("*"))
            if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()
        ]
    fixtures = args.base / "fixtures" / "screenshots"
    screens += [
        ("fixtures", str(p))
        for p in sorted(fixtures.glob("*"))
        if p.suffix.lower() in IMAGE_SUFFIXES
    ]
    spec = {
        "synthetic": args.synthetic,
        "decoys": args.decoys,
        "variants": args.variants,
        "screens": str(args.screens),
    }
    generated = {"synthetic", "decoys", "real variants"}
    wanted = generated if args.only is None else generated & set(args.only)
    made = _generate(args.generate_with or args.base, spec, args.cache) if wanted else []
    screens += [(m["source"], m["path"]) for m in made]
    if args.check_generators and made:
        theirs = {m["name"]: m["sha256"] for m in _generate(args.other, spec, args.cache)}
        changed = [m["name"] for m in made if theirs.get(m["name"]) != m["sha256"]]
        changed += sorted(set(theirs) - {m["name"] for m in made})
        print(f"generators: {len(made)} screens, {len(changed)} differ")
        for name in changed[:50]:
            print(f"  generated differently: {name}")
        if changed:
            return 1
    if args.only:
        screens = [s for s in screens if s[0] in args.only]

    print(f"comparing {args.base} with {args.other} on {len(screens)} screens", flush=True)
    started = time.perf_counter()
    answers = _read_all(args.base, args.other, screens, max(1, args.jobs))
    wall = time.perf_counter() - started

    counts: Counter[str] = Counter(source for source, _ in screens)
    differing: Counter[str] = Counter()
    statuses: Counter[tuple[str, str]] = Counter()
    for (source, _), (a, b) in zip(screens, answers, strict=True):
        statuses[(source, a["status"].split(":")[0])] += 1
        if _differences(a, b):
            differing[source] += 1
    print(f"\n{'source':<15}{'screens':>9}{'read':>7}{'refused':>9}{'crashed':>9}{'differ':>8}")
    for source in counts:
        row = [statuses[(source, s)] for s in ("read", "refused", "crashed")]
        cells = "".join(f"{v:>{w}}" for v, w in zip(row, (7, 9, 9), strict=True))
        print(f"{source:<15}{counts[source]:>9}{cells}{differing[source]:>8}")
    total = sum(differing.values())
    print(f"{'total':<15}{len(screens):>9}{'':>25}{total:>8}")
    med_a = statistics.median(a["ms"] for a, _ in answers)
    med_b = statistics.median(b["ms"] for _, b in answers)
    print(
        f"median read time: base {med_a:.1f} ms, other {med_b:.1f} ms "
        f"(other/base {med_b / med_a:.3f}); {wall:.0f} s wall, {args.jobs} job(s)"
    )
    # On a shared machine the time a reader waits for a core is most of its wall time
    # and shifts the medians above by several per cent either way; its own CPU time
    # does not wait, and the per-screen ratios pair each screen with itself.
    cpu_a = [a["cpu_ms"] for a, _ in answers]
    cpu_b = [b["cpu_ms"] for _, b in answers]
    ratios = [y / x for x, y in zip(cpu_a, cpu_b, strict=True) if x > 0]
    per_screen = statistics.geometric_mean(ratios)
    print(
        f"median CPU time: base {statistics.median(cpu_a):.1f} ms, other "
        f"{statistics.median(cpu_b):.1f} ms (other/base "
        f"{statistics.median(cpu_b) / statistics.median(cpu_a):.3f}; per screen, "
        f"geometric mean {per_screen:.3f})"
    )
    return 1 if total else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        _worker()
    elif sys.argv[1:2] == ["--generate"]:
        _generator(sys.argv[2], sys.argv[3])
    else:
        sys.exit(main())
