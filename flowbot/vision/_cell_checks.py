"""Cell-level checks: what each cell holds, and whether the cells look like a Flow board's."""

from __future__ import annotations
