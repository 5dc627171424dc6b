"""The name catalogues (parlour.<game>.names): every code shown to a person
has an English and a Chinese name, known answers from the rules of record,
readings of every legal action, and refusals."""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from types import ModuleType

import pytest

from parlour import ninedomains, shrinewars, sichuan, sisepai
from parlour._codes import ninedomains as nd_codes
from parlour._codes import shrinewars as sw_codes
from parlour._codes import sichuan as sc_codes
from parlour._codes import sisepai as ssp_codes
from parlour._locale import LOCALES, Catalogue, check_locale
from parlour.errors import NotationError
from parlour.ninedomains import names as nd_names
from parlour.shrinewars import names as sw_names
from parlour.sichuan import names as sc_names
from parlour.sisepai import names as ssp_names

_CJK = re.compile(r"[\u3400-\u9fff]")


def _texts(rows: Iterable[tuple[object, ...]], column: int = 2) -> list[str]:
    # The person-facing texts of a code table (its end marker has none).
    return [str(row[column]) for row in rows if row[column] != ""]


# (catalogue, section, keys the code tables say it must name exactly)
_TABLES: list[tuple[Catalogue, str, list[str]]] = [
    (sc_names.CATALOGUE, "tiles", [sichuan.kind_text(k) for k in range(sichuan.KINDS)]),
    (sc_names.CATALOGUE, "suits", list(sc_codes.SC_SUIT_NAMES)),
    (sc_names.CATALOGUE, "patterns", list(sc_codes.SC_FAN_NAMES)),
    (sc_names.CATALOGUE, "melds", list(sc_codes.SC_MELD_NAMES)),
    (sc_names.CATALOGUE, "forms", list(sc_codes.SC_FORM_NAMES)),
    (sc_names.CATALOGUE, "phases", list(sc_codes.SG_PHASE_NAMES)),
    (sc_names.CATALOGUE, "actions", _texts(sc_codes.SG_AID)),
    (sc_names.CATALOGUE, "payments", list(sc_codes.SG_PAY_NAMES)),
    (sc_names.CATALOGUE, "taken", [t for t in sc_codes.SG_TAKEN_NAMES if t]),
    (sisepai_cat := ssp_names.CATALOGUE, "cards", [sisepai.kind_text(k) for k in range(33)]),
    (sisepai_cat, "colours", _texts(ssp_codes.SSP_COLOUR)),
    (sisepai_cat, "characters", _texts(ssp_codes.SSP_CHARACTER)),
    (sisepai_cat, "groups", list(ssp_codes.SSP_GROUP_NAMES)),
    (sisepai_cat, "phases", list(ssp_codes.SSP_PHASE_NAMES)),
    (sisepai_cat, "tiers", _texts(ssp_codes.SSP_TIER)),
    (sw_names.CATALOGUE, "cards", [shrinewars.card_text(c) for c in range(36)]),
    (sw_names.CATALOGUE, "elements", list(sw_codes.SW_ELEMENT_NAMES)),
    (nd_names.CATALOGUE, "cards", list(nd_codes.ND_CARD_NAMES)),
    (nd_names.CATALOGUE, "domains", [f"domain {d}" for d in ninedomains.DOMAINS]),
    (nd_names.CATALOGUE, "elements", [e for e in nd_codes.ND_ELEMENT_NAMES if e]),
    (nd_names.CATALOGUE, "phases", list(nd_codes.ND_PHASE_NAMES)),
    (nd_names.CATALOGUE, "rules", _texts(nd_codes.ND_RULE)),
    (nd_names.CATALOGUE, "ties", list(nd_codes.ND_TIE_NAMES)),
    (nd_names.CATALOGUE, "reasons", list(nd_codes.ND_REASON_NAMES)),
    (nd_names.CATALOGUE, "signs", [s for s in nd_codes.ND_SIGN_NAMES if s]),
]

# Sections that name every code of a table and may add words of their own
# (a verb used in action text, an event only the Python engines make).
_COVERS: list[tuple[Catalogue, str, list[str]]] = [
    (sc_names.CATALOGUE, "events", list(sc_codes.SG_EV_NAMES)),
    (ssp_names.CATALOGUE, "actions", _texts(ssp_codes.SSP_AID)),
    (sw_names.CATALOGUE, "actions", _texts(sw_codes.SW_AID)),
    (nd_names.CATALOGUE, "actions", _texts(nd_codes.ND_AID)),
]


def _check_entry(catalogue: Catalogue, section: str, key: str) -> None:
    entry = catalogue.section(section).get(key)
    assert entry is not None, f"{catalogue.game} {section}: no name for {key!r}"
    assert entry.en.strip() and not _CJK.search(entry.en), (catalogue.game, key, entry.en)
    assert _CJK.search(entry.zh), f"{catalogue.game} {section} {key!r}: {entry.zh!r} is not Chinese"


@pytest.mark.parametrize(
    ("catalogue", "section", "keys"), _TABLES, ids=[f"{c.game}-{s}" for c, s, _ in _TABLES]
)
def test_a_section_names_exactly_the_codes_of_its_table(
    catalogue: Catalogue, section: str, keys: list[str]
) -> None:
    assert keys, "the code table gave no keys"
    assert catalogue.section(section).keys() == tuple(keys)
    for key in keys:
        _check_entry(catalogue, section, key)


@pytest.mark.parametrize(
    ("catalogue", "section", "keys"), _COVERS, ids=[f"{c.game}-{s}" for c, s, _ in _COVERS]
)
def test_a_section_names_every_code_of_its_table(
    catalogue: Catalogue, section: str, keys: list[str]
) -> None:
    assert keys
    for key in keys:
        _check_entry(catalogue, section, key)


def test_every_entry_of_every_catalogue_has_both_names() -> None:
    for cat in (sc_names.CATALOGUE, ssp_names.CATALOGUE, sw_names.CATALOGUE, nd_names.CATALOGUE):
        for section in cat.sections:
            assert section.entries, (cat.game, section.name)
            for entry in section.entries:
                _check_entry(cat, section.name, entry.key)
            # Within a section two keys never share a name (a person could
            # not tell them apart).
            for loc in LOCALES:
                shown = [e.text(loc) for e in section.entries]
                assert len(set(shown)) == len(shown), (cat.game, section.name, loc)


def test_sichuan_names_follow_the_rules_of_record() -> None:
    n = sc_names.name
    assert (n("5m"), n("5m", "zh")) == ("5 Characters", "五万")
    assert (n("1p", "zh"), n("9s", "zh"), n(0, "zh"), n(26)) == ("一筒", "九条", "一万", "9 Bamboo")
    assert n("5m#2", "zh") == "五万"
    assert [sc_names.suit_name(s, "zh") for s in "mps"] == ["万", "筒", "条"]
    # The fan table of ../shared/rules/sichuan.md, pattern by pattern.
    rules_zh = {
        "basic": "平胡",
        "all_pungs": "对对胡",
        "seven_pairs": "七对",
        "outside": "带幺九",
        "all_258_pungs": "将对",
        "full_flush": "清一色",
        "golden_hook": "金钩钓",
        "root": "根",
        "kong_replacement": "杠上开花",
        "robbed_kong": "抢杠胡",
        "last_tile": "海底",
        "self_draw": "自摸",
    }
    assert {p: sc_names.CATALOGUE.lookup("patterns", p, "zh") for p in rules_zh} == rules_zh
    assert n("full_flush") == "Full flush"
    for key, zh in [("refund", "退税"), ("flower_pig", "花猪"), ("not_ready", "查大叫")]:
        assert sc_names.CATALOGUE.lookup("payments", key, "zh") == zh
    assert (n("declare", "zh"), n("exchange", "zh"), n("pung", "zh"), n("pass", "zh")) == (
        "定缺",
        "换三张",
        "碰",
        "过",
    )


def test_sisepai_names_follow_the_rules_of_record() -> None:
    n = ssp_names.name
    # Flowers 1f..5f are 公 侯 伯 子 男 (rules, precise point 13).
    assert [n(f"{i}f", "zh") for i in range(1, 6)] == list("公侯伯子男")
    assert [n(f"{i}f") for i in range(1, 6)] == ["Duke", "Marquis", "Earl", "Viscount", "Baron"]
    # Each character is printed in one of the two forms the rules give.
    forms = ["將帥", "士仕", "象相", "車俥", "馬傌", "包炮", "卒兵"]
    for kind in range(28):
        assert ssp_names.glyph(kind) in forms[kind % 7], kind
    # Red and yellow print one side's forms, green and white the other's.
    red_side = {ssp_names.glyph(k) for k in range(14)}
    black_side = {ssp_names.glyph(k) for k in range(14, 28)}
    assert len(red_side) == 7 and len(black_side) == 7
    assert red_side.isdisjoint(black_side)
    assert (n("Gr"), n("Sw", "zh"), n("Cg", "zh")) == ("Red General", "白卒", "绿包")
    assert (n("r", "zh"), n("y", "zh"), n("g", "zh"), n("w", "zh")) == ("红", "黄", "绿", "白")


def test_shrinewars_and_ninedomains_known_names() -> None:
    assert (sw_names.name("5F"), sw_names.name(4)) == ("5 of Fire", "5 of Fire")
    assert [sw_names.name(e) for e in "FWAE"] == ["Fire", "Water", "Air", "Earth"]
    assert sw_names.name("3W", "zh") == "水3"
    assert sw_names.name("Ohif") == "Ohif, King of Earth"
    assert nd_names.name("*") == "Star"
    assert nd_names.name(ninedomains.Card("4+")) == "4 plus"
    assert nd_names.domain_name(9, "zh") == "领地 9"
    assert nd_names.rule_name(nd_codes.ND_RULE_OVERRIDE) == "Override"


def _play(game: object, rng: random.Random, steps: int) -> Iterable[tuple[int, object]]:
    # Every legal action of every seat to act along one random game.
    for _ in range(steps):
        if game.is_over:  # type: ignore[attr-defined]
            return
        seats = game.to_act  # type: ignore[attr-defined]
        for s in seats:
            for a in game.legal_actions(s):  # type: ignore[attr-defined]
                yield s, a
        s = rng.choice(seats)
        game.apply(s, rng.choice(game.legal_actions(s)))  # type: ignore[attr-defined]


_GAMES: list[tuple[str, ModuleType, ModuleType, object]] = [
    (
        "sichuan",
        sichuan,
        sc_names,
        lambda: sichuan.Game(sichuan.Rules(exchange_three=True), seed=5),
    ),
    ("sisepai", sisepai, ssp_names, lambda: sisepai.Game(seed=5)),
    ("shrinewars", shrinewars, sw_names, lambda: shrinewars.Game(seed=5)),
    ("ninedomains", ninedomains, nd_names, lambda: ninedomains.Game(seed=5)),
]


@pytest.mark.parametrize(("game", "package", "names", "make"), _GAMES, ids=[g[0] for g in _GAMES])
def test_every_legal_action_reads_in_both_locales(
    game: str, package: ModuleType, names: ModuleType, make: object
) -> None:
    rng = random.Random(7)
    seen = 0
    verbs = set()
    for _seat, action in _play(make(), rng, 150):  # type: ignore[operator]
        en = names.describe_action(action, "en")
        zh = names.describe_action(str(action), "zh")
        assert en and not _CJK.search(en), (action, en)
        assert _CJK.search(zh), (action, zh)
        assert names.describe_action(action) == en
        seen += 1
        verbs.add(str(action).split()[0])
    assert seen > 50
    assert len(verbs) >= 2, verbs


def test_action_readings_name_what_is_acted_on() -> None:
    assert sc_names.describe_action(sichuan.Discard(18), "zh") == "打出五万"
    assert sc_names.describe_action(sichuan.Kong(26)) == "Kong 9 Bamboo"
    assert sc_names.describe_action(sichuan.Declare("s"), "zh") == "定缺：条"
    assert ssp_names.describe_action("discard Rr") == "Discard Red Chariot"
    assert ssp_names.describe_action("take RRRg", "zh") == "吃：绿車、绿車、绿車（三张）"
    assert sw_names.describe_action(shrinewars.Pass(), "zh") == "放弃"
    assert nd_names.describe_action("decline", "zh") == "放弃"
    assert nd_names.describe_action("place 0 1 2") == "Place: Basic 0, Basic 1, Basic 2"


@pytest.mark.parametrize("names", [sc_names, ssp_names, sw_names, nd_names])
def test_bad_locales_and_unknown_things_are_refused(names: ModuleType) -> None:
    for bad in ("fr", "EN", "", None, "zh-TW"):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            names.name("pass", bad)
        with pytest.raises(ValueError, match="unknown locale"):
            names.describe_action("pass", bad)
    with pytest.raises(ValueError, match="no-such-thing"):
        names.name("no-such-thing")
    with pytest.raises(NotationError):
        names.describe_action("fly away")


def test_check_locale() -> None:
    assert [check_locale(x) for x in LOCALES] == ["en", "zh"]
    with pytest.raises(ValueError, match="'de'"):
        check_locale("de")


_GAMES = [sc_names, ssp_names, sw_names, nd_names]


def _fields(template: str) -> list[tuple[str, str]]:
    import string

    return sorted(
        (name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name is not None
    )


@pytest.mark.parametrize("names", _GAMES, ids=lambda m: m.CATALOGUE.game)
def test_the_table_words_fill_the_same_fields_in_both_locales(names: ModuleType) -> None:
    # A Chinese template fills the fields the English one does (a field
    # lost or misnamed would drop a value from the table or raise).
    section = names.CATALOGUE.section("table")
    assert {"you", "seat", "you are", "head"} <= set(section.keys())
    for entry in section.entries:
        en, zh = _fields(entry.en), _fields(entry.zh)
        if all(name == "" for name, _ in en):
            # Positional fields: the same count (their order may change).
            assert len(en) == len(zh), entry
        else:
            assert en == zh, entry


@pytest.mark.parametrize("names", _GAMES, ids=lambda m: m.CATALOGUE.game)
def test_the_chinese_notation_shows_the_same_examples(names: ModuleType) -> None:
    # Each example to type in the spec's English notation is in the Chinese
    # one, in the same order: only the explanations are translated.
    import parlour

    def examples(text: str) -> list[str]:
        return [m.group(1) for m in re.finditer(r"^  (\S.*?)(?: {2,}|$)", text, re.MULTILINE)]

    english = parlour.spec(names.CATALOGUE.game).terminal.notation
    assert examples(english) and examples(english) == examples(names.NOTATION_ZH)
    assert _CJK.search(names.NOTATION_ZH)
