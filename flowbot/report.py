"""The HTML page of a ``flowbot check`` run: the reader's misses, to look at.

``check_report_html(results)`` returns one self-contained page (inline style
and script, images as JPEG data URIs: it opens offline and can be mailed) with
the summary per source and a card per image. The card of every image not read
exactly holds a thumbnail of the screenshot beside the reader's debug overlay
(``flowbot.vision.draw_reading``, as ``extract --debug`` writes it, cropped to
the grid it found), the reason, and the expected and read grids with the
cells that differ marked. The page filters the cards by source and outcome and
keeps the filter in the address's fragment (``#source=NAME&status=refused``),
so a view can be linked to.
"""

from __future__ import annotations

import base64
import functools
import html
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from urllib.parse import urlencode

import cv2
import numpy as np

from flowbot.errors import FlowbotError, VisionError
from flowbot.models import Geometry, Puzzle, Reading
from flowbot.palette import colour_for
from flowbot.vision import (
    DEFAULT_SETTINGS,
    EXACT,
    MISREAD,
    REFUSED,
    REFUSED_OK,
    UNREADABLE,
    WRONG_BOARD,
    WRONG_DOTS,
    WRONG_PAIRS,
    WRONG_SIZE,
    CaseResult,
    Settings,
    SourceSummary,
    UnsureBoardError,
    draw_reading,
    load_image,
    read_board,
    summarise,
)

Loader = Callable[[str], np.ndarray]

#: Outcomes in the order the page lists them, worst first, with the look of their badge.
STATUSES: dict[str, str] = {
    WRONG_SIZE: "wrong",
    WRONG_BOARD: "wrong",
    WRONG_DOTS: "wrong",
    WRONG_PAIRS: "wrong",
    MISREAD: "wrong",
    REFUSED: "refused",
    UNREADABLE: "unreadable",
    REFUSED_OK: "ok",
    EXACT: "ok",
}
#: Shown when the page opens; exact readings are one click away.
SHOWN_AT_FIRST = tuple(s for s in STATUSES if s != EXACT)

#: Longest side of a screenshot's thumbnail and of an overlay, in pixels. With
#: JPEG at ``QUALITY`` a card with two pictures weighs about 45 kB, so a report on
#: 500 images that all failed stays near 23 MB.
THUMB_PX = 280
OVERLAY_PX = 420
QUALITY = 65


def check_report_html(
    results: Sequence[CaseResult],
    *,
    title: str = "flowbot check",
    settings: Settings = DEFAULT_SETTINGS,
    load: Loader = load_image,
    workers: int = 1,
) -> str:
    """The page for ``results`` (from ``check_images``), as one HTML string.

    Images not read exactly are loaded again with ``load`` and read again with
    ``settings`` (the reader is deterministic) to draw their overlays, in
    ``workers`` processes (``load`` must then be a module-level function).
    """
    pictures = _all_pictures(results, settings, load, workers)
    summaries = summarise(results)
    counts = {s: sum(r.outcome == s for r in results) for s in STATUSES}
    sources = list(dict.fromkeys(r.source for r in results))
    ok = sum(r.ok for r in results)
    body = [
        f"<h1>{_esc(title)}</h1>",
        f'<p class="headline">{ok} of {len(results)} images as expected '
        f"({len(results) - ok} not).</p>",
        _summary_table(summaries),
        _filters(sources, counts),
        '<main id="cards">',
        *(_card(r, p) for r, p in zip(results, pictures, strict=True)),
        "</main>",
    ]
    return _PAGE.format(title=_esc(title), style=_STYLE, body="\n".join(body), script=_SCRIPT)


def _all_pictures(
    results: Sequence[CaseResult], settings: Settings, load: Loader, workers: int
) -> list[str]:
    """Each result's pictures (none for an exact reading), drawn in ``workers`` processes."""
    draw = functools.partial(_pictures, settings=settings, load=load)
    missed = [r for r in results if r.outcome != EXACT]
    if workers > 1 and len(missed) > 1:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            drawn = iter(list(pool.map(draw, missed, chunksize=4)))
    else:
        drawn = map(draw, missed)
    return [next(drawn) if r.outcome != EXACT else "" for r in results]


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _fragment(source: str, status: str | None = None) -> str:
    query = {"source": source} if source != "all" else {}
    if status is not None:
        query["status"] = status
    return "#" + urlencode(query)


def _summary_table(summaries: Sequence[SourceSummary]) -> str:
    columns: tuple[tuple[str, str, str | None], ...] = (
        ("images", "images", None),
        ("exact", "exact", EXACT),
        ("wrong size", "wrong_size", WRONG_SIZE),
        ("wrong board", "wrong_board", WRONG_BOARD),
        ("wrong dots", "wrong_dots", WRONG_DOTS),
        ("wrong pairs", "wrong_pairs", WRONG_PAIRS),
        ("refused", "refused", REFUSED),
        ("unlabelled", "unlabelled", None),
        ("refused (unlabelled)", "unlabelled_refused", REFUSED_OK),
        ("read (unlabelled)", "misread", MISREAD),
        ("unreadable", "unreadable", UNREADABLE),
    )
    head = "".join(f"<th>{_esc(name)}</th>" for name, _, _ in columns)
    rows = []
    for s in summaries:
        link = _esc(_fragment(s.source, ",".join(SHOWN_AT_FIRST)))
        cells = [f'<th scope="row"><a href="{link}">{_esc(s.source)}</a></th>']
        for _, attr, status in columns:
            n = getattr(s, attr)
            if status is not None and n:
                href = _esc(_fragment(s.source, status))
                bad = ' class="bad"' if STATUSES[status] != "ok" else ""
                cells.append(f'<td{bad}><a href="{href}">{n}</a></td>')
            else:
                cells.append(f"<td>{n}</td>")
        cells.append(f"<td>{s.ms_per_image:.1f}</td>")
        total = ' class="total"' if s.source == "all" else ""
        rows.append(f"<tr{total}>{''.join(cells)}</tr>")
    return (
        '<div class="wide"><table class="summary"><thead><tr><th>source</th>'
        f"{head}<th>ms per image</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def _filters(sources: Sequence[str], counts: dict[str, int]) -> str:
    options = "".join(f'<option value="{_esc(s)}">{_esc(s)}</option>' for s in sources)
    boxes = "".join(
        f'<label class="{STATUSES[s]}"><input type="checkbox" value="{_esc(s)}"'
        f"{' checked' if s in SHOWN_AT_FIRST else ''}> {_esc(s)} "
        f'(<span class="n">{n}</span>)</label>'
        for s, n in counts.items()
        if n
    )
    return (
        '<nav id="filters"><label>source <select id="source">'
        f'<option value="">all</option>{options}</select></label>'
        f'<span id="status">{boxes}</span><output id="shown"></output></nav>'
    )


def _card(r: CaseResult, pictures: str) -> str:
    parts = [
        f'<article class="card" data-source="{_esc(r.source)}" data-status="{_esc(r.outcome)}">',
        f'<header><span class="badge {STATUSES[r.outcome]}">{_esc(r.outcome)}</span> '
        f'<span class="source">{_esc(r.source)}</span> <code>{_esc(r.image)}</code>'
        f'<span class="meta">{_meta(r)}</span></header>',
    ]
    if r.reason:
        parts.append(f'<p class="reason">{_esc(r.reason)}</p>')
    if r.outcome != EXACT:
        parts.append(f'<div class="figures">{pictures}{_grids(r)}</div>')
    parts.append("</article>")
    return "".join(parts)


def _meta(r: CaseResult) -> str:
    bits = [f"{r.rows}x{r.cols}"] if r.rows else []
    if r.outcome != UNREADABLE:
        bits.append(f"{r.ms:.0f} ms")
    if r.confidence:
        bits.append(f"confidence {r.confidence:.2f}")
    return _esc(", ".join(bits))


def _pictures(r: CaseResult, *, settings: Settings, load: Loader) -> str:
    """The screenshot's thumbnail and the reader's overlay, as two figures."""
    try:
        image = load(r.image)
    except FlowbotError:
        return ""  # unreadable: the reason says why
    reading: Reading | None = None
    geometry: Geometry | None = None
    reason = ""
    try:
        reading = read_board(image, settings)
        geometry = reading.geometry
    except VisionError as exc:
        reason = str(exc)
        if isinstance(exc, UnsureBoardError):
            geometry = exc.geometry
    overlay = _crop(draw_reading(image, reading, reason, geometry), geometry)
    found = "the grid it found" if geometry else "no grid found"
    return _figure(_jpeg_uri(image, THUMB_PX), "screenshot") + _figure(
        _jpeg_uri(overlay, OVERLAY_PX, enlarge=True), f"what the reader saw ({found})"
    )


def _figure(uri: str, caption: str) -> str:
    return (
        f'<figure class="picture"><img src="{uri}" alt="{_esc(caption)}" loading="lazy">'
        f"<figcaption>{_esc(caption)}</figcaption></figure>"
    )


def _crop(image: np.ndarray, geometry: Geometry | None) -> np.ndarray:
    """The board and half a cell around it: at thumbnail size the whole screen hides the grid."""
    if geometry is None:
        return image
    h, w = image.shape[:2]
    pad = max(8.0, geometry.cell_size / 2)
    x0, y0 = max(0, int(geometry.left - pad)), max(0, int(geometry.top - pad))
    x1, y1 = min(w, int(geometry.right + pad) + 1), min(h, int(geometry.bottom + pad) + 1)
    return image[y0:y1, x0:x1] if x1 > x0 and y1 > y0 else image


def _jpeg_uri(rgb: np.ndarray, longest: int, *, enlarge: bool = False) -> str:
    """``rgb`` shrunk (or, with ``enlarge``, also grown) to ``longest`` pixels, as a data URI."""
    h, w = rgb.shape[:2]
    scale = longest / max(h, w)
    if scale < 1 or (enlarge and scale > 1):
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        # Grown by whole pixels, the overlay's one-pixel lines stay sharp.
        how = cv2.INTER_AREA if scale < 1 else cv2.INTER_NEAREST
        rgb = cv2.resize(rgb, size, interpolation=how)
    bgr = cv2.cvtColor(np.ascontiguousarray(rgb), cv2.COLOR_RGB2BGR)
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit RGB image
        raise FlowbotError("could not encode a thumbnail")
    return "data:image/jpeg;base64," + base64.b64encode(data.tobytes()).decode("ascii")


def _grids(r: CaseResult) -> str:
    want = _canonical(r.expected) if r.expected else None
    got = _canonical(r.grid) if r.grid else None
    parts = []
    if want is not None:
        parts.append(_grid_figure(want, got, "expected"))
    if got is not None:
        parts.append(_grid_figure(got, want, "read"))
    return "".join(parts)


def _canonical(grid: Sequence[str]) -> tuple[str, ...]:
    """``grid`` with its pairs lettered in reading order, as the labels are; as it is if invalid.

    Board text (a variant board) is shown as it is.
    """
    try:
        return Puzzle.from_grid(list(grid)).canonical().to_grid()
    except (FlowbotError, ValueError):
        return tuple(grid)


def _grid_figure(grid: Sequence[str], other: Sequence[str] | None, caption: str) -> str:
    """``grid`` as text, its dots in their pair's colour, cells unlike ``other``'s marked."""
    same_size = other is not None and [len(row) for row in grid] == [len(row) for row in other]
    order: dict[str, int] = {}
    rows = []
    for i, row in enumerate(grid):
        cells = []
        for j, ch in enumerate(row):
            classes = []
            if ch != ".":
                rgb = colour_for(order.setdefault(ch, len(order))).rgb
                style = f' style="color:rgb{rgb}"'
            else:
                style = ""
            if same_size and other is not None and other[i][j] != ch:
                classes.append("diff")
            cls = f' class="{" ".join(classes)}"' if classes else ""
            cells.append(f"<span{cls}{style}>{_esc(ch)}</span>" if cls or style else ch)
        rows.append("".join(cells))
    size = f"{len(grid)}x{len(grid[0]) if grid else 0}"
    return (
        f'<figure class="grid"><pre>{chr(10).join(rows)}</pre>'
        f"<figcaption>{_esc(caption)} {size}</figcaption></figure>"
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
{body}
<script>{script}</script>
</body>
</html>
"""

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
h1 { margin: 0 0 .3em; font-size: 1.5em; }
a { color: #0645ad; }
.wide { overflow-x: auto; }
table.summary { border-collapse: collapse; margin: 1em 0; background: #fff; }
table.summary th, table.summary td { border: 1px solid #ccc; padding: .25em .6em; }
table.summary td { text-align: right; }
table.summary thead th { font-weight: 600; font-size: .85em; vertical-align: bottom; }
table.summary tr.total { font-weight: 600; border-top: 2px solid #888; }
table.summary td.bad a { color: #b00; font-weight: 600; }
#filters { position: sticky; top: 0; background: #fafafa; padding: .6em 0;
  border-bottom: 1px solid #ccc; display: flex; flex-wrap: wrap; gap: .4em 1.2em;
  align-items: center; z-index: 1; }
#filters label { white-space: nowrap; }
#shown { margin-left: auto; font-weight: 600; }
.card { background: #fff; border: 1px solid #ddd; border-radius: 6px; margin: .8em 0;
  padding: .6em .8em; }
.card[hidden] { display: none; }
.card header code { word-break: break-all; }
.meta { color: #666; margin-left: .6em; }
.source { color: #555; }
.badge { display: inline-block; padding: 0 .5em; border-radius: 3px; color: #fff; }
.badge.wrong { background: #c62828; } .badge.refused { background: #ef6c00; }
.badge.unreadable { background: #616161; } .badge.ok { background: #2e7d32; }
label.wrong { color: #c62828; } label.refused { color: #ef6c00; }
label.unreadable { color: #616161; } label.ok { color: #2e7d32; }
.reason { margin: .3em 0; font-style: italic; }
.figures { display: flex; flex-wrap: wrap; gap: .8em; align-items: flex-start; }
figure { margin: .3em 0; }
figcaption { font-size: .85em; color: #555; }
.picture img { max-height: 320px; max-width: 100%; cursor: zoom-in; border: 1px solid #ccc; }
.picture.big img { max-height: none; cursor: zoom-out; }
.grid pre { background: #111; color: #888; padding: .4em .6em; margin: 0; line-height: 1.15;
  font: 15px/1.15 ui-monospace, monospace; letter-spacing: .25em; }
.grid pre span { font-weight: 700; }
.grid pre .diff { outline: 2px solid #ff5252; outline-offset: -1px; background: #4a0000; }
"""

_SCRIPT = """
const cards = Array.from(document.querySelectorAll('.card'));
const source = document.getElementById('source');
const boxes = Array.from(document.querySelectorAll('#status input'));

function readFragment() {
  const query = new URLSearchParams(location.hash.slice(1));
  source.value = query.get('source') || '';
  if (source.selectedIndex < 0) source.value = '';
  if (query.has('status')) {
    const wanted = new Set(query.get('status').split(','));
    for (const box of boxes) box.checked = wanted.has(box.value);
  }
}

function writeFragment() {
  const query = new URLSearchParams();
  if (source.value) query.set('source', source.value);
  query.set('status', boxes.filter(b => b.checked).map(b => b.value).join(','));
  history.replaceState(null, '', '#' + query.toString());
}

function apply() {
  const wanted = new Set(boxes.filter(b => b.checked).map(b => b.value));
  const perStatus = new Map();
  let shown = 0;
  for (const card of cards) {
    const here = !source.value || card.dataset.source === source.value;
    if (here) perStatus.set(card.dataset.status, (perStatus.get(card.dataset.status) || 0) + 1);
    card.hidden = !(here && wanted.has(card.dataset.status));
    if (!card.hidden) shown += 1;
  }
  for (const box of boxes) {
    box.parentElement.querySelector('.n').textContent = perStatus.get(box.value) || 0;
  }
  document.getElementById('shown').textContent = shown + ' of ' + cards.length + ' images shown';
}

source.addEventListener('change', () => { writeFragment(); apply(); });
for (const box of boxes) box.addEventListener('change', () => { writeFragment(); apply(); });
window.addEventListener('hashchange', () => { readFragment(); apply(); });
document.getElementById('cards').addEventListener('click', event => {
  const figure = event.target.closest('.picture');
  if (figure) figure.classList.toggle('big');
});
readFragment();
apply();
"""
