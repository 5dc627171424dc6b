"""Small helpers that write SVG 1.1 text, shared by every game's drawings
(``parlour.<game>.svg``).

Each helper returns a piece of markup as a ``str``; :func:`document` wraps
pieces into a standalone drawing. Numbers are written with at most two
decimals, so the same call always gives the same text. Only generic font
families are named (``serif``, ``sans-serif``): nothing is downloaded.

>>> print(document(10, 20, rect(0, 0, 10, 20, fill="#fff")))  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 10 20" width="10" height="20">
<rect x="0" y="0" width="10" height="20" fill="#fff"/></svg>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import cos, pi, sin

__all__ = [
    "SVG_NS",
    "circle",
    "document",
    "escape",
    "group",
    "line",
    "num",
    "path",
    "polygon",
    "rect",
    "row",
    "spaced",
    "star",
    "text",
    "text_width",
    "title",
]

#: The SVG namespace every drawing declares.
SVG_NS = "http://www.w3.org/2000/svg"


def num(x: float) -> str:
    """A number as SVG text: rounded to two decimals, no trailing zeros.

    >>> num(3.0), num(2.345), num(-0.001)
    ('3', '2.35', '0')
    """
    r = round(float(x) + 0.0, 2)
    if r == 0:
        return "0"
    return f"{r:.2f}".rstrip("0").rstrip(".")


def escape(s: str) -> str:
    """``s`` with the characters XML gives a meaning escaped."""
    return (
        s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _attrs(**attrs: str | float | None) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = num(value) if isinstance(value, (int, float)) else escape(value)
        out.append(f' {name}="{shown}"')
    return "".join(out)


def document(
    width: float,
    height: float,
    body: str,
    *,
    size: float | None = None,
    label: str | None = None,
) -> str:
    """A standalone SVG drawing of ``body`` in a ``width`` x ``height`` view
    box; ``size`` is the width to show it at (the height follows), by
    default the view box's own width. ``label`` becomes its ``<title>``."""
    if size is not None and (not isinstance(size, (int, float)) or size <= 0):
        raise ValueError(f"size must be a positive number, not {size!r}")
    shown = width if size is None else size
    head = (
        f'<svg xmlns="{SVG_NS}" version="1.1" viewBox="0 0 {num(width)} {num(height)}"'
        f' width="{num(shown)}" height="{num(height * shown / width)}">\n'
    )
    return head + (title(label) if label else "") + body + "</svg>"


def title(label: str) -> str:
    """A ``<title>`` element (what a browser shows on hover, and screen
    readers read)."""
    return f"<title>{escape(label)}</title>"


def group(body: str, x: float = 0, y: float = 0, scale: float = 1, label: str | None = None) -> str:
    """``body`` moved by (``x``, ``y``) and scaled by ``scale``."""
    move = f"translate({num(x)},{num(y)})"
    if scale != 1:
        move += f" scale({num(scale)})"
    inner = (title(label) if label else "") + body
    return f'<g transform="{move}">{inner}</g>'


def row(
    pieces: Sequence[str],
    x: float,
    y: float,
    *,
    pitch: float,
    scale: float = 1,
    dim: Sequence[bool] = (),
) -> str:
    """Drawn pieces (tile or card bodies) in a row from (``x``, ``y``), left
    to right ``pitch`` apart (before ``scale``); a piece whose ``dim`` flag
    is true is faded (a discard claimed by another seat).

    >>> row(["A", "B"], 0, 0, pitch=10)
    '<g transform="translate(0,0)">A</g><g transform="translate(10,0)">B</g>'
    """
    out = []
    for i, body in enumerate(pieces):
        if i < len(dim) and dim[i]:
            body = f'<g opacity="0.45">{body}</g>'
        out.append(group(body, x + i * pitch * scale, y, scale))
    return "".join(out)


def spaced(groups: Iterable[Sequence[str]], *, pitch: float, gap: float) -> tuple[str, float]:
    """Groups of drawn pieces (a hand's concealed tiles, then each meld) in
    one row, ``gap`` between groups; empty groups are left out. Returns the
    markup and its width (at least one ``pitch``).

    >>> spaced([["A"], [], ["B", "C"]], pitch=10, gap=5)[1]
    35.0
    """
    body = []
    x = 0.0
    for pieces in groups:
        if pieces:
            body.append(row(pieces, x, 0, pitch=pitch))
            x += len(pieces) * pitch + gap
    return "".join(body), max(x - gap, float(pitch))


def rect(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
    rx: float | None = None,
    opacity: float | None = None,
) -> str:
    """A rectangle, rounded by ``rx``."""
    a = _attrs(
        x=x,
        y=y,
        width=width,
        height=height,
        rx=rx,
        fill=fill,
        stroke=stroke,
        stroke_width=stroke_width,
        opacity=opacity,
    )
    return f"<rect{a}/>"


def circle(
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
) -> str:
    """A circle."""
    a = _attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, stroke_width=stroke_width)
    return f"<circle{a}/>"


def line(
    x1: float, y1: float, x2: float, y2: float, *, stroke: str, stroke_width: float = 1
) -> str:
    """A straight line with round ends."""
    a = _attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=stroke_width)
    return f'<line{a} stroke-linecap="round"/>'


def polygon(
    points: Iterable[tuple[float, float]],
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
) -> str:
    """A closed polygon through ``points``."""
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    a = _attrs(fill=fill, stroke=stroke, stroke_width=stroke_width)
    return f'<polygon points="{pts}"{a} stroke-linejoin="round"/>'


def path(
    d: str, *, fill: str = "none", stroke: str | None = None, stroke_width: float | None = None
) -> str:
    """A path with the path data ``d``."""
    a = _attrs(d=d, fill=fill, stroke=stroke, stroke_width=stroke_width)
    return f'<path{a} stroke-linecap="round" stroke-linejoin="round"/>'


def text(
    x: float,
    y: float,
    content: str,
    *,
    size: float,
    fill: str = "#000",
    anchor: str = "middle",
    family: str = "sans-serif",
    weight: str | None = None,
    stroke: str | None = None,
    stroke_width: float | None = None,
) -> str:
    """Text with its baseline at ``y`` (centred on ``x`` unless ``anchor``
    says otherwise), in a generic font ``family``."""
    a = _attrs(
        x=x,
        y=y,
        font_size=size,
        font_family=family,
        font_weight=weight,
        text_anchor=anchor,
        fill=fill,
        stroke=stroke,
        stroke_width=stroke_width,
    )
    return f"<text{a}>{escape(content)}</text>"


def text_width(content: str, size: float) -> float:
    """A generous estimate of the width of ``content`` at font ``size``
    (full width for CJK characters, six tenths of it for the others), for
    placing what follows a label.

    >>> text_width("ab", 10), text_width("万", 10)
    (12.0, 10.0)
    """
    return float(sum(size if ord(ch) >= 0x2E80 else 0.6 * size for ch in content))


def star(cx: float, cy: float, outer: float, inner: float) -> Sequence[tuple[float, float]]:
    """The ten corners of a five-pointed star centred on (``cx``, ``cy``),
    its first point up."""
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -pi / 2 + i * pi / 5
        pts.append((cx + r * cos(a), cy + r * sin(a)))
    return pts
