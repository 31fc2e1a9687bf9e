"""Every refusal rule of the reader has its row in docs/vision.md, in the order it runs."""

from __future__ import annotations

from pathlib import Path

from flowbot.vision._rules import (
    ALL_RULES,
    BOARD_RULES,
    CELL_RULES,
    DOT_RULES,
    FEATURE_RULES,
    HEX_BOARD_RULES,
    HEX_DOT_RULES,
    HEX_LATTICE_RULES,
    HEX_THIN_RULES,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "vision.md"


def _rows(text: str) -> list[str]:
    """The rule names of a doc's rule tables (five columns), in their order."""
    return [
        line.split("`")[1]
        for line in text.splitlines()
        if line.startswith("| `") and line.count("|") == 6
    ]


def test_every_rule_has_its_row_in_order() -> None:
    assert _rows(DOC.read_text()) == [rule.name for rule in ALL_RULES]


def test_rules_are_named_once_and_say_what_why_bounds_and_reason() -> None:
    names = [rule.name for rule in ALL_RULES]
    assert len(set(names)) == len(names)
    assert len(ALL_RULES) == sum(
        len(rules)
        for rules in (
            BOARD_RULES,
            DOT_RULES,
            CELL_RULES,
            FEATURE_RULES,
            HEX_LATTICE_RULES,
            HEX_BOARD_RULES,
            HEX_DOT_RULES,
            HEX_THIN_RULES,
        )
    )
    for rule in ALL_RULES:
        assert all(len(text) > 10 for text in (rule.refuses, rule.why, rule.bounds, rule.reason))


def test_a_rule_missing_from_the_doc_is_caught() -> None:
    text = DOC.read_text()
    row = next(line for line in text.splitlines() if line.startswith(f"| `{ALL_RULES[3].name}`"))
    assert _rows(text.replace(row + "\n", "")) != [rule.name for rule in ALL_RULES]
