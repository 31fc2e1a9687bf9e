"""`flowbot extract` and `flowbot check` end to end on rendered screenshots."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from flowbot.cli import main
from flowbot.formats import read_puzzles
from flowbot.models import Puzzle
from flowbot.render import render_board

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])


def _save(path: Path, image: np.ndarray) -> Path:
    assert cv2.imwrite(str(path), cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
    return path


@pytest.fixture
def board_png(tmp_path: Path) -> Path:
    return _save(tmp_path / "board.png", render_board(PUZZLE, cell_px=60, margin_px=50))


@pytest.fixture
def blank_png(tmp_path: Path) -> Path:
    return _save(tmp_path / "blank.png", np.full((300, 200, 3), 30, np.uint8))


def test_extract_prints_grid_text(board_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(board_png)]) == 0
    assert capsys.readouterr().out.split() == list(PUZZLE.canonical().to_grid())


def test_extract_writes_output_file(board_png: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert main(["extract", str(board_png), "-o", str(out)]) == 0
    assert Puzzle.from_grid(out.read_text().split()) == PUZZLE.canonical()


def test_extract_json_and_refusal(
    board_png: Path, blank_png: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["extract", "--json", str(board_png), str(blank_png)]) == 2
    captured = capsys.readouterr()
    ok, refused = (json.loads(line) for line in captured.out.splitlines())
    assert ok["status"] == "ok"
    assert ok["image"] == str(board_png)
    assert (ok["rows"], ok["cols"]) == (5, 5)
    assert ok["grid"] == list(PUZZLE.canonical().to_grid())
    assert len(ok["geometry"]["xs"]) == 6
    board = ok["board"]
    assert (board["shape"], board["rows"], board["cols"], board["holes"]) == ("square", 5, 5, [])
    canonical = PUZZLE.canonical()
    assert ok["dots"] == {p.label: [list(p.a), list(p.b)] for p in canonical.pairs}
    # Every playable cell's centre, inside its cell's grid lines.
    centres = ok["geometry"]["centres"]
    assert len(centres) == 25
    xs, ys = ok["geometry"]["xs"], ok["geometry"]["ys"]
    assert all(xs[c] < x < xs[c + 1] and ys[r] < y < ys[r + 1] for r, c, x, y in centres)
    assert 0 < ok["confidence"] <= 1
    assert refused["status"] == "refused"
    assert refused["reason"]
    # One line on stderr per refused image.
    assert [line for line in captured.err.splitlines() if str(blank_png) in line]


def test_extract_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(tmp_path / "missing.png")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err
    assert "Traceback" not in err


def test_extract_debug_overlay(board_png: Path, blank_png: Path, tmp_path: Path) -> None:
    debug = tmp_path / "debug"
    main(["extract", str(board_png), str(blank_png), "--debug", str(debug)])
    written = sorted(p.name for p in debug.iterdir())
    assert written == ["blank.debug.png", "board.debug.png"]
    overlay = cv2.imread(str(debug / "board.debug.png"))
    original = cv2.imread(str(board_png))
    assert overlay.shape == original.shape
    assert (overlay != original).any()


def test_check_reports_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "shots"
    (root / "phone").mkdir(parents=True)
    good = _save(root / "phone" / "a.png", render_board(PUZZLE, cell_px=50, margin_px=30))
    good.with_suffix(".txt").write_text("\n".join(PUZZLE.canonical().to_grid()) + "\n")
    _save(root / "phone" / "noise.png", np.full((200, 200, 3), 20, np.uint8))
    report = tmp_path / "report.json"
    assert main(["check", str(root), "--report", str(report), "--workers", "1"]) == 0
    data = json.loads(report.read_text())
    assert [row["exact"] for row in data["summary"]] == [1]
    assert {r["outcome"] for r in data["images"]} == {"exact", "refused (unlabelled)"}
    # Sources are labelled by the folder given, whole: not by a folder under it.
    out = capsys.readouterr().out
    assert f"│ {root} │" in out
    assert "phone" not in out
    # Headers whole, however narrow the terminal (captured output is 80 wide).
    assert {"unlabelled", "misread", "unreadable"} <= set(out.split())
    # A wrong label makes the check fail.
    good.with_suffix(".txt").write_text("A.A\n...\n")
    csv_report = tmp_path / "report.csv"
    assert main(["check", str(root), "--report", str(csv_report), "--workers", "1"]) == 1
    assert "wrong size" in csv_report.read_text()


def test_extract_debug_overlay_of_a_refusal_shows_the_grid_found(tmp_path: Path) -> None:
    # One dot rubbed out: the grid is found, the reading refused (odd dot count).
    image = render_board(PUZZLE, cell_px=60, margin_px=50)
    image[50 + 5 : 50 + 55, 50 + 5 : 50 + 55] = image[50 + 3, 50 + 3]  # cell (0, 0)
    shot = _save(tmp_path / "odd.png", image)
    debug = tmp_path / "debug"
    assert main(["extract", str(shot), "--debug", str(debug)]) == 2
    overlay = cv2.cvtColor(cv2.imread(str(debug / "odd.debug.png")), cv2.COLOR_BGR2RGB)
    # Inner grid line x = 50 + 2 * 60, drawn in the overlay's grid colour near the bottom.
    assert tuple(overlay[330, 170]) == (0, 255, 255)


def test_extract_several_images_reads_back_with_each_image_named(
    board_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = PUZZLE.canonical()
    second = _save(tmp_path / "second.png", render_board(other, cell_px=40, margin_px=20))
    out = tmp_path / "out.txt"
    assert main(["extract", str(board_png), str(second), "-o", str(out)]) == 0
    assert capsys.readouterr().err == f"wrote 2 puzzle(s) to {out}\n"
    back = read_puzzles(out)
    assert [n.title for n in back] == [str(board_png), str(second)]
    assert [n.puzzle.canonical() for n in back] == [PUZZLE.canonical(), other]
    main(["solve", f"{out}#2"])  # (the board need not be solvable: its name is what counts)
    assert capsys.readouterr().out.startswith(f"{out}#2 ({second})  5x5  ")
