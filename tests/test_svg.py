"""The SVG drawings (parlour.<game>.svg): every tile and card draws to
well-formed SVG, distinct kinds draw differently, drawings are the same
text every time, the notebook hooks work, and a table view shows only what
its observation holds."""

from __future__ import annotations

import pickle
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from parlour import ninedomains, shrinewars, sichuan, sisepai
from parlour.ninedomains import svg as nd_svg
from parlour.shrinewars import svg as sw_svg
from parlour.sichuan import names as sc_names
from parlour.sichuan import svg as sc_svg
from parlour.sisepai import names as ssp_names
from parlour.sisepai import svg as ssp_svg

SVG = "{http://www.w3.org/2000/svg}"
_TITLE = re.compile(r"<title>.*?</title>")

# Every piece of every game, drawn by one call each: (game, pieces).
_PIECES: dict[str, Callable[[str], list[str]]] = {
    "sichuan": lambda loc: [sc_svg.tile(k, locale=loc) for k in range(27)],  # type: ignore[arg-type]
    "sisepai": lambda loc: [ssp_svg.card(k, locale=loc) for k in range(33)],  # type: ignore[arg-type]
    "shrinewars": lambda loc: [sw_svg.card(c, locale=loc) for c in range(36)],  # type: ignore[arg-type]
    "ninedomains": lambda loc: (
        [nd_svg.card(c, locale=loc) for c in ninedomains.CARDS]  # type: ignore[arg-type]
        + [nd_svg.domain(d, locale=loc) for d in ninedomains.DOMAINS]  # type: ignore[arg-type]
    ),
}
_COUNTS = {"sichuan": 27, "sisepai": 33, "shrinewars": 36, "ninedomains": 15 + 9}
_BACKS = {
    "sichuan": sc_svg.back,
    "sisepai": ssp_svg.back,
    "shrinewars": sw_svg.back,
    "ninedomains": nd_svg.back,
}


def parse_svg(text: str) -> ET.Element:
    """The root of a standalone drawing, checked to be SVG with a view box."""
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg", root.tag
    assert root.get("version") == "1.1"
    box = root.get("viewBox", "").split()
    assert len(box) == 4 and all(float(v) >= 0 for v in box) and float(box[2]) > 0
    assert float(box[3]) > 0
    return root


@pytest.mark.parametrize("game", list(_PIECES))
@pytest.mark.parametrize("locale", ["en", "zh"])
def test_every_piece_draws_well_formed_svg(game: str, locale: str) -> None:
    pieces = _PIECES[game](locale)
    assert len(pieces) == _COUNTS[game]
    for text in [*pieces, _BACKS[game](locale=locale)]:  # type: ignore[operator]
        root = parse_svg(text)
        # Drawn by code: shapes, and nothing fetched from outside.
        assert len(list(root.iter())) > 3
        assert "href" not in text and "<image" not in text and "url(" not in text
        assert root.find(SVG + "title") is not None


@pytest.mark.parametrize("game", list(_PIECES))
def test_distinct_pieces_draw_differently(game: str) -> None:
    # Compared without their titles: the shapes themselves must differ.
    shapes = [_TITLE.sub("", t) for t in _PIECES[game]("en")]
    assert len(set(shapes)) == len(shapes)
    assert _TITLE.sub("", _BACKS[game]()) not in shapes  # type: ignore[operator]


@pytest.mark.parametrize("game", list(_PIECES))
def test_drawings_are_the_same_text_every_time(game: str) -> None:
    assert _PIECES[game]("en") == _PIECES[game]("en")
    assert _PIECES[game]("zh") != _PIECES[game]("en")  # titles follow the locale


def test_sichuan_suits_are_drawn_as_their_suits() -> None:
    five_m, five_p, five_s = sc_svg.tile("5m"), sc_svg.tile("5p"), sc_svg.tile("5s")
    assert "五" in five_m and "万" in five_m
    # Dots are circles (three per dot) and bamboo are sticks (rounded rects).
    assert five_p.count("<circle") == 3 * 5 and "<text" not in five_p
    assert five_s.count("<rect") == 2 + 5 and "<circle" not in five_s
    assert sc_svg.tile(0).count("<text") == 2 and "一" in sc_svg.tile(0)


def test_size_sets_the_shown_width_and_keeps_the_shape() -> None:
    root = parse_svg(sc_svg.tile("5m", size=96))
    assert (root.get("width"), root.get("height")) == ("96", "128")
    root = parse_svg(ssp_svg.card("Gr", size=64))
    assert (root.get("width"), root.get("height")) == ("64", "168")
    with pytest.raises(ValueError, match="size"):
        sc_svg.tile("5m", size=0)


def test_bad_pieces_and_locales_are_refused() -> None:
    with pytest.raises(ValueError, match="27"):
        sc_svg.tile(27)
    with pytest.raises(ValueError):
        sc_svg.tile("0m")
    with pytest.raises(ValueError):
        ssp_svg.card("Xr")
    with pytest.raises(ValueError):
        sw_svg.card("10F")
    with pytest.raises(ValueError):
        nd_svg.domain(11)
    with pytest.raises(ValueError, match="'fr'"):
        sc_svg.tile("5m", locale="fr")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'fr'"):
        nd_svg.card("*", locale="fr")  # type: ignore[arg-type]


def _titles(text: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(text).iter(SVG + "title")]


def test_hands_draw_every_tile_and_meld() -> None:
    h = sichuan.Hand.parse("19m25p [555s] (9999p)")
    drawn = h._repr_svg_()
    assert drawn == sc_svg.hand(h)
    titles = Counter(_titles(drawn))
    # Concealed kong: its two middle tiles face up, its ends face down.
    assert titles["Face-down tile"] == 2
    assert titles["5 Bamboo"] == 3 and titles["9 Dots"] == 2 and titles["1 Characters"] == 1
    assert sc_svg.tiles([0, 1, 2]) == sc_svg.hand([0, 0, 0])

    s = sisepai.Hand.parse("[SSSg] GAEr 3f")
    drawn = s._repr_svg_()
    assert drawn == ssp_svg.hand(s)
    titles = Counter(_titles(drawn)[1:])  # after the drawing's own title
    assert titles == Counter(
        {"Green Soldier": 3, "Red General": 1, "Red Advisor": 1, "Red Elephant": 1, "Earl": 1}
    )

    c = shrinewars.Cards.parse("5F 6F 3W")
    drawn = c._repr_svg_()
    parse_svg(drawn)
    assert _titles(drawn) == ["5F 6F 3W", "5 of Fire", "6 of Fire", "3 of Water"]


def _play(game: Any, steps: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        s = rng.choice(game.to_act)
        game.apply(s, rng.choice(game.legal_actions(s)))
    return game


_OBSERVED: list[tuple[str, Callable[[], Any], Any]] = [
    ("sichuan", lambda: sichuan.Game(seed=11), sc_svg),
    ("sisepai", lambda: sisepai.Game(seed=11), ssp_svg),
    ("shrinewars", lambda: shrinewars.Game(seed=11), sw_svg),
    ("ninedomains", lambda: ninedomains.Game(seed=11), nd_svg),
]


@pytest.mark.parametrize(("game", "make", "svg"), _OBSERVED, ids=[g[0] for g in _OBSERVED])
def test_observations_draw_and_depend_on_the_observation_alone(
    game: str, make: Callable[[], Any], svg: Any
) -> None:
    for steps in (0, 25, 400):
        g = _play(make(), steps, seed=steps)
        for seat in range(g.num_players):
            obs = g.observation(seat)
            for loc in ("en", "zh"):
                drawn = svg.observation(obs, locale=loc)
                parse_svg(drawn)
                # The same values give the same drawing: a copy made from the
                # observation's plain values (no game, no engine) draws alike.
                assert svg.observation(pickle.loads(pickle.dumps(obs)), locale=loc) == drawn
            html = obs._repr_html_()
            assert html.startswith("<div") and html == svg.observation_html(obs)
            assert ET.fromstring(html).find(SVG + "svg") is not None


def test_a_sichuan_table_shows_no_tile_the_seat_cannot_see() -> None:
    for steps in (0, 30, 80):
        g = _play(sichuan.Game(seed=3), steps, seed=steps)
        for seat in range(4):
            obs = g.observation(seat)
            faces = Counter(_titles(sc_svg.observation(obs)))
            # What the seat may see, kind by kind: its hand, every discard,
            # every known meld tile, public hands and the tile on offer.
            seen: Counter[str] = Counter(sc_names.kind_name(t // 4) for t in obs.hand)
            seen.update(sc_names.kind_name(d.tile // 4) for d in obs.discards)
            for melds in obs.melds:
                for m in melds:
                    if m.kind is not None:
                        seen[sc_names.kind_name(m.kind)] += 4
            for public in obs.public_hands:
                seen.update(sc_names.kind_name(t // 4) for t in public or ())
            if obs.on_offer >= 0:
                seen[sc_names.kind_name(obs.on_offer // 4)] += 1
            hidden = faces.pop("Face-down tile", 0)
            for name, n in faces.items():
                assert n <= seen[name], (steps, seat, name)
            others = sum(
                obs.hand_sizes[s] for s in range(4) if s != seat and obs.public_hands[s] is None
            )
            assert hidden >= others


def test_a_sisepai_table_shows_no_card_the_seat_cannot_see() -> None:
    for steps in (0, 40):
        g = _play(sisepai.Game(seed=4), steps, seed=steps)
        for seat in range(4):
            obs = g.observation(seat)
            faces = Counter(_titles(ssp_svg.observation(obs)))
            ids = list(obs.concealed) + [c for seat_d in obs.discards for c in seat_d]
            ids += [c for groups in obs.exposed for g in groups for c in g]
            ids += [obs.card] if obs.card is not None else []
            seen = Counter(ssp_names.kind_name(sisepai.card_kind(c)) for c in ids)
            hidden = faces.pop("Face-down card", 0)
            for name, n in faces.items():
                assert n <= seen[name], (steps, seat, name)
            assert hidden == sum(obs.concealed_counts[s] for s in range(4) if s != seat)


def test_a_nine_domains_table_hides_the_opponents_placement() -> None:
    g = ninedomains.Game(seed=2)
    g.apply(1, g.legal_actions(1)[0])
    obs = g.observation(0)
    faces = Counter(_titles(nd_svg.observation(obs)))
    assert obs.placed == (False, True)
    assert faces["Face-down card"] == 3
    mine = nd_svg.observation(g.observation(1))
    assert "Face-down card" not in _titles(mine)
