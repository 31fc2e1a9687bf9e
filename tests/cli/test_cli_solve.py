from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from flowbot.cli import main
from flowbot.cli.solve import _grid_text
from flowbot.formats import NamedPuzzle
from flowbot.models import Cell, Puzzle, Solution

SOLVABLE = "A.A\nB.B\nC.C\n"  # one solution: three straight rows
CROSS = "A.B\n...\nB.A\n"  # the two paths would have to cross


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def _check_paths(puzzle: Puzzle, paths: dict[str, list[list[int]]]) -> None:
    """The JSON paths, in pair order, are a valid solution of ``puzzle``."""
    assert list(paths) == [pair.label for pair in puzzle.pairs]
    solution = Solution(puzzle, tuple(tuple(Cell(*cell) for cell in p) for p in paths.values()))
    solution.validate()


def test_json_reports_a_solved_grid_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "p.txt", SOLVABLE)
    assert main(["solve", "--json", path]) == 0
    [record] = _json_lines(capsys.readouterr().out)
    assert set(record) == {"puzzle", "rows", "cols", "board", "dots", "status", "seconds", "paths"}
    assert (record["puzzle"], record["rows"], record["cols"]) == (path, 3, 3)
    assert record["board"] == {
        "shape": "square",
        "rows": 3,
        "cols": 3,
        "holes": [],
        "walls": [],
        "bridges": [],
        "warps": [],
    }
    assert record["status"] == "solved"
    assert isinstance(record["seconds"], float)
    assert record["seconds"] >= 0
    _check_paths(Puzzle.from_grid(SOLVABLE.split()), record["paths"])


def test_json_keeps_labels_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    houston = _write(tmp_path, "h.txt", "2 3 2\n(0, 0) (2, 0)\n(0, 1) (2, 1)\n")
    janko = _write(tmp_path, "j.txt", "2\n3\n2\n12 - 12\n7 - 7\n")
    assert main(["solve", "--json", houston, janko]) == 0
    records = _json_lines(capsys.readouterr().out)
    assert [list(r["paths"]) for r in records] == [["0", "1"], ["12", "7"]]
    assert records[1]["paths"]["12"] in ([[0, 0], [0, 1], [0, 2]], [[0, 2], [0, 1], [0, 0]])


def test_multi_puzzle_files_report_in_input_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = _write(tmp_path, "many", "# two boards\n3 3\nA.B\n...\nB.A\n\n2 1\naa\n0 0\n")
    single = _write(tmp_path, "one.txt", SOLVABLE)
    assert main(["solve", "--json", single, many]) == 1
    records = _json_lines(capsys.readouterr().out)
    assert [(r["puzzle"], r["status"]) for r in records] == [
        (single, "solved"),
        (f"{many}#1", "unsolvable"),
        (f"{many}#2", "solved"),
    ]
    assert records[1]["paths"] == {}


def test_unsolvable_puzzle_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "cross.txt", CROSS)
    assert main(["solve", path]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(f"{path}  3x3  unsolvable  ")


def test_a_no_touch_backend_reports_needs_touching_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "A.." over "..A": the only solution runs A beside itself, which the
    # CP-SAT reference models forbid. The files after it are still solved.
    touching = _write(tmp_path, "touching.txt", "A..\n..A\n")
    plain = _write(tmp_path, "plain.txt", SOLVABLE)
    code = main(["solve", "--json", "--backend", "cpsat-degree", touching, plain, touching])
    assert code == 10
    captured = capsys.readouterr()
    records = _json_lines(captured.out)
    assert [r["status"] for r in records] == ["needs-touching", "solved", "needs-touching"]
    assert records[0]["paths"] == {}
    _check_paths(Puzzle.from_grid(SOLVABLE.split()), records[1]["paths"])
    errors = captured.err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"flowbot: {touching}: backend 'cpsat-degree' found no solution")
    assert main(["solve", "--backend", "cpsat-distance", touching, plain]) == 10
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(f"{touching}  2x3  needs-touching  ")
    assert main(["solve", "--backend", "cpsat-distance", plain]) == 0


def test_timeout_is_a_clean_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Sixteen straight rows: easy, but no solver answers within a microsecond.
    rows = [label + "." * 14 + label for label in "ABCDEFGHIJKLMNOP"]
    path = _write(tmp_path, "rows.txt", "\n".join(rows) + "\n")
    assert main(["solve", "--json", "--timeout", "0.000001", path]) == 1
    [record] = _json_lines(capsys.readouterr().out)
    assert (record["status"], record["paths"]) == ("timeout", {})
    assert main(["solve", "--json", path]) == 0
    assert _json_lines(capsys.readouterr().out)[0]["status"] == "solved"


def test_count_reports_solutions_and_exactness(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unique = _write(tmp_path, "unique.txt", "A.A\n")
    several = _write(tmp_path, "several.txt", "A..\n...\n..A\n")  # one colour fills 3x3 many ways
    assert main(["solve", "--json", "--count", "2", unique, several]) == 0
    first, second = _json_lines(capsys.readouterr().out)
    assert (first["solutions"], first["solutions_exact"]) == (1, True)
    assert (second["solutions"], second["solutions_exact"]) == (2, False)


def test_text_output_is_plain_when_not_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "p.txt", SOLVABLE)
    assert main(["solve", path]) == 0
    header, *grid = capsys.readouterr().out.splitlines()
    assert header.startswith(f"{path}  3x3  solved  ")
    assert header.endswith(" s")
    assert grid == ["AAA", "BBB", "CCC"]


def test_grid_text_colours_cells_and_pads_long_labels() -> None:
    puzzle = Puzzle.from_grid(["AB", "AB"]).relabel(["10", "7"])
    solution = Solution(puzzle, ((Cell(0, 0), Cell(1, 0)), (Cell(0, 1), Cell(1, 1))))
    named = NamedPuzzle("p", puzzle)
    assert _grid_text(named, solution, colour=False) == "10  7\n10  7\n"
    coloured = _grid_text(named, solution, colour=True)
    assert coloured.count("\x1b[1;30;48;2;") == 4  # every cell is a dot here
    assert "10" in coloured


def test_svg_and_png_are_written_per_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _write(tmp_path, "a.txt", SOLVABLE)
    second = _write(tmp_path, "b.txt", CROSS)
    svg, png = tmp_path / "out.svg", tmp_path / "out.png"
    assert main(["solve", first, second, "--svg", str(svg), "--png", str(png)]) == 1
    capsys.readouterr()
    for k in (1, 2):
        assert (tmp_path / f"out-{k}.svg").read_text().startswith("<svg")
        with Image.open(tmp_path / f"out-{k}.png") as image:
            assert image.mode == "RGB"
            assert image.width > 3 * 40
    assert not svg.exists()
    # One puzzle: the name is used as given.
    assert main(["solve", first, "--png", str(png)]) == 0
    assert png.exists()


def test_bad_input_exits_2_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good.txt", SOLVABLE)
    bad = _write(tmp_path, "bad.txt", "A..\n.A\n")
    assert main(["solve", good, bad]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing is solved before every file is read
    assert captured.err == f"flowbot: {bad}:2: ragged rows: this row has 2 cells, expected 3\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.txt"], "missing.txt: no such file"),
        (["--format", "houston", "FILE"], "FILE:1: bad header"),
        (["--backend", "nope", "FILE"], "unknown solver backend 'nope'"),
    ],
)
def test_other_bad_input_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = _write(tmp_path, "p.txt", SOLVABLE)
    argv = [path if a == "FILE" else str(tmp_path / a) if a.endswith(".txt") else a for a in argv]
    message = message.replace("FILE", path).replace("missing.txt", str(tmp_path / "missing.txt"))
    assert main(["solve", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flowbot: ")
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("option", [["--count", "0"], ["--timeout", "-1"], ["--format", "png"]])
def test_bad_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    path = _write(tmp_path, "p.txt", SOLVABLE)
    assert main(["solve", path, *option]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flowbot solve: argument ")
    assert err.count("\n") == 1
