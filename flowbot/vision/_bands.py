"""Cells near the grid lines: the lines' colour, how far a cell's colour reaches, bands across."""

from __future__ import annotations

import math

import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._cells import NEAR, cell_pitch
from flowbot.vision._colour import delta_e, pixels_at, place_between, to_lab, to_rgb
from flowbot.vision._stats import median_along, median_of


def line_lightness(image: np.ndarray, geometry: BoardGeometry) -> float | None:
    """Median L* of the grid's inner lines (``None`` when the grid has none).

    Sampled over the middle of every inner edge, the lightest of the three
    pixels across the line at each point (the grid may be a pixel off).
    """
    lab = _across_inner_lines(image, geometry, np.linspace(0.3, 0.7, 5))
    if lab is None:
        return None
    return float(median_of(lab[..., 0].max(axis=1)))


def line_colour(image: np.ndarray, geometry: BoardGeometry) -> np.ndarray | None:
    """Median Lab of the grid's inner lines near the cells' corners (``None``: no inner line).

    Sampled a fifth to a quarter of the way along every inner edge from each
    end, where no pipe or dot can lie, the lightest of the three pixels
    across the line at each point (the grid may be a pixel off).
    """
    lab = _across_inner_lines(image, geometry, np.array([0.2, 0.25, 0.75, 0.8]))
    if lab is None:
        return None
    lightest = np.take_along_axis(lab, lab[..., :1].argmax(axis=1)[:, None], axis=1)[:, 0]
    return median_of(lightest, axis=0)


def _across_inner_lines(
    image: np.ndarray, geometry: BoardGeometry, along: np.ndarray
) -> np.ndarray | None:
    """Lab of the three pixels across every inner line, at ``along`` (fractions) of each edge.

    Shape ``(points, 3, 3)``: points along the lines, pixels across, Lab;
    ``None`` when the grid has no inner line.
    """
    h, w = image.shape[:2]
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    across = np.array([-1, 0, 1])
    points = []
    for lines, spans in ((xs, ys), (ys, xs)):
        if len(lines) < 3:
            continue
        starts, sizes = spans[:-1], np.diff(spans)
        at = (starts[:, None] + sizes[:, None] * along).ravel()  # positions along a line
        on = np.rint(lines[1:-1, None, None] + across[None, None, :]).astype(np.intp)
        grid_on, grid_at = np.broadcast_arrays(on, np.rint(at)[None, :, None].astype(np.intp))
        pts = (grid_on, grid_at) if lines is xs else (grid_at, grid_on)  # (x, y)
        points.append(np.stack(pts, axis=-1).reshape(-1, len(across), 2))
    if not points:
        return None
    xy = np.concatenate(points)
    px = np.clip(xy[..., 0], 0, w - 1)
    py = np.clip(xy[..., 1], 0, h - 1)
    return to_lab(pixels_at(image, py, px))


#: A cell's border band, as fractions of the pitch from its centre: inside the
#: grid lines, outside anything the game draws in a cell but a pipe.
BORDER = (0.43, 0.47)


#: ``interior_reach`` follows the inner lines' profile out to where it stays
#: within this share of the line's contrast with the cells: the line's own
#: pixels, their anti-aliasing and blur, and JPEG's ringing around them.
LINE_TRACE = 0.1


#: ... looking no farther from a line's centre than this share of the pitch
#: (the thickest lines are an eighth of a pitch wide, blurred by a few px),
#: and comparing with the cell beyond that, out to ``LINE_CLEAR``: clear of
#: any dot there, as the profile is taken near the cells' corners.
LINE_SEARCH, LINE_CLEAR = 0.15, 0.22


def interior_reach(image: np.ndarray, geometry: BoardGeometry) -> float:
    """How far from a cell's centre its inside goes before its grid lines show (share of pitch).

    Across every inner line, near the cells' corners (where no dot lies),
    each pixel's Lab distance from the cell's colour beyond the line's
    reach on its side; the median profile over the lines is the line's: its
    peak at the line, its tails the line's blur and JPEG's ringing. The line
    shows out to the farthest pixel from its found position whose distance
    is ``LINE_TRACE`` of the peak's or more (above the cells' own noise): a
    grid found a pixel off widens the profile by as much. The inside ends
    there, kept from ``BORDER[0]`` (a ray must pass the outline of anything
    drawn in a cell, a bridge's deck 0.4 pitch from its centre, and see the
    background beyond) to ``BORDER[1]``: a 1 px line in a large cell leaves
    the border band, a thick blurred one a few pixels less.
    """
    h, w = image.shape[:2]
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    pitch = cell_pitch(xs, ys)
    search = max(1, math.ceil(LINE_SEARCH * pitch))
    clear = max(search + 1, math.ceil(LINE_CLEAR * pitch))
    offsets = np.arange(-clear, clear + 1)
    along = np.array([0.15, 0.2, 0.8, 0.85])
    rows = []
    for lines, spans in ((xs, ys), (ys, xs)):
        if len(lines) < 3:
            continue
        at = (spans[:-1, None] + np.diff(spans)[:, None] * along).ravel()
        on = np.rint(lines[1:-1, None, None]).astype(np.intp) + offsets  # (lines, 1, offsets)
        grid_on, grid_at = np.broadcast_arrays(on, np.rint(at)[None, :, None].astype(np.intp))
        px, py = (grid_on, grid_at) if lines is xs else (grid_at, grid_on)
        rows.append(
            pixels_at(image, np.clip(py, 0, h - 1), np.clip(px, 0, w - 1)).reshape(
                -1, offsets.size, 3
            )
        )
    if not rows:
        return BORDER[1]
    lab = to_lab(np.concatenate(rows))  # (points, offsets, Lab)
    beyond = np.abs(offsets) > search
    before, after = beyond & (offsets < 0), beyond & (offsets > 0)
    cells = np.where(
        (offsets < 0)[None, :, None],
        median_along(lab[:, before], axis=1)[:, None],
        median_along(lab[:, after], axis=1)[:, None],
    )
    profile = median_along(delta_e(lab, cells), axis=0)
    base = float(median_of(profile[beyond]))
    peak = float(profile[~beyond].max())
    shows = ~beyond & (profile - base >= LINE_TRACE * max(peak - base, 1e-6))
    extent = float(np.abs(offsets[shows]).max()) if shows.any() else 0.0
    return float(np.clip((pitch / 2 - extent) / pitch, BORDER[0], BORDER[1]))


def border_like(
    image: np.ndarray, centre: tuple[float, float], pitch: float, colour: np.ndarray
) -> float:
    """Share of the band just inside the cell's grid lines with ``colour`` on both sides of them.

    Whatever lies in the cell and ends before its lines (a dot, a tile) leaves
    none there; a band of glow or a pipe through the cell runs on into it. A
    tile's edge may reach the band in a small cell (blur, a grid found a pixel
    off), but stops at the line: a band pixel counts only when its partner
    just across the nearest grid line, in the neighbour, has the colour too,
    as glow's has (glow is continuous across the lines).
    """
    across, _, _, cut = _band_like(image, centre, pitch, colour)
    # A partner beyond the image tells nothing: it counts only when the
    # colour is seen running on across some line with both sides in view.
    # A tile in a corner cell at the image's edge reaches the band on its two
    # cut sides only (flow_edge_objects 101086: 0.33 of the band otherwise).
    if not (across & ~cut).any():
        across = across & ~cut
    return float(np.count_nonzero(across) / across.size)


def border_like_sides(
    image: np.ndarray, centre: tuple[float, float], pitch: float, colour: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per side (right, down, left, up), the share of the border band with ``colour``.

    Two shares: of the band's pixels alone, and of those whose partner
    across the line has the colour too (as ``border_like`` counts them).
    """
    across, inside, side, _ = _band_like(image, centre, pitch, colour)
    return (
        np.array([inside[side == k].mean() for k in range(4)]),
        np.array([across[side == k].mean() for k in range(4)]),
    )


def _band_like(
    image: np.ndarray, centre: tuple[float, float], pitch: float, colour: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per border band pixel: ``colour`` on both sides of its line; on its side; the band's side;
    whether its partner lies beyond the image."""
    h, w = image.shape[:2]
    cx, cy = centre
    dx, dy, mx, my, side = _band_and_partners(pitch)
    x, y = np.rint(cx + np.concatenate([dx, mx])), np.rint(cy + np.concatenate([dy, my]))
    px = np.clip(x, 0, w - 1).astype(np.intp)
    py = np.clip(y, 0, h - 1).astype(np.intp)
    near = (delta_e(to_lab(pixels_at(image, py, px)), colour) <= NEAR).reshape(2, -1)
    # A partner beyond the image (cropped at the border line) tells nothing.
    cut = ((x != px) | (y != py)).reshape(2, -1)[1]
    return near[0] & (near[1] | cut), near[0], side, cut


def _band_and_partners(
    pitch: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Offsets of the border band's pixels, of their partners, and each one's side.

    Each band pixel's partner lies across its nearest grid line, as far
    beyond the line as the band's inner edge is before it: clear of lines up
    to 0.13 pitch wide, and of the neighbour's dot (radius 0.38 at most).
    Sides: 0 right, 1 down, 2 left, 3 up.
    """
    step = max(1.0, pitch / 60)
    grid = np.arange(-BORDER[1] * pitch, BORDER[1] * pitch + step / 2, step)
    dx, dy = np.meshgrid(grid, grid)
    band = np.maximum(np.abs(dx), np.abs(dy)) >= BORDER[0] * pitch
    dx, dy = dx[band], dy[band]
    sideways = np.abs(dx) >= np.abs(dy)
    reach = (1 - 2 * BORDER[0]) * pitch
    mx = np.where(sideways, dx + np.sign(dx) * reach, dx)
    my = np.where(sideways, dy, dy + np.sign(dy) * reach)
    side = np.where(sideways, np.where(dx > 0, 0, 2), np.where(dy > 0, 1, 3))
    return dx, dy, mx, my, side


def place_past_lines(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    beyond: np.ndarray,
    *,
    in_lightness: bool = False,
) -> np.ndarray:
    """Per side, the median place just across the cell's grid line, from ``inside`` to ``beyond``.

    ``beyond``: four colours (right, lower, left, upper neighbour's). Each
    partner pixel of the border band (as in ``border_like``) is placed
    between ``inside`` (0) and its side's colour (1) by Lab distances, or
    with ``in_lightness`` by L* alone. An object that ends inside the cell
    leaves the neighbour's own colour there (near 1); glow that peaks in the
    cell runs on across the line, still part of the way from it. NaN for a
    side beyond the image.
    """
    h, w = image.shape[:2]
    cx, cy = centre
    _, _, mx, my, side = _band_and_partners(pitch)
    x, y = np.rint(cx + mx), np.rint(cy + my)
    px = np.clip(x, 0, w - 1).astype(np.intp)
    py = np.clip(y, 0, h - 1).astype(np.intp)
    lab = to_lab(pixels_at(image, py, px))
    if in_lightness:
        step = beyond[side, 0] - inside[0]
        place = (lab[:, 0] - inside[0]) / np.where(step == 0, 1e-6, step)
    else:
        place = place_between(lab, inside, beyond[side])
    seen = (x == px) & (y == py)
    return np.array(
        [
            float(median_of(place[(side == k) & seen])) if ((side == k) & seen).any() else np.nan
            for k in range(4)
        ]
    )


#: A square within this share of the pitch of a cell's centre lies inside its
#: grid lines (up to 0.13 pitch wide: they begin at 0.435), and holds the
#: outline of any object drawn in the cell.
INSIDE_LINES = 0.42


def steepest_inside(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    inside: np.ndarray,
    outside: np.ndarray,
) -> float:
    """Pixels in which the cell's colour changes the whole way at its steepest, inside its lines.

    Each pixel within ``INSIDE_LINES`` of ``centre`` (every k-th in a large
    cell) is placed between ``inside`` (0) and ``outside`` (1) in RGB (its
    projection on the line between them); the largest step between
    neighbouring pixels, per pixel, gives how many pixels the whole way
    would take at that pace. An object's outline takes a few; glow, many.
    RGB, not Lab: blur and anti-aliasing mix the pixel values linearly,
    while Lab stretches the last few levels above black, where a dim cloud
    fades out (crop 98810: 9.4 px in Lab, 15.6 in RGB).
    """
    h, w = image.shape[:2]
    cx, cy = centre
    k = max(1, int(pitch // 60))
    reach = INSIDE_LINES * pitch
    x0, x1 = max(0, math.ceil(cx - reach)), min(w, math.floor(cx + reach) + 1)
    y0, y1 = max(0, math.ceil(cy - reach)), min(h, math.floor(cy + reach) + 1)
    start, end = to_rgb(inside), to_rgb(outside)
    span = end - start
    pixels = image[y0:y1:k, x0:x1:k].astype(np.float32)
    place = (pixels - start) @ span / max(float(span @ span), 1e-6)
    steps = [np.abs(np.diff(place, axis=a)).max(initial=0.0) for a in (0, 1)]
    return k / max(*steps, 1e-6)
