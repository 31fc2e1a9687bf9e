"""``flowbot check DIR... [--report PATH]``: batch-test the reader on labelled screenshots."""

from __future__ import annotations

import argparse
import io
from typing import TYPE_CHECKING

from flowbot.cli._paths import output_file, puzzle_file
from flowbot.errors import InputError

# rich and the vision stack load when the command runs: `flowbot --help` stays quick.
if TYPE_CHECKING:
    from rich.table import Table

    from flowbot.vision._check import CaseResult


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "check",
        help="test recognition on folders of labelled screenshots",
        description=(
            "Read every image under each DIR: an image with a label (<stem>.txt beside it, or "
            "in --labels) must be read "
            "exactly, one without must be refused. Prints a summary per folder given and "
            "exits 1 when any image is not as expected."
        ),
    )
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="folders (or image files) to check")
    parser.add_argument(
        "-o",
        "--output",
        "--report",
        dest="report",
        type=output_file(".csv", ".json"),
        metavar="PATH",
        default="check-report.csv",
        help="write every result here, CSV or .json (default: %(default)s)",
    )
    parser.add_argument(
        "--html",
        type=output_file(".html", ".htm"),
        metavar="PAGE",
        help="also write a page to look at: every image not read exactly, its overlay and grids",
    )
    parser.add_argument(
        "--labels",
        type=puzzle_file,
        metavar="FILE",
        help=(
            "labels kept apart from the images: a puzzle file whose puzzles each follow a "
            "'# puzzle: IMAGE_PATH' line (the end of the image's path)"
        ),
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="processes to read in (default: %(default)s)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console  # noqa: PLC0415
    from rich.progress import (  # noqa: PLC0415
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    from flowbot.vision._check import (  # noqa: PLC0415
        check_images,
        find_images,
        load_labels,
        write_report,
    )

    if args.workers < 1:
        raise InputError("--workers must be at least 1")
    labels = load_labels(args.labels) if args.labels else None
    items = find_images(args.dirs)
    if not items:
        raise InputError("no PNG or JPEG images found under " + ", ".join(args.dirs))
    console = Console(stderr=True)
    with Progress(
        TextColumn("checking"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("check", total=len(items))

        def advance(_: CaseResult) -> None:
            progress.advance(task)

        results = check_images(items, workers=args.workers, labels=labels, progress=advance)
    # Thirteen columns, each whole however narrow the terminal or pipe: the table
    # takes its natural width (rich would cut it to the terminal's). Written by
    # print, whose failures (a closed pipe) flowbot.cli reports like any other.
    screen, text = Console(), io.StringIO()
    table = Console(file=text, width=10_000, force_terminal=screen.is_terminal)
    table.print(_table(results))
    print(text.getvalue(), end="", flush=True)
    failures = [r for r in results if not r.ok]
    for r in failures:
        detail = r.reason or "\n  ".join(r.grid)
        console.print(
            f"[red]{r.outcome}[/red] {r.image}: {detail}", highlight=False, soft_wrap=True
        )
    write_report(results, args.report)
    console.print(f"wrote {args.report}", highlight=False)
    if args.html:
        from flowbot.report import check_report_html  # noqa: PLC0415 - only when asked for

        title = "flowbot check " + " ".join(args.dirs)
        page = check_report_html(results, title=title, workers=args.workers)
        args.html.write_text(page, encoding="utf-8")  # as the page says
        console.print(f"wrote {args.html}", highlight=False)
    return 1 if failures else 0


def _table(results: list[CaseResult]) -> Table:
    from rich.table import Table  # noqa: PLC0415

    from flowbot.vision._check import summarise  # noqa: PLC0415

    table = Table(title="flowbot check")
    headers = (
        "source", "images", "exact", "wrong\nsize", "wrong\nboard", "wrong\ndots", "wrong\npairs",
        "refused", "unlabelled", "unlabelled\nrefused", "misread", "unreadable", "ms per\nimage",
    )  # fmt: skip
    table.add_column(headers[0], no_wrap=True)
    for name in headers[1:]:
        table.add_column(name, justify="right", no_wrap=True)
    for s in summarise(results):
        table.add_row(
            s.source,
            *(
                str(v)
                for v in (
                    s.images,
                    s.exact,
                    s.wrong_size,
                    s.wrong_board,
                    s.wrong_dots,
                    s.wrong_pairs,
                    s.refused,
                    s.unlabelled,
                    s.unlabelled_refused,
                    s.misread,
                    s.unreadable,
                )
            ),
            f"{s.ms_per_image:.1f}",
            end_section=s.source == "all",
        )
    return table
