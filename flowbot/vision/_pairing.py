"""Pairing dots by colour, with a margin that says how sure the pairing is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell
from flowbot.vision._types import Settings

#: Least Lab distance between twins that is surely two colours. Twins in right
#: readings differ by at most 5.3 (real screens 3.5: JPEG, glow, drift, tiny
#: cells), colours of the game's palette by far more; a lone pair of two
#: colours (a board cut to its last rows) must not pass for one colour.
TWIN_LIMIT = 15.0


@dataclass(frozen=True, slots=True)
class Pairing:
    """Dot index pairs and the smallest safety margin among them.

    ``margin`` is, over all pairs, the least ratio between the distance from
    a pair to any other dot and the distance inside the pair (how much
    further the nearest impostor is than the twin).
    """

    pairs: tuple[tuple[int, int], ...]
    margin: float


def pair_by_colour(lab: np.ndarray, *, noise: float, min_margin: float) -> Pairing:
    """Pair dots whose colours are each other's nearest, refusing doubtful sets.

    Every dot's nearest colour must be its twin's and the twin's nearest must
    be it (mutual nearest neighbours). When two dots are each other's nearest
    but a third is almost as near, the colours are too alike to tell apart
    safely, so the reading is refused.

    Parameters
    ----------
    lab
        ``(n, 3)`` CIELAB colours, one per dot.
    noise
        Colour distance (Lab units) that counts as "the same colour": the
        within-pair distance is never taken as smaller than this.
    min_margin
        The least acceptable ratio of impostor distance to twin distance.

    Raises
    ------
    UnsureReadingError
        For an odd number of dots, a dot with no mutual twin, twins of two
        colours (farther apart than ``max(TWIN_LIMIT, 4 * noise)``), or a thin
        margin.

    Examples
    --------
    >>> lab = np.array([[50, 80, 60], [20, 0, 0], [51, 79, 60], [21, 0, 1]], float)
    >>> pair_by_colour(lab, noise=2.0, min_margin=2.0).pairs
    ((0, 2), (1, 3))
    """
    n = len(lab)
    if n == 0:
        raise UnsureReadingError("no dots on the board")
    if n % 2:
        raise UnsureReadingError(f"{n} dots found, an odd number: some dot is missed or extra")
    dist = np.sqrt(((lab[:, None, :] - lab[None, :, :]) ** 2).sum(axis=-1))
    np.fill_diagonal(dist, np.inf)
    nearest = dist.argmin(axis=1)
    pairs = []
    margin = np.inf
    for i in range(n):
        j = int(nearest[i])
        if nearest[j] != i:
            raise UnsureReadingError(
                "dot colours do not fall into clear pairs (a colour appears once or 3+ times)"
            )
        if i < j:
            if dist[i, j] > max(TWIN_LIMIT, 4 * noise):
                raise UnsureReadingError(
                    f"the nearest colours of two dots differ by {dist[i, j]:.0f} Lab: "
                    "dots of different colours would be paired"
                )
            pairs.append((i, j))
            others = np.r_[np.delete(dist[i], [i, j]), np.delete(dist[j], [i, j])]
            if others.size:
                margin = min(margin, float(others.min()) / max(float(dist[i, j]), noise))
    if margin < min_margin:
        raise UnsureReadingError(
            f"two dot colours are too alike to pair safely (margin {margin:.1f} < {min_margin})"
        )
    return Pairing(tuple(pairs), margin)


def pair_dots(
    dots: Sequence[Cell], core_lab: np.ndarray, settings: Settings
) -> tuple[list[tuple[Cell, Cell]], float]:
    """``dots`` (in reading order) paired by their cores' colours (``core_lab[cell]``): the
    pairs, each in reading order and sorted by its first dot, and the pairing's margin."""
    pairing = pair_by_colour(
        np.array([core_lab[c] for c in dots]),
        noise=settings.colour_tolerance,
        min_margin=settings.min_pair_margin,
    )
    pairs = sorted(
        (tuple(sorted((dots[i], dots[j]))) for i, j in pairing.pairs), key=lambda p: p[0]
    )
    return pairs, pairing.margin  # type: ignore[return-value]


def pair_colours(
    pairs: list[tuple[Cell, Cell]], core_rgb: np.ndarray
) -> tuple[tuple[int, ...], ...]:
    """Each pair's colour: the mean of its two dots' core RGB."""
    return tuple(
        tuple(int(v) for v in (core_rgb[a].astype(float) + core_rgb[b]) / 2) for a, b in pairs
    )


def pairing_confidence(margin: float, settings: Settings) -> float:
    """How sure a pairing of ``margin`` is: 0.5 at the least margin taken, 1 at four times it."""
    least = settings.min_pair_margin
    return 0.5 + 0.5 * min(1.0, (margin - least) / (3 * least))
