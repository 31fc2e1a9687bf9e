"""`flowbot solve`'s output for the game's other boards, on the levels' reference solutions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flowbot.cli import main
from flowbot.cli._board_text import board_text
from flowbot.cli.solve import _Answer, _grid_text, _record
from flowbot.formats import NamedPuzzle, parse_puzzles
from flowbot.models import Cell, Solution

#: The official levels of the README (pack 15 #1, pack 27 #2, pack 23 #1) and a walled board.
BRIDGED = "5,0,1,5,12,0:4:20:24;2,7,12,17;1,6,5;3,8,9;10,11,12,13,14;15,16,21,22,23,18,19\n"
WARPED = "W_5:3,0,2,4,,,0|10:1|11:2|12:3|13:4|14:0|4:10|14;0,1,2,3,4;8,13,14;10,11,12,7;6,5,9\n"
HEXED = "X_5,0,1,5,,1:3:0:20:4:24;16,11,6,2;22,23,19,14;5,10,15,21;8,7,12;17,18,13,9\n"
WALLED = "3,0,1,2,,,0|1:3|4:4|7;0,3,6,7,8;1,2,5,4\n"


def _level(text: str) -> NamedPuzzle:
    [named] = parse_puzzles(text, source="pack.txt")
    assert named.solution is not None
    return named


def _solved(named: NamedPuzzle) -> _Answer:
    return _Answer("solved", named.solution, 0.001)


def test_json_paths_are_row_col_cells_and_a_bridge_is_in_both_flows() -> None:
    named = _level(BRIDGED)
    record = json.loads(json.dumps(_record(named, _solved(named), None)))
    assert set(record) == {"puzzle", "rows", "cols", "board", "dots", "status", "seconds", "paths"}
    assert record["board"]["bridges"] == [[2, 2]]
    assert record["dots"]["0"] == [[0, 2], [3, 2]]
    assert list(record["paths"]) == ["0", "1", "2", "3", "4"]  # positions in the line
    assert record["paths"]["0"] == [[0, 2], [1, 2], [2, 2], [3, 2]]  # cells 2, 7, 12, 17
    assert [2, 2] in record["paths"]["3"]
    paths = tuple(tuple(Cell(*c) for c in p) for p in record["paths"].values())
    Solution(named.puzzle, paths).validate()


def test_json_cells_are_the_game_indices_split_by_width_on_hex_and_warped_boards() -> None:
    for text in (HEXED, WARPED):
        named = _level(text)
        record = _record(named, _solved(named), None)
        width = named.puzzle.cols
        indices = [p.split(",") for p in text.strip().split(";")[1:]]
        for path, cells in zip(indices, record["paths"].values(), strict=True):
            assert [r * width + c for r, c in cells] == [int(i) for i in path]


def test_square_variants_print_holes_bridges_walls_and_warps() -> None:
    bridged = _level(BRIDGED)
    assert _grid_text(bridged, bridged.solution, colour=False) == (
        "# 1 0 2 #\n1 1 0 2 2\n3 3 + 3 3\n4 4 0 4 4\n# 4 4 4 #\n"
    )
    walled = _level(WALLED)
    assert _grid_text(walled, None, colour=False) == "0|1 .\n.|1 .\n  -\n. . 0\n"
    warped = _level(WARPED)
    assert _grid_text(warped, warped.solution, colour=False) == (
        " 0 0 0 0 0\n~3 3 2 1 3~\n 2 2 2 1 1\n"
    )
    # A warped column: ~ above and below it.
    column = parse_puzzles("square\nA.B\n...\nA.B\nwarp 0,1 2,1\n")[0]
    assert _grid_text(column, None, colour=False) == "  ~\nA . B\n. . .\nA . B\n  ~\n"


def test_hex_boards_print_odd_columns_half_a_row_higher() -> None:
    named = _level(HEXED)
    text = board_text(named.puzzle, named.solution, colour=False)
    lines = text.splitlines()
    assert len(lines) == 2 * named.puzzle.rows
    # Line 2r holds row r's odd columns, line 2r + 1 its even ones, column c at 2c.
    for r in range(named.puzzle.rows):
        for c in range(named.puzzle.cols):
            ch = lines[2 * r + (c % 2 == 0)][2 * c]
            cell = Cell(r, c)
            if cell in named.puzzle.holes:
                assert ch == "#"
            else:
                assert ch == next(
                    p.label
                    for p, path in zip(named.puzzle.pairs, named.solution.paths, strict=True)
                    if cell in path
                )


def test_coloured_variant_text_paints_dots_and_paths() -> None:
    named = _level(BRIDGED)
    text = board_text(named.puzzle, named.solution, colour=True)
    assert "\x1b[1;30;48;2;" in text  # dots: black on their colour
    assert "\x1b[38;2;" in text  # paths: their colour
    assert "#" in text
    assert "+" in text


@pytest.mark.parametrize("backend", [None, "cpsat-degree"])
def test_solve_answers_a_level_pack_with_positional_labels_and_game_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], backend: str | None
) -> None:
    # The walled level's answer touches itself: the no-touch CP-SAT models cannot give it.
    levels = (BRIDGED, WARPED, HEXED) if backend else (BRIDGED, WARPED, HEXED, WALLED)
    path = tmp_path / "pack.txt"
    path.write_text("".join(levels))
    extra = ["--backend", backend] if backend else []
    assert main(["solve", "--json", *extra, str(path)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for record, text in zip(records, levels, strict=True):
        named = _level(text)
        assert record["status"] == "solved"
        assert list(record["paths"]) == [str(k) for k in range(len(named.puzzle.pairs))]
        paths = tuple(tuple(Cell(*c) for c in p) for p in record["paths"].values())
        Solution(named.puzzle, paths).validate()
    assert [2, 2] in records[0]["paths"]["0"]  # the bridge, in both flows that cross it
    assert [2, 2] in records[0]["paths"]["3"]


def test_hex_walls_print_between_the_cells_they_part() -> None:
    # (0, 1) and (1, 1), odd, sit half a row above (0, 0) and (1, 0).
    text = "hex\n..\n..\nwall 0,0 0,1  0,0 1,0  1,0 1,1  0,1 1,1\n"
    named = parse_puzzles(text)[0]
    assert board_text(named.puzzle, None, colour=False) == " \\.\n. -\n-\\.\n.\n"
