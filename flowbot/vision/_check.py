"""Batch-checking the reader on folders of labelled screenshots (``flowbot check``).

An image with a label must be read exactly (size, every dot, every pairing,
and the board's holes, walls, bridges and warps); an image without one must
be refused. A label is the puzzle in ``<stem>.txt`` beside the image (grid or
board text), or, for images one cannot write beside, the puzzle of a labels
file (any flowbot puzzle file holding several, each after ``# puzzle: PATH``)
whose ``PATH`` ends the image's path. Results are grouped per source: each
folder given (as it was typed; an image file given alone counts under its
folder).
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2

from flowbot.errors import FlowbotError, InputError, VisionError
from flowbot.models import Puzzle
from flowbot.vision._image import load_image
from flowbot.vision._reader import read_board
from flowbot.vision._types import DEFAULT_SETTINGS, Settings

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg"})

#: Outcomes, best first. The first six are for labelled images.
EXACT, WRONG_SIZE, WRONG_BOARD, WRONG_DOTS, WRONG_PAIRS, REFUSED = (
    "exact",
    "wrong size",
    "wrong board",  # its shape, holes, walls, bridges or warps
    "wrong dots",
    "wrong pairs",
    "refused",
)
#: For unlabelled images: refused (right) or read as a puzzle (wrong).
REFUSED_OK, MISREAD = "refused (unlabelled)", "read (unlabelled)"
#: The file could not be read at all.
UNREADABLE = "unreadable"


@dataclass(frozen=True, slots=True)
class CaseResult:
    """What happened to one image."""

    image: str
    source: str
    labelled: bool
    outcome: str
    ms: float
    rows: int = 0
    cols: int = 0
    grid: tuple[str, ...] = ()
    reason: str = ""
    confidence: float = 0.0
    #: The label's puzzle as text lines (``puzzle_lines``), when there is one.
    expected: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the reader did what the label asks."""
        return self.outcome in (EXACT, REFUSED_OK)


@dataclass(frozen=True, slots=True)
class SourceSummary:
    """One row of the summary table."""

    source: str
    images: int = 0
    exact: int = 0
    wrong_size: int = 0
    wrong_board: int = 0
    wrong_dots: int = 0
    wrong_pairs: int = 0
    refused: int = 0
    unlabelled: int = 0
    unlabelled_refused: int = 0
    misread: int = 0
    unreadable: int = 0
    ms_per_image: float = 0.0
    failures: tuple[str, ...] = field(default=())


def find_images(roots: Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Every image under the given folders (or the files themselves), with its source name.

    The source is the folder as given (``screens/*/`` makes one per subfolder).
    """
    found = []
    for given in roots:
        root = Path(given)
        if root.is_file():
            found.append((root, str(root.parent)))
            continue
        if not root.is_dir():
            raise InputError(f"{root}: no such file or folder")
        source = str(given).rstrip("/\\") or str(given)
        found += [
            (path, source)
            for path in sorted(root.rglob("*"))
            if path.suffix.lower() in IMAGE_SUFFIXES and path.is_file()
        ]
    return found


#: Labels kept apart from the images: the image path each ends, and its puzzle.
Labels = Mapping[str, Puzzle]


def load_labels(path: str | Path) -> dict[str, Puzzle]:
    """The labels of a puzzle file whose puzzles are each named ``# puzzle: IMAGE_PATH``."""
    from flowbot.formats import read_puzzles  # noqa: PLC0415 - a cycle through formats

    labels: dict[str, Puzzle] = {}
    text = Path(path).read_text(encoding="utf-8")
    if all(not line.strip() or line.startswith("#") for line in text.splitlines()):
        return labels  # comments only: no label yet
    for named in read_puzzles(path):
        if not named.title:
            raise InputError(f"{named.name}: a label needs a '# puzzle: IMAGE_PATH' line")
        labels[Path(named.title).as_posix()] = named.puzzle
    return labels


def label_for(image: Path, labels: Labels | None = None) -> Puzzle | None:
    """The puzzle labelling ``image``, or ``None`` when it has none.

    ``<stem>.txt`` beside the image comes first; then the label in ``labels``
    whose path ends ``image``'s (the longest such).
    """
    from flowbot.formats import parse_puzzles  # noqa: PLC0415 - a cycle through formats

    text_path = image.with_suffix(".txt")
    if text_path.is_file():
        [named] = parse_puzzles(text_path.read_text(), source=str(text_path))
        return named.puzzle
    path = "/" + image.as_posix()
    ends = [name for name in labels or () if path.endswith("/" + name.lstrip("/"))]
    return labels[max(ends, key=len)] if labels and ends else None


def compare(expected: Puzzle, got: Puzzle) -> str:
    """The outcome of reading ``got`` where the label says ``expected``, both as drawn
    (``Puzzle.as_drawn``: a border row or column of holes only is drawn as nothing)."""
    want, got = expected.as_drawn().canonical(), got.as_drawn().canonical()
    if (want.rows, want.cols) != (got.rows, got.cols):
        return WRONG_SIZE
    if (want.shape, want.holes, want.walls, want.bridges, want.warps) != (
        got.shape,
        got.holes,
        got.walls,
        got.bridges,
        got.warps,
    ):
        return WRONG_BOARD
    if set(want.dots()) != set(got.dots()):
        return WRONG_DOTS
    return EXACT if want == got else WRONG_PAIRS


def puzzle_lines(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle as text lines: grid text for a classic board, board text for the others."""
    from flowbot.formats import format_puzzle  # noqa: PLC0415 - a cycle through formats

    if puzzle.is_classic:
        return puzzle.to_grid()
    return tuple(format_puzzle(puzzle, "board").splitlines())


def check_one(
    item: tuple[Path, str], settings: Settings = DEFAULT_SETTINGS, labels: Labels | None = None
) -> CaseResult:
    """Read one image and judge the reading against its label."""
    path, source = item
    try:
        expected = label_for(path, labels)
    except FlowbotError as exc:
        return CaseResult(str(path), source, True, UNREADABLE, 0.0, reason=f"bad label: {exc}")
    labelled = expected is not None
    want = puzzle_lines(expected) if expected is not None else ()
    try:
        image = load_image(path)
    except InputError as exc:
        return CaseResult(
            str(path), source, labelled, UNREADABLE, 0.0, reason=str(exc), expected=want
        )
    start = time.perf_counter()
    try:
        reading = read_board(image, settings)
    except VisionError as exc:
        ms = (time.perf_counter() - start) * 1000
        outcome = REFUSED if labelled else REFUSED_OK
        return CaseResult(str(path), source, labelled, outcome, ms, reason=str(exc), expected=want)
    ms = (time.perf_counter() - start) * 1000
    puzzle = reading.puzzle
    outcome = compare(expected, puzzle) if expected is not None else MISREAD
    return CaseResult(
        str(path),
        source,
        labelled,
        outcome,
        ms,
        puzzle.rows,
        puzzle.cols,
        puzzle_lines(puzzle),
        confidence=reading.confidence,
        expected=want,
    )


def check_images(
    items: Sequence[tuple[Path, str]],
    *,
    workers: int = 2,
    settings: Settings = DEFAULT_SETTINGS,
    labels: Labels | None = None,
    progress: Callable[[CaseResult], None] | None = None,
) -> list[CaseResult]:
    """Check every image, in ``workers`` processes; results in input order."""
    results: list[CaseResult] = []
    if workers <= 1 or len(items) < 4:
        for item in items:
            results.append(check_one(item, settings, labels))
            if progress:
                progress(results[-1])
        return results
    # Imported here: every `flowbot extract` loads this module, few need workers.
    import multiprocessing  # noqa: PLC0415
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    # Each worker reads one image at a time on one core: time per image stays honest.
    # An executor (unlike multiprocessing.Pool) fails loudly if a worker dies.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx, initializer=_single_thread) as pool:
        args = [(item, settings, labels) for item in items]
        for result in pool.map(_check_star, args, chunksize=4):
            results.append(result)
            if progress:
                progress(result)
    return results


def _single_thread() -> None:
    cv2.setNumThreads(1)


def _check_star(arg: tuple[tuple[Path, str], Settings, Labels | None]) -> CaseResult:
    return check_one(*arg)


def summarise(results: Iterable[CaseResult]) -> list[SourceSummary]:
    """One summary per source, in first-seen order, then a total row named ``"all"``."""
    groups: dict[str, list[CaseResult]] = {}
    every: list[CaseResult] = []
    for r in results:
        groups.setdefault(r.source, []).append(r)
        every.append(r)
    rows = [_summary(name, rs) for name, rs in groups.items()]
    if len(rows) != 1:
        rows.append(_summary("all", every))
    return rows


def _summary(name: str, results: list[CaseResult]) -> SourceSummary:
    def count(outcome: str) -> int:
        return sum(r.outcome == outcome for r in results)

    timed = [r.ms for r in results if r.outcome != UNREADABLE]
    return SourceSummary(
        source=name,
        images=len(results),
        exact=count(EXACT),
        wrong_size=count(WRONG_SIZE),
        wrong_board=count(WRONG_BOARD),
        wrong_dots=count(WRONG_DOTS),
        wrong_pairs=count(WRONG_PAIRS),
        refused=count(REFUSED),
        unlabelled=sum(not r.labelled for r in results),
        unlabelled_refused=count(REFUSED_OK),
        misread=count(MISREAD),
        unreadable=count(UNREADABLE),
        ms_per_image=sum(timed) / len(timed) if timed else 0.0,
        failures=tuple(r.image for r in results if not r.ok),
    )


def write_report(results: Sequence[CaseResult], path: str | Path) -> None:
    """Write every result as CSV, or as JSON when ``path`` ends in ``.json``."""
    path = Path(path)
    records = [asdict(r) | {"ok": r.ok} for r in results]
    for rec in records:
        rec["grid"] = "/".join(rec["grid"])
        rec["expected"] = "/".join(rec["expected"])
    if path.suffix.lower() == ".json":
        summary = [asdict(s) for s in summarise(results)]
        path.write_text(json.dumps({"summary": summary, "images": records}, indent=1) + "\n")
        return
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(records[0]) if records else ["image"])
        writer.writeheader()
        writer.writerows(records)
