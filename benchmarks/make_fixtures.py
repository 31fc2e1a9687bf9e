"""Write the synthetic screenshot fixtures: ``fixtures/screenshots/synth_*``.

Usage::

    python benchmarks/make_fixtures.py [--out fixtures/screenshots] [--per-category 3]

Each shot is ``sample(category, seed)`` from ``flowbot.screens.synthetic``,
saved as PNG (or as JPEG when the shot went through JPEG anyway) with its
canonical grid text beside it (``<stem>.txt``), and listed in ``README.md``.
Files other than ``synth_*`` (such as the practice board's captures) are left
alone. The output is the same on every run on one machine: seeds are fixed.

``--variant walls`` (repeatable; ``all``: every one) writes shots of the game's
other boards instead, ``synth_<variant>_<category>_<seed>`` with their board
text (``flowbot.formats``' ``board`` form) beside them, ``--state`` with pipes
drawn; they need an ``--out`` of their own (the fixtures folder holds grid text
only)::

    python benchmarks/make_fixtures.py --variant all --out /tmp/variants
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from PIL import Image

from flowbot.formats import format_puzzle
from flowbot.screens.synthetic import (
    CATEGORIES,
    STATES,
    VARIANT_CATEGORIES,
    VARIANTS,
    SyntheticShot,
    sample,
)

OUT = Path(__file__).resolve().parent.parent / "fixtures" / "screenshots"
README_TOP = """\
# Screenshot fixtures

Regression set for the vision stage: `tests/vision/test_fixtures.py` reads every image here and
expects exactly the puzzle in the `.txt` beside it (grid text in canonical labels: one line per
row, `.` empty, `A`, `B`, ... in order of first appearance).

## `synth_*`: synthetic screenshots

Made by `python benchmarks/make_fixtures.py` from
`flowbot.screens.synthetic.sample(category, seed)`:
a random puzzle drawn with the game's look (`flowbot.render`) inside a whole screen, with the exact
answer known. Categories: `phone` (5x5-9x9, many phone resolutions, header, counters, ad banner,
background glow, four UI languages), `phone_large` (10x10-15x15), `rectangular` (up to 15x18),
`desktop_app` (the Windows app on a 1920x1080 or 2560x1440 desktop, maximised or windowed),
`mirror` (a phone mirrored into a scaled-down window on a cluttered desktop with a taskbar), `web`
(a browser page), `zoomed` (the same at a browser zoom of 67-175%: the game's canvas scaled and
blurred), `crop` (the board alone, cut at or into its border), `tiny_cells` (~20 px),
`huge_cells` (150-250 px), `jpeg` (quality 60-80), `drift` (gamma, tint and saturation as other
devices show), `twins` (near-twin colours together: blue/navy/purple, green/lime/teal,
pink/magenta, maroon/tan/red, grey/white), `generated` (solvable levels from `flowbot.generate`)
and `solved` (the same drawn solved or half-solved, with pipes: the reader may refuse these or
read their dots, but must never give a wrong puzzle), `preview` (a phone shot with the OS's
screenshot preview, the screen at 20-30 % of its size, in a bottom corner). Three palettes
measured from real screens are used (`game`, `android`, `classic`; see `flowbot/palette.py`).

| file | category | image | board | colours | cell px | scene | palette | JPEG | drift |
|---|---|---|---|---|---|---|---|---|---|
"""
README_BOTTOM = """
## `practice_*`: captures of the practice board

Added by the practice board's owner; see that module for how they were made.
"""


def save(shot: SyntheticShot, stem: str, out: Path) -> Path:
    """Write the image (PNG, or JPEG at the shot's own quality) and its ``.txt``."""
    image = Image.fromarray(shot.image)
    if shot.options.jpeg_quality is not None:
        # The shot already went through JPEG at this quality; a second pass at the same
        # quality changes almost nothing and keeps the file small.
        path = out / f"{stem}.jpg"
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=shot.options.jpeg_quality)
        path.write_bytes(buffer.getvalue())
    else:
        path = out / f"{stem}.png"
        image.save(path, optimize=True)
    if shot.puzzle.is_classic:
        text = "\n".join(shot.puzzle.canonical().to_grid()) + "\n"
    else:
        text = format_puzzle(shot.puzzle.canonical(), "board")
    (out / f"{stem}.txt").write_text(text)
    return path


def save_variants(variants: list[str], state: str, per_category: int, out: Path) -> int:
    """Write shots of the game's other boards, ``per_category`` of each variant and category."""
    count = 0
    for variant in VARIANTS if "all" in variants else variants:
        for category in VARIANT_CATEGORIES:
            for seed in range(per_category):
                shot = sample(category, seed, variant, state)
                path = save(shot, f"synth_{variant}_{category}_{seed}", out)
                print(f"{path.name}: {shot.puzzle.size} {shot.puzzle.kind}, {shot.state}")
                count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--per-category", type=int, default=3)
    parser.add_argument("--variant", action="append", choices=[*VARIANTS, "all"])
    parser.add_argument("--state", choices=STATES, default="unsolved")
    args = parser.parse_args(argv)
    if args.variant:
        if args.out.resolve() == OUT.resolve():
            parser.error("--variant needs an --out of its own, not the fixtures folder")
        args.out.mkdir(parents=True, exist_ok=True)
        count = save_variants(args.variant, args.state, args.per_category, args.out)
        print(f"{count} shots")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("synth_*"):
        old.unlink()
    rows = []
    total = 0
    for category in CATEGORIES:
        for seed in range(args.per_category):
            shot = sample(category, seed)
            path = save(shot, f"synth_{category}_{seed}", args.out)
            total += path.stat().st_size
            o, h, w = shot.options, *shot.image.shape[:2]
            drift = "-" if o.drift.is_identity else f"gamma {o.drift.gamma:.2f}"
            rows.append(
                f"| `{path.name}` | {category} | {w}x{h} | {shot.puzzle.size} | "
                f"{len(shot.puzzle.pairs)} | {shot.geometry.cell_size:.0f} | {o.scene.value} | "
                f"{o.palette} | {o.jpeg_quality or '-'} | {drift} |"
            )
            print(f"{path.name}: {w}x{h}, {shot.puzzle.size}, {path.stat().st_size // 1024} KiB")
    readme = README_TOP + "\n".join(rows) + "\n" + README_BOTTOM
    (args.out / "README.md").write_text(readme)
    print(f"{len(rows)} shots, {total / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
