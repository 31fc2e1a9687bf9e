"""docs/vision.md's rule tables are what docs/rule_tables.py writes from the rules in the code."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

from flowbot.vision import _rules
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

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "vision.md"

_spec = importlib.util.spec_from_file_location("rule_tables", ROOT / "docs" / "rule_tables.py")
assert _spec
assert _spec.loader
tables = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tables)


def _written(text: str) -> str:
    """``text`` with its rule tables written from the code's rules."""
    return tables.rewrite(text, lambda name: getattr(_rules, name))


def test_the_docs_tables_are_the_codes_rules() -> None:
    text = DOC.read_text()
    assert text == _written(text), (
        "docs/vision.md's rule tables differ from the rules in the code: "
        "edit the Rule, then run `python3 docs/rule_tables.py`"
    )


def test_every_rule_has_its_table_in_order() -> None:
    names = [name for table in tables.table_names(DOC.read_text()) for name in table]
    assert [r for name in names for r in getattr(_rules, name)] == list(ALL_RULES)


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


def test_a_changed_rule_field_is_caught() -> None:
    text = DOC.read_text()
    changed = replace(BOARD_RULES[3], bounds=BOARD_RULES[3].bounds + " (measured again)")
    rules = {**vars(_rules), "BOARD_RULES": (*BOARD_RULES[:3], changed, *BOARD_RULES[4:])}
    assert tables.rewrite(text, rules.__getitem__) != text


def test_a_bar_in_a_text_stays_in_its_cell() -> None:
    rule = replace(ALL_RULES[0], why="a | b, `x | y`")
    row = tables.render([rule]).splitlines()[-1]
    assert row.replace("\\|", "").count("|") == 6
    assert "a \\| b, `x \\| y`" in row
