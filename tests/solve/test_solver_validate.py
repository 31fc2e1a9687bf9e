"""Big boards are validated with numpy: the same checks, the same first error."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot import models
from flowbot.errors import InvalidSolutionError
from flowbot.models import Cell, Pair, Puzzle, Solution

ROWS, COLS = 100, 101  # past models._ARRAY_CELLS


def rows_board() -> Solution:
    """Each row one colour, its path running straight along the row."""
    puzzle = Puzzle(
        ROWS, COLS, tuple(Pair(f"p{r}", Cell(r, 0), Cell(r, COLS - 1)) for r in range(ROWS))
    )
    paths = tuple(tuple(Cell(r, c) for c in range(COLS)) for r in range(ROWS))
    return Solution(puzzle, paths)


def first_error(solution: Solution, *, arrays: bool) -> str:
    """The first broken rule, checked with numpy (``arrays``) or cell by cell."""
    saved = models._ARRAY_CELLS
    models._ARRAY_CELLS = 0 if arrays else 10**9
    try:
        solution.validate()
    except InvalidSolutionError as error:
        return str(error)
    finally:
        models._ARRAY_CELLS = saved
    return "valid"


def test_a_valid_big_solution_passes_both_ways() -> None:
    good = rows_board()
    assert first_error(good, arrays=True) == "valid"
    assert first_error(good, arrays=False) == "valid"


EDITS = st.sampled_from(["move", "drop", "repeat", "swap", "copy", "outside"])


@settings(max_examples=120, deadline=None)
@given(
    st.lists(
        st.tuples(EDITS, st.integers(0, ROWS - 1), st.integers(0, COLS - 1), st.integers(-2, 2)),
        min_size=1,
        max_size=3,
    )
)
def test_every_broken_rule_gives_the_same_first_error(
    edits: list[tuple[str, int, int, int]],
) -> None:
    paths = [list(p) for p in rows_board().paths]
    for edit, r, at, d in edits:
        path = paths[r]
        i = min(at, len(path) - 1)
        if edit == "move":
            path[i] = Cell(path[i].row + d, path[i].col)
        elif edit == "drop":
            del path[i]
        elif edit == "repeat":
            path.insert(i, path[min(len(path) - 1, max(0, i + d))])
        elif edit == "swap":
            j = min(len(path) - 1, max(0, i + d))
            path[i], path[j] = path[j], path[i]
        elif edit == "copy":
            path[i] = paths[(r + 1) % ROWS][min(i, len(paths[(r + 1) % ROWS]) - 1)]
        else:
            path[i] = Cell(ROWS + d, path[i].col)
    broken = Solution(rows_board().puzzle, tuple(tuple(p) for p in paths))
    expected = first_error(broken, arrays=False)
    assert first_error(broken, arrays=True) == expected
