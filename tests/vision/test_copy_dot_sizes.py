"""The copy's dots are of one size: a blob of another size on a copied dot is no dot of it.

The OS's screenshot preview copies the screen, the board's dots among it, at a
quarter or so of its size (``_hex_copy.smaller_copy``). A started flow drawn in a
loop round another flow's dot is, in the copy, one round saturated blob with that
dot, its middle the dot's colour: a second disc on the dot's place, four times its
size. Taken for the dot too, two discs fell on one copied dot and the copy was
no copy: "two boards on the screen" (synthetic hex preview 10600015 started, a
cyan dot 28 px across in an orange loop 107 px across).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.models import Reading

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_a_preview_with_a_flow_looped_round_a_dot_is_a_copy(
    reads_exactly: ReadsExactly, state: str
) -> None:
    reads_exactly("preview", 10600015, "hex", state)
