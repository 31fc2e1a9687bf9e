"""The model of the game's other boards: tiny hand-made boards, each rule broken once."""

from __future__ import annotations

import pytest

from flowbot.errors import InvalidPuzzleError, InvalidSolutionError
from flowbot.models import Cell, Pair, Puzzle, Shape, Solution, link, step_axis

C = Cell


def _paths(*paths: list[tuple[int, int]]) -> tuple[tuple[Cell, ...], ...]:
    return tuple(tuple(Cell(*c) for c in p) for p in paths)


def _refused(solution: Solution, problem: str) -> None:
    with pytest.raises(InvalidSolutionError, match=problem):
        solution.validate()


# --- the board's shape and neighbours --------------------------------------------------------


def test_a_classic_board_is_classic_and_any_feature_makes_it_a_kind() -> None:
    classic = Puzzle(2, 3, ())
    assert classic.is_classic
    assert classic.kind == "square"
    assert not Puzzle(2, 3, (), holes=frozenset({C(0, 0)})).is_classic
    walled = Puzzle(3, 3, (), walls=frozenset({link((0, 0), (0, 1))}), holes=frozenset({C(2, 2)}))
    assert walled.kind == "square+holes+walls"
    assert Puzzle(3, 3, (), shape=Shape.HEX).kind == "hex"
    warped = Puzzle(3, 3, (), warps=frozenset({link((1, 0), (1, 2))}), bridges=frozenset({C(1, 1)}))
    assert warped.kind == "square+bridges+warps"


def test_links_are_stored_smaller_cell_first_whatever_order_is_given() -> None:
    puzzle = Puzzle(3, 3, (), walls=frozenset({((1, 1), (0, 1))}))
    assert puzzle.walls == {(C(0, 1), C(1, 1))}
    assert all(isinstance(cell, Cell) for pair in puzzle.walls for cell in pair)
    assert puzzle == Puzzle(3, 3, (), walls=frozenset({link((0, 1), (1, 1))}))


def test_the_lattice_is_named_by_its_enum_or_its_value() -> None:
    assert Puzzle(2, 2, (), shape="hex").shape is Shape.HEX  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match="unknown lattice 'tri'"):
        Puzzle(2, 2, (), shape="tri")  # type: ignore[arg-type]


def test_walls_and_holes_take_neighbours_away_and_warps_add_them() -> None:
    puzzle = Puzzle(
        3,
        3,
        (),
        holes=frozenset({C(2, 1)}),
        walls=frozenset({link((1, 1), (1, 2))}),
        warps=frozenset({link((1, 0), (1, 2))}),
    )
    assert set(puzzle.neighbours(C(1, 1))) == {C(0, 1), C(1, 0)}
    assert set(puzzle.neighbours(C(1, 0))) == {C(0, 0), C(1, 1), C(2, 0), C(1, 2)}
    assert set(puzzle.neighbours(C(1, 2))) == {C(0, 2), C(2, 2), C(1, 0)}
    assert len(list(puzzle.cells())) == 8
    assert C(2, 1) not in set(puzzle.cells())
    links = set(puzzle.links())
    assert link((1, 0), (1, 2)) in links
    assert link((1, 1), (1, 2)) not in links
    assert link((1, 1), (2, 1)) not in links
    for a in puzzle.cells():
        for b in puzzle.cells():
            assert puzzle.joins(a, b) == (b in set(puzzle.neighbours(a)))
    assert not puzzle.joins(C(2, 1), C(2, 0))  # into a hole
    assert not puzzle.joins(C(0, 0), C(0, 5))  # off the board


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        # An even column's diagonal neighbours are a row down, an odd column's a row up.
        (C(1, 2), {C(0, 2), C(2, 2), C(1, 1), C(1, 3), C(2, 1), C(2, 3)}),
        (C(1, 1), {C(0, 1), C(2, 1), C(1, 0), C(1, 2), C(0, 0), C(0, 2)}),
        (C(0, 0), {C(1, 0), C(0, 1), C(1, 1)}),
        (C(0, 3), {C(1, 3), C(0, 2)}),
        (C(2, 0), {C(1, 0), C(2, 1)}),
    ],
)
def test_hex_neighbours_follow_the_even_q_layout(cell: Cell, expected: set[Cell]) -> None:
    puzzle = Puzzle(3, 4, (), shape=Shape.HEX)
    assert set(puzzle.lattice_neighbours(cell)) == expected
    assert set(puzzle.neighbours(cell)) == expected
    # The relation is symmetric.
    assert all(cell in set(puzzle.lattice_neighbours(other)) for other in expected)


def test_hex_walls_lie_between_hex_neighbours_only() -> None:
    walled = Puzzle(3, 3, (), shape=Shape.HEX, walls=frozenset({link((1, 0), (2, 1))}))
    assert C(2, 1) not in set(walled.neighbours(C(1, 0)))
    with pytest.raises(InvalidPuzzleError, match="not neighbours"):
        Puzzle(3, 3, (), shape=Shape.HEX, walls=frozenset({link((1, 1), (2, 0))}))


def test_step_axis_of_sides_and_warps() -> None:
    assert step_axis(C(1, 1), C(1, 2)) == 0
    assert step_axis(C(1, 1), C(2, 1)) == 1
    assert step_axis(C(1, 0), C(1, 4)) == 0  # a warp along row 1
    assert step_axis(C(0, 3), C(4, 3)) == 1  # a warp along column 3


# --- boards the model refuses ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("features", "problem"),
    [
        ({"holes": frozenset({C(3, 0)})}, "hole at row 3, col 0 is outside the 3x3 board"),
        ({"holes": frozenset(C(r, c) for r in range(3) for c in range(3))}, "every cell"),
        ({"walls": frozenset({link((0, 0), (1, 1))})}, "wall between row 0, col 0 and row 1"),
        ({"walls": frozenset({link((0, 0), (0, 2))})}, "not neighbours"),
        ({"walls": frozenset({link((0, 2), (0, 3))})}, "wall at row 0, col 3 is outside"),
        (
            {"walls": frozenset({link((0, 0), (0, 1))}), "holes": frozenset({C(0, 1)})},
            "wall at row 0, col 1 touches a hole",
        ),
        ({"warps": frozenset({link((1, 0), (1, 1))})}, "a warp joins the two ends of a row"),
        ({"warps": frozenset({link((0, 0), (2, 2))})}, "a warp joins the two ends"),
        ({"warps": frozenset({link((1, 1), (1, 2))})}, "a warp joins the two ends"),
        (
            {"warps": frozenset({link((0, 0), (0, 2))}), "holes": frozenset({C(0, 2)})},
            "warp at row 0, col 2 touches a hole",
        ),
        ({"bridges": frozenset({C(0, 1)})}, "bridge at row 0, col 1 is on the border"),
        (
            {"bridges": frozenset({C(1, 1)}), "holes": frozenset({C(2, 1)})},
            "bridge at row 1, col 1 is next to a hole",
        ),
        (
            {"bridges": frozenset({C(1, 1)}), "walls": frozenset({link((1, 1), (1, 2))})},
            "bridge at row 1, col 1 is against a wall",
        ),
        ({"bridges": frozenset({C(1, 1)}), "shape": Shape.HEX}, "bridges need square cells"),
        (
            {"warps": frozenset({link((1, 0), (1, 2))}), "shape": Shape.HEX},
            "warps and bridges need square cells",
        ),
        ({"bridges": frozenset({C(0, 0)}), "holes": frozenset({C(0, 0)})}, "in a hole"),
    ],
)
def test_broken_boards_are_refused_in_one_line(features: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=problem) as caught:
        Puzzle(3, 3, (), **features)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_a_warp_needs_a_row_or_column_of_three_cells_or_more() -> None:
    with pytest.raises(InvalidPuzzleError, match="a warp joins"):
        Puzzle(2, 2, (), warps=frozenset({link((0, 0), (0, 1))}))


def test_dots_in_holes_and_on_bridges_are_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="dot 'A' at row 0, col 0 is in a hole"):
        Puzzle(2, 2, (Pair("A", C(0, 0), C(1, 1)),), holes=frozenset({C(0, 0)}))
    with pytest.raises(InvalidPuzzleError, match="dot 'A' at row 1, col 1 is on a bridge"):
        Puzzle(3, 3, (Pair("A", C(1, 1), C(0, 0)),), bridges=frozenset({C(1, 1)}))


def test_a_bridge_on_the_border_stands_where_a_warp_crosses_it() -> None:
    puzzle = Puzzle(3, 3, (), bridges=frozenset({C(1, 0)}), warps=frozenset({link((1, 0), (1, 2))}))
    assert puzzle.bridges == {C(1, 0)}
    with pytest.raises(InvalidPuzzleError, match="is on the border"):
        Puzzle(3, 3, (), bridges=frozenset({C(0, 1)}), warps=frozenset({link((1, 0), (1, 2))}))


def test_canonical_and_relabel_keep_the_board_features() -> None:
    puzzle = Puzzle(
        2,
        3,
        (Pair("x", C(0, 2), C(1, 2)),),
        holes=frozenset({C(0, 0)}),
        walls=frozenset({link((0, 1), (1, 1))}),
    )
    assert puzzle.canonical().holes == puzzle.holes
    assert puzzle.canonical().walls == puzzle.walls
    assert puzzle.relabel(["q"]).walls == puzzle.walls
    with pytest.raises(InvalidPuzzleError, match="cannot be written as plain grid text"):
        puzzle.to_grid()


def test_a_border_row_or_column_of_holes_only_is_not_drawn() -> None:
    # Holes fill row 0 and column 3: the game draws the 3x3 board below and left of them.
    holes = frozenset({C(0, c) for c in range(4)} | {C(r, 3) for r in range(4)} | {C(2, 1)})
    puzzle = Puzzle(
        4,
        4,
        (Pair("A", C(1, 0), C(3, 2)),),
        holes=holes,
        walls=frozenset({link((1, 0), (1, 1))}),
    )
    drawn = puzzle.as_drawn()
    assert (drawn.rows, drawn.cols) == (3, 3)
    assert drawn.pairs == (Pair("A", C(0, 0), C(2, 2)),)
    assert drawn.holes == {C(1, 1)}
    assert drawn.walls == {link((0, 0), (0, 1))}
    assert drawn.as_drawn() == drawn
    # A warp across the rows left moves with them.
    warped = Puzzle(
        4,
        3,
        (),
        holes=frozenset({C(0, 0), C(0, 1), C(0, 2)}),
        warps=frozenset({link((2, 0), (2, 2))}),
    )
    assert warped.as_drawn() == Puzzle(3, 3, (), warps=frozenset({link((1, 0), (1, 2))}))
    inner = Puzzle(3, 3, (), holes=frozenset({C(1, 1), C(0, 0)}))
    assert inner.as_drawn() == inner  # a hole inside, or a row only partly holes: drawn


def test_a_hexagonal_board_without_its_first_column_is_numbered_from_the_next() -> None:
    # Column 0 all holes: column 1 (odd, half a cell up) becomes column 0 (even), and
    # each column's cells keep their place against their neighbours.
    # Column 2's last cell a hole too: its two cells go a row down, the board stays 3x3.
    holes = frozenset({C(0, 0), C(1, 0), C(2, 0), C(2, 2)})
    puzzle = Puzzle(3, 4, (Pair("A", C(0, 1), C(2, 3)),), shape=Shape.HEX, holes=holes)
    drawn, place = puzzle.as_drawn(), puzzle.drawn_place()
    assert (drawn.rows, drawn.cols, drawn.holes) == (3, 3, {C(0, 1)})
    assert [place(C(r, 2)) for r in (0, 1)] == [C(1, 1), C(2, 1)]
    for cell in puzzle.cells():
        assert set(drawn.neighbours(place(cell))) == {place(n) for n in puzzle.neighbours(cell)}
    assert drawn.pairs == (Pair("A", place(C(0, 1)), place(C(2, 3))),)


# --- solutions: each rule broken once per variant ------------------------------------------------

#: A 3x3 board walled between (0, 0)-(0, 1) and (1, 0)-(1, 1): A must go round.
WALLED = Puzzle(
    3,
    3,
    (Pair("A", C(0, 0), C(0, 1)), Pair("B", C(0, 2), C(2, 2))),
    walls=frozenset({link((0, 0), (0, 1)), link((1, 0), (1, 1))}),
)


def test_walled_board_solution_and_a_step_through_a_wall() -> None:
    good = Solution(
        WALLED, _paths([(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)], [(0, 2), (1, 2), (2, 2)])
    )
    good.validate()
    through = Solution(
        WALLED,
        _paths([(0, 0), (0, 1)], [(0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]),
    )
    _refused(through, r"path 'A' jumps from \(0, 0\) to \(0, 1\)")


#: A ring round a hole: 3x3 with its centre missing.
HOLED = Puzzle(3, 3, (Pair("A", C(0, 0), C(1, 0)),), holes=frozenset({C(1, 1)}))
RING = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]


def test_holed_board_solution_a_step_into_the_hole_and_a_missed_cell() -> None:
    Solution(HOLED, _paths(RING)).validate()
    _refused(
        Solution(HOLED, _paths([(0, 0), (0, 1), (1, 1), (2, 1), (2, 0), (1, 0)])),
        r"path 'A' enters the hole at \(1, 1\)",
    )
    _refused(Solution(HOLED, _paths([(0, 0), (1, 0)])), r"cell \(0, 1\) is on no path")
    _refused(Solution(HOLED, _paths([(0, 0), (0, -1)])), "does not join its two dots")


def test_a_flow_touching_itself_around_a_hole_is_allowed() -> None:
    solution = Solution(HOLED, _paths(RING))
    solution.validate()
    assert solution.touches_itself()  # its two ends, (0, 0) and (1, 0), are side by side
    _refused(
        Solution(HOLED, _paths([(0, 0), (0, 1), (0, 0), (1, 0)])),
        r"cell \(0, 0\) is on path 'A' and 'A'",
    )


#: A plus-shaped board, a bridge in the middle: A runs down column 1, B along row 1.
RINGED = Puzzle(
    3,
    3,
    (Pair("A", C(0, 1), C(2, 1)), Pair("B", C(1, 0), C(1, 2))),
    bridges=frozenset({C(1, 1)}),
    holes=frozenset({C(0, 0), C(0, 2), C(2, 0), C(2, 2)}),
)


def test_two_flows_share_a_bridge_one_each_way() -> None:
    Solution(RINGED, _paths([(0, 1), (1, 1), (2, 1)], [(1, 0), (1, 1), (1, 2)])).validate()


def test_a_bridge_crossed_once_leaves_its_other_passage_empty() -> None:
    # A crosses downwards; B and C keep off the bridge's row passage.
    puzzle = Puzzle(
        3,
        4,
        (Pair("A", C(0, 1), C(2, 1)), Pair("B", C(0, 0), C(2, 0)), Pair("C", C(0, 2), C(2, 3))),
        bridges=frozenset({C(1, 1)}),
    )
    solution = Solution(
        puzzle,
        _paths(
            [(0, 1), (1, 1), (2, 1)],
            [(0, 0), (1, 0), (2, 0)],
            [(0, 2), (0, 3), (1, 3), (1, 2), (2, 2), (2, 3)],
        ),
    )
    _refused(solution, r"cell \(1, 1\) is on no path")


def test_a_turn_or_a_u_turn_on_a_bridge_is_refused() -> None:
    puzzle = Puzzle(
        3,
        3,
        (Pair("A", C(0, 1), C(1, 2)), Pair("B", C(1, 0), C(2, 1))),
        bridges=frozenset({C(1, 1)}),
        holes=frozenset({C(0, 0), C(0, 2), C(2, 0), C(2, 2)}),
    )
    _refused(
        Solution(puzzle, _paths([(0, 1), (1, 1), (1, 2)], [(1, 0), (1, 1), (2, 1)])),
        r"path 'A' turns on the bridge at \(1, 1\)",
    )
    u_turn = Puzzle(
        4,
        3,
        (Pair("A", C(0, 1), C(0, 0)), Pair("B", C(1, 0), C(1, 2))),
        bridges=frozenset({C(1, 1)}),
    )
    _refused(
        Solution(u_turn, _paths([(0, 1), (1, 1), (0, 1), (0, 0)], [(1, 0), (1, 1), (1, 2)])),
        r"turns on the bridge",
    )


def test_one_flow_may_cross_itself_on_a_bridge() -> None:
    # Down through the bridge, round the bottom right, back across it leftwards, up to (0, 0).
    puzzle = Puzzle(
        3,
        3,
        (Pair("A", C(0, 1), C(0, 0)),),
        bridges=frozenset({C(1, 1)}),
        holes=frozenset({C(0, 2), C(2, 0)}),
    )
    path = [(0, 1), (1, 1), (2, 1), (2, 2), (1, 2), (1, 1), (1, 0), (0, 0)]
    Solution(puzzle, _paths(path)).validate()
    # The same way twice is one passage used twice (and its neighbours too).
    again = [(0, 1), (1, 1), (2, 1), (2, 2), (1, 2), (1, 1), (2, 1), (1, 0), (0, 0)]
    _refused(Solution(puzzle, _paths(again)), r"turns on the bridge at \(1, 1\)")


#: A's dots at the two ends of row 0 with a hole between them: the warp is the only way.
WARPED = Puzzle(
    3,
    3,
    (Pair("A", C(0, 0), C(0, 2)), Pair("B", C(1, 0), C(2, 0))),
    warps=frozenset({link((0, 0), (0, 2))}),
    holes=frozenset({C(0, 1), C(1, 1), C(1, 2), C(2, 1), C(2, 2)}),
)


def test_a_warp_is_a_step_and_an_unwarped_edge_is_not() -> None:
    Solution(WARPED, _paths([(0, 0), (0, 2)], [(1, 0), (2, 0)])).validate()
    Solution(WARPED, _paths([(0, 2), (0, 0)], [(2, 0), (1, 0)])).validate()  # either way
    no_warp = Puzzle(3, 3, WARPED.pairs, holes=WARPED.holes)
    _refused(
        Solution(no_warp, _paths([(0, 0), (0, 2)], [(1, 0), (2, 0)])),
        r"path 'A' jumps from \(0, 0\) to \(0, 2\)",
    )
    column = Puzzle(
        3,
        2,
        (Pair("A", C(0, 0), C(2, 0)), Pair("B", C(0, 1), C(2, 1))),
        warps=frozenset({link((0, 0), (2, 0))}),
        holes=frozenset({C(1, 0)}),
    )
    Solution(column, _paths([(0, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)])).validate()
    # The warp joins only its own row's ends: (0, 0) to (2, 1) is no step.
    _refused(
        Solution(column, _paths([(0, 0), (2, 1), (2, 0)], [(0, 1), (1, 1)])),
        r"jumps from \(0, 0\) to \(2, 1\)",
    )


def test_a_bridge_on_a_warped_border_is_crossed_through_the_edge() -> None:
    puzzle = Puzzle(
        3,
        3,
        (Pair("A", C(1, 1), C(1, 2)), Pair("B", C(0, 0), C(2, 0))),
        bridges=frozenset({C(1, 0)}),
        warps=frozenset({link((1, 0), (1, 2))}),
        holes=frozenset({C(0, 1), C(0, 2), C(2, 1), C(2, 2)}),
    )
    Solution(puzzle, _paths([(1, 1), (1, 0), (1, 2)], [(0, 0), (1, 0), (2, 0)])).validate()
    turning = Puzzle(
        3,
        3,
        (Pair("A", C(1, 1), C(2, 0)), Pair("B", C(0, 0), C(1, 2))),
        bridges=puzzle.bridges,
        warps=puzzle.warps,
        holes=puzzle.holes,
    )
    _refused(
        Solution(turning, _paths([(1, 1), (1, 0), (2, 0)], [(0, 0), (1, 0), (1, 2)])),
        r"path 'A' turns on the bridge at \(1, 0\)",
    )


#: A 2x3 hex board: (0, 0) and (1, 1) are neighbours (even column, a row down).
HEX = Puzzle(
    2,
    3,
    (Pair("A", C(0, 0), C(1, 2)), Pair("B", C(1, 0), C(0, 2))),
    shape=Shape.HEX,
    holes=frozenset({C(0, 1)}),
)


def test_hex_solutions_step_diagonally_where_the_lattice_does() -> None:
    # A: (0,0) -> (1,1) -> (1,2); B: (1,0) ... B cannot reach (0,2) without crossing A.
    _refused(Solution(HEX, _paths([(0, 0), (1, 1), (1, 2)], [(1, 0), (0, 2)])), "jumps")
    diagonal = Puzzle(
        2,
        2,
        (Pair("A", C(0, 0), C(1, 1)),),
        shape=Shape.HEX,
        holes=frozenset({C(0, 1), C(1, 0)}),
    )
    Solution(diagonal, _paths([(0, 0), (1, 1)])).validate()
    square = Puzzle(2, 2, diagonal.pairs, holes=diagonal.holes)
    _refused(Solution(square, _paths([(0, 0), (1, 1)])), r"jumps from \(0, 0\) to \(1, 1\)")
    odd_up = Puzzle(
        2,
        2,
        (Pair("A", C(0, 1), C(1, 0)),),
        shape=Shape.HEX,
        holes=frozenset({C(0, 0), C(1, 1)}),
    )
    # (0, 1) odd and (1, 0) even: neither is the other's diagonal neighbour.
    _refused(Solution(odd_up, _paths([(0, 1), (1, 0)])), r"jumps from \(0, 1\) to \(1, 0\)")


def test_validate_counts_paths_and_checks_dots_on_variant_boards() -> None:
    _refused(Solution(RINGED, _paths([(0, 1), (1, 1), (2, 1)])), "1 paths for 2 colours")
    _refused(
        Solution(RINGED, _paths([(0, 1), (1, 1), (2, 1)], [(1, 0), (1, 1)])),
        "does not join its two dots",
    )
