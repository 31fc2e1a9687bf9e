"""Labels beside an image or in a labels file, and how a reading is judged against one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from flowbot.errors import InputError
from flowbot.models import Cell, Puzzle
from flowbot.vision import (
    EXACT,
    WRONG_BOARD,
    WRONG_DOTS,
    WRONG_PAIRS,
    WRONG_SIZE,
    label_for,
    load_labels,
)
from flowbot.vision._check import compare

LABELS = """\
# puzzle: pack/a.png
square
A.B
...
A.B
wall 1,0 1,1
# puzzle: other/pack/a.png
AB
AB
"""


def test_a_label_beside_the_image_comes_first(tmp_path: Path) -> None:
    (tmp_path / "pack").mkdir()
    image = tmp_path / "pack" / "a.png"
    (tmp_path / "pack" / "a.txt").write_text("AA\n")
    labels = load_labels(_write(tmp_path, LABELS))
    assert label_for(image, labels) == Puzzle.from_grid(["AA"])


def test_the_longest_label_path_ending_the_image_path_wins(tmp_path: Path) -> None:
    labels = load_labels(_write(tmp_path, LABELS))
    walled = label_for(Path("/screens/pack/a.png"), labels)
    assert walled is not None
    assert walled.walls == {(Cell(1, 0), Cell(1, 1))}
    assert label_for(Path("/x/other/pack/a.png"), labels) == Puzzle.from_grid(["AB", "AB"])
    # A path must end with whole folder names: "ack/a.png" is no label of "back/a.png".
    assert label_for(Path("/x/back/a.png"), labels) is None


def test_a_labels_file_needs_a_path_per_puzzle(tmp_path: Path) -> None:
    assert load_labels(_write(tmp_path, "# nothing labelled yet\n")) == {}
    with pytest.raises(InputError, match="puzzle: IMAGE_PATH"):
        load_labels(_write(tmp_path, "AB\nAB\n"))


def test_compare_judges_size_board_dots_and_pairs() -> None:
    label = Puzzle.from_grid(["A.B", "...", "A.B"])
    assert compare(label, label.relabel(["x", "y"])) == EXACT
    assert compare(label, Puzzle.from_grid(["A.B", "A.B"])) == WRONG_SIZE
    walled = replace(label, walls=frozenset({(Cell(1, 0), Cell(1, 1))}))
    assert compare(walled, label) == WRONG_BOARD
    assert compare(label, Puzzle.from_grid(["A.B", "..A", "..B"])) == WRONG_DOTS
    assert compare(label, Puzzle.from_grid(["A.A", "...", "B.B"])) == WRONG_PAIRS


def test_compare_judges_the_board_as_drawn() -> None:
    # The game draws a border column of holes only as nothing: a reader sees 3x3.
    label = Puzzle(
        3,
        4,
        Puzzle.from_grid(["A.B", "...", "A.B"]).pairs,
        holes=frozenset(Cell(r, 3) for r in range(3)),
    )
    assert compare(label, Puzzle.from_grid(["A.B", "...", "A.B"])) == EXACT
    assert compare(label, Puzzle.from_grid(["A.B.", "....", "A.B."])) == WRONG_SIZE


def _write(folder: Path, text: str) -> Path:
    path = folder / "labels.txt"
    path.write_text(text)
    return path
