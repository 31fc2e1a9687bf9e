"""Write the rule tables of ``docs/vision.md`` from the rules in the code.

Usage::

    python3 docs/rule_tables.py

Each refusal rule is a ``Rule`` next to the code it runs (``flowbot/vision/_rule.py``),
its texts written there once. ``docs/vision.md`` marks where each table goes::

    <!-- rule table: BOARD_RULES -->

    | rule | refuses | ...

    <!-- end rule table -->

naming one or more of the tuples in ``flowbot/vision/_rules.py``; this script
rewrites what lies between the marks, one row per rule in the tuples' order,
and leaves the prose around the tables alone. ``tests/vision/test_rules_documented.py``
fails while the tables and the code differ.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "vision.md"

HEADER = "| rule | refuses | why | measured bounds | reason given |\n|---|---|---|---|---|\n"
TABLE = re.compile(
    r"(<!-- rule table: (?P<names>[A-Z_ ]+?) -->\n)(?P<body>.*?)(<!-- end rule table -->)",
    re.DOTALL,
)


def _cell(text: str) -> str:
    """A text as one table cell: on one line, its ``|`` escaped (GFM, in code spans too)."""
    return " ".join(text.split()).replace("|", "\\|")


def render(rules: Iterable[Any]) -> str:
    """The markdown table of ``rules`` (``Rule``s), one row each, in their order."""
    rows = [
        f"| `{_cell(r.name)}` | {_cell(r.refuses)} | {_cell(r.why)} | {_cell(r.bounds)} "
        f"| “{_cell(r.reason)}” |\n"
        for r in rules
    ]
    return HEADER + "".join(rows)


def table_names(text: str) -> list[list[str]]:
    """The tuples each marked table of ``text`` shows, in the doc's order."""
    return [m["names"].split() for m in TABLE.finditer(text)]


def rewrite(text: str, rules_of: Callable[[str], Sequence[Any]]) -> str:
    """``text`` with every marked table rendered again from ``rules_of(tuple name)``."""

    def table(m: re.Match[str]) -> str:
        rules = [r for name in m["names"].split() for r in rules_of(name)]
        return m[1] + "\n" + render(rules) + "\n" + m[4]

    return TABLE.sub(table, text)


def main() -> None:
    # This checkout's flowbot, not an installed one elsewhere: imported once the path is set.
    sys.path.insert(0, str(ROOT))
    _rules = importlib.import_module("flowbot.vision._rules")
    text = DOC.read_text()
    new = rewrite(text, lambda name: getattr(_rules, name))
    if new != text:
        DOC.write_text(new)
    print(f"{DOC.relative_to(ROOT)}: {'rewritten' if new != text else 'already up to date'}")


if __name__ == "__main__":
    main()
