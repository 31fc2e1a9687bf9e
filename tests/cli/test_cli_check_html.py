"""`flowbot check --html`: the page holds what the JSON report says, also in a real browser."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import cv2
import numpy as np
import pytest

from flowbot.cli import main
from flowbot.models import Puzzle
from flowbot.render import render_board
from flowbot.report import check_report_html
from flowbot.vision import check_images, find_images

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])
GRID = "\n".join(PUZZLE.canonical().to_grid()) + "\n"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SOURCES = ("phone", "web")  # the folders checked


def _save(path: Path, image: np.ndarray) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    assert cv2.imwrite(str(path), cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
    return path


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A check over two sources holding every kind of outcome; the page and the JSON report."""
    root = tmp_path_factory.mktemp("check")
    board = render_board(PUZZLE, cell_px=50, margin_px=30)
    for name in ("a", "b"):  # read exactly
        _save(root / "phone" / f"{name}.png", board).with_suffix(".txt").write_text(GRID)
    wrong = _save(root / "phone" / "wrong.png", board)  # a label with two dots moved
    wrong.with_suffix(".txt").write_text(GRID.replace("A.B.C", ".AB.C"))
    _save(root / "web" / "exact.png", board).with_suffix(".txt").write_text(GRID)
    blank = np.full((240, 200, 3), 25, np.uint8)
    _save(root / "web" / "blank.png", blank).with_suffix(".txt").write_text(GRID)  # refused
    _save(root / "web" / "noise.png", blank)  # unlabelled, refused: as it must be
    (root / "web" / "broken.png").write_bytes(b"not an image")
    page, report = root / "report.html", root / "report.json"
    code = main(
        ["check", str(root / "phone"), str(root / "web"), "--report", str(report),
         "--html", str(page), "--workers", "2"]
    )  # fmt: skip
    assert code == 1
    return page, json.loads(report.read_text())


class _Cards(HTMLParser):
    """The cards of a page (their source, status, whether hidden, pictures) and ``#shown``."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, object]] = []
        self.summary: list[list[str]] = []  # the summary table's rows, cell by cell
        self.shown = ""
        self._in_shown = False
        self._in_summary = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "article" and a.get("class") == "card":
            self.cards.append({**a, "hidden": "hidden" in a, "images": [], "diff": 0})
        elif tag == "img" and self.cards:
            self.cards[-1]["images"].append(a["src"])  # type: ignore[union-attr]
        elif tag == "span" and a.get("class") == "diff" and self.cards:
            self.cards[-1]["diff"] += 1  # type: ignore[operator]
        elif tag == "tbody":
            self._in_summary = True
        elif tag == "tr" and self._in_summary:
            self.summary.append([])
        elif tag in ("th", "td") and self._in_summary:
            self.summary[-1].append("")
        self._in_shown = a.get("id") == "shown"

    def handle_data(self, data: str) -> None:
        if self._in_shown:
            self.shown += data
        elif self._in_summary and self.summary and self.summary[-1]:
            self.summary[-1][-1] += data

    def handle_endtag(self, tag: str) -> None:
        self._in_shown = False
        if tag == "tbody":
            self._in_summary = False


def _cards(markup: str) -> _Cards:
    parser = _Cards()
    parser.feed(markup)
    return parser


def test_page_has_a_card_per_image_as_the_json_says(run: tuple[Path, dict]) -> None:
    page, report = run
    cards = _cards(page.read_text()).cards
    images = report["images"]
    assert [(c["data-source"], c["data-status"]) for c in cards] == [
        (r["source"], r["outcome"]) for r in images
    ]
    assert Counter(r["outcome"] for r in images) == {
        "exact": 3, "wrong dots": 1, "refused": 1, "refused (unlabelled)": 1, "unreadable": 1,
    }  # fmt: skip
    for card, record in zip(cards, images, strict=True):
        pictures = card["images"]
        # A thumbnail beside the overlay for every image read or refused but not exact.
        want = 0 if record["outcome"] in ("exact", "unreadable") else 2
        assert len(pictures) == want, record
        for uri in pictures:
            assert uri.startswith("data:image/jpeg;base64,")
            jpeg = np.frombuffer(base64.b64decode(uri.split(",", 1)[1]), np.uint8)
            picture = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
            assert picture is not None
            assert max(picture.shape[:2]) <= 420
    wrong = next(c for c in cards if c["data-status"] == "wrong dots")
    assert wrong["diff"] == 2 * 2  # two cells differ, marked in both grids


def test_summary_table_holds_the_json_summary(run: tuple[Path, dict]) -> None:
    page, report = run
    keys = ("source", "images", "exact", "wrong_size", "wrong_board", "wrong_dots", "wrong_pairs",
            "refused", "unlabelled", "unlabelled_refused", "misread", "unreadable")  # fmt: skip
    want = [[str(row[k]) for k in keys] for row in report["summary"]]
    assert [row[: len(keys)] for row in _cards(page.read_text()).summary] == want


def test_pages_drawn_in_one_process_or_two_are_the_same(run: tuple[Path, dict]) -> None:
    root = run[0].parent
    results = check_images(find_images([root / "phone", root / "web"]), workers=1)
    page = check_report_html(results, workers=1)
    assert page == check_report_html(results, workers=2)
    assert page.count("data:image/jpeg;base64,") == 2 * 3


def test_page_is_self_contained(run: tuple[Path, dict]) -> None:
    markup = run[0].read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", markup)
    assert "@import" not in markup
    assert "url(" not in markup
    assert markup.count("data:image/jpeg;base64,") == 2 * 3


def test_html_into_a_missing_folder_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = _save(tmp_path / "a.png", render_board(PUZZLE, cell_px=50, margin_px=30))
    page = tmp_path / "missing" / "r.html"
    assert main(["check", str(shot), "--html", str(page), "--report", str(tmp_path / "r.csv")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "missing" in err
    assert not (tmp_path / "r.csv").exists()


def _browser_dom(page: Path, fragment: str, tmp_path: Path) -> _Cards:
    """The page's DOM after its script ran in headless Chromium, opened at ``#fragment``."""
    assert CHROMIUM
    out = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         f"--user-data-dir={tmp_path / 'chromium'}", "--dump-dom", page.as_uri() + fragment],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return _cards(out.stdout)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium to load the page in")
def test_browser_shows_what_the_json_says(run: tuple[Path, dict], tmp_path: Path) -> None:
    page, report = run
    images = report["images"]
    # At first: every image not read exactly.
    dom = _browser_dom(page, "", tmp_path)
    shown = [(c["data-source"], c["data-status"]) for c in dom.cards if not c["hidden"]]
    assert shown == [(r["source"], r["outcome"]) for r in images if r["outcome"] != "exact"]
    assert dom.shown == f"{len(shown)} of {len(images)} images shown"
    # Filtered by source and outcome, as a link from the summary table does.
    phone, web = (next(r["source"] for r in images if r["source"].endswith(s)) for s in SOURCES)
    for query, keep in (
        (
            {"source": web, "status": "exact"},
            lambda r: r["source"] == web and r["outcome"] == "exact",
        ),
        ({"source": phone, "status": "exact,wrong dots"}, lambda r: r["source"] == phone),
        ({"status": "refused,unreadable"}, lambda r: r["outcome"] in ("refused", "unreadable")),
    ):
        fragment = "#" + urlencode(query)
        dom = _browser_dom(page, fragment, tmp_path)
        want = [r["image"] for r in images if keep(r)]
        got = [r["image"] for r, c in zip(images, dom.cards, strict=True) if not c["hidden"]]
        assert got == want, fragment
        assert dom.shown == f"{len(want)} of {len(images)} images shown"


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium to load the page in")
def test_browser_draws_the_overlays(run: tuple[Path, dict], tmp_path: Path) -> None:
    # The overlays draw grid lines in cyan, a hue the page's own style never uses (nor
    # the test's dots): cyan on the screenshot means the browser decoded and drew them.
    assert CHROMIUM
    shot = tmp_path / "page.png"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         f"--user-data-dir={tmp_path / 'chromium'}", "--hide-scrollbars",
         "--window-size=1200,2400", f"--screenshot={shot}", run[0].as_uri()],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    r, g, b = cv2.cvtColor(cv2.imread(str(shot)), cv2.COLOR_BGR2RGB).astype(int).transpose(2, 0, 1)
    cyan = (r < 80) & (g > 100) & (b > 100) & (abs(g - b) < 60)  # JPEG dims thin lines
    assert cyan.sum() > 1000
    hidden = _browser_dom(run[0], "#status=exact", tmp_path)  # no card with pictures shown
    assert all(c["hidden"] for c in hidden.cards if c["images"])
