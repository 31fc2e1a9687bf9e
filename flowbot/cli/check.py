"""``flowbot check DIR... [--report PATH]``: batch-test the reader on labelled screenshots."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from flowbot.errors import FlowbotError, InputError
from flowbot.vision._check import CaseResult, check_images, find_images, summarise, write_report


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "check",
        help="test recognition on folders of labelled screenshots",
        description=(
            "Read every image under each DIR: an image with a <stem>.txt label must be read "
            "exactly, one without must be refused. Prints a summary per source folder and "
            "exits 1 when any image is not as expected."
        ),
    )
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="folders (or image files) to check")
    parser.add_argument(
        "--report",
        metavar="PATH",
        default="check-report.csv",
        help="write every result here, CSV or .json (default: %(default)s)",
    )
    parser.add_argument(
        "--html",
        metavar="PATH",
        help="also write a page to look at: every image not read exactly, its overlay and grids",
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="processes to read in (default: %(default)s)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.workers < 1:
        raise InputError("--workers must be at least 1")
    if args.html and not Path(args.html).parent.is_dir():
        raise InputError(f"{args.html}: no such folder to write the page in")
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

        results = check_images(items, workers=args.workers, progress=advance)
    out = Console()
    # The table has twelve columns: keep them readable when piped or in a narrow terminal.
    Console(width=max(out.width, 132)).print(_table(results))
    failures = [r for r in results if not r.ok]
    for r in failures:
        detail = r.reason or "\n  ".join(r.grid)
        console.print(f"[red]{r.outcome}[/red] {r.image}: {detail}", highlight=False)
    write_report(results, args.report)
    console.print(f"report written to {Path(args.report)}")
    if args.html:
        from flowbot.report import check_report_html  # noqa: PLC0415 - only when asked for

        title = "flowbot check " + " ".join(args.dirs)
        page = check_report_html(results, title=title, workers=args.workers)
        try:
            Path(args.html).write_text(page, encoding="utf-8")  # as the page says
        except OSError as exc:
            raise FlowbotError(f"{args.html}: cannot write ({exc.strerror or exc})") from exc
        console.print(f"page written to {Path(args.html)}")
    return 1 if failures else 0


def _table(results: list[CaseResult]) -> Table:
    table = Table(title="flowbot check")
    headers = (
        "source", "images", "exact", "wrong\nsize", "wrong\ndots", "wrong\npairs", "refused",
        "unla-\nbelled", "refused\n(unlab.)", "mis-\nread", "unread-\nable", "ms per\nimage",
    )  # fmt: skip
    table.add_column(headers[0], overflow="fold", min_width=12)
    for name in headers[1:]:
        table.add_column(name, justify="right")
    for s in summarise(results):
        table.add_row(
            s.source,
            *(
                str(v)
                for v in (
                    s.images,
                    s.exact,
                    s.wrong_size,
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
