"""The cut family (``_cuts``): one solver answering for a cover cut at any subset of its cuts."""

from __future__ import annotations

import random

from flowbot.generate._board import make_board
from flowbot.generate._cover import CoverChain
from flowbot.models import link
from flowbot.solve import solutions
from flowbot.solve._cuts import OTHER, UNIQUE, CutFamily


def test_the_family_agrees_with_a_fresh_count_of_each_puzzle() -> None:
    # Random covers (paths touching themselves or not), random dense cuts, random
    # subsets: "unique" exactly where a fresh count of the cut puzzle finds one solution.
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.choice([5, 6, 7])
        board = make_board(rng, n, n)
        chain = CoverChain(board.graph, rng.randint(2, n), no_touch=rng.random() < 0.5,
                           min_len=3, gap=0)  # fmt: skip
        paths = chain.sample(rng, None)
        if paths is None:
            continue

        def apply(cuts: set[tuple[int, int]], paths: list[list[int]] = paths) -> list[list[int]]:
            out = []
            for i, p in enumerate(paths):
                prev = 0
                for j in sorted(j for q, j in cuts if q == i):
                    out.append(p[prev:j])
                    prev = j
                out.append(p[prev:])
            return out

        steps = [(i, j) for i, p in enumerate(paths) for j in range(1, len(p))]
        rng.shuffle(steps)
        dense: set[tuple[int, int]] = set()
        for step in steps[: rng.randint(1, 6)]:
            if all(len(q) >= 2 for q in apply(dense | {step})):
                dense.add(step)
        nodes, cover = board.nodes, paths

        def step_link(step: tuple[int, int]) -> tuple:  # type: ignore[type-arg]
            i, j = step
            return link(nodes[cover[i][j - 1]], nodes[cover[i][j]])

        family = CutFamily(board.solution(apply(dense)), [step_link(c) for c in dense])
        try:
            for _ in range(3):
                made = {c for c in dense if rng.random() < 0.5}
                status, used = family.check({step_link(c) for c in made}, 10**6)
                listed = solutions(board.solution(apply(made)).puzzle, 2)
                truth = UNIQUE if len(listed.found) == 1 and listed.exact else OTHER
                assert status == truth, seed
                seen.add(status)
                if status == UNIQUE:
                    assert isinstance(used, set)
                    assert used <= {step_link(c) for c in made}
                    # The proof's core is a proof: the cuts it did not use can be joined.
                    assert family.check(used, 10**6)[0] == UNIQUE
        finally:
            family.close()
    assert seen == {UNIQUE, OTHER}
