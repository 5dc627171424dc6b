"""The Sì Sè Pái grouping solver: a hand-worked table, a plain backtracking
reference written here, and C versus pure-Python agreement."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.sisepai import (
    Group,
    Hand,
    Rules,
    best_groups,
    is_complete,
    kind_text,
    winning_cards,
)

# Fillers of known score that share no kind character with the red and
# soldier cards the portions below use.
F15 = "GAEy GAEg GAEw RHCy RHCg"  # 15 cards, 5 commands/fields = 5 points
F12 = "GAEy GAEg GAEw RHCy"  # 12 cards, 4 points
F18 = "GAEy GAEg GAEw RHCy RHCg RHCw"  # 18 cards, 6 points

# (hand, best score or None when not complete); worked out from the rules.
KNOWN: list[tuple[str, int | None]] = [
    # four commands 4 + triple 1 + field 1 + pair 0 + flower 3
    ("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f", 9),
    # sixteen single Generals and five flowers
    ("GGGGr GGGGy GGGGg GGGGw 12345f", 31),
    ("GGGGr GGGGy GGGGg GGGGw 1234f Ar", None),
    # eight pairs, a triple and a pair
    ("AAr AAy AAg AAw EEr EEy EEg EEw RRRr CCy", 1),
    # five quads and a flower
    ("AAAAr AAAAy AAAAg AAAAw EEEEr 1f", 13),
    # sixteen soldiers: 8 points either way, command 1, flowers 6
    ("SSSSr SSSSy SSSSg SSSSw GAEr 12f", 15),
    # seven soldiers: four-colour 2 + three-colour 1, commands 4, flowers 6
    ("Sr Sy Sg Sw Sr Sy Sg GAEr GAEy GAEg GAEw 12f", 13),
    (F15 + " GAEr RHCr", 7),
    (F15 + " GAAAEEr", 7),  # single General + triple + pair
    (F15 + " GGAAEEr", 7),  # two commands or two Generals and two pairs
    (F15 + " RRRHHCr", None),
    (F15 + " RRHHCCr", 7),  # two fields beat three pairs
    (F15 + " RRRRHCr", 7),  # field + triple
    (F15 + " GGr Sr Sy Sg Sw", 9),  # two Generals + four-colour soldiers
    (F15 + " Sr Sy Sg Sr Sy Sg", 7),  # two three-colour soldier groups
    (F15 + " SSSr Sy Sg Sw", 7),  # pair + four soldiers, or triple + three
    (F15 + " Sr Sy GGGGr", None),
    (F15 + " AACCr EEr", 5),  # three pairs
    (F15 + " GAEr Sr Sy Cr", None),
    (F15 + " GAEEEEr", 7),  # command + triple
    (F15 + " GGGGAEr", 9),  # command + three Generals
    (F15 + " Gr 12345f", 21),
    (F12 + " GAEr RHCr Sr Sy Sg", 7),
    (F12 + " SSSr SSSy SSSg", 7),  # three triples or three soldier groups
    (F12 + " SSr SSy SSg SSw Gr", 9),  # two four-colour groups + General
    (F12 + " SSSr SSy SSg Sw Gr", 7),  # [Sr Sy Sg] [Sy Sg Sw] SSr Gr
    (F12 + " GGGGAEr Sy Sg Sw", 9),
    (F18 + " Sr Sy Sw", 7),
    (F18 + " SSr Sy", None),
    (F18 + " GGGr", 9),
    (F18 + " AAAr", 7),
    (F18 + " GAEr", 7),
    (F18 + " GGAr", None),
    (F18 + " RHCr", 7),
    (F18 + " RHHr", None),
    (F18 + " Gr GAr", None),
    (F18 + " GGr 1f", 11),
    (F18 + " GAHr", None),
    (F18 + " Ry Hy Cy", 7),  # a second yellow field
    (F18 + " EEEr", 7),
    (F18 + " CCr Cy", None),
    (F18 + " Sr Sy Sg", 7),
    # exposed groups are fixed and score as they are
    ("[SSSr] [GAEy] GAEg GAEw RHCy RHCg GGr 1f", 11),
    ("[AAr] " + F15 + " AAr GGr", 7),
    ("[RRRr] Hr Cr Gr " + F15, None),  # the exposed triple cannot become a field
    ("RRRHCr Gr " + F15, 7),  # ... which the concealed cards can
    ("[Sr Sy Sg Sw] GGr " + F15, 9),
    ("[3f] [Gr] AAAr Gy " + F15, 11),
]

# (20-card hand, its winning cards), worked out from the rules.
WINNING: list[tuple[str, tuple[str, ...]]] = [
    (F15 + " GAEr Sr Sy", ("Sg", "Sw")),
    (F18 + " GGr", ("Gr", "Gy", "Gg", "Gw", "1f", "2f", "3f", "4f", "5f")),
    ("GGGGr GGGGy GGGGg GGGGw 1234f", ("5f",)),
    # already complete (SSr + [Sr Sy Sg]): Generals and flowers win too
    (F15 + " SSSr Sy Sg", ("Gr", "Sr", "Gy", "Gg", "Gw", "Sw", "1f", "2f", "3f", "4f", "5f")),
    (
        "GAEr GAEy GAEg GAEw RRRr RHCy SSg",
        ("Gr", "Rr", "Gy", "Gg", "Sg", "Gw", "1f", "2f", "3f", "4f", "5f"),
    ),
    (F15 + " AACCr Er", ("Er",)),
    (F18 + " Hr Cr", ("Rr",)),
    (F18 + " Ar Er", ("Gr",)),
    (F18 + " Ar Ar", ("Gr", "Ar", "Gy", "Gg", "Gw", "1f", "2f", "3f", "4f", "5f")),
]


def test_table_is_large_enough() -> None:
    assert len(KNOWN) >= 40
    assert sum(1 for _, s in KNOWN if s is None) >= 10


@pytest.mark.parametrize(("text", "score"), KNOWN)
def test_known_hands(backend: ModuleType, text: str, score: int | None) -> None:
    hand = Hand.parse(text)
    assert len(hand) == 21, text
    assert is_complete(hand) is (score is not None)
    if score is None:
        with pytest.raises(ValueError, match="not complete"):
            best_groups(hand)
    else:
        g = best_groups(hand)
        assert g.score == score
        assert sum(len(x) for x in g.groups) == 21
        assert sum(x.points() for x in g.groups) == score
        assert reference(hand) == (score, [x.kinds for x in g.groups])


@pytest.mark.parametrize(("text", "cards"), WINNING)
def test_known_winning_cards(backend: ModuleType, text: str, cards: tuple[str, ...]) -> None:
    assert winning_cards(text) == cards


def test_known_tie_breaks(backend: ModuleType) -> None:
    # Singles and pairs sort before two commands: (0,) < (0, 1, 2).
    assert str(best_groups(F15 + " GGAAEEr")).startswith("Gr Gr AAr EEr")
    # A pair and four soldiers sort before a triple and three soldiers.
    assert str(best_groups(F15 + " SSSr Sy Sg Sw")).startswith("SSr [Sr Sy Sg Sw]")
    # Identical triples sort before three-colour soldier groups.
    assert "SSSr" in str(best_groups(F12 + " SSSr SSSy SSSg"))
    # Identical quads before four-colour soldier groups.
    text = str(best_groups("SSSSr SSSSy SSSSg SSSSw GAEr 12f"))
    assert text == "GAEr SSSSr SSSSy SSSSg SSSSw 1f 2f"


def test_exposed_groups_in_grouping(backend: ModuleType) -> None:
    g = best_groups("[Sr Sy Sg Sw] GGr " + F15)
    assert Group.parse("[Sr Sy Sg Sw]") in g.groups
    assert g.groups == tuple(sorted(g.groups, key=lambda x: x.kinds))


def test_rules_points(backend: ModuleType) -> None:
    hand = "SSSSr SSSSy SSSSg SSSSw GAEr 12f"
    assert best_groups(hand, rules=Rules(soldiers4=4)).score == 16 + 1 + 6
    g = best_groups(hand, rules=Rules(soldiers4=4))
    assert str(g).count("[Sr Sy Sg Sw]") == 4
    assert best_groups(F15 + " GGAAEEr", rules=Rules(command=2)).score == 5 * 2 + 2
    assert best_groups(F15 + " RRHHCCr", rules=Rules(pair=5)).score == 5 + 15
    assert best_groups("GGGGr GGGGy GGGGg GGGGw 12345f", rules=Rules(flower=0)).score == 16


def test_bad_sizes(backend: ModuleType) -> None:
    with pytest.raises(ValueError, match="21-card"):
        is_complete(F15)
    with pytest.raises(ValueError, match="21-card"):
        best_groups(F15)
    with pytest.raises(ValueError, match="20-card"):
        winning_cards(F15 + " GAEr")
    with pytest.raises(TypeError):
        best_groups(F15 + " GAEr RHCr", rules="nope")  # type: ignore[arg-type]


def test_low_level_validation(backend: ModuleType) -> None:
    counts = bytearray(33)
    counts[0] = 5
    with pytest.raises(ValueError):
        backend.sisepai_counts_complete(bytes(counts), 16)
    with pytest.raises(ValueError):
        backend.sisepai_counts_complete(b"\x00" * 32, 21)
    with pytest.raises(ValueError):
        backend.sisepai_counts_complete(bytes(33), 20)
    with pytest.raises(ValueError):
        backend.sisepai_counts_winning(bytes(33), None, 21)


def test_batch(backend: ModuleType) -> None:
    rows = np.zeros((len(KNOWN) + 1, 33), dtype=np.uint8)
    ex = np.zeros(len(KNOWN) + 1, dtype=np.uint8)
    want = []
    for r, (text, score) in enumerate(KNOWN):
        h = Hand.parse(text)
        rows[r] = list(h.counts)
        ex[r] = sum(len(g) for g in h.exposed)
        want.append(score is not None)
    want.append(False)  # an empty row is not 21 cards
    got = backend.sisepai_batch_is_complete(rows, ex)
    assert got.dtype == np.bool_ and list(got) == want
    bad = rows.copy()
    bad[0, 3] = 5
    with pytest.raises(ValueError):
        backend.sisepai_batch_is_complete(bad, ex)
    with pytest.raises(ValueError):
        backend.sisepai_batch_is_complete(rows.astype(np.int64), ex)


# --- an independent reference: plain backtracking over every partition ----


def _all_groups() -> list[tuple[int, ...]]:
    groups: list[tuple[int, ...]] = []
    for c in range(4):
        groups.append((c * 7,))
        groups.append((c * 7, c * 7 + 1, c * 7 + 2))
        groups.append((c * 7 + 3, c * 7 + 4, c * 7 + 5))
        for ch in range(1, 7):
            k = c * 7 + ch
            groups += [(k, k), (k, k, k), (k, k, k, k)]
    s = [6, 13, 20, 27]
    groups += [
        (a, b, c)
        for i, a in enumerate(s)
        for j, b in enumerate(s[i + 1 :], i + 1)
        for c in s[j + 1 :]
    ]
    groups.append(tuple(s))
    groups += [(k,) for k in range(28, 33)]
    return groups


GROUPS = _all_groups()


def _points(g: tuple[int, ...]) -> int:
    # Default points straight from the rules' table.
    if len(g) == 1:
        return 3 if g[0] >= 28 else 1  # flower, single General
    if g[0] == g[-1]:
        return len(g) - 2  # pair 0, triple 1, quad 2
    if len(g) == 3 and g[1] == g[0] + 1:
        return 1  # command, field
    return len(g) - 2  # soldiers of 3 or 4 colours


def _partitions(counts: list[int]) -> list[list[tuple[int, ...]]]:
    k = next((i for i, n in enumerate(counts) if n), None)
    if k is None:
        return [[]]
    out = []
    for g in GROUPS:
        if k not in g or min(g) != k:
            continue
        need = {x: g.count(x) for x in g}
        if all(counts[x] >= n for x, n in need.items()):
            for x in g:
                counts[x] -= 1
            out += [[g, *rest] for rest in _partitions(counts)]
            for x in g:
                counts[x] += 1
    return out


def reference(hand: Hand) -> tuple[int, list[tuple[int, ...]]] | None:
    """Best score and the first sorted best grouping, by trying everything."""
    parts = _partitions(list(hand.counts))
    if not parts:
        return None
    exposed = [g.kinds for g in hand.exposed]
    best = max(sum(map(_points, p)) for p in parts)
    first = min(sorted(p + exposed) for p in parts if sum(map(_points, p)) == best)
    return best + sum(map(_points, exposed)), first


def test_reference_points_match_group_types() -> None:
    for g in GROUPS:
        assert Group(g).points() == _points(g)
    assert len(GROUPS) == len(set(GROUPS)) == 4 * 3 + 4 * 18 + 5 + 5


def build_hand(rng: random.Random, size: int = 21) -> Hand:
    """A random hand of ``size`` cards made mostly of legal groups (so mostly
    complete), sometimes with one card swapped (so mostly not), about a fifth
    of its groups exposed."""
    counts = [0] * 33
    limit = [4] * 28 + [1] * 5
    cards: list[tuple[int, ...]] = []
    n = 0
    soldiers_first = rng.random() < 0.3
    for _ in range(80):
        if n >= size:
            break
        g = rng.choice(GROUPS[-10:-5] if soldiers_first and rng.random() < 0.5 else GROUPS)
        if n + len(g) > size or any(counts[x] + g.count(x) > limit[x] for x in set(g)):
            continue
        for x in g:
            counts[x] += 1
        cards.append(g)
        n += len(g)
    while n < size:  # top up with single cards
        k = rng.randrange(33)
        if counts[k] < limit[k]:
            counts[k] += 1
            cards.append((k,))
            n += 1
    if rng.random() < 0.4:  # swap one card
        i, j = rng.randrange(33), rng.randrange(33)
        if counts[i] and counts[j] < limit[j] and i != j:
            counts[i] -= 1
            counts[j] += 1
            cards = [(k,) for k in range(33) for _ in range(counts[k])]
    exposed = [Group(g) for g in cards if _is_legal(g) and rng.random() < 0.2]
    for g in exposed:
        for x in g.kinds:
            counts[x] -= 1
    return Hand(tuple(counts), tuple(exposed))


def hands(size: int = 21) -> st.SearchStrategy[Hand]:
    return st.integers(0, 2**32).map(lambda s: build_hand(random.Random(s), size))


def _is_legal(g: tuple[int, ...]) -> bool:
    return tuple(sorted(g)) in set(GROUPS)


@given(hands())
def test_solver_matches_reference(hand: Hand) -> None:
    from parlour import _backend

    ref = reference(hand)
    for name in _backend.available():
        with _backend.use(name):
            assert is_complete(hand) is (ref is not None), name
            if ref is not None:
                g = best_groups(hand)
                assert (g.score, [x.kinds for x in g.groups]) == ref, name


@given(hands(size=20))
def test_winning_cards_match_reference(hand: Hand) -> None:
    from parlour import _backend

    held = [hand.counts[k] + sum(g.kinds.count(k) for g in hand.exposed) for k in range(33)]
    want = tuple(
        kind_text(k)
        for k in range(33)
        if held[k] < (4 if k < 28 else 1) and reference(hand.add(k)) is not None
    )
    for name in _backend.available():
        with _backend.use(name):
            assert winning_cards(hand) == want, name


@given(hands(), st.lists(st.integers(0, 9), min_size=9, max_size=9))
def test_backends_agree_under_other_points(hand: Hand, pts: list[int]) -> None:
    from parlour import _backend

    rules = Rules(*pts)
    results = []
    for name in _backend.available():
        with _backend.use(name):
            try:
                results.append(best_groups(hand, rules=rules))
            except ValueError as exc:
                results.append(str(exc))
    assert all(r == results[0] for r in results)


def test_complete_hand_rate() -> None:
    # The generator must give both answers often enough to test anything.
    got = [is_complete(build_hand(random.Random(s))) for s in range(300)]
    assert 30 <= sum(got) <= 290
