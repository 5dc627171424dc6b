"""Sichuan tiles, hands and table views drawn as SVG (after ``chess.svg``:
plain functions returning ``str``).

Every drawing is SVG 1.1 with its namespace and a view box, the same text
for the same arguments, drawn by code here (no image files, generic fonts
only). ``size`` is the width to show it at; ``locale`` (``"en"`` or
``"zh"``) picks the language of titles and labels.

>>> svg = tile("5m")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), "<title>5 Characters</title>" in svg
(True, True)
>>> "五" in tile(4) and "万" in tile(4)
True
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Protocol, runtime_checkable

from parlour import _svg
from parlour._locale import Locale, check_locale
from parlour.sichuan.names import CATALOGUE, kind_name, suit_name
from parlour.sichuan.tiles import KIND_NAMES, KINDS, TILES, kind_from_text

__all__ = [
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "back",
    "hand",
    "observation",
    "observation_html",
    "tile",
    "tiles",
]

#: The view box of one tile.
TILE_WIDTH, TILE_HEIGHT = 48, 64

_IVORY = "#fbf7ea"
_EDGE = "#d9cfae"
_INK = "#1b2a49"
_RED = "#c62828"
_BLUE = "#1f5fa8"
_GREEN = "#2e7d32"
_BACK = "#2e7d32"
_NUMERALS = "一二三四五六七八九"

# Dot centres for ranks 1..9 on the tile face.
_DOTS: tuple[tuple[tuple[float, float], ...], ...] = (
    ((24, 29),),
    ((24, 17), (24, 42)),
    ((12, 12), (24, 29), (36, 46)),
    ((14, 17), (34, 17), (14, 42), (34, 42)),
    ((13, 14), (35, 14), (24, 29), (13, 44), (35, 44)),
    ((15, 12), (33, 12), (15, 29), (33, 29), (15, 46), (33, 46)),
    ((11, 9), (24, 15), (37, 21), (15, 36), (33, 36), (15, 49), (33, 49)),
    ((15, 8), (33, 8), (15, 22), (33, 22), (15, 36), (33, 36), (15, 50), (33, 50)),
    ((12, 12), (24, 12), (36, 12), (12, 29), (24, 29), (36, 29), (12, 46), (24, 46), (36, 46)),
)
_DOT_R = (12.0, 8.5, 7.0, 7.5, 6.5, 6.5, 5.5, 5.5, 5.5)

# Stick centres for ranks 2..9 (rank 1 is one large stick), and stick height.
_STICKS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((24, 17), (24, 42)),
    ((24, 17), (14, 42), (34, 42)),
    ((15, 17), (33, 17), (15, 42), (33, 42)),
    ((12, 17), (36, 17), (24, 29), (12, 42), (36, 42)),
    ((12, 17), (24, 17), (36, 17), (12, 42), (24, 42), (36, 42)),
    ((24, 11), (12, 29), (24, 29), (36, 29), (12, 47), (24, 47), (36, 47)),
    ((9, 17), (19, 17), (29, 17), (39, 17), (9, 42), (19, 42), (29, 42), (39, 42)),
    ((12, 11), (24, 11), (36, 11), (12, 29), (24, 29), (36, 29), (12, 47), (24, 47), (36, 47)),
)


class _MeldShape(Protocol):
    """What :func:`hand` reads of a meld (:class:`parlour.sichuan.Meld`)."""

    @property
    def kind(self) -> int: ...

    @property
    def type(self) -> str: ...


@runtime_checkable
class _HandShape(Protocol):
    """What :func:`hand` reads of a hand (:class:`parlour.sichuan.Hand`)."""

    @property
    def counts(self) -> tuple[int, ...]: ...

    @property
    def melds(self) -> tuple[_MeldShape, ...]: ...


def _kind_of(kind: int | str) -> int:
    if isinstance(kind, str):
        return kind_from_text(kind.split("#")[0])
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < KINDS:
        raise ValueError(f"a tile kind is an int in 0..26 or a text like '5m', not {kind!r}")
    return kind


def _blank() -> str:
    # The tile's body: an ivory face over a darker edge (its thickness).
    return _svg.rect(1, 3, 46, 60, fill=_EDGE, rx=5) + _svg.rect(
        1, 1, 46, 58, fill=_IVORY, stroke="#a89f84", stroke_width=1, rx=5
    )


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (
        _svg.circle(x, y, r, fill="#fff", stroke=colour, stroke_width=r * 0.28)
        + _svg.circle(x, y, r * 0.55, fill="none", stroke=colour, stroke_width=r * 0.14)
        + _svg.circle(x, y, r * 0.22, fill=colour)
    )


def _stick(x: float, y: float, h: float, colour: str, w: float = 5.0) -> str:
    top = y - h / 2
    return (
        _svg.rect(x - w / 2, top, w, h, fill=colour, rx=w / 2)
        + _svg.line(x - w / 2 + 1, y, x + w / 2 - 1, y, stroke="#e8f5e9", stroke_width=0.9)
        + _svg.line(x, top + 1.5, x, top + h - 1.5, stroke="#a5d6a7", stroke_width=0.6)
    )


def _face(kind: int) -> str:
    suit, rank = divmod(kind, 9)
    if suit == 0:
        return _svg.text(
            24, 28, _NUMERALS[rank], size=22, fill=_INK, family="serif", weight="bold"
        ) + _svg.text(24, 53, "万", size=22, fill=_RED, family="serif", weight="bold")
    if suit == 1:
        out = []
        for i, (x, y) in enumerate(_DOTS[rank]):
            # Colours as on printed sets, so the count reads at a glance: a
            # red 1, red centres of 5 and 9, the top row of 7 green.
            colour = _BLUE
            if rank == 0 or (rank in (4, 8) and i == len(_DOTS[rank]) // 2):
                colour = _RED
            elif rank == 6 and i < 3:
                colour = _GREEN
            out.append(_dot(x, y, _DOT_R[rank], colour))
        return "".join(out)
    if rank == 0:
        # One large stick with two nodes stands for the bird of printed sets.
        return (
            _stick(24, 29, 44, _GREEN, w=10)
            + _svg.line(19, 19, 29, 19, stroke="#e8f5e9", stroke_width=1.2)
            + _svg.line(19, 39, 29, 39, stroke="#e8f5e9", stroke_width=1.2)
            + _svg.circle(24, 10, 3, fill=_RED)
        )
    h = 14.0 if rank in (6, 8) else 20.0
    out = []
    for i, (x, y) in enumerate(_STICKS[rank]):
        red = (rank == 4 and i == 2) or (rank == 6 and i == 0) or (rank == 8 and i in (1, 4, 7))
        out.append(_stick(x, y, h, _RED if red else _GREEN))
    return "".join(out)


@cache  # a table view draws the same few pieces many times
def _tile_body(kind: int, label: str) -> str:
    return _svg.title(label) + _blank() + _face(kind)


@cache  # a table view draws the same few pieces many times
def _back_body() -> str:
    return _svg.rect(1, 3, 46, 60, fill=_IVORY, stroke="#a89f84", stroke_width=1, rx=5) + _svg.rect(
        1, 1, 46, 56, fill=_BACK, stroke="#1b5e20", stroke_width=1, rx=5
    )


def tile(kind: int | str, *, size: float | None = None, locale: Locale = "en") -> str:
    """One tile face: a kind 0..26 or its text (``5m``; ``5m#2`` draws the
    kind). Characters show the rank numeral over 万, dots are circles,
    bamboo are sticks.

    >>> tile("1s") != tile("2s")
    True
    """
    loc = check_locale(locale)
    k = _kind_of(kind)
    return _svg.document(TILE_WIDTH, TILE_HEIGHT, _tile_body(k, kind_name(k, loc)), size=size)


def back(*, size: float | None = None, locale: Locale = "en") -> str:
    """A face-down tile."""
    label = CATALOGUE.lookup("words", "hidden", check_locale(locale))
    return _svg.document(TILE_WIDTH, TILE_HEIGHT, _svg.title(label) + _back_body(), size=size)


def _piece(k: int | None, loc: Locale) -> str:
    # A tile's body (None: face down).
    if k is None:
        return _svg.title(CATALOGUE.lookup("words", "hidden", loc)) + _back_body()
    return _tile_body(k, kind_name(k, loc))


def _row(
    items: Sequence[int | None],
    x: float,
    y: float,
    scale: float,
    loc: Locale,
    dim: Sequence[bool] = (),
) -> str:
    return _svg.row([_piece(k, loc) for k in items], x, y, pitch=TILE_WIDTH, scale=scale, dim=dim)


def _meld_tiles(kind: int | None, type_: str) -> list[int | None]:
    if kind is None:
        return [None] * 4
    if type_ == "concealed_kong":
        return [None, kind, kind, None]
    return [kind] * (4 if type_ == "kong" else 3)


def tiles(ids: Iterable[int], *, size: float | None = None, locale: Locale = "en") -> str:
    """A row of physical tiles (ids 0..107), in the order given.

    >>> tiles([0, 1]) == hand([0, 0])
    True
    """
    kinds = []
    for t in ids:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < TILES:
            raise ValueError(f"a physical tile is an int in 0..107, not {t!r}")
        kinds.append(t // 4)
    return hand(kinds, size=size, locale=locale)


def hand(
    hand: _HandShape | Iterable[int], *, size: float | None = None, locale: Locale = "en"
) -> str:
    """A row of tiles: a :class:`~parlour.sichuan.Hand` (concealed tiles in
    kind order, then each meld, a concealed kong with its ends face down)
    or tile kinds (0..26) in the order given.

    >>> from parlour.sichuan import Hand
    >>> hand(Hand.parse("19m [555p]")).count("<rect") > hand([0, 8]).count("<rect")
    True
    """
    loc = check_locale(locale)
    groups: list[list[int | None]]
    if isinstance(hand, _HandShape):
        groups = [[k for k, n in enumerate(hand.counts) for _ in range(n)]]
        groups += [_meld_tiles(m.kind, m.type) for m in hand.melds]
    else:
        groups = [[_kind_of(k) for k in hand]]
    body, width = _svg.spaced(
        [[_piece(k, loc) for k in g] for g in groups], pitch=TILE_WIDTH, gap=TILE_WIDTH / 3
    )
    text = " ".join(KIND_NAMES[k] if k is not None else "?" for g in groups for k in g)
    return _svg.document(width, TILE_HEIGHT, body, size=size, label=text or None)


class _MeldInfoShape(Protocol):
    """What :func:`observation` reads of a meld (``MeldInfo``)."""

    @property
    def type(self) -> str: ...

    @property
    def kind(self) -> int | None: ...


class _DiscardShape(Protocol):
    """What :func:`observation` reads of a discard (``DiscardInfo``)."""

    @property
    def seat(self) -> int: ...

    @property
    def tile(self) -> int: ...

    @property
    def taken(self) -> str: ...


class _ObservationShape(Protocol):
    """What :func:`observation` reads of a
    :class:`~parlour.sichuan.SichuanObservation`."""

    @property
    def seat(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def dealer(self) -> int: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def wall_remaining(self) -> int: ...

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def drawn(self) -> int: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    @property
    def melds(self) -> tuple[tuple[_MeldInfoShape, ...], ...]: ...

    @property
    def discards(self) -> tuple[_DiscardShape, ...]: ...

    @property
    def missing(self) -> tuple[str | None, ...]: ...

    @property
    def won(self) -> tuple[bool, ...]: ...

    @property
    def public_hands(self) -> tuple[tuple[int, ...] | None, ...]: ...

    @property
    def on_offer(self) -> int: ...

    @property
    def offer_from(self) -> int: ...


_VIEW_WIDTH = 760
_LINE = 18.0


def _word(key: str, loc: Locale) -> str:
    return CATALOGUE.lookup("words", key, loc)


def _seat_line(obs: _ObservationShape, s: int, loc: Locale) -> str:
    sep = "，" if loc == "zh" else ", "
    who = f"{_word('seat', loc)} {s}"
    if s == obs.seat:
        who = f"{_word('you', loc)} ({who})"
    bits = [who]
    if s == obs.dealer:
        bits.append(_word("dealer", loc))
    missing = obs.missing[s]
    if missing is not None:
        colon = "：" if loc == "zh" else ": "
        bits.append(f"{_word('missing', loc)}{colon}{suit_name(missing, loc)}")
    if obs.won[s]:
        bits.append(_word("won", loc))
    if s in obs.to_act:
        bits.append(_word("to_act", loc))
    return sep.join(bits)


def observation(obs: _ObservationShape, *, size: float | None = None, locale: Locale = "en") -> str:
    """The table as one seat sees it: a status line, each other seat (its
    concealed tiles face down unless public, its melds, its discards, taken
    ones dimmed), the tile on offer, and this seat's own melds and hand with
    the drawn tile set apart. Drawn from ``obs`` alone, so it shows nothing
    the seat may not know.

    >>> from parlour.sichuan import Game
    >>> observation(Game(seed=1).observation(0)).startswith("<svg")
    True
    """
    loc = check_locale(locale)
    small, tiny = 0.55, 0.42
    sw, sh = TILE_WIDTH * small, TILE_HEIGHT * small
    tw, th = TILE_WIDTH * tiny, TILE_HEIGHT * tiny
    colon = "：" if loc == "zh" else ": "
    phase = CATALOGUE.lookup("phases", obs.phase, loc)
    status = f"{_word('game', loc)} · {phase} · {_word('wall', loc)}{colon}{obs.wall_remaining}"
    body = [_svg.text(8, 16, status, size=14, anchor="start", weight="bold")]
    y = 26.0
    n = len(obs.hand_sizes)
    per_line = int((_VIEW_WIDTH - 16) // tw)
    for step in range(1, n):
        s = (obs.seat + step) % n
        body.append(_svg.text(8, y + 13, _seat_line(obs, s, loc), size=13, anchor="start"))
        y += _LINE
        public = obs.public_hands[s]
        concealed: Sequence[int | None] = (
            sorted(t // 4 for t in public) if public is not None else [None] * obs.hand_sizes[s]
        )
        body.append(_row(concealed, 8, y, small, loc))
        x = 8 + len(concealed) * sw + sw / 2
        for m in obs.melds[s]:
            row = _meld_tiles(m.kind, m.type)
            body.append(_row(row, x, y, small, loc))
            x += len(row) * sw + sw / 3
        y += sh + 4
        mine = [d for d in obs.discards if d.seat == s]
        for start in range(0, len(mine), per_line):
            chunk = mine[start : start + per_line]
            kinds: list[int | None] = [d.tile // 4 for d in chunk]
            body.append(_row(kinds, 8, y, tiny, loc, [d.taken != "" for d in chunk]))
            y += th + 2
        y += 8
    if obs.on_offer >= 0:
        line = f"{_word('on_offer', loc)} ({_word('seat', loc)} {obs.offer_from}){colon}"
        body.append(_svg.text(8, y + 13, line, size=13, anchor="start"))
        body.append(_row([obs.on_offer // 4], 16 + _svg.text_width(line, 13), y, small, loc))
        y += sh + 6
    body.append(
        _svg.text(8, y + 13, _seat_line(obs, obs.seat, loc), size=13, anchor="start", weight="bold")
    )
    y += _LINE
    mine = [d for d in obs.discards if d.seat == obs.seat]
    for start in range(0, len(mine), per_line):
        chunk = mine[start : start + per_line]
        body.append(
            _row([d.tile // 4 for d in chunk], 8, y, tiny, loc, [d.taken != "" for d in chunk])
        )
        y += th + 2
    if mine:
        y += 6
    held = list(obs.hand)
    drawn = obs.drawn
    if drawn >= 0 and drawn in held:
        held.remove(drawn)
    own: Sequence[int | None] = sorted(t // 4 for t in held)
    scale = min(
        0.8, (_VIEW_WIDTH - 16) / (TILE_WIDTH * (len(own) + 1.5 + 4 * len(obs.melds[obs.seat]) + 1))
    )
    bw = TILE_WIDTH * scale
    body.append(_row(own, 8, y, scale, loc))
    x = 8 + len(own) * bw + bw / 3
    if drawn >= 0:
        body.append(_row([drawn // 4], x, y, scale, loc))
        x += bw * 1.5
    for m in obs.melds[obs.seat]:
        row = _meld_tiles(m.kind, m.type)
        body.append(_row(row, x, y, scale, loc))
        x += len(row) * bw + bw / 3
    y += TILE_HEIGHT * scale + 8
    return _svg.document(_VIEW_WIDTH, y, "".join(body), size=size)


def observation_html(obs: _ObservationShape, *, locale: Locale = "en") -> str:
    """:func:`observation` in a ``<div>``, for notebooks (what
    ``SichuanObservation._repr_html_`` returns)."""
    return f'<div class="parlour-table">{observation(obs, locale=locale)}</div>'
